"""How many new names one address may take a day on an ``--open`` server.

Anyone can make SSH keys, and each new name starts a fresh rating: a budget of new names per
address block (``address_block``: /32 for IPv4, /64 for IPv6, what one host or home has)
a day makes throw-away names (to lose to, or to farm with) cost addresses. A name its key
already owns is never refused; a server whose keys or passwords the host lists has no
budget (the host vouches for who may play).
"""

from __future__ import annotations

from typing import Final

NEW_NAMES_PER_DAY: Final = 5
"""The new names one address block may bind to keys in 24 hours on an ``--open`` server."""
DAY_SECONDS: Final = 24 * 3600


def over_budget(name: str, budget: int = NEW_NAMES_PER_DAY) -> str:
    """The sentence for a new name past the day's budget."""
    return (
        f"The name {name} is new, and your address has taken {budget} new names today, as "
        "many as one address may: play under a name you have, or come back tomorrow."
    )
