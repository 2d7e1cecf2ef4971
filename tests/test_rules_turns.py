"""Components, setup, the turn, drawing, claim timings and the end of a game (R1-R11, R38, R39, R42, R43)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from builders import DONE, PASS, claim, draw, game, play, position

from engine import Game, IllegalAction, NotationError, Rules, from_position, from_record, to_record
from engine.actions import parse_action
from engine.cards import COLOURS, TACTICS, TROOPS, VALUE_NAMES


def all_cards(g: Game) -> Counter[str]:
    """Every card of a complete game state, wherever it is."""
    pos = g.view()
    out: Counter[str] = Counter()
    for f in pos["flags"]:
        out.update(f["north"] + f["south"])
        out.update(t for t in ("fog", "mud") if f[t])
    for seat in ("north", "south"):
        out.update(g.hand(seat) + pos["discards"][seat])
    out.update(pos["decks"]["troops"] + pos["decks"]["tactics"])
    return out


# ----------------------------------------------------------------------------- components and setup
def test_r1_sixty_troops_in_six_colours_valued_one_to_ten() -> None:
    assert len(TROOPS) == len(set(TROOPS)) == 60
    assert [c for c in COLOURS] == ["r", "o", "y", "g", "b", "p"]
    assert {t[0] for t in TROOPS} == set(COLOURS)
    assert sorted({int(t[1:]) for t in TROOPS}) == list(range(1, 11))
    assert VALUE_NAMES[10] == "Elephants" and VALUE_NAMES[1] == "Skirmishers"
    g = Game.new(Rules(tactics=False), seed=3)
    assert sorted(all_cards(g)) == sorted(TROOPS)


def test_r2_ten_tactics_cards_in_the_tactics_deck() -> None:
    assert set(TACTICS) == {"alexander", "darius", "cavalry", "shield", "fog", "mud", "scout", "redeploy",
                            "deserter", "traitor"}
    g = Game.new(Rules(tactics=True), seed=3)
    assert sorted(g.view()["decks"]["tactics"]) == sorted(TACTICS)
    counts = all_cards(g)
    assert len(counts) == 70 and set(counts.values()) == {1}


def test_r3_nine_flags_numbered_one_to_nine() -> None:
    g = Game.new(seed=1)
    assert len(g.view()["flags"]) == 9
    plays = [a for a in g.legal_actions() if a["card"] in TROOPS]
    assert {a["flag"] for a in plays} == set(range(1, 10))
    for bad in (0, 10, -1, "3", 3.0, True):
        with pytest.raises(NotationError, match="flag"):
            parse_action({"type": "play", "card": "r5", "flag": bad})
    # Flag 1 is index 0 of a position's flags.
    card = plays[0]["card"]
    g.apply(play(card, 1))
    assert card in g.view()["flags"][0][g.first]


def test_r4_seven_troops_dealt_to_each_player_decks_face_down() -> None:
    g = Game.new(seed=11)
    pos = g.view()
    assert pos["hand_sizes"] == {"north": 7, "south": 7}
    for seat in ("north", "south"):
        assert all(c in TROOPS for c in g.hand(seat))  # dealt from the troop deck only
    assert len(pos["decks"]["troops"]) == 46 and len(pos["decks"]["tactics"]) == 10
    # Face down: a player's view shows only the deck sizes.
    assert g.view("south")["decks"] == {"troops": 46, "tactics": 10}
    # Shuffled: different seeds give different decks, both decks.
    other = Game.new(seed=12).view()
    assert other["decks"]["troops"] != pos["decks"]["troops"]
    assert other["decks"]["tactics"] != pos["decks"]["tactics"]


def test_r5_first_player_chosen_by_seed_or_set_explicitly() -> None:
    firsts = {Game.new(seed=s).first for s in range(40)}
    assert firsts == {"north", "south"}
    for seat in ("north", "south"):
        g = Game.new(seed=5, first=seat)
        assert g.first == seat and g.to_move == seat
    # Stating the first player does not change the shuffle (a record states it, R6).
    chosen = Game.new(seed=9)
    stated = Game.new(seed=9, first=chosen.first)
    assert chosen.view() == stated.view()


def test_r6_one_seed_reproduces_the_game() -> None:
    a, b = Game.new(seed=2024), Game.new(seed=2024)
    assert a.view() == b.view()
    for _ in range(30):
        action = a.legal_actions()[len(a.actions) % len(a.legal_actions())]
        a.apply(action)
        b.apply(action)
    replay = from_record(to_record(a))
    assert replay.view() == a.view() == b.view()
    assert Game.new(seed=2025).view() != a.view()


# ----------------------------------------------------------------------------- the turn
def _claimable_south() -> dict[str, Any]:
    """South completes a Wedge at flag 1 by playing r7, against north's complete Host."""
    return dict(flags={1: ("b1 g2 y4", "r5 r6")}, south="r7 o3", north="p9 p8")


def test_r7_turn_is_play_then_claim_then_draw() -> None:
    g = game(**_claimable_south())
    assert g.phase == "play"
    g.apply(play("r7", 1))
    assert g.phase == "claim" and claim(1) in g.legal_actions()
    g.apply(claim(1))
    assert g.flags[0].claimed == "south"
    assert g.phase == "draw" and g.to_move == "south"
    g.apply(draw("troops"))
    assert g.to_move == "north" and g.phase == "play"
    assert g.hand_sizes["south"] == 2


def test_r7_claim_step_may_be_ended_without_claiming() -> None:
    g = game(**_claimable_south())
    g.apply(play("r7", 1))
    g.apply(DONE)
    assert g.flags[0].claimed is None and g.phase == "draw"


def test_r8_troop_goes_to_a_free_slot_on_own_side_of_an_unclaimed_flag() -> None:
    g = game(flags={1: ("", "r1 r2 r3"), 2: ("b1 b2 b3", "g1 g2")}, claimed={2: "north"}, south="r9")
    flags = {a["flag"] for a in g.legal_actions() if a["type"] == "play"}
    assert flags == {3, 4, 5, 6, 7, 8, 9}  # flag 1 full on south's side, flag 2 claimed
    with pytest.raises(IllegalAction, match="R8"):
        g.apply(play("r9", 1))
    with pytest.raises(IllegalAction, match="R19"):
        g.apply(play("r9", 2))
    g.apply(play("r9", 5))
    assert g.flags[4].sides == {"north": [], "south": ["r9"]}


def test_r8_formation_order_does_not_matter() -> None:
    a = game(flags={1: ("b3 g1 y2", "r7 r5 r6")}, first_complete={1: "north"})
    b = game(flags={1: ("y2 b3 g1", "r6 r7 r5")}, first_complete={1: "north"})
    assert a.judge_claim(1, "south").ok and b.judge_claim(1, "south").ok
    assert a.judge_claim(1, "south").mine == b.judge_claim(1, "south").mine


def test_r8_a_card_not_in_hand_cannot_be_played() -> None:
    g = game(south="r9")
    with pytest.raises(IllegalAction, match="not in your hand"):
        g.apply(play("r8", 1))


# ----------------------------------------------------------------------------- R9 passing
def test_r9_a_player_who_can_play_a_troop_may_not_pass() -> None:
    g = game(south="r9 fog")
    assert PASS not in g.legal_actions()
    with pytest.raises(IllegalAction, match="R9"):
        g.apply(PASS)


def test_r9_no_troop_in_hand_but_a_legal_tactic_means_no_pass() -> None:
    g = game(south="fog redeploy", flags={1: ("", "r1")})
    legal = g.legal_actions()
    assert PASS not in legal
    assert any(a["card"] == "fog" for a in legal if a["type"] == "play")
    with pytest.raises(IllegalAction, match=r"tactics card.*R9"):
        g.apply(PASS)
    assert g.passes == 0 and g.to_move == "south" and g.hand_sizes["south"] == 2


def _all_slots_full() -> dict[int, tuple[str, str]]:
    full = {n: ("", f"{c}1 {c}2 {c}3") for n, c in zip(range(1, 7), "roygbp", strict=True)}
    full.update({7: ("", "r4 r5 r6"), 8: ("", "o4 o5 o6"), 9: ("", "y4 y5 y6")})
    return full


def test_r9_no_free_slot_but_a_legal_fog_means_no_pass() -> None:
    """The auditor's case: no slot for the troop, tactics counts equal, so Fog must be played."""
    g = game(flags=_all_slots_full(), south="g9 fog")
    legal = g.legal_actions()
    assert PASS not in legal
    assert {a["flag"] for a in legal if a.get("card") == "fog"} == set(range(1, 10))
    with pytest.raises(IllegalAction, match="R9"):
        g.apply(PASS)


def test_r9_no_free_slot_anywhere_means_pass_and_the_turn_ends_at_once() -> None:
    g = game(flags=_all_slots_full(), south="g9 b9")
    assert g.legal_actions() == [PASS]
    g.apply(PASS)
    assert g.to_move == "north" and g.phase == "play"
    assert g.hand_sizes["south"] == 2 and g.passes == 1  # no draw for the passer


def test_r9_only_illegal_tactics_left_means_pass() -> None:
    """A player one tactics card ahead (R24) with only tactics in hand can only pass."""
    g = game(flags={1: ("", "cavalry")}, south="fog mud")
    assert g.legal_actions() == [PASS]


def test_r9_tactics_with_no_legal_use_mean_pass() -> None:
    """Redeploy with none of one's own cards out, Deserter and Traitor with none of the opponent's."""
    g = game(south="redeploy deserter traitor")
    assert g.legal_actions() == [PASS]
    g.apply(PASS)
    assert g.to_move == "north" and g.phase == "play"


def test_r9_a_second_leader_is_not_a_legal_tactic_so_pass() -> None:
    g = game(flags={1: ("shield", "alexander")}, south="cavalry")
    g2 = game(flags={1: ("shield", "alexander")}, south="darius")
    assert any(a.get("card") == "cavalry" for a in g.legal_actions())  # another morale tactic is legal
    assert g2.legal_actions() == [PASS]  # R27: one Leader a game


def test_r9_a_pass_ends_the_turn_without_claim_or_draw() -> None:
    """A provable flag stays unclaimed: the passer's turn is over at once (001_12fea6b5e4939d85.txt)."""
    g = game(flags={1: ("b1 g2 y4", "r5 r6 r7"), 2: ("", "cavalry")}, first_complete={1: "north"},
             south="fog")
    assert g.claimable_flags("south") == [1]
    g.apply(PASS)
    assert g.to_move == "north" and g.phase == "play"
    assert g.flags[0].claimed is None and g.hand_sizes["south"] == 1


def test_r9_cli_legal_has_no_pass_and_apply_names_r9(tmp_path: Any) -> None:
    """The command line says the same: `battleline legal` offers no pass, `apply` of one fails naming R9."""
    import json
    import subprocess
    import sys

    g = game(flags=_all_slots_full(), south="g9 fog")
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(g.view()))
    cmd = [sys.executable, "-m", "app.cli"]
    legal = subprocess.run([*cmd, "legal", str(path)], capture_output=True, text=True, check=True)
    assert {"type": "pass"} not in json.loads(legal.stdout)
    applied = subprocess.run([*cmd, "apply", str(path), '{"type": "pass"}'], capture_output=True, text=True)
    assert applied.returncode != 0 and "R9" in applied.stderr


# ----------------------------------------------------------------------------- R10 drawing
def test_r10_draw_from_either_deck_players_choice() -> None:
    for deck in ("troops", "tactics"):
        g = game(south="r9 r8", troops_top="b5", tactics_top="scout")
        g.apply(play("r9", 1))
        assert draw("troops") in g.legal_actions() and draw("tactics") in g.legal_actions()
        g.apply(draw(deck))
        assert g.hand("south") == ["r8", "b5" if deck == "troops" else "scout"]  # the top card


def test_r10_draws_from_the_other_deck_when_one_is_empty() -> None:
    # Only one troop card left and the tactics deck empty: troops only.
    g = game(south="r9 r8", troops_top="b5", leftovers="north_discard")
    g.apply(play("r9", 1))
    assert g.legal_actions() == [draw("troops")]
    with pytest.raises(IllegalAction, match="R10"):
        g.apply(draw("tactics"))
    g.apply(draw("troops"))
    # Now both are empty: the next player's turn has no draw step at all.
    g.apply(PASS)  # north holds nothing, and with both decks empty there is no draw step
    assert g.to_move == "south" and g.phase == "play"


def test_r10_no_draw_when_both_decks_are_empty_and_the_game_goes_on() -> None:
    g = game(south="r9 r8", north="b9", leftovers="north_discard")
    g.apply(play("r9", 1))
    assert g.to_move == "north" and g.phase == "play" and g.hand_sizes["south"] == 1
    assert not g.over
    g.apply(play("b9", 2))
    assert g.to_move == "south"


def test_r10_a_hand_never_exceeds_seven_after_a_draw() -> None:
    # South passes holding 7 cards (no troop playable): no draw step.
    g = game(south="fog mud scout redeploy deserter traitor shield", flags={1: ("", "cavalry")})
    g.apply(PASS)
    assert g.to_move == "north" and g.hand_sizes["south"] == 7


def test_r10_a_hand_below_seven_draws_exactly_one() -> None:
    g = game(south="r1 r2 r3 r4 r5 r6 r7")
    g.apply(play("r1", 1))
    g.apply(draw("troops"))
    assert g.hand_sizes["south"] == 7 and g.to_move == "north"


# ----------------------------------------------------------------------------- R11 / R42 claim timings
def test_r11_standard_claims_after_playing_before_drawing() -> None:
    g = game(**_claimable_south(), timing="standard")
    g.apply(play("r7", 1))
    assert g.phase == "claim"
    with pytest.raises(IllegalAction):
        g.apply(draw())
    g.apply(claim(1))
    assert g.phase == "draw"


def test_r11_advanced_claims_only_at_the_start_of_the_own_turn() -> None:
    g = game(**_claimable_south(), timing="advanced")
    g.apply(play("r7", 1))
    assert g.phase == "draw"  # no claim after playing
    with pytest.raises(IllegalAction):
        g.apply(claim(1))
    g.apply(draw())
    assert g.to_move == "north" and g.phase == "play"
    assert claim(1) not in g.legal_actions()
    g.apply(play("p9", 2))
    g.apply(draw())
    assert g.to_move == "south" and g.phase == "claim"  # before playing
    g.apply(claim(1))
    assert g.flags[0].claimed == "south" and g.phase == "play"


def test_r11_advanced_claim_step_can_be_skipped_with_done() -> None:
    g = game(flags={1: ("b1 g2 y4", "r5 r6 r7")}, first_complete={1: "north"}, south="r9",
             timing="advanced", phase="claim")
    g.apply(DONE)
    assert g.phase == "play" and g.flags[0].claimed is None


def test_r11_end_claims_only_after_drawing() -> None:
    g = game(**_claimable_south(), timing="end")
    g.apply(play("r7", 1))
    assert g.phase == "draw"
    g.apply(draw())
    assert g.phase == "claim" and g.to_move == "south"
    g.apply(claim(1))
    assert g.flags[0].claimed == "south"
    assert g.to_move == "north"


def test_r42_claim_timing_is_a_rule_option() -> None:
    for timing in ("standard", "advanced", "end"):
        g = Game.new(Rules(claim_timing=timing), seed=1)
        assert g.view()["rules"]["claim_timing"] == timing
    with pytest.raises(NotationError, match="claim_timing"):
        Rules.from_dict({"claim_timing": "later"})


# ----------------------------------------------------------------------------- R38 R39 end of the game
def test_r38_breakthrough_three_adjacent_flags_wins_at_once() -> None:
    g = game(flags={4: ("b1 g2 y4", "r5 r6 r7"), 9: ("b2 g3 o4", "o5 o6 o7")},
             first_complete={4: "north", 9: "north"}, claimed={2: "south", 3: "south"}, south="r9")
    g.apply(play("r9", 1))
    assert g.phase == "claim"
    g.apply(claim(4))
    assert g.result == {"winner": "south", "how": "breakthrough", "flags": {"north": 0, "south": 3}}
    # Play stops: flag 9 was claimable too, but no further flag may be claimed.
    assert g.flags[8].claimed is None
    assert g.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        g.apply(claim(9))


def test_r38_envelopment_any_five_flags_wins() -> None:
    g = game(flags={9: ("b1 g2 y4", "r5 r6 r7")}, first_complete={9: "north"},
             claimed={1: "south", 3: "south", 5: "south", 7: "south"}, south="r9")
    g.apply(play("r9", 2))
    g.apply(claim(9))
    assert g.result is not None and g.result["how"] == "envelopment" and g.result["winner"] == "south"


def test_r38_two_separate_pairs_are_no_breakthrough() -> None:
    g = game(flags={5: ("b1 g2 y4", "r5 r6 r7")}, first_complete={5: "north"},
             claimed={1: "south", 2: "south", 8: "south"}, south="r9")
    g.apply(play("r9", 3))
    g.apply(claim(5))
    assert not g.over


def test_r38_a_loaded_position_already_won_is_over() -> None:
    g = game(claimed={6: "north", 7: "north", 8: "north"})
    assert g.over and g.result is not None and g.result["winner"] == "north"
    assert g.legal_actions() == []


def _stuck(**kwargs: Any) -> Game:
    """Neither player can play a troop: empty hands, empty decks (everything else discarded)."""
    return game(leftovers="north_discard", **kwargs)


def test_r39_both_players_passing_in_a_row_ends_the_game() -> None:
    g = _stuck(flags={1: ("b1 g2 y4", "r5 r6 r7"), 2: ("r1 r2 r3", "g5")}, first_complete={1: "north"})
    g.apply(PASS)  # R9: the pass is south's whole turn, flag 1 stays unclaimed
    assert not g.over and g.to_move == "north" and g.phase == "play" and g.flags[0].claimed is None
    g.apply(PASS)
    assert g.over
    # Every provable flag is awarded: south's Wedge beats the complete Host; north's Wedge beats
    # a side that no unseen troop can complete any more.
    assert g.flags[0].claimed == "south" and g.flags[1].claimed == "north"
    assert g.result == {"winner": None, "how": "draw", "flags": {"north": 1, "south": 1}}


def test_r39_more_flags_wins_after_both_pass() -> None:
    g = _stuck(flags={1: ("b1 g2 y4", "r5 r6 r7"), 5: ("y1", "b8 b9 b10")}, first_complete={1: "north"},
               passes=1)
    g.apply(PASS)
    assert g.result == {"winner": "south", "how": "flags", "flags": {"north": 0, "south": 2}}


def test_r39_awarded_flags_can_make_a_breakthrough() -> None:
    g = _stuck(flags={1: ("b1", "r5 r6 r7"), 2: ("", "o5 o6 o7"), 3: ("b2", "y5 y6 y7")}, passes=1,
               claimed={8: "north", 9: "north"})
    g.apply(PASS)
    assert g.result is not None and g.result["how"] == "breakthrough" and g.result["winner"] == "south"


def test_r39_passes_must_be_consecutive() -> None:
    g = game(north="b9", south="", troops_top="", leftovers="south_discard")
    g.apply(PASS)  # south, no troop
    g.apply(play("b9", 1))  # north plays: the passes are no longer consecutive
    assert g.passes == 0
    g.apply(PASS)
    assert not g.over


def test_r39_the_second_pass_awards_what_the_passer_left_unclaimed() -> None:
    """R9 takes the passer's claim step away; R39 still awards the flag it could have claimed."""
    g = _stuck(flags={1: ("b1 g2 y4", "r5 r6 r7")}, first_complete={1: "north"}, passes=1)
    g.apply(PASS)
    assert g.over and g.flags[0].claimed == "south"
    assert g.result == {"winner": "south", "how": "flags", "flags": {"north": 0, "south": 1}}


# ----------------------------------------------------------------------------- R43 without tactics
def test_r43_a_game_without_tactics_uses_no_tactics_deck() -> None:
    g = Game.new(Rules(tactics=False), seed=8)
    assert g.view()["decks"]["tactics"] == [] and len(g.view()["decks"]["troops"]) == 46
    # Draws are troops only, the whole game long.
    seen_decks = set()
    while not g.over:
        legal = g.legal_actions()
        if g.phase == "draw":
            seen_decks |= {a["deck"] for a in legal}
        assert all(a.get("card") is None or a["card"] in TROOPS for a in legal)
        g.apply(legal[0] if g.phase == "claim" else legal[-1])
    assert seen_decks == {"troops"}


def test_r43_a_draw_from_the_unused_tactics_deck_is_refused_as_unused_not_as_empty() -> None:
    g = Game.new(Rules(tactics=False), seed=8)
    g.apply(g.legal_actions()[0])
    while g.phase == "claim":
        g.apply(g.legal_actions()[0])
    assert g.phase == "draw"
    with pytest.raises(IllegalAction) as refused:
        g.apply(draw("tactics"))
    assert (refused.value.code, str(refused.value)) == ("no_tactics", "this game is played without tactics (R43)")
    assert g.phase == "draw" and g.hand_sizes[g.to_move] == 6


def test_r43_a_position_without_tactics_holds_no_tactics_card() -> None:
    pos = position(tactics=False, south="r1")
    assert from_position(pos).rules == Rules(tactics=False)
    pos["hands"]["south"].append("fog")
    pos["hand_sizes"]["south"] += 1
    with pytest.raises(NotationError, match="R43"):
        from_position(pos)


def test_r43_a_no_tactics_game_needs_sixty_cards() -> None:
    pos = position(tactics=False)
    pos["decks"]["troops"].pop()
    with pytest.raises(NotationError, match="60"):
        from_position(pos)


def test_r39_when_both_could_break_through_the_player_due_to_move_next_is_awarded_first() -> None:
    """RULES is silent; the engine's ruling: awards go first to the player who would move next."""
    g = _stuck(flags={3: ("b1 b2 b3", "g1"), 7: ("y1", "r1 r2 r3")}, claimed={1: "north", 2: "north",
                                                                               8: "south", 9: "south"},
               passes=1)
    g.apply(PASS)  # south, the second passer: no claim step of its own (R9)
    assert g.result == {"winner": "north", "how": "breakthrough", "flags": {"north": 3, "south": 2}}
    assert g.flags[6].claimed is None


# ----------------------------------------------------------------------------- R38 R39 R9 rulings written down
def test_r38_five_flags_with_three_adjacent_are_an_envelopment() -> None:
    """A Breakthrough is a win by 3 adjacent flags with fewer than 5 held; 5 flags are an Envelopment."""
    g = game(flags={3: ("b1 g2 y4", "r5 r6 r7")}, first_complete={3: "north"},
             claimed={1: "south", 2: "south", 5: "south", 7: "south"}, south="r9")
    g.apply(play("r9", 4))
    g.apply(claim(3))
    assert g.result == {"winner": "south", "how": "envelopment", "flags": {"north": 0, "south": 5}}


def test_r38_four_flags_with_three_adjacent_are_a_breakthrough() -> None:
    g = game(flags={3: ("b1 g2 y4", "r5 r6 r7")}, first_complete={3: "north"},
             claimed={1: "south", 2: "south", 7: "south"}, south="r9")
    g.apply(play("r9", 4))
    g.apply(claim(3))
    assert g.result == {"winner": "south", "how": "breakthrough", "flags": {"north": 0, "south": 4}}


def test_r38_lean_state_names_five_flags_an_envelopment() -> None:
    from engine.ai.lean import Lean, from_action

    g = game(flags={3: ("b1 g2 y4", "r5 r6 r7")}, first_complete={3: "north"},
             claimed={1: "south", 2: "south", 5: "south", 7: "south"}, south="r9")
    lean = Lean.from_game(g)
    for action in (play("r9", 4), claim(3)):
        lean.apply(from_action(action))
    assert lean.over and lean.how == "envelopment"


def test_r39_the_next_players_envelopment_ends_the_game_before_the_passers_flags() -> None:
    """After both pass, the flags of the player due to move (north) are awarded first: north's fifth flag,
    three of them adjacent, is an Envelopment, and south's provable Breakthrough at 6-7-8 is never awarded."""
    g = _stuck(flags={3: ("b1 b2 b3", "g1"), 7: ("y1", "r1 r2 r3")},
               claimed={1: "north", 2: "north", 5: "north", 9: "north", 6: "south", 8: "south"}, passes=1)
    g.apply(PASS)
    assert g.result == {"winner": "north", "how": "envelopment", "flags": {"north": 5, "south": 2}}
    assert g.flags[6].claimed is None


def test_r39_the_next_mover_is_awarded_all_five_provable_flags_at_once_an_envelopment() -> None:
    """RULES R39's ruling: an award is the player's whole set. South, due next, can prove 1, 2, 3, 5 and 7:
    all five are awarded before the win is judged, so it is an Envelopment (not a Breakthrough on 1-2-3
    that leaves 5 and 7 unawarded), and north's provable flag 9 is never awarded."""
    g = _stuck(flags={1: ("b1", "r5 r6 r7"), 2: ("", "o5 o6 o7"), 3: ("b2", "y5 y6 y7"),
                      5: ("g1 g2", "p5 p6 p7"), 7: ("", "r8 r9 r10"), 9: ("b8 b9 b10", "y1")},
               to_move="north", passes=1)
    assert g.claimable_flags("south") == [1, 2, 3, 5, 7] and g.claimable_flags("north") == [9]
    from engine.ai.lean import Lean, from_action

    lean = Lean.from_game(g)  # the bots' bit-mask rules award the same way
    lean.apply(from_action(PASS))
    assert (lean.winner, lean.how, lean.claimed) == (1, "envelopment", [1, 1, 1, -1, 1, -1, 1, -1, -1])
    events = g.apply(PASS)  # north's pass, the second in a row: south would move next
    assert [e["type"] for e in events] == ["pass", "both_passed"] + ["claim"] * 5 + ["game_over"]
    assert [(e["seat"], e["flag"]) for e in events if e["type"] == "claim"] == \
        [("south", 1), ("south", 2), ("south", 3), ("south", 5), ("south", 7)]
    assert g.result == {"winner": "south", "how": "envelopment", "flags": {"north": 0, "south": 5}}
    assert events[-1] == {"type": "game_over", **g.result}
    assert [f.claimed for f in g.flags] == ["south"] * 3 + [None, "south", None, "south", None, None]


def _pass_ending_game(seed: int, whole_set_awards: bool = True) -> Game:
    """A real game from a seed, played by a seeded random choice that never claims during play, so that
    flags are left for the award after both pass (seed 1 ends that way, as the test asserts)."""
    import random

    g = Game.new(seed=seed)
    g.whole_set_awards = whole_set_awards
    rng = random.Random(seed)
    while not g.over:
        legal = g.legal_actions()
        g.apply(DONE if g.phase == "claim" else rng.choice(legal))
    return g


def test_r39_a_record_ended_by_passes_keeps_the_whole_set_award_and_old_records_still_load() -> None:
    g = _pass_ending_game(1)
    assert g.actions[-2:] == [PASS, PASS]
    record = to_record(g)
    assert record["result"] == {"winner": "south", "how": "envelopment", "flags": {"north": 0, "south": 6}}
    assert from_record(record).result == record["result"]
    # Written before the ruling, the same game stated the award one flag at a time: a Breakthrough on 3.
    old = to_record(_pass_ending_game(1, whole_set_awards=False))
    assert old["actions"] == record["actions"]
    assert old["result"] == {"winner": "south", "how": "breakthrough", "flags": {"north": 0, "south": 3}}
    assert from_record(old).result == record["result"]  # it loads, and the replay's result stands
    forged = {**old, "result": {"winner": "south", "how": "breakthrough", "flags": {"north": 0, "south": 4}}}
    with pytest.raises(NotationError, match=r"record\.result: does not match"):
        from_record(forged)


def test_r39_a_win_on_the_flag_count_is_flags_not_a_breakthrough() -> None:
    g = _stuck(flags={1: ("b1 g2 y4", "r5 r6 r7"), 5: ("y1", "b8 b9 b10")}, first_complete={1: "north"},
               claimed={9: "north"}, passes=1)
    g.apply(PASS)
    assert g.result == {"winner": "south", "how": "flags", "flags": {"north": 1, "south": 2}}


def test_r9_claims_at_the_start_of_the_turn_stand_when_the_player_then_passes() -> None:
    """Advanced timing (R11): south claims at the start of its turn, then can play nothing and passes.
    The claim stands; the pass ends the turn; after north's pass the game is judged with it."""
    g = _stuck(flags={1: ("b1 g2 y4", "r5 r6 r7"), 2: ("g5", "")}, first_complete={1: "north"},
               timing="advanced", phase="claim")
    assert g.legal_actions() == [claim(1), DONE]
    g.apply(claim(1))
    assert g.phase == "play" and g.legal_actions() == [PASS]
    g.apply(PASS)
    assert g.flags[0].claimed == "south" and g.to_move == "north" and not g.over
    g.apply(PASS)
    assert g.result == {"winner": "south", "how": "flags", "flags": {"north": 0, "south": 1}}


def test_r38_an_old_record_naming_five_flags_a_breakthrough_loads_as_an_envelopment() -> None:
    """The replay recomputes `how`; a stored result that differs only there is corrected, not refused."""
    from builders import record_under_old_r38

    old = record_under_old_r38()
    g = from_record(old)
    assert g.result is not None and g.result["how"] == "envelopment"
    assert {k: v for k, v in g.result.items() if k != "how"} == {k: v for k, v in old["result"].items()
                                                                    if k != "how"}
    assert to_record(g)["result"]["how"] == "envelopment"
    wrong = dict(old, result=dict(old["result"], flags={"north": 0, "south": 0}))
    with pytest.raises(NotationError, match=r"record\.result"):
        from_record(wrong)


def test_r27_an_old_record_that_put_back_a_dead_leader_still_replays() -> None:
    """Legal when it was played: the record replays (engine, take-back log, LAN save events alike);
    a game played today refuses the same return at the same point."""
    from builders import record_under_old_r27

    from engine import replay

    old = record_under_old_r27()
    g = from_record(old)
    assert g.result == old["result"] and g.keep_dead_leader
    live = Game.new(Rules.from_dict(old["rules"]), old["seed"], old["first"], dict(old["players"]))
    events = []
    for action in old["actions"]:
        try:
            events += live.apply(action)
        except IllegalAction as exc:
            assert "R27" in str(exc) and action["type"] == "scout_return"
            break
    else:
        raise AssertionError("today's rules accepted the return of a dead Leader")
    again = Game.new(Rules.from_dict(old["rules"]), old["seed"], old["first"], dict(old["players"]))
    assert [e for a in old["actions"] for e in replay(again, a)][-1]["type"] == "game_over"
