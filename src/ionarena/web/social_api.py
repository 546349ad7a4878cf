"""The open API of the people at a table: chat, and rematch (presence travels on the WebSocket).

    POST /api/tables/{id}/chat               {"text", "name"?} -> 201 the line (a seat's token: the
                                             players' room; none: the spectators', under `name`)
    GET  /api/tables/{id}/chat               the lines the asker may read, the rooms, whether
                                             spectators may chat
    PUT  /api/tables/{id}/chat/spectators    {"open": bool} (a seat's token) -> {"spectators"}
    POST /api/tables/{id}/rematch            (a seat's token, the game over) -> 201 {"id", "url", "seats"}:
                                             the same rematch for everyone, the asker's token in it
    GET  /api/tables/{id}/rematch            {"of", "next", "asked", "claimed", "waiting_for"}
    POST /api/tables/{id}/rematch/start      (a seat's token at a waiting rematch) -> the rematch's facts

Rulings are in `web.chat` and `web.rematch`; errors are `{"detail": "<one sentence>"}`. The routes
are one module-level `router` over the app's `Social` and hub (`web.deps`); the bodies are
`web.models`. Like every request about a table, these count as someone being at it, and one with
a seat's token resumes the table if it was adjourned (`web.lifecycle`); a rematch request also
resumes the rematch it seats its asker at.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse

from .chat import ChatRefused
from .deps import SEAT_COOKIE, TABLE_ID, HubDep, SocialDep, seat_of, secure
from .models import ERRORS, Line, Problem, Rematch, Say, SpectatorChat
from .rematch import NotOver

router = APIRouter(prefix="/api", tags=["people"])


@router.post("/tables/{table_id}/chat", status_code=201, response_model=Line,
             responses={**ERRORS, 429: {"model": Problem, "description": "Too fast: wait a few seconds."}},
             summary="Say a line in the table's chat (a seat's token: the players' room; none: the "
                     "spectators')")
async def say(table_id: Annotated[str, TABLE_ID], said: Say, request: Request, hub: HubDep, social: SocialDep,
              authorization: Annotated[str | None, Header()] = None) -> Any:
    hosted = await hub.find(table_id)
    seat = await seat_of(hub, hosted, authorization, required=False)
    address = request.client.host if request.client else "unknown"
    try:
        line = await social.say(hosted, seat, said.name, address, said.text)
    except ChatRefused as refused:
        return JSONResponse(status_code=refused.status, content={"detail": str(refused)})
    return line.to_json()


@router.get("/tables/{table_id}/chat", responses=ERRORS,
            summary="The chat lines you may read (a seat's token: the players'; none: what spectators see)")
async def chat(table_id: Annotated[str, TABLE_ID], hub: HubDep, social: SocialDep,
               authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    hosted = await hub.find(table_id)
    seat = await seat_of(hub, hosted, authorization, required=False)
    return await social.history(hosted, seat)


@router.put("/tables/{table_id}/chat/spectators", responses=ERRORS,
            summary="Open or close the spectators' chat (a seated person)")
async def spectators(table_id: Annotated[str, TABLE_ID], setting: SpectatorChat, hub: HubDep,
                     social: SocialDep,
                     authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    hosted = await hub.find(table_id)
    await seat_of(hub, hosted, authorization, required=True)
    return {"spectators": await social.set_spectators(hosted, setting.open)}


@router.post("/tables/{table_id}/rematch", status_code=201, response_model=Rematch,
             responses={**ERRORS, 409: {"model": Problem, "description": "The game is not over yet."}},
             summary="Play again: the same seats, a new deal; the same rematch for everyone who asks, "
                     "with your own seat token in it (shown once)")
async def rematch(table_id: Annotated[str, TABLE_ID], request: Request, hub: HubDep, social: SocialDep,
                  authorization: Annotated[str | None, Header()] = None) -> Any:
    hosted = await hub.find(table_id)
    seat = await seat_of(hub, hosted, authorization, required=True)
    assert seat is not None
    try:
        seated = await social.rematch(hosted, seat)
    except NotOver as err:
        return JSONResponse(status_code=409, content={"detail": str(err)})
    new = seated.hosted
    await hub.attend(new, seat)  # their seat's link would resume it: so does asking for it
    seats = [{"seat": s, "token": seated.token if s == seat else None} for s in range(new.table.players)]
    answer = JSONResponse(status_code=201, content={"id": new.id, "url": f"/t/{new.id}", "seats": seats})
    answer.set_cookie(SEAT_COOKIE + new.id, seated.token, httponly=True, samesite="strict",
                      max_age=30 * 24 * 3600, path="/", secure=secure(request))
    return answer


@router.get("/tables/{table_id}/rematch", responses=ERRORS,
            summary="The table's rematches: the one it is a rematch of, its own, and whom it waits for")
async def rematch_facts(table_id: Annotated[str, TABLE_ID], hub: HubDep, social: SocialDep) -> dict[str, Any]:
    return await social.rematch_facts(await hub.find(table_id))


@router.post("/tables/{table_id}/rematch/start", responses=ERRORS,
             summary="Start a waiting rematch without the people who have not asked (bots play for them "
                     "until they come)")
async def start(table_id: Annotated[str, TABLE_ID], hub: HubDep, social: SocialDep,
                authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    hosted = await hub.find(table_id)
    seat = await seat_of(hub, hosted, authorization, required=True)
    assert seat is not None
    message = await social.start_rematch(hosted, seat)
    del message["type"]
    return message


__all__ = ["router"]
