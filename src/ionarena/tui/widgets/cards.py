"""Cards as coloured boxes: one `CardBox` per card, a `Hand` of them, and the `Board` of a table."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, ClassVar
from weakref import WeakKeyDictionary

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult, RenderResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from ..games.base import CardSpec, Row

_SHOWN: WeakKeyDictionary[Static, RenderableType] = WeakKeyDictionary()
"""What each widget was last given by `set_text`."""


def set_text(widget: Static, content: RenderableType) -> None:
    """`widget.update(content)` only when it changes: every update lays the screen out again."""
    last = _SHOWN.get(widget)
    if last is not None and type(last) is type(content) and last == content:
        return
    _SHOWN[widget] = content
    widget.update(content)


class CardBox(Widget, can_focus=True):
    """One card: a box in its category's colour with its lines inside, its title (kind, symbol)
    and subtitle (points) on the border; a box too low for its lines (a small terminal) shows the
    card's one short line instead. Enter, a click or a tap chooses it."""

    class Chosen(Message):
        """A card was chosen (by key or mouse)."""

        def __init__(self, box: CardBox):
            super().__init__()
            self.box = box
            self.key = box.spec.key

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "choose", "Choose", show=False)]

    def __init__(self, spec: CardSpec, *, playable: bool = True, chosen: bool = False,
                 id: str | None = None):
        super().__init__(id=id)
        self.spec = spec
        self.playable = playable
        self.chosen = chosen
        self.redraw(spec, playable=playable, chosen=chosen, force=True)

    def redraw(self, spec: CardSpec, *, playable: bool, chosen: bool, force: bool = False) -> None:
        """Show another card (or the same one, now playable or not) in this box."""
        if not force and (spec, playable, chosen) == (self.spec, self.playable, self.chosen):
            return
        self.spec, self.playable, self.chosen = spec, playable, chosen
        self.set_classes(" ".join(filter(None, ["card", spec.classes, "" if playable else "unplayable",
                                                "chosen" if chosen else ""])))
        self.border_title = spec.title
        self.border_subtitle = spec.subtitle
        self.tooltip = spec.tooltip or None
        self.refresh()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As high as the card's lines (a grid row of `auto` height asks this)."""
        return len(self.spec.lines)

    def render(self) -> RenderResult:
        """The card's lines, or its short line where the box is too low for them."""
        lines = self.spec.lines
        if self.spec.short and self.content_size.height < len(lines):
            lines = (self.spec.short,)
        return Text("\n".join(lines), justify="center", no_wrap=True, overflow="ellipsis")

    def action_choose(self) -> None:
        """Choose this card."""
        self.post_message(self.Chosen(self))

    def on_click(self) -> None:
        """A click chooses the card."""
        self.focus()
        self.post_message(self.Chosen(self))


class Hand(Container):
    """The cards in rows as wide as the pane allows; ← and → move between them."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("left", "step(-1)", "Previous card", show=False),
                Binding("right", "step(1)", "Next card", show=False),
                Binding("up", "row(-1)", "Row above", show=False),
                Binding("down", "row(1)", "Row below", show=False)]

    def __init__(self, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self._shown: tuple[Any, ...] = ()
        self._fitted = (0, 0)

    async def show(self, cards: Sequence[CardSpec], playable: Collection[str] | None = None,
                   chosen: str | None = None) -> None:
        """Draw `cards` (those whose key is not in `playable` dimmed; None: all playable), redrawn
        only when something changed."""
        shown = (tuple(cards), None if playable is None else tuple(sorted(playable)), chosen)
        if shown == self._shown:
            return
        focused = self.app.focused
        index = None
        if isinstance(focused, CardBox) and focused.parent is self:
            index = list(self.query(CardBox)).index(focused)
        self._shown = shown
        present = list(self.query(CardBox))
        if present and len(present) == len(cards):  # the same number of cards: redraw in place
            for box, spec in zip(present, cards, strict=True):
                box.redraw(spec, playable=playable is None or spec.key in playable,
                           chosen=chosen is not None and spec.key == chosen)
            return
        await self.remove_children()
        boxes = [CardBox(spec, playable=playable is None or spec.key in playable,
                         chosen=chosen is not None and spec.key == chosen) for spec in cards]
        if boxes:
            await self.mount_all(boxes)
        else:
            await self.mount(Static(Text("no cards", style="dim"), classes="empty"))
        self._fit()
        if index is not None and boxes:
            boxes[min(index, len(boxes) - 1)].focus()

    def on_resize(self) -> None:
        self._fit()

    def refit(self) -> None:
        """Lay the cards out again (their size may have changed with the terminal's)."""
        self._fit()

    @property
    def columns(self) -> int:
        """Cards in a row."""
        return max(1, int(self.styles.grid_size_columns or 1))

    def _fit(self) -> None:
        """As many cards to a row as fit (the widest card sets the column; a column is kept for
        the scroll bar)."""
        boxes = list(self.query(CardBox))
        width = int(max((b.styles.width.value for b in boxes if b.styles.width is not None), default=12))
        room = self.size.width - self.styles.gutter.width - 1
        columns = max(1, (room + 1) // (width + 1))
        if (columns, width) != self._fitted:
            self._fitted = (columns, width)
            self.styles.grid_size_columns = columns
            self.styles.grid_columns = str(width)

    def action_step(self, delta: int) -> None:
        """Focus the card `delta` places on (wrapping)."""
        boxes = list(self.query(CardBox))
        if not boxes:
            return
        focused = self.app.focused
        index = boxes.index(focused) if isinstance(focused, CardBox) and focused in boxes else -delta
        target = boxes[(index + delta) % len(boxes)]
        target.focus()
        target.scroll_visible()

    def action_row(self, delta: int) -> None:
        """Focus the card in the same column `delta` rows on (the last card of a shorter row)."""
        boxes = list(self.query(CardBox))
        focused = self.app.focused
        if not boxes or not isinstance(focused, CardBox) or focused not in boxes:
            return
        columns = self.columns
        index = boxes.index(focused)
        row = index // columns + delta
        if not 0 <= row <= (len(boxes) - 1) // columns:
            return
        target = boxes[min(len(boxes) - 1, row * columns + index % columns)]
        target.focus()
        target.scroll_visible()


class BoardRow(Horizontal):
    """A row of the board: a caption over cards, and words beside them."""

    def __init__(self, row: Row):
        super().__init__(classes="board-row")
        self.row = row

    def compose(self) -> ComposeResult:
        with Vertical(classes="board-cards"):
            if self.row.caption:
                yield Static(Text(self.row.caption, style="bold"), classes="caption")
            with Horizontal(classes="board-boxes"):
                for spec in self.row.cards:
                    yield CardBox(spec, playable=True)
        yield Static(self.row.info or "", classes="board-info")

    def redraw(self, row: Row) -> None:
        """Show another row of the same shape."""
        self.row = row
        captions = list(self.query(".caption").results(Static))
        if captions:
            set_text(captions[0], Text(row.caption, style="bold"))
        for box, spec in zip(self.query(CardBox), row.cards, strict=False):
            box.redraw(spec, playable=True, chosen=False)
        set_text(self.query_one(".board-info", Static), row.info or "")


class Board(Vertical):
    """The middle of the table: rows of cards and words, or text, redrawn when they change."""

    def __init__(self, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self._items: list[Any] = []

    async def show(self, items: Sequence[Row | RenderableType]) -> None:
        """Draw the board's items (a `Row` or any Rich renderable each)."""
        items = list(items)
        if _same(items, self._items):
            return
        shape = [len(item.cards) if isinstance(item, Row) else -1 for item in items]
        old = [len(item.cards) if isinstance(item, Row) else -1 for item in self._items]
        self._items = items
        if shape == old and self.children:  # the same shape: redraw in place
            for widget, item in zip(self.children, items, strict=True):
                if isinstance(widget, BoardRow) and isinstance(item, Row):
                    widget.redraw(item)
                elif isinstance(widget, Static) and not isinstance(item, Row):
                    set_text(widget, item)
            return
        await self.remove_children()
        widgets = [BoardRow(item) if isinstance(item, Row) else Static(item, classes="board-text")
                   for item in items]
        if widgets:
            await self.mount_all(widgets)


def _same(a: list[Any], b: list[Any]) -> bool:
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        if isinstance(x, Text) and isinstance(y, Text):
            if x.plain != y.plain or x.spans != y.spans:
                return False
        elif x != y:
            return False
    return True


__all__ = ["Board", "BoardRow", "CardBox", "Hand", "set_text"]
