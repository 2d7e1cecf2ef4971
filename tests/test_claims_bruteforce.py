"""Claims (R13-R23) checked against a brute-force judge written here, independent of formations.py.

The brute force knows nothing clever: it ranks concrete cards by R13-R16 directly, tries every
identity a morale tactic may take (R22, R27-R29), and every completion of an incomplete side from
the unseen troops (R20, R21) with itertools.combinations. Its only shortcut is a symmetry: a morale
tactic's colour matters only through "are all cards one colour?", so when the troops already show
two colours it tries one colour (none can make them one), and otherwise the troops' colour and one
other colour, which stands for all five others.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import combinations, product
from typing import Any

import pytest
from builders import position

from engine import Game, from_position
from engine.cards import TROOP_BIT, TROOP_INFO, TROOPS
from engine.formations import RANK_STEP, best_formation
from engine.potential import troop_potential
from engine.rulebook import completion, mask_of

Troop = tuple[int, int]  # (colour index, value)
Strength = tuple[int, int]  # (rank, sum); under Fog (0, sum)

RANK_BY_NAME = {"wedge": 4, "phalanx": 3, "battalion": 2, "skirmish": 1, "host": 0, "sum": 0}
#: The values each morale tactic may take (R27-R29).
WILD_VALUES: dict[str, tuple[int, ...]] = {
    "alexander": tuple(range(1, 11)), "darius": tuple(range(1, 11)), "cavalry": (8,), "shield": (1, 2, 3),
}


def rank_of(cards: list[Troop], fog: bool) -> Strength:
    """R13-R16 and R30 for concrete cards, straight from the rule text."""
    values = sorted([v for _, v in cards])
    total = sum(values)
    if fog:
        return (0, total)
    first = cards[0][0]
    same_colour = all(c == first for c, _ in cards)
    # R14: a run has distinct values, highest minus lowest one less than the count; no wrap-around.
    consecutive = values[-1] - values[0] == len(values) - 1 and len(set(values)) == len(values)
    same_value = values[0] == values[-1]
    if same_colour and consecutive:
        return (4, total)
    if same_value:
        return (3, total)
    if same_colour:
        return (2, total)
    if consecutive:
        return (1, total)
    return (0, total)


def best_identity(troops: list[Troop], wild: list[str], fog: bool) -> Strength:
    """The best strength over every identity of the morale tactics (R22)."""
    if not wild:
        return rank_of(troops, fog)
    present = sorted({c for c, _ in troops})
    colours = present[:1] if len(present) >= 2 else [*present, next(c for c in range(6) if c not in present)]
    options = [[(c, v) for c in colours for v in WILD_VALUES[w]] for w in wild]
    return max(rank_of(troops + list(ids), fog) for ids in product(*options))


def split(side: list[str]) -> tuple[list[Troop], list[str]]:
    return [TROOP_INFO[c] for c in side if c in TROOP_INFO], [c for c in side if c not in TROOP_INFO]


def best_completion(
    side: list[str], size: int, fog: bool, unseen: list[str],
) -> tuple[Strength, tuple[str, ...]] | None:
    """Every completion of `side` from `unseen` troops, and the strongest (None if none exists)."""
    troops, wild = split(side)
    need = size - len(side)
    best: tuple[Strength, tuple[str, ...]] | None = None
    for combo in combinations(unseen, need):
        strength = best_identity(troops + [TROOP_INFO[c] for c in combo], wild, fog)
        if best is None or strength > best[0]:
            best = (strength, combo)
    return best


def unseen_troops(pos: Mapping[str, Any]) -> list[str]:
    """R21: the 60 troops minus those face up on any side or in either discard pile."""
    seen = {c for f in pos["flags"] for s in ("north", "south") for c in f[s]}
    seen |= set(pos["discards"]["north"]) | set(pos["discards"]["south"])
    return [c for c in TROOPS if c not in seen]


def brute_verdict(pos: Mapping[str, Any], flag: int, seat: str) -> tuple[bool, Strength, Strength | None, bool]:
    """(claim holds, claimant's strength, opponent's strength or best, opponent complete)."""
    f = pos["flags"][flag - 1]
    other = "north" if seat == "south" else "south"
    size = 4 if f["mud"] else 3
    fog = f["fog"] is not None
    mine = best_identity(*split(f[seat]), fog)
    if len(f[other]) == size:
        theirs = best_identity(*split(f[other]), fog)
        ok = mine > theirs or (mine == theirs and f["first_complete"] == seat)
        return ok, mine, theirs, True
    found = best_completion(f[other], size, fog, unseen_troops(pos))
    if found is None:
        return True, mine, None, False
    return found[0] <= mine, mine, found[0], False  # a tie favours the claimant (R20)


# ----------------------------------------------------------------------------- random positions
MORALE = ("alexander", "darius", "cavalry", "shield")


def random_claim_position(rng: random.Random, need_weights: tuple[int, ...]) -> tuple[dict[str, Any], str]:
    """A complete game state with a complete claimant side at flag 1 and anything opposite.

    The opponent needs 0..size cards, chosen with `need_weights` (index = cards missing), so that
    the expensive cases (an empty side under Mud) stay rare. Colours are often nearly exhausted:
    a random number of troops, biased to one or two colours, is put face up in the discards.
    """
    seat = rng.choice(("north", "south"))
    other = "north" if seat == "south" else "south"
    mud = rng.random() < 0.25
    fog = rng.random() < 0.25
    size = 4 if mud else 3
    morale = list(MORALE)
    rng.shuffle(morale)
    troops = list(TROOPS)
    rng.shuffle(troops)
    # Claimant: often a strong shape (same colour or same value), sometimes anything.
    mine_wild = [m for m in morale[:2] if rng.random() < 0.2]
    if "alexander" in mine_wild and "darius" in mine_wild:
        mine_wild.remove("darius")  # one Leader per player (R27)
    mine = _shaped(rng, troops, size - len(mine_wild)) + mine_wild
    theirs_wild = [m for m in morale[2:] if rng.random() < 0.25 and m not in mine_wild]
    if "alexander" in theirs_wild and "darius" in theirs_wild:
        theirs_wild.remove("darius")
    need = rng.choices(range(len(need_weights)), need_weights)[0]
    need = min(need, size)
    have = size - need
    theirs_wild = theirs_wild[:have]
    theirs = _shaped(rng, troops, have - len(theirs_wild)) + theirs_wild
    rng.shuffle(mine)
    rng.shuffle(theirs)
    # Seen troops elsewhere: exhaust one or two colours, then a random sprinkle.
    seen: list[str] = []
    for colour in rng.sample("roygbp", rng.choice((0, 1, 2))):
        seen += [c for c in troops if c[0] == colour and rng.random() < 0.8]
    seen += [c for c in troops if c not in seen and rng.random() < rng.choice((0.0, 0.2, 0.5, 0.7))]
    for c in seen:
        troops.remove(c)
    first = None
    if need == 0:
        first = rng.choice(("north", "south"))
    sides = {seat: mine, other: theirs}
    # Some unseen troops sit in the claimant's hand: they still count as unseen (R21).
    hand = troops[:rng.randint(0, 7)]
    pos = position(
        flags={1: (sides["north"], sides["south"])},
        fog={1: rng.choice(("north", "south"))} if fog else None,
        mud={1: rng.choice(("north", "south"))} if mud else None,
        first_complete={1: first} if first else None,
        north_discard=seen[::2], south_discard=seen[1::2],
        north=hand if seat == "north" else "", south=hand if seat == "south" else "",
        to_move=seat,
    )
    return pos, seat


def _shaped(rng: random.Random, troops: list[str], n: int) -> list[str]:
    """Take `n` troops from the shuffled pool, often of one colour, one value, or a run."""
    style = rng.random()
    pool: list[str]
    if style < 0.3:
        colour = rng.choice("roygbp")
        pool = [c for c in troops if c[0] == colour]
    elif style < 0.5:
        value = rng.randint(1, 10)
        pool = [c for c in troops if TROOP_INFO[c][1] == value]
    elif style < 0.7:
        low = rng.randint(1, 7)
        pool = [c for c in troops if low <= TROOP_INFO[c][1] < low + 4]
    else:
        pool = troops[:]
    rng.shuffle(pool)
    if len(pool) < n:
        pool += [c for c in troops if c not in pool]
    taken = pool[:n]
    for c in taken:
        troops.remove(c)
    return taken


# ----------------------------------------------------------------------------- the comparison
def check_one(pos: dict[str, Any], seat: str) -> str:
    """Compare the engine with the brute force on one position; return which case it was."""
    game = from_position(pos)
    verdict = game.judge_claim(1, seat)
    ok, mine, theirs, complete = brute_verdict(pos, 1, seat)
    where = f"position flags[0]={pos['flags'][0]}"
    assert verdict.ok == ok, f"engine says {verdict.ok}, brute force {ok}: {verdict.reason}; {where}"
    fog = pos["flags"][0]["fog"] is not None
    assert verdict.mine is not None
    assert (RANK_BY_NAME[verdict.mine.name], verdict.mine.total) == mine, where
    f = pos["flags"][0]
    other = "north" if seat == "south" else "south"
    if complete:
        assert list(verdict.theirs_cards) == f[other]
        return "complete"
    if theirs is None:
        assert verdict.theirs is None
        return "impossible"
    assert verdict.theirs is not None
    if ok:
        # R23: an accepted claim names the opponent's true strongest completion.
        assert (RANK_BY_NAME[verdict.theirs.name], verdict.theirs.total) == theirs, where
    # Either way the named cards must be a real completion from unseen troops (R21, R23).
    shown = list(verdict.theirs_cards)
    size = 4 if f["mud"] else 3
    assert len(shown) == size and shown[:len(f[other])] == f[other], where
    added = shown[len(f[other]):]
    unseen = set(unseen_troops(pos))
    assert len(set(added)) == len(added) and set(added) <= unseen, (added, where)
    strength = best_identity(*split(shown), fog)
    if ok:
        assert strength == theirs and strength <= mine
        return "accepted"
    # R23: a refused claim's counterexample really completes the side and beats the claimant.
    assert strength > mine, (shown, strength, mine, where)
    return "refused"


@pytest.mark.parametrize("seed", range(8))
def test_r20_r21_r22_claims_match_brute_force(seed: int) -> None:
    """R20-R22: 300 random positions per seed, mostly cheap ones, every case represented."""
    rng = random.Random(1000 + seed)
    cases: dict[str, int] = {}
    for _ in range(300):
        pos, seat = random_claim_position(rng, need_weights=(3, 4, 4, 2, 0))
        kind = check_one(pos, seat)
        cases[kind] = cases.get(kind, 0) + 1
    assert set(cases) >= {"complete", "accepted", "refused"}, cases


def exhaust(pos: dict[str, Any], seat: str, rng: random.Random, keep: int) -> None:
    """Turn all but `keep` unseen deck troops face up in the discards (they become seen, R21)."""
    unseen = [c for c in unseen_troops(pos) if c not in pos["hands"][seat]]
    rng.shuffle(unseen)
    for i, card in enumerate(unseen[keep:]):
        pos["decks"]["troops"].remove(card)
        pos["discards"]["north" if i % 2 else "south"].append(card)


def test_r20_r31_empty_sides_match_brute_force() -> None:
    """R20, R31: empty opposing sides, with and without Mud (the widest searches)."""
    rng = random.Random(77)
    cases: dict[str, int] = {}
    for i in range(80):
        pos, seat = random_claim_position(rng, need_weights=(0, 0, 0, 1, 1))
        if i % 2:
            exhaust(pos, seat, rng, keep=rng.randint(3, 12))
        kind = check_one(pos, seat)
        cases[kind] = cases.get(kind, 0) + 1
    assert set(cases) >= {"accepted", "refused"}, cases


def test_r21_nearly_exhausted_decks_match_brute_force() -> None:
    """R20, R21: almost every troop seen, so many sides can no longer be completed at all."""
    rng = random.Random(4242)
    cases: dict[str, int] = {}
    for _ in range(600):
        pos, seat = random_claim_position(rng, need_weights=(1, 3, 3, 2, 1))
        exhaust(pos, seat, rng, keep=rng.randint(0, 5))
        kind = check_one(pos, seat)
        cases[kind] = cases.get(kind, 0) + 1
    assert set(cases) >= {"impossible", "accepted", "refused"}, cases


def test_r20_claims_in_played_games_match_brute_force() -> None:
    """R20-R22 on positions that real play produces: every flag, both seats, along random games."""
    from engine import Rules
    from engine.ai.random_bot import RandomBot

    checked = 0
    for seed in range(6):
        game = Game.new(Rules(tactics=True), seed)
        bots = {"north": RandomBot(seed), "south": RandomBot(seed + 100)}
        step = 0
        while not game.over:
            if step % 7 == 0:
                pos = game.view()
                for flag in range(1, 10):
                    f = pos["flags"][flag - 1]
                    for seat in ("north", "south"):
                        size = 4 if f["mud"] else 3
                        if f["claimed"] is None and len(f[seat]) == size:
                            other = "north" if seat == "south" else "south"
                            if size - len(f[other]) <= 3:
                                ok = brute_verdict(pos, flag, seat)[0]
                                assert game.judge_claim(flag, seat).ok == ok, (flag, seat, f)
                                checked += 1
            game.apply(bots[game.to_move].choose_in(game))
            step += 1
    assert checked > 100


def test_r22_morale_identity_may_duplicate_a_troop_on_the_table() -> None:
    """R22 ruling: a Leader may be r10 even while r10 lies face up elsewhere."""
    pos = position(flags={1: ("r9 r8 alexander", "b10 g10 y10"), 2: ("r10", "")},
                   first_complete={1: "south"}, to_move="north")
    game = from_position(pos)
    verdict = game.judge_claim(1, "north")
    assert verdict.mine is not None and verdict.mine.name == "wedge" and verdict.mine.total == 27
    assert verdict.ok  # Wedge beats Phalanx (R17)
    assert brute_verdict(pos, 1, "north")[0]


def test_brute_force_ranks_r17_examples() -> None:
    """The brute force itself obeys R17, so it can be trusted as the reference."""
    red = [TROOP_INFO[c] for c in ("r4", "r6", "r3")]
    blue = [TROOP_INFO[c] for c in ("b7", "b1", "b3")]
    assert rank_of(red, False) == (2, 13) and rank_of(blue, False) == (2, 11)
    host_a = [TROOP_INFO[c] for c in ("y7", "b2", "g1")]
    host_b = [TROOP_INFO[c] for c in ("y3", "b3", "g4")]
    assert rank_of(host_a, False) == rank_of(host_b, False) == (0, 10)
    assert rank_of([TROOP_INFO[c] for c in ("r1", "r2", "r3")], False) > \
        rank_of([TROOP_INFO[c] for c in ("r10", "b10", "g10")], False)
    assert rank_of([TROOP_INFO[c] for c in ("r9", "r10", "r1")], False)[0] == 2  # R14
    assert rank_of([TROOP_INFO[c] for c in ("r5", "b5", "g5")], True) == (0, 15)  # R30


def test_r21_r22_the_cards_named_make_the_formation_ranked() -> None:
    """best_formation names cards (R23's proof) for what the one ranking (side_potential, on masks) found:
    the troops added are unseen, new and as many as the side lacks, each morale tactic's identity is one it
    may take (R27-R29), and those concrete cards rank, by the rule text above, exactly as the ranking said."""
    rng = random.Random(23)
    morale = ["alexander", "darius", "cavalry", "shield"]
    checked = 0
    for _ in range(1500):
        size = rng.choice((3, 4))
        fog = rng.random() < 0.15
        wild = rng.sample(morale, rng.choice((0, 1, 1, 2, 3)))
        troops = list(TROOPS)
        side = _shaped(rng, troops, rng.randint(0, size - len(wild))) + wild
        rng.shuffle(side)
        unseen = rng.sample([c for c in troops if c not in side], rng.choice((3, 8, 20, 45)))
        mask = sum(1 << (TROOP_INFO[c][0] * 10 + TROOP_INFO[c][1] - 1) for c in unseen)
        found = best_formation(side, size, fog, mask)
        if found is None:  # a Host at least, whenever enough troops are unseen
            assert len(unseen) < size - len(side)
            continue
        assert len(found.added) == size - len(side) == len(set(found.added))
        assert set(found.added) <= set(unseen)
        assert len(found.wild) == len(wild)
        identities = [TROOP_INFO[name] for name in found.wild]  # in the side's order of its morale tactics
        in_order = [c for c in side if c not in TROOP_INFO]
        assert all(v in WILD_VALUES[w] for w, (_, v) in zip(in_order, identities, strict=True))
        concrete = [TROOP_INFO[c] for c in side if c in TROOP_INFO] + [TROOP_INFO[c] for c in found.added]
        assert rank_of(concrete + identities, fog) == (RANK_BY_NAME[found.name], found.total), (side, unseen)
        checked += 1
    assert checked > 1000


def test_r13_r21_r22_the_one_ranking_matches_brute_force() -> None:
    """The one ranking on masks (formations.side_potential), as the rulebook's `completion` (every claim's
    question, morale tactics as wild bits) and potential.troop_potential (the three-player bot's) ask it,
    gives the strength the brute force finds over every completion from the unseen troops and every
    identity of the morale tactics (R13-R16, R21, R22, R27-R29, R30)."""
    rng = random.Random(13)
    morale = ["alexander", "darius", "cavalry", "shield"]
    kinds: set[int] = set()
    for _ in range(700):
        size = rng.choice((3, 4))
        fog = rng.random() < 0.15
        wild = rng.sample(morale, rng.choice((0, 0, 1, 1, 2)))
        side = _shaped(rng, list(TROOPS), rng.randint(0, size - len(wild))) + wild
        rest = [c for c in TROOPS if c not in side]
        near = _shaped(rng, rest, rng.choice((0, 2, 4, 6)))  # often the side's colour, value or run
        unseen = sorted(set(near) | set(rng.sample(rest, rng.choice((0, 3, 6)))))
        mask = sum(TROOP_BIT[c] for c in unseen)
        side_mask = mask_of(side)
        found = best_completion(side, size, fog, unseen)
        expected = -1 if found is None else found[0][0] * RANK_STEP + found[0][1]
        assert completion(side_mask, size, fog, mask) == expected, (side, size, fog, unseen)
        if not wild:
            assert troop_potential(side, size, fog, mask) == (None if found is None else expected)
        if found is not None:
            kinds.add(found[0][0])
    assert kinds == {0, 1, 2, 3, 4}  # every rank came up, Fog's sums among the Hosts
