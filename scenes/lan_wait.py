"""The pause a LAN game falls into when the other computer goes silent: "Waiting for <name>".

The host may keep waiting, let a bot take the guest's seat, or save and leave (the game is saved
after every action anyway, so leaving loses nothing and the lobby can reopen it). The guest may
keep waiting (it reconnects by itself) or leave. The overlay closes by itself when the link is back.
"""

from __future__ import annotations

import errno
from typing import TYPE_CHECKING

from game.i18n import N_, _
from game.ui.input import Intent, Kind
from game.ui.scene import AMBIENT
from game.ui.widgets import Item

from . import screens
from .menu_base import MenuScene

if TYPE_CHECKING:
    from game.play.table import Link, Table
    from game.ui.shell import App

    from .board_roles import Watched


def watch_peer(board: Watched) -> None:
    """Called by the board every frame: open the pause when a LAN peer is lost.

    "Keep waiting" closes the pause; it opens again only if the peer returns and is lost anew.
    """
    link = board.table.link
    if link is None:
        return
    follow_next_game(board.app, board.table)
    tell_saving(board)
    if not link.peer_lost:
        link.snoozed = False
        return
    if not link.snoozed and board.app.find(PeerLostScene) is None:
        board.app.push(PeerLostScene(board.app, link))


def tell_saving(board: Watched) -> None:
    """A hosting screen says once that its game cannot be saved (the game goes on in memory), and once
    that it is saved again: the host (net.host) retries at every move."""
    link = board.table.link
    trouble = link.save_trouble if link is not None else None
    problem = trouble.problem if trouble is not None else None
    told = board.save_told
    if problem == told or (problem is not None and told is not None):
        return
    board.save_told = problem
    if trouble is not None:
        why = _(SAVE_FAILURES.get(trouble.errno or 0, DISK_ERROR))
        board.say([_("This game cannot be saved ({why}). It goes on, but is not being saved.", why=why)],
                  bad=True)
    else:
        board.say([_("The game is being saved again.")], good=True)


DISK_ERROR = N_("a disk error")
#: why a save failed, as the host's screen says it (errno -> words)
SAVE_FAILURES = {errno.ENOSPC: N_("the disk is full"), errno.EDQUOT: N_("the disk is full"),
                 errno.EROFS: N_("the folder is read-only"), errno.EACCES: N_("the folder is read-only"),
                 errno.EPERM: N_("the folder is read-only"), errno.EMFILE: N_("too many files are open"),
                 errno.ENFILE: N_("too many files are open"), errno.ENOENT: N_("the save folder is gone")}


class PeerLostScene(MenuScene):
    name = "peer_lost"
    opaque = False
    menu_top = 420

    def __init__(self, app: App, link: Link) -> None:
        self.link = link  # a LAN table's network side: only a LAN table loses a peer
        # the player it lost; unnamed, a guest (or a watcher) lost the host, a host one of its guests
        self.other_name = link.lost_name or (_("the other player") if link.hosting else _("the host"))
        super().__init__(app)

    @property
    def title(self) -> str:  # type: ignore[override]
        return _("Waiting for {name}\u2026", name=self.other_name)

    @property
    def subtitle(self) -> str:  # type: ignore[override]
        return _("The connection was lost; it comes back by itself if it can")

    def items(self) -> list[Item]:
        out = [Item(_("Keep waiting"), self._wait, hint=_("Play goes on as soon as the link is back"))]
        if self.link.hosting:
            if self.link.stand_in:  # the table host's screen waits for its players, or saves
                out.append(Item(_("Let a bot play {name}'s seat", name=self.other_name), self._bot))
            out.append(Item(_("Save and leave"), self._leave, hint=_("Reopen it later from Host a LAN game")))
        else:
            out.append(Item(_("Leave"), self._leave))
        return out

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.BACK:
            self.back()
            return
        self.menu.handle(intent)

    def _wait(self) -> None:
        self.link.snoozed = True
        self.back()

    def _bot(self) -> None:
        from game.play.bot_client import open_bot

        self.link.let_bot_play(open_bot("normal"))
        self.back()

    def _leave(self) -> None:
        self.link.save()
        self.app.reset(screens.main_menu(self.app))

    def update(self, dt: float) -> None:
        if self.app.top is self and not self.link.peer_lost:
            self.back()  # the board below keeps the link polled (keep_alive)

    def activity(self) -> int:
        return AMBIENT


def follow_next_game(app: App, table: Table) -> None:
    """A LAN guest's screen (on `table`) moves to the next game as soon as the host starts it."""
    link = table.link
    if link is not None and not link.hosting and link.moved_on:
        app.reset(screens.lan_board(app, link.follow()))  # a player's table, or a watcher's
