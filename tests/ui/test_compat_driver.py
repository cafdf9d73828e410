"""ui/textual_compat/driver.py: what the SSH driver reaches of Textual's private state."""

from __future__ import annotations

from textual.app import App

from cantstop_tui.ui import textual_compat


async def test_driver_state_names_what_textuals_driver_keeps_privately() -> None:
    import asyncio

    class Bare(textual_compat.DriverState):
        def start_application_mode(self) -> None: ...

        def disable_input(self) -> None: ...

        def stop_application_mode(self) -> None: ...

        def write(self, data: str) -> None: ...

    app: App[None] = App()
    driver = Bare(app, debug=True, mouse=False, size=(30, 7))
    assert (driver.app, driver.loop, driver.debug, driver.mouse, driver.size) == (
        app,
        asyncio.get_running_loop(),
        True,
        False,
        (30, 7),
    )
    driver.size = (10, 5)
    assert driver._size == (10, 5)  # what App.size reads before the app's first resize


def test_the_key_parser_cache_is_the_lru_cache_forget_parsed_keys_empties() -> None:
    from textual._xterm_parser import XTermParser

    parser = textual_compat.new_key_parser()
    list(parser.feed("\x1b[1;5A"))  # ctrl+up: an extended key, cached class-wide
    assert XTermParser._parse_extended_key.cache_info().currsize > 0
    textual_compat.forget_parsed_keys()
    assert XTermParser._parse_extended_key.cache_info().currsize == 0


async def test_current_app_is_the_app_whose_context_runs() -> None:
    assert textual_compat.current_app() is None
    app = App()
    async with app.run_test():
        assert textual_compat.current_app() is app
