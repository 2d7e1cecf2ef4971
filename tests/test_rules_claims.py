"""Claiming flags (R19-R23): frozen flags, proofs from open information, counterexamples."""

from __future__ import annotations

import re

import pytest
from builders import claim, game, play

from engine import Game, IllegalAction, Rules, analyze, from_position
from engine.claims import proof_of


def test_r19_a_claimed_flag_takes_no_more_cards() -> None:
    g = game(flags={1: ("b1 b2 b3", "g1")}, claimed={1: "north"}, south="r5 alexander")
    assert all(a.get("flag") != 1 for a in g.legal_actions())
    for card in ("r5", "alexander"):
        with pytest.raises(IllegalAction, match="R19"):
            g.apply(play(card, 1))


def test_r19_no_card_leaves_a_claimed_flag() -> None:
    g = game(flags={1: ("b1 b2 b3", "g1 g2")}, claimed={1: "north"}, south="redeploy deserter traitor")
    assert [a for a in g.legal_actions() if a.get("from_flag") == 1] == []
    for action in (
        {"type": "play", "card": "redeploy", "from_flag": 1, "target": "g1", "to_flag": None},
        {"type": "play", "card": "redeploy", "from_flag": 1, "target": "g1", "to_flag": 2},
        {"type": "play", "card": "deserter", "from_flag": 1, "target": "b1"},
        {"type": "play", "card": "traitor", "from_flag": 1, "target": "b1", "to_flag": 2},
    ):
        before = g.view()
        with pytest.raises(IllegalAction, match="R19"):
            g.apply(action)
        assert g.view() == before


def test_r19_no_tactics_card_affects_a_claimed_flag() -> None:
    g = game(flags={1: ("b1 b2 b3", "g1 g2"), 2: ("y5", "r9")}, claimed={1: "north"},
             south="fog mud redeploy traitor")
    legal = g.legal_actions()
    assert not [a for a in legal if a.get("flag") == 1 or a.get("to_flag") == 1]
    for action in (
        play("fog", 1), play("mud", 1),
        {"type": "play", "card": "redeploy", "from_flag": 2, "target": "r9", "to_flag": 1},
        {"type": "play", "card": "traitor", "from_flag": 2, "target": "y5", "to_flag": 1},
    ):
        with pytest.raises(IllegalAction, match="R19"):
            g.apply(action)


def test_r19_a_claimed_flag_cannot_be_claimed_again() -> None:
    g = game(flags={1: ("b1 b2 b3", "g1 g2 g3")}, claimed={1: "north"}, first_complete={1: "north"})
    j = g.judge_claim(1, "south")
    assert not j.ok and "R19" in j.reason


# ----------------------------------------------------------------------------- R20
def test_r20_complete_against_complete_compares_directly() -> None:
    g = game(flags={1: ("b1 g2 y4", "r5 r6 r7")}, first_complete={1: "north"})
    j = g.judge_claim(1, "south")
    assert j.ok and j.theirs_complete and list(j.theirs_cards) == ["b1", "g2", "y4"]
    assert not g.judge_claim(1, "north").ok


def test_r20_proof_against_an_incomplete_side() -> None:
    """South's Wedge 27 cannot be beaten by anything north's two cards could become."""
    g = game(flags={1: ("b9 b10", "r8 r9 r10")})
    j = g.judge_claim(1, "south")
    assert j.ok and not j.theirs_complete
    assert j.theirs is not None and (j.theirs.name, j.theirs.total) == ("wedge", 27)


def test_r20_counterexample_refutes_a_claim_against_an_incomplete_side() -> None:
    g = game(flags={1: ("b9 b10", "r5 r6 r7")})
    j = g.judge_claim(1, "south")
    assert not j.ok
    assert sorted(j.theirs_cards) == ["b10", "b8", "b9"]
    assert j.theirs is not None and (j.theirs.name, j.theirs.total) == ("wedge", 27)


def test_r20_claim_needs_own_complete_formation() -> None:
    g = game(flags={1: ("", "r9 r10")})
    assert not g.judge_claim(1, "south").ok


def test_r20_an_incomplete_side_that_can_no_longer_complete_loses() -> None:
    # Every troop but the ones on flag 1 is face up in a discard: north's side cannot be completed.
    g = game(flags={1: ("b9 b10", "r1 b2 g4")}, leftovers="north_discard")
    j = g.judge_claim(1, "south")
    assert j.ok and j.theirs is None


def test_r20_claiming_through_apply_awards_the_flag_with_its_proof() -> None:
    g = game(flags={1: ("b9 b10", "r8 r9")}, south="r10")
    g.apply(play("r10", 1))
    events = g.apply(claim(1))
    assert g.flags[0].claimed == "south"
    proof = events[0]["proof"]
    assert events[0]["type"] == "claim" and proof["formation"] == "wedge" and proof["sum"] == 27
    opponent = proof["opponent"]
    assert opponent is not None and opponent["complete"] is False and opponent["sum"] == 27


# ----------------------------------------------------------------------------- R21
def test_r21_the_claimants_hand_counts_as_unseen() -> None:
    """South holds b8 itself, yet may not use that knowledge: b8 could still complete north's Wedge."""
    g = game(flags={1: ("b9 b10", "r5 r6 r7")}, south="b8")
    j = g.judge_claim(1, "south")
    assert not j.ok and "b8" in j.theirs_cards


def test_r21_cards_on_the_table_and_in_discards_are_seen() -> None:
    on_table = game(flags={1: ("b9 b10", "r5 r6 r7"), 2: ("", "b8")})
    discarded = game(flags={1: ("b9 b10", "r5 r6 r7")}, north_discard="b8")
    for g in (on_table, discarded):
        j = g.judge_claim(1, "south")
        # Without b8 north's best is a Battalion (b10 b9 b7 = 26): a Wedge 18 beats it.
        assert j.ok and j.theirs is not None and (j.theirs.name, j.theirs.total) == ("battalion", 26)


def test_r21_tactics_not_on_the_table_never_block_a_claim() -> None:
    """North could play a Leader as b8, but a tactics card in hand is not an unseen troop."""
    g = game(flags={1: ("b9 b10", "r5 r6 r7"), 2: ("", "b8")}, north="alexander darius cavalry")
    assert g.judge_claim(1, "south").ok


def test_r21_morale_tactics_on_the_table_count_with_their_best_value() -> None:
    # North's Leader can be b8 or b9 with the other still unseen: Wedge 27.
    g = game(flags={1: ("b10 alexander", "r5 r6 r7")})
    j = g.judge_claim(1, "south")
    assert not j.ok and j.theirs is not None and j.theirs.name == "wedge"
    # With b8 and b9 both seen the Leader cannot finish a Wedge; a Phalanx of 10s loses to a Wedge.
    g = game(flags={1: ("b10 alexander", "r5 r6 r7"), 2: ("b8", "b9")})
    j = g.judge_claim(1, "south")
    assert j.ok and j.theirs is not None and (j.theirs.name, j.theirs.total) == ("phalanx", 30)


def test_r21_unseen_is_worked_out_from_open_information_only() -> None:
    """The same table judged from either player's view gives the same verdicts."""
    full = game(flags={1: ("b9 b10", "r5 r6 r7"), 3: ("g1 g2 g3", "y4")}, south="b8 y5", north="y6 o1")
    for seat in ("north", "south"):
        seen_by = from_position(full.view(seat))
        for flag in (1, 3):
            for claimant in ("north", "south"):
                assert seen_by.judge_claim(flag, claimant).ok == full.judge_claim(flag, claimant).ok


# ----------------------------------------------------------------------------- R22
def test_r22_morale_tactics_take_their_best_identity() -> None:
    g = game(flags={1: ("b7 b8 b9", "r9 alexander r10")}, first_complete={1: "north"})
    j = g.judge_claim(1, "south")
    assert j.ok and j.mine is not None and (j.mine.name, j.mine.total) == ("wedge", 27)
    assert j.mine.wild == ("r8",)


def test_r22_identity_may_duplicate_a_troop_elsewhere_on_the_table() -> None:
    g = game(flags={1: ("b7 b8 b9", "r9 alexander r10"), 2: ("r8", "")}, first_complete={1: "south"})
    j = g.judge_claim(1, "south")
    assert j.ok and j.mine is not None and j.mine.name == "wedge" and j.mine.total == 27


def test_r22_identity_is_chosen_for_the_owner_when_judged_not_when_played() -> None:
    """The same Leader counts differently as the rest of its side changes."""
    g = game(flags={1: ("b1 b2 b4", "alexander r3")}, south="r2 g3", first_complete={})
    g.apply(play("r2", 1))
    j = g.judge_claim(1, "south")
    assert j.mine is not None and (j.mine.name, j.mine.total) == ("wedge", 9)  # r2 r3 and r4
    other = game(flags={1: ("b1 b2 b4", "alexander r3")}, south="g3")
    other.apply(play("g3", 1))
    j = other.judge_claim(1, "south")
    assert j.mine is not None and (j.mine.name, j.mine.total) == ("phalanx", 9)  # three 3s


# ----------------------------------------------------------------------------- R23
def test_r23_a_refused_claim_names_a_counterexample_that_wins() -> None:
    g = game(flags={1: ("y10 y9", "r5 r6 r7")})
    j = g.judge_claim(1, "south")
    assert not j.ok and j.theirs is not None
    assert j.theirs_cards[:2] == ("y10", "y9") and len(j.theirs_cards) == 3
    assert j.mine is not None and j.theirs.strength > j.mine.strength
    assert "yellow 8" in j.reason and "Wedge 27" in j.reason


def test_r23_an_accepted_claim_names_the_strongest_completion() -> None:
    g = game(flags={1: ("y1 g1", "r8 r9 r10")})
    j = g.judge_claim(1, "south")
    assert j.ok and j.theirs is not None and (j.theirs.name, j.theirs.total) == ("phalanx", 3)
    proof = proof_of(j)
    opponent = proof["opponent"]
    assert opponent is not None and opponent["formation"] == "phalanx" and len(opponent["cards"]) == 3


def test_r23_analysis_shows_claims_best_completions_and_counterexamples() -> None:
    g = game(flags={1: ("y10 y9", "r5 r6 r7"), 2: ("y1 g1", "r8 r9 r10"), 3: ("b1 b2 b3", "g4")},
             claimed={3: "north"})
    rows = analyze(g)
    assert rows[0]["claimable_by"] is None and sorted(rows[0]["counterexample"]) == ["y10", "y8", "y9"]
    assert rows[0]["north"]["best"]["formation"] == "wedge"
    assert rows[1]["claimable_by"] == "south" and rows[1]["south"] == {"complete": True, "formation": "wedge",
                                                                       "sum": 27}
    assert rows[2]["claimable_by"] == "claimed" and rows[2]["claimed"] == "north"


def test_r23_claim_refused_in_play_says_why() -> None:
    g = game(flags={1: ("y10 y9", "r5 r6"), 2: ("b1 g2 y4", "o5 o6 o7")}, first_complete={2: "north"},
             south="r7")
    g.apply(play("r7", 1))
    assert g.phase == "claim"
    with pytest.raises(IllegalAction, match="could still make Wedge 27"):
        g.apply(claim(1))


def test_r20_a_claim_refusal_names_its_rule_once() -> None:
    """A refusal carries one rule tag: the verdict's own (R20 for a short side, R18 for a tie lost on
    completing second), or R20 when the verdict names none (a counterexample)."""
    g = game(flags={1: ("y10 y9", "r5 r6"), 2: ("b1 g2 y4", "o5 o6 o7"), 3: ("", "g9"),
                    4: ("p8 p9 p10", "b8 b9 b10")}, first_complete={2: "north", 4: "north"}, south="r7")
    g.apply(play("r7", 1))
    assert g.phase == "claim"
    said = {}
    for n in (1, 3, 4):
        with pytest.raises(IllegalAction) as refused:
            g.apply(claim(n))
        assert refused.value.code == "claim_unproven"
        said[n] = str(refused.value)
    assert said[1].startswith("flag 1 cannot be claimed: North could still make Wedge 27") and \
        said[1].endswith("(R20)"), said[1]
    assert said[3] == "flag 3 cannot be claimed: your side needs 3 cards to claim (R20)", said[3]
    assert said[4].endswith("completed first (R18)"), said[4]
    for words in said.values():
        assert len(re.findall(r"\(R\d+\)", words)) == 1, words


def test_r20_r21_every_seat_and_flag_judged_from_a_view_position() -> None:
    """A player's view (hidden hand and decks) is enough to judge claims (R21)."""
    g = Game.new(Rules(), seed=4)
    view = g.view("south")
    assert view["hands"]["north"] is None
    loaded = from_position(view)
    for n in range(1, 10):
        assert loaded.judge_claim(n, "south").ok == g.judge_claim(n, "south").ok
