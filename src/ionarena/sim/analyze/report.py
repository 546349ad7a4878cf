"""Write a report: `report.md`, `report.html` (self-contained but for PNGs linked by relative path,
no CDN, no script), `report.json` (every table's raw values) and the charts as PNG files."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from . import Report
from .tables import Section, Table

STYLE = """body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.6em 0 .3em}th,td{border:1px solid #ccc;padding:.25em .6em}
th{background:#f3f3f3}td.n{text-align:right;font-variant-numeric:tabular-nums}
.note{color:#555;font-size:.9em;margin-top:0}figure{margin:1em 0}figcaption{color:#555;font-size:.9em}
dl{display:grid;grid-template-columns:max-content auto;gap:.2em 1em}dt{font-weight:600}dd{margin:0}
code{background:#f3f3f3;padding:0 .2em}img{max-width:100%}"""


def write_report(report: Report, directory: Path) -> list[Path]:
    """Draw the charts and write the three files into `directory`; the paths written."""
    from .. import plots
    plots.require()
    directory.mkdir(parents=True, exist_ok=True)
    written = [chart.draw(directory / chart.file) for section in report.sections for chart in section.charts]
    for name, text in (("report.md", markdown(report)), ("report.html", page(report)),
                       ("report.json", json.dumps(to_data(report), indent=1, sort_keys=False))):
        path = directory / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|")


def markdown_table(table: Table) -> str:
    """A table in GitHub-flavoured Markdown."""
    numeric = [c.format != "text" for c in table.columns]
    lines = [f"**{table.title}**", "",
             "| " + " | ".join(_md_cell(c.name) for c in table.columns) + " |",
             "|" + "|".join("---:" if n else "---" for n in numeric) + "|"]
    lines += ["| " + " | ".join(_md_cell(cell) for cell in row) + " |" for row in table.text_rows()]
    if table.note:
        lines += ["", f"*{table.note}*"]
    return "\n".join(lines)


def markdown(report: Report) -> str:
    """The whole report as Markdown, charts linked by relative path."""
    parts = [f"# {report.title}", ""]
    parts += [f"- **{key}**: `{value}`" if key == "command" else f"- **{key}**: {value}"
              for key, value in report.meta.items()]
    for section in report.sections:
        parts += ["", f"## {section.title}", ""]
        if section.text:
            parts += [section.text, ""]
        for table in section.tables:
            parts += [markdown_table(table), ""]
        for chart in section.charts:
            parts += [f"![{chart.caption}]({chart.file})", "", f"*{chart.caption}*", ""]
    return "\n".join(parts).rstrip() + "\n"


def html_table(table: Table) -> str:
    """A table as HTML."""
    head = "".join(f"<th>{html.escape(c.name)}</th>" for c in table.columns)
    body = "".join(
        "<tr>" + "".join(f"<td{' class=n' if c.format != 'text' else ''}>{html.escape(cell)}</td>"
                         for c, cell in zip(table.columns, row, strict=True)) + "</tr>"
        for row in table.text_rows())
    note = f'<p class="note">{inline(table.note)}</p>' if table.note else ""
    return f"<h3>{html.escape(table.title)}</h3><table><tr>{head}</tr>{body}</table>{note}"


def inline(text: str) -> str:
    """`text` escaped for HTML, its `code spans` (as in the Markdown) set in <code>."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))


def _section_html(section: Section) -> str:
    parts = [f"<h2>{html.escape(section.title)}</h2>"]
    if section.text:
        parts.append(f"<p>{inline(section.text)}</p>")
    parts += [html_table(t) for t in section.tables]
    parts += [f'<figure><img src="{html.escape(c.file)}" alt="{html.escape(c.caption)}">'
              f"<figcaption>{html.escape(c.caption)}</figcaption></figure>" for c in section.charts]
    return "\n".join(parts)


def page(report: Report) -> str:
    """The whole report as one HTML page (inline style; PNGs beside it)."""
    meta = "".join(f"<dt>{html.escape(k)}</dt><dd>{'<code>' if k == 'command' else ''}{html.escape(v)}"
                   f"{'</code>' if k == 'command' else ''}</dd>" for k, v in report.meta.items())
    sections = "\n".join(_section_html(s) for s in report.sections)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(report.title)}'
            f"</title><style>{STYLE}</style></head><body>\n<h1>{html.escape(report.title)}</h1><dl>{meta}</dl>\n"
            f"{sections}\n</body></html>\n")


def to_data(report: Report) -> dict[str, object]:
    """The report as JSON-ready data: metadata, and each section's text, tables and chart files."""
    return {"title": report.title, "meta": report.meta,
            "sections": [{"title": s.title, "text": s.text, "tables": [t.to_dict() for t in s.tables],
                          "charts": [c.file for c in s.charts]} for s in report.sections]}
