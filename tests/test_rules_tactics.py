"""Every tactics card (R24-R37): limits, morale, environment and guile tactics, Scout in detail."""

from __future__ import annotations

from typing import Any

import pytest
from builders import DONE, PASS, claim, draw, game, play, position

from engine import Game, IllegalAction, NotationError, from_position, to_position
from engine.formations import evaluate
from engine.notation_types import Action


def finish_turn(g: Game) -> None:
    """End the current player's turn without claiming, drawing a troop if a draw is due."""
    seat = g.to_move
    while g.to_move == seat and not g.over:
        g.apply(DONE if g.phase == "claim" else draw("troops"))


def redeploy(from_flag: int, target: str, to_flag: int | None) -> dict[str, Any]:
    return {"type": "play", "card": "redeploy", "from_flag": from_flag, "target": target, "to_flag": to_flag}


def deserter(from_flag: int, target: str) -> dict[str, Any]:
    return {"type": "play", "card": "deserter", "from_flag": from_flag, "target": target}


def traitor(from_flag: int, target: str, to_flag: int) -> dict[str, Any]:
    return {"type": "play", "card": "traitor", "from_flag": from_flag, "target": target, "to_flag": to_flag}


SCOUT = {"type": "play", "card": "scout"}


def scout_draw(deck: str) -> dict[str, Any]:
    return {"type": "scout_draw", "deck": deck}


def tactics_in(legal: list[Action]) -> set[str]:
    return {a["card"] for a in legal if a["type"] == "play" and not a["card"][1:].isdigit()}


# ----------------------------------------------------------------------------- R24 R25 R26
def test_r24_never_more_than_one_tactics_card_ahead() -> None:
    g = game(south="fog r1", north="mud b1")
    g.apply(play("fog", 1))
    finish_turn(g)
    assert "mud" in tactics_in(g.legal_actions())  # north is behind: may play
    # South has played one more than north: no tactics for south now.
    south = game(flags={1: ("", "cavalry")}, south="fog r1")
    assert "fog" not in tactics_in(south.legal_actions())
    with pytest.raises(IllegalAction, match="R24"):
        south.apply(play("fog", 2))
    # Equal counts: both may play one.
    even = game(flags={1: ("shield", "cavalry")}, south="fog r1")
    assert "fog" in tactics_in(even.legal_actions())


def test_r24_every_tactics_card_played_counts_whatever_happens_to_it() -> None:
    """North's deserted Companion Cavalry still counts: north remains one ahead."""
    g = game(flags={1: ("cavalry", "r5")}, south="deserter r1", north="fog b1")
    assert g.tactics_played == {"north": 1, "south": 0}
    g.apply(deserter(1, "cavalry"))
    assert g.view()["discards"]["north"] == ["cavalry"]
    assert g.tactics_played == {"north": 1, "south": 1}
    finish_turn(g)
    assert "fog" in tactics_in(g.legal_actions())
    # Reloading the position derives the same counts (NOTATION: sides + discards + Fog/Mud).
    assert from_position(to_position(g)).tactics_played == {"north": 1, "south": 1}


def test_r24_fog_and_mud_count_for_who_played_them() -> None:
    g = game(fog={1: "south"}, mud={2: "south"}, south="r1", north="b1", south_discard="scout",
             north_discard="redeploy")
    assert g.tactics_played == {"north": 1, "south": 3}


def test_r25_any_number_of_tactics_within_seven_cards() -> None:
    g = game(south="fog mud scout redeploy deserter traitor r1", tactics_top="shield")
    g.apply(play("r1", 1))
    assert draw("tactics") in g.legal_actions()
    g.apply(draw("tactics"))
    assert len(g.hand("south")) == 7 and "r1" not in g.hand("south")


def test_r26_fog_and_mud_need_an_unclaimed_flag() -> None:
    g = game(claimed={1: "north", 2: "south"}, south="fog mud")
    flags = {a["flag"] for a in g.legal_actions() if a["type"] == "play"}
    assert flags == set(range(3, 10))


def test_r26_guile_tactics_need_a_target() -> None:
    g = game(south="redeploy deserter traitor")  # an empty table: nothing to take
    assert tactics_in(g.legal_actions()) == set()
    assert g.legal_actions() == [PASS]
    with pytest.raises(IllegalAction):
        g.apply(deserter(1, "b5"))


def test_r26_traitor_needs_a_troop_and_a_free_slot() -> None:
    # North has only tactics on the table: nothing for Traitor.
    g = game(flags={1: ("alexander", "")}, south="traitor", north_discard="scout")
    assert "traitor" not in tactics_in(g.legal_actions())
    # North has a troop but south has no free slot anywhere.
    full = {n: ("", f"{c}1 {c}2 {c}3") for n, c in zip(range(1, 7), "roygbp", strict=True)}
    full.update({7: ("b9", "r4 r5 r6"), 8: ("", "o4 o5 o6"), 9: ("", "y4 y5 y6")})
    g = game(flags=full, south="traitor")
    assert "traitor" not in tactics_in(g.legal_actions())
    with pytest.raises(IllegalAction, match="R8"):
        g.apply(traitor(7, "b9", 7))


def test_r26_redeploy_to_a_flag_needs_a_free_slot() -> None:
    g = game(flags={1: ("", "r1"), 2: ("", "g1 g2 g3")}, south="redeploy")
    targets = {a["to_flag"] for a in g.legal_actions() if a.get("card") == "redeploy" and a["target"] == "r1"}
    assert None in targets and 2 not in targets and 1 not in targets
    with pytest.raises(IllegalAction, match="R8"):
        g.apply(redeploy(1, "r1", 2))


def test_r26_scout_needs_a_card_in_the_decks() -> None:
    g = game(south="scout", leftovers="north_discard")
    assert g.legal_actions() == [PASS]
    with pytest.raises(IllegalAction, match="R26"):
        g.apply(SCOUT)


# ----------------------------------------------------------------------------- R27 R28 R29 morale
def test_r27_leader_takes_any_colour_and_value() -> None:
    assert (evaluate(["alexander", "g2", "g3"], False).name, evaluate(["alexander", "g2", "g3"], False).total) \
        == ("wedge", 9)
    assert evaluate(["darius", "b10", "y10"], False).name == "phalanx"
    assert evaluate(["darius", "p1", "p5"], False).total == 16  # Battalion with the Leader as a 10
    assert evaluate(["alexander", "y1", "b1"], False).total == 3  # a Phalanx of 1s beats a Host


def test_r27_a_leader_fills_a_slot_like_a_troop() -> None:
    g = game(flags={1: ("", "r1 r2")}, south="alexander")
    g.apply(play("alexander", 1))
    assert g.flags[0].sides["south"] == ["r1", "r2", "alexander"] and g.flags[0].complete("south")


def test_r27_only_one_leader_per_player_per_game() -> None:
    g = game(flags={1: ("", "alexander")}, north_discard="scout", south="darius r1")
    assert "darius" not in tactics_in(g.legal_actions())
    with pytest.raises(IllegalAction, match="R27"):
        g.apply(play("darius", 2))


def test_r27_the_other_leader_stays_unplayable_after_the_first_is_discarded() -> None:
    # South's Alexander was deserted; Darius is still unplayable for south, for the rest of the game.
    g = game(south_discard="alexander", north_discard="deserter", south="darius")
    assert g.leader_played["south"] and not g.leader_played["north"]
    assert tactics_in(g.legal_actions()) == set() and g.legal_actions() == [PASS]
    # Redeployed to the discard by its owner: the same.
    g = game(flags={1: ("", "alexander r1")}, north_discard="scout", south="redeploy darius")
    g.apply(redeploy(1, "alexander", None))
    assert g.view()["discards"]["south"] == ["redeploy", "alexander"]
    finish_turn(g)
    g.apply(PASS)  # north holds nothing: the pass is its whole turn (R9)
    assert g.to_move == "south" and "darius" in g.hand("south")
    assert "darius" not in tactics_in(g.legal_actions())


def test_r27_each_player_may_play_one_leader() -> None:
    g = game(flags={1: ("alexander", "")}, south="darius")
    assert "darius" in tactics_in(g.legal_actions())


def test_r28_companion_cavalry_is_an_eight_of_any_colour() -> None:
    assert (evaluate(["cavalry", "r7", "r9"], False).name, evaluate(["cavalry", "r7", "r9"], False).total) \
        == ("wedge", 24)
    assert evaluate(["cavalry", "b8", "y8"], False).name == "phalanx"
    f = evaluate(["cavalry", "g9", "g10"], False)
    assert (f.name, f.total, f.wild) == ("wedge", 27, ("g8",))


def test_r28_companion_cavalry_is_never_another_value() -> None:
    f = evaluate(["cavalry", "b9", "y9"], False)
    assert f.name != "phalanx" and f.total == 26
    f = evaluate(["cavalry", "r5", "r6"], False)
    assert f.name == "battalion" and f.total == 19


def test_r29_shield_bearers_are_a_one_two_or_three_of_any_colour() -> None:
    for troops, total in ((["r1", "r2"], 6), (["r2", "r4"], 9), (["r4", "r5"], 12)):
        f = evaluate(["shield", *troops], False)
        assert (f.name, f.total) == ("wedge", total)
    assert evaluate(["shield", "b3", "y3"], False).name == "phalanx"


def test_r29_shield_bearers_are_never_four_or_more() -> None:
    f = evaluate(["shield", "r5", "r6"], False)
    assert (f.name, f.total) == ("battalion", 14)
    f = evaluate(["shield", "b4", "y4"], False)
    assert f.name != "phalanx"


# ----------------------------------------------------------------------------- R30 R31 R32 environment
def test_r30_fog_counts_sums_only() -> None:
    g = game(flags={1: ("b10 g9 y2", "r1 r2 r3")}, fog={1: "north"}, first_complete={1: "south"})
    assert not g.judge_claim(1, "south").ok
    assert g.judge_claim(1, "north").ok
    j = g.judge_claim(1, "north")
    assert j.mine is not None and j.mine.name == "sum" and j.mine.total == 21


def test_r30_fog_still_needs_complete_sides_and_r18_ties() -> None:
    g = game(flags={1: ("b10 g9", "r1 r2 r3")}, fog={1: "south"})
    assert not g.judge_claim(1, "north").ok  # two cards are no formation, even under Fog
    tie = game(flags={1: ("b10 g1 y1", "r4 o4 p4")}, fog={1: "south"}, first_complete={1: "south"})
    assert tie.judge_claim(1, "south").ok and not tie.judge_claim(1, "north").ok


def test_r30_fog_is_played_on_own_side_and_takes_no_slot() -> None:
    g = game(flags={1: ("b10 g9 y2", "r1 r2 r3")}, first_complete={1: "south"}, south="fog")
    assert g.judge_claim(1, "south").ok
    g.apply(play("fog", 1))
    assert g.flags[0].fog == "south" and g.flags[0].sides["south"] == ["r1", "r2", "r3"]
    assert not g.judge_claim(1, "south").ok and g.judge_claim(1, "north").ok


def test_r30_fog_against_an_incomplete_side_uses_the_best_sum() -> None:
    g = game(flags={1: ("b10", "r8 r9 r10")}, fog={1: "north"})
    j = g.judge_claim(1, "south")  # the Wedge counts only as 27; b10 and two more 10s make 30
    assert not j.ok and j.theirs is not None and (j.theirs.name, j.theirs.total) == ("sum", 30)
    g = game(flags={1: ("b1", "r8 r9 r10")}, fog={1: "north"})
    j = g.judge_claim(1, "south")
    assert j.ok and j.theirs is not None and j.theirs.total == 21


def test_r31_mud_makes_complete_side_incomplete() -> None:
    g = game(flags={1: ("b1 g2 y4", "r5 r6 r7")}, first_complete={1: "north"}, south="mud r8")
    assert g.judge_claim(1, "south").ok
    events = g.apply(play("mud", 1))
    assert g.flags[0].mud == "south" and g.flags[0].size == 4
    assert {(e["seat"], e["type"]) for e in events if e["type"] == "incomplete"} == \
        {("north", "incomplete"), ("south", "incomplete")}
    assert not g.judge_claim(1, "south").ok and g.flags[0].first_complete is None


def test_r31_mud_gives_both_sides_a_fourth_slot_and_four_card_formations() -> None:
    g = game(flags={1: ("b1 g2 y4", "r5 r6 r7")}, mud={1: "north"}, south="r8", north="o9")
    assert {"type": "play", "card": "r8", "flag": 1} in g.legal_actions()
    g.apply(play("r8", 1))
    j = g.judge_claim(1, "south")
    assert j.mine is not None and (j.mine.name, j.mine.total) == ("wedge", 26)
    finish_turn(g)
    g.apply(play("o9", 1))
    assert len(g.flags[0].sides["north"]) == 4
    assert g.flags[0].first_complete == "south"
    full = game(flags={1: ("b1 g2 y4 o9", "r5 r6 r7 r8")}, mud={1: "north"}, south="r9",
                first_complete={1: "south"})
    with pytest.raises(IllegalAction, match="R8"):
        full.apply(play("r9", 1))


def test_r31_wedge_under_mud_needs_four_consecutive_same_coloured() -> None:
    g = game(flags={1: ("b8 b9 b10 y1", "r5 r6 r7 g8")}, mud={1: "north"}, first_complete={1: "north"})
    j = g.judge_claim(1, "south")
    assert j.mine is not None and j.mine.name == "skirmish"  # not a Wedge with a green 8


def test_r32_fog_and_mud_together() -> None:
    g = game(flags={1: ("b10 g9 y2 o1", "r1 r2 r3 r4")}, fog={1: "north"}, mud={1: "south"},
             first_complete={1: "south"})
    j = g.judge_claim(1, "north")
    assert j.ok and j.mine is not None and (j.mine.name, j.mine.total) == ("sum", 22)
    assert to_position(g)["flags"][0]["fog"] == "north" and to_position(g)["flags"][0]["mud"] == "south"


def test_r32_fog_and_mud_may_be_played_on_the_same_flag() -> None:
    g = game(flags={1: ("", "r1")}, fog={1: "north"}, north_discard="scout", south="mud r2")
    assert play("mud", 1) in g.legal_actions()
    g.apply(play("mud", 1))
    assert g.flags[0].fog == "north" and g.flags[0].mud == "south"


# ----------------------------------------------------------------------------- R33 Scout
def test_r33_scout_draws_three_one_at_a_time_from_either_deck() -> None:
    g = game(south="scout r1 r2 r3 r4 r5 r6", troops_top="b1 b2", tactics_top="fog mud")
    g.apply(SCOUT)
    assert g.phase == "scout_draw" and g.view()["discards"]["south"] == ["scout"]
    events = g.apply(scout_draw("tactics"))
    assert events[0]["card"] == "mud" and g.phase == "scout_draw"
    events = g.apply(scout_draw("troops"))  # chosen after seeing the Mud
    assert events[0]["card"] == "b2"
    g.apply(scout_draw("tactics"))
    assert g.phase == "scout_return" and sorted(g.hand("south")[-3:]) == ["b2", "fog", "mud"]
    assert len(g.hand("south")) == 9


def test_r33_scout_returns_two_in_the_chosen_order_on_their_own_decks() -> None:
    g = game(south="scout r1 r2 r3 r4 r5 r6", troops_top="b1 b2 b3", tactics_top="fog")
    g.apply(SCOUT)
    for _ in range(3):
        g.apply(scout_draw("troops"))
    returns = [a for a in g.legal_actions()]
    assert all(len(a["cards"]) == 2 for a in returns) and len(returns) == 9 * 8
    g.apply({"type": "scout_return", "cards": ["r1", "b3"]})
    deck = g.view()["decks"]["troops"]
    assert deck[-2:] == ["r1", "b3"]  # the last listed ends on top
    assert sorted(g.hand("south")) == sorted(["r2", "r3", "r4", "r5", "r6", "b2", "b1"])


def test_r33_scout_returns_to_each_cards_own_deck() -> None:
    g = game(south="scout r1 r2 r3 r4 r5 r6", troops_top="b1", tactics_top="fog mud")
    g.apply(SCOUT)
    for deck in ("troops", "tactics", "tactics"):
        g.apply(scout_draw(deck))
    g.apply({"type": "scout_return", "cards": ["mud", "r1"]})
    pos = g.view()
    assert pos["decks"]["tactics"][-1] == "mud" and pos["decks"]["troops"][-1] == "r1"


def test_r33_scout_return_must_be_distinct_cards_from_hand_drawn_minus_one() -> None:
    g = game(south="scout r1 r2 r3 r4 r5 r6", troops_top="b1 b2 b3")
    g.apply(SCOUT)
    for _ in range(3):
        g.apply(scout_draw("troops"))
    before = g.view()
    for cards in (["r1"], ["r1", "r2", "r3"], ["r1", "r1"], ["r1", "g9"]):
        with pytest.raises(IllegalAction, match="R33"):
            g.apply({"type": "scout_return", "cards": cards})
        assert g.view() == before


def test_r33_scout_replaces_the_turns_draw() -> None:
    g = game(south="scout r1 r2 r3 r4 r5 r6", troops_top="b1 b2 b3")
    g.apply(SCOUT)
    for _ in range(3):
        g.apply(scout_draw("troops"))
    g.apply({"type": "scout_return", "cards": ["r1", "r2"]})
    assert g.to_move == "north" and g.hand_sizes["south"] == 7


def test_r33_scout_with_fewer_than_three_cards_left_draws_all_and_returns_one_fewer() -> None:
    g = game(south="scout r1 r2 r3", troops_top="b1", tactics_top="fog", leftovers="north_discard")
    g.apply(SCOUT)
    g.apply(scout_draw("troops"))
    assert g.legal_actions() == [scout_draw("tactics")]  # R10: only the non-empty deck
    g.apply(scout_draw("tactics"))
    assert g.phase == "scout_return" and g.scout_drawn == 2
    assert all(len(a["cards"]) == 1 for a in g.legal_actions())
    g.apply({"type": "scout_return", "cards": ["fog"]})
    assert g.to_move == "north" and g.hand_sizes["south"] == 4
    assert g.view()["decks"] == {"troops": [], "tactics": ["fog"]}


def test_r33_scout_with_one_card_left_returns_nothing() -> None:
    g = game(south="scout r1 r2", troops_top="b1", leftovers="north_discard")
    g.apply(SCOUT)
    g.apply(scout_draw("troops"))
    assert g.to_move == "north" and g.hand("south") == ["r1", "r2", "b1"]


def test_r33_scout_keeps_the_draw_replaced_through_the_claim_step() -> None:
    """South plays Scout with a short hand and then claims: still no draw, even from a saved position."""
    g = game(flags={1: ("b1 g2 y4", "r5 r6 r7")}, first_complete={1: "north"}, south="scout r1 r2 r3",
             troops_top="b7 b8 b9")
    g.apply(SCOUT)
    for _ in range(3):
        g.apply(scout_draw("troops"))
    g.apply({"type": "scout_return", "cards": ["b9", "b8"]})
    assert g.phase == "claim" and g.hand_sizes["south"] == 4
    saved = from_position(to_position(g))
    for each in (g, saved):
        each.apply(claim(1))
        assert each.to_move == "north" and each.hand_sizes["south"] == 4, "Scout replaces the draw (R33)"
    assert to_position(saved) == to_position(g)


# ----------------------------------------------------------------------------- R34 R35 R36 R37 guile
def test_r34_redeploy_moves_own_card_to_another_flag() -> None:
    g = game(flags={1: ("", "r1 cavalry"), 2: ("", "r2")}, south="redeploy", north_discard="scout")
    for target in ("r1", "cavalry"):
        assert redeploy(1, target, 2) in g.legal_actions()
    g.apply(redeploy(1, "cavalry", 2))
    assert g.flags[0].sides["south"] == ["r1"] and g.flags[1].sides["south"] == ["r2", "cavalry"]
    assert g.view()["discards"]["south"] == ["redeploy"]


def test_r34_redeploy_may_discard_own_card() -> None:
    g = game(flags={1: ("", "r1 r2")}, south="redeploy")
    g.apply(redeploy(1, "r2", None))
    assert g.flags[0].sides["south"] == ["r1"] and g.view()["discards"]["south"] == ["redeploy", "r2"]


def test_r34_redeploy_rules() -> None:
    g = game(flags={1: ("b5", "r1"), 2: ("", "")}, south="redeploy")
    with pytest.raises(IllegalAction, match="another flag"):
        g.apply(redeploy(1, "r1", 1))
    with pytest.raises(IllegalAction, match="not on your side"):
        g.apply(redeploy(1, "b5", 2))  # the opponent's card
    assert not [a for a in g.legal_actions() if a.get("target") == "b5"]


def test_r35_deserter_discards_an_opponent_troop_or_morale_tactic() -> None:
    g = game(flags={1: ("b5 alexander", "r1")}, south="deserter", north_discard="scout")
    legal = [a for a in g.legal_actions() if a.get("card") == "deserter"]
    assert sorted(a["target"] for a in legal) == ["alexander", "b5"]
    g.apply(deserter(1, "alexander"))
    assert g.flags[0].sides["north"] == ["b5"]
    assert g.view()["discards"] == {"north": ["scout", "alexander"], "south": ["deserter"]}
    with pytest.raises(IllegalAction):
        game(flags={1: ("b5", "r1")}, south="deserter").apply(deserter(1, "r1"))  # own card


def test_r36_traitor_takes_an_opponent_troop_to_own_side() -> None:
    g = game(flags={1: ("b5 b6", "r1"), 2: ("", "")}, south="traitor")
    g.apply(traitor(1, "b6", 2))
    assert g.flags[0].sides["north"] == ["b5"] and g.flags[1].sides["south"] == ["b6"]


def test_r36_traitor_may_place_on_the_same_flag() -> None:
    g = game(flags={1: ("b5 b6", "r1")}, south="traitor")
    assert traitor(1, "b6", 1) in g.legal_actions()
    g.apply(traitor(1, "b6", 1))
    assert g.flags[0].sides == {"north": ["b5"], "south": ["r1", "b6"]}


def test_r36_traitor_takes_troops_only() -> None:
    g = game(flags={1: ("b5 cavalry", "r1")}, south="traitor", south_discard="scout")
    assert not [a for a in g.legal_actions() if a.get("target") == "cavalry"]
    with pytest.raises(IllegalAction, match="R36"):
        g.apply(traitor(1, "cavalry", 2))


def test_r37_fog_and_mud_can_be_neither_redeployed_nor_deserted() -> None:
    g = game(flags={1: ("b5", "r1")}, fog={1: "south"}, mud={1: "north"}, south="redeploy deserter traitor")
    legal = g.legal_actions()
    assert not [a for a in legal if a.get("target") in ("fog", "mud")]
    for action in (redeploy(1, "fog", None), redeploy(1, "fog", 2), deserter(1, "mud"), deserter(1, "fog")):
        with pytest.raises(IllegalAction):
            g.apply(action)
    assert g.flags[0].fog == "south" and g.flags[0].mud == "north"


def test_r37_discarded_cards_stay_visible_and_count_as_seen() -> None:
    g = game(flags={1: ("b9 b10", "r5 r6 r7"), 2: ("b8", "")}, south="deserter")
    assert g.judge_claim(1, "south").ok  # b8 is seen on the table
    g.apply(deserter(2, "b8"))
    assert g.view("north")["discards"]["north"] == ["b8"] and g.view("south")["discards"]["north"] == ["b8"]
    assert g.judge_claim(1, "south").ok  # and still seen in the discard pile


def test_r37_played_guile_tactics_stay_visible_to_both() -> None:
    g = game(flags={1: ("b9", "r5")}, south="deserter")
    g.apply(deserter(1, "b9"))
    for seat in ("north", "south"):
        assert "deserter" in g.view(seat)["discards"]["south"]


# ----------------------------------------------------------------------------- R27 + R33: a dead Leader stays
def _scouting_with_a_dead_leader() -> Game:
    """South played Alexander and holds Darius; it plays Scout and draws three troops."""
    g = game(flags={1: ("", "alexander")}, north_discard="deserter", south="scout darius r1 r2",
             troops_top="b1 b2 b3")
    assert g.leader_played["south"]
    g.apply(SCOUT)
    for _ in range(3):
        g.apply(scout_draw("troops"))
    assert g.phase == "scout_return" and "darius" in g.hand("south")
    return g


def test_r27_r33_scout_may_not_put_back_a_dead_leader() -> None:
    g = _scouting_with_a_dead_leader()
    returns = g.legal_actions()
    assert returns and all("darius" not in a["cards"] for a in returns)
    assert len(returns) == 5 * 4  # two of r1 r2 b1 b2 b3, in order
    before = g.view()
    for cards in (["darius", "r1"], ["r1", "darius"]):
        with pytest.raises(IllegalAction, match="R27"):
            g.apply({"type": "scout_return", "cards": cards})
        assert g.view() == before
    g.apply({"type": "scout_return", "cards": ["r1", "r2"]})
    assert "darius" in g.hand("south") and g.to_move == "north"


def test_r27_r33_a_live_leader_may_go_back() -> None:
    """Before either Leader is played both are live: Scout may put one back."""
    g = game(north_discard="deserter", south="scout darius alexander r1", troops_top="b1 b2 b3")
    g.apply(SCOUT)
    for _ in range(3):
        g.apply(scout_draw("troops"))
    assert {"type": "scout_return", "cards": ["darius", "alexander"]} in g.legal_actions()


def test_r27_r33_dead_leader_and_one_other_card_the_other_card_goes_back() -> None:
    """The edge: Scout draws the last two cards, one of them the dead Leader; the hand is the Leader and
    one other card. One card goes back (R33), and it can only be the other one (R27)."""
    g = game(flags={1: ("", "alexander")}, north_discard="deserter", south="scout", troops_top="b1",
             tactics_top="darius", leftovers="north_discard")
    g.apply(SCOUT)
    g.apply(scout_draw("tactics"))
    g.apply(scout_draw("troops"))
    assert g.phase == "scout_return" and sorted(g.hand("south")) == ["b1", "darius"]
    assert g.legal_actions() == [{"type": "scout_return", "cards": ["b1"]}]
    g.apply({"type": "scout_return", "cards": ["b1"]})
    assert g.hand("south") == ["darius"] and g.view()["decks"]["troops"] == ["b1"]


def test_r27_r33_a_position_with_no_card_to_put_back_but_a_dead_leader_is_refused() -> None:
    """Play cannot reach it (Scout itself left the hand), so a position claiming it is refused on reading."""
    pos = position(flags={1: ("", "alexander")}, north_discard="deserter scout", south="darius",
                   phase="scout_return", scout_drawn=2)
    with pytest.raises(NotationError, match="R27"):
        from_position(pos)


def test_r27_r33_cli_legal_lists_no_return_of_a_dead_leader(tmp_path: Any) -> None:
    """`battleline legal` offers no return with the dead Leader; `apply` of one fails naming R27."""
    import json
    import subprocess
    import sys

    path = tmp_path / "pos.json"
    path.write_text(json.dumps(_scouting_with_a_dead_leader().view()))
    cmd = [sys.executable, "-m", "app.cli"]
    legal = json.loads(subprocess.run([*cmd, "legal", str(path)], capture_output=True, text=True,
                                      check=True).stdout)
    assert legal and all(a["type"] == "scout_return" and "darius" not in a["cards"] for a in legal)
    applied = subprocess.run([*cmd, "apply", str(path), '{"type": "scout_return", "cards": ["darius", "r1"]}'],
                             capture_output=True, text=True)
    assert applied.returncode != 0 and "R27" in applied.stderr and "Traceback" not in applied.stderr


def test_r27_r33_bots_keep_a_dead_leader_in_hand() -> None:
    """The easy bot and the lean state the other bots search on follow the same rule."""
    from engine.ai.lean import Lean, to_action
    from engine.ai.lean_eval import own_step
    from engine.ai.lean_policy import LeanPolicy
    from engine.ai.simple import SimpleBot

    g = _scouting_with_a_dead_leader()
    lean = Lean.from_game(g)
    lean_legal = [to_action(a) for a in lean.legal()]
    assert sorted(map(repr, lean_legal)) == sorted(map(repr, g.legal_actions()))
    assert "darius" not in SimpleBot().choose_in(g.copy())["cards"]
    assert "darius" not in to_action(own_step(lean.copy()))["cards"]
    assert "darius" not in to_action(LeanPolicy().choose(lean.copy()))["cards"]
