"""What the board does with each engine event: animations, banners, and what comes next."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from engine import OTHER
from engine.notation_types import Event
from game.i18n import _
from game.play.turn_words import tactic_toast
from game.play.words import proof_words
from game.ui import audio, effects, layout

from .board_anim import Confetti, Flight, Slide
from .board_shown import Shown

if TYPE_CHECKING:
    from .board_roles import Claiming, Events, Flying

FLY = 0.42
DRAW = 0.5
SLIDE = 0.6


def celebrates(seats: Sequence[str], event: Mapping[str, Any]) -> bool:
    """A game's end is celebrated (fanfare, confetti) when someone at this screen (its `seats`: the table's local
    ones) won it, never for the loser."""
    winner = event.get("winner")
    return bool(winner) and (winner in seats or not seats)


def on_event(board: Events, event: Event, before: dict[Any, pygame.Rect]) -> None:
    kind = event["type"]
    # the end of a game lost at this screen is quiet: a soft falling phrase, no fanfare, no laurels
    lost_here = kind == "game_over" and bool(event.get("winner")) and not celebrates(board.table.local_seats, event)
    if kind == "game_over":
        audio.end_music()  # the music makes way for the ending's sting
    audio.on_event(board.app, event, lost_here=lost_here)
    if kind == "claim":
        _claim(board, event)
    elif kind == "play" and (event["seat"] != board.model.viewer or not board.table.local_seats):
        # Deserter, Traitor, Redeploy: never silent (a screen with no hand toasts both sides' and names the loser)
        toast = tactic_toast(event, board.names, not board.table.local_seats)
        if toast is not None:
            flag = event.get("to_flag") or event.get("from_flag")  # where the card went, else where it was
            board.say([toast[1]], title=toast[0], queued=True, about=("flag", int(flag)) if flag else None)
    elif kind == "turn" and board.model.hotseat and passes_to(event["seat"], board.shown.three, board.table.local_seats,
                                                              board.model.viewer, board.model.hidden):
        board.pending_pass = event["seat"]
    elif kind == "game_over":
        board.pending_results = True
        board.pending_pass = None
        if board.speed > 0 and celebrates(board.table.local_seats, event):  # laurels: a Breakthrough, an Envelopment
            start = board.anims.slot_start(board.clock, 0.2)
            board.anims.confetti = Confetti(start, effects.finale_kind(event.get("how")))
    if board.speed <= 0:
        return
    if kind == "play":
        _play(board, event, before)
    elif kind in ("draw", "scout_draw"):
        _draw(board, event)
    elif kind == "scout_return":
        _return(board, event, before)


def passes_to(seat: str, three: bool, local_seats: Sequence[str], viewer: str, hidden: bool) -> bool:
    """Hot-seat: the device goes to `seat` when a person there (one of the `local_seats`) takes over from someone
    else, the `viewer` or a hand `hidden` (for `three` players a bot's turn passes nothing: the device stays where
    it is until a person's turn comes)."""
    if not three:
        return True
    return seat in local_seats and (seat != viewer or hidden)


def _claim(board: Claiming, event: Event) -> None:
    seat, n = event["seat"], event["flag"]
    who = board.names[seat]
    # from its parts, in any language
    proof = proof_words(event.get("proof", {}), board.names[board.shown.foe(seat, n)], who)
    shown = list(board.toasts)  # a Toast is equal only to itself
    board.say([proof[0].upper() + proof[1:] if proof else ""], title=_("{who} takes flag {flag}", who=who, flag=n),
              good=True, queued=seat != board.model.viewer, about=("flag", n))  # your own claim answers at once
    banner = next((t for t in board.toasts if t not in shown), None)  # the tutorial says it in its panel
    if board.speed > 0:
        duration = SLIDE * board.speed
        shift = board.shown.claim_shift(seat, n)
        start = board.anims.slot_start(board.clock, duration)
        board.anims.slides.append(Slide(n, shift, start, duration))
        late = start + duration - banner.start if banner is not None else 0.0
        if banner is not None and late > 0:  # the banner over the flag band waits until the flag has moved
            banner.start += late
            banner.until += late


def _fly(board: Flying, card: str, src: pygame.Rect | None, dst: pygame.Rect | None, size: str,
         hides: Any = None, flip: str | None = None, base: float = FLY) -> None:
    if src is None or dst is None:
        return
    duration = base * board.speed
    start = board.anims.slot_start(board.clock, duration)
    board.anims.flights.append(Flight(card, src, dst, start, duration, size, flip, hides))


def _hand_source(shown: Shown, seat: str, card: str, before: dict[Any, pygame.Rect]) -> pygame.Rect | None:
    """Where `seat`'s `card` leaves from: its place in the viewer's hand as laid out `before`, else the middle
    of `seat`'s backs (on the view `shown`)."""
    viewer = shown.viewer
    if seat == viewer and ("hand", card) in before:
        return before[("hand", card)]
    backs = [r for k, r in before.items() if k[0] == shown.backs_key(seat)]
    return backs[len(backs) // 2] if backs else (layout.opponent_hand(1)[0] if seat != viewer else None)


def _play(board: Flying, event: Event, before: dict[Any, pygame.Rect]) -> None:
    seat, card = event["seat"], event["card"]
    src = _hand_source(board.shown, seat, card, before)
    side = board.shown.side_of(seat)
    if card in ("fog", "mud"):
        _fly(board, card, src, board.shown.geo.pennant(event["flag"]), "small")
        return
    if "flag" in event:
        landing = board.rects.get(("slot", event["flag"], seat, card))
        size = board.shown.geo.card_size(event["flag"])
        _fly(board, card, src, landing, size, hides=("slot", event["flag"], seat, card))
        return
    # guile tactics: the card goes face up beside its owner's deck
    _fly(board, card, src, layout.discard(side), "table", hides=("discard", seat, card))
    target = event.get("target")
    if target is None:
        return
    owner = seat if card == "redeploy" else OTHER[seat]
    old = before.get(("slot", event["from_flag"], owner, target))
    to_flag = event.get("to_flag")
    if to_flag:
        dst = board.rects.get(("slot", to_flag, seat, target))
        _fly(board, target, old, dst, "table", hides=("slot", to_flag, seat, target))
    else:
        _fly(board, target, old, layout.discard(board.shown.side_of(owner)), "table", hides=("discard", owner, target))


def _draw(board: Flying, event: Event) -> None:
    seat, deck = event["seat"], event["deck"]
    src = layout.deck(deck)
    if seat == board.shown.viewer and "card" in event:
        card = event["card"]
        dst = board.rects.get(("hand", card))
        _fly(board, card, src, dst, "hand", hides=("hand", card), flip=deck, base=0.5)
    else:  # the back lands among its kind: troop backs first, tactics backs last (R45)
        key = board.shown.backs_key(seat)  # the bottom hand too, on a screen with no hand
        backs = [r for k, r in board.rects.items() if k[0] == key]
        if backs:
            tactics = min(len(backs), int(board.shown.view.get("hand_tactics", {}).get(seat, 0)))
            i = len(backs) - 1 if deck == "tactics" else max(0, len(backs) - tactics - 1)
            _fly(board, f"back:{deck}", src, backs[i], "small", hides=(key, i))


def _return(board: Flying, event: Event, before: dict[Any, pygame.Rect]) -> None:
    seat = event["seat"]
    decks = event.get("decks") or []
    cards: list[str | None] = [*event.get("cards", [])] or [None] * event.get("count", 0)
    for card, deck in zip(cards, decks, strict=False):
        src = before.get(("hand", card)) if card else _hand_source(board.shown, seat, "", before)
        _fly(board, f"back:{deck}", src, layout.deck(deck), "table")
