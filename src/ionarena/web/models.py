"""Request and response bodies of the open API (pydantic): the tables API (`web.api`), the people
at a table (`web.social_api`), accounts (`web.accounts_api`) and classes (`web.classes_api`). The
TypedDicts the people service returns are response models as they are (`ionarena.people.views`).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

MAX_SEED = 2**64 - 1


# -- tables ----------------------------------------------------------------------------------------------

class Problem(BaseModel):
    """An error: one sentence."""

    detail: str


class NewTable(BaseModel):
    """A table to make."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(description="Game id: compound, dots, valence or bank.", max_length=40)
    variant: str | None = Field(None, description="A variant of the game (default: the game's).",
                                max_length=40)
    players: int | None = Field(None, ge=1, le=64,
                                description="How many seats (default: as many as `seats`).")
    seats: list[str] = Field(default_factory=list, max_length=64,
                             description="Each seat: `human` (seated now; its token is returned once), "
                                         "`open` (anyone may join) or `bot:<name>` (`bot:greedy`, "
                                         "`bot:hard`, …).")
    names: list[str | None] | None = Field(None, max_length=64, description="Display names of `human` seats.")
    seed: int | str | None = Field(None, description="The game's seed, 0 to 2^64-1, as a number or a "
                                                     "decimal string (JavaScript numbers hold 53 bits); "
                                                     "default: 64 random bits nobody chose. A chosen seed "
                                                     "makes the table a practice deal: the seed is shown "
                                                     "to everyone who looks at it, since it gives away "
                                                     "every hand.")
    options: dict[str, bool | int | float | str | None] = Field(
        default_factory=dict, description="Game options (see `GET /api/games`).")
    public: bool = Field(True, description="Listed in the lobby (false: only people with the link find it).")
    move_limit: float | None = Field(None, gt=0, le=86_400,
                                     description="Untimed games: seconds a person has per move; then a bot "
                                                 "moves for them once.")
    bot_delay: float | None = Field(None, ge=0, le=60,
                                    description="Untimed games: seconds bots wait before moving "
                                                "(default 0.8).")
    reaction_time: float | None = Field(None, ge=0, le=60, description="Timed games: bots' reaction time.")

    @field_validator("seed", mode="before")
    @classmethod
    def _seed(cls, value: object) -> int | None:
        """A seed as a whole number of 0 to 2^64-1 (digits in a string are taken as one)."""
        if value is None:
            return None
        if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 20:
            value = int(value.strip())
        if value.__class__ is not int or not 0 <= value <= MAX_SEED:
            raise ValueError("a seed is a whole number from 0 to 2^64-1 (a number or a string of digits)")
        return value


class SeatToken(BaseModel):
    """A seat, and its token where the caller was just seated there."""

    seat: int
    token: str | None = None


class TableMade(BaseModel):
    """A new table."""

    id: str
    url: str
    seats: list[SeatToken]


class Join(BaseModel):
    """A person taking an open seat."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(description="Display name (1 to 32 characters).", max_length=200)


class SeatBot(BaseModel):
    """A bot for an open seat."""

    model_config = ConfigDict(extra="forbid")
    bot: str = Field("greedy", description="The bot: `easy`, `medium`, `hard`, `random`, `greedy` or "
                                           "`ismcts:ms=<at most 3000>`.", max_length=100)


class Token(BaseModel):
    """A seat token (shown once)."""

    token: str
    seat: int


class Move(BaseModel):
    """A move as its text, against the version it was chosen at."""

    model_config = ConfigDict(extra="forbid")
    action: str = Field(description="The move as text, one of the state's `legal`.", max_length=300)
    version: int | None = Field(None, ge=0, strict=True,
                                description="The version the move was chosen against, a number (null: "
                                            "the game as it is, for real-time play).")


class Question(BaseModel):
    """A question answered from the seat's own view (bank's `inv`, `help`)."""

    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=300)


ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": Problem, "description": "No seat token given."},
    403: {"model": Problem, "description": "The token is not a seat of this table."},
    404: {"model": Problem, "description": "No such table."},
    422: {"model": Problem, "description": "Refused, with the reason."},
}


# -- the people at a table: chat and rematch ------------------------------------------------------------

class Say(BaseModel):
    """A chat line to say."""

    model_config = ConfigDict(extra="forbid")
    text: str = Field(description="The line (1 to 280 characters of one line; shown as typed, never as "
                                  "markup).", max_length=4000)
    name: str | None = Field(None, description="A spectator's name (1 to 32 characters); a seated "
                                               "person speaks under their seat's name.", max_length=200)


class Line(BaseModel):
    """A chat line as said."""

    id: int
    room: str = Field(description="`players` or `spectators`.")
    seat: int | None = Field(description="The seat that said it; null: a spectator.")
    name: str
    text: str
    version: int = Field(description="The game version it was said at.")
    at: str | None


class SpectatorChat(BaseModel):
    """Whether the spectators may chat."""

    model_config = ConfigDict(extra="forbid")
    open: bool


class Rematch(BaseModel):
    """The rematch: its id and link, and the asker's seat token there (shown once)."""

    id: str
    url: str
    seats: list[SeatToken]


# -- accounts and classes -------------------------------------------------------------------------------

class Credentials(BaseModel):
    """A name and a password: to sign in (`POST /api/session`) or to make an account."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(description="The account's name.", max_length=100)
    password: str = Field(description="Its password (8 to 200 characters).", max_length=400)


class SignedIn(BaseModel):
    """A new session: the cookie is set for pages; `token` is for scripts (`Authorization: Bearer`),
    shown once; `csrf` is what the page sends back with each change (`X-CSRF-Token`)."""

    name: str
    token: str
    csrf: str
    profile: str


class AccountMade(BaseModel):
    """A new account (signed in at once, as `SignedIn`)."""

    name: str
    token: str
    csrf: str
    profile: str


class Me(BaseModel):
    """Who is signed in, and what their profile shows."""

    name: str
    profile: str
    show_games: bool
    show_ratings: bool
    csrf: str | None = Field(None, description="The browser session's CSRF token (none for a bearer token).")


class Privacy(BaseModel):
    """What a profile shows to others."""

    model_config = ConfigDict(extra="forbid")
    show_games: bool = Field(description="Others see the games played and won, and recent games.")
    show_ratings: bool = Field(description="Others see the ratings; the account is on leaderboards.")


class NewClass(BaseModel):
    """A class to open."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(description="The class's name, e.g. `9B chemistry` (1 to 80 characters).",
                      max_length=200)


class ClassMade(BaseModel):
    """A class just opened: its code (for the board) and its pages."""

    code: str
    spoken: str
    name: str
    dashboard: str
    join: str


class ClassLine(BaseModel):
    """One of a teacher's classes."""

    code: str
    name: str
    created_at: str
    delete_after: str
    dashboard: str


class JoinClass(BaseModel):
    """A student joining: a first name, nothing else."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(description="A first name (1 to 32 characters).", max_length=200)


class Joined(BaseModel):
    """A student who just joined: their token (shown once; also set as a cookie) and their page."""

    token: str
    id: int
    name: str
    url: str


class NewTables(BaseModel):
    """Seat every student who is not at a running table into new tables, bots filling the gaps."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(description="compound, dots, valence or bank.", max_length=40)
    variant: str | None = Field(None, description="The game's variant (default: the game's).", max_length=40)
    size: int = Field(description="Players at each table (students and bots).", ge=1, le=16)
    bots: str = Field("easy", description="The bots in the gaps: easy, medium, hard or random.",
                      max_length=20)
    seed: int | None = Field(None, ge=0, le=2**63 - 1,
                             description="Seeds the tables' deals and the seating (default: random).")


class MoveStudent(BaseModel):
    """Where a student goes: a table of the class with a free seat."""

    model_config = ConfigDict(extra="forbid")
    table: int = Field(description="The table's number in the class.", ge=1, le=10_000)


class TablesDone(BaseModel):
    """What a pause, a resume or an end did: the numbers of the tables it changed, and of those it
    left alone (with why)."""

    changed: list[int]
    skipped: dict[str, str] = Field(default_factory=dict)


__all__ = [
    "ERRORS",
    "MAX_SEED",
    "AccountMade",
    "ClassLine",
    "ClassMade",
    "Credentials",
    "Join",
    "JoinClass",
    "Joined",
    "Line",
    "Me",
    "Move",
    "MoveStudent",
    "NewClass",
    "NewTable",
    "NewTables",
    "Privacy",
    "Problem",
    "Question",
    "Rematch",
    "Say",
    "SeatBot",
    "SeatToken",
    "SignedIn",
    "SpectatorChat",
    "TableMade",
    "TablesDone",
    "Token",
]
