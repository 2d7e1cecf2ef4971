"""The board's input as commands (scenes.board_input): what each key, click and drag means, decided from
the board's state alone, with no App, no window and no table to try things on.

Each situation is built from a real engine position (tests.builders), its legal actions in a real Flow,
its Referee and the board's real layout; every test checks that deciding left the game untouched.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

import pygame
import pytest
from builders import claim, game, play

from engine import Game, to_position
from engine.notation_types import Action, View
from game.play.explain import Referee
from game.play.flow import Flow, Target, picks_of
from game.play.positions import find
from game.ui import layout
from game.ui.input import Intent, Kind
from scenes.board_input import (
    Act,
    Focus,
    LetGo,
    OpenInspect,
    OpenLog,
    Pause,
    Pick,
    Refuse,
    Situation,
    StepBack,
    Tell,
    activation,
    commands,
)


def board_targets(g: Game, seat: str) -> dict[Target, pygame.Rect]:
    """The targets a board would lay out for `seat`: hand cards, each flag's side, decks, discards, buttons."""
    view = g.view(seat)
    geo = layout.geometry(view["rules"], seat)
    hand = g.hand(seat)
    targets: dict[Target, pygame.Rect] = {("hand", c): r for c, r in zip(hand, layout.hand(len(hand)), strict=True)}
    for n in range(1, 10):
        targets[("flag", n)] = geo.side_area(n, "bottom")
    for d in ("troops", "tactics"):
        targets[("deck", d)] = layout.deck(d)
    for s in ("south", "north"):
        targets[("discard", s)] = layout.discard(geo.side_for(s, None))
    for name, rect in layout.button_rects(["menu", "log"]).items():
        targets[("button", name)] = rect
    return targets


def typed(action: Action) -> Action:
    """A builders action as the board's commands carry it (builders' actions are typed now: the same dict)."""
    return action


def situation(g: Game, seat: str = "south", *, picked: tuple[Target, ...] = (), focus: Target | None = None,
              pressed: Target | None = None, drag: tuple[str, tuple[int, int]] | None = None) -> Situation:
    view = cast(View, g.view(seat))
    my_turn = g.result is None and g.to_move == seat
    legal = cast(list[Action], g.legal_actions()) if my_turn else []
    flow = Flow(legal, seat)
    for target in picked:
        flow.pick(target)
    ref = Referee(view, seat)
    provable = tuple(ref.claimable()) if my_turn else ()
    forced = my_turn and bool(legal) and all(a["type"] == "pass" for a in legal)
    return Situation(targets=board_targets(g, seat), flow=flow, focus=focus, pressed=pressed, drag=drag,
                     my_turn=my_turn, phase=g.phase, geo=layout.geometry(view["rules"], seat), ref=ref,
                     legal=legal, claim_timing=view["rules"]["claim_timing"], provable=provable,
                     claimable=() if forced else provable, forced_pass=forced)


class Untouched:
    """Games handed to it must be exactly as they were once the test is done: deciding changes nothing."""

    def __init__(self) -> None:
        self.kept: list[tuple[Game, View, int]] = []

    def __call__(self, g: Game) -> Game:
        self.kept.append((g, to_position(g), len(g.actions)))
        return g


@pytest.fixture
def untouched() -> Iterator[Untouched]:
    watch = Untouched()
    yield watch
    for g, position, actions in watch.kept:
        assert to_position(g) == position and len(g.actions) == actions, "deciding an input touched the game"


def leader_spent() -> Game:
    """South has a Leader on flag 1 and another in hand (one Leader each, R27; North's Fog keeps R24 out of
    it), troops to play, r10 r9 on flag 3 against one blue card (nothing provable yet)."""
    return game(flags={1: ("b5", "alexander"), 3: ("b2", "r10 r9")}, fog={8: "north"}, south="darius g4 g5 y7",
                north="b7 b8 y1")


def center(s: Situation, target: Target) -> tuple[int, int]:
    return s.targets[target].center


def intent(kind: Kind, pos: tuple[int, int] = (0, 0), value: int = 0) -> Intent:
    return Intent(kind, "mouse" if kind in (Kind.POINT, Kind.PRESS, Kind.RELEASE) else "keyboard", pos, value)


# ---------------------------------------------------------------------------- refusals: nothing is tried on the table
def test_r27_confirm_on_a_second_leader_is_a_refusal_and_the_table_is_untouched(untouched: Untouched) -> None:
    g = untouched(leader_spent())
    s = situation(g, focus=("hand", "darius"))
    assert ("hand", "darius") not in s.flow.candidates(), "the engine offers no play for a second Leader"
    assert commands(s, intent(Kind.CONFIRM)) == [Refuse(("hand", "darius"))]


def test_r20_claiming_an_unprovable_flag_is_refused_with_the_counterexample(untouched: Untouched) -> None:
    g = untouched(leader_spent())
    [refusal] = commands(situation(g, focus=("flag", 3)), intent(Kind.CLAIM))
    assert isinstance(refusal, Refuse) and refusal.target == ("flag", 3)
    assert refusal.words is not None and "Flag 3 cannot be claimed" in refusal.words, refusal.words


def test_a_card_dropped_on_a_claimed_flag_is_refused_and_nothing_is_picked(untouched: Untouched) -> None:
    g = untouched(game(flags={5: ("b1 b2 b3", "r8 r9 r10")}, claimed={5: "south"}, first_complete={5: "north"},
                              south="g4 g5",
                             north="y1 y2"))
    s0 = situation(g)
    start = center(s0, ("hand", "g4"))
    s = situation(g, pressed=("hand", "g4"), drag=("g4", start))
    got = commands(s, intent(Kind.RELEASE, center(s, ("flag", 5))))
    assert got == [LetGo(), Refuse(("flag", 5))], got
    assert not any(isinstance(c, Act | Pick) for c in got)


def test_drawing_before_playing_is_refused_in_words(untouched: Untouched) -> None:
    g = untouched(leader_spent())
    assert commands(situation(g), intent(Kind.DRAW)) == [
        Refuse(("deck", "troops"), "You draw at the end of your turn.")]


def test_drawing_on_the_other_players_turn_is_refused_with_the_prompt(untouched: Untouched) -> None:
    g = untouched(leader_spent())
    assert commands(situation(g, "north"), intent(Kind.DRAW_TACTICS)) == [Refuse(("deck", "tactics"), prompt=True)]


def test_r9_a_provable_flag_is_refused_while_a_pass_is_the_whole_turn(untouched: Untouched) -> None:
    def forced_pass_with_a_provable_flag(g: Game) -> bool:
        return (g.to_move == "south" and g.phase == "play" and g.legal_actions() == [{"type": "pass"}]
                and bool(g.claimable_flags("south")))

    g = untouched(find(7, forced_pass_with_a_provable_flag, limit=600))
    s = situation(g)
    assert s.forced_pass and s.provable and not s.claimable, (s.legal, s.provable)
    [refusal] = commands(situation(g, focus=("flag", s.provable[0])), intent(Kind.CLAIM))
    assert isinstance(refusal, Refuse) and refusal.words is not None
    assert "a pass ends the turn" in refusal.words, refusal.words


# ---------------------------------------------------------------------------- choices
def test_confirm_on_a_flag_with_a_card_picked_plays_it(untouched: Untouched) -> None:
    g = untouched(leader_spent())
    s = situation(g, picked=(("hand", "g4"),), focus=("flag", 4))
    assert commands(s, intent(Kind.CONFIRM)) == [Act(typed(play("g4", 4)), (("flag", 4),))]


def test_a_number_key_focuses_its_flag_and_plays_the_picked_card_there(untouched: Untouched) -> None:
    g = untouched(leader_spent())
    s = situation(g, picked=(("hand", "y7"),))
    assert commands(s, intent(Kind.FLAG, value=6)) == [Focus(("flag", 6)), Act(typed(play("y7", 6)), (("flag", 6),))]


def test_a_card_dragged_anywhere_on_your_side_of_a_flag_plays_there(untouched: Untouched) -> None:
    g = untouched(leader_spent())
    s0 = situation(g)
    start = center(s0, ("hand", "g5"))
    s = situation(g, pressed=("hand", "g5"), drag=("g5", start))
    area = s.targets[("flag", 7)]
    got = commands(s, intent(Kind.RELEASE, (area.centerx, area.bottom - 3)))
    assert got == [LetGo(), Focus(("flag", 7)), Act(typed(play("g5", 7)), (("hand", "g5"), ("flag", 7)))], got


def test_pressing_a_playable_card_lifts_it_and_an_unplayable_one_does_not(untouched: Untouched) -> None:
    g = untouched(leader_spent())
    s = situation(g)
    [press] = commands(s, intent(Kind.PRESS, center(s, ("hand", "g4"))))
    assert press.drag == "g4"  # type: ignore[union-attr]
    [press] = commands(s, intent(Kind.PRESS, center(s, ("hand", "darius"))))
    assert press.drag is None  # type: ignore[union-attr]


def test_a_click_where_the_button_went_down_picks_the_card(untouched: Untouched) -> None:
    g = untouched(leader_spent())
    s = situation(g, pressed=("hand", "g4"))
    assert commands(s, intent(Kind.RELEASE, center(s, ("hand", "g4")))) == [
        LetGo(), Focus(("hand", "g4")), Pick((("hand", "g4"),))]


def test_back_steps_back_a_pick_or_opens_the_pause_menu(untouched: Untouched) -> None:
    g = untouched(leader_spent())
    assert commands(situation(g, picked=(("hand", "g4"),)), intent(Kind.BACK)) == [StepBack()]
    assert commands(situation(g), intent(Kind.BACK)) == [Pause()]
    assert commands(situation(g), intent(Kind.LOG)) == [OpenLog()]
    assert activation(situation(g), ("discard", "north")) == [OpenInspect()]


def test_claim_with_no_flag_in_mind_asks_for_one_and_a_proved_flag_is_claimed(untouched: Untouched) -> None:
    g = untouched(leader_spent())
    assert commands(situation(g), intent(Kind.CLAIM)) == [Tell("Choose a flag first, then claim it.")]
    won = untouched(game(flags={2: ("b1 b2 b3", "r8 r9 r10")}, first_complete={2: "north"}, south="g4 g5",
                         north="y1 y2", timing="advanced", phase="claim"))
    assert commands(situation(won, focus=("flag", 2)), intent(Kind.CLAIM)) == [Act(typed(claim(2)))]


def test_every_legal_action_is_reached_by_confirming_its_picks(untouched: Untouched) -> None:
    """Walking each action's picks with CONFIRM ends in exactly that action, for plays, tactics and all."""
    g = untouched(game(flags={1: ("b5 b6", "r5 r6"), 2: ("y1", "g3")}, south="r7 scout redeploy deserter traitor",
                             north="b9 y4"))
    actions = g.legal_actions()
    assert {a["card"] for a in actions if a["type"] == "play"} >= {"r7", "scout", "redeploy", "deserter", "traitor"}
    for action in cast(list[Action], actions):
        picks = picks_of(action, "south")
        *steps, last = picks
        for i, target in enumerate(steps):
            s = situation(g, picked=tuple(steps[:i]), focus=target)
            assert commands(s, intent(Kind.CONFIRM)) == [Pick((target,))], (action, target)
        s = situation(g, picked=tuple(steps), focus=last)
        assert commands(s, intent(Kind.CONFIRM)) == [Act(action, (last,))], action
