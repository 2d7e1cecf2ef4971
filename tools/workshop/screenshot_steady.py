"""What makes a screenshot the same picture from one render to the next: a fixed clock for what is shown, seeded
codes, a fresh data folder at one fixed path, and the ports and wormhole codes a lobby shows fixed.

The game is left as it is: these are put in place by `staged` (tools/workshop/screenshot.py) around one render and
taken away after. Only what a picture shows is fixed; the sockets still bind to free ports and the wormhole codes
are still allocated by a real mailbox before the fixed ones are shown in their place.
"""

from __future__ import annotations

import fcntl
import os
import random
import secrets
import shutil
import socket
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from types import SimpleNamespace
from typing import Any

SHOWN_TIME = time.struct_time((2025, 3, 14, 20, 15, 0, 4, 73, 0))  # every clock a picture shows: 2025-03-14 20:15
SHOWN_PHONES_PORT = 47111  # the phone page's port as a lobby shows it (and in its QR code)
SHOWN_HOST_PORT = 47110  # a LAN lobby's port as it shows it (the screenshots bind a free one: 47110 may be taken)
SHOWN_WORMHOLE_CODES = ("7-crossover-clockwork", "2-company-peachy", "5-guitarist-revenue")
SHOWN_HOST_NAME = "living-room"  # the computer's name as a LAN lobby shows it
DATA_DIR = Path(tempfile.gettempdir()) / "battleline-shot-data"  # one path, as the replay list shows it
#: A folder of this process's own instead (the test suite's workers: pictures nobody compares across processes,
#: which then need not take turns for the one folder)
OWN_DATA_DIR = "BATTLELINE_SHOT_DATA"


def settle(cond: Callable[[], object], step: Callable[[], object], what: str, seconds: float = 120.0,
           pause: float = 0.0) -> None:
    """`step()` until `cond()` holds: a picture shows the state it names, however busy the machine. A short
    deadline that let the render go on would make the picture depend on the load; this one only ends a render
    that cannot be made, with `what` it waited for."""
    deadline = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > deadline:
            raise RuntimeError(f"the screenshot waited {seconds:.0f} s for {what}")
        step()
        if pause:
            time.sleep(pause)


def data_dir() -> Path:
    """The folder a render's data goes to: DATA_DIR, unless BATTLELINE_SHOT_DATA names another."""
    own = os.environ.get(OWN_DATA_DIR)
    return Path(own) if own else DATA_DIR


@contextmanager
def fixed_clock() -> Iterator[None]:
    """`time.localtime` and `time.strftime` say SHOWN_TIME (a file's time too), `socket.gethostname` says
    SHOWN_HOST_NAME; `time.time`/`monotonic` run on, so the waits and the network are untouched."""
    real_localtime, real_strftime, real_hostname = time.localtime, time.strftime, socket.gethostname

    def localtime(secs: float | None = None) -> time.struct_time:
        return SHOWN_TIME

    def strftime(fmt: str, t: Any = None) -> str:
        return real_strftime(fmt, SHOWN_TIME if t is None else t)

    time.localtime, time.strftime = localtime, strftime  # type: ignore[assignment]
    socket.gethostname = lambda: SHOWN_HOST_NAME
    try:
        yield
    finally:
        time.localtime, time.strftime = real_localtime, real_strftime
        socket.gethostname = real_hostname


@contextmanager
def seeded_secrets(seed: int) -> Iterator[None]:
    """The `secrets` the game draws join codes, seeds and tokens from, seeded (a picture's codes are the same)."""
    rng = random.Random(seed)
    names = ("randbelow", "randbits", "token_hex", "token_bytes")
    real = {name: getattr(secrets, name) for name in names}
    seeded = {"randbelow": lambda n: rng.randrange(n), "randbits": rng.getrandbits,
              "token_hex": lambda n=32: rng.randbytes(n).hex(), "token_bytes": lambda n=32: rng.randbytes(n)}
    for name in names:
        setattr(secrets, name, seeded[name])
    try:
        yield
    finally:
        for name in names:
            setattr(secrets, name, real[name])


@contextmanager
def fresh_data() -> Iterator[Path]:
    """An empty data folder (`data_dir`) for the render (held by a lock: two renders at once take turns)."""
    folder = data_dir()
    folder.parent.mkdir(parents=True, exist_ok=True)
    old = os.environ.get("BATTLELINE_DATA_DIR")
    with open(f"{folder}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            empty_data()
            yield folder
        finally:
            shutil.rmtree(folder, ignore_errors=True)
            if old is None:
                os.environ.pop("BATTLELINE_DATA_DIR", None)
            else:
                os.environ["BATTLELINE_DATA_DIR"] = old


def empty_data() -> None:
    """`data_dir` emptied and named as the data folder (a scene starts from no saves)."""
    folder = data_dir()
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    os.environ["BATTLELINE_DATA_DIR"] = str(folder)


def steady_lobbies(app: Any) -> None:
    """The lobbies on the stack show SHOWN_HOST_PORT for a LAN game, SHOWN_PHONES_PORT for their phone page and
    SHOWN_WORMHOLE_CODES for their wormholes (the real ones are free ports and codes a mailbox picks at random)."""
    for scene in app.stack:
        door = getattr(scene, "door", None)
        host = getattr(scene, "host", None)
        if host is not None and door is None and getattr(scene, "port", None) == 0:
            host.port = SHOWN_HOST_PORT  # only as drawn: the router keeps its free port, the guests are in
        for tunnel, shown in zip(getattr(door, "tunnels", ()), SHOWN_WORMHOLE_CODES, strict=False):
            if getattr(tunnel, "code", None):
                tunnel.code = shown
        phones = getattr(scene, "phones", None)
        if phones is not None and hasattr(scene, "draw_phone_code"):
            scene.phones = SimpleNamespace(port=SHOWN_PHONES_PORT)
            try:
                with suppress(OSError):
                    scene.draw_phone_code()
            finally:
                scene.phones = phones
