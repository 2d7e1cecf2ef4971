"""Finding games on the LAN without typing addresses: zeroconf (mDNS) under `_battleline._tcp.local.`.

The TXT record carries the protocol version, the program version and the game's name, so the join
list can grey out a game this program cannot play before anyone connects. Discovery is a comfort,
not a dependency: if mDNS is unavailable (no network, a firewall), hosting and joining by address
still work, and these classes report the failure instead of raising it.
"""

from __future__ import annotations

import logging
import socket
import threading
from dataclasses import dataclass
from typing import Any

from .protocol import PROTOCOL_VERSION
from .version import program_version

log = logging.getLogger("battleline.discovery")
SERVICE = "_battleline._tcp.local."


@dataclass(frozen=True)
class FoundGame:
    """A game advertised on the LAN, as the join list shows it."""

    name: str
    address: str
    port: int
    protocol: int
    program: str

    @property
    def compatible(self) -> bool:
        return self.protocol == PROTOCOL_VERSION and self.program == program_version()


def _clean(name: str) -> str:
    """A service instance name: printable, no dots (they separate labels), at most 40 characters."""
    text = "".join(ch for ch in name if ch.isprintable() and ch != ".").strip()
    return text[:40] or "Battle Line"


def local_address() -> str:
    """The address other machines reach us on; found without sending anything."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: connect() on UDP only picks a route; no packet is sent
            address: str = s.getsockname()[0]
            return address
    except OSError:
        return "127.0.0.1"


class Advertiser:
    """Announces one hosted game until closed."""

    def __init__(self, name: str, port: int, address: str | None = None,
                 interfaces: list[str] | None = None) -> None:
        self.error: str | None = None
        self.address = address or local_address()
        self._zc: Any = None
        self._info: Any = None
        try:
            from zeroconf import ServiceInfo, Zeroconf

            self._zc = Zeroconf(interfaces=interfaces) if interfaces else Zeroconf()
            label = _clean(name)
            self._info = ServiceInfo(
                SERVICE, f"{label}.{SERVICE}", addresses=[socket.inet_aton(self.address)], port=port,
                properties={"protocol": str(PROTOCOL_VERSION), "program": program_version(), "name": label},
                server=f"battleline-{port}.local.")
            self._zc.register_service(self._info, allow_name_change=True)
        except Exception as exc:  # mDNS is optional: say why, keep hosting
            self.error = f"cannot advertise on the LAN: {exc}"
            log.warning(self.error)

    def close(self) -> None:
        if self._zc is not None:
            try:
                if self._info is not None:
                    self._zc.unregister_service(self._info)
            finally:
                self._zc.close()
            self._zc = None


class Browser:
    """Collects games advertised on the LAN in the background; `games()` is safe to call every frame."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self.error: str | None = None
        self._lock = threading.Lock()
        self._games: dict[str, FoundGame] = {}
        self._zc: Any = None
        try:
            from zeroconf import ServiceBrowser, Zeroconf

            self._zc = Zeroconf(interfaces=interfaces) if interfaces else Zeroconf()
            self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._on_change])
        except Exception as exc:
            self.error = f"cannot search the LAN: {exc}"
            log.warning(self.error)

    def _on_change(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        if state_change.name == "Removed":
            with self._lock:
                self._games.pop(name, None)
            return
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=1500)
        except Exception as exc:  # discovery closed meanwhile (NotRunningException, ...): never raise in its thread
            log.debug("no details for %s: %s", name, exc)
            return
        found = _parse(info) if info is not None else None
        if found is not None:
            with self._lock:
                self._games[name] = found

    def games(self) -> list[FoundGame]:
        with self._lock:
            return sorted(self._games.values(), key=lambda g: g.name)

    def close(self) -> None:
        if self._zc is not None:
            self._zc.close()
            self._zc = None


def _parse(info: Any) -> FoundGame | None:
    """A found service as a game, or None if its record is not one of ours (foreign data is ignored)."""
    try:
        props = {k.decode(): (v or b"").decode() for k, v in info.properties.items()}
        addresses = info.parsed_addresses()
        return FoundGame(name=_clean(props.get("name", "")), address=addresses[0], port=int(info.port),
                         protocol=int(props.get("protocol", "0")), program=props.get("program", "?")[:20])
    except (AttributeError, IndexError, ValueError, UnicodeDecodeError):
        return None
