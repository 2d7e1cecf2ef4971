"""Matches of several games (R40, R41, and R5's "the winner starts the next game")."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Game, IllegalAction, NotationError, Rules
from engine.match import Match
from engine.notation_types import Result


def win(seat: str, how: str = "flags", mine: int | None = None, theirs: int = 1) -> dict[str, Any]:
    other = "north" if seat == "south" else "south"
    mine = mine if mine is not None else {"breakthrough": 3, "envelopment": 5, "flags": theirs + 1}[how]
    return {"winner": seat, "how": how, "flags": {seat: mine, other: theirs}}


def draw(flags: int = 2) -> dict[str, Any]:
    return {"winner": None, "how": "draw", "flags": {"north": flags, "south": flags}}


# ----------------------------------------------------------------------------- R40 scoring
def test_r40_winner_scores_five_loser_one_per_flag() -> None:
    m = Match("games", 3)
    assert m.record_game(win("north", "breakthrough", theirs=2)) == {"north": 5, "south": 2}
    assert m.record_game(win("south", "envelopment", theirs=4)) == {"south": 5, "north": 4}
    assert m.scores == {"north": 9, "south": 7}


def test_r40_a_drawn_game_scores_each_players_flags() -> None:
    m = Match("games", 3)
    assert m.record_game(draw(3)) == {"north": 3, "south": 3}
    assert m.scores == {"north": 3, "south": 3}


def test_r40_scores_a_real_games_result() -> None:
    game = Game.new(Rules(), seed=3)
    while not game.over:
        legal = game.legal_actions()
        game.apply(legal[0] if game.phase == "claim" else legal[len(game.actions) % len(legal)])
    assert game.result is not None
    m = Match("games", 1, first=game.first)
    points = m.record_game(game.result)
    winner = game.result["winner"]
    if winner is None:
        assert points == game.result["flags"]
    else:
        other = "north" if winner == "south" else "south"
        assert points == {winner: 5, other: game.result["flags"][other]}


def test_r40_r5_winner_starts_the_next_game() -> None:
    m = Match("games", 5, first="north")
    assert m.next_first == "north"
    m.record_game(win("south"))
    assert m.next_first == "south"
    m.record_game(win("north"))
    assert m.next_first == "north"


def test_r40_r5_after_a_draw_the_same_player_starts_again() -> None:
    m = Match("games", 5, first="south")
    m.record_game(draw())
    assert m.next_first == "south"
    m.record_game(win("north"))
    m.record_game(draw(1))
    assert m.next_first == "north"


@pytest.mark.parametrize("result", [
    None, [], {"winner": "north"}, {"winner": "north", "how": "flags", "flags": {"north": 3, "south": 1}, "x": 1},
    {"winner": "east", "how": "flags", "flags": {"north": 3, "south": 1}},
    {"winner": ["north"], "how": "flags", "flags": {"north": 3, "south": 1}},
    {"winner": "north", "how": "luck", "flags": {"north": 3, "south": 1}},
    {"winner": "north", "how": "flags", "flags": {"north": 1, "south": 3}},
    {"winner": "north", "how": "breakthrough", "flags": {"north": 2, "south": 0}},
    {"winner": "north", "how": "envelopment", "flags": {"north": 4, "south": 0}},
    {"winner": "north", "how": "flags", "flags": {"north": 6, "south": 5}},
    {"winner": "north", "how": "draw", "flags": {"north": 1, "south": 1}},
    {"winner": None, "how": "flags", "flags": {"north": 1, "south": 1}},
    {"winner": None, "how": "draw", "flags": {"north": 2, "south": 1}},
    {"winner": "north", "how": "flags", "flags": {"north": "3", "south": 1}},
    {"winner": "north", "how": "flags", "flags": {"north": True, "south": 0}},
    {"winner": "north", "how": "flags", "flags": {"north": 3}},
])
def test_r40_results_are_checked(result: Any) -> None:
    m = Match("games", 3)
    with pytest.raises(NotationError, match="result"):
        m.record_game(result)
    assert m.games == [] and m.scores == {"north": 0, "south": 0}


# ----------------------------------------------------------------------------- R41 end conditions
def test_r41_fixed_number_of_games() -> None:
    m = Match("games", 3)
    m.record_game(win("north"))
    m.record_game(win("south", theirs=2))
    assert not m.over and m.winner is None
    m.record_game(win("south"))
    assert m.over and m.winner == "south" and m.scores == {"north": 8, "south": 11}
    with pytest.raises(IllegalAction, match="R41"):
        m.record_game(win("north"))


def test_r41_fixed_number_of_games_may_end_level() -> None:
    m = Match("games", 2)
    m.record_game(win("north", theirs=0))
    m.record_game(win("south", theirs=0))
    assert m.over and m.winner is None


def test_r41_first_to_n_points() -> None:
    m = Match("points", 12)
    m.record_game(win("north", theirs=4))  # 5 - 4
    m.record_game(win("north", theirs=4))  # 10 - 8
    assert not m.over
    m.record_game(win("south", theirs=3))  # north 10 + 3, south 8 + 5
    assert m.scores == {"north": 13, "south": 13}
    assert m.over and m.winner == "south"  # level past the mark: the game's winner takes it


def test_r41_first_to_n_points_higher_score_wins() -> None:
    m = Match("points", 7)
    m.record_game(win("south", theirs=4))
    m.record_game(draw(3))
    assert m.scores == {"north": 7, "south": 8}
    assert m.over and m.winner == "south"


def test_r41_hungarian_ends_on_a_ten_point_lead() -> None:
    m = Match("hungarian")
    m.record_game(win("north", theirs=0))
    m.record_game(win("south", theirs=0))
    m.record_game(win("north", theirs=0))
    assert not m.over
    m.record_game(win("north", theirs=0))
    assert m.scores == {"north": 15, "south": 5}
    assert m.over and m.winner == "north"


def test_r41_hungarian_ends_on_five_wins_in_a_row() -> None:
    m = Match("hungarian")
    m.record_game(win("north", theirs=4))
    for i in range(5):
        assert not m.over
        m.record_game(win("south", theirs=3))
        assert m.scores["south"] - m.scores["north"] < 10 or i == 4
    assert m.over and m.winner == "south"


def test_r41_hungarian_streak_is_broken_by_a_draw_or_a_loss() -> None:
    m = Match("hungarian")
    for result in (win("south", theirs=4), win("south", theirs=4), draw(4), win("south", theirs=4),
                   win("south", theirs=4), win("north", theirs=4), win("south", theirs=4)):
        m.record_game(result)
    assert not m.over


def test_r41_hungarian_ends_on_three_breakthroughs_in_a_row() -> None:
    m = Match("hungarian")
    m.record_game(win("north", "breakthrough", theirs=4))
    m.record_game(win("north", "breakthrough", theirs=4))
    assert not m.over
    m.record_game(win("north", "breakthrough", theirs=4))
    assert m.over and m.winner == "north" and m.scores == {"north": 15, "south": 12}


def test_r41_hungarian_breakthroughs_must_be_consecutive_wins() -> None:
    m = Match("hungarian")
    for result in (win("north", "breakthrough", theirs=4), win("north", "breakthrough", theirs=4),
                   win("north", "envelopment", theirs=4), win("north", "breakthrough", theirs=4)):
        m.record_game(result)
    assert not m.over  # four wins in a row, but the Breakthrough run is one
    m.record_game(win("north", "flags", mine=2, theirs=1))
    assert m.over and m.winner == "north"  # five in a row


@pytest.mark.parametrize(("end", "limit"), [("games", None), ("games", 0), ("points", "10"), ("points", True),
                                            ("hungarian", 10), ("sudden", 3)])
def test_r41_options_are_checked(end: str, limit: Any) -> None:
    with pytest.raises(NotationError, match="match"):
        Match(end, limit)


# ----------------------------------------------------------------------------- plain data
def test_r41_match_round_trips_as_plain_data() -> None:
    m = Match("points", 20, first="north")
    for result in (win("south", "breakthrough", theirs=2), draw(1), win("north", "envelopment", theirs=0)):
        m.record_game(result)
    data = m.to_dict()
    again = Match.from_dict(data)
    assert again.to_dict() == data
    assert (again.scores, again.next_first, again.over, again.winner) == (m.scores, m.next_first, m.over, m.winner)
    assert data == {"format": "battleline-match/1", "end": "points", "limit": 20, "first": "north",
                    "games": [win("south", "breakthrough", theirs=2), draw(1), win("north", "envelopment", theirs=0)]}


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.pop("games"), "match.games"),
    (lambda d: d.update(extra=1), "match.extra"),
    (lambda d: d.update(format="battleline-match/2"), "match.format"),
    (lambda d: d.update(end=["games"]), "match.end"),
    (lambda d: d.update(limit=-3), "match.limit"),
    (lambda d: d.update(first={}), "match.first"),
    (lambda d: d.update(games="all"), "match.games"),
    (lambda d: d.update(games=[win("north")] * 100_000), "match.games"),
    (lambda d: d["games"].append({"winner": "north"}), r"match.games\[2\]"),
    (lambda d: d["games"].extend([win("north")] * 3), r"match.games\[3\]"),  # past the end of the match
])
def test_r41_from_dict_names_the_bad_field(change: Any, field: str) -> None:
    m = Match("games", 3)
    m.record_game(win("north"))
    m.record_game(win("south"))
    data = m.to_dict()
    change(data)
    with pytest.raises(NotationError, match=field):
        Match.from_dict(data)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=10)
                    | st.sampled_from(["north", "south", "draw", "flags", "hungarian", "battleline-match/1"]),
                    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                                  max_size=5), max_leaves=25)


@given(JSON)
def test_r41_from_dict_garbage_raises_notation_error(data: Any) -> None:
    try:
        match = Match.from_dict(data)
    except NotationError:
        return
    assert Match.from_dict(match.to_dict()).to_dict() == match.to_dict()


@given(st.lists(st.sampled_from([win("north"), win("south"), draw(1), win("north", "breakthrough"),
                                 win("south", "envelopment", theirs=0), draw(0)]), max_size=30))
def test_r41_any_sequence_of_results_scores_consistently(results: list[dict[str, Any]]) -> None:
    m = Match("hungarian")
    for result in results:
        if m.over:
            break
        before = dict(m.scores)
        points = m.record_game(result)
        assert all(m.scores[s] == before[s] + points[s] for s in ("north", "south"))
    assert sum(m.scores.values()) == sum(sum(p.values()) for p in map(_points, m.games))
    assert Match.from_dict(m.to_dict()).to_dict() == m.to_dict()
    if m.over:
        assert m.winner in ("north", "south")


def _points(result: Result) -> dict[str, int]:
    if result["winner"] is None:
        return dict(result["flags"])
    other = "north" if result["winner"] == "south" else "south"
    return {result["winner"]: 5, other: result["flags"][other]}


def _five_flags_three_adjacent() -> Result:
    """A real game's result: south wins with flags 1, 2, 3, 5 and 7."""
    from builders import claim, game, play

    g = game(flags={3: ("b1 g2 y4", "r5 r6 r7")}, first_complete={3: "north"},
             claimed={1: "south", 2: "south", 5: "south", 7: "south"}, south="r9")
    g.apply(play("r9", 4))
    g.apply(claim(3))
    assert g.result is not None
    return g.result


def test_r41_a_five_flag_win_is_no_breakthrough_so_the_hungarian_match_goes_on() -> None:
    m = Match("hungarian")
    m.record_game(win("south", "breakthrough", theirs=4))
    m.record_game(win("south", "breakthrough", theirs=4))
    m.record_game(_five_flags_three_adjacent())
    assert not m.over and m.games[-1]["how"] == "envelopment"


def test_r41_an_old_five_flag_breakthrough_is_counted_as_an_envelopment() -> None:
    """Results saved before R38's ruling: the same match, as plain data, reads back and goes on."""
    old = win("south", "breakthrough", mine=5, theirs=2)
    m = Match("hungarian")
    for result in (win("south", "breakthrough", theirs=4), win("south", "breakthrough", theirs=4), old):
        m.record_game(result)
    assert not m.over and m.games[-1]["how"] == "envelopment"
    data = m.to_dict()
    data["games"][-1]["how"] = "breakthrough"
    again = Match.from_dict(data)
    assert not again.over and again.games[-1]["how"] == "envelopment"
    m.record_game(win("south", "breakthrough", theirs=4))
    assert not m.over  # the run of Breakthroughs restarted after the Envelopment


def test_r41_a_win_on_the_flag_count_is_no_breakthrough() -> None:
    m = Match("hungarian")
    for result in (win("north", "breakthrough", theirs=4), win("north", "breakthrough", theirs=4),
                   win("north", "flags", theirs=3)):
        m.record_game(result)
    assert not m.over
