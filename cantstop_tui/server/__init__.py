"""``cantstop serve``: shared Can't Stop tables over SSH (and ``cantstop web`` in a browser).

One process hosts every visitor: each SSH channel gets its own Textual app, drawn through
:class:`~cantstop_tui.server.driver.ChannelDriver`, and every app at a table follows the
same :class:`~cantstop_tui.play.table.Table`. See docs/ssh.md for why.
"""
