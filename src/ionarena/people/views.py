"""What the people service hands its surfaces (the web's JSON and pages, the CLI), as TypedDicts:
a renamed field fails mypy, not a page. Times are ISO 8601 text (UTC)."""

from __future__ import annotations

from typing_extensions import TypedDict


class RatingView(TypedDict):
    """An account's rating in one game."""

    game: str
    rating: float
    """`mu - 3 sigma`, to one decimal (what leaderboards sort by)."""
    mu: float
    sigma: float
    games: int
    wins: int
    provisional: bool


class LeaderRow(TypedDict):
    """One line of a game's leaderboard: an account or a bot level."""

    rank: int
    name: str
    bot: str | None
    """The bot's level or agent for a bot's line (its name is then `<bot> bot`)."""
    rating: float
    mu: float
    sigma: float
    games: int
    wins: int
    provisional: bool


class GameTally(TypedDict):
    """Finished games of one game an account played, and won."""

    game: str
    played: int
    won: int


class RecentGame(TypedDict):
    """A finished game on a profile, with its replay from the player's seat."""

    table: str
    game: str
    variant: str
    seat: int
    score: float
    won: bool
    finished_at: str | None
    replay: str


class ProfileView(TypedDict):
    """A player's public profile (`/@/<name>`, `GET /api/players/<name>`): only what they chose to
    show, unless they are the one reading it (`own`)."""

    name: str
    own: bool
    shows_games: bool
    shows_ratings: bool
    played: int | None
    won: int | None
    games: list[GameTally]
    ratings: list[RatingView]
    recent: list[RecentGame]


class SeatView(TypedDict):
    """A seat of a class's table, as its teacher sees it."""

    seat: int
    name: str
    kind: str
    """`student`, `bot`, `open`, or `person` (someone who is not the class's)."""
    student: int | None


class ClassTableView(TypedDict):
    """One table of a class."""

    number: int
    id: str
    game: str
    variant: str
    status: str
    paused: bool
    timed: bool
    seats: list[SeatView]
    url: str
    projector: str


class StudentRow(TypedDict):
    """A student of a class, and where they sit now (a running table of the class, or nowhere)."""

    id: int
    name: str
    joined_at: str
    table: int | None
    """The number of the running table they sit at."""
    seat: int | None


class ClassView(TypedDict):
    """A class as its teacher's dashboard shows it."""

    code: str
    spoken: str
    name: str
    teacher: str
    created_at: str
    delete_after: str
    """When the class, its students and their games are deleted (the retention period)."""
    students: list[StudentRow]
    tables: list[ClassTableView]


class StudentSeat(TypedDict):
    """Where a student plays now: the table and their seat (their student token plays it)."""

    table: str
    number: int
    game: str
    seat: int
    url: str
    paused: bool


class StudentView(TypedDict):
    """What a student's page reads: who they are in which class, and their seat (None: waiting)."""

    id: int
    name: str
    class_name: str
    code: str
    seat: StudentSeat | None


class Made(TypedDict):
    """A compound or molecule a student formed (how many times, at which table)."""

    table: int
    game: str
    formula: str
    name: str
    count: int


class Refused(TypedDict):
    """A bond or molecule a student tried that the rules refused, and why."""

    table: int
    game: str
    text: str
    """What the student typed (or clicked), e.g. `bond Na Na`."""
    tried: str
    """The compound it would have been, written as a formula (`Na2`, `HF2`)."""
    reason: str


class StudentGame(TypedDict):
    """A game a student played at a class table."""

    table: int
    game: str
    variant: str
    status: str
    seat: int
    score: float | None
    """The seat's final score (None until the game is over)."""
    won: bool
    to_the_end: bool
    """The student held the seat when the game ended (not moved away)."""


class StudentReport(TypedDict):
    """One student's part of the after-class report."""

    id: int
    name: str
    games: list[StudentGame]
    formed: list[Made]
    refused: list[Refused]


class FormedTally(TypedDict):
    """A compound or molecule formed in the class, and how often."""

    formula: str
    name: str
    count: int


class WrongTally(TypedDict):
    """A compound or molecule attempted wrongly in the class, how often, and one reason given."""

    tried: str
    count: int
    reason: str


class ReportView(TypedDict):
    """The after-class report: per student, and the class's most formed and most wrongly tried."""

    code: str
    name: str
    made_at: str
    tables: int
    students: list[StudentReport]
    most_formed: list[FormedTally]
    most_wrong: list[WrongTally]


__all__ = ["ClassTableView", "ClassView", "FormedTally", "GameTally", "LeaderRow", "Made", "ProfileView",
           "RatingView", "RecentGame", "Refused", "ReportView", "SeatView", "StudentGame", "StudentReport",
           "StudentRow", "StudentSeat", "StudentView", "WrongTally"]
