"""The open API: what the page uses, and what a bot in any language uses to play.

    POST /api/tables                      {"game","variant","players","seats":["human","bot:greedy"],"seed"?}
                                          -> 201 {"id","url","seats":[{"seat","token"?}]} (a chosen seed:
                                          a practice deal, shown to everyone); 429 over the maker's
                                          quota, 503 when the server is full (`web.quota`)
    POST /api/tables/{id}/seats/{n}       {"name"} -> {"token"} for an open seat
    POST /api/tables/{id}/seats/{n}/bot   {"bot": "greedy"} -> the table: a bot in an open seat (a seated
                                          person's token; the table starts once no seat is open)
    GET  /api/tables/{id}/state           (Authorization: Bearer <token>; none: a spectator's)
    POST /api/tables/{id}/actions         {"action": text, "version": v} -> 200 | 409 | 422 | 401 | 403
    GET  /api/tables/{id}/record          the game's record once it is over
    GET  /api/tables/{id}/ws?token=       the same states, pushed (see `sockets`)

A token is shown once, when a seat is taken; the server keeps only its hash. Every answer about a
table holds only what the asker's seat may see. Errors are `{"detail": "<one sentence>"}`.
Every request about a table counts as someone being at it; one with a seat's token resumes the
table if it was adjourned (`web.lifecycle`). Replays are bounded and streamed (`web.replays`).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Query, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, field_validator

from ..agents import AGENT_NAMES, LEVELS
from ..core import IllegalAction, all_specs, get_spec
from ..core.errors import quote
from ..core.record import loads
from ..host import StaleSubmit
from . import lobby
from .cards import catalogue
from .hub import MAX_BOT_MS, Hosted, Hub, NotFound, SeatPlan
from .payload import practice_seed, state_payload
from .quota import Maker
from .replays import Replays

TABLE_ID = Path(description="The table's id (from `POST /api/tables` or a link).", min_length=1,
                max_length=64)
SEAT_COOKIE = "ion_seat_"
"""The page keeps a person's seat token in the cookie `ion_seat_<table id>` (HttpOnly, SameSite=Strict;
Secure when the page came over HTTPS, directly or through a trusted proxy)."""
MAX_SEED = 2**64 - 1


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


def stale_detail(stale: StaleSubmit) -> str:
    """What a move against another version is told."""
    if stale.expected > stale.current:
        return (f"there is no version {stale.expected} yet: the game is at version {stale.current}; "
                "choose again")
    return f"the game moved on to version {stale.current}; choose again"


def maker_of(request: Request, token: str | None = None) -> Maker:
    """Who asks for a table: the client's address (the proxy's forwarded one behind a trusted
    proxy), and a seat token if the table is made with one (a rematch)."""
    client = request.client
    return Maker(address=client.host if client else None, token=token)


def bearer(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header."""
    if not authorization:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


class Denied(Exception):
    """A request without a needed token (401) or with one that is not a seat here (403)."""

    def __init__(self, status: int, detail: str):
        super().__init__(detail)
        self.status = status
        self.detail = detail


async def claimed(request: Request, hosted: Hosted, seats: list[int]) -> None:
    """People: the seats a signed-in caller just took become their account's (`people_hooks`)."""
    claim = getattr(request.app.state, "claim_seats", None)
    if claim is not None and seats:
        await claim(request, hosted, seats)


def router(hub: Hub, replays: Replays | None = None) -> APIRouter:
    """The API's routes over `hub` (replays built by `replays`)."""
    api = APIRouter(prefix="/api", tags=["tables"])
    desk = replays or Replays(hub.limits)
    stored = lobby.Stored(hub)

    async def seat_of(hosted: Hosted, authorization: str | None, required: bool) -> int | None:
        """The seat of the request's token (None: a spectator); whoever it is, they are at the
        table, and a seat's person resumes it if it was adjourned."""
        token = bearer(authorization)
        if token is None:
            if required or authorization:
                raise Denied(401, "give your seat token as 'Authorization: Bearer <token>'")
            await hub.attend(hosted, None)
            return None
        seat = await hub.authenticate(hosted, token)
        if seat is None:
            raise Denied(403, "that token is not a seat of this table")
        await hub.attend(hosted, seat)
        return seat

    async def state_of(hosted: Hosted, seat: int | None, since: int = -1) -> dict[str, Any]:
        table = hosted.table
        return await hub.run(lambda: state_payload(table, table.update(seat, since)))

    @api.get("/games", tags=["games"], summary="Every game, its variants, options and bots")
    async def games() -> list[dict[str, Any]]:
        return [{"id": s.id, "title": s.title, "summary": s.summary, "min_players": s.min_players,
                 "max_players": s.max_players, "default_players": s.default_players,
                 "variants": list(s.variants),
                 "default_variant": s.default_variant, "variant_notes": dict(s.variant_notes),
                 "simultaneous": s.simultaneous, "timed": s.timed, "utility": s.utility,
                 "options": [o.to_json() for o in s.options],
                 "bots": [*LEVELS, *[a for a in AGENT_NAMES if a != "ismcts"],
                          f"ismcts:ms=<at most {MAX_BOT_MS}>"]}
                for s in all_specs()]

    @api.get("/games/{game}/cards", tags=["games"], responses=ERRORS,
             summary="The printed faces of a game's cards: names, kinds, colours, points")
    async def cards(game: Annotated[str, Path(max_length=40)]) -> dict[str, Any]:
        return catalogue(get_spec(game).id)

    @api.get("/tables", summary="Listed tables: waiting, playing, adjourned and recently finished")
    async def tables() -> dict[str, Any]:
        return {"tables": lobby.in_memory(hub), "finished": await stored.rows("over"),
                "adjourned": await stored.rows("adjourned")}

    @api.post("/tables", status_code=201, response_model=TableMade, responses=ERRORS,
              summary="Make a table; returns a token for each `human` seat (shown once)")
    async def create(new: NewTable, request: Request) -> TableMade:
        names = list(new.names or [])
        plans = [SeatPlan.parse(text, names[i] if i < len(names) else None)
                 for i, text in enumerate(new.seats)]
        spec = get_spec(new.game)
        if new.players is None and not plans:
            plans = [SeatPlan("open")] * spec.default_players
        seed = None if new.seed is None else int(new.seed)
        hosted, tokens = await hub.create(spec.id, players=new.players, variant=new.variant, seats=plans,
                                          seed=seed, options=new.options, listed=new.public,
                                          move_limit=new.move_limit, bot_delay=new.bot_delay,
                                          reaction_time=new.reaction_time, maker=maker_of(request))
        await claimed(request, hosted, sorted(tokens))
        return TableMade(id=hosted.id, url=f"/t/{hosted.id}",
                         seats=[SeatToken(seat=s, token=tokens.get(s)) for s in range(hosted.table.players)])

    def facts(hosted: Hosted) -> dict[str, Any]:
        table = hosted.table
        return {"id": table.id, "game": table.game, "variant": table.info().variant, "players": table.players,
                "status": table.status, "version": table.version, "listed": table.listed,
                "seats": [info.public() for info in table.seats], "timed": table.spec.timed,
                "title": table.spec.title, "practice": practice_seed(table)}

    @api.get("/tables/{table_id}", responses=ERRORS, summary="A table's public facts (game, seats, status)")
    async def table_info(table_id: Annotated[str, TABLE_ID]) -> dict[str, Any]:
        return facts(await hub.find(table_id))

    @api.post("/tables/{table_id}/seats/{seat}", response_model=Token, responses=ERRORS,
              summary="Take an open seat; returns its token (shown once)")
    async def join(table_id: Annotated[str, TABLE_ID], seat: Annotated[int, Path(ge=0, le=63)], join: Join,
                   request: Request, response: Response) -> Token:
        hosted = await hub.find(table_id)
        token = await hub.sit(hosted, seat, join.name)
        await claimed(request, hosted, [seat])
        response.set_cookie(SEAT_COOKIE + hosted.id, token, httponly=True, samesite="strict",
                            max_age=30 * 24 * 3600, path="/", secure=request.url.scheme == "https")
        return Token(token=token, seat=seat)

    @api.post("/tables/{table_id}/seats/{seat}/bot", responses=ERRORS,
              summary="Put a bot in an open seat (for a person seated at the table); the table starts "
                      "once no seat is open")
    async def seat_bot(table_id: Annotated[str, TABLE_ID], seat: Annotated[int, Path(ge=0, le=63)],
                       bot: SeatBot, authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        hosted = await hub.find(table_id)
        await seat_of(hosted, authorization, required=True)
        await hub.seat_bot(hosted, seat, bot.bot)
        return facts(hosted)

    @api.post("/tables/{table_id}/leave", status_code=204, responses=ERRORS,
              summary="Leave your seat (a bot plays on for you)")
    async def leave(table_id: Annotated[str, TABLE_ID],
                    authorization: Annotated[str | None, Header()] = None) -> Response:
        hosted = await hub.find(table_id)
        seat = await seat_of(hosted, authorization, required=True)
        assert seat is not None
        await hub.leave(hosted, seat)
        answer = Response(status_code=204)
        answer.delete_cookie(SEAT_COOKIE + hosted.id, path="/")
        return answer

    @api.get("/tables/{table_id}/state", responses=ERRORS,
             summary="Your seat's state (a spectator's without a token)")
    async def state(table_id: Annotated[str, TABLE_ID],
                    since: Annotated[int, Query(ge=-1, le=10**9,
                                                description="Events after this version.")] = -1,
                    authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        hosted = await hub.find(table_id)
        seat = await seat_of(hosted, authorization, required=False)
        return await state_of(hosted, seat, since)

    @api.post("/tables/{table_id}/actions", responses={
        **ERRORS, 409: {"description": "Stale: the game moved on; `state` is the current one."}},
        summary="Make a move")
    async def act(table_id: Annotated[str, TABLE_ID], move: Move,
                  authorization: Annotated[str | None, Header()] = None) -> Any:
        hosted = await hub.find(table_id)
        seat = await seat_of(hosted, authorization, required=True)
        assert seat is not None
        table = hosted.table
        try:
            update = await hub.submit(hosted, seat, move.action, move.version)
        except StaleSubmit as stale:
            payload = await hub.run(state_payload, table, stale.update)
            return JSONResponse(status_code=422 if stale.expected > stale.current else 409,
                                content={"detail": stale_detail(stale), "state": payload})
        return await hub.run(lambda: state_payload(table, update))

    @api.post("/tables/{table_id}/ask", responses=ERRORS,
              summary="Ask about your own seat (bank: `inv`, `help`); answered from your view")
    async def ask(table_id: Annotated[str, TABLE_ID], question: Question,
                  authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        hosted = await hub.find(table_id)
        seat = await seat_of(hosted, authorization, required=False)
        answer = await hub.run(hosted.table.ask, seat, question.text)
        if answer is None:
            raise IllegalAction(f"{quote(question.text)} is not a question this game answers")
        return {"answer": answer}

    @api.get("/tables/{table_id}/record", responses={**ERRORS, 409: {"model": Problem}},
             summary="The finished game's record (a line of a records file: `ion replay` reads it)")
    async def record(table_id: Annotated[str, TABLE_ID]) -> Any:
        hosted = await hub.find(table_id)
        if hosted.table.status not in ("over", "abandoned"):
            return JSONResponse(status_code=409, content={"detail": "the game is not over yet"})
        data = await hub.run(lambda: hosted.table.record().to_dict())
        return JSONResponse(content=data, headers={
            "Content-Disposition": f'attachment; filename="ion-{hosted.table.game}-{hosted.id[:8]}.json"'})

    @api.get("/tables/{table_id}/replay", responses={**ERRORS, 409: {"model": Problem}},
             summary="A finished game move by move, from one seat's view (no seat: a spectator's)")
    async def replay(request: Request, table_id: Annotated[str, TABLE_ID],
                     seat: Annotated[int | None, Query(ge=0, le=63)] = None) -> Any:
        hosted = await hub.find(table_id)
        table = hosted.table
        if table.status not in ("over", "abandoned"):
            return JSONResponse(status_code=409, content={"detail": "the game is not over yet"})
        names = [info.display_name() for info in table.seats]
        key = f"{table.id}.{table.version}.{'all' if seat is None else seat}"
        return await desk.answer(request, table.record, seat, names, key=key)

    @api.post("/replay", tags=["replays"],
              responses={**ERRORS, 413: {"model": Problem}, 429: {"model": Problem}},
              summary="Any record (as `GET …/record` gives it) move by move, from one seat's view",
              openapi_extra={"requestBody": {"required": True, "content": {"application/json": {"schema": {
                  "type": "object", "description": "A game record (one JSON object), at most "
                                                   f"{hub.limits.replay_bytes // 1024} KB."}}}}})
    async def replay_record(request: Request, seat: Annotated[int | None, Query(ge=0, le=63)] = None) -> Any:
        raw = await desk.read_record(request)
        game_record = loads(raw or b"null", where="the record")
        return await desk.answer(request, lambda: game_record, seat, check=True)

    return api


__all__ = ["SEAT_COOKIE", "Denied", "NewTable", "NotFound", "bearer", "maker_of", "router", "stale_detail"]
