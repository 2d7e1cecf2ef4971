"""The three-player game (R46-R53, docs/RULES.md "Three players"): one engine, three seats, three fronts.

Every test here is named after the rule it checks. Positions are built with tests/builders.py
`position3` and loaded through the engine's real reader, as the two-player rule tests do.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest
from builders import PASS, claim, draw, game3, play, position3

from engine import Game, IllegalAction, NotationError, Rules, from_position, from_record, to_position, to_record
from engine.cards import TROOPS
from engine.match import Match, check_result, points_of
from engine.notation_types import Result
from game.i18n import LANGUAGES, set_language
from game.i18n.refusals import refusal_words

THREE = Rules(tactics=False, players=3)
LINES = {"south": (1, 2, 3, 4, 5, 6), "west": (9, 8, 7, 3, 2, 1), "east": (6, 5, 4, 7, 8, 9)}


def random_game(seed: int, stop: Any = None) -> Game:
    """A three-player game played out by random legal actions (claims always made)."""
    g = Game.new(THREE, seed)
    rng = random.Random(seed)
    while not g.over and not (stop and stop(g)):
        actions = g.legal_actions()
        g.apply(actions[0] if g.phase == "claim" else rng.choice(actions))
    return g


# ---------------------------------------------------------------------- R46: seats, cards, deal
def test_r46_three_seats_south_west_east_and_troops_only() -> None:
    assert THREE.seats == ("south", "west", "east")
    with pytest.raises(ValueError):
        Rules(players=3)  # tactics default to true: refused, not silently dropped
    with pytest.raises(NotationError, match=r"rules.tactics: the three-player game is played without tactics"):
        Rules.from_dict({"players": 3, "tactics": True})
    assert Rules.from_dict({"players": 3}) == THREE  # absent tactics means none with three players
    with pytest.raises(NotationError, match=r"rules.players: expected 2 or 3"):
        Rules.from_dict({"players": 4, "tactics": False})
    g = Game.new(THREE, 5)
    assert all(card in TROOPS for s in g.seats for card in g.hand(s))
    assert g.decks["tactics"] == [] and g.rules.to_dict() == {"tactics": False, "claim_timing": "standard",
                                                              "players": 3}


def test_r46_seven_cards_each_and_thirty_nine_in_the_deck() -> None:
    g = Game.new(THREE, 11)
    assert g.hand_sizes == {"south": 7, "west": 7, "east": 7}
    assert g.deck_sizes == {"troops": 39, "tactics": 0}
    every = [c for s in g.seats for c in g.hand(s)] + (g.decks["troops"] or [])
    assert sorted(every) == sorted(TROOPS)


def test_r46_a_random_player_starts_and_the_deal_begins_with_them() -> None:
    firsts = {Game.new(THREE, seed).first for seed in range(60)}
    assert firsts == {"south", "west", "east"}
    # The deal goes round from the first player, one card at a time: whoever starts gets the same cards.
    by_first = {s: Game.new(THREE, 3, first=s) for s in THREE.seats}
    assert by_first["south"].hand("south") == by_first["west"].hand("west") == by_first["east"].hand("east")
    assert by_first["south"].hand("west") == by_first["west"].hand("east") == by_first["east"].hand("south")
    assert by_first["south"].decks == by_first["east"].decks
    assert all(g.to_move == s for s, g in by_first.items())


def test_r46_drawing_from_the_tactics_deck_is_refused_as_there_is_none() -> None:
    """The three-player game has no tactics deck at all (R46): a draw from it is refused as such, not as
    an empty deck (R10), in every language, and the game is unchanged."""
    g = Game.new(THREE, 4)
    g.apply(g.legal_actions()[0])
    while g.phase == "claim":
        g.apply(g.legal_actions()[0])
    assert g.phase == "draw" and g.legal_actions() == [draw()]
    before = to_position(g)
    with pytest.raises(IllegalAction) as refused:
        g.apply(draw("tactics"))
    assert refused.value.code == "no_tactics_deck"
    assert str(refused.value) == "the three-player game has no tactics deck (R46)"
    assert to_position(g) == before
    said = {}
    for lang in LANGUAGES:
        set_language(lang)
        said[lang] = refusal_words(refused.value.code, refused.value.fields, str(refused.value))
    set_language("en")
    assert said["en"] == "the three-player game has no tactics deck"
    assert len(set(said.values())) == len(LANGUAGES), said  # each catalog says it in its own words


# ---------------------------------------------------------------------- R47: fronts and lines
def test_r47_three_fronts_of_three_flags_one_between_each_pair() -> None:
    g = Game.new(THREE, 1)
    pairs = [set(f.pair) for f in g.flags]
    assert pairs[0:3] == [{"west", "south"}] * 3
    assert pairs[3:6] == [{"south", "east"}] * 3
    assert pairs[6:9] == [{"east", "west"}] * 3
    view = to_position(g)
    assert set(view["flags"][0]) == {"west", "south", "fog", "mud", "first_complete", "claimed"}
    assert set(view["flags"][8]) == {"east", "west", "fog", "mud", "first_complete", "claimed"}


def test_r47_each_player_fights_on_six_flags_their_line() -> None:
    g = Game.new(THREE, 1)
    for seat, line in LINES.items():
        assert sorted(line) == [i + 1 for i, f in enumerate(g.flags) if seat in f.pair]


def test_r47_a_flag_of_the_wrong_front_does_not_load() -> None:
    pos = position3()
    pos["flags"][0] = {"north": [], "south": [], "fog": None, "mud": None, "first_complete": None, "claimed": None}
    with pytest.raises(NotationError, match=r"position.flags\[0\].north: unknown field"):
        from_position(pos)
    pos = position3(claimed={7: "south"})
    with pytest.raises(NotationError, match=r'position.flags\[6\].claimed: expected "east" or "west"'):
        from_position(pos)


# ---------------------------------------------------------------------- R48: turns, who plays and claims where
def test_r48_play_goes_clockwise_south_west_east() -> None:
    g = Game.new(THREE, 2, first="south")
    order = [g.to_move]
    rng = random.Random(2)
    while len(order) < 10:
        for event in g.apply(rng.choice(g.legal_actions())):
            if event["type"] == "turn":
                order.append(event["seat"])
    assert order == ["south", "west", "east"] * 3 + ["south"]


def test_r48_a_player_plays_only_on_the_flags_of_their_own_fronts() -> None:
    for seat, line in LINES.items():
        g = game3(hands={"south": "r1", "west": "o1", "east": "y1"}, to_move=seat)
        assert sorted(a["flag"] for a in g.legal_actions()) == sorted(line)
    g = game3(hands={"south": "r1 r2", "west": "o1", "east": "y1"}, to_move="south")
    with pytest.raises(IllegalAction, match=r"flag 7 is fought over by east and west, not by you \(R48\)"):
        g.apply(play("r1", 7))
    assert g.hand("south") == ["r1", "r2"] and g.flags[6].sides == {"east": [], "west": []}


def test_r48_a_player_claims_only_on_their_own_fronts() -> None:
    # East's side of flag 7 beats west's sure loss there; south, not on that front, can never claim it.
    g = game3(flags={7: {"east": "r8 r9 r10", "west": "o1 y2 g4"}}, hands={"south": "b1", "east": "b2"},
              first_complete={7: "west"}, to_move="south", phase="play")
    verdict = g.judge_claim(7, "south")
    assert not verdict.ok and "not by you (R48)" in verdict.reason
    assert g.claimable_flags("south") == [] and g.claimable_flags("east") == [7]
    g.apply(play("b1", 1))
    assert g.phase == "draw"  # no claim step: nothing south could claim


def test_r48_a_claim_refused_off_your_fronts_names_r48_alone() -> None:
    g = game3(flags={4: {"south": "r8 r9", "east": "o1 y2 g4"}, 7: {"east": "r5 r6 r7", "west": "g1"}},
              hands={"south": "r10 b1", "west": "b2", "east": "b3"})
    g.apply(play("r10", 4))
    assert g.phase == "claim"
    with pytest.raises(IllegalAction) as refused:
        g.apply(claim(7))
    assert str(refused.value) == "flag 7 cannot be claimed: this flag is fought over by east and west, not by " \
        "you (R48)"


def test_r48_a_turn_is_play_claim_draw_on_your_own_fronts() -> None:
    g = game3(flags={4: {"south": "r8 r9", "east": "o1 y2 g4"}}, hands={"south": "r10 b1", "west": "b2",
                                                                        "east": "b3"}, to_move="south")
    g.apply(play("r10", 4))
    assert g.phase == "claim" and {"type": "claim", "flag": 4} in g.legal_actions()
    g.apply(claim(4))
    g.apply(draw())
    assert g.flags[3].claimed == "south" and g.to_move == "west" and g.hand_sizes["south"] == 2


# ---------------------------------------------------------------------- R49: proofs with two hidden hands
def test_r49_a_proof_counts_the_deck_and_both_other_hands_as_unseen() -> None:
    # South's 24 run at flag 1 against west's y9 y10: west could still make y8 y9 y10, and y8 sits in
    # east's hand. East's hand is hidden from south, so it is unseen: no proof.
    g = game3(flags={1: {"south": "b7 b8 b9", "west": "y9 y10"}},
              hands={"south": "r1", "west": "r2", "east": "y8"}, to_move="south")
    verdict = g.judge_claim(1, "south")
    assert not verdict.ok and "y8" in verdict.theirs_cards
    # The same with y8 in south's own hand: still unseen (R21).
    g = game3(flags={1: {"south": "b7 b8 b9", "west": "y9 y10"}},
              hands={"south": "y8", "west": "r2", "east": "r1"}, to_move="south")
    assert not g.judge_claim(1, "south").ok


def test_r49_the_third_players_cards_on_other_fronts_are_seen() -> None:
    # y8 face up on east's side of flag 7 (the east-west front): west can no longer make the y run.
    g = game3(flags={1: {"south": "b7 b8 b9", "west": "y9 y10"}, 7: {"east": "y8"}},
              hands={"south": "r1", "west": "r2", "east": "r3"}, to_move="south")
    verdict = g.judge_claim(1, "south")
    assert verdict.ok, verdict.reason
    # A seat's view proves the same: the verdict needs no hidden card.
    seen_by_south = from_position(g.view("south"))
    assert seen_by_south.judge_claim(1, "south").ok


# ---------------------------------------------------------------------- R50: passing, the all-pass ending
def _full_lines_of(seat: str) -> dict[int, dict[str, str]]:
    """Every flag of `seat`'s line with three cards on `seat`'s side (weak ones, none wins by itself)."""
    deck = iter(["r1", "o2", "y4", "g1", "b2", "p4", "r3", "o5", "y7", "g3", "b5", "p7", "r6", "o8", "y10",
                 "g6", "b8", "p10"])
    return {n: {seat: " ".join(next(deck) for _ in range(3))} for n in LINES[seat]}


def test_r50_a_player_with_no_free_slot_on_their_six_flags_passes() -> None:
    g = game3(flags=_full_lines_of("south"), hands={"south": "r10 o10", "west": "b10", "east": "g10"},
              to_move="south")
    assert g.legal_actions() == [PASS]  # flags 7-9 have room, but not for south
    events = g.apply(PASS)
    assert [e["type"] for e in events] == ["pass", "turn"] and g.to_move == "west" and g.passes == 1


def test_r50_a_player_with_troops_to_play_may_not_pass() -> None:
    g = game3(hands={"south": "r1", "west": "o1", "east": "y1"}, to_move="south")
    with pytest.raises(IllegalAction, match=r"R9"):
        g.apply(PASS)


def _ending(to_move: str) -> Game:
    """Nobody can play (empty hands and deck); south could prove 4-5-6 and west 7-8-9, both Breakthroughs."""
    flags: dict[int, dict[str, str]] = {
        4: {"south": "r8 r9 r10", "east": "o1 y2 g4"}, 5: {"south": "o8 o9 o10", "east": "r1 y3 g5"},
        6: {"south": "y8 y9 y10", "east": "o2 r3 g6"}, 7: {"west": "g8 g9 g10", "east": "b1 p2 r4"},
        8: {"west": "b8 b9 b10", "east": "p1 b2 o4"}, 9: {"west": "p8 p9 p10", "east": "b3 p3 o3"},
    }
    return game3(flags=flags, to_move=to_move, passes=2, leftovers="south_discard",
                 first_complete={n: "east" for n in flags})


def test_r50_when_all_three_pass_flags_are_awarded_from_the_next_player_clockwise() -> None:
    g = _ending("east")  # east passes third: south is next, so south's flags come first and south wins
    events = g.apply(PASS)
    assert [e["type"] for e in events][:2] == ["pass", "all_passed"]
    assert g.result == {"winner": "south", "how": "breakthrough", "flags": {"south": 3, "west": 0, "east": 0}}
    g = _ending("south")  # south passes third: west is next and wins first
    g.apply(PASS)
    assert g.result == {"winner": "west", "how": "breakthrough", "flags": {"south": 0, "west": 3, "east": 0}}


def test_r50_the_next_players_whole_set_is_awarded_at_once_four_flags_an_envelopment() -> None:
    """THREE.md's ruling: south, due next after the three passes, can prove 1, 2, 3 and 5; all four are
    awarded before the win is judged, so it is an Envelopment (not a Breakthrough on 1-2-3 with flag 5
    left out), and west's provable flag 8 is never awarded."""
    flags: dict[int, dict[str, str]] = {
        1: {"south": "r5 r6 r7", "west": "b1"}, 2: {"south": "o5 o6 o7", "west": ""},
        3: {"south": "y5 y6 y7", "west": "b2"}, 5: {"south": "p5 p6 p7", "east": "g1 g2"},
        8: {"west": "b8 b9 b10", "east": "y1"},
    }
    g = game3(flags=flags, to_move="east", passes=2, leftovers="south_discard")
    assert g.claimable_flags("south") == [1, 2, 3, 5] and g.claimable_flags("west") == [8]
    from engine.ai.lean import from_action
    from engine.ai.lean3 import Lean3

    lean = Lean3.from_game(g)  # the bots' bit-mask rules award the same way
    lean.apply(from_action(PASS))
    assert (lean.winner, lean.how, lean.claimed) == (0, "envelopment", [0, 0, 0, -1, 0, -1, -1, -1, -1])
    events = g.apply(PASS)
    assert [e["type"] for e in events] == ["pass", "all_passed"] + ["claim"] * 4 + ["game_over"]
    assert [(e["seat"], e["flag"]) for e in events if e["type"] == "claim"] == \
        [("south", 1), ("south", 2), ("south", 3), ("south", 5)]
    assert g.result == {"winner": "south", "how": "envelopment", "flags": {"south": 4, "west": 0, "east": 0}}
    assert g.flags[7].claimed is None


def _pass_ending_game(seed: int, whole_set_awards: bool = True) -> Game:
    """A real three-player game played by a seeded random choice that never claims during play, so that
    flags are left for the award after the three passes (seed 3 ends that way, as the test asserts)."""
    g = Game.new(THREE, seed)
    g.whole_set_awards = whole_set_awards
    rng = random.Random(seed)
    while not g.over:
        legal = g.legal_actions()
        g.apply({"type": "done"} if g.phase == "claim" else rng.choice(legal))
    return g


def test_r50_a_record_ended_by_passes_keeps_the_whole_set_award_and_old_records_still_load() -> None:
    g = _pass_ending_game(3)
    assert g.actions[-3:] == [PASS] * 3
    record = to_record(g)
    assert record["result"] == {"winner": "south", "how": "envelopment", "flags": {"south": 6, "west": 0, "east": 0}}
    assert from_record(record).result == record["result"]
    old = to_record(_pass_ending_game(3, whole_set_awards=False))  # as the award went before the ruling
    assert old["actions"] == record["actions"]
    assert old["result"] == {"winner": "south", "how": "breakthrough", "flags": {"south": 3, "west": 0, "east": 0}}
    assert from_record(old).result == record["result"]
    forged = {**old, "result": {"winner": "west", "how": "breakthrough", "flags": {"south": 3, "west": 0, "east": 0}}}
    with pytest.raises(NotationError, match=r"record\.result: does not match"):
        from_record(forged)


def test_r50_two_passes_are_not_yet_the_end() -> None:
    g = _ending("east")
    g.passes = 1
    g.apply(PASS)
    assert g.result is None and g.to_move == "south" and g.passes == 2


def test_r50_without_a_win_the_most_flags_wins_and_a_shared_most_is_a_draw() -> None:
    g = game3(claimed={1: "south", 6: "south", 9: "west", 5: "east"}, to_move="east", passes=2,
              leftovers="west_discard")
    g.apply(PASS)
    assert g.result == {"winner": "south", "how": "flags", "flags": {"south": 2, "west": 1, "east": 1}}
    g = game3(claimed={1: "south", 6: "south", 9: "west", 7: "west", 5: "east"}, to_move="east", passes=2,
              leftovers="west_discard")
    g.apply(PASS)
    assert g.result == {"winner": None, "how": "draw", "flags": {"south": 2, "west": 2, "east": 1}}


# ---------------------------------------------------------------------- R51: how a game is won
BREAKTHROUGHS = {
    "south": [(1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6)],
    "west": [(9, 8, 7), (8, 7, 3), (7, 3, 2), (3, 2, 1)],
    "east": [(6, 5, 4), (5, 4, 7), (4, 7, 8), (7, 8, 9)],
}


def _held(seat: str, flags: tuple[int, ...]) -> Result | None:
    """The result of a position where `seat` holds exactly `flags` (the reader checks for a win)."""
    return game3(claimed={n: seat for n in flags}).result


@pytest.mark.parametrize("seat", ["south", "west", "east"])
def test_r51_three_in_a_row_on_your_own_line_is_a_breakthrough(seat: str) -> None:
    for triple in combinations(LINES[seat], 3):
        result = _held(seat, triple)
        if tuple(sorted(triple)) in {tuple(sorted(t)) for t in BREAKTHROUGHS[seat]}:
            assert result == {"winner": seat, "how": "breakthrough",
                              "flags": {s: 3 if s == seat else 0 for s in THREE.seats}}, triple
        else:
            assert result is None, triple


def test_r51_the_line_runs_through_the_centre() -> None:
    assert _held("west", (7, 3, 2)) is not None  # the rulebook's example: west's 7-3-2
    assert _held("south", (3, 4, 5)) is not None
    assert _held("south", (1, 2, 4)) is None  # 2 and 4 are not neighbours
    assert _held("east", (4, 7, 8)) is not None
    assert _held("south", (2, 3, 4)) is not None and _held("west", (8, 7, 3)) is not None


def test_r51_breakthrough_by_a_claim_ends_the_game_at_once() -> None:
    g = game3(flags={3: {"west": "r8 r9 r10", "south": "o1 y2 g4"}}, claimed={7: "west", 2: "west"},
              first_complete={3: "south"}, hands={"west": "b1", "south": "b2", "east": "b3"}, to_move="west",
              phase="claim")
    events = g.apply(claim(3))
    assert g.result == {"winner": "west", "how": "breakthrough", "flags": {"south": 0, "west": 3, "east": 0}}
    assert events[-1]["type"] == "game_over" and g.legal_actions() == []


@pytest.mark.parametrize("seat", ["south", "west", "east"])
def test_r51_any_four_flags_is_an_envelopment(seat: str) -> None:
    line = LINES[seat]
    four = (line[0], line[2], line[3], line[5])  # no three of them in a row on the line
    assert _held(seat, four) == {"winner": seat, "how": "envelopment",
                                 "flags": {s: 4 if s == seat else 0 for s in THREE.seats}}


def test_r51_three_flags_not_in_a_row_do_not_win() -> None:
    assert _held("south", (1, 3, 5)) is None
    assert _held("east", (9, 6, 4)) is None


# ---------------------------------------------------------------------- R52: a match of three-player games
def test_r52_the_winner_scores_five_and_each_other_player_their_flags() -> None:
    result = {"winner": "west", "how": "breakthrough", "flags": {"south": 2, "west": 3, "east": 1}}
    assert points_of(check_result(result, players=3)) == {"south": 2, "west": 5, "east": 1}
    draw_result = {"winner": None, "how": "draw", "flags": {"south": 2, "west": 2, "east": 1}}
    assert points_of(check_result(draw_result, players=3)) == {"south": 2, "west": 2, "east": 1}


def test_r52_a_match_of_three_keeps_scores_and_the_winner_starts_next() -> None:
    match = Match("games", 2, "south", players=3)
    match.record_game({"winner": "east", "how": "envelopment", "flags": {"south": 1, "west": 2, "east": 4}})
    assert match.scores == {"south": 1, "west": 2, "east": 5} and match.next_first == "east"
    assert not match.over
    match.record_game({"winner": "west", "how": "flags", "flags": {"south": 1, "west": 2, "east": 1}})
    assert match.scores == {"south": 2, "west": 7, "east": 6}
    assert match.over and match.winner == "west" and match.next_first == "west"
    data = match.to_dict()
    assert data["players"] == 3
    again = Match.from_dict(data)
    assert again.scores == match.scores and again.players == 3


def test_r52_results_that_cannot_happen_are_refused() -> None:
    with pytest.raises(NotationError, match="expected flag counts for south, west and east"):
        check_result({"winner": "south", "how": "flags", "flags": {"north": 1, "south": 2}}, players=3)
    with pytest.raises(NotationError, match="is not a win by envelopment"):
        check_result({"winner": "south", "how": "envelopment", "flags": {"south": 3, "west": 0, "east": 0}},
                     players=3)
    with pytest.raises(NotationError, match="most flags shared"):
        check_result({"winner": None, "how": "draw", "flags": {"south": 3, "west": 2, "east": 1}}, players=3)
    assert "players" not in Match().to_dict()  # a two-player match is saved as it always was


def test_r52_a_three_player_game_result_is_a_valid_match_result() -> None:
    for seed in range(40):
        g = random_game(seed)
        assert g.result is not None
        assert check_result(g.result, players=3) == g.result


# ---------------------------------------------------------------------- R53: what each player sees
def test_r53_a_seat_sees_its_own_hand_only_and_the_public_sees_none() -> None:
    g = Game.new(THREE, 8)
    for seat in THREE.seats:
        view = g.view(seat)
        assert [s for s, h in view["hands"].items() if h is not None] == [seat]
        assert view["hand_sizes"] == {"south": 7, "west": 7, "east": 7}
        assert view["decks"] == {"troops": 39, "tactics": 0}
        loaded = from_position(view)
        if seat == g.to_move:  # the mover's own view lists the same actions as the whole table
            assert loaded.legal_actions() == g.legal_actions()
    public = g.view("public")
    assert public["hands"] == {"south": None, "west": None, "east": None}
    from_position(public)


def test_r53_another_seats_draw_is_hidden_in_events() -> None:
    from engine import redact

    g = Game.new(THREE, 8, first="south")
    g.apply(g.legal_actions()[0])
    events = g.apply(draw()) if g.phase == "draw" else g.apply(g.legal_actions()[-1])
    drawn = next(e for e in events if e["type"] == "draw")
    assert "card" in redact(drawn, "south")
    assert "card" not in redact(drawn, "west") and "card" not in redact(drawn, "east")


# ---------------------------------------------------------------------- records of three-player games
def test_r46_records_of_three_player_games_replay_exactly() -> None:
    for seed in range(10):
        g = random_game(seed)
        record = to_record(g)
        assert record["rules"]["players"] == 3 and set(record["players"]) == {"south", "west", "east"}
        again = from_record(record)
        assert again.result == g.result and to_position(again) == to_position(g)
    two = to_record(Game.new(Rules(), 1))
    assert two["rules"] == {"tactics": True, "claim_timing": "standard"}  # unchanged for two players


def test_r50_random_three_player_games_end_and_keep_every_card() -> None:
    for seed in range(60):
        g = random_game(seed)
        assert g.over
        placed = [c for f in g.flags for side in f.sides.values() for c in side]
        held = [c for s in g.seats for c in g.hand(s)] + [c for s in g.seats for c in g.discards[s]]
        assert sorted(placed + held + (g.decks["troops"] or [])) == sorted(TROOPS)
        for f in g.flags:
            assert f.claimed in (None, *f.pair)


def test_r51_four_flags_with_three_in_a_row_are_named_an_envelopment() -> None:
    assert _held("south", (1, 2, 3, 6)) == {"winner": "south", "how": "envelopment",
                                            "flags": {"south": 4, "west": 0, "east": 0}}
