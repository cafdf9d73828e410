"""Every kind of sequence a client can send, and what reaches the app from it: a report the
server never asked for is dropped, a mouse position is clamped to the screen, a key code
past Unicode is dropped (each kind is listed in docs/ssh.md)."""

from __future__ import annotations

import pytest
from textual import events, messages
from textual.message import Message

from cantstop_tui.server.input_filter import InputFilter
from cantstop_tui.server.input_sequences import PASTE_END, PASTE_START, admit_csi
from cantstop_tui.ui.textual_compat import new_key_parser

SIZE = (80, 24)


def parsed(data: str, size: tuple[int, int] = SIZE) -> list[Message]:
    """What Textual makes of ``data`` once it has passed the server's input filter."""
    parser = new_key_parser()
    text = InputFilter(size).feed(data)
    return [*parser.feed(text), *parser.tick()] if text else []


@pytest.mark.parametrize(
    "report",
    [
        "\x1b[48;10000;10000;0;0t",  # in-band resize (mode 2048)
        "\x1b[48;24;80;480;640t",  # even a plausible one: the size is the channel's to say
        "\x1b[8;9999;9999t",  # text area size report
        "\x1b[4;9999;9999t",  # pixel size report
    ],
)
def test_size_reports_never_resize_the_app(report: str) -> None:
    assert admit_csi(report, SIZE) is None
    assert not [m for m in parsed(report + "x") if isinstance(m, events.Resize)]
    # ... and the key typed after it still arrives, alone.
    assert [m.key for m in parsed(report + "x") if isinstance(m, events.Key)] == ["x"]


def test_the_parser_would_resize_without_the_filter() -> None:
    """The attack is real: Textual's parser makes a Resize of any size from the report."""
    parser = new_key_parser()
    made = [*parser.feed("\x1b[48;10000;10000;0;0t"), *parser.tick()]
    assert [m.size for m in made if isinstance(m, events.Resize)] == [(10000, 10000)]


@pytest.mark.parametrize(
    ("report", "dropped"),
    [
        ("\x1b[I", events.AppFocus),  # focus in: focus reporting is never turned on
        ("\x1b[O", events.AppBlur),
        ("\x1b[9999999;9999999R", events.CursorPosition),  # never asked
        ("\x1b[?2048;1$y", messages.InBandWindowResize),  # would turn on pixel mouse
    ],
)
def test_reports_the_server_never_asked_for_are_dropped(
    report: str, dropped: type[Message]
) -> None:
    parser = new_key_parser()
    assert any(isinstance(m, dropped) for m in [*parser.feed(report), *parser.tick()])
    assert parsed(report) == []


def test_the_synchronized_output_reply_the_driver_asks_for_passes() -> None:
    made = parsed("\x1b[?2026;2$y")
    assert [type(m) for m in made] == [messages.TerminalSupportsSynchronizedOutput]


@pytest.mark.parametrize(
    ("report", "position"),
    [
        ("\x1b[<0;9999999;9999999M", (79, 23)),  # far off the screen: its last cell
        ("\x1b[<0;500;3M", (79, 2)),
        ("\x1b[<0;0;0M", (0, 0)),  # before the first cell: the first
        ("\x1b[<0;10;5m", (9, 4)),  # on the screen: as it was
    ],
)
def test_mouse_positions_are_clamped_to_the_screen(report: str, position: tuple[int, int]) -> None:
    (event,) = parsed(report)
    assert isinstance(event, events.MouseEvent)
    assert (event.x, event.y) == position


def test_the_clamp_follows_the_screen_size() -> None:
    flt = InputFilter((40, 12))
    assert flt.feed("\x1b[<0;100;100M") == "\x1b[<0;40;12M"
    flt.size = (120, 40)
    assert flt.feed("\x1b[<0;100;100M") == "\x1b[<0;100;40M"


def test_mouse_reports_of_other_encodings_and_absurd_buttons_are_dropped() -> None:
    assert admit_csi("\x1b[<9999;1;1M", SIZE) is None
    assert admit_csi("\x1b[0;5;5M", SIZE) is None  # urxvt's encoding: never turned on


def test_an_old_terminals_mouse_report_makes_no_keys() -> None:
    assert parsed("\x1b[M !!") == []  # X10: a click at the first cell


@pytest.mark.parametrize(
    "sequence",
    [
        "\x1b[1114112u",  # past Unicode's last code point: Textual's parser would raise
        "\x1b[55296u",  # a surrogate
        "\x1b[97;99999u",  # modifiers no keyboard has
        "\x1b[97;1;97:97:97:97:97:97:97u",  # one sequence, many keys (kitty's text field)
        "\x1b[97:65;2u",  # kitty's alternate keys (the server never turns the protocol on)
    ],
)
def test_kitty_keys_are_bounded(sequence: str) -> None:
    assert admit_csi(sequence, SIZE) is None
    assert parsed(sequence) == []


@pytest.mark.parametrize(
    ("sequence", "key"),
    [
        ("\x1b[A", "up"),
        ("\x1b[1;5C", "ctrl+right"),
        ("\x1b[3~", "delete"),
        ("\x1b[15;2~", "shift+f5"),
        ("\x1b[97u", "a"),
        ("\x1b[13;5u", "ctrl+enter"),
        ("\x1b[Z", "shift+tab"),
    ],
)
def test_keys_still_arrive(sequence: str, key: str) -> None:
    assert admit_csi(sequence, SIZE) == sequence
    assert [m.key for m in parsed(sequence) if isinstance(m, events.Key)] == [key]


def test_a_paste_still_arrives_whole() -> None:
    (paste,) = parsed(PASTE_START + "hello" + PASTE_END)
    assert isinstance(paste, events.Paste) and paste.text == "hello"
