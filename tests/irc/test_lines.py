"""IRC lines: the 512-byte limit, word-boundary splits, no control characters, colour only on request."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ionarena.irc.lines import MAX_MESSAGE, Style, clean, fit, room, split


def test_room_leaves_space_for_the_relayed_prefix():
    # The server relays ":nick!user@host NOTICE target :text\r\n" and that must stay within 512 bytes.
    text_room = room("NOTICE", "ada", "IonBot", "~ionbot", "127.0.0.1")
    relayed = f":IonBot!~ionbot@127.0.0.1 NOTICE ada :{'x' * text_room}\r\n"
    assert len(relayed.encode()) == MAX_MESSAGE
    # Before the bot knows its host, a long one is assumed: less room, never more.
    assert room("NOTICE", "ada", "IonBot") < text_room


def test_split_breaks_at_spaces_and_keeps_every_word():
    text = "the bank dumps its pot of 1200 points to team plus and everyone cheers loudly"
    lines = split(text, 20)
    assert all(len(line.encode()) <= 20 for line in lines)
    assert " ".join(lines) == text
    assert all(not line.startswith(" ") and not line.endswith(" ") for line in lines)


def test_a_word_longer_than_a_line_is_cut_between_characters():
    lines = split("ab " + "±" * 30, 10)  # ± is two bytes in UTF-8
    assert all(len(line.encode()) <= 10 for line in lines)
    assert "".join(lines[1:]) == "±" * 30
    for line in lines:
        line.encode().decode()  # no character was cut in half


@given(st.text(min_size=1, max_size=600), st.integers(min_value=8, max_value=200))
def test_fit_lines_always_fit_and_hold_no_control_characters(text, limit):
    for line in fit(text, limit):
        assert 0 < len(line.encode()) <= limit
        assert not any(ord(ch) < 32 or ord(ch) == 127 for ch in line)


def test_clean_turns_line_breaks_and_formatting_into_spaces():
    assert clean("a\r\nb\tc\x02d\x03e\x00f") == "a b c d e f"
    # With --colour the bot's own bold and colour codes survive, line breaks never do.
    assert clean("\x02bold\x02\nx", keep_formatting=True) == "\x02bold\x02 x"


def test_style_is_plain_unless_colour_is_asked_for():
    assert Style(False).bold("Your turn") == "Your turn"
    assert Style(False).team("+") == "+"
    assert Style(True).bold("Your turn") == "\x02Your turn\x02"
    assert Style(True).team("+") == "\x0304+\x03"
