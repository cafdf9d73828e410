"""How many new names one address may take a day on an ``--open`` server.

Anyone can make SSH keys, and each new name starts a fresh rating: a budget of new names per
address block (``address_block``: /32 for IPv4, /64 for IPv6, what one host or home has)
a day makes throw-away names (to lose to, or to farm with) cost addresses. A name its key
already owns is never refused; a server whose keys or passwords the host lists has no
budget (the host vouches for who may play).
"""

from __future__ import annotations

import ipaddress
from typing import Final

NEW_NAMES_PER_DAY: Final = 5
"""The new names one address block may bind to keys in 24 hours on an ``--open`` server."""
DAY_SECONDS: Final = 24 * 3600


def address_block(address: str) -> str:
    """The network block ``address`` is counted in: itself for IPv4 (/32), its /64 for IPv6;
    anything else (a test's name) as it is."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv4Address):
        return str(parsed)
    if parsed.ipv4_mapped is not None:  # ::ffff:a.b.c.d is the IPv4 address
        return str(parsed.ipv4_mapped)
    return str(ipaddress.ip_network(f"{parsed}/64", strict=False))


def over_budget(name: str, budget: int = NEW_NAMES_PER_DAY) -> str:
    """The sentence for a new name past the day's budget."""
    return (
        f"The name {name} is new, and your address has taken {budget} new names today, as "
        "many as one address may: play under a name you have, or come back tomorrow."
    )
