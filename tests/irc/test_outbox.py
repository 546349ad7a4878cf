"""The outbox: flood limit (burst, then a rate), turn lines first (but nothing starves), answers
bounded and de-duplicated, pieces merged per target, `written` only once the line is on the
socket, nothing lost while offline, nick changes followed."""

from __future__ import annotations

import asyncio
import itertools

import pytest

from ionarena.irc.outbox import JOINER, MAX_ANSWERS, Lane, Outbox


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def make(burst: int = 2, rate: float = 1.0, room: int = 100, fail: bool = False):
    sent: list[tuple[str, str, str]] = []
    clock = Clock()

    async def write(command: str, target: str, text: str) -> None:
        if fail:
            raise ConnectionError("gone")
        sent.append((command, target, text))

    box = Outbox(write, lambda command, target: room, burst=burst, rate=rate, clock=clock)
    box.online(True)
    return box, sent, clock


def flush(box: Outbox) -> int:
    async def go() -> int:
        count = 0
        while await box.flush_once():
            count += 1
        return count
    return asyncio.run(go())


def drain(box: Outbox, clock: Clock, step: float = 1.0) -> None:
    """Write everything, one token at a time."""
    for _ in range(200):
        clock.now += step
        flush(box)
        if not box.pending():
            return


def test_burst_then_rate():
    box, sent, clock = make(burst=2, rate=1.0)
    for n in range(5):
        box.say("PRIVMSG", f"#c{n}", f"line {n}")  # different targets: nothing merges
    assert flush(box) == 2  # the burst
    assert box.wait_time() == pytest.approx(1.0)
    clock.now = 0.5
    assert flush(box) == 0
    clock.now = 1.0
    assert flush(box) == 1
    clock.now = 10.0
    assert flush(box) == 2  # tokens never exceed the burst
    assert [t for _, t, _ in sent] == ["#c0", "#c1", "#c2", "#c3", "#c4"]


def test_pieces_for_one_target_share_a_line_while_they_fit():
    box, sent, _ = make(room=40)
    box.say("NOTICE", "ada", "You receive [++].")
    box.say("NOTICE", "ada", "bank +2, pot 300.")
    box.say("NOTICE", "ada", "x" * 30)
    flush(box)
    assert sent[0][2] == "You receive [++]." + JOINER + "bank +2, pot 300."
    assert sent[1][2] == "x" * 30


def test_turn_lines_go_before_everything_else_and_lead_their_line():
    box, sent, _ = make(burst=1)
    box.say("PRIVMSG", "#ion", "chatter")
    box.say("NOTICE", "bob", "bob's answer", lane=Lane.ANSWER)
    box.say("PRIVMSG", "ada", "you receive [++]", lazy=True)
    box.say("PRIVMSG", "ada", "ada: your turn", lane=Lane.TURN)
    flush(box)
    assert sent == [("PRIVMSG", "ada", "ada: your turn" + JOINER + "you receive [++]")]


def test_a_spammers_answers_never_hold_back_a_turn_line_by_more_than_one_line():
    """Player bob asks `status` and `inv` over and over; ada's turn line waits behind at most one
    line, and bob's answers are bounded where they queue."""
    box, sent, clock = make(burst=1, rate=2.0)
    for n in range(30):
        box.say("NOTICE", "bob", f"status {n}", lane=Lane.ANSWER, key="status")
        box.say("NOTICE", "bob", f"inv {n}", lane=Lane.ANSWER, key="inv")
    assert box.pending("bob") <= MAX_ANSWERS
    clock.now = 5.0  # bob's answers have waited long: they may take one line after a turn line
    box.say("PRIVMSG", "ada", "ada: your turn", lane=Lane.TURN)
    flush(box)
    assert sent[-1][1] == "ada"
    for n in range(5):  # a fast game: a turn line after every line written
        clock.now += 0.5
        box.say("PRIVMSG", f"p{n}", f"p{n}: your turn", lane=Lane.TURN)
        flush(box)
    targets = [target for _, target, _ in sent]
    assert "bob" in targets  # nothing starves...
    turns = [i for i, t in enumerate(targets) if t != "bob"]
    assert all(b - a <= 2 for a, b in itertools.pairwise(turns))  # ...and turns wait one line at most
    newest = "status 29" + JOINER + "inv 29"
    assert [text for _, target, text in sent if target == "bob"] == [newest]


def test_answers_are_deduplicated_and_bounded_per_target():
    box, sent, clock = make(burst=5, rate=5.0)
    for _ in range(10):
        box.say("NOTICE", "eve", "I do not know 'x'.", lane=Lane.ANSWER)
    assert box.pending("eve") == 1
    others = [f"answer {n}" for n in range(MAX_ANSWERS - 1)]
    assert all(box.say("NOTICE", "eve", text, lane=Lane.ANSWER) for text in others)
    assert not box.say("NOTICE", "eve", "one too many", lane=Lane.ANSWER)
    assert box.dropped >= 10
    drain(box, clock)
    assert [text for _, _, text in sent] == [JOINER.join(["I do not know 'x'.", *others])]


def test_a_newer_turn_line_replaces_one_still_waiting_and_both_are_told():
    box, sent, _ = make(burst=1)
    told: list[str] = []
    box.online(False)
    box.say("PRIVMSG", "ada", "ada: your turn (old)", lane=Lane.TURN, written=lambda s: told.append("old"))
    box.say("PRIVMSG", "ada", "ada: your turn (new)", lane=Lane.TURN, written=lambda s: told.append("new"))
    box.online(True)
    flush(box)
    assert sent == [("PRIVMSG", "ada", "ada: your turn (new)")] and told == ["old", "new"]


def test_written_is_told_after_the_last_line_of_a_piece():
    box, sent, clock = make(burst=1, rate=1.0, room=10)
    told: list[bool] = []
    box.say("NOTICE", "ada", "one two three four five", written=told.append)
    assert flush(box) == 1 and told == []
    clock.now += 1
    flush(box)
    clock.now += 1
    flush(box)
    assert told == [True]
    assert " ".join(text for _, _, text in sent) == "one two three four five"


def test_nothing_is_lost_while_offline_and_a_failed_write_keeps_its_line():
    box, _sent, _ = make(fail=True)
    box.say("NOTICE", "ada", "hello")
    with pytest.raises(ConnectionError):
        flush(box)
    assert box.pending("ada") == 1
    box.online(False)
    assert flush(box) == 0


def test_rename_and_drop():
    box, sent, _ = make()
    told: list[bool] = []
    box.say("NOTICE", "bob", "for bob", written=told.append)
    box.rename("bob", "bobby")
    assert box.pending("bob") == 0 and box.pending("BOBBY") == 1
    box.drop("Bobby")
    assert told == [False] and box.pending() == 0
    assert flush(box) == 0 and sent == []
    box.say("NOTICE", "eve", "answer", lane=Lane.ANSWER)
    box.say("PRIVMSG", "eve", "news")
    box.drop("eve", (Lane.ANSWER,))
    assert box.pending("eve") == 1 and box.pending("eve", Lane.GAME) == 1


def test_lines_that_waited_long_enough_are_not_starved_by_turn_lines():
    box, sent, clock = make(burst=1, rate=1.0)
    box.say("PRIVMSG", "#ion", "the game starts")
    for n in range(5):
        clock.now += 1.0
        box.say("PRIVMSG", f"p{n}", "your turn", lane=Lane.TURN)
        flush(box)
    # turn lines first, but once the channel line had waited `patience` (2 s) it went out
    targets = [target for _, target, _ in sent]
    assert targets.index("#ion") <= 2


def test_lazy_notes_ride_along_with_the_next_line_or_go_after_lingering():
    box, sent, clock = make(burst=5, rate=5.0)
    box.linger = 8.0
    box.say("PRIVMSG", "ada", "you receive [++]", lazy=True)
    assert flush(box) == 0 and box.ready_in() == 8.0
    clock.now = 3.0
    box.say("PRIVMSG", "ada", "ada: your turn", lane=Lane.TURN)
    assert flush(box) == 1
    assert sent[-1][2] == "ada: your turn" + JOINER + "you receive [++]"
    box.say("PRIVMSG", "bob", "you receive [=]", lazy=True)
    clock.now = 11.0
    assert flush(box) == 1 and sent[-1][1] == "bob"
