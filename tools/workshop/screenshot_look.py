"""Screenshot scenes of the look of issue 35: every card face, a flag's moment, the three endings.

`battleline screenshot --scene cards|claim-moment|finale-triumph|finale-win|finale-loss --out F.png`
"""

from __future__ import annotations

from typing import Any

from tools.workshop.screenshot import SceneMaker, _board


def _cards(app: Any, seed: int) -> None:
    """All ten troop types in one colour, the ten tactics and both backs, on the battlefield."""
    import pygame

    from engine.cards import TACTICS
    from game.ui import art, card_art
    from game.ui.scene import Scene

    class Sheet(Scene):
        name = "cards"

        def draw(self, surface: pygame.Surface) -> None:
            surface.blit(art.backdrop((1920, 1080)), (0, 0))
            rows = [[f"{'rgybop'[seed % 6]}{v}" for v in range(10, 0, -1)], list(TACTICS)]
            w, h = card_art.SIZES["hand"]
            for r, row in enumerate(rows):
                for i, card in enumerate(row):
                    surface.blit(card_art.face(card, "hand"), (40 + i * (w + 16), 40 + r * (h + 30)))
            for i, deck in enumerate(("troops", "tactics")):
                surface.blit(card_art.back(deck, "hand"), (40 + i * (w + 16), 40 + 2 * (h + 30)))
            for i, letter in enumerate("rygbop"):
                surface.blit(card_art.face(f"{letter}{10 - i}", "table"), (460 + i * 140, 40 + 2 * (h + 30) + 30))

    app.push(Sheet(app))


def _claim_moment(app: Any, seed: int) -> None:
    """A flag just won: its standard halfway to the winner's side, the cloth waving, the ring spreading."""
    from game.play.positions import find
    from scenes.board_anim import Slide

    game = find(seed, lambda g: sum(1 for f in g.view(None)["flags"] if f["claimed"]) >= 2, limit=600)
    board = _board(app, game)
    n, flag = next((n, f) for n, f in enumerate(board.view["flags"], start=1) if f["claimed"])
    shift = board.shown.pennant_shift(flag)
    board.anims.slides.append(Slide(n, shift, board.clock + 0.5 - 0.25, 0.6))  # drawn 0.25 s into the move


def _finale(kind: str) -> SceneMaker:
    """A game's end 1.6 s in: a triumph (Breakthrough or Envelopment), another win, or a loss to the bot
    (north), which is quiet: a dusk and nothing falling."""
    def make(app: Any, seed: int) -> None:
        from game.play.positions import find
        from game.ui.effects import Finale

        def ended(g: Any) -> bool:
            result = g.result or {}
            if kind == "loss":
                return bool(g.over and result.get("winner") == "north")
            return bool(g.over and (kind == "win" or result.get("how") in ("breakthrough", "envelopment")))

        board = _board(app, find(seed, ended, limit=600), bots=kind == "loss")
        if kind != "loss":
            board.anims.confetti = Finale(board.clock + 0.5 - 1.6, kind)
    return make


LOOK_SCENES: dict[str, SceneMaker] = {
    "cards": _cards, "claim-moment": _claim_moment, "finale-triumph": _finale("triumph"),
    "finale-win": _finale("win"), "finale-loss": _finale("loss"),
}
