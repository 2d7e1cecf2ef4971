"""Who may take a seat: join-code attempts, the growing delay, fresh codes, and the host's yes.

Pure bookkeeping with an injectable clock and no sockets, so `host.py`'s handshake stays short and
the policy can be tested and measured on its own. Four codes of four digits fall to anyone who can
try them fast, so the host makes guessing slow and useless, without letting a stranger's guessing
keep out a guest who knows the code:

- a connection may try the code at most `TRIES_PER_LINK` times;
- after a wrong code the host checks no code from the same source address for a delay that doubles
  with each wrong code in a row from it (1, 2, 4 ... up to `MAX_DELAY_S`); a person who mistypes once
  waits a second, less than retyping takes. The run is forgotten after `QUIET_S` without one;
- over all addresses together the host takes a fixed number of wrong codes an evening, in two pools:
  an address's first wrong code of the evening (`NEWCOMER_BURST` at once, then one every
  `NEWCOMER_EVERY_S`) and every later one (`REPEAT_BURST`, then one every `REPEAT_EVERY_S`). Strangers
  from fewer than `NEWCOMER_BURST` addresses cannot empty the first pool, so a guest from an address
  that typed no wrong code (a new guest, a phone: the bridge passes on each phone's own address) is
  never held up by them; an address that sent one wrong code has its own second chance
  (`GRACE_PER_ADDRESS`) before it draws from the shared repeat pool, so a guest who mistyped once is
  not held up by strangers' guessing either; and all of it together takes at most
  `guesses_in(EVENING_S)` wrong codes in 4 hours, so the odds that a stranger guesses the code in an
  evening stay at 1% or less;
- an exchange keyed by a session token (a seated guest or phone coming back) is held by none of this;
- the code does not change under a guest who is typing it: only a refusal by the host's player
  draws a fresh one (whoever was refused knew the old one);
- a right code only asks: the host's player sees "NAME wants to join" and accepts or refuses. Guests who
  give the right code while the host's player is asked about another wait in a queue (at most `QUEUE`),
  each told how many are ahead, and are asked about in the order they came.
"""

from __future__ import annotations

import math
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

TRIES_PER_LINK = 3
FIRST_DELAY_S = 1.0
MAX_DELAY_S = 30.0
QUIET_S = 300.0
EVENING_S = 4 * 3600.0  # the evening the odds are stated for; an address's first wrong code is remembered this long
NEWCOMER_BURST = 40  # first wrong codes of the evening, from as many addresses, taken at once ...
NEWCOMER_EVERY_S = 3600.0  # ... and then one every this many seconds
REPEAT_BURST = 6  # further wrong codes (from addresses that already sent one) taken at once ...
REPEAT_EVERY_S = 2400.0  # ... and then one every this many seconds
#: an address's own second chance of the evening after its first wrong code, taken from no shared pool: a guest
#: who mistyped once then types the right code while strangers empty the repeat pool is not kept waiting
GRACE_PER_ADDRESS = 1
ASK_TIMEOUT_S = 90.0  # a question nobody answers is withdrawn; the guest may ask again
QUEUE = 8  # guests waiting for their turn to be asked about, beyond the one asked now
CODE_DIGITS = 4
_LINKS_KEPT = 4096  # tries are remembered for this many recent connections (the delay covers the rest)
_ADDRESSES_KEPT = 4096  # runs of wrong codes are remembered for this many addresses
#: key exchanges from one address whose outcome is not known yet (each is one guess); another from
#: the same address meanwhile is refused with the code "busy" (a guest retries it at once)
PENDING_PER_ADDRESS = 1

Verdict = Literal["right", "wrong", "wait", "crowded", "spent", "busy"]


def new_code(old: str | None = None) -> str:
    """A random code, never the one it replaces."""
    while True:
        code = f"{secrets.randbelow(10 ** CODE_DIGITS):0{CODE_DIGITS}d}"
        if code != old:
            return code


def delay_after(wrong_in_a_row: int) -> float:
    """How long one address gets no code checked after its n-th wrong code in a row."""
    if wrong_in_a_row <= 0:
        return 0.0
    return min(MAX_DELAY_S, FIRST_DELAY_S * 2 ** (wrong_in_a_row - 1))


def guesses_in(seconds: float) -> float:
    """The most wrong codes the host takes in `seconds`, however many addresses send them: both pools'
    bursts and what they refill meanwhile."""
    addresses = NEWCOMER_BURST + seconds / NEWCOMER_EVERY_S  # each with its first wrong code and its grace
    return addresses * (1 + GRACE_PER_ADDRESS) + REPEAT_BURST + seconds / REPEAT_EVERY_S


def odds_in(seconds: float = EVENING_S) -> float:
    """The odds that a stranger guesses the code within `seconds`: the code stays while it is guessed,
    so each guess is a code not tried before, and n guesses find it with odds n / 10,000."""
    return min(1.0, math.floor(guesses_in(seconds)) / 10 ** CODE_DIGITS)


def expected_guesses() -> float:
    """Guesses needed on average: the code stays while it is guessed, so a guesser tries distinct
    codes and finds it after half the space on average."""
    space = 10 ** CODE_DIGITS
    return (space + 1) / 2


def seconds_per_guess() -> float:
    """The fastest sustained pace of wrong codes over all addresses, once both pools are empty (each new
    address also brings its grace)."""
    return 1.0 / ((1 + GRACE_PER_ADDRESS) / NEWCOMER_EVERY_S + 1.0 / REPEAT_EVERY_S)


def expected_seconds_to_guess() -> float:
    """The expected time to guess a code at the sustained pace (a right guess then still waits for
    the host's yes)."""
    return expected_guesses() * seconds_per_guess()


@dataclass
class _Source:
    """The run of wrong codes from one source address."""

    wrong_in_a_row: int = 0
    last_wrong: float = -math.inf
    closed_until: float = 0.0
    grace: _Pool | None = None  # its own second chance of the evening, given with its first wrong code


@dataclass
class Request:
    """A guest who gave the right code and waits for the host's player to answer."""

    link: bytes  # the ZeroMQ routing id
    conn: int  # the connection (file descriptor) it came on
    name: str
    since: float
    heard: float
    shown: str | None = None  # a token it showed that holds no seat here: the key of a kept game, if any
    told: int | None = None  # how many were ahead of it when it was last told (the host says it again on a change)


class _Pool:
    """A number of wrong codes the host takes at once, refilled at a steady pace."""

    def __init__(self, burst: int, every_s: float, now: float) -> None:
        self.burst, self.every_s = burst, every_s
        self.level, self.at = float(burst), now

    def refill(self, now: float) -> None:
        self.level = min(float(self.burst), self.level + (now - self.at) / self.every_s)
        self.at = now

    def wait(self) -> float:
        """Seconds until the pool holds one whole wrong code again (0: it does)."""
        return max(0.0, (1.0 - self.level) * self.every_s)


class Admission:
    """The join code and the attempts against it, for one host."""

    def __init__(self, code: str, *, accept_any: bool = False, clock: Callable[[], float] = time.monotonic) -> None:
        self.code = code
        self.accept_any = accept_any  # headless hosts for tests and bots: nobody is there to ask
        self.clock = clock
        self.sources: OrderedDict[str, _Source] = OrderedDict()
        now = clock()
        self.newcomers = _Pool(NEWCOMER_BURST, NEWCOMER_EVERY_S, now)  # each address's first wrong code
        self.repeats = _Pool(REPEAT_BURST, REPEAT_EVERY_S, now)  # every later one
        self.reserved: dict[bytes, _Pool] = {}  # pending guesses, each held from its pool until settled
        self.fresh_codes = 0  # how many times a fresh code was drawn (the lobby says so)
        self.checked = 0  # codes compared, right or wrong (the attack test counts them)
        self.tries: OrderedDict[bytes, int] = OrderedDict()
        self.request: Request | None = None
        self.queue: list[Request] = []  # right codes waiting, in the order they came, for their turn to be asked
        self.pending: dict[str, int] = {}  # key exchanges keyed by the code under way, by address (net.session)

    def _source(self, address: str, now: float) -> _Source:
        source = self.sources.pop(address, None) or _Source()
        if now - source.last_wrong > QUIET_S:
            source.wrong_in_a_row = 0
        self.sources[address] = source
        while len(self.sources) > _ADDRESSES_KEPT:
            self.sources.popitem(last=False)
        return source

    def _pool(self, source: _Source, now: float) -> _Pool:
        """The pool a wrong code from this address is taken from: the newcomers' for its first of the evening,
        then the address's own grace (a person who mistyped once is never held by strangers' guessing),
        then the repeat pool shared by every address."""
        if now - source.last_wrong > EVENING_S:
            source.grace = None
            pool = self.newcomers
        else:
            if source.grace is None:  # its first wrong code of the evening was just taken: a second chance
                source.grace = _Pool(GRACE_PER_ADDRESS, EVENING_S, now)
            source.grace.refill(now)
            pool = source.grace if source.grace.level >= 1.0 else self.repeats
        pool.refill(now)
        return pool

    def check(self, link: bytes, code: str, address: str = "?") -> tuple[Verdict, float]:
        """Compare a hello's code, if the policy lets it be compared now. Returns the verdict and,
        for "wait", the seconds until codes from this address are checked again."""
        verdict, wait = self.may_check(link, address)
        if verdict != "right":
            return verdict, wait
        return self.compared(link, address, secrets.compare_digest(
            code.encode("utf-8", "surrogatepass"), self.code.encode("utf-8"))), 0.0

    def may_check(self, link: bytes, address: str, ceiling: bool = True) -> tuple[Verdict, float]:
        """Whether a code from this connection and address may be compared now: "right" means yes
        (the caller compares, then reports with `compared`), else "spent", or "wait" (this address's
        delay) or "crowded" (its pool is empty) with seconds.
        Without `ceiling` (an exchange keyed by a session token) only the tries per connection count."""
        now = self.clock()
        tries = self.tries.pop(link, 0)
        self.tries[link] = tries
        while len(self.tries) > _LINKS_KEPT:
            self.tries.popitem(last=False)
        if tries >= TRIES_PER_LINK:
            return "spent", 0.0
        if ceiling:
            source = self._source(address, now)
            if now < source.closed_until:
                return "wait", source.closed_until - now
            pool = self._pool(source, now)
            if pool.level < 1.0:  # strangers' wrong codes emptied it, not this address's
                return "crowded", pool.wait()
        self.tries[link] = tries + 1
        return "right", 0.0

    def begin(self, link: bytes, address: str, ceiling: bool = True) -> tuple[Verdict, float]:
        """May a key exchange start now? "right" means yes; else "spent", "busy", "wait" or "crowded".
        One keyed by the code (`ceiling`) is one guess, pending until `end` and held from its pool
        meanwhile, so pending guesses cannot outrun the pools; one keyed by a session token is held by
        nothing but the tries per connection: a seated guest coming back is never kept out by strangers."""
        verdict, wait = self.may_check(link, address, ceiling)
        if verdict != "right" or not ceiling:
            return verdict, wait
        if self.pending.get(address, 0) >= PENDING_PER_ADDRESS:
            self.tries[link] -= 1
            return "busy", FIRST_DELAY_S
        self.pending[address] = self.pending.get(address, 0) + 1
        now = self.clock()
        pool = self._pool(self._source(address, now), now)
        pool.level -= 1.0
        self.reserved[link] = pool
        return "right", 0.0

    def end(self, link: bytes, address: str, right: bool, ceiling: bool = True) -> None:
        """The outcome of a pending exchange: the guest proved the key, or did not (or went away)."""
        if ceiling:
            self._release(link, address)  # `compared` takes the pool's place again for a wrong one
        self.compared(link, address, right, ceiling)

    def withdraw(self, link: bytes, address: str, ceiling: bool = True) -> None:
        """A pending exchange the host never answered (its connection closed while it waited for its turn):
        nothing was learnt from it, so it counts for nothing and gives back its place in the pool."""
        if link in self.tries and self.tries[link] > 0:
            self.tries[link] -= 1
        if ceiling:
            self._release(link, address)

    def _release(self, link: bytes, address: str) -> None:
        """A pending exchange is over: one fewer for its address, and its reserved place back in its pool."""
        left = self.pending.get(address, 0) - 1
        if left > 0:
            self.pending[address] = left
        else:
            self.pending.pop(address, None)
        pool = self.reserved.pop(link, None)
        if pool is not None:
            pool.level += 1.0

    def compared(self, link: bytes, address: str, right: bool, ceiling: bool = True) -> Verdict:
        """Count one compared code: a wrong one delays its address and is taken from its pool. A failed
        exchange keyed by a session token (`ceiling` False) counts for nothing: tokens cannot be guessed."""
        now = self.clock()
        self.checked += 1
        if not ceiling:
            return "right" if right else "wrong"
        source = self._source(address, now)
        if right:
            source.wrong_in_a_row = 0
            return "right"
        self._pool(source, now).level -= 1.0
        source.wrong_in_a_row += 1
        source.last_wrong = now
        source.closed_until = now + delay_after(source.wrong_in_a_row)
        return "wrong"

    def renew(self) -> None:
        """A fresh code, once the host refused someone who knew it (never under a guest typing it)."""
        self.code = new_code(self.code)
        self.fresh_codes += 1

    # ------------------------------------------------------------------ the host's yes
    def ask(self, link: bytes, conn: int, name: str, shown: str | None = None) -> int | None:
        """Put a guest's request to the host's player, or queue it while another waits for an answer:
        how many are ahead of it (0: asked now), or None when the queue is full."""
        now = self.clock()
        if self.request is None or self.request.link == link:
            self.request = Request(link, conn, name, now, now, shown)
            return 0
        for ahead, waiting in enumerate(self.queue, start=1):
            if waiting.link == link:
                self.queue[ahead - 1] = Request(link, conn, name, now, now, shown)
                return ahead
        if len(self.queue) >= QUEUE:
            return None
        self.queue.append(Request(link, conn, name, now, now, shown))
        return len(self.queue)

    def asking(self, link: bytes, conn: int) -> bool:
        """This connection waits for the host's answer: asked about now, or queued."""
        return self.waiting(link, conn) is not None

    def waiting(self, link: bytes, conn: int) -> Request | None:
        return next((r for r in self.waiters() if r.link == link and r.conn == conn), None)

    def waiters(self) -> list[Request]:
        """Everyone waiting for an answer, in order: the one asked about now first."""
        return ([self.request] if self.request is not None else []) + self.queue

    def answer(self, accept: bool) -> Request | None:
        """The host's player answered: the request it answered (None if it had gone); the next in the
        queue is asked about now. A refusal draws a fresh code, since whoever was refused knew the old one
        (those queued proved the old one already: they stay in the queue)."""
        request = self.request
        self._next()
        if request is not None and not accept:
            self.renew()
        return request

    def drop(self, conns: set[int] | None = None, link: bytes | None = None) -> None:
        """Forget the requests of closed connections (or of `link`, which gave up)."""
        def gone(r: Request) -> bool:
            return (conns is not None and r.conn in conns) or r.link == link

        self.queue = [r for r in self.queue if not gone(r)]
        if self.request is not None and gone(self.request):
            self._next()

    def _next(self) -> None:
        """The first in the queue is asked about now (its waiting for an answer starts now)."""
        self.request = self.queue.pop(0) if self.queue else None
        if self.request is not None:
            self.request.since = self.clock()

    def stale(self, silent_after: float) -> Request | None:
        """A request whose guest went silent, or that waited too long: withdrawn and returned. Silent
        guests in the queue are dropped without a word (their link is gone)."""
        now = self.clock()
        self.queue = [r for r in self.queue if now - r.heard <= silent_after]
        request = self.request
        if request is not None and (now - request.heard > silent_after or now - request.since > ASK_TIMEOUT_S):
            self._next()
            return request
        return None
