"""Every sentence the IRC bot says in its own words (game events are worded by each game's
presenter, bank's turn line and digest by `bankline`). One place to read, translate or reword
them; nothing here touches the rules.

Conventions: channel lines are short and public; answers to one person go to that person by
NOTICE; a player's turn line is a PRIVMSG that starts with their nick. People are named by nick,
bots by their `botN` name: never a seat number. Times are seconds left.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import GameSpec

PREFIX = "!ion"

# -- help ------------------------------------------------------------------------------------------

CHANNEL_HELP = (
    "Ion Arena: !ion bank [bots=N] [level=easy|medium|hard] [option=value …] opens a bank game (join "
    "by messaging me 'team +' or 'team -') · !ion dots|compound|valence [bots=N] [level=…] "
    "[players=N] [variant=V] opens a table game (join by messaging me 'join') · !ion start · "
    "!ion stop · !ion scores · !ion top [game] · !ion record <id> · !ion rules <game> · "
    "!ion options <game> · moves and questions go to me by private message."
)
PRIVATE_HELP = (
    "In a game, message me your moves ('+', 'x2 ++', 'play 3|6' …), 'inv' and 'help <card>' "
    "(bank), 'status' for the table, 'quit' to leave. Before a game: 'team +' or 'team -' (bank), "
    "'join' (other games), add the channel when two are open ('team + #ion'). In a channel: !ion help."
)

RULES = {
    "bank": (
        "Ion bank (2-16 players, real time): teams + and - share one bank. Cards move its charge "
        "(+ ++ +++ toward +, - -- --- toward -, = == === toward 0, ± ±± ±±± add points) and feed its "
        "pot; at full charge (±10) the pot is dumped to that pole's team, a double share for the dumper.",
        "You have 3 s a move or lose 1000 points; objects ([R] reverse, [X] swap, [*] invincible, x2 …) "
        "drop after moves or are bought in the shop between rounds (deal/ok trade them). Highest "
        "score wins. In a game: 'help' and 'help <card or object>'.",
    ),
    "dots": (
        "ION: Card Game (2-10 players): play a card that matches either dot zone of the card on the "
        "table, or draw; +1, +3, Block, Gift, Jokers and more change the turn. First to empty their "
        "hand wins the deal.",
    ),
    "compound": (
        "Ion: A Compound Building Game (2-7 players): everyone picks an element card at once and "
        "passes the rest; bond ions into neutral compounds (their charges add up to zero) and chase "
        "goal cards. Most points wins.",
    ),
    "valence": (
        "Science Ninjas: Valence (2-6 players): build molecules from element cards whose valences add "
        "up to zero; react, trade up, play Helium. First to 10 points wins.",
    ),
}
"""`!ion rules <game>`: at most two lines each."""


def options_text(spec: GameSpec, move_time: float | None) -> str:
    """`!ion options <game>`: the game's options with defaults and ranges (and the channel's
    own move time), and the bot's own settings of a game."""
    parts = []
    for option in spec.options:
        if option.name in ("teams", "lobby", "lobby_time"):
            continue  # the join window does their job on IRC
        default = option.default
        if option.name == "move_time" and move_time is not None:
            default = move_time
        bounded = option.low is not None and option.high is not None
        span = f" ({option.low:g}-{option.high:g})" if bounded else ""
        shown = f"{default:g}" if isinstance(default, float) else str(default).lower()
        parts.append(f"{option.name}={shown}{span}")
    base = f"!ion {spec.id} bots=N level=easy|medium|hard"
    if spec.id != "bank":
        base += f" players=N ({spec.min_players}-{spec.max_players}) variant={'|'.join(spec.variants)}"
    return f"{base}" + (f" · options: {', '.join(parts)}" if parts else "") + "."


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


def you_joined_team(sign: str, count: int, channel: str, bot: str) -> str:
    """Private: the player's team pick was noted (in that channel's game)."""
    return (f"You are on team {sign} in {channel} ({count} player{'s' if count != 1 else ''} so far). "
            f"'team +'/'team -' switches, 'quit' leaves before the start. {play_here(bot)}")


def you_joined_table(count: int, channel: str, bot: str) -> str:
    """Private: the player has a seat in the join window."""
    return f"You have a seat in {channel} ({count} so far). 'quit' leaves before the start. {play_here(bot)}"


def play_here(bot: str) -> str:
    """Where a player reads their turns and types their moves."""
    return f"Your turns come as private messages from me: play in that window (/query {bot})."


def left_window(nick: str) -> str:
    """Channel: a player left the join window."""
    return f"{nick} leaves before the start."


def which_channel(word: str, channels: Sequence[str]) -> str:
    """Private: a join word that could go to several open windows."""
    listed = " or ".join(channels)
    return f"Games are open in {listed}: say which, e.g. '{word} {channels[0]}'."


NOT_ENOUGH = "Not enough players for {game}: {count} of at least {least}. Nothing is started."
WINDOW_FULL = "The game in {channel} is full ({most} players)."
ALREADY_IN = "You are already in the game in {channel}; say 'quit' there first."
ALREADY_JOINED = "You are already in the game in {channel}."
JOIN_CHANNEL = "Join {channel} first (/join {channel}): games are played with the people there."
NO_WINDOW = "No game is open for joining{where}. In a channel, !ion help says how to open one."
LEFT_WINDOW_YOU = "You left the game in {channel} before its start."


def starts(title: str, names: Sequence[str], table_id: str) -> str:
    """Channel: the game starts."""
    return f"{title} starts: {', '.join(names)}. Game {table_id}."


def resumed(title: str, table_id: str) -> str:
    """Channel: after a restart, a game goes on from the database."""
    return f"{title} (game {table_id}) goes on where it stopped."


def resumed_private(channel: str, summary: str) -> str:
    """Private: after a restart, what the player holds (their notes since may have been lost)."""
    return f"The game in {channel} goes on (I restarted). {summary}".strip()


# -- refusals and errors ---------------------------------------------------------------------------

GAME_HERE = "A game of {game} is on here already; !ion stop ends it."
NO_GAME_HERE = "No game here. !ion help says how to start one."
NOT_HOST = "Only {host} (who opened it) or a channel operator may do that."
UNKNOWN_COMMAND = "I do not know '{word}'. !ion help lists the commands."
UNKNOWN_GAME = "There is no game '{word}': bank, dots, compound or valence."
NOT_IN_GAME = "You are not in a game. In a channel, !ion help says how to start or join one."
REFUSED = "Not accepted: {reason}"
BAD_OPTION = "Cannot open that game: {reason}"
NO_RECORD = "No game {id} here."
NEED_ID = "Which game? !ion record <id> (the id is said when a game starts and ends)."
NEED_GAME = "Which game? !ion {verb} bank|dots|compound|valence."
STOPPED = "{nick} stops the game of {game} (game {id}); its record so far is kept."
TOO_SOON = "Too many commands here just now: try again in a few seconds."
NOBODY_CALLED = "Not accepted: nobody called {name} plays here."
STARTED = "Not accepted: the game in {channel} has started."


def too_late(why: str) -> str:
    """Private: a move that came after the player's turn ended."""
    return f"Not accepted: too late, {why}."


# -- during a game ---------------------------------------------------------------------------------


def your_turn(nick: str, seconds: float | None, digest: str) -> str:
    """Private (PRIVMSG, starting with the nick): it is the player's turn (the move clock starts
    when this line is written)."""
    clock = f" ({seconds:g} s)" if seconds is not None else ""
    return f"{nick}: your turn{clock}: {digest}" if digest else f"{nick}: your turn{clock}."


def your_move(nick: str) -> str:
    """Channel: whose move it is in a table game (a line that starts with the nick highlights it)."""
    return f"{nick}: your move."


NO_TIME = "The round ends in {left}: no time for a move this turn."
TURN_ENDED_TIMEOUT = "your time ran out"
TURN_ENDED_ROUND = "the round ended"
TURN_ENDED_AWAY = "your turn was passed while you were away"
TURN_ENDED_IDLE = "a bot made your move (you were idle)"
TURN_ENDED = "your turn is over"
IDLE_MOVE = "You took more than {limit:g} s: a bot made your move (the seat is still yours)."


def left_game(nick: str, how: str) -> str:
    """Channel: a player left mid-game; `how` says what happens to the seat."""
    return f"{nick} left: {how}"


BANK_QUIT = "their points are shared out as the rules say."
BOT_TAKES = "a bot plays on for them."

# -- presence --------------------------------------------------------------------------------------


def away_channel(nick: str, grace: float, hold: bool, timed: bool) -> str:
    """Channel: a player left the channel or the network; their seat waits."""
    meanwhile = ("the game waits on their turn" if hold
                 else "their turns pass without penalty" if timed else "a bot moves for them")
    return f"{nick} is away: their seat waits {grace:g} s ({meanwhile})."


def away_private(channel: str, grace: float) -> str:
    """Private (to someone who parted but is still on the network): how to come back."""
    return (f"You left {channel}: your seat waits {grace:g} s. Rejoin {channel} (/join {channel}) "
            f"to play on; 'quit' leaves for good.")


def back_channel(nick: str) -> str:
    """Channel: an away player is back in their seat."""
    return f"{nick} is back."


def back_private(channel: str, passed: int) -> str:
    """Private: welcome back (and what happened meanwhile)."""
    missed = f" {passed} turn{'s' if passed != 1 else ''} passed without penalty meanwhile." if passed else ""
    return f"Welcome back: you play on in {channel}.{missed}"


def gone_channel(nick: str, grace: float, how: str) -> str:
    """Channel: the grace window ended without the player."""
    return f"{nick} did not come back within {grace:g} s: {how}"


def gone_private(channel: str, grace: float) -> str:
    """Private: the player's seat is no longer theirs."""
    return f"You were away from {channel} for {grace:g} s: you have left that game."


REJOIN = ("Not accepted: you are away from {channel}. Rejoin it (/join {channel}) to play on; "
          "'quit' leaves for good.")
WAITING_FOR = "The game waits for {nick} (away) for up to {left}."
EVERYONE_AWAY = "Everyone at the table is away: the game waits until one of them is back."


# -- results ---------------------------------------------------------------------------------------


def scores(parts: Sequence[tuple[str, float]]) -> str:
    """The current scores."""
    return "Scores: " + ", ".join(f"{name} {score:g}" for name, score in parts) + "."


def game_over(parts: Sequence[tuple[str, float]], table_id: str) -> str:
    """Channel: the game ended (who won is the game's own last event)."""
    score_text = ", ".join(f"{name} {score:g}" for name, score in parts)
    return f"Final scores: {score_text}. Record: !ion record {table_id}"


def top(game: str | None, rows: Sequence[tuple[str, int, int, float]]) -> str:
    """The all-time table of people (name, games, wins, total score). Points are summed within
    one game only: without a game, wins and games alone."""
    what = f"{game} " if game else ""
    if not rows:
        return f"No finished {what}games yet."
    body = ", ".join(f"{i}. {name} {wins} win{'s' if wins != 1 else ''}/{games} "
                     f"game{'s' if games != 1 else ''}" + (f" ({total:g} points)" if game else "")
                     for i, (name, games, wins, total) in enumerate(rows, start=1))
    return f"All-time {what}table: {body}."


def record_line(table_id: str, game: str, variant: str, players: int, status: str, actions: int,
                seed: int | None) -> str:
    """Channel: a game's record (the seed only once the game is over: it rebuilds every hand).
    Where the bot keeps it is the operator's business, never said."""
    seed_text = f", seed {seed}" if seed is not None else " (its seed is told when it is over)"
    return (f"Game {table_id}: {game} ({variant}), {players} players, {status}, {actions} actions"
            f"{seed_text}. The bot's operator can export it for 'ion replay'.")
