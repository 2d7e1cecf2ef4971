"""Properties of whole games (R1, R2, R8, R24, R27, R31, R45, R6): over a thousand random games, checked at every step.

Random bots play random games from seeds Hypothesis draws, with and without tactics and in all three
claim timings. At every step: every card is in exactly one place, no side is over-full, the tactics
limits hold, a position written and read back is the same game (it lists the same actions and reacts
to the next one the same way), each seat's view hides what it must, and random wrong actions are
refused without changing anything. At the end, the game record replays to the same position.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from builders import draw, game, position
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, IllegalAction, NotationError, Rules, from_position, from_record, redact_all
from engine.actions import parse_action
from engine.ai.random_bot import RandomBot
from engine.cards import LEADERS, TACTICS, TROOPS
from engine.claims import proof_of
from engine.position import to_position
from engine.record import to_record

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
TIMINGS = st.sampled_from(["standard", "advanced", "end"])
SEATS = ("north", "south")


# ----------------------------------------------------------------------------- invariants of one position
def card_places(pos: Mapping[str, Any]) -> Counter[str]:
    """Every card a complete game state lists, with how often (each must be exactly once)."""
    out: Counter[str] = Counter()
    for f in pos["flags"]:
        out.update(f["north"] + f["south"])
        out.update(t for t in ("fog", "mud") if f[t] is not None)
    for seat in SEATS:
        out.update(pos["hands"][seat] + pos["discards"][seat])
    out.update(pos["decks"]["troops"] + pos["decks"]["tactics"])
    return out


def check_position(game_: Game, pos: Mapping[str, Any]) -> None:
    """R1, R2, R8, R24, R27, R31 and R18's bookkeeping, on a complete game state."""
    every = set(TROOPS) | (set(TACTICS) if game_.rules.tactics else set())
    places = card_places(pos)
    assert set(places) == every and set(places.values()) == {1}, places.most_common(3)
    played = {s: 0 for s in SEATS}
    for f in pos["flags"]:
        size = 4 if f["mud"] else 3
        for seat in SEATS:
            assert len(f[seat]) <= size  # R8, R31
            played[seat] += sum(c in TACTICS for c in f[seat])
        if f["first_complete"] is not None:
            assert len(f["north"]) == len(f["south"]) == size  # R18
        for t in ("fog", "mud"):
            if f[t] is not None:
                played[f[t]] += 1
    for seat in SEATS:
        played[seat] += sum(c in TACTICS for c in pos["discards"][seat])
        leaders = [c for c in pos["discards"][seat] if c in LEADERS]
        leaders += [c for f in pos["flags"] for c in f[seat] if c in LEADERS]
        assert len(leaders) <= 1, (seat, leaders)  # R27
    assert abs(played["north"] - played["south"]) <= 1, played  # R24
    assert played == game_.tactics_played
    limit = 9 if pos["phase"] in ("scout_draw", "scout_return") else 7
    assert all(len(pos["hands"][s]) <= limit for s in SEATS)  # R10, R33


def strings_in(data: Any) -> set[str]:
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*(strings_in(v) for v in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(strings_in(v) for v in data)) if data else set()
    return set()


def check_views(game_: Game, pos: Mapping[str, Any]) -> None:
    """R45: a seat's view shows the table, its own hand and counts; never the other hand or deck order."""
    hidden_decks = set(pos["decks"]["troops"]) | set(pos["decks"]["tactics"])
    for seat in SEATS:
        other = "north" if seat == "south" else "south"
        view = game_.view(seat)
        assert view["hands"][other] is None and view["hands"][seat] == pos["hands"][seat]
        assert view["decks"] == {d: len(pos["decks"][d]) for d in ("troops", "tactics")}
        assert view["hand_sizes"] == pos["hand_sizes"]
        assert not strings_in(view) & (set(pos["hands"][other]) | hidden_decks)
        assert {k: v for k, v in view.items() if k not in ("hands", "decks")} == \
            {k: v for k, v in pos.items() if k not in ("hands", "decks")}
        if game_.to_move == seat and not game_.over:
            assert from_position(view).legal_actions() == game_.legal_actions()  # a bot sees the same choices


def random_wrong_action(rng: random.Random, game_: Game) -> Any:
    """An action that is malformed, or well formed and probably not allowed now."""
    hand = game_.hands[game_.to_move] or []
    card = rng.choice([*hand, *rng.sample(sorted(set(TROOPS) | set(TACTICS)), 3)] or ["r1"])
    flag = rng.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 10, None, "3"])
    kind = rng.randrange(10)
    if kind == 0:
        return rng.choice([None, [], "pass", {}, {"type": "play"}, {"type": "claim", "flag": 1, "x": 2},
                           {"type": "draw", "deck": "discard"}, {"type": "scout_return", "cards": "r1"}])
    if kind <= 3:
        return {"type": "play", "card": card, "flag": flag}
    if kind == 4:
        target = rng.choice([c for f in game_.flags for s in SEATS for c in f.sides[s]] or ["r1"])
        return {"type": "play", "card": rng.choice(["redeploy", "deserter", "traitor"]), "from_flag": flag,
                "target": target, "to_flag": rng.choice([1, 5, 9, None])}
    if kind == 5:
        return {"type": "claim", "flag": flag}
    if kind == 6:
        return rng.choice([{"type": "done"}, {"type": "pass"}, {"type": "play", "card": "scout"}])
    if kind == 7:
        return {"type": rng.choice(["draw", "scout_draw"]), "deck": rng.choice(["troops", "tactics"])}
    return {"type": "scout_return", "cards": rng.sample(hand, min(len(hand), rng.randrange(4)))}


def check_wrong_actions(rng: random.Random, game_: Game, pos: Mapping[str, Any], tries: int) -> None:
    """Anything apply() accepts is in legal_actions(); anything else is refused and changes nothing."""
    legal = game_.legal_actions()
    for _ in range(tries):
        action = random_wrong_action(rng, game_)
        trial = game_.copy()
        try:
            trial.apply(action)
        except (NotationError, IllegalAction):
            assert to_position(trial) == pos and trial.legal_actions() == legal
            continue
        assert parse_action(action) in legal, action


# ----------------------------------------------------------------------------- playing whole games
def play_game(seed: int, tactics: bool, timing: str, each_step: Any = None) -> Game:
    g = Game.new(Rules(tactics=tactics, claim_timing=timing), seed)
    bots = {"north": RandomBot(seed ^ 1), "south": RandomBot(seed ^ 2)}
    while not g.over:
        action = bots[g.to_move].choose_in(g)
        if each_step is not None:
            each_step(g, action)
        g.apply(action)
        assert len(g.actions) < 1000
    return g


@settings(max_examples=800)
@given(SEEDS, st.booleans(), TIMINGS)
def test_r1_r2_r24_r27_cards_slots_and_limits_hold_in_every_game(seed: int, tactics: bool, timing: str) -> None:
    """All 70 (60) cards in one place each, sides within their slots, R24 and R27, at every step."""
    steps = 0

    def each(g: Game, action: dict[str, Any]) -> None:
        nonlocal steps
        steps += 1
        if steps % 3 == 0:
            check_position(g, to_position(g))

    g = play_game(seed, tactics, timing, each)
    check_position(g, to_position(g))
    assert g.result is not None and g.result["how"] in ("breakthrough", "envelopment", "flags", "draw")


@settings(max_examples=200)
@given(SEEDS, st.booleans(), TIMINGS)
def test_r6_records_replay_to_the_same_final_position(seed: int, tactics: bool, timing: str) -> None:
    g = play_game(seed, tactics, timing)
    record = json.loads(json.dumps(to_record(g)))  # plain data, through JSON
    replayed = from_record(record)
    assert to_position(replayed) == to_position(g) and replayed.result == g.result
    assert replayed.actions == g.actions


@settings(max_examples=150)
@given(SEEDS, st.booleans(), TIMINGS)
def test_positions_round_trip_and_behave_the_same_at_every_step(seed: int, tactics: bool, timing: str) -> None:
    """from_position(to_position(game)) is the same game: same position, same actions, same next step."""
    rng = random.Random(seed)

    def each(g: Game, action: dict[str, Any]) -> None:
        pos = to_position(g)
        check_position(g, pos)
        loaded = from_position(json.loads(json.dumps(pos)))
        assert to_position(loaded) == pos
        assert loaded.legal_actions() == g.legal_actions()
        check_views(g, pos)
        check_wrong_actions(rng, g, pos, tries=3)
        loaded.apply(action)
        after = g.copy()
        after.apply(action)
        assert to_position(loaded) == to_position(after)

    g = play_game(seed, tactics, timing, each)
    final = to_position(g)
    assert from_position(final).result == g.result


@settings(max_examples=60)
@given(SEEDS, st.booleans(), TIMINGS)
def test_every_legal_action_applies(seed: int, tactics: bool, timing: str) -> None:
    """Each listed action is accepted (on a copy), and a fresh game's claims are unaffected by copies."""

    def each(g: Game, action: dict[str, Any]) -> None:
        legal = g.legal_actions()
        assert legal and action in legal
        for candidate in legal:
            trial = g.copy()
            trial.apply(candidate)
            assert trial.actions[-1] == candidate
        fresh = from_position(to_position(g))
        for n in range(1, 10):
            for seat in SEATS:
                assert g.judge_claim(n, seat).ok == fresh.judge_claim(n, seat).ok, (n, seat)

    play_game(seed, tactics, timing, each)


@settings(max_examples=150)
@given(SEEDS, TIMINGS)
def test_r45_events_seen_by_a_seat_hide_the_other_players_draws(seed: int, timing: str) -> None:
    g = Game.new(Rules(claim_timing=timing), seed)
    bots = {"north": RandomBot(seed), "south": RandomBot(seed + 1)}
    while not g.over:
        seat = g.to_move
        other = "north" if seat == "south" else "south"
        before = from_position(g.view(other))
        events = g.apply(bots[seat].choose_in(g))
        full = g.view()
        still_hidden = set(g.hand(seat)) | set(full["decks"]["troops"]) | set(full["decks"]["tactics"])
        for e in redact_all(events, other):
            if e["type"] in ("draw", "scout_draw"):
                assert "card" not in e and e["deck"] in ("troops", "tactics")
            if e["type"] == "scout_return":
                assert "cards" not in e and e["count"] == len(e["decks"])
            if e["type"] == "claim":
                # A proof names unseen troops, but it is worked out from open information only:
                # the other player's own view gives the very same proof (R21, R23).
                assert e["proof"] == proof_of(before.judge_claim(e["flag"], e["seat"]))
                e = e.copy()
                del e["proof"]
            assert not strings_in(e) & still_hidden, e
        assert redact_all(events, seat) == events and redact_all(events, None) == events


# ----------------------------------------------------------------------------- targeted properties
def test_r21_copies_do_not_teach_each_other_what_is_unseen() -> None:
    """Game.copy shares the claim cache; a card seen only in a copy must not change the original's proof."""
    g = game(flags={1: ("b9 b10", "r5 r6 r7")}, south="b8 r1")
    assert not g.judge_claim(1, "south").ok  # b8 may still complete north's Wedge (R21)
    trial = g.copy()
    trial.apply({"type": "play", "card": "b8", "flag": 2})
    assert trial.judge_claim(1, "south").ok  # in the copy b8 is seen: north's best is a Battalion
    assert not g.judge_claim(1, "south").ok


def test_illegal_draw_with_a_hidden_hand_changes_nothing() -> None:
    pos = position(south="r1 r2", phase="draw")
    pos["hands"]["south"] = None
    g = from_position(pos)
    before = to_position(g)
    try:
        g.apply(draw("troops"))
    except IllegalAction as exc:
        assert "hidden" in str(exc)
    else:
        raise AssertionError("a draw into a hidden hand was accepted")
    assert to_position(g) == before


def test_r45_a_view_loads_and_judges_like_the_full_game() -> None:
    g = play_game(77, True, "standard")
    for seat in SEATS:
        seen = from_position(g.view(seat))
        assert seen.result == g.result
        for n in range(1, 10):
            assert seen.judge_claim(n, seat).ok == g.judge_claim(n, seat).ok
