"""Each rule written once (engine.rulebook): its answers, that no other module writes it again, and that
`Game` (the notation's shell) and what it asks agree over whole games.

The source scans fail wherever a module decides Mud's side size, the tactics lead or a win itself
instead of asking the rulebook; the game checks compare the rulebook's answers with the claims module's
proofs and with `Game.legal_actions` at every step of random games (two and three players).
"""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.claims import judge
from engine.game import Game
from engine.rulebook import (
    CLAIM,
    DECKS,
    DRAW,
    ID,
    OVER,
    PLACES3,
    PLAY,
    SCOUT_DRAW,
    SCOUT_RETURN,
    STEPS,
    TURN_START,
    WHOLE_TURN,
    after_scout_draw,
    deck_of,
    from_action,
    may_play_tactic,
    passes_after,
    scout_drew,
    settle_passes,
    side_size,
    to_action,
    turn_after,
    win_of,
)
from engine.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
#: Where the rules may be written: the rulebook itself.
RULEBOOK = ROOT / "engine" / "rulebook.py"


def _sources() -> list[Path]:
    return [p for top in ("engine", "game", "scenes", "net", "app") for p in sorted((ROOT / top).rglob("*.py"))
            if p != RULEBOOK]


def _written_again(pattern: str) -> list[str]:
    found = re.compile(pattern)
    return [f"{p.relative_to(ROOT)}:{n}: {line.strip()}" for p in _sources()
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if found.search(line)]


def test_r31_a_side_is_three_cards_four_under_mud_and_only_the_rulebook_says_so() -> None:
    assert (side_size(0), side_size(1)) == (3, 4)
    assert _written_again(r"\b4 if\b.*\bmud|\bmud\b.*\belse 3\b|\b3 if\b.*\bmud") == []


def test_r24_the_tactics_lead_is_one_card_and_only_the_rulebook_says_so() -> None:
    assert may_play_tactic([0, 0], 0) and may_play_tactic([0, 1], 0) and not may_play_tactic([1, 0], 0)
    assert may_play_tactic([2, 2, 2], 1) and not may_play_tactic([1, 2, 1], 1)  # ahead of one opponent is enough
    assert _written_again(r"(tactics_played|played)\[[^]]+\]\s*(<=|>)\s*[a-z_.]*played\[") == []


def test_r38_r51_envelopment_first_then_breakthrough_and_only_the_rulebook_names_them() -> None:
    assert win_of(0b101010101, 0, 2) == "envelopment"  # five of nine, none adjacent
    assert win_of(0b11111, 1, 2) == "envelopment"  # five in a row is named an Envelopment (R38)
    assert win_of(0b111 << 6, 0, 2) == "breakthrough" and win_of(0b1101100, 0, 2) == ""
    flag = [0] + [1 << (n - 1) for n in range(1, 10)]  # flag[n]: flag n as a mask
    assert win_of(flag[1] | flag[5] | flag[7] | flag[9], 2, 3) == "envelopment"  # any four (R51)
    assert win_of(flag[3] | flag[2] | flag[1], 1, 3) == "breakthrough"  # west's line runs 9 8 7 3 2 1
    assert win_of(flag[7] | flag[3] | flag[2], 1, 3) == "breakthrough"  # through the centre
    assert win_of(flag[4] | flag[5] | flag[6], 1, 3) == ""  # in a row, but not on west's line
    assert win_of(flag[4] | flag[5] | flag[6], 0, 3) == "breakthrough"
    assert _written_again(r"(held|flags|ours|mask)\w*(\.bit_count\(\)|\)) >= [45]\b|\b0b111 <<|"
                          r"\[i\] and \w+\[i \+ 1\] and \w+\[i \+ 2\]") == []


#: The bots that serve a `Game` (the normal evaluation, the easy rules): they ask the mask code.
GAME_SIDE_BOTS = ("outlook.py", "forecast.py", "normal.py", "simple.py")


def test_the_game_side_bots_judge_no_formation_themselves() -> None:
    """The bots' evaluation and easy rules are written once, on masks (engine.ai.lean_eval, lean_policy):
    the modules that serve them a game import no formation code, so they cannot grow a second copy."""
    judging = ("formations", "potential", "claims")
    found = [f"{name}: {node.module}" for name in GAME_SIDE_BOTS
             for node in ast.walk(ast.parse((ROOT / "engine" / "ai" / name).read_text(encoding="utf-8")))
             if isinstance(node, ast.ImportFrom) and (node.module or "").rsplit(".", 1)[-1] in judging]
    assert found == []


def test_r48_a_three_player_seat_has_a_place_only_on_its_own_fronts() -> None:
    south, west, east = PLACES3
    assert [f + 1 for f in range(9) if south[f] >= 0] == [1, 2, 3, 4, 5, 6]
    assert [f + 1 for f in range(9) if west[f] >= 0] == [1, 2, 3, 7, 8, 9]
    assert [f + 1 for f in range(9) if east[f] >= 0] == [4, 5, 6, 7, 8, 9]


def _random_games(rules: Rules, games: int) -> list[Game]:
    """Every position of `games` seeded random games (claims taken half the time, so some wait)."""
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        game = Game.new(rules, seed=seed)
        while not game.over:
            out.append(game.copy())
            legal = game.legal_actions()
            game.apply(legal[0] if game.phase == "claim" and rng.random() < 0.5 else rng.choice(legal))
    return out


@pytest.mark.parametrize("rules", [Rules(), Rules(claim_timing="end"), Rules(tactics=False, players=3)],
                         ids=["two", "two-end", "three"])
def test_r20_the_provable_flags_are_the_flags_whose_proof_holds(rules: Rules) -> None:
    """The rulebook's verdict (claimable_flags) against the claims module's proof (judge) at every flag."""
    checked = 0
    for game in _random_games(rules, 40)[::3]:
        for seat in game.seats:
            provable = game.claimable_flags(seat)
            for n, flag in enumerate(game.flags, 1):
                if seat in flag.sides:
                    assert (n in provable) == judge(flag, seat, game.unseen(), {}).ok, (game.view(), seat, n)
                    checked += 1
    assert checked > 5_000


@pytest.mark.parametrize("rules", [Rules(), Rules(tactics=False, players=3)], ids=["two", "three"])
def test_r9_the_play_steps_moves_name_the_legal_actions(rules: Rules) -> None:
    plays = [g for g in _random_games(rules, 30) if g.phase == "play"]
    assert len(plays) > 1_000
    for game in plays:
        legal = game.legal_actions()
        assert [to_action(m) for m in game.legal_moves()] == legal
        assert [to_action(from_action(a)) for a in legal] == legal



def test_r39_r50_settle_passes_awards_whole_sets_in_turn_order() -> None:
    """After the passes the player due to move is awarded first, a whole set at once, judged on all it then
    holds (R39, R50): five flags with three adjacent are an Envelopment; the old records' ruling, one flag at a
    time, stops at the Breakthrough on the first three. Without a win most flags wins, a shared most draws."""
    nobody = [-1] * 9
    north_five = {0: [], 1: [0, 1, 2, 3, 4]}
    claimed = nobody[:]
    awards, winner, how = settle_passes(0, 2, claimed, north_five.__getitem__)
    assert (awards, winner, how) == ([(1, f) for f in range(5)], 1, "envelopment")
    assert claimed == [1] * 5 + [-1] * 4  # the awards are written into the claimants given
    awards, winner, how = settle_passes(0, 2, nobody[:], north_five.__getitem__, one_at_a_time=True)
    assert (awards, winner, how) == ([(1, 0), (1, 1), (1, 2)], 1, "breakthrough")
    split = {0: [2, 6], 1: [0, 4]}
    assert settle_passes(0, 2, nobody[:], split.__getitem__) == ([(1, 0), (1, 4), (0, 2), (0, 6)], -1, "draw")
    assert settle_passes(0, 2, [0, *nobody[1:]], split.__getitem__)[1:] == (0, "flags")
    # three players (R50): the order runs from the seat after the one to move, round to it
    three = {0: [1], 1: [4], 2: [7]}
    assert settle_passes(1, 3, nobody[:], three.__getitem__)[0] == [(2, 7), (0, 1), (1, 4)]


def test_r7_r10_r11_the_turn_goes_on_at_its_next_waiting_step_then_passes_to_the_next_seat() -> None:
    """After a play the turn waits at a claim only when one is provable and at a draw only when one is
    allowed (R7, R10, R11); with neither it is the next seat's turn, at its play step, or for the advanced
    timing at its claim step when that seat can prove a flag. Turn order runs round all the seats (R48)."""
    standard, advanced, end = STEPS["standard"], STEPS["advanced"], STEPS["end"]
    def can(*seats: int) -> Callable[[int], bool]:
        return lambda seat: seat in seats
    assert turn_after(standard, PLAY, 0, 2, 0, can(0), True) == (0, CLAIM)
    assert turn_after(standard, PLAY, 0, 2, 0, can(), True) == (0, DRAW)
    assert turn_after(standard, CLAIM, 0, 2, 0, can(0), True) == (0, DRAW)  # done claiming
    assert turn_after(standard, PLAY, 0, 2, 0, can(1), False) == (1, PLAY)
    assert turn_after(standard, DRAW, 1, 2, 0, can(0, 1), True) == (0, PLAY)
    assert turn_after(end, PLAY, 0, 2, 0, can(0), False) == (0, CLAIM)  # no draw, the claim still waits
    assert turn_after(advanced, DRAW, 0, 2, 0, can(1), True) == (1, CLAIM)
    assert turn_after(advanced, DRAW, 0, 2, 0, can(0), True) == (1, PLAY)
    assert turn_after(advanced, TURN_START, 0, 2, 0, can(), True) == (0, PLAY)
    assert turn_after(standard, DRAW, 2, 3, 0, can(), True) == (0, PLAY)  # east to south, clockwise (R48)


def test_r9_r39_r50_a_pass_is_the_whole_turn_and_the_last_pass_in_a_row_ends_the_game() -> None:
    """A pass skips the claim and the draw (R9); once every player passed in a row the phase is OVER, for
    engine.rulebook.settle_passes to end the game (R39: two passes, R50: three)."""
    standard = STEPS["standard"]
    assert turn_after(standard, WHOLE_TURN, 0, 2, 1, lambda seat: True, True) == (1, PLAY)
    assert turn_after(standard, WHOLE_TURN, 1, 2, 2, lambda seat: True, True) == (1, OVER)
    assert turn_after(standard, WHOLE_TURN, 1, 3, 2, lambda seat: True, True) == (2, PLAY)
    assert turn_after(standard, WHOLE_TURN, 2, 3, 3, lambda seat: True, True) == (2, OVER)
    # a play resets the count, but a turn that ends after a play sees the count it was given
    assert turn_after(standard, PLAY, 0, 2, 2, lambda seat: False, False) == (0, OVER)


def test_r33_scout_draws_three_while_a_deck_has_a_card_then_returns_all_but_one() -> None:
    assert after_scout_draw(1, 5) == SCOUT_DRAW
    assert after_scout_draw(2, 5) == SCOUT_DRAW
    assert after_scout_draw(3, 5) == SCOUT_RETURN
    assert after_scout_draw(2, 0) == SCOUT_RETURN  # the decks ran out after two: one goes back
    assert after_scout_draw(1, 0) == -1  # a single card drawn: nothing to return, the play step is done


def test_r33_a_scout_draw_is_counted_once_and_a_returned_card_goes_back_to_its_own_deck() -> None:
    """Game and the bots' lean state both count a Scout's draw by engine.rulebook.scout_drew and send a card
    it puts back to the deck `deck_of` names (R4: troops and tactics are separate decks)."""
    assert scout_drew(0, 5) == (1, SCOUT_DRAW) and scout_drew(2, 5) == (3, SCOUT_RETURN)
    assert scout_drew(0, 0) == (1, -1)  # the decks ran out after one card: nothing goes back
    assert [DECKS[deck_of(ID[c])] for c in ("r10", "p1", "alexander", "traitor")] == \
        ["troops", "troops", "tactics", "tactics"]
    assert _written_again(r"scout_drawn \+= 1|\bcard < 60\) else|\"troops\" if card in") == []


def test_r9_r39_passes_count_one_after_another_and_only_the_rulebook_counts_them() -> None:
    """R39, R50: the game ends after every player passed in a row, so a pass adds one and a card played starts
    the count again; Game and the bots' lean state both ask engine.rulebook.passes_after."""
    assert passes_after(0, True) == 1 and passes_after(1, True) == 2 and passes_after(1, False) == 0
    assert _written_again(r"\bpasses \+= 1|\bpasses = 0\b") == []


def test_r7_r39_only_the_rulebook_sequences_a_turn() -> None:
    """Game and the bots' lean state ask engine.rulebook.turn_after what follows a step: neither picks the
    next step, the next seat or the end after the passes itself."""
    assert _written_again(r"\bnext_phase\(|\ball_passed\(|\bscout_draws_more\(|\bto_move \+ 1\)") == []
