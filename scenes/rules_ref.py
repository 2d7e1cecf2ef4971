"""The rules reference: pages that show rather than tell, from the sofa or in the middle of a game.

Formations are drawn with the game's own card faces beside their poker names, the tie rule and a
claim each have a small example, and every tactics card has its own page: its face, its whole rule
and a picture of a flag before and after it is played. The board opens it in one press (F1, H, RB
or the Rules button), at the page of the tactics card under the focus.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import pygame

from engine.cards import TACTICS
from engine.notation_types import Event, View
from game.i18n import N_, _
from game.play import card_rules
from game.play.words import card_short
from game.ui import art, card_art, table_y, theme
from game.ui.input import Intent, Kind
from game.ui.scene import Scene
from game.ui.text import MIN_READ, blit_lines, fitted, line_step, shadowed, wrap

from . import screens
from .rules_draw import EMPTY, Flag, arrow, cards_row, draw_picture

if TYPE_CHECKING:
    from game.ui.shell import App

BOX = pygame.Rect(110, 150, 1700, 800)
TEXT_PAGES: dict[str, tuple[str, str]] = {
    "aim": (N_("The aim"), N_("Win three adjacent flags (a Breakthrough) or any five flags (an Envelopment, even "
            "when three of them are adjacent). Nine flags stand between the two armies; each side of a flag holds a "
            "formation of three cards. If both players pass one after the other, every flag that can be proved is "
            "awarded, and more flags wins.")),
    "turn": (N_("A turn"), N_("Play one card from your hand to your side of a flag. Then claim any flags you can "
             "prove are yours. Then draw a card from the troop deck or the tactics deck. If you cannot play a "
             "troop, you must play a tactics card if one can be played. Only a player with no card to play "
             "passes, and a pass ends the turn at once: no claim, no draw.")),
    "options": (N_("Options"), N_("Tactics off: troops only, a gentler first game. Claims after playing "
                "(standard), at the start of your turn (advanced), or at the end of your turn. A match scores each "
                "game: the winner 5 points, the loser one per flag held.")),
    "three": (N_("Three players"), N_("Three can play, without tactics cards. The nine flags form three fronts of "
              "three flags, one between each pair of players, meeting at the centre like a Y; flags 3, 4 and 7 "
              "touch there. You fight on the two fronts beside you: six flags in a line, from the outer end of one "
              "front through the centre to the outer end of the other. Play goes clockwise: south, west, east.\n"
              "Win three neighbouring flags on your own line (a Breakthrough) or any four flags (an Envelopment). "
              "If all three pass one after another, every flag that can be proved is awarded, and most flags "
              "wins.")),
    "controls": (N_("Controls"), N_("Mouse: click or drag a card onto a flag. Keyboard: arrows move, Enter chooses, "
                 "Esc goes back, 1-9 pick a flag, C claims, D or T draws, L opens the log, P pauses. Controller: "
                 "D-pad or stick, A chooses, B goes back, Y claims, X draws, Back opens the log, Start pauses.")),
}
#: (example cards, name, poker name, what it is), strongest first (R13)
FORMATIONS = [
    (("r5", "r6", "r7"), N_("Wedge"), N_("a straight flush"), N_("same colour, values in a row")),
    (("y8", "b8", "g8"), N_("Phalanx"), N_("three of a kind"), N_("the same value")),
    (("b2", "b6", "b9"), N_("Battalion"), N_("a flush"), N_("the same colour")),
    (("o4", "p5", "g6"), N_("Skirmish"), N_("a straight"), N_("values in a row, any colours")),
    (("r10", "y3", "p7"), N_("Host"), N_("anything else"), N_("any three cards")),
]
#: each tactics card: (before, after, caption before, caption after)
EXAMPLES: dict[str, tuple[list[Flag], list[Flag], str, str]] = {
    "alexander": ([Flag(yours=["r8", "r9"])], [Flag(yours=["r8", "r9", "alexander"])],
                  N_("Red 8 and 9: a third card is needed"), N_("Alexander becomes the red 10: a Wedge")),
    "darius": ([Flag(yours=["g5", "y5"])], [Flag(yours=["g5", "y5", "darius"])],
               N_("Two 5s"), N_("Darius becomes a third 5: a Phalanx")),
    "cavalry": ([Flag(yours=["o8", "g8"])], [Flag(yours=["o8", "g8", "cavalry"])],
                N_("Two 8s"), N_("A third 8: a Phalanx")),
    "shield": ([Flag(yours=["p1", "p2"])], [Flag(yours=["p1", "p2", "shield"])],
               N_("Purple 1 and 2"), N_("The purple 3: a Wedge")),
    "fog": ([Flag(theirs=["b9", "g10", "r8"], yours=["r5", "r6", "r7"])],
            [Flag(theirs=["b9", "g10", "r8"], yours=["r5", "r6", "r7"], beside="fog")],
            N_("Your Wedge beats their Skirmish"), N_("Sums only: their 27 beats your 18")),
    "mud": ([Flag(theirs=["b7", "b8"], yours=["y2", "y3", "y4"])],
            [Flag(theirs=["b7", "b8"], yours=["y2", "y3", "y4"], beside="mud", slots=4)],
            N_("Your Wedge is complete"), N_("Four cards each: your side needs one more")),
    "redeploy": ([Flag(yours=["r4", "y6"]), Flag(yours=["y7", "y8"])],
                 [Flag(yours=["r4"]), Flag(yours=["y7", "y8", "y6"])],
                 N_("The yellow 6 is at the wrong flag"), N_("Moved: yellow 6-7-8, a Wedge")),
    "deserter": ([Flag(theirs=["p10", "p9", "p8"], yours=["g2", "g3"])],
                 [Flag(theirs=["p10", EMPTY, "p8"], yours=["g2", "g3"])],
                 N_("Their Wedge, purple 8-9-10"), N_("The purple 9 is discarded: their side is open again")),
    "traitor": ([Flag(theirs=["o10", "o9"], yours=["r10", "b10"])],
                [Flag(theirs=[EMPTY, "o9"], yours=["r10", "b10", "o10"])],
                N_("Their orange 10 ..."), N_("... now fights for you: three 10s")),
}
TIE = (Flag(theirs=["b3", "b4", "b5"], yours=["g3", "g4", "g5"]))
#: pages the board's "?" opens by what is under the focus (a tactics card opens its own page)
TOPICS = {"aim": 0, "turn": 1, "formations": 2, "ties": 3, "claim": 4, "three": 5 + len(TACTICS)}
#: the three-player page's picture: the Y (game.ui.table_y) of a game under way, scaled down beside the words
THREE_PICTURE = pygame.Rect(BOX.right - 1040, BOX.y + 116, 1008, 567)
THREE_FLAGS: dict[int, dict[str, list[str]]] = {
    1: {"west": ["b2"], "south": ["g9", "g8"]}, 2: {"west": ["r4", "r5", "r6"], "south": ["y3", "p3", "o3"]},
    3: {"west": ["p9"], "south": ["b10", "b9", "b8"]}, 4: {"south": ["o7", "r7"], "east": ["y10", "o10"]},
    5: {"south": ["p1"], "east": ["g5", "y6"]}, 7: {"east": ["b5", "b6", "b7"], "west": ["y9", "g1", "r2"]},
    8: {"east": ["p4"], "west": ["o8", "y8"]},
}
THREE_CLAIMED = {2: "west", 3: "south", 7: "east"}
PREVIOUS = pygame.Rect(BOX.x, 975, 300, 70)
NEXT = pygame.Rect(BOX.right - 300, 975, 300, 70)
CLOSE = pygame.Rect(BOX.right - 200, 40, 200, 70)
CONTENTS = pygame.Rect(BOX.x, 40, 300, 70)
INDEX_ROWS = 9  # the contents in two columns of nine: every page's title, one press away
CLAIM = (Flag(theirs=["b4", "b5"], yours=["y8", "y9", "y10"]))


def three_view() -> View:
    """The picture's position: a public view (NOTATION.md) of a three-player game under way."""
    from engine.rules import FRONTS3

    flags = []
    for n in range(1, 10):
        a, b = FRONTS3[n - 1]
        sides = THREE_FLAGS.get(n, {})
        flags.append({a: sides.get(a, []), b: sides.get(b, []), "claimed": THREE_CLAIMED.get(n)})
    # only what the Y draws: a picture, not a position any reader gets
    return cast(View, {"flags": flags, "hand_sizes": {"south": 7, "west": 6, "east": 7}, "decks": {"troops": 15}})


def three_picture() -> pygame.Surface:
    """The Y of the sample game, drawn whole at 1920x1080 and scaled to the page (drawn again per language)."""
    full = pygame.Surface((table_y.W, table_y.H))
    names = {"south": _("South"), "west": _("West"), "east": _("East")}
    last: tuple[str, list[Event]] = ("west", [{"type": "play", "seat": "west", "card": "y8", "flag": 8}])
    table_y.draw_y(full, three_view(), names, "east", "play", None, last)
    return pygame.transform.smoothscale(full, THREE_PICTURE.size)


def rule_sizes(rule: str, ahead: str, width: int, room: int) -> tuple[int, int]:
    """Sizes of a tactics card's rule and of the "two ahead" line under it, so both fit `room` pixels above the
    pictures: a long rule (the Leaders' in some languages, any at large text) is set smaller, but never smaller
    on the screen than MIN_READ at normal text size."""
    floor = math.ceil(MIN_READ / theme.current().text_scale)
    sizes = [s for s in (34, 30, 28, 26, 24, 22) if s >= floor] or [floor]
    for size in sizes:
        small = min(28, size)
        height = len(wrap(rule, size, width)) * line_step(size, 1.4) + len(wrap(ahead, small, width)) * line_step(small)
        if height <= room:
            return size, small
    return sizes[-1], min(28, sizes[-1])


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app: App, card: str | None = None, topic: str | None = None) -> None:
        super().__init__(app)
        self.pages: list[tuple[str, Callable[[pygame.Surface], None]]] = [
            (_(TEXT_PAGES["aim"][0]), lambda s: self._text(s, "aim")),
            (_(TEXT_PAGES["turn"][0]), lambda s: self._text(s, "turn")),
            (_("Formations, strongest first"), self._formations),
            (_("Ties"), self._tie),
            (_("Claiming a flag"), self._claim),
            *[(card_short(c), self._tactic(c)) for c in TACTICS],
            (_(TEXT_PAGES["three"][0]), self._three),
            (_(TEXT_PAGES["options"][0]), lambda s: self._text(s, "options")),
            (_(TEXT_PAGES["controls"][0]), self._controls),
        ]
        self.page = 5 + TACTICS.index(card) if card in TACTICS else TOPICS.get(topic or "", 0)
        self.pressed: str | None = None
        self.three_bottom = 0  # where the three-player page's words end (a test checks they fit the box)
        self.contents = False  # the index of every page is shown (C, controller Y, or the Contents button)
        self.chosen = 0  # the page the contents' focus rests on

    def page_of(self, card: str) -> int:
        return 5 + TACTICS.index(card)

    def buttons(self) -> dict[str, pygame.Rect]:
        """The mouse's way through the pages: Previous and Next at the foot, Contents at the top left, Close at
        the top right."""
        return {"previous": PREVIOUS, "next": NEXT, "close": CLOSE, "contents": CONTENTS}

    def entry(self, i: int) -> pygame.Rect:
        """Page `i`'s line in the contents: two columns of INDEX_ROWS."""
        col, row = divmod(i, INDEX_ROWS)
        width = (BOX.width - 160) // 2
        return pygame.Rect(BOX.x + 60 + col * (width + 40), BOX.y + 120 + row * 70, width, 60)

    def open_contents(self, on: bool = True) -> None:
        self.contents = on
        self.chosen = self.page

    def _contents_handle(self, intent: Intent) -> None:
        """In the contents: arrows move among the titles, Enter (or a click) opens one, Back returns."""
        k, last = intent.kind, len(self.pages) - 1
        moves = {Kind.UP: -1, Kind.DOWN: 1, Kind.LEFT: -INDEX_ROWS, Kind.RIGHT: INDEX_ROWS}
        if k in moves:
            self.chosen = max(0, min(last, self.chosen + moves[k]))
        elif k is Kind.CONFIRM:
            self.page, self.contents = self.chosen, False
        elif k in (Kind.BACK, Kind.CLAIM):
            self.contents = False
        elif k in (Kind.MENU, Kind.HELP):
            self.app.pop(self)
        elif k is Kind.POINT:
            self.chosen = next((i for i in range(last + 1) if self.entry(i).collidepoint(intent.pos)), self.chosen)
        elif k is Kind.PRESS:
            self.pressed = next((n for n, r in self.buttons().items() if r.collidepoint(intent.pos)), None)
        elif k is Kind.RELEASE:
            pressed, self.pressed = self.pressed, None
            hit = next((i for i in range(last + 1) if self.entry(i).collidepoint(intent.pos)), None)
            if hit is not None:
                self.page, self.contents = hit, False
            elif pressed == "close" and CLOSE.collidepoint(intent.pos):
                self.app.pop(self)
            elif pressed == "contents" and CONTENTS.collidepoint(intent.pos):
                self.contents = False

    def turn(self, step: int) -> None:
        self.page = max(0, min(len(self.pages) - 1, self.page + step))

    def handle(self, intent: Intent) -> None:
        k = intent.kind
        last = len(self.pages) - 1
        if self.contents:
            self._contents_handle(intent)
        elif k is Kind.CLAIM:
            self.open_contents()
        elif k in (Kind.RIGHT, Kind.DOWN, Kind.CONFIRM):
            if self.page == last and k is Kind.CONFIRM:
                self.app.pop(self)
            else:
                self.turn(1)
        elif k in (Kind.LEFT, Kind.UP):
            self.turn(-1)
        elif k is Kind.SCROLL:  # the wheel turns pages: down (toward you) is the next page
            self.turn(-int(intent.value or 0))
        elif k is Kind.PRESS:
            self.pressed = next((n for n, r in self.buttons().items() if r.collidepoint(intent.pos)), None)
        elif k is Kind.RELEASE:  # only the buttons turn pages: a click on the text does nothing
            hit = next((n for n, r in self.buttons().items() if r.collidepoint(intent.pos)), None)
            pressed, self.pressed = self.pressed, None
            if hit is None or hit != pressed:
                return
            if hit == "close":
                self.app.pop(self)
            elif hit == "contents":
                self.open_contents()
            else:
                self.turn(1 if hit == "next" else -1)
        elif k in (Kind.BACK, Kind.MENU, Kind.HELP):
            self.app.pop(self)

    # ------------------------------------------------------------------ pages
    def _paragraphs(self, surface: pygame.Surface, words: list[str], x: int, y: int, width: int,
                    size: int = 34) -> int:
        lines: list[str] = []
        for paragraph in words:
            lines += [*wrap(paragraph, size, width), ""]
        blit_lines(surface, lines[:-1], size, art.CREAM, (x, y), spacing=1.4)
        return y + len(lines) * line_step(size, 1.4)

    def _text(self, surface: pygame.Surface, key: str) -> None:
        self._paragraphs(surface, _(TEXT_PAGES[key][1]).split("\n"), BOX.x + 60, BOX.y + 130, BOX.width - 120)
        if key == "aim":
            cards_row(surface, ["r10", "y9", "alexander", "g8", "b7"], (BOX.centerx - 380, BOX.bottom - 300), "hand")

    def _controls(self, surface: pygame.Surface) -> None:
        y = self._paragraphs(surface, [_(TEXT_PAGES["controls"][1])], BOX.x + 60, BOX.y + 130, BOX.width - 120)
        extra = _("On the board, F1 or H (controller: RB, mouse: the Rules button) opens these pages; a card you "
                  "rest on is shown large with its whole rule.")
        self._paragraphs(surface, [extra], BOX.x + 60, y + 10, BOX.width - 120)

    def _formations(self, surface: pygame.Surface) -> None:
        y = BOX.y + 118
        for cards, name, poker, what in FORMATIONS:
            x = cards_row(surface, list(cards), (BOX.x + 60, y))
            img = fitted(_(name), 40, 330, art.HILITE, "bold", MIN_READ)
            surface.blit(img, (x + 30, y + 10))
            img = fitted(_("= {poker}", poker=_(poker)), 32, 420, art.CREAM, "bold", MIN_READ)
            surface.blit(img, (x + 380, y + 14))
            img = fitted(_(what), 30, BOX.right - 500 - (x + 30), art.MUTED, "regular", MIN_READ)
            surface.blit(img, (x + 30, y + 66))
            y += 128
        # beside the rows, right of the widest "= poker" word (it ran into the last one in Spanish)
        lines = wrap(_("Two formations of the same kind: the higher sum of values wins."), 30, 440)
        top = (BOX.y + 118 + y) // 2 - line_step(30, 1.4) * len(lines) // 2
        blit_lines(surface, lines, 30, art.CREAM, (BOX.right - 480, top), spacing=1.4)

    def _tie(self, surface: pygame.Surface) -> None:
        words = [_("Equal formations compare by their sum of values. If the sums are equal too, the side that was "
                   "completed first wins the flag.")]
        self._paragraphs(surface, words, BOX.x + 60, BOX.y + 130, BOX.width - 120)
        draw_picture(surface, [TIE], BOX.centerx, BOX.y + 330,
                     _("Blue 3-4-5 and green 3-4-5: both a Wedge of 12. You completed yours first: the flag is "
                       "yours."))

    def _claim(self, surface: pygame.Surface) -> None:
        words = [_("Your side must be complete. If theirs is not, you must prove that no card still unseen could "
                   "complete it to beat yours. The board shows the proof, or the cards that would beat you.")]
        self._paragraphs(surface, words, BOX.x + 60, BOX.y + 130, BOX.width - 120)
        draw_picture(surface, [CLAIM], BOX.centerx, BOX.y + 360,
                     _("Yellow 8-9-10 is the strongest Wedge there is: claim now, even before their side is full."))

    def _three(self, surface: pygame.Surface) -> None:
        """The three-player game (R46-R51) beside a picture of its table: the Y with a game under way."""
        width = THREE_PICTURE.x - BOX.x - 100
        words = _(TEXT_PAGES["three"][1]).split("\n")
        room = BOX.bottom - 30 - (BOX.y + 120)
        floor = math.ceil(24 / theme.current().text_scale)  # large text may give back its extra size
        sizes = [s for s in (32, 30, 28, 26, 24, 22, 20) if s >= floor]
        size = next((s for s in sizes if sum(len(wrap(w, s, width)) + 1 for w in words) * line_step(s, 1.4)
                     <= room), sizes[-1])
        self.three_bottom = self._paragraphs(surface, words, BOX.x + 60, BOX.y + 120, width, size)
        surface.blit(three_picture(), THREE_PICTURE)
        pygame.draw.rect(surface, art.GOLD_DARK, THREE_PICTURE, 2)
        caption = _("West's line: 9 8 7 3 2 1. South's: 1 2 3 4 5 6. East's: 6 5 4 7 8 9.")
        for i, line in enumerate(wrap(caption, 28, THREE_PICTURE.width)[:2]):
            img = fitted(line, 28, THREE_PICTURE.width, art.CREAM, "regular", MIN_READ)
            surface.blit(img, img.get_rect(midtop=(THREE_PICTURE.centerx, THREE_PICTURE.bottom + 14 + 36 * i)))

    def _tactic(self, card: str) -> Callable[[pygame.Surface], None]:
        def draw(surface: pygame.Surface) -> None:
            surface.blit(card_art.face(card, "hand"), (BOX.x + 60, BOX.y + 120))
            x = BOX.x + 60 + card_art.SIZES["hand"][0] + 50
            kind, rule, ahead = card_rules.text(card)
            img = fitted(kind, 32, BOX.right - x - 60, art.HILITE, "bold", MIN_READ)
            surface.blit(img, (x, BOX.y + 120))
            width = BOX.right - x - 60
            size, small = rule_sizes(rule, ahead, width, 400 - 172 - 8)
            end = self._paragraphs(surface, [rule], x, BOX.y + 172, width, size) - line_step(size, 1.4)
            blit_lines(surface, wrap(ahead, small, width), small, art.MUTED, (x, max(BOX.y + 330, end + 4)))
            top = BOX.y + 400
            if card == "scout":
                self._scout(surface, top)
                return
            before, after, said_before, said_after = EXAMPLES[card]
            numbers = (2, 5) if len(before) > 1 else ()  # flag numbers only where a card moves between flags
            draw_picture(surface, before, BOX.x + 450, top, _(said_before), _("Before"), numbers)
            arrow(surface, (BOX.centerx, top + 180))
            draw_picture(surface, after, BOX.right - 450, top, _(said_after), _("After"), numbers)
        return draw

    def _scout(self, surface: pygame.Surface, top: int) -> None:
        for label, cards, x in ((_("Before: your hand"), ["scout", "r3", "b5", "y7"], BOX.x + 450),
                                (_("After: three drawn, two put back"), ["r3", "b5", "y7", "g9", "darius"],
                                 BOX.right - 450)):
            img = fitted(label, 32, 720, art.HILITE, "bold", MIN_READ)
            surface.blit(img, img.get_rect(midtop=(x, top)))
            width = len(cards) * 92 - 8
            cards_row(surface, cards, (x - width // 2, top + 60))
        arrow(surface, (BOX.centerx, top + 120))
        img = fitted(_("Back on the decks: red 3 and blue 5"), 28, 720, art.CREAM, "regular", MIN_READ)
        surface.blit(img, img.get_rect(midtop=(BOX.right - 450, top + 200)))
        cards_row(surface, ["r3", "b5"], (BOX.right - 450 - 92, top + 250))

    # ------------------------------------------------------------------ frame
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.backdrop((1920, 1080), 11, art.NIGHT), (0, 0))
        title, body = self.pages[self.page]
        img = shadowed(_("Rules"), 60, art.HILITE, "serif", offset=3)
        surface.blit(img, img.get_rect(center=(960, 80)))
        art.panel(surface, BOX, alpha=220, border=art.GOLD_DARK)
        g = self.app.input.glyph
        if self.contents:
            self._draw_contents(surface)
            nav = _("Contents: choose a page")
        else:
            surface.blit(fitted(title, 48, BOX.width - 120, art.HILITE, "bold"), (BOX.x + 60, BOX.y + 36))
            body(surface)
            nav = _("Page {page} of {pages}  \u00b7  Left/Right turn pages  \u00b7  {back} close", page=self.page + 1,
                    pages=len(self.pages), back=g(Kind.BACK))
        img = fitted(nav, 30, NEXT.x - PREVIOUS.right - 40, art.MUTED)
        surface.blit(img, img.get_rect(center=(960, NEXT.centery)))
        last = len(self.pages) - 1
        contents = _("Contents")
        if self.app.input.last_device != "mouse":
            contents = f"{contents}  {g(Kind.CLAIM)}"
        labels = {"previous": "\u2039 " + _("Previous"), "next": _("Next") + " \u203a", "close": _("Close"),
                  "contents": contents}
        for name, r in self.buttons().items():
            off = (name == "previous" and self.page == 0) or (name == "next" and self.page == last)
            off = off or (self.contents and name in ("previous", "next"))
            art.panel(surface, r, alpha=120 if off else 235, border=(70, 90, 84) if off else art.GOLD_DARK, radius=12)
            img = fitted(labels[name], 30, r.width - 20, art.MUTED if off else art.CREAM, "bold")
            surface.blit(img, img.get_rect(center=r.center))

    def _draw_contents(self, surface: pygame.Surface) -> None:
        """Every page's title, numbered, in two columns; the focused one lit, the page open now marked."""
        surface.blit(fitted(_("Contents"), 48, BOX.width - 120, art.HILITE, "bold"), (BOX.x + 60, BOX.y + 36))
        for i, (title, _body) in enumerate(self.pages):
            r = self.entry(i)
            lit = i == self.chosen
            art.panel(surface, r, alpha=235 if lit else 90, border=art.HILITE if lit else (70, 90, 84), radius=10)
            words = f"{i + 1}.  {title}" + ("  \u2022" if i == self.page else "")
            img = fitted(words, 32, r.width - 32, art.HILITE if lit else art.CREAM, "bold" if lit else "regular",
                         MIN_READ)
            surface.blit(img, img.get_rect(midleft=(r.x + 16, r.centery)))


screens.rules.opens(RulesScene)
