"""How often people may make the bot work or speak, per person and per channel.

Everyone in a channel can type `!ion help`, and anyone on the network can message the bot, so
whatever makes the bot answer is limited before it costs anything (no table touched, no line
queued); what is over a limit is dropped silently — answering "slow down" would be the flood.
Moves are never limited by these (a person can only move on their turn); the answers to moves
that are refused are. The counts are moving windows of the `limits` library (`host.ratelimit`).

- `command`, per person: `!ion …` in any channel, 5 in 10 s and 20 a minute;
- `channel`, per channel: what a command makes the bot say in the channel (a window opened,
  scores, top, a record), 3 in 20 s and 6 a minute (beyond: answers go to the asker alone, and a
  window is not opened);
- `question`, per player (in a game or a join window): answers (`status`, `inv`, `help`, a
  refused move, a command's reply), 4 in 5 s and 30 a minute;
- `stranger`, per person in no game: answers, 6 in 30 s and 10 a minute — a newcomer's first
  burst (`help`, `!ion help`, `!ion rules bank`, `!ion options bank`, `join` …) is answered in
  full, a flooder then gets one answer in six seconds at most; and `strangers`, for all of them
  together, 8 in 10 s and 24 a minute (a flood from many nicks);
- `message`, per person: private lines the bot reads at all, 8 a second and 150 a minute.

Every answer line costs a running game time: the bot sends at most two lines a second (the flood
limit), and a turn line waits for the line before it. So the people not playing, who anyone can
be, get little of that time.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..host.ratelimit import RateLimit

COMMAND = "5/10 seconds;20/minute"
CHANNEL = "3/20 seconds;6/minute"
QUESTION = "4/5 seconds;30/minute"
STRANGER = "6/30 seconds;10/minute"
STRANGERS = "8/10 seconds;24/minute"
MESSAGE = "8/second;150/minute"


@dataclass
class Limits:
    """The bot's rate limits (see the module docstring); keys are folded nicks and channels."""

    command: RateLimit = field(default_factory=lambda: RateLimit(COMMAND))
    channel: RateLimit = field(default_factory=lambda: RateLimit(CHANNEL))
    question: RateLimit = field(default_factory=lambda: RateLimit(QUESTION))
    stranger: RateLimit = field(default_factory=lambda: RateLimit(STRANGER))
    strangers: RateLimit = field(default_factory=lambda: RateLimit(STRANGERS))
    message: RateLimit = field(default_factory=lambda: RateLimit(MESSAGE))

    def may_command(self, nick: str) -> bool:
        """`nick` may have a `!ion` command followed now (counted)."""
        return self.command.allow("command", nick)

    def may_say_in(self, channel: str) -> bool:
        """The bot may answer in `channel` now (counted); otherwise it answers the asker alone."""
        return self.channel.allow("channel", channel)

    def may_answer(self, nick: str) -> bool:
        """`nick` (a player) may be answered privately now (counted)."""
        return self.question.allow("question", nick)

    def may_answer_stranger(self, nick: str) -> bool:
        """`nick` (in no game) may be answered privately now (counted against them, and against
        everyone in no game)."""
        if not self.stranger.allow("stranger", nick):
            return False
        return self.strangers.allow("strangers")

    def may_read(self, nick: str) -> bool:
        """The bot reads this private line of `nick` at all (counted)."""
        return self.message.allow("message", nick)


__all__ = ["Limits"]
