"""The phone page's icon: browsers ask every page's server for /favicon.ico; the game's icon answers."""

from __future__ import annotations

from net.web.assets import static_file


def test_the_phone_page_serves_the_games_icon_as_its_favicon() -> None:
    found = static_file("/favicon.ico")
    assert found is not None
    data, kind = found
    assert kind == "image/x-icon"
    assert data[:4] == b"\x00\x00\x01\x00" and int.from_bytes(data[4:6], "little") >= 1  # an icon directory
    assert b"\x89PNG" in data
