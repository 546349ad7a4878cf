"""The full-screen terminal table of `ion play` (Textual), on `ionarena.host`.

- `session` — `PlaySession`: a host table with the people at this terminal (one seat, or several
  taking turns: hot-seat) and bots elsewhere, saved in the store, pumped by a thread of its own.
- `app` — `PlayApp`, the table as a screen that updates in place; `run_play` runs it.
- `replay` — `ReplayApp`, `ion replay --watch`: a record stepped through on the same screen.
- `screens`, `widgets/` — the table screen (players, board, hand, moves, command line, log,
  clock) and the small screens (pass the keyboard, confirm, rules, the end).
- `games/` — each game's parts (`GameUI`): cards as boxes, moves in groups, the board.
- `faces` — what a card shows (symbol, charge, points, category), from the games' data files.
- `ion.tcss` — layout and colours.
"""
