"""Who may take a seat: join-code attempts, the growing delay, fresh codes, and the host's yes.

Pure bookkeeping with an injectable clock and no sockets, so `host.py`'s handshake stays short and
the policy can be tested and measured on its own. Four codes of four digits fall to anyone who can
try them fast, so the host makes guessing slow and useless:

- a connection may try the code at most `TRIES_PER_LINK` times;
- after a wrong code the host checks no code, from any connection, for a delay that doubles with
  each wrong code in a row (1, 2, 4 ... up to `MAX_DELAY_S`); a person who mistypes once waits a
  second, less than retyping takes. The run of wrong codes is forgotten after `QUIET_S` without one;
- after `NEW_CODE_AFTER` wrong codes the host draws a fresh code and shows it on its screen;
- a right code only asks: the host's player sees "NAME wants to join" and accepts or refuses.
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
NEW_CODE_AFTER = 10
ASK_TIMEOUT_S = 90.0  # a question nobody answers is withdrawn; the guest may ask again
CODE_DIGITS = 4
_LINKS_KEPT = 4096  # tries are remembered for this many recent connections (the delay covers the rest)

Verdict = Literal["right", "wrong", "wait", "spent"]


def new_code(old: str | None = None) -> str:
    """A random code, never the one it replaces."""
    while True:
        code = f"{secrets.randbelow(10 ** CODE_DIGITS):0{CODE_DIGITS}d}"
        if code != old:
            return code


def delay_after(wrong_in_a_row: int) -> float:
    """How long the host checks no code after the n-th wrong code in a row."""
    if wrong_in_a_row <= 0:
        return 0.0
    return min(MAX_DELAY_S, FIRST_DELAY_S * 2 ** (wrong_in_a_row - 1))


def seconds_per_guess() -> float:
    """The fastest sustained pace an attacker can reach, whatever it does.

    Either it guesses on and on at the longest delay, or it guesses k times and then stays quiet
    for `QUIET_S` so the run is forgotten; the best k is searched (beyond 64 the steady pace wins)."""
    best = MAX_DELAY_S
    for k in range(1, 65):
        cycle = sum(delay_after(n) for n in range(1, k)) + QUIET_S
        best = min(best, cycle / k)
    return best


def expected_guesses() -> float:
    """Guesses needed on average: the code changes every `NEW_CODE_AFTER` wrong guesses, so the
    attacker tries that many distinct codes against each fresh code."""
    space = 10 ** CODE_DIGITS
    per_code = NEW_CODE_AFTER
    p = per_code / space
    return (1 / p - 1) * per_code + (per_code + 1) / 2


def expected_seconds_to_guess() -> float:
    """The expected time to guess a code (a right guess then still waits for the host's yes)."""
    return expected_guesses() * seconds_per_guess()


@dataclass
class Request:
    """A guest who gave the right code and waits for the host's player to answer."""

    link: bytes  # the ZeroMQ routing id
    conn: int  # the connection (file descriptor) it came on
    name: str
    since: float
    heard: float


class Admission:
    """The join code and the attempts against it, for one host."""

    def __init__(self, code: str, *, accept_any: bool = False, clock: Callable[[], float] = time.monotonic) -> None:
        self.code = code
        self.accept_any = accept_any  # headless hosts for tests and bots: nobody is there to ask
        self.clock = clock
        self.wrong_in_a_row = 0
        self.wrong_for_code = 0  # wrong codes since this code was drawn
        self.last_wrong = -math.inf
        self.closed_until = 0.0
        self.fresh_codes = 0  # how many times a fresh code was drawn (the lobby says so)
        self.checked = 0  # codes compared, right or wrong (the attack test counts them)
        self.tries: OrderedDict[bytes, int] = OrderedDict()
        self.request: Request | None = None

    def check(self, link: bytes, code: str) -> tuple[Verdict, float]:
        """Compare a hello's code, if the policy lets it be compared now. Returns the verdict and,
        for "wait", the seconds until codes are checked again."""
        now = self.clock()
        if now - self.last_wrong > QUIET_S:
            self.wrong_in_a_row = 0
        tries = self.tries.pop(link, 0)
        self.tries[link] = tries
        while len(self.tries) > _LINKS_KEPT:
            self.tries.popitem(last=False)
        if tries >= TRIES_PER_LINK:
            return "spent", 0.0
        if now < self.closed_until:
            return "wait", self.closed_until - now
        self.tries[link] = tries + 1
        self.checked += 1
        if secrets.compare_digest(code.encode("utf-8", "surrogatepass"), self.code.encode("utf-8")):
            self.wrong_in_a_row = 0
            return "right", 0.0
        self.wrong_in_a_row += 1
        self.wrong_for_code += 1
        self.last_wrong = now
        self.closed_until = now + delay_after(self.wrong_in_a_row)
        if self.wrong_for_code >= NEW_CODE_AFTER:
            self.renew()
        return "wrong", 0.0

    def renew(self) -> None:
        """A fresh code: after too many wrong ones, or once the host refused someone who knew it."""
        self.code = new_code(self.code)
        self.wrong_for_code = 0
        self.fresh_codes += 1

    # ------------------------------------------------------------------ the host's yes
    def ask(self, link: bytes, conn: int, name: str) -> bool:
        """Put a guest's request to the host's player; False while another one waits for an answer."""
        if self.request is not None and self.request.link != link:
            return False
        now = self.clock()
        self.request = Request(link, conn, name, now, now)
        return True

    def asking(self, link: bytes, conn: int) -> bool:
        return self.request is not None and self.request.link == link and self.request.conn == conn

    def answer(self, accept: bool) -> Request | None:
        """The host's player answered: the request it answered (None if it had gone). A refusal
        draws a fresh code, since whoever was refused knew the old one."""
        request, self.request = self.request, None
        if request is not None and not accept:
            self.renew()
        return request

    def stale(self, silent_after: float) -> Request | None:
        """A request whose guest went silent, or that waited too long: withdrawn and returned."""
        request = self.request
        now = self.clock()
        if request is not None and (now - request.heard > silent_after or now - request.since > ASK_TIMEOUT_S):
            self.request = None
            return request
        return None
