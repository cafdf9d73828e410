"""A table's chat read back after a restart keeps each line whole (a tester saw the longest
line lose its end: the stored ``name: words`` line was cut at the words' own limit). The
longest is a watcher's: ``name (watching): words``."""

from __future__ import annotations

from cantstop_tui.play.names import MAX_PLAYER_NAME
from cantstop_tui.play.seating import Person
from cantstop_tui.server.chat import CHAT_LENGTH, KEPT_LENGTH, TableChat


def test_the_longest_line_said_comes_back_whole_and_a_longer_stored_line_is_cut() -> None:
    said = TableChat()
    said.say(Person("a" * MAX_PLAYER_NAME), "w" * (CHAT_LENGTH - 3) + "end", watching=True)
    line = said.lines[-1]
    assert line.endswith("end") and len(line) == KEPT_LENGTH
    restored = TableChat()
    restored.restore([line, "x" * (KEPT_LENGTH + 50), 7])
    assert list(restored.lines) == [line, "x" * KEPT_LENGTH, "7"]
