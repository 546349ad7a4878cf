"""Request and response bodies of the accounts and classes API (pydantic; the TypedDicts the
people service returns are response models as they are: `ionarena.people.views`)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


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


__all__ = ["AccountMade", "ClassLine", "ClassMade", "Credentials", "JoinClass", "Joined", "Me", "MoveStudent",
           "NewClass", "NewTables", "Privacy", "SignedIn", "TablesDone"]
