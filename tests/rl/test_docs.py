"""docs/rl.md shows the sizes and layouts the code has (regenerate: python -m ionarena.rl.describe),
and the install it describes holds (the core does not need the rl extra)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .need import require_rl

require_rl()

from ionarena.core import all_specs  # noqa: E402
from ionarena.rl.config import GameConfig  # noqa: E402
from ionarena.rl.describe import LAYOUT_EXAMPLES, layout_section, sizes_table  # noqa: E402
from ionarena.rl.encoding import encoder_for  # noqa: E402

DOC = (Path(__file__).parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")


def test_the_sizes_table_is_current():
    assert sizes_table() in DOC


def test_the_layout_tables_are_current():
    for game, variant in LAYOUT_EXAMPLES:
        assert layout_section(game, variant) in DOC, f"{game} {variant}: regenerate docs/rl.md"


def test_every_field_of_every_configuration_is_documented():
    for spec in all_specs():
        for variant in spec.variants:
            layout = encoder_for(GameConfig.of(spec.id, spec.min_players, variant)).layout
            for field in layout.fields:
                assert f"`{field.name}`" in DOC, f"{spec.id} {variant}: {field.name} is not in docs/rl.md"


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)


def test_the_core_install_does_not_need_the_rl_extra():
    """With pettingzoo and gymnasium missing, Ion Arena and its command still import, and
    `ionarena.rl` says which extra to install."""
    hide = "import sys; sys.modules['pettingzoo'] = None; sys.modules['gymnasium'] = None\n"
    core = _run(hide + "import ionarena, ionarena.cli.main, ionarena.sim.runner, ionarena.host\n"
                "assert 'ionarena.rl' not in sys.modules")
    assert core.returncode == 0, core.stderr
    rl = _run(hide + "import ionarena.rl")
    assert "ionarena.rl needs the rl extra: pip install 'ionarena[rl]'" in rl.stderr
