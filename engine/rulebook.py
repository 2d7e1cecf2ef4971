"""Each rule of play written once, on small integers: what `Game` and the bots' states both call.

`Game` (engine.game) keeps the table in the notation's strings for records, events and views; the
bots' state (engine.ai.lean, engine.ai.lean3) keeps it on bit masks for speed. Neither decides a rule
itself: both ask this module, with a card as its id (troops 0-59, the bit of engine.cards.TROOP_BIT;
tactics 60-69 in TACTICS order), a side of a flag as a mask of ids, a seat as its index in the rules'
seat order and a flag as 0-8. So a rule changed here changes for the game and every bot at once.

Held here: the side sizes (R8, R31), the tactics lead (R24), a dead Leader (R27), what may be played
where (R8, R9, R25-R37, R48), the order of a turn's steps and which are skipped (R7, R10, R11, R33), the
claim verdict (R18, R20, R21) on formation strengths (engine.formations ranks them), the wins (R38, R51),
and the end after every player passed (R39, R50).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from .cards import LEADERS, MORALE, TACTICS, TROOP_INFO, TROOPS
from .formations import side_potential
from .notation_types import Action
from .rules import FRONTS2, FRONTS3, LINES3, SEATS, SEATS3, TURN_STEPS

# ---------------------------------------------------------------------- cards as ids
NAMES: tuple[str, ...] = (*TROOPS, *TACTICS)
ID: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
# TROOPS is ordered colour-major, value-minor, so a troop's id is its bit in engine.cards.TROOP_BIT.
assert all(ID[c] == ci * 10 + v - 1 for c, (ci, v) in TROOP_INFO.items())

# Constants are Final so that the optional compiled core (engine.compiled) reads them as C values.
TROOP_MASK: Final = (1 << 60) - 1
ALEXANDER: Final = 60
DARIUS: Final = 61
CAVALRY: Final = 62
SHIELD: Final = 63
FOG: Final = 64
MUD: Final = 65
SCOUT: Final = 66
REDEPLOY: Final = 67
DESERTER: Final = 68
TRAITOR: Final = 69
MORALE_MASK: Final = sum(1 << ID[c] for c in MORALE)
LEADER_MASK: Final = sum(1 << ID[c] for c in LEADERS)
TACTICS_MASK: Final = sum(1 << ID[c] for c in TACTICS)

#: Cards a hand holds at most, and is refilled to by a draw (R4, R10).
HAND_LIMIT: Final = 7
#: The decks by index (engine.rulebook.deck_of, a lean draw's deck), as actions name them (NOTATION.md).
DECKS: tuple[str, str] = ("troops", "tactics")
#: Cards a side needs for a formation, and under Mud (R8, R31).
SIDE: Final = 3
MUD_SIDE: Final = 4

# ---------------------------------------------------------------------- steps and actions
# Phases (the steps of a turn that wait for a decision) and the kinds of actions.
PLAY: Final = 0
CLAIM: Final = 1
DRAW: Final = 2
SCOUT_DRAW: Final = 3
SCOUT_RETURN: Final = 4
OVER: Final = 5
PHASE_NAMES: tuple[str, ...] = ("play", "claim", "draw", "scout_draw", "scout_return", "over")
A_PLAY: Final = 0
A_PASS: Final = 1
A_CLAIM: Final = 2
A_DONE: Final = 3
A_DRAW: Final = 4
A_SCOUT_DRAW: Final = 5
A_SCOUT_RETURN: Final = 6
#: The steps of a turn as phase codes, per claim timing (engine.rules.TURN_STEPS, R7, R11).
STEPS: dict[str, tuple[int, ...]] = {
    timing: tuple(PHASE_NAMES.index(s) for s in steps) for timing, steps in TURN_STEPS.items()}

#: An action: (kind, card, flag, target, to_flag) with -1 for "none"; flags are 0-8.
#: A Scout return is (A_SCOUT_RETURN, cards) with the cards in the order returned.
LeanAction = tuple[Any, ...]
PASS_ACTION: LeanAction = (A_PASS, -1, -1, -1, -1)
DONE_ACTION: LeanAction = (A_DONE, -1, -1, -1, -1)

# ---------------------------------------------------------------------- seats and fronts
#: Each flag's two seats as seat indices (R47): (0, 1) everywhere for two players.
PAIRS2: tuple[tuple[int, int], ...] = tuple((SEATS.index(a), SEATS.index(b)) for a, b in FRONTS2)
PAIRS3: tuple[tuple[int, int], ...] = tuple((SEATS3.index(a), SEATS3.index(b)) for a, b in FRONTS3)
#: A seat's place (0 or 1) in each flag's pair, flag by flag; -1 where the flag is not on its fronts (R48).
PLACES2: tuple[tuple[int, ...], ...] = tuple(tuple(p.index(s) for p in PAIRS2) for s in range(2))
PLACES3: tuple[tuple[int, ...], ...] = tuple(tuple(p.index(s) if s in p else -1 for p in PAIRS3) for s in range(3))
#: Flags to win outright (R38: five of nine; R51: four).
ENVELOPMENT: dict[int, int] = {2: 5, 3: 4}
#: Breakthroughs as flag masks (bit i: flag i+1), per seat: any three adjacent for two players (R38),
#: three in a row on the seat's own line for three (R51).
BREAKTHROUGHS2: Final = tuple(0b111 << i for i in range(7))
BREAKTHROUGHS3: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << (line[i + k] - 1) for k in range(3)) for i in range(4)) for line in (LINES3[s] for s in SEATS3))


def bits(mask: int) -> list[int]:
    """The card ids (or flags) set in a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def names(mask: int) -> list[str]:
    return [NAMES[i] for i in bits(mask)]


def mask_of(cards: list[str]) -> int:
    """A side or hand of named cards as a mask of ids."""
    out = 0
    for card in cards:
        out |= 1 << ID[card]
    return out


# ---------------------------------------------------------------------- the rules
def side_size(mud: int) -> int:
    """R8, R31: a side needs three cards, four at a flag with Mud."""
    return MUD_SIDE if mud else SIDE


def may_play_tactic(played: list[int], seat: int) -> bool:
    """R24: a player may never be more than one tactics card ahead of any opponent."""
    mine = played[seat]
    return all(mine <= played[s] for s in range(len(played)) if s != seat)


def may_draw(scout_drawn: int, hand_size: int, deck_left: int) -> bool:
    """R10, R33: the draw step takes a card unless Scout replaced it, the hand is full or both decks are empty."""
    return scout_drawn == 0 and hand_size < HAND_LIMIT and deck_left > 0


def scout_draws_more(scout_drawn: int, deck_left: int) -> bool:
    """R33: Scout draws three cards in all, while any deck has one."""
    return scout_drawn < 3 and deck_left > 0


def next_phase(steps: tuple[int, ...], index: int, seat: int, claimable: Callable[[int], bool], drawable: bool) -> int:
    """The first step of `seat`'s turn from `index` that waits for a decision (R7, R10, R11): a claim step
    only when `claimable(seat)`, a draw only when one may be drawn; -1 when none is left and the turn passes."""
    while index < len(steps):
        step = steps[index]
        if step == PLAY or (step == CLAIM and claimable(seat)) or (step == DRAW and drawable):
            return step
        index += 1
    return -1


#: `turn_after`'s `done` for the start of a turn (its first step) and for a pass (R9: a pass is the whole turn).
TURN_START: Final = -1
WHOLE_TURN: Final = -2
# A fresh turn always reaches its play step before its draw step, so `turn_after` never asks whether the
# next player may draw (the Scout count it would read is the last turn's until the turn has changed).
assert all(steps.index(PLAY) < steps.index(DRAW) for steps in STEPS.values())


def turn_after(steps: tuple[int, ...], done: int, seat: int, players: int, passes: int,
               claimable: Callable[[int], bool], drawable: bool) -> tuple[int, int]:
    """The turn sequence (R7, R9-R11, R39, R48, R50), for Game and the bots' lean state alike: after step
    `done` of `seat`'s turn (PLAY, CLAIM or DRAW; TURN_START, WHOLE_TURN), who moves next and in which phase.

    The turn goes on at its next step that waits for a decision (`next_phase`: a claim when
    `claimable(seat)`, a draw when `drawable`). With none left it passes to the next seat in turn order,
    at that seat's first waiting step, unless every player has passed: then the phase is OVER, and the
    game ends by `settle_passes`. A caller whose seat changes starts the new turn's bookkeeping (no Scout
    drawn yet)."""
    index = 0 if done == TURN_START else len(steps) if done == WHOLE_TURN else steps.index(done) + 1
    phase = next_phase(steps, index, seat, claimable, drawable)
    if phase >= 0:
        return seat, phase
    if all_passed(passes, players):
        return seat, OVER
    following = (seat + 1) % players
    return following, next_phase(steps, 0, following, claimable, False)


def scout_drew(scout_drawn: int, deck_left: int) -> tuple[int, int]:
    """R33: a Scout's draw counted, for Game and the bots' lean state alike: the cards it has now drawn, and
    `after_scout_draw`'s phase (`deck_left`: the cards left in both decks after this draw)."""
    drawn = scout_drawn + 1
    return drawn, after_scout_draw(drawn, deck_left)


def deck_of(card: int) -> int:
    """R4, R33: the deck a card belongs to (0 the troops, 1 the tactics): where a Scout puts it back, on top."""
    return 0 if card < ALEXANDER else 1


def passes_after(passes: int, passed: bool) -> int:
    """R9, R39, R50: the passes in a row after a turn's play step: one more for a pass, none after a card played."""
    return passes + 1 if passed else 0


def after_scout_draw(scout_drawn: int, deck_left: int) -> int:
    """R33: the phase after a Scout's draw: another draw while it has drawn fewer than three and a deck
    has a card, then the return of all but one (none after a single draw: -1, the play step is done)."""
    if scout_draws_more(scout_drawn, deck_left):
        return SCOUT_DRAW
    return SCOUT_RETURN if scout_drawn > 1 else -1


def plays(cards: list[int], places: tuple[int, ...], sides: list[int], claimed: list[int], mud: int,
          tactic_ok: bool, leader_dead: bool, deck_left: bool,
          targets: Callable[[int, int], list[int]] | None = None) -> list[LeanAction]:
    """The play step's actions for the seat whose place at each flag is `places` (-1: not its front, R48).

    `cards` are the hand's distinct ids in the order to list them; `sides[2 * flag + place]` is a side.
    Troops and morale tactics go to a side with room (R8, R27-R29), Fog and Mud to any open flag (R30,
    R31), Scout while a deck has a card (R33), Redeploy, Deserter and Traitor take a card of an open
    flag (R34-R36); tactics only within the lead (`tactic_ok`, R24), a Leader never after one (R27).
    A pass only when no card at all can be played (R9). Cards taken from a side are listed in id order, or
    in the order `targets(flag, place)` gives them.
    """
    open_flags = [f for f in range(9) if claimed[f] == -1 and places[f] >= 0]
    slots = [f for f in open_flags if sides[2 * f + places[f]].bit_count() < side_size(mud >> f & 1)]
    out: list[LeanAction] = []
    for card in cards:
        if card < 60:
            out += [(A_PLAY, card, f, -1, -1) for f in slots]
        elif not tactic_ok or (leader_dead and card <= DARIUS):
            continue
        elif card <= SHIELD:
            out += [(A_PLAY, card, f, -1, -1) for f in slots]
        elif card <= MUD:
            out += [(A_PLAY, card, f, -1, -1) for f in open_flags]
        elif card == SCOUT:
            if deck_left:
                out.append((A_PLAY, SCOUT, -1, -1, -1))
        elif card == REDEPLOY:
            for f in open_flags:
                for target in (bits(sides[2 * f + places[f]]) if targets is None else targets(f, places[f])):
                    out.append((A_PLAY, REDEPLOY, f, target, -1))
                    out.extend((A_PLAY, REDEPLOY, f, target, t) for t in slots if t != f)
        elif card == DESERTER:
            for f in open_flags:
                theirs = bits(sides[2 * f + 1 - places[f]]) if targets is None else targets(f, 1 - places[f])
                out.extend((A_PLAY, DESERTER, f, target, -1) for target in theirs)
        else:
            for f in open_flags:
                theirs = bits(sides[2 * f + 1 - places[f]]) if targets is None else targets(f, 1 - places[f])
                out.extend((A_PLAY, TRAITOR, f, target, t) for target in theirs if target < 60 for t in slots)
    if not out:
        out.append(PASS_ACTION)
    return out


# ---------------------------------------------------------------------- what a play moves (R8, R18, R24-R37)
#: Where `play_moves` sends a card, seen from the seat that plays it: the side of flag f is 2 * f + MINE,
#: the side facing it 2 * f + THEIRS; FOG_AT + f and MUD_AT + f are flag f itself (R30, R31); then the
#: discard piles of the player and of the opponent; NOWHERE for no card.
MINE: Final = 0
THEIRS: Final = 1
FOG_AT: Final = 18
MUD_AT: Final = 27
MY_DISCARDS: Final = 36
THEIR_DISCARDS: Final = 37
NOWHERE: Final = -1


def play_moves(card: int, flag: int, to_flag: int) -> tuple[int, int, int]:
    """What playing `card` moves, for Game and the bots' lean state alike: where the card goes, and where the
    card it takes (the action's target) comes from and goes, as `(card_to, target_from, target_to)`.

    Troops and morale tactics take a slot on the player's side of `flag` (R8, R27-R29); Fog and Mud lie on
    the flag (R30, R31); Scout goes to the discards and its draws follow (R33); Redeploy takes one's own card
    from `flag` to `to_flag` or to the discards (R34), Deserter an opponent's card to their discards (R35),
    Traitor an opponent's troop to one's own `to_flag` (R36). `to_flag` -1: none."""
    if card <= SHIELD:
        return 2 * flag + MINE, NOWHERE, NOWHERE
    if card == FOG:
        return FOG_AT + flag, NOWHERE, NOWHERE
    if card == MUD:
        return MUD_AT + flag, NOWHERE, NOWHERE
    if card == SCOUT:
        return MY_DISCARDS, NOWHERE, NOWHERE
    if card == REDEPLOY:
        return MY_DISCARDS, 2 * flag + MINE, MY_DISCARDS if to_flag < 0 else 2 * to_flag + MINE
    if card == DESERTER:
        return MY_DISCARDS, 2 * flag + THEIRS, THEIR_DISCARDS
    return MY_DISCARDS, 2 * flag + THEIRS, 2 * to_flag + MINE


def is_tactic(card: int) -> bool:
    """R24: the cards that count towards the tactics lead."""
    return card >= ALEXANDER


def is_leader(card: int) -> bool:
    """R27: Alexander and Darius; once one is played the other is dead."""
    return ALEXANDER <= card <= DARIUS


def scout_draws(card: int) -> bool:
    """R33: a Scout's play step goes on with its draws, not with the turn's next step."""
    return card == SCOUT


#: `put_on_side`'s answers (R18): the side is not complete; it just completed; it just completed while the
#: side facing it was already complete (that side completed first).
UNDER_COUNT: Final = 0
COMPLETED: Final = 1
COMPLETED_SECOND: Final = 2


def put_on_side(sides: list[int], index: int, card: int, size: int) -> int:
    """A card joins the side `sides[index]` (a mask; the side facing it is `sides[index ^ 1]`) of a flag
    whose sides need `size` cards: UNDER_COUNT, COMPLETED, or COMPLETED_SECOND when the facing side was
    complete first (R18: the moment a side last reached its count decides a tie)."""
    side = sides[index] | 1 << card
    sides[index] = side
    if side.bit_count() != size:
        return UNDER_COUNT
    return COMPLETED_SECOND if sides[index ^ 1].bit_count() >= size else COMPLETED


def take_from_side(sides: list[int], index: int, card: int, size: int) -> bool:
    """A card leaves the side `sides[index]`; True when the side was complete (R18: an earlier completion
    no longer counts, so the flag's first completion is forgotten)."""
    side = sides[index]
    sides[index] = side & ~(1 << card)
    return side.bit_count() >= size


def claim_flag(claimed: list[int], flag: int, seat: int, players: int) -> str:
    """R20, R38, R51: a proven claim gives `flag` to `seat` (`claimed[flag]`, each flag's claimant, -1 for
    none); its win ("envelopment", "breakthrough", or "" to play on) is judged at once on all it then holds."""
    claimed[flag] = seat
    return win_of(held_of(claimed, seat), seat, players)


STRENGTHS: Final[dict[tuple[int, bool], int]] = {}
COMPLETIONS: Final[dict[tuple[int, int, bool, int], int]] = {}


def strength(side: int, fog: bool) -> int:
    """Strength of a complete side (engine.formations' ranking, R12-R17, R30), memoised by its mask."""
    key = (side, fog)
    found = STRENGTHS.get(key)
    if found is None:
        if len(STRENGTHS) > 200_000:
            STRENGTHS.clear()
        direct = side_potential(side, side.bit_count(), fog, 0)
        if direct is None:  # pragma: no cover - a complete side always forms at least a Host
            raise ValueError(f"not a side: {names(side)}")
        found = STRENGTHS[key] = direct
    return found


def completion(side: int, size: int, fog: bool, unseen: int) -> int:
    """Strength of the strongest completion of a side from the `unseen` troops; -1 if none (R20, R21)."""
    key = (side, size, fog, unseen)
    found = COMPLETIONS.get(key)
    if found is None:
        potential = side_potential(side, size, fog, unseen)  # morale tactics too, as wild bits
        found = -1 if potential is None else potential
        if len(COMPLETIONS) > 200_000:
            COMPLETIONS.clear()
        COMPLETIONS[key] = found
    return found


def holds(ours: int, theirs: int, theirs_complete: bool, first_mine: bool) -> bool:
    """R18, R20: a claim holds over a complete side it beats, or ties having completed first; over an
    incomplete side when its best completion (`theirs`, -1 for none) is no stronger, as it would complete last."""
    if theirs_complete:
        return ours > theirs or (ours == theirs and first_mine)
    return theirs <= ours


def provable(mine: int, theirs: int, size: int, fog: bool, first_mine: bool, unseen: int) -> bool:
    """R20, R21: may the side `mine` claim against `theirs` now, judged from the unseen troops only?"""
    if mine.bit_count() < size:
        return False
    ours = strength(mine, fog)
    if theirs.bit_count() >= size:
        return holds(ours, strength(theirs, fog), True, first_mine)
    best = completion(theirs, size, fog, unseen)
    return holds(ours, best, False, first_mine)


def envelops(held: int, players: int) -> bool:
    """R38, R51: five flags of nine, adjacent or not (four for three players). `held`: a flag mask."""
    return held.bit_count() >= ENVELOPMENT[players]


def breaks_through(held: int, seat: int, players: int) -> bool:
    """R38, R51: three adjacent flags (for three players, three in a row on the seat's own line)."""
    return any(held & line == line for line in (BREAKTHROUGHS2 if players == 2 else BREAKTHROUGHS3[seat]))


def win_of(held: int, seat: int, players: int) -> str:
    """R38, R51: "envelopment" (named first, as the Hungarian match counts them), "breakthrough" or ""."""
    if envelops(held, players):
        return "envelopment"
    return "breakthrough" if breaks_through(held, seat, players) else ""


def all_passed(passes: int, players: int) -> bool:
    """R39, R50: the game ends once every player passed, one after another."""
    return passes >= players


def award_order(to_move: int, players: int) -> list[int]:
    """R39, R50: after the passes, provable flags go to the player due to move first, then in turn order."""
    return [(to_move + k) % players for k in range(1, players + 1)]


def by_flag_count(counts: list[int]) -> int:
    """R39, R51: with no Breakthrough or Envelopment, the seat with most flags wins; -1 for a shared most."""
    most = max(counts)
    return -1 if counts.count(most) > 1 else counts.index(most)


def held_of(claimed: list[int], seat: int) -> int:
    """The flags `seat` holds as a mask (bit i: flag i+1), from each flag's claimant (-1: none)."""
    out = 0
    for i, claimant in enumerate(claimed):
        if claimant == seat:
            out |= 1 << i
    return out


def settle_passes(to_move: int, players: int, claimed: list[int], claimable: Callable[[int], list[int]],
                  one_at_a_time: bool = False) -> tuple[list[tuple[int, int]], int, str]:
    """R39, R50, R51: the end of a game once every player passed, for Game and the bots' lean state alike.

    The provable flags go to each player in `award_order`, a player's whole set at once, and their win is
    judged on all they then hold (five provable flags are an Envelopment, not a Breakthrough on the first
    three); a player who has won ends the game before the next one's award. Without a win, most flags wins
    (a shared most is a draw). `claimable(seat)` lists the flags (0-8) `seat` can prove on the table as it
    stood (an award never changes another flag's proof). Returns the awards in order, as (seat, flag), the
    winner (-1 for a draw) and how. `one_at_a_time`: an old record's ruling, each flag judged for a win as
    it goes to its claimant (flags then went one at a time, in flag order). The awards are also written into
    `claimed` (each flag's claimant, -1 for none), as claim_flag writes a claim."""
    awards: list[tuple[int, int]] = []
    for claimant in award_order(to_move, players):
        for flag in claimable(claimant):
            if claimed[flag] >= 0:
                continue
            claimed[flag] = claimant
            awards.append((claimant, flag))
            if one_at_a_time:
                how = win_of(held_of(claimed, claimant), claimant, players)
                if how:
                    return awards, claimant, how
        how = win_of(held_of(claimed, claimant), claimant, players)
        if how:
            return awards, claimant, how
    winner = by_flag_count([claimed.count(s) for s in range(players)])
    return awards, winner, "draw" if winner < 0 else "flags"


# ---------------------------------------------------------------------- notation
def to_action(act: LeanAction) -> Action:
    """An action in NOTATION.md form, exactly as Game.legal_actions lists it."""
    kind = act[0]
    if kind == A_PLAY:
        card = act[1]
        name = NAMES[card]
        if card <= MUD:
            return {"type": "play", "card": name, "flag": act[2] + 1}
        if card == SCOUT:
            return {"type": "play", "card": name}
        out: Action = {"type": "play", "card": name, "from_flag": act[2] + 1, "target": NAMES[act[3]]}
        if card != DESERTER:
            out["to_flag"] = None if act[4] < 0 else act[4] + 1
        return out
    if kind == A_CLAIM:
        return {"type": "claim", "flag": act[2] + 1}
    if kind in (A_DRAW, A_SCOUT_DRAW):
        return {"type": "draw" if kind == A_DRAW else "scout_draw", "deck": DECKS[act[1]]}
    if kind == A_SCOUT_RETURN:
        return {"type": "scout_return", "cards": [NAMES[c] for c in act[1]]}
    return {"type": "done" if kind == A_DONE else "pass"}


def from_action(action: Action) -> LeanAction:
    """A NOTATION.md action (as Game.legal_actions lists it) as a tuple of ids."""
    kind = action["type"]
    if kind == "play":
        card = ID[action["card"]]
        if "flag" in action:
            return (A_PLAY, card, action["flag"] - 1, -1, -1)
        if card == SCOUT:
            return (A_PLAY, SCOUT, -1, -1, -1)
        to_flag = action.get("to_flag")
        return (A_PLAY, card, action["from_flag"] - 1, ID[action["target"]], -1 if to_flag is None else to_flag - 1)
    if kind == "claim":
        return (A_CLAIM, -1, action["flag"] - 1, -1, -1)
    if kind in ("draw", "scout_draw"):
        return (A_DRAW if kind == "draw" else A_SCOUT_DRAW, 0 if action["deck"] == "troops" else 1, -1, -1, -1)
    if kind == "scout_return":
        return (A_SCOUT_RETURN, tuple(ID[c] for c in action["cards"]))
    return DONE_ACTION if kind == "done" else PASS_ACTION
