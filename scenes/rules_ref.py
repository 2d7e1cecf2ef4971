"""The rules reference: short pages a player can read from the sofa, with the options explained."""

from __future__ import annotations

import pygame

from game import art, card_art
from game.i18n import N_, _
from game.input import Intent, Kind
from game.scene import Scene
from game.text import blit_lines, fitted, shadowed, wrap

PAGES: list[tuple[str, str]] = [
    (N_("The aim"), N_("Win three adjacent flags (a Breakthrough) or any five flags (an Envelopment). Nine flags stand "
     "between the two armies; each side of a flag holds a formation of three cards.")),
    (N_("A turn"), N_("Play one card from your hand to your side of a flag. Then claim any flags you can prove are "
     "yours. Then draw a card from the troop deck or the tactics deck. If you cannot play a troop, you must "
     "play a tactics card if one can be played. Only a player with no card to play passes, and a pass ends "
     "the turn at once: no claim, no draw.")),
    (N_("Formations, strongest first"), N_("Wedge: same colour, consecutive values (red 5-6-7).\nPhalanx: same value "
     "(three 8s).\nBattalion: same colour.\nSkirmish: consecutive values, any colours.\nHost: anything else.\n"
     "Equal formations compare by their sum; a full tie goes to whoever completed first.")),
    (N_("Claiming a flag"), N_("Your side must be complete. If the opponent's side is complete too, compare them. If "
     "not, you must prove that no cards still unseen could complete their side to beat yours. The game shows "
     "the proof in words, and when a claim fails it names the cards that would beat you.")),
    (N_("Morale tactics"), N_("Alexander and Darius (Leaders): any colour and value, one Leader per player per game. "
     "Companion Cavalry: an 8 of any colour. Shield Bearers: a 1, 2 or 3 of any colour. They fill a slot like "
     "a troop.")),
    (N_("Environment and guile"), N_("Fog: only sums count at that flag. Mud: four cards per side there. Scout: draw "
     "three, put two back. Redeploy: move or discard one of your cards. Deserter: discard one of theirs. "
     "Traitor: take one of their troops to your side. You may never be more than one tactics card ahead.")),
    (N_("Options"), N_("Tactics off: troops only, a gentler first game. Claims after playing (standard), at the start "
     "of your turn (advanced), or at the end of your turn. A match scores each game: the winner 5 points, the "
     "loser one per flag held.")),
    (N_("Controls"), N_("Mouse: click or drag a card onto a flag. Keyboard: arrows move, Enter chooses, Esc goes back, "
     "1-9 pick a flag, C claims, D or T draws, L opens the log, P pauses. Controller: D-pad or stick, A "
     "chooses, B goes back, Y claims, X draws, Back opens the log, Start pauses.")),
]


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app: object) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.page = 0

    def handle(self, intent: Intent) -> None:
        k = intent.kind
        if k in (Kind.RIGHT, Kind.DOWN, Kind.CONFIRM) or (k is Kind.RELEASE and intent.pos[0] >= 960):
            if self.page == len(PAGES) - 1 and k in (Kind.CONFIRM, Kind.RELEASE):
                self.app.pop(self)
            else:
                self.page = min(len(PAGES) - 1, self.page + 1)
        elif k in (Kind.LEFT, Kind.UP) or (k is Kind.RELEASE and intent.pos[0] < 960):
            self.page = max(0, self.page - 1)
        elif k in (Kind.BACK, Kind.MENU):
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.backdrop((1920, 1080), 11, art.NIGHT), (0, 0))
        title, body = (_(words) for words in PAGES[self.page])
        img = shadowed(_("Rules"), 64, art.HILITE, "serif", offset=3)
        surface.blit(img, img.get_rect(center=(960, 90)))
        box = pygame.Rect(260, 170, 1400, 740)
        art.panel(surface, box, alpha=220, border=art.GOLD_DARK)
        surface.blit(fitted(title, 48, box.width - 100, art.HILITE, "bold"), (box.x + 50, box.y + 40))
        lines: list[str] = []
        for paragraph in body.split("\n"):
            lines += wrap(paragraph, 36, box.width - 100)
        blit_lines(surface, lines, 36, art.CREAM, (box.x + 50, box.y + 130), spacing=1.45)
        if self.page == 2:
            for i, card in enumerate(("r5", "r6", "r7")):
                surface.blit(card_art.face(card, "table"), (box.right - 460 + i * 140, box.bottom - 220))
        g = self.app.input.glyph
        nav = _("Page {page} of {pages}  \u00b7  Left/Right turn pages  \u00b7  {back} close", page=self.page + 1,
                pages=len(PAGES), back=g(Kind.BACK))
        img = fitted(nav, 30, 1800, art.MUTED)
        surface.blit(img, img.get_rect(center=(960, 980)))
