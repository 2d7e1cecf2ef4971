"""Continue: the unfinished game or match, described, then resumed exactly where it stopped.

Also the notice that tells about a file that could not be read and was set aside.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.i18n import N_, _
from game.play.saves import Saved, describe, opponent_words, resume, score_line
from game.play.words import shown_names
from game.ui import art
from game.ui.input import Intent, Kind
from game.ui.scene import Scene
from game.ui.text import blit_lines, fitted, shadowed, text, wrap
from game.ui.widgets import Item
from net.internet.words import WORMHOLE

from . import screens
from .lan_host import HostLobbyScene
from .menu_base import MenuScene

if TYPE_CHECKING:
    from game.keep.lan_saved import LanSaved
    from game.ui.shell import App


class ContinueScene(MenuScene):
    name = "continue"
    menu_top = 800

    def __init__(self, app: App, saved: Saved) -> None:
        self.saved = saved
        super().__init__(app)
        self.menu.width = 720

    def items(self) -> list[Item]:
        return [Item(_("Resume"), self.start, hint=_("Same hands, same decks: the game replayed from its seed")),
                Item(_("Back"), self.back, hint=_("The save is kept; a new game asks before replacing it"))]

    def start(self) -> None:
        resume_into(self.app, self.saved)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        img = shadowed(_("Continue"), 72, art.HILITE, "serif", offset=3)
        surface.blit(img, img.get_rect(center=(960, 120)))
        box = pygame.Rect(300, 210, 1320, 520)
        art.panel(surface, box, alpha=215, border=art.GOLD_DARK, radius=20)
        lines = describe(self.saved)
        img = fitted(lines[0], 52, box.width - 80, art.CREAM, "serif")
        surface.blit(img, img.get_rect(midtop=(960, box.y + 36)))
        y = box.y + 130
        for n, line in enumerate(lines[1:], start=2):
            for part in wrap(line, 36, box.width - 100):
                img = text(part, 36, art.CREAM if n < len(lines) else art.MUTED)  # the last: when it was saved
                surface.blit(img, img.get_rect(midtop=(960, y)))
                y += 54
        self._flags(surface, box.y + 350)
        self.menu.draw(surface)
        g = self.app.input.glyph
        words = _("{confirm} choose  \u00b7  {back} back", confirm=g(Kind.CONFIRM), back=g(Kind.BACK))
        hint = text(words, 28, art.MUTED)
        surface.blit(hint, hint.get_rect(midbottom=(960, 1050)))

    def _flags(self, surface: pygame.Surface, y: int) -> None:
        """The nine flags of the game in progress: who holds which, at a glance."""
        game = self.saved.game
        if game is None:
            return
        names = shown_names(self.saved.names)
        for i, flag in enumerate(game.flags):
            r = pygame.Rect(0, 0, 96, 84)
            r.center = (960 + (i - 4) * 118, y + 42)
            owner = flag.claimed
            colour = art.SEAT_COLOURS.get(owner, art.SEAT_TINT["top"]) if owner else (86, 100, 92)
            pygame.draw.rect(surface, colour, r, border_radius=14)
            num = text(str(i + 1), 40, art.INK, "bold")
            surface.blit(num, num.get_rect(center=r.center))
        if len(game.seats) == 3:
            words = _("Flags held: {south}'s amber, {west}'s blue, {east}'s silver", south=names["south"],
                      west=names["west"], east=names["east"])
        else:
            words = _("Flags held: {south}'s amber, {north}'s blue", south=names["south"], north=names["north"])
        key = fitted(words, 28, 1320, art.MUTED)
        surface.blit(key, key.get_rect(midtop=(960, y + 96)))


class ContinueListScene(MenuScene):
    """Several unfinished sittings (one per kind of opponent): each with its names, date and score."""

    name = "continue_list"
    title = N_("Continue")
    subtitle = N_("One unfinished game per opponent: choose one")
    menu_top = 260
    #: how a hosted game's lobby opens (tests bind it to 127.0.0.1, unadvertised, on any port)
    lobby_options: ClassVar[dict[str, Any]] = {}
    #: how an internet game's screens reach the servers (tests: their own mailbox and relay on 127.0.0.1)
    internet_options: ClassVar[dict[str, Any]] = {}

    def __init__(self, app: App, saves: list[Saved], lan: list[LanSaved] | None = None) -> None:
        self.saves = saves
        self.lan = lan or []
        super().__init__(app)
        self.menu.width = 1500

    def items(self) -> list[Item]:
        """All kinds together, the latest first: couch sittings, LAN games hosted here and joined from here."""
        out: list[tuple[str, Item]] = []
        for saved in self.saves:
            label = describe(saved)[0]  # "Ana against Ben", or for three "Ana, Ben and Bot (easy)"
            out.append((str(saved.data["saved"]), Item(label, self._open(saved), detail=self._detail(saved),
                                                       hint=f"{opponent_words(saved)}: {describe(saved)[-2]}")))
        for lan in self.lan:
            label = _lan_label(lan)
            out.append((lan.when, Item(label, self._lan(lan), detail=_lan_detail(lan), hint=_lan_hint(lan))))
        out.sort(key=lambda pair: pair[0], reverse=True)
        return [*(item for _when, item in out), Item(_("Back"), self.back)]

    def _lan(self, lan: LanSaved) -> Callable[[], None]:
        return lambda: self._host(lan) if lan.hosted else self._rejoin(lan)

    def _host(self, lan: LanSaved) -> None:
        """The lobby reopens this game at once and waits for its guest(s) to rejoin (an internet game's with
        fresh wormhole codes: the guests type the new code and their kept tokens bring them to their seats)."""
        if lan.internet:
            from .internet_host import InternetHostScene

            lobby: HostLobbyScene = InternetHostScene(self.app, table=lan.table, **self.internet_options)
        else:
            opened = screens.host_lobby(self.app, **self.lobby_options)
            assert isinstance(opened, HostLobbyScene)
            lobby = opened
        self.app.push(lobby)
        if lan.path is not None:
            lobby.resume_saved(lan.path)

    def _rejoin(self, lan: LanSaved) -> None:
        """Rejoin the host with the stored token; the waiting screen says so plainly if it is not there."""
        from net.guest import Guest

        note = lan.joined
        assert note is not None
        if lan.internet:  # through a new wormhole on the code it was joined with, and the kept token
            from .internet_join import InternetJoinScene

            scene = InternetJoinScene(self.app, typed=str(note["address"]).removeprefix(WORMHOLE),
                                      token=str(note["token"]), **self.internet_options)
            self.app.push(scene)
            scene.go(False)
            return
        names = self.app.settings.names or ["Guest"]
        guest = Guest(note["address"], code=note["code"], name=str(names[0]), token=note["token"])
        try:
            guest.connect()
        except Exception as exc:  # zmq refuses a malformed address at once; the note stays
            guest.close()
            from game.keep.files import notice

            notice(_("Cannot reach {address}: {reason}", address=note["address"], reason=exc))
            show_notices(self.app)
            return
        self.app.push(screens.guest_wait(self.app, guest, rejoin=True))

    @staticmethod
    def _detail(saved: Saved) -> Callable[[], str]:
        return lambda: f"{score_line(saved)}  \u00b7  {saved.data['saved']}"

    def _open(self, saved: Saved) -> Callable[[], None]:
        return lambda: self.app.push(ContinueScene(self.app, saved))


def _lan_label(lan: LanSaved) -> str:
    """Who plays a LAN game in the list: two names, or three (R46)."""
    names = lan.names
    if "north" in names:
        return _("{south} against {north}", south=names["south"], north=names["north"])
    return _("{south}, {west} and {east}", south=names.get("south", "?"), west=names.get("west", "?"),
             east=names.get("east", "?"))


def _lan_detail(lan: LanSaved) -> Callable[[], str]:
    """The kind, the score as last known and the date, for one LAN game in the list."""
    def words() -> str:
        kind = (_("Internet, you host") if lan.hosted else _("Internet, joined")) if lan.internet else \
            _("LAN, you host") if lan.hosted else _("LAN, joined")  # the address is in the hint below
        if "north" not in lan.names:  # three players (R46): each seat's count, in seat order
            counts = lan.match if lan.match is not None else lan.flags
            scores = " \u2013 ".join(str(counts.get(seat, 0)) for seat in ("south", "west", "east"))
            score = _("match {scores}", scores=scores) if lan.match is not None else _("flags {scores}", scores=scores)
        else:
            score = _("match {n_south} \u2013 {n_north}", n_south=lan.match["south"], n_north=lan.match["north"]) \
                if lan.match is not None else \
                _("flags {n_south} \u2013 {n_north}", n_south=lan.flags["south"], n_north=lan.flags["north"])
        return f"{kind} \u00b7 {score} \u00b7 {lan.when}"  # single spaces: it must fit beside its label
    return words


def _lan_hint(lan: LanSaved) -> str:
    if lan.internet and lan.hosted:
        return _("A game you host over the internet: the lobby reopens it with new codes; tell them to your "
                 "friends, their kept seats take them back")
    if lan.internet:
        code = str((lan.joined or {}).get("address", "")).removeprefix(WORMHOLE)
        return _("A game you joined over the internet with {code}: you rejoin it while its host keeps it open "
                 "(a restarted host tells you a new code: type it in Join over the internet)", code=code)
    if lan.hosted and lan.table:
        return _("A LAN game at this table: the lobby reopens it and the players' phones find their seats again")
    if lan.hosted:
        return _("A LAN game you host: the lobby reopens it and your guest rejoins from Continue or Join")
    address = str((lan.joined or {}).get("address", "")).removesuffix(":47110")  # the usual port goes unsaid
    return _("A LAN game you joined at {address}: you rejoin it if its host is hosting it (score as last seen)",
             address=address)


def resume_into(app: App, saved: Saved) -> None:
    """Replace the screens with the resumed sitting: the board, or the scoreboard between games."""
    session, table = resume(saved, bot_pace=0.7 * app.settings.speed)
    if table is None:
        app.reset(screens.scoreboard(app, session))
        return
    app.reset(screens.board(app, table, session, resumed=True))


class NoticeScene(Scene):
    """A file could not be read and was set aside: say so plainly, then carry on."""

    name = "notice"
    opaque = False

    def __init__(self, app: App, lines: list[str]) -> None:
        super().__init__(app)
        self.lines = lines

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CONFIRM, Kind.BACK, Kind.RELEASE, Kind.MENU):
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.shade((1920, 1080), 170), (0, 0))
        wrapped: list[str] = []
        for line in self.lines[-4:]:
            wrapped += [*wrap(line, 32, 1280), ""]
        box = pygame.Rect(0, 0, 1400, 200 + 42 * len(wrapped))
        box.center = (960, 540)
        art.panel(surface, box, alpha=242, border=art.BAD, radius=20, fill=(24, 20, 20))
        img = fitted(_("A file could not be read"), 44, box.width - 60, art.BAD, "bold")
        surface.blit(img, img.get_rect(midtop=(960, box.y + 30)))
        blit_lines(surface, wrapped, 32, art.CREAM, (box.x + 60, box.y + 110), spacing=1.3)
        hint = text(_("{confirm} OK", confirm=self.app.input.glyph(Kind.CONFIRM)), 30, art.MUTED)
        surface.blit(hint, hint.get_rect(midbottom=(960, box.bottom - 20)))


def show_notices(app: App) -> None:
    """Push a notice for the files set aside since the last look, if any."""
    from game.keep.files import take_notices

    lines = take_notices()
    if lines:
        app.push(NoticeScene(app, lines))


screens.continue_game.opens(ContinueScene)
screens.continue_list.opens(ContinueListScene)
screens.resume.opens(resume_into)
