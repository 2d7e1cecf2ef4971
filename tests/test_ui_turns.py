"""The other side's turn, read at a glance (issue 16), checked through the real loop.

After each bot turn the caption and the rings match the turn's events, the opponent's hand shows the
backs of the kinds of cards it really holds, guile tactics get their toast, banners sit in the flag
band and fade, and the hot-seat pass screen summarises the turn without showing a hand.
"""

from __future__ import annotations

import random
from typing import Any, cast

import pygame
import pytest
from builders import view_of
from ui_driver import Driver, marked

from engine import Game, from_position, redact
from engine.cards import TROOP_BIT
from engine.notation_types import Action, Event, View
from game import i18n
from game.i18n import LANGUAGES, set_language
from game.keep.settings import TEXT_SIZES, Settings
from game.play.bot_client import BotLike
from game.play.positions import find
from game.play.session import Session, Setup
from game.play.table import LocalTable
from game.play.turn_words import tactic_toast, turn_caption
from game.play.words import card_short
from game.ui import layout, theme
from game.ui.shell import App
from scenes import board_cover, board_hud, board_hud_view
from scenes.board import BoardScene
from scenes.board_state import TOAST_TIME, Toast
from scenes.pass_device import PassScene

TROOP_BACK, TACTICS_BACK = (116, 36, 40), (34, 52, 104)


def make_app(speed: str = "off") -> App:
    """An app whose settings go to the fresh folder conftest gives each test."""
    pygame.init()
    return App(Settings(animation_speed=speed), fixed_dt=1 / 60)


def last_turn_of(game: Game, seat: str, viewer: str) -> list[Event]:
    """The events of `seat`'s most recent turn, replayed from the record and hidden as `viewer` sees them."""
    replay = Game.new(game.rules, game.seed or 0, game.first, game.players)
    turns: list[list[Event]] = [[]]
    for action in game.actions:
        for event in replay.apply(action):
            if event["type"] in ("turn", "game_over"):
                turns.append([])
            elif event.get("seat"):
                turns[-1].append(cast(Event, redact(event, viewer)))
    done = [t for t in turns if t and t[-1]["seat"] == seat]
    return done[-1]


def back_colours(board: BoardScene) -> list[tuple[int, ...]]:
    """The colour of each opponent back as drawn, read from the left edge band every back shows."""
    surface = pygame.Surface((layout.W, layout.H))
    board.draw(surface)
    size = board.view["hand_sizes"]["north"]
    return [surface.get_at((r.x + 4, r.centery + 10))[:3] for r in layout.opponent_hand(size)]


def back_kinds(board: BoardScene) -> list[str]:
    """Each opponent back as "tactics" or "troops": the nearer of the two backs' colours, within the paper grain's
    reach (the card stock lightens or darkens a back by a few levels), else "neither"."""
    kinds = []
    for colour in back_colours(board):
        near = {kind: max(abs(a - b) for a, b in zip(colour, ref, strict=True))
                for kind, ref in (("tactics", TACTICS_BACK), ("troops", TROOP_BACK))}
        kind = min(near, key=lambda k: near[k])
        kinds.append(kind if near[kind] <= 16 else "neither")
    return kinds


def test_after_each_bot_turn_the_caption_marks_and_backs_match_its_events() -> None:
    app = make_app()
    session = Session(Setup(opponent="easy", seed=11), bot_pace=0.0)
    table = session.new_table()
    board = BoardScene(app, table, session)
    app.push(board)
    driver = Driver(app)
    rng = random.Random(4)
    checked = tactics_seen = 0
    for _ in range(20000):
        driver.frames(1)
        if table.result is not None or checked >= 14:
            break
        legal = table.legal_actions()
        if not legal or app.top is not board or table.phase != "play":
            if legal and app.top is board:
                driver.play(board, legal[0], "keyboard")
            continue
        if any(a.get("seat") == "north" for a in board.model.log):
            expected = last_turn_of(table.game, "north", "south")
            assert board.model.last_turn == ("north", expected), "the board kept exactly the bot's last turn"
            caption = turn_caption("north", expected, board.names)
            assert caption.startswith("Bot (easy): ")
            marks = marked(board)
            for e in expected:
                if e["type"] == "play" and "flag" in e and e["card"] not in ("fog", "mud"):
                    assert f"{card_short(e['card'])} to flag {e['flag']}" in caption
                    slot = board.rects[("slot", e["flag"], "north", e["card"])]
                    assert any(m.topleft == slot.topleft for m in marks), "the card just played is ringed"
                elif e["type"] == "claim":
                    assert f"claimed flag {e['flag']}" in caption
                elif e["type"] == "draw":
                    assert ("drew a tactics card" if e["deck"] == "tactics" else "drew a troop card") in caption
            held = sum(1 for c in table.game.hands["north"] or [] if c not in TROOP_BIT)
            assert board.view["hand_tactics"]["north"] == held
            kinds = back_kinds(board)
            assert kinds.count("tactics") == held and kinds.count("troops") == len(kinds) - held, kinds
            tactics_seen += held > 0
            checked += 1
        claims = [a for a in legal if a["type"] == "claim"]
        action = claims[0] if claims else rng.choice(legal)
        driver.play(board, action, ("mouse", "keyboard", "controller")[checked % 3])
        assert board.model.last_turn is None, "the marks and caption stay only until the player here acts"
    assert checked >= 10 and tactics_seen, "the bot's hand held a tactics card at least once"
    table.close()


class Scripted:
    """A player for the north seat that plays `first` when it is legal, then the first legal action.
    It reads only the view it is handed, like any bot (game.play.bot_client.BotLike)."""

    def __init__(self, first: Action) -> None:
        self.first: Action | None = first
        self.asked: tuple[int, View] | None = None
        self.n = 0

    def request(self, position: View) -> int:
        self.n += 1
        self.asked = (self.n, position)
        return self.n

    def poll(self) -> tuple[int, Action] | None:
        if self.asked is None:
            return None
        rid, position = self.asked
        self.asked = None
        legal = from_position(position).legal_actions()
        if self.first in legal:
            action, self.first = self.first, None
            return rid, action
        claims = [a for a in legal if a["type"] == "claim"]
        return rid, (claims or legal)[0]

    def cancel(self) -> None:
        self.asked = None

    def close(self) -> None:
        pass


def north_can(card: str) -> Any:
    def check(game: Game) -> bool:
        return game.to_move == "north" and game.phase == "play" and \
            any(a.get("card") == card for a in game.legal_actions())
    return check


@pytest.mark.parametrize("card", ["deserter", "traitor", "redeploy"])
def test_a_guile_tactics_card_gets_its_toast_and_animation(card: str) -> None:
    app = make_app(speed="normal")
    game = find(3, north_can(card), limit=600)
    act = next(a for a in game.legal_actions() if a.get("card") == card)
    bot: BotLike = Scripted(act)
    table = LocalTable(game, {"north": bot})
    board = BoardScene(app, table)
    board.model.viewer, board.model.hidden, board.pending_pass = "south", False, None
    board.refresh()
    app.push(board)
    driver = Driver(app)
    owner = "north" if card == "redeploy" else "south"
    target_rect = board.rects[("slot", act["from_flag"], owner, act["target"])]
    toast: Toast | None = None
    flew = from_hand = drawn = False

    def held(r: pygame.Rect) -> bool:  # the opponent's backs peek down from the top edge
        return r.bottom <= layout.TOP_STRIP + 2
    for _ in range(600):
        driver.frames(1)
        flights = board.anims.flights
        flew |= any(f.card == act["target"] and f.src.topleft == target_rect.topleft for f in flights)
        from_hand |= any(f.card == card and held(f.src) for f in flights)
        drawn |= any(f.card.startswith("back:") and held(f.dst) for f in flights)
        shown = board_cover.current_toast(board.toasts, board.clock)
        if shown is not None and toast is None and card_short(card) in shown.title:
            toast = shown
        if table.to_move == "south" and not board.anims.busy(board.clock) and toast is not None:
            break
    assert toast is not None, "the move was not silent"
    title, line = tactic_toast(cast(Event, {**act, "type": "play", "seat": "north"}), board.names) or ("", "")
    assert toast.title == title and toast.lines == [line] and card_short(act["target"]) in line
    assert flew, "the moved card travels from where it stood"
    assert from_hand and drawn, "the tactics card leaves their hand, the drawn card flies into it"
    cards = [r for k, r in board.rects.items() if k[0] in ("slot", "hand")]
    assert board_hud.TOAST_BOX.collidelist(cards) == -1, "the banner's place covers no card"
    assert board.model.last_turn is not None and board.model.last_turn[1][0]["card"] == card
    for _ in range(int((TOAST_TIME + 4) * 60)):  # the banners fade on their own, without an action
        driver.frames(1)
    assert board_cover.current_toast(board.toasts, board.clock) is None
    assert board.model.last_turn is not None, "the caption stays until the player acts"
    table.close()


def test_hotseat_pass_screen_summarises_the_turn_and_colours_stay_with_players() -> None:
    app = make_app()
    session = Session(Setup(opponent="human", seed=8), bot_pace=0.0)
    table = session.new_table()
    board = BoardScene(app, table, session)
    app.push(board)
    driver = Driver(app)
    tints = {seat: board.shown.tint(seat) for seat in ("south", "north")}
    passes = 0
    for _ in range(3000):
        driver.frames(1)
        if isinstance(app.top, PassScene):
            assert board.model.hidden
            if board.model.last_turn is not None:
                seat, events = board.model.last_turn
                assert seat != app.top.seat and events == last_turn_of(table.game, seat, seat)
                surface = pygame.Surface((layout.W, layout.H))
                app.top.draw(surface)  # drawn whole, with the summary and no board under it
                passes += 1
            driver.confirm("keyboard")
            if passes and board.model.last_turn is not None:
                assert board.model.viewer != board.model.last_turn[0] and marked(board)
            if passes >= 3:
                break
            continue
        legal = table.legal_actions()
        if legal and app.top is board:
            claims = [a for a in legal if a["type"] == "claim"]
            driver.play(board, (claims or legal)[-1], "mouse")
            assert {seat: board.shown.tint(seat) for seat in tints} == tints
    assert passes >= 3
    table.close()


LONG = {"south": "Wwwwwwwwwwwwwwww", "north": "Bot (normal)"}  # 16 wide letters: the longest name allowed


def worst_turns() -> list[tuple[str, list[Event]]]:
    """Turns with the most to say: a Traitor, a Redeploy, a Scout with its draws, each with claims and draws."""
    north: list[Event] = [
        {"type": "play", "seat": "north", "card": "traitor", "from_flag": 8, "target": "p10", "to_flag": 9},
        {"type": "claim", "seat": "north", "flag": 8}, {"type": "claim", "seat": "north", "flag": 9},
        {"type": "draw", "seat": "north", "deck": "tactics"},
    ]
    redeploy: list[Event] = [
        {"type": "play", "seat": "north", "card": "redeploy", "from_flag": 8, "target": "alexander", "to_flag": None},
        {"type": "claim", "seat": "north", "flag": 7}, {"type": "draw", "seat": "north", "deck": "troops"},
    ]
    scout: list[Event] = [{"type": "play", "seat": "north", "card": "scout"},
             *(Event(type="scout_draw", seat="north", deck=d) for d in ("tactics", "troops", "tactics")),
             {"type": "scout_return", "seat": "north", "count": 2}]
    return [("north", north), ("north", redeploy), ("north", scout)]


@pytest.mark.parametrize("scale", sorted(set(TEXT_SIZES.values())))
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_caption_and_toast_fits_its_box(lang: str, scale: float) -> None:
    """In every language and at every text size (the theme's text scale), the longest turns still fit."""
    pygame.font.init()
    with i18n.using(i18n.Translator(lang)), theme.using(theme.Theme(text_scale=scale)):
        from game.ui.text import font_for

        for seat, events in worst_turns():
            words = turn_caption(seat, events, LONG)
            lines, size = board_hud_view.caption_lines(words, layout.CAPTION_RECT.width - 28)
            assert len(lines) * board_hud.step_of(size, 1.2) <= layout.CAPTION_RECT.height - 12, (lang, words)
            assert all(font_for(ln, size, "condensed").size(ln)[0] <= layout.CAPTION_RECT.width - 28 for ln in lines)
            for e in events:
                toast = tactic_toast(e, LONG)
                if toast is not None:
                    box = Toast([toast[1]], (0, 0, 0), 1.0, toast[0])
                    assert board_hud.toast_layout(box)[2] <= board_hud.TOAST_BOX.height, (lang, toast)
        from game.play.explain import Referee
        from game.play.words import formation_words, tie_words

        tie = tie_words(formation_words("battalion", 28), formation_words("battalion", 28), LONG["south"])
        claim = Toast([tie], (0, 0, 0), 1.0, f"{LONG['north']} takes flag 9")
        assert board_hud.toast_layout(claim)[2] <= board_hud.TOAST_BOX.height
        ref = Referee(view_of(Game.new(seed=1), "south"), "south", LONG)
        for card in ("alexander", "darius", "cavalry", "shield", "fog", "mud", "scout", "redeploy", "deserter",
                     "traitor"):  # the longest status panel: a tactics card's text and why it is dimmed
            from game.i18n import _
            from game.ui.card_art import TACTIC_TEXT

            click = _("{confirm} choose  \u00b7  {back} back", confirm=_("Click"), back=_("Right-click"))
            hint = click + "  \u00b7  " + _("Click a glowing flag to claim")  # the mouse's, the longest
            for note in (f"{card_short(card)}: {_(TACTIC_TEXT[card])}", ref.why_card_unplayable(card)):
                sentences = [_("No troop can be played, so you must play a tactics card."), note]
                lines, hints, size = board_hud.fit_prompt(sentences, hint)
                step = board_hud.step_of(size, board_hud.PROMPT_SPACING)
                assert (len(lines) + len(hints)) * step + 20 <= layout.PROMPT_RECT.height, (lang, card, lines)


def test_a_scouts_turn_is_said_as_a_sentence_not_as_a_form() -> None:
    """R27: Scout draws three and puts two back; the caption once read "drew tactics cards: 3, put back
    cards: 2" (a form); each count now meets its word in the language's plural form."""
    events: list[Event] = [{"type": "play", "seat": "north", "card": "scout"},
              {"type": "scout_draw", "seat": "north", "deck": "troops"},
              {"type": "scout_draw", "seat": "north", "deck": "troops"},
              {"type": "scout_draw", "seat": "north", "deck": "tactics"},
              {"type": "scout_return", "seat": "north", "count": 2}]
    names = {"south": "Ana", "north": "Ben"}
    assert turn_caption("north", events, names) == \
        "Ben: played Scout, drew 2 troop cards, drew a tactics card, put back 2 cards."
    three: list[Event] = [events[0], *[events[3].copy() for _ in range(3)], {**events[4], "count": 1}]
    assert turn_caption("north", three, names) == \
        "Ben: played Scout, drew 3 tactics cards, put back 1 card."
    try:
        set_language("cs")
        said = turn_caption("north", events, names)
    finally:
        set_language("en")
    assert "dobral 2 válečné karty" in said and "vrátil 2 karty" in said and ":" not in said.split(": ", 1)[1]
