"""Formations and ties (R12-R18): ranks, runs, sums, the rulebook examples, and who completed first."""

from __future__ import annotations

from typing import Any

import pytest
from builders import DONE, claim, draw, game, play

from engine import Game, IllegalAction
from engine.formations import evaluate


def name_and_sum(cards: str, fog: bool = False) -> tuple[str, int]:
    f = evaluate(cards.split(), fog)
    return f.name, f.total


def verdict(north: str, south: str, seat: str = "south", first: str | None = None, **kw: Any) -> bool:
    """Can `seat` claim flag 1 with these two complete sides? (`first` completed first, R18.)"""
    first = first or ("north" if seat == "south" else "south")
    g = game(flags={1: (north, south)}, first_complete={1: first}, **kw)
    return g.judge_claim(1, seat).ok


def finish_turn(g: Game) -> None:
    """End the current player's turn without claiming, drawing a troop if a draw is due."""
    seat = g.to_move
    while g.to_move == seat and not g.over:
        g.apply(DONE if g.phase == "claim" else draw("troops"))


# ----------------------------------------------------------------------------- R12 R13
def test_r12_a_formation_needs_three_cards() -> None:
    g = game(flags={1: ("b1 b2", "r8 r9")}, south="r10")
    j = g.judge_claim(1, "south")
    assert not j.ok and "3 cards" in j.reason
    g.apply(play("r10", 1))
    assert g.judge_claim(1, "south").ok  # three cards now: a Wedge 27 no one can beat


def test_r12_under_mud_three_cards_are_not_a_formation() -> None:
    g = game(flags={1: ("b1 b2", "r8 r9 r10")}, mud={1: "north"})
    j = g.judge_claim(1, "south")
    assert not j.ok and "4 cards" in j.reason


@pytest.mark.parametrize(("cards", "rank"), [
    ("r5 r6 r7", "wedge"), ("r5 b5 g5", "phalanx"), ("r1 r5 r9", "battalion"), ("r5 b6 g7", "skirmish"),
    ("r5 b6 g8", "host"),
])
def test_r13_the_five_formations(cards: str, rank: str) -> None:
    assert name_and_sum(cards)[0] == rank


@pytest.mark.parametrize(("stronger", "weaker"), [
    ("r1 r2 r3", "b10 g10 y10"),  # weakest Wedge beats strongest Phalanx
    ("r1 b1 g1", "b10 b9 b7"),  # weakest Phalanx beats strongest Battalion
    ("r1 r2 r4", "b8 g9 y10"),  # weakest Battalion beats strongest Skirmish Line
    ("r1 b2 g3", "b10 g10 y9"),  # weakest Skirmish Line beats strongest Host
])
def test_r13_rank_beats_sum(stronger: str, weaker: str) -> None:
    assert verdict(weaker, stronger)
    assert not verdict(stronger, weaker, seat="south", first="south")


def test_r13_four_card_formations_under_mud() -> None:
    assert name_and_sum("r4 r5 r6 r7") == ("wedge", 22)
    assert name_and_sum("r4 b4 g4 y4") == ("phalanx", 16)
    assert name_and_sum("r1 r2 r3 r9") == ("battalion", 15)
    assert name_and_sum("r1 b2 g3 y4") == ("skirmish", 10)
    assert name_and_sum("r1 b2 g3 y5") == ("host", 11)


# ----------------------------------------------------------------------------- R14 R15 R16 R17
def test_r14_no_wrap_around_nine_ten_one() -> None:
    assert name_and_sum("r9 r10 r1") == ("battalion", 20)
    assert name_and_sum("b9 r10 g1") == ("host", 20)
    assert name_and_sum("r10 r1 r2") == ("battalion", 13)
    assert name_and_sum("r8 r9 r10 r1") == ("battalion", 28)


def test_r15_same_rank_compares_sums() -> None:
    assert verdict("b1 b2 b3", "r2 r3 r4")  # Wedge 9 beats Wedge 6
    assert verdict("b1 g2 y4", "r1 b2 g5")  # Host 8 beats Host 7
    assert not verdict("b2 b3 b4", "r1 r2 r3")


def test_r16_equal_rank_and_sum_is_a_tie() -> None:
    assert verdict("b1 b2 b3", "r1 r2 r3", first="south")
    assert not verdict("b1 b2 b3", "r1 r2 r3", first="north")


def test_r17_red_battalion_13_beats_blue_battalion_11() -> None:
    assert name_and_sum("r4 r6 r3") == ("battalion", 13)
    assert name_and_sum("b7 b1 b3") == ("battalion", 11)
    assert verdict("b7 b1 b3", "r4 r6 r3")
    assert verdict("r4 r6 r3", "b7 b1 b3", seat="north", first="south")


def test_r17_host_seven_two_one_ties_host_three_three_four() -> None:
    assert name_and_sum("y7 b2 g1") == name_and_sum("y3 b3 g4") == ("host", 10)
    # A tie: whoever completed first wins (R18), either way round.
    assert verdict("y3 b3 g4", "y7 b2 g1", first="south")
    assert not verdict("y3 b3 g4", "y7 b2 g1", first="north")


@pytest.mark.parametrize("wedge", ["r1 r2 r3", "o2 o3 o4", "p8 p9 p10"])
@pytest.mark.parametrize("phalanx", ["b10 g10 y10", "b1 g1 y1", "b7 g7 y7"])
def test_r17_any_wedge_beats_any_phalanx(wedge: str, phalanx: str) -> None:
    assert verdict(phalanx, wedge)
    assert verdict(wedge, phalanx, seat="north", first="south")
    assert not verdict(wedge, phalanx, seat="south", first="south")


def test_r17_any_wedge_beats_any_phalanx_under_mud() -> None:
    assert verdict("b10 g10 y10 o10", "r1 r2 r3 r4", mud={1: "north"})


# ----------------------------------------------------------------------------- R18 ties
def test_r18_tie_goes_to_first_completer() -> None:
    g = game(flags={1: ("b5 b6", "r5 r6"), 2: ("y1 o2 p4", "g8 g9 g10")}, first_complete={2: "north"},
             north="b7 b1", south="r7 r1", to_move="north")
    g.apply(play("b7", 1))  # north completes first
    finish_turn(g)
    g.apply(play("r7", 1))  # south completes last: Wedge 18 each
    assert g.flags[0].first_complete == "north"
    assert g.phase == "claim" and claim(1) not in g.legal_actions()  # flag 2 only
    j = g.judge_claim(1, "south")
    assert not j.ok and "R18" in j.reason
    with pytest.raises(IllegalAction, match="R18"):
        g.apply(claim(1))
    finish_turn(g)
    g.apply(play("b1", 3))
    assert g.phase == "claim" and claim(1) in g.legal_actions()
    g.apply(claim(1))
    assert g.flags[0].claimed == "north"


def test_r18_tie_against_an_incomplete_side_favours_the_claimant() -> None:
    """R18 with R20: the opponent would complete last, so their possible tie loses."""
    g = game(flags={1: ("b9 b10", "r8 r9 r10")})
    j = g.judge_claim(1, "south")
    assert j.ok and j.theirs is not None and (j.theirs.name, j.theirs.total) == ("wedge", 27)


def test_r18_completion_undone_by_mud_counts_anew() -> None:
    g = game(flags={1: ("b5 b6 b7", "r5 r6 r7")}, first_complete={1: "north"},
             south="mud r8 r1", north="b8 b1 b2")
    assert not g.judge_claim(1, "south").ok
    g.apply(play("mud", 1))  # both sides of 3 are incomplete again (R31)
    assert g.flags[0].first_complete is None
    assert not g.flags[0].complete("north") and not g.flags[0].complete("south")
    finish_turn(g)
    g.apply(play("b1", 2))
    finish_turn(g)
    g.apply(play("r8", 1))  # south completes first this time
    finish_turn(g)
    g.apply(play("b8", 1))  # north last: Wedge 26 each
    assert g.flags[0].first_complete == "south"
    finish_turn(g)
    g.apply(play("r1", 3))
    assert claim(1) in g.legal_actions()
    g.apply(claim(1))
    assert g.flags[0].claimed == "south"


def test_r18_completion_undone_by_redeploy_counts_anew() -> None:
    g = game(flags={1: ("b1 g2 y4", "o1 p2 r4")}, first_complete={1: "north"},
             north="redeploy g4", south="r9 r8", to_move="north")
    assert g.judge_claim(1, "north").ok
    g.apply({"type": "play", "card": "redeploy", "from_flag": 1, "target": "y4", "to_flag": 2})
    assert g.flags[0].first_complete is None
    finish_turn(g)
    g.apply(play("r9", 5))
    finish_turn(g)
    g.apply(play("g4", 1))  # north completes again, now after south: Host 7 each
    assert g.flags[0].first_complete == "south"
    assert not g.judge_claim(1, "north").ok
    finish_turn(g)
    g.apply(play("r8", 6))
    g.apply(claim(1))
    assert g.flags[0].claimed == "south"


def test_r18_completion_undone_by_deserter_counts_anew() -> None:
    g = game(flags={1: ("b1 g2 y4", "o1 p2 r4")}, first_complete={1: "north"},
             south="deserter r9", north="g4 b9")
    g.apply({"type": "play", "card": "deserter", "from_flag": 1, "target": "y4"})
    assert g.flags[0].first_complete is None and g.view()["discards"]["north"] == ["y4"]
    finish_turn(g)
    g.apply(play("g4", 1))  # north refills last
    assert g.flags[0].first_complete == "south"
    finish_turn(g)
    g.apply(play("r9", 2))
    g.apply(claim(1))
    assert g.flags[0].claimed == "south"


def test_r18_completion_undone_by_traitor_counts_anew() -> None:
    g = game(flags={1: ("b1 g2 y4", "o1 p2 r4")}, first_complete={1: "north"},
             south="traitor r9", north="g4 b9")
    g.apply({"type": "play", "card": "traitor", "from_flag": 1, "target": "y4", "to_flag": 2})
    assert g.flags[0].first_complete is None and g.flags[1].sides["south"] == ["y4"]
    finish_turn(g)
    g.apply(play("g4", 1))
    assert g.flags[0].first_complete == "south"
    finish_turn(g)
    g.apply(play("r9", 3))
    g.apply(claim(1))
    assert g.flags[0].claimed == "south"


def test_r18_removing_from_the_later_side_keeps_the_first_completer() -> None:
    """Only the side that completes anew is late: north completed first and still wins the tie."""
    g = game(flags={1: ("b1 g2 y4", "o1 p2 r4")}, first_complete={1: "north"},
             north="deserter b9", south="y1 r9", to_move="north")
    g.apply({"type": "play", "card": "deserter", "from_flag": 1, "target": "o1"})
    finish_turn(g)
    g.apply(play("y1", 1))  # south refills: Host 7 each, south completed last again
    assert g.flags[0].first_complete == "north"
    assert not g.judge_claim(1, "south").ok
