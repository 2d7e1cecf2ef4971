"""Screenshot scenes of internet play: Host -> Over the internet with its wormhole code, and Join -> Over the
internet while a code is typed (its completions shown) and after a typo.

The host's scene is real: a magic-wormhole mailbox server (the test extra's) started on 127.0.0.1 for it, and
the lobby's own tunnel allocating the code there, unless BATTLELINE_MAILBOX names one already.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .screenshot_steady import settle

SceneMaker = Callable[[Any, int], None]
SHOWN_CLOSED_MAILBOX = "ws://127.0.0.1:4000/v1"  # the mailbox that does not answer, as the failed lobby shows it


def _local_mailbox(app: Any) -> None:
    """A mailbox on a free 127.0.0.1 port for this screenshot (stopped when it ends)."""
    if os.environ.get("BATTLELINE_MAILBOX"):
        return
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "twisted", "wormhole-mailbox",
                             f"--port=tcp:{port}:interface=127.0.0.1", "--channel-db=:memory:"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def listening() -> bool:
        with socket.socket() as s:
            return s.connect_ex(("127.0.0.1", port)) == 0

    settle(listening, lambda: None, "the mailbox server", pause=0.1)
    os.environ["BATTLELINE_MAILBOX"] = f"ws://127.0.0.1:{port}/v1"
    os.environ["BATTLELINE_WORMHOLE_LOOPBACK"] = "1"

    def stop() -> None:
        proc.kill()
        proc.wait(10)
        os.environ.pop("BATTLELINE_MAILBOX", None)

    app.quit_hooks.append(stop)


def _internet_host(app: Any, seed: int, table: bool = False) -> None:
    from scenes.internet_host import InternetHostScene
    from tools.workshop.screenshot_saves import _fresh_data

    _fresh_data()
    _local_mailbox(app)
    lobby = InternetHostScene(app, table=table, phones_bind="127.0.0.1")
    app.push(lobby)
    app.quit_hooks.append(lobby.leave)
    lobby.open_lobby()
    settle(lambda: lobby.door is None or all(lobby.door.codes()), lambda: lobby.update(0.01), "the wormhole codes",
           pause=0.02)
    lobby.update(0.01)
    lobby.menu.focus = 0


def _internet_table(app: Any, seed: int) -> None:
    """A table over the internet: a wormhole code for each seat, every one as big as the others, beside the
    phone page's QR code for the players in the room."""
    _internet_host(app, seed, table=True)


def _internet_host_failed(app: Any, seed: int) -> None:
    """The lobby when the mailbox server does not answer (a closed port on 127.0.0.1): the failure and Retry."""
    from net.internet.link import Options
    from scenes.internet_host import InternetHostScene
    from tools.workshop.screenshot_saves import _fresh_data

    _fresh_data()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    lobby = InternetHostScene(app, options=Options(mailbox=f"ws://127.0.0.1:{closed}/v1", mailbox_wait=1.0,
                                                   loopback_only=True))
    app.push(lobby)
    app.quit_hooks.append(lobby.leave)
    lobby.open_lobby()
    settle(lambda: lobby.door is None or lobby.door.failure is not None, lambda: lobby.update(0.01),
           "the mailbox's failure", pause=0.02)
    lobby.update(0.01)
    if lobby.door is not None:  # the closed port it tried, shown as one fixed port (the picture stays the same)
        lobby.door.options = replace(lobby.door.options, mailbox=SHOWN_CLOSED_MAILBOX)


def _internet_join(app: Any, seed: int) -> None:
    from scenes.internet_join import InternetJoinScene

    app.push(InternetJoinScene(app, typed="7-crossover-cl"))


def _internet_typo(app: Any, seed: int) -> None:
    from scenes.internet_join import InternetJoinScene

    scene = InternetJoinScene(app, typed="7-crossover-clockwerk")
    app.push(scene)
    scene.go(False)


def _internet_servers(app: Any, seed: int) -> None:
    from scenes.settings_servers import ServersScene

    app.settings.wormhole_mailbox = "ws://games.example.org:4000/v1"
    app.push(ServersScene(app))


def _internet_server_typo(app: Any, seed: int) -> None:
    """A transit relay typed without its tcp: form, and Save: the words that say the form."""
    from scenes.settings_servers import ServerEntry

    entry = ServerEntry(app, "wormhole_transit")
    app.push(entry)
    entry.typed = "games.example.org:4001"
    entry.save()


INTERNET_SCENES: dict[str, SceneMaker] = {
    "internet-host": _internet_host, "internet-host-failed": _internet_host_failed,
    "internet-table": _internet_table,
    "internet-join": _internet_join, "internet-typo": _internet_typo, "internet-servers": _internet_servers,
    "internet-server-typo": _internet_server_typo,
}
