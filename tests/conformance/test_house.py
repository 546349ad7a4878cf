"""The house's one rule of size (issue 26): no module of `src/ionarena` is over `MAX_LINES` lines.

A module that long holds more than one job; split it by job (docs/architecture.md says which
module holds what) rather than squeezing lines or dropping docstrings. The check is a function
of a folder, so it is tested itself on files made for the purpose: it names a file one line
over the limit and lets one at the limit pass.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import ionarena

MAX_LINES = 500
SOURCE = Path(ionarena.__file__).parent


def lines_of(path: Path) -> int:
    """A file's lines, as an editor numbers them (a last line without a newline counts too)."""
    return len(path.read_text(encoding="utf-8").splitlines())


def too_long(root: Path, limit: int = MAX_LINES) -> dict[str, int]:
    """Every `.py` file under `root` over `limit` lines: its path from `root` -> its lines."""
    counts = {path.relative_to(root).as_posix(): lines_of(path) for path in sorted(root.rglob("*.py"))}
    return {name: count for name, count in counts.items() if count > limit}


def check_sizes(root: Path, limit: int = MAX_LINES) -> None:
    """`AssertionError` naming every `.py` file under `root` over `limit` lines, with its lines."""
    long = too_long(root, limit)
    assert not long, (f"over {limit} lines (split each by job into modules of one job): "
                      + ", ".join(f"{name} ({count} lines)" for name, count in long.items()))


def test_no_module_of_the_package_is_over_500_lines():
    assert (SOURCE / "host" / "table.py").is_file()  # the folder checked is the package's source
    check_sizes(SOURCE)


@pytest.mark.parametrize("lines", [MAX_LINES + 1, 2 * MAX_LINES])
def test_the_check_names_each_file_over_the_limit(tmp_path, lines):
    folder = tmp_path / "pkg" / "sub"
    folder.mkdir(parents=True)
    (folder / "long.py").write_text("x = 1\n" * lines, encoding="utf-8")
    (folder / "short.py").write_text("x = 1\n" * MAX_LINES, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("\n" * (3 * MAX_LINES), encoding="utf-8")  # not a module
    assert too_long(tmp_path) == {"pkg/sub/long.py": lines}
    with pytest.raises(AssertionError, match=rf"pkg/sub/long\.py \({lines} lines\)") as refused:
        check_sizes(tmp_path)
    assert "short.py" not in str(refused.value)


def test_a_last_line_without_a_newline_counts(tmp_path):
    (tmp_path / "tail.py").write_text("x = 1\n" * MAX_LINES + "y = 2", encoding="utf-8")
    assert too_long(tmp_path) == {"tail.py": MAX_LINES + 1}


def test_a_file_at_the_limit_passes(tmp_path):
    (tmp_path / "full.py").write_text("x = 1\n" * MAX_LINES, encoding="utf-8")
    check_sizes(tmp_path)
