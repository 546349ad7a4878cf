"""People: accounts, sessions, ratings and classes — a service beside the host.

The host knows seats only; this service knows whose a seat is (an account, a class's student, or
nobody) and what follows people from one game to the next: profiles, ratings per game, a
teacher's classes and their after-class reports. It keeps its own tables in the store's database
(migration 0005) and reads the store's tables (results, records) but never writes a game.

- `service` — `People`, one per store: the parts below, together.
- `accounts`, `passwords`, `sessions`, `names` — accounts (argon2), browser sessions with CSRF
  tokens, bearer tokens for scripts.
- `owners` — whose a seat is (an account, a student, nobody), from which game version on.
- `ratings`, `profiles` — OpenSkill ratings per game written when a table finishes, profiles.
- `classes`, `codes`, `seating` — classes, their codes and students; who sits at which table.
- `attempts`, `made`, `report` — refused bonds and molecules, what a record says was formed,
  the after-class report (and its CSV).
- `retention` — a class's students and games deleted after its retention period.
- `limits` — rate limits on signing in, making accounts, joining and wrong class codes.
- `views` — the TypedDicts its surfaces read.
"""

from .accounts import Account, Accounts, BadSignIn
from .classes import Classes, ClassInfo, Student
from .errors import Conflict, NotAllowed, NotFound, NotSignedIn, PeopleError, TooManyTries
from .service import People
from .sessions import Session

__all__ = ["Account", "Accounts", "BadSignIn", "ClassInfo", "Classes", "Conflict", "NotAllowed", "NotFound",
           "NotSignedIn", "People", "PeopleError", "Session", "Student", "TooManyTries"]
