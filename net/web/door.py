"""Places at the phone server's door, shared fairly between source addresses before anyone proved anything.

The phone bridge keeps two of these: one for TCP connections, counted the moment they are accepted
(before a byte of the request has arrived), one for WebSockets. A newcomer over its address's cap is
turned away; when every place is taken, a newcomer from a less busy address pushes out the newest
connection of the busiest address that has not proved itself (a phone that joined the game never
gives way), else the newcomer is turned away. A tie goes to the newcomer while its address holds only a few
places (a browser's parallel requests for one page), and among equally busy addresses the one that has held
its places longest gives way. So a stranger holding many places from one machine gives
them up to a phone from another, and needs more addresses than the busiest holder has places to fill
the door.

A connection that has sent its request (`speak`) is being served: the page's script or style, or a phone's
WebSocket before it joined. Strangers reopening idle connections cut one another's silent places first, and
a place that spoke only after `grace` seconds (when an address holds more than the newcomer's): else a
browser's request could be cut between its arrival and its answer (a page without its script, issue 56).
Pure bookkeeping over hashable keys, so it is tested on its own.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

#: a browser loads the page over two or three connections at once (the page, then its style and script):
#: up to this many places from its address, a newcomer that ties with the busiest address is not the one cut
#: (one place against one is no tie worth breaking: the newcomer is turned away, as before)
TIE_ALLOWANCE = 3
#: seconds a connection that sent its request is served before a stranger's newcomer may push it out
GRACE_S = 5.0


@dataclass
class Place:
    address: str
    since: float
    proved: bool = False
    spoke: float | None = None  # when its request arrived (None: it has sent nothing yet)


class Door:
    """`total` places at most, `per_address` from one source address."""

    def __init__(self, total: int, per_address: int, tie_allowance: int = TIE_ALLOWANCE,
                 grace: float = GRACE_S) -> None:
        self.total = total
        self.per_address = per_address
        self.tie_allowance = tie_allowance  # up to this many places, a newcomer wins a tie with the busiest
        self.grace = grace  # seconds a place that spoke is served untouched
        self.places: dict[Hashable, Place] = {}
        self.turned_away = 0  # newcomers refused, and places taken back, since the start

    def count(self, address: str) -> int:
        return sum(p.address == address for p in self.places.values())

    def enter(self, key: Hashable, address: str, now: float) -> list[Hashable]:
        """A newcomer; returns the keys to cut now: the newcomer itself, another's, or none."""
        self.places[key] = Place(address, now)
        if self.count(address) > self.per_address:
            return self._out([key])
        if len(self.places) <= self.total:
            return []
        # first the silent places (idle connections, a slowloris's unfinished requests), weighed against the
        # newcomer's own silent ones; then those served longer than the grace, against all of the newcomer's
        silent = {k for k, p in self.places.items() if p.spoke is None}
        served = {k for k, p in self.places.items() if p.spoke is not None and now - p.spoke > self.grace}
        for tier, mine in ((silent, len({k for k in silent if self.places[k].address == address})),
                           (served, self.count(address))):
            victim = self._busiest(tier, key, address, mine)
            if victim is not None:
                return self._out([victim])
        return self._out([key])

    def _busiest(self, tier: set[Hashable], key: Hashable, address: str, mine: int) -> Hashable | None:
        """The newest place in `tier` of the busiest other address, if that address holds more places there
        than the newcomer's `mine` (or as many, while the newcomer's are a browser's few parallel requests)."""
        waiting: dict[str, list[Hashable]] = {}
        for k in tier:
            place = self.places[k]
            if not place.proved and k != key and place.address != address:
                waiting.setdefault(place.address, []).append(k)
        # the busiest other address; among equals the one that has held its places longest (a stranger's
        # idle connections, never a page that is loading now)
        busiest = max(waiting, key=lambda a: (len(waiting[a]), -min(self.places[k].since for k in waiting[a])),
                      default=None)
        if busiest is not None and (len(waiting[busiest]) > mine or
                                    (len(waiting[busiest]) == mine and 2 <= mine <= self.tie_allowance)):
            return max(waiting[busiest], key=lambda k: self.places[k].since)
        return None

    def _out(self, keys: list[Hashable]) -> list[Hashable]:
        for key in keys:
            self.places.pop(key, None)
            self.turned_away += 1
        return keys

    def speak(self, key: Hashable, now: float) -> None:
        """This connection sent its request: it is being served (see `grace`)."""
        place = self.places.get(key)
        if place is not None and place.spoke is None:
            place.spoke = now

    def prove(self, key: Hashable) -> None:
        """This connection proved itself (its phone joined): it is never pushed out."""
        place = self.places.get(key)
        if place is not None:
            place.proved = True

    def leave(self, key: Hashable) -> None:
        self.places.pop(key, None)

    def expired(self, now: float, after: float) -> list[Hashable]:
        """Places not proved within `after` seconds of entering."""
        return [k for k, p in self.places.items() if not p.proved and now - p.since > after]
