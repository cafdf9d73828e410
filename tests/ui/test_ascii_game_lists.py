"""Under ``--ascii`` the lists of games and what they open (the review, the replay) draw in
ASCII: the screens opened with no glyphs take the app's (``glyphs.app_glyphs``)."""

from __future__ import annotations

from textual.widgets import Static

from cantstop_tui.storage.finished import keep_finished
from cantstop_tui.ui.glyphs import ASCII
from cantstop_tui.ui.screens.replay import ReplayScreen
from cantstop_tui.ui.screens.resume import ResumeScreen
from cantstop_tui.ui.screens.review import ReviewScreen
from cantstop_tui.ui.widgets.chance_graph import ChanceGraph

from .ui_helpers import finished, local_app, not_ascii, shown_text, until

WIDE = (100, 34)
"""The review's decisions list and the lists' lines whole."""


async def test_the_resume_lists_review_and_replay_are_ascii_under_ascii() -> None:
    kept = finished(2, seed=5)
    keep_finished(kept)
    names = " vs ".join(seat.name for seat in kept.seats)
    app = local_app(ascii_only=True)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        app.push_screen(ResumeScreen([]))
        await until(pilot, lambda: isinstance(app.screen, ResumeScreen), "the resume list")
        listed = shown_text(app)
        assert f"{names} - " in listed and " won - " in listed, listed
        assert not_ascii(listed) == set(), listed

        await pilot.press("v")
        await until(
            pilot,
            lambda: isinstance(app.screen, ReviewScreen) and app.screen.review is not None
            and bool(app.screen.query(ChanceGraph)),
            "the review",
        )
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        title = str(review.query_one("#title", Static).render())
        assert title.startswith(f"Review: {names} - "), title
        shown = shown_text(app)
        assert ASCII.shape(0) + " " in shown and "+/-" in shown, shown
        assert not_ascii(shown) == set(), shown

        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ResumeScreen), "the list again")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        await pilot.pause()
        assert not_ascii(shown_text(app)) == set()


async def test_every_way_into_the_review_titles_it_alike() -> None:
    """Game over (no title), a finished game's line and a file's name: ``Review: names``
    first, with the colon."""
    from cantstop_tui.ui.screens.review import review_title

    match = finished(2, seed=5)
    names = " vs ".join(seat.name for seat in match.seats)
    assert review_title("", match) == f"Review: {names}"
    assert review_title(f"{names} · Bo won · 9 steps", match) == (
        f"Review: {names} · Bo won · 9 steps"
    )
    assert review_title(f"{names} - Bo won", match, " - ") == f"Review: {names} - Bo won"
    assert review_title("game.json", match) == f"Review: {names} · game.json"
