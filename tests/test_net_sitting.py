"""A LAN host's sitting (net.sitting) and its save (net.lan_save), on their own: no sockets, no host.

The sitting decides how one game follows another (R5, R40, R41); the save keeps it all, and reading a
save back checks every field. tests/test_net_*.py check the same through a real host and guests.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import IllegalAction, NotationError, to_record
from engine.game import Game
from engine.rules import Rules
from net import lan_save
from net.seats import RemoteSeat
from net.sitting import Sitting

PLAYERS = {"south": "Ana", "north": "Ben"}


def play_out(sitting: Sitting, seed: int) -> None:
    """Random legal actions until the current game ends (the engine's own end, R39 included)."""
    rng = random.Random(seed)
    while not sitting.game.over:
        sitting.apply(rng.choice(sitting.game.legal_actions()))


def finished(seed: int = 3, match: dict[str, object] | None = None) -> Sitting:
    sitting = Sitting.new(Rules(), seed, dict(PLAYERS), match=match)
    play_out(sitting, seed)
    return sitting


# ---------------------------------------------------------------------------- the sitting
def test_the_next_game_waits_for_this_one_to_end() -> None:
    sitting = Sitting.new(Rules(), 1, dict(PLAYERS))
    game = sitting.game
    with pytest.raises(IllegalAction) as refused:
        sitting.next_game(2)
    assert refused.value.code == "game_not_over"
    assert sitting.game is game and sitting.number == 1
    with pytest.raises(IllegalAction):
        sitting.ask_again("north", {"north"})
    assert sitting.again == set()


def test_r40_the_winner_starts_the_rematch_with_the_same_players() -> None:
    sitting = finished(seed=5)
    winner = sitting.game.result["winner"]  # type: ignore[index]
    assert winner is not None, "this seed's random game has a winner"
    sitting.again = {"north"}
    sitting.next_game(99)
    assert sitting.number == 2 and sitting.game.first == winner and sitting.game.players == PLAYERS
    assert not sitting.game.over and sitting.events == [] and sitting.again == set()


def test_r41_a_match_scores_each_game_once_and_refuses_a_game_after_it_is_decided() -> None:
    sitting = finished(seed=7, match={"end": "games", "limit": 1})
    assert sitting.match is not None and sitting.match.games == []
    assert sitting.record_result() is True
    assert sitting.record_result() is False, "scored once, however often asked"
    assert len(sitting.match.games) == 1 and sitting.match.over
    assert not sitting.next_possible()
    with pytest.raises(IllegalAction) as refused:
        sitting.next_game(8)
    assert refused.value.code == "match_over" and sitting.number == 1


def test_r40_the_next_game_of_a_match_scores_this_one_and_its_winner_starts() -> None:
    sitting = finished(seed=5, match={"end": "games", "limit": 3})
    winner = sitting.game.result["winner"]  # type: ignore[index]
    sitting.next_game(11)  # not scored yet: next_game scores it first
    assert sitting.match is not None and len(sitting.match.games) == 1
    assert sitting.game.first == winner == sitting.match.next_first and sitting.number == 2
    assert sitting.record_result() is False, "the new game is not over: nothing to score"


def test_a_rematch_starts_once_every_remote_seat_asked() -> None:
    sitting = finished(seed=5)
    assert sitting.ask_again("south", {"south", "north"}) is False
    assert sitting.ask_again("north", {"south", "north"}) is True
    assert sitting.again == {"south", "north"}


# ---------------------------------------------------------------------------- the save
def remotes(token: str | None = "t-ben", name: str | None = "Ben") -> dict[str, RemoteSeat]:
    return {"north": RemoteSeat("north", token, name)}


def saved_to(path: Path, sitting: Sitting, **changes: object) -> Path:
    data = lan_save.data_of(sitting, "south", "4321", remotes(), 8123)
    data.update(changes)
    lan_save.write(path, data)
    return path


def test_a_save_reads_back_as_the_same_sitting_seats_code_and_port(tmp_path: Path) -> None:
    sitting = Sitting.new(Rules(), 4, dict(PLAYERS), match={"end": "games", "limit": 3})
    for _ in range(9):
        sitting.apply(sitting.game.legal_actions()[0])
    path = saved_to(tmp_path / "lan.json", sitting)
    data, game = lan_save.read(path)
    back = lan_save.take(data, game, "south", path)
    assert to_record(back.sitting.game) == to_record(sitting.game)
    assert back.sitting.events == sitting.events, "the events are rebuilt by replaying the record"
    assert back.sitting.match_data() == sitting.match_data() and back.sitting.number == 1
    assert back.seats == {"north": ("t-ben", "Ben")} and back.code == "4321" and back.phones_port == 8123
    assert not list(tmp_path.glob("*.tmp")), "written through a temporary file renamed over the save"


@pytest.mark.parametrize(("field", "value"), [("code", "12a4"), ("code", 4321), ("phones_port", 70000),
                                              ("phones_port", True), ("number", -2), ("number", "3")])
def test_an_odd_code_port_or_number_in_a_save_falls_back_and_the_game_still_opens(
        tmp_path: Path, field: str, value: object) -> None:
    path = saved_to(tmp_path / "lan.json", Sitting.new(Rules(), 4, dict(PLAYERS)), **{field: value})
    data, game = lan_save.read(path)
    back = lan_save.take(data, game, "south", path)
    fallback = {"code": back.code, "phones_port": back.phones_port, "number": back.sitting.number}
    assert fallback[field] == (1 if field == "number" else None)


@pytest.mark.parametrize(("field", "value", "says"), [
    ("guests", {"east": {"token": "x", "name": "Eve"}}, "guests must map the remote seats"),
    ("guests", {"north": ["x"]}, "guests.north must be an object"),
    ("guests", {"north": {"token": 7, "name": "Ben"}}, "token and name must be text"),
    ("guest_name", {"no": 1}, "guest_token and guest_name must be text"),
    ("format", "battleline-lan-save/0", "not a saved LAN game"),
])
def test_a_bad_save_is_refused_naming_the_file_and_the_fault(tmp_path: Path, field: str, value: object,
                                                             says: str) -> None:
    path = saved_to(tmp_path / "lan.json", Sitting.new(Rules(), 4, dict(PLAYERS)), **{field: value})
    with pytest.raises(NotationError) as refused:
        data, game = lan_save.read(path)
        lan_save.take(data, game, "south", path)
    assert str(path) in str(refused.value) and says in str(refused.value), refused.value


def test_a_file_that_is_no_json_is_refused_as_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "lan.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(NotationError, match="cannot read the saved game"):
        lan_save.read(path)
    assert lan_save.kept_tokens(path) is None


def test_a_new_game_saves_at_its_peers_place_once_every_seat_has_a_name(tmp_path: Path) -> None:
    def usual(names: dict[str, str], table: bool) -> Path:
        return tmp_path / f"lan-host-{'-'.join(names.values())}{'-table' if table else ''}.json"

    assert lan_save.place(None, usual, remotes(None, None), False) is None, "no name yet: nowhere yet"
    assert lan_save.place(None, None, remotes(), False) is None
    assert lan_save.place(tmp_path / "chosen.json", usual, remotes(), False) == tmp_path / "chosen.json"
    assert lan_save.place(None, usual, remotes(), True) == tmp_path / "lan-host-Ben-table.json"


def test_an_unfinished_game_of_other_tokens_is_never_overwritten(tmp_path: Path) -> None:
    """A look-alike Ben (other token) gets a save of his own beside the real Ben's unfinished game."""
    kept = saved_to(tmp_path / "lan-host-Ben.json", Sitting.new(Rules(), 4, dict(PLAYERS)))
    assert lan_save.kept_tokens(kept) == {"t-ben"}
    mine = lan_save.place(None, lambda names, table: kept, remotes("t-other", "Ben"), False)
    assert mine is not None and mine != kept and mine.parent == kept.parent
    same = lan_save.place(None, lambda names, table: kept, remotes("t-ben", "Ben"), False)
    assert same == kept, "the same peer continues at its own place"


def test_a_finished_game_keeps_no_tokens(tmp_path: Path) -> None:
    path = saved_to(tmp_path / "lan.json", finished(seed=5))
    assert json.loads(path.read_text(encoding="utf-8"))["guests"]["north"]["token"] == "t-ben"
    assert lan_save.kept_tokens(path) is None


def test_a_table_hosts_save_maps_both_seats(tmp_path: Path) -> None:
    sitting = Sitting(Game.new(Rules(), 4, None, dict(PLAYERS)))
    seats = {"south": RemoteSeat("south", "t-ana", "Ana"), "north": RemoteSeat("north", "t-ben", "Ben")}
    path = tmp_path / "table.json"
    lan_save.write(path, lan_save.data_of(sitting, None, "1234", seats, None))
    data, game = lan_save.read(path)
    back = lan_save.take(data, game, None, path)
    assert list(back.seats) == ["south", "north"], "south first at a table"
    assert back.seats == {"south": ("t-ana", "Ana"), "north": ("t-ben", "Ben")}
