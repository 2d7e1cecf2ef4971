"""LAN discovery with real zeroconf sockets, kept on the loopback interface."""

from __future__ import annotations

import time

from net.discovery import Advertiser, Browser
from net.protocol import PROTOCOL_VERSION
from net.version import program_version


def test_a_hosted_game_is_found_with_its_versions_and_name() -> None:
    advertiser = Advertiser("Ana", 47123, address="127.0.0.1", interfaces=["127.0.0.1"])
    browser = Browser(interfaces=["127.0.0.1"])
    try:
        assert advertiser.error is None and browser.error is None
        deadline = time.monotonic() + 10
        def ours() -> list:  # type: ignore[type-arg]
            return [g for g in browser.games() if g.port == 47123]  # other games on this machine are not ours

        while not ours() and time.monotonic() < deadline:
            time.sleep(0.1)
        games = ours()
        assert len(games) == 1, games
        game = games[0]
        assert (game.name, game.address, game.port) == ("Ana", "127.0.0.1", 47123)
        assert game.protocol == PROTOCOL_VERSION and game.program == program_version() and game.compatible
    finally:
        browser.close()
        advertiser.close()
