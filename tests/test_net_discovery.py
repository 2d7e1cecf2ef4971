"""LAN discovery with real zeroconf sockets, kept on the loopback interface."""

from __future__ import annotations

import secrets
from typing import Any

from net_helpers import free_port
from waiting import wait_until

from net.discovery import Advertiser, Browser
from net.protocol import PROTOCOL_VERSION
from net.version import program_version


def test_a_hosted_game_is_found_with_its_versions_and_name() -> None:
    # A port and a name of this run's own: another run on the same machine advertises other ones.
    port, name = free_port(), f"Ana {secrets.token_hex(4)}"
    advertiser = Advertiser(name, port, address="127.0.0.1", interfaces=["127.0.0.1"])
    browser = Browser(interfaces=["127.0.0.1"])
    try:
        assert advertiser.error is None and browser.error is None

        def ours() -> list[Any]:
            return [g for g in browser.games() if g.port == port]  # other games on this machine are not ours

        wait_until(ours, 60, "our game in the browser's list", pause=0.1)
        games = ours()
        assert len(games) == 1, games
        game = games[0]
        assert (game.name, game.address, game.port) == (name, "127.0.0.1", port)
        assert game.protocol == PROTOCOL_VERSION and game.program == program_version() and game.compatible
    finally:
        browser.close()
        advertiser.close()


def test_a_change_seen_as_discovery_closes_never_raises_in_zeroconfs_thread() -> None:
    """Issue 48 item 7: a service seen while (or after) the browser closes: asking a closed zeroconf for
    its details raises in zeroconf's thread (NotRunningException, ...); the handler swallows it."""
    from zeroconf import ServiceStateChange

    from net.discovery import SERVICE, Browser

    browser = Browser(interfaces=["127.0.0.1"])
    zeroconf = browser._zc
    browser.close()
    browser._on_change(zeroconf, SERVICE, f"Ana.{SERVICE}", ServiceStateChange.Added)
    assert browser.games() == []
