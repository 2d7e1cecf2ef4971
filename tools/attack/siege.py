"""`battleline bench attack`'s evening: each attack a stranger can make from up to 32 other addresses,
against a table host that serves the phone page, with how long the three people who matter waited.

For every attack a fresh host process (a three-seat table, `--accept-any`, the phone page on, its
open-file limit lowered to the usual desktop 1,024) seats a phone first; then, while the attack runs,
a real guest with the right code (ZeroMQ, from 127.0.0.1), a new phone from the QR and the first phone
coming back with its token each try to get in, as a person would (again after a refusal), and a phone loads
the whole page as a browser does (its files in parallel). The attacks also run combined (both paths at once),
and once more against a host limited to 256 open files. Reported per
attack: each one's wait (None: not within the limit), the host's peak resident memory and open files,
whether it lived; and once, the odds that a stranger guesses the code in a 4-hour evening.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus, WebSocketException

from net import admission
from net.web.bridge import PHONES_PER_ADDRESS

from . import harness as attack
from .harness import source

CODE = "7777"
#: the people who matter come from machines of their own, never the strangers' (127.0.0.2-33) nor the host's
GUEST_AT, PHONE_AT, NEW_PHONE_AT, PAGE_AT = "127.0.0.200", "127.0.0.201", "127.0.0.202", "127.0.0.203"
LIMIT_S = 30.0  # how long each of the three may wait before the bench says it did not get in
#: a host process with a limit of open files (the usual desktop 1,024, or lower): {files} is filled in
UNDER_LIMIT = ("import resource, sys; hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]; "
               "resource.setrlimit(resource.RLIMIT_NOFILE, ({files}, hard)); from net.cli import main; "
               "sys.exit(main(sys.argv[1:]))")
UNDER_1024 = UNDER_LIMIT.format(files=1024)


def start_table(tmp: Path, files: int = 1024) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    """A headless three-seat table host serving the phone page, under `files` open files; returns it and its
    ready line."""
    proc = subprocess.Popen(
        [sys.executable, "-c", UNDER_LIMIT.format(files=files), "host", "--headless", "--table", "--players", "3",
         "--accept-any",
         "--bind", "127.0.0.1", "--port", "0", "--code", CODE, "--save", str(tmp / "siege-save.json"),
         "--phones", "0", "--phones-qr", str(tmp / "qr"), "--timeout", "300"],
        stdout=subprocess.PIPE, stderr=(tmp / "siege-host.log").open("a"), text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line:
        raise RuntimeError(f"the host did not start: {(tmp / 'siege-host.log').read_text()[-500:]}")
    return proc, dict(json.loads(line))


# ---------------------------------------------------------------------- the phone's side
async def _phone_join(port: int, name: str, token: str | None, address: str, limit: float) -> dict[str, Any] | None:
    """A phone page joining, trying again half a second after each refusal; its first state, or None."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            async with connect(f"ws://127.0.0.1:{port}/ws", local_addr=(address, 0), open_timeout=5,
                               origin=f"http://127.0.0.1:{port}") as ws:  # type: ignore[arg-type]
                await ws.send(json.dumps({"t": "join", "code": CODE, "name": name, "token": token}))
                while time.monotonic() < deadline:
                    message = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
                    if message["t"] == "state":
                        return dict(message)
                    if message["t"] == "refused":
                        break
        except (OSError, TimeoutError, WebSocketException):
            pass
        await asyncio.sleep(0.5)
    return None


def phone_waits(port: int, name: str, token: str | None, limit: float = LIMIT_S,
                address: str = "127.0.0.1") -> tuple[float | None, Any]:
    """How long a phone (from `address`) waits to be seated; with the state it got."""
    start = time.monotonic()
    state = asyncio.run(_phone_join(port, name, token, address, limit))
    return (round(time.monotonic() - start, 2) if state is not None else None), state


def page_loads(port: int, limit: float = LIMIT_S, address: str = "127.0.0.1") -> float | None:
    """How long a phone at `address` takes to load the page as a browser does (the page, then its style and
    script at once, then its words), reloading a second after any file fails; None: not within `limit`."""
    import http.client
    from concurrent.futures import ThreadPoolExecutor

    def fetch(path: str) -> bool:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(address, 0))
        try:
            conn.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
            reply = conn.getresponse()
            reply.read()
            return reply.status == 200
        except (OSError, http.client.HTTPException):
            return False
        finally:
            conn.close()

    start = time.monotonic()
    with ThreadPoolExecutor(4) as pool:
        while time.monotonic() - start < limit:
            if fetch(f"/?code={CODE}") and all(pool.map(fetch, ["/phone.css", "/phone.js"])) \
                    and fetch("/strings/en.json"):
                return round(time.monotonic() - start, 2)
            time.sleep(1.0)
    return None


# ---------------------------------------------------------------------- attacks on the phone page
def _run(coroutine: Any) -> None:
    asyncio.run(coroutine)


async def _keep_open(port: int, address: str, until: float, join: str | None, counts: dict[str, int]) -> None:
    """One stranger's phone socket from `address`, reopened whenever it is closed or refused; it sends
    a wrong code again and again when `join` is given, else nothing."""
    while time.monotonic() < until:
        try:
            async with connect(f"ws://127.0.0.1:{port}/ws", local_addr=(address, 0), open_timeout=5,
                               origin=f"http://127.0.0.1:{port}") as ws:  # type: ignore[arg-type]
                counts["opened"] += 1
                while time.monotonic() < until:
                    if join is not None:
                        await ws.send(json.dumps({"t": "join", "code": join, "name": "Mallory", "token": None}))
                        counts["codes"] += 1
                    await _drain(ws, min(1.0, until - time.monotonic()))
        except InvalidStatus:
            counts["refused"] += 1
        except (OSError, TimeoutError, WebSocketException):
            counts["closed"] += 1
        await asyncio.sleep(0.05)


async def _drain(ws: ClientConnection, seconds: float) -> None:
    """Read whatever comes for `seconds` (a closed socket raises)."""
    end = time.monotonic() + max(0.0, seconds)
    while time.monotonic() < end:
        try:
            await asyncio.wait_for(ws.recv(), end - time.monotonic())
        except TimeoutError:
            return


def idle_sockets(port: int, seconds: float, addresses: int = 32) -> dict[str, Any]:
    """Phone sockets that never join, PHONES_PER_ADDRESS from each of `addresses` addresses, reopened."""
    return _sockets(port, seconds, addresses, None)


def wrong_phones(port: int, seconds: float, addresses: int = 32) -> dict[str, Any]:
    """Wrong codes typed into phone pages from `addresses` addresses, as fast as they are answered."""
    return _sockets(port, seconds, addresses, "0000")


def _sockets(port: int, seconds: float, addresses: int, join: str | None) -> dict[str, Any]:
    counts = {"opened": 0, "refused": 0, "closed": 0, "codes": 0}
    until = time.monotonic() + seconds

    async def all_of_them() -> None:
        per = PHONES_PER_ADDRESS if join is None else 1
        await asyncio.gather(*(_keep_open(port, source(i), until, join, counts)
                               for i in range(addresses) for _ in range(per)))

    _run(all_of_them())
    return {"addresses": addresses, "seconds": seconds, **counts}


# ---------------------------------------------------------------------- one evening
def _watch(pid: int, stop: threading.Event, peak: dict[str, float]) -> None:
    while not stop.wait(0.1):
        try:
            peak["open_files"] = max(peak["open_files"], len(os.listdir(f"/proc/{pid}/fd")))
        except OSError:
            return


def under_attack(name: str, attack_fn: Callable[[dict[str, Any], float], dict[str, Any]], seconds: float,
                 settle: float = 2.0, files: int = 1024) -> dict[str, Any]:
    """One attack against a fresh table host (under `files` open files): the waits of the guest, a new phone,
    a returning phone and a page load, the host's peaks, and the attack's figures."""
    with tempfile.TemporaryDirectory() as tmp:
        host, ready = start_table(Path(tmp), files)
        out: dict[str, Any] = {"attack": name, "host_file_limit": files}
        stop = threading.Event()
        peak = {"open_files": 0.0}
        watcher = threading.Thread(target=_watch, args=(host.pid, stop, peak), daemon=True)
        try:
            _waited, first = phone_waits(ready["phones_port"], "Ana", None, address=PHONE_AT)
            token = first["token"] if first else None
            figures: dict[str, Any] = {}
            thread = threading.Thread(target=lambda: figures.update(attack_fn(ready, seconds)), daemon=True)
            watcher.start()
            thread.start()
            time.sleep(settle)
            out["guest_waited_s"] = attack.guest_waits(ready["listening"], CODE, LIMIT_S, GUEST_AT)
            out["new_phone_waited_s"] = phone_waits(ready["phones_port"], "Nia", None, address=NEW_PHONE_AT)[0]
            out["returning_phone_waited_s"] = \
                phone_waits(ready["phones_port"], "Ana", token, address=PHONE_AT)[0] if token else None
            out["page_loaded_s"] = page_loads(ready["phones_port"], address=PAGE_AT)
            thread.join(seconds + 30)
            out.update(host_alive=host.poll() is None, host_peak_rss_mb=attack.rss_mb(host.pid).get("VmHWM"),
                       host_peak_open_files=int(peak["open_files"]), figures=figures)
        finally:
            stop.set()
            host.kill()
            host.wait(10)
    return out


def combined(ready: dict[str, Any], seconds: float) -> dict[str, Any]:
    """Both paths at once from 32 addresses: half-finished key exchanges and wrong codes over ZeroMQ, idle
    connections and wrong codes typed into phones on the phone port."""
    parts: dict[str, Callable[[], dict[str, Any]]] = {
        "half_key_exchanges": lambda: attack.half(ready["listening"], seconds, addresses=32),
        "wrong_codes": lambda: attack.wrong_many(ready["listening"], seconds, addresses=32),
        "idle_phone_connections": lambda: attack.hold_raw(ready["phones_port"], seconds, connections=1100,
                                                          addresses=32),
        "wrong_codes_on_phones": lambda: wrong_phones(ready["phones_port"], seconds, addresses=32),
    }
    out: dict[str, Any] = {}
    threads = [threading.Thread(target=lambda k=k, f=f: out.update({k: f()}), daemon=True) for k, f in parts.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 30)
    return out


ATTACKS: dict[str, Callable[[dict[str, Any], float], dict[str, Any]]] = {
    "silent_zeromq_links": lambda r, s: attack.hold(r["listening"], s, connections=64, addresses=32),
    "raw_sockets": lambda r, s: attack.hold_raw(r["listening"], s, connections=96, addresses=32),
    "half_key_exchanges": lambda r, s: attack.half(r["listening"], s, addresses=32),
    "wrong_codes": lambda r, s: attack.wrong_many(r["listening"], s, addresses=32),
    "idle_phone_connections": lambda r, s: attack.hold_raw(r["phones_port"], s, connections=1100, addresses=32),
    "idle_phone_sockets": lambda r, s: idle_sockets(r["phones_port"], s, addresses=32),
    "wrong_codes_on_phones": lambda r, s: wrong_phones(r["phones_port"], s, addresses=32),
    "combined": combined,
}
#: attacks also run against a host limited to 256 open files (a small device, or a stingy ulimit)
LOW_FILES = {"combined": 256}


def evening(seconds: float, only: list[str] | None = None) -> dict[str, Any]:
    """Every attack (or those named), each for `seconds`, and the odds of a guess in 4 hours."""
    results = [under_attack(name, fn, seconds) for name, fn in ATTACKS.items() if not only or name in only]
    results += [under_attack(name, ATTACKS[name], seconds, files=files) for name, files in LOW_FILES.items()
                if not only or name in only]
    return {"attacks": results,
            "odds_of_a_guess_in_4_hours": admission.odds_in(admission.EVENING_S),
            "wrong_codes_in_4_hours_at_most": int(admission.guesses_in(admission.EVENING_S)),
            "limit_s": LIMIT_S}
