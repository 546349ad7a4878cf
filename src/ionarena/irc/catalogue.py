"""Every sentence the IRC bot says in its own words (game events are worded by each game's
presenter). One place to read, translate or reword them; nothing here touches the rules.

Conventions: channel lines are short and public; anything about one player goes to that player
by NOTICE. Commands people type are shown in backquotes-free plain text, as IRC users read them.
"""

from __future__ import annotations

from collections.abc import Sequence

PREFIX = "!ion"

# -- help ------------------------------------------------------------------------------------------

CHANNEL_HELP = (
    "Ion Arena: !ion bank [bots=N] [level=easy|medium|hard] [option=value …] opens a bank game (join "
    "by messaging me 'team +' or 'team -') · !ion dots|compound|valence [bots=N] [level=…] "
    "[players=N] [variant=V] opens a "
    "table game (join by messaging me 'join') · !ion start · !ion stop · !ion scores · "
    "!ion top [game] · !ion record <id> · moves and questions go to me by private message."
)
PRIVATE_HELP = (
    "In a game, message me your moves ('+', 'x2 ++', 'play 3|6' …), 'inv' and 'help' for your own "
    "cards and the rules, 'status' for the table, 'quit' to leave. Before a game: 'team +' or "
    "'team -' (bank), 'join' (other games), 'start' (the opener). In a channel: !ion help."
)

# -- opening and joining ---------------------------------------------------------------------------


def bank_open(host: str, seconds: float) -> str:
    """A bank game's join window opens."""
    return (f"{host} opens a bank game: message me 'team +' or 'team -' to join within "
            f"{seconds:g} s ({host} can start earlier with !ion start).")


def table_open(host: str, title: str, seconds: float, bots: int, level: str = "medium") -> str:
    """A table game's join window opens."""
    extra = f", {bots} {level} bot{'s' if bots != 1 else ''} will fill seats" if bots else ""
    return (f"{host} opens {title}{extra}: message me 'join' to take a seat within {seconds:g} s "
            f"({host} can start earlier with !ion start).")


def joined_team(nick: str, sign: str) -> str:
    """Channel: a player picked a bank team in the join window."""
    return f"{nick} joins team {sign}."


def joined_table(nick: str, count: int) -> str:
    """Channel: a player took a seat in the join window."""
    return f"{nick} joins ({count} so far)."


def you_joined_team(sign: str, count: int) -> str:
    """Private: the player's team pick was noted."""
    return (f"You are on team {sign} ({count} player{'s' if count != 1 else ''} so far). "
            f"'team +'/'team -' switches, 'quit' leaves before the start.")


def you_joined_table(count: int) -> str:
    """Private: the player has a seat in the join window."""
    return f"You have a seat ({count} so far). 'quit' leaves before the start."


def left_window(nick: str) -> str:
    """Channel: a player left the join window."""
    return f"{nick} leaves before the start."


NOT_ENOUGH = "Not enough players for {game}: {count} of at least {least}. Nothing is started."
WINDOW_FULL = "The game is full ({most} players)."
ALREADY_IN = "You are already in a game ({channel}); finish it or say 'quit' there first."
ALREADY_JOINED = "You are already in."


def starts(title: str, names: Sequence[str], table_id: str) -> str:
    """Channel: the game starts."""
    return f"{title} starts: {', '.join(names)}. Game {table_id}."


def resumed(title: str, table_id: str) -> str:
    """Channel: after a restart, a game goes on from the database."""
    return f"{title} (game {table_id}) goes on where it stopped."


# -- refusals and errors ---------------------------------------------------------------------------

GAME_HERE = "A game of {game} is on here already; !ion stop ends it."
NO_GAME_HERE = "No game here. !ion help says how to start one."
NOT_HOST = "Only {host} (who opened it) or a channel operator may do that."
UNKNOWN_COMMAND = "I do not know '{word}'. !ion help lists the commands."
NOT_IN_GAME = "You are not in a game. In a channel, !ion help says how to start or join one."
REFUSED = "Not accepted: {reason}"
BAD_OPTION = "Cannot open that game: {reason}"
NO_RECORD = "No game {id} here."
NEED_ID = "Which game? !ion record <id> (the id is said when a game starts and ends)."
STOPPED = "{nick} stops the game of {game} (game {id}); its record so far is kept."
LATE_MOVE = "Not accepted: it is not your turn any more."

# -- during a game ---------------------------------------------------------------------------------


def your_turn(seconds: float | None, digest: str) -> str:
    """Private: it is the player's turn (the move clock starts when this line is written)."""
    clock = f" ({seconds:g} s)" if seconds is not None else ""
    return f"Your turn{clock}: {digest}" if digest else f"Your turn{clock}."


def left_game(nick: str, how: str) -> str:
    """Channel: a player left mid-game; `how` says what happens to the seat."""
    return f"{nick} left: {how}"


BANK_QUIT = "their points are shared out as the rules say."
BOT_TAKES = "a bot plays on for them."
SEAT_RENAMED = "{old} is now {new}."


def scores(parts: Sequence[tuple[str, float]]) -> str:
    """Channel: the current scores."""
    return "Scores: " + ", ".join(f"{name} {score:g}" for name, score in parts) + "."


def game_over(parts: Sequence[tuple[str, float]], table_id: str) -> str:
    """Channel: the game ended (who won is the game's own last event)."""
    score_text = ", ".join(f"{name} {score:g}" for name, score in parts)
    return f"Final scores: {score_text}. Record: !ion record {table_id}"


def top(game: str | None, rows: Sequence[tuple[str, int, int, float]]) -> str:
    """Channel: the all-time table (name, games, wins, total score) of people."""
    what = f"{game} " if game else ""
    if not rows:
        return f"No finished {what}games yet."
    body = ", ".join(f"{i}. {name} {wins} win{'s' if wins != 1 else ''}/{games} "
                     f"game{'s' if games != 1 else ''} ({total:g} points)"
                     for i, (name, games, wins, total) in enumerate(rows, start=1))
    return f"All-time {what}table: {body}."


def record_line(table_id: str, game: str, variant: str, players: int, status: str, actions: int,
                seed: int | None, where: str) -> str:
    """Channel: where a game's record is (the seed only once the game is over: it rebuilds every hand)."""
    seed_text = f", seed {seed}" if seed is not None else " (its seed is told when it is over)"
    return (f"Game {table_id}: {game} ({variant}), {players} players, {status}, {actions} actions"
            f"{seed_text}. The record is in the bot's database ({where}); "
            f"'ion replay' replays it once exported.")
