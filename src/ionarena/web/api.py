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

The routes are one module-level `router`; the hub, the replays desk and the lobby's stored tables
come through `Depends` (`web.deps`); the bodies are `web.models`.
"""

from __future__ import annotations

from typing import Annotated, Any, TypedDict

from fastapi import APIRouter, Header, Path, Query, Request, Response
from fastapi.responses import JSONResponse

from ..agents import AGENT_NAMES, LEVELS
from ..core import IllegalAction, all_specs, get_spec
from ..core.errors import quote
from ..core.record import loads
from ..host import StaleSubmit, Status
from ..host.seats import PublicSeat
from . import lobby
from .cards import catalogue
from .deps import SEAT_COOKIE, TABLE_ID, HubDep, LobbyDep, ReplaysDep, seat_of
from .hub import MAX_BOT_MS, Hosted, Hub, SeatPlan
from .limits import Limits
from .models import ERRORS, Join, Move, NewTable, Problem, Question, SeatBot, TableMade, Token
from .payload import StatePayload, encode, practice_seed, state_payload
from .quota import Maker

router = APIRouter(prefix="/api", tags=["tables"])

REPLAY_BODY = "A game record (one JSON object), at most {kb} KB."
"""What `POST /api/replay` takes, as the OpenAPI document says it (`describe_limits`)."""


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


async def claimed(request: Request, hosted: Hosted, seats: list[int]) -> None:
    """People: the seats a signed-in caller just took become their account's (`people_hooks`)."""
    claim = getattr(request.app.state, "claim_seats", None)
    if claim is not None and seats:
        await claim(request, hosted, seats)


async def state_of(hub: Hub, hosted: Hosted, seat: int | None, since: int = -1) -> StatePayload:
    """The seat's state of `hosted` as the API answers it (built in a worker thread)."""
    table = hosted.table
    return await hub.run(lambda: state_payload(table, table.update(seat, since)))


class TableFacts(TypedDict):
    """A table's public facts (`GET /api/tables/{id}`)."""

    id: str
    game: str
    variant: str
    players: int
    status: Status
    version: int
    listed: bool
    seats: list[PublicSeat]
    timed: bool
    title: str
    practice: str | None


def facts(hosted: Hosted) -> TableFacts:
    """A table's public facts (game, seats, status)."""
    table = hosted.table
    return {"id": table.id, "game": table.game, "variant": table.info().variant, "players": table.players,
            "status": table.status, "version": table.version, "listed": table.listed,
            "seats": [info.public() for info in table.seats], "timed": table.spec.timed,
            "title": table.spec.title, "practice": practice_seed(table)}


@router.get("/games", tags=["games"], summary="Every game, its variants, options and bots")
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


@router.get("/games/{game}/cards", tags=["games"], responses=ERRORS,
            summary="The printed faces of a game's cards: names, kinds, colours, points")
async def cards(game: Annotated[str, Path(max_length=40)]) -> dict[str, Any]:
    return catalogue(get_spec(game).id)


@router.get("/tables", response_model=dict[str, Any],
            summary="Listed tables: waiting, playing, adjourned and recently finished")
async def tables(hub: HubDep, stored: LobbyDep) -> lobby.Lobby:
    return {"tables": await stored.held(), "finished": await stored.rows("over"),
            "adjourned": await stored.rows("adjourned")}


@router.post("/tables", status_code=201, response_model=TableMade, responses=ERRORS,
             summary="Make a table; returns a token for each `human` seat (shown once)")
async def create(new: NewTable, request: Request, hub: HubDep) -> Response:
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
    # `TableMade`, as its JSON: every game begins here, and FastAPI's checking and encoding of an
    # answer's model (the standard library's JSON encoder) cost more than making it
    made = {"id": hosted.id, "url": f"/t/{hosted.id}",
            "seats": [{"seat": s, "token": tokens.get(s)} for s in range(hosted.table.players)]}
    return Response(encode(made), status_code=201, media_type="application/json")


@router.get("/tables/{table_id}", responses=ERRORS, response_model=dict[str, Any],
            summary="A table's public facts (game, seats, status)")
async def table_info(table_id: Annotated[str, TABLE_ID], hub: HubDep) -> TableFacts:
    return facts(await hub.find(table_id))


@router.post("/tables/{table_id}/seats/{seat}", response_model=Token, responses=ERRORS,
             summary="Take an open seat; returns its token (shown once)")
async def join(table_id: Annotated[str, TABLE_ID], seat: Annotated[int, Path(ge=0, le=63)], join: Join,
               request: Request, response: Response, hub: HubDep) -> Token:
    hosted = await hub.find(table_id)
    token = await hub.sit(hosted, seat, join.name)
    await claimed(request, hosted, [seat])
    response.set_cookie(SEAT_COOKIE + hosted.id, token, httponly=True, samesite="strict",
                        max_age=30 * 24 * 3600, path="/", secure=request.url.scheme == "https")
    return Token(token=token, seat=seat)


@router.post("/tables/{table_id}/seats/{seat}/bot", responses=ERRORS, response_model=dict[str, Any],
             summary="Put a bot in an open seat (for a person seated at the table); the table starts "
                     "once no seat is open")
async def seat_bot(table_id: Annotated[str, TABLE_ID], seat: Annotated[int, Path(ge=0, le=63)],
                   bot: SeatBot, hub: HubDep,
                   authorization: Annotated[str | None, Header()] = None) -> TableFacts:
    hosted = await hub.find(table_id)
    await seat_of(hub, hosted, authorization, required=True)
    await hub.seat_bot(hosted, seat, bot.bot)
    return facts(hosted)


@router.post("/tables/{table_id}/leave", status_code=204, responses=ERRORS,
             summary="Leave your seat (a bot plays on for you)")
async def leave(table_id: Annotated[str, TABLE_ID], hub: HubDep,
                authorization: Annotated[str | None, Header()] = None) -> Response:
    hosted = await hub.find(table_id)
    seat = await seat_of(hub, hosted, authorization, required=True)
    assert seat is not None
    await hub.leave(hosted, seat)
    answer = Response(status_code=204)
    answer.delete_cookie(SEAT_COOKIE + hosted.id, path="/")
    return answer


@router.get("/tables/{table_id}/state", responses=ERRORS, response_model=dict[str, Any],
            summary="Your seat's state (a spectator's without a token)")
async def state(table_id: Annotated[str, TABLE_ID], hub: HubDep,
                since: Annotated[int, Query(ge=-1, le=10**9, description="Events after this version.")] = -1,
                authorization: Annotated[str | None, Header()] = None) -> StatePayload:
    hosted = await hub.find(table_id)
    seat = await seat_of(hub, hosted, authorization, required=False)
    return await state_of(hub, hosted, seat, since)


@router.post("/tables/{table_id}/actions", responses={
    **ERRORS, 409: {"description": "Stale: the game moved on; `state` is the current one."}},
    summary="Make a move")
async def act(table_id: Annotated[str, TABLE_ID], move: Move, hub: HubDep,
              authorization: Annotated[str | None, Header()] = None) -> Any:
    hosted = await hub.find(table_id)
    seat = await seat_of(hub, hosted, authorization, required=True)
    assert seat is not None
    table = hosted.table
    try:
        update = await hub.submit(hosted, seat, move.action, move.version)
    except StaleSubmit as stale:
        payload = await hub.run(state_payload, table, stale.update)
        return JSONResponse(status_code=422 if stale.expected > stale.current else 409,
                            content={"detail": stale_detail(stale), "state": payload})
    return await hub.run(lambda: state_payload(table, update))


@router.post("/tables/{table_id}/ask", responses=ERRORS,
             summary="Ask about your own seat (bank: `inv`, `help`); answered from your view")
async def ask(table_id: Annotated[str, TABLE_ID], question: Question, hub: HubDep,
              authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    hosted = await hub.find(table_id)
    seat = await seat_of(hub, hosted, authorization, required=False)
    answer = await hub.run(hosted.table.ask, seat, question.text)
    if answer is None:
        raise IllegalAction(f"{quote(question.text)} is not a question this game answers")
    return {"answer": answer}


@router.get("/tables/{table_id}/record", responses={**ERRORS, 409: {"model": Problem}},
            summary="The finished game's record (a line of a records file: `ion replay` reads it)")
async def record(table_id: Annotated[str, TABLE_ID], hub: HubDep) -> Any:
    hosted = await hub.find(table_id)
    if hosted.table.status not in ("over", "abandoned"):
        return JSONResponse(status_code=409, content={"detail": "the game is not over yet"})
    data = await hub.run(lambda: hosted.table.record().to_dict())
    return JSONResponse(content=data, headers={
        "Content-Disposition": f'attachment; filename="ion-{hosted.table.game}-{hosted.id[:8]}.json"'})


@router.get("/tables/{table_id}/replay", responses={**ERRORS, 409: {"model": Problem}},
            summary="A finished game move by move, from one seat's view (no seat: a spectator's)")
async def replay(request: Request, table_id: Annotated[str, TABLE_ID], hub: HubDep, desk: ReplaysDep,
                 seat: Annotated[int | None, Query(ge=0, le=63)] = None) -> Any:
    hosted = await hub.find(table_id)
    table = hosted.table
    if table.status not in ("over", "abandoned"):
        return JSONResponse(status_code=409, content={"detail": "the game is not over yet"})
    names = [info.display_name() for info in table.seats]
    key = f"{table.id}.{table.version}.{'all' if seat is None else seat}"
    return await desk.answer(request, table.record, seat, names, key=key)


@router.post("/replay", tags=["replays"],
             responses={**ERRORS, 413: {"model": Problem}, 429: {"model": Problem}},
             summary="Any record (as `GET …/record` gives it) move by move, from one seat's view",
             openapi_extra={"requestBody": {"required": True, "content": {"application/json": {"schema": {
                 "type": "object", "description": REPLAY_BODY.format(kb=Limits().replay_bytes // 1024)}}}}})
async def replay_record(request: Request, desk: ReplaysDep,
                        seat: Annotated[int | None, Query(ge=0, le=63)] = None) -> Any:
    raw = await desk.read_record(request)
    game_record = loads(raw or b"null", where="the record")
    return await desk.answer(request, lambda: game_record, seat, check=True)


def describe_limits(document: dict[str, Any], limits: Limits) -> None:
    """Make the OpenAPI `document` (the app's, as `FastAPI.openapi` keeps it) say this server's own
    bounds where they differ from the defaults the routes were declared with: the largest record
    `POST /api/replay` takes."""
    body = document["paths"]["/api/replay"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    body["description"] = REPLAY_BODY.format(kb=limits.replay_bytes // 1024)


__all__ = ["TableFacts", "claimed", "describe_limits", "facts", "maker_of", "router", "stale_detail",
           "state_of"]
