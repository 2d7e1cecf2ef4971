"""After a LAN game: the host starts the next game of the match (or a rematch); the guest follows.

Both screens show the match score. A new game gets a fresh table over the same connection
(`detach()` hands the connection on, so closing the old board does not hang up).
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Protocol

from game.i18n import _
from game.ui.widgets import Item

from . import screens

if TYPE_CHECKING:
    from game.ui.shell import App

    from .board_roles import Ended


class Finished(Protocol):
    """The results screen as these helpers see it (by its shape, so this module does not import the screen)."""

    app: App

    @property
    def board(self) -> Ended: ...

    def back(self) -> None: ...

    def main_menu(self) -> None: ...


def lan_items(results: Finished) -> list[Item] | None:
    """The results menu of a LAN game, or None for a game on this screen."""
    link = results.board.table.link
    if link is None:
        return None
    match = link.match()
    look = Item(_("Look at the board"), results.back)
    leave = Item(_("Main menu"), results.main_menu)
    if not link.hosting:
        return [look, leave]
    if match is not None and match.over:
        return [look, leave]
    label = _("Next game") if match is not None else _("Rematch")
    return [Item(label, lambda: _next_game(results), hint=_("The winner starts")), look, leave]


def _next_game(results: Finished) -> None:
    link = results.board.table.link
    assert link is not None and link.hosting, "only the hosting screen offers the next game"
    results.app.reset(screens.lan_board(results.app, link.start_next(secrets.randbits(63))))


def lan_follow(results: Finished) -> None:
    """The guest's results screen moves on to the next game as soon as the host starts it; so does the
    table's when both players asked for it from their phones."""
    from .lan_wait import follow_next_game

    link = results.board.table.link
    if link is not None and link.hosting and link.moved_on:
        results.app.reset(screens.lan_board(results.app, link.follow()))
        return
    follow_next_game(results.app, results.board.table)


def lan_status(results: Finished) -> str | None:
    """A line under the result: the match score, and on the guest's screen what happens next."""
    table = results.board.table
    link = table.link
    if link is None:
        return None
    names = table.names
    match = link.match()
    parts = []
    if match is not None:
        s = match.scores
        parts.append(_("Match: {south} {n_south} \u00b7 {north} {n_north}", south=names["south"], n_south=s["south"],
                       north=names["north"], n_north=s["north"]))
        if match.over:
            parts.append(_("match over") if match.winner is None
                         else _("{name} wins the match", name=names[match.winner]))
    parts += [_("{name} wants to play again.", name=names[seat]) for seat in link.again()]
    if not link.hosting and table.local_seats and not (match is not None and match.over):
        host = next((n for seat, n in names.items() if seat not in table.local_seats), "") or _("the host")
        parts.append(_("waiting for {name} to start the next game", name=host))
    return "  \u00b7  ".join(parts) or None
