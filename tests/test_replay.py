"""Replays: every finished game kept, the list and the viewer (forward, backward, on its own, both
hands shown), export and import of records, `battleline watch FILE`, and bad record files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import cast

import pygame
import pytest
from builders import record_under_old_r9
from ui_driver import Driver

from engine import from_record, to_record
from engine.notation_types import Record, View
from game.keep.files import data_dir, take_notices
from game.keep.records import archive, export, games_dir, import_dir, library
from game.keep.settings import Settings
from game.play.positions import find
from game.play.session import Session, Setup
from game.ui.shell import App
from scenes.replay_list import ReplayListScene
from scenes.replay_view import ReplayScene


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    pygame.init()
    take_notices()
    return App(Settings(animation_speed="normal"), fixed_dt=1 / 60)


def finished(seed: int = 3) -> Record:
    return cast(Record, to_record(find(seed, lambda g: g.over, limit=600)))


def test_every_finished_game_is_kept_once() -> None:
    session = Session(Setup(autosave=True, seed=2))
    table = session.new_table()
    while table.result is None:
        legal = table.legal_actions()
        table.submit(next((a for a in legal if a["type"] == "claim"), legal[0]))
    session.record(table.result or {})
    session.keeper.game_over(table.result or {})  # reported twice (a resumed save): kept once
    kept = library()
    assert len(kept) == 1 and to_record(kept[0].game) == table.record()


def test_the_viewer_steps_both_ways_plays_on_its_own_and_shows_both_hands(app: App) -> None:
    record = finished()
    game = from_record(record)
    scene = ReplayScene(app, game)
    app.push(scene)
    driver = Driver(app)
    assert scene.step == 0 and all(scene.view["hands"][s] for s in ("north", "south")), "both hands face up"
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    assert scene.step == 2 and scene.view == _replayed(record, 2)
    driver.key(pygame.K_LEFT)
    assert scene.step == 1 and scene.view == _replayed(record, 1)
    driver.key(pygame.K_DOWN)
    assert scene.step == len(record["actions"]) and scene.view == game.view(None)
    driver.key(pygame.K_UP)
    driver.key(pygame.K_RETURN)  # play on its own
    driver.frames(200)
    assert scene.step >= 3 and scene.playing
    driver.key(pygame.K_RETURN)
    paused = scene.step
    driver.frames(120)
    assert scene.step == paused
    driver.click(scene_control(scene, "step"))
    assert scene.step == paused + 1
    assert sum(len(lines) for lines in scene.replay.lines) >= len(record["actions"]), "a log line per move"
    app.draw()


def scene_control(scene: ReplayScene, name: str) -> tuple[int, int]:
    from scenes.replay_draw import control_rects

    return control_rects()[name].center


def _replayed(record: Record, steps: int) -> View:
    partial: dict[str, object] = {k: v for k, v in record.items() if k != "result"}
    partial["actions"] = record["actions"][:steps]
    return from_record(partial).view(None)


def test_export_then_import_round_trips_and_never_overwrites(app: App) -> None:
    game = from_record(finished())
    first, second = export(game), export(game)
    assert first != second and json.loads(first.read_text()) == to_record(game)
    import_dir().mkdir(parents=True)
    (import_dir() / "from-a-friend.json").write_text(first.read_text())
    (import_dir() / "broken.json").write_text(first.read_text()[:200])
    scene = ReplayListScene(app)
    app.push(scene)
    scene.choose(scene.rows().index("import"))
    kept = library()
    assert len(kept) == 1 and to_record(kept[0].game) == to_record(game)
    assert (import_dir() / "broken.json.bad").exists() and not (import_dir() / "broken.json").exists()
    assert "1 could not be read" in scene.status
    Driver(app).key(pygame.K_RETURN)  # the notice about the broken file
    Driver(app).key(pygame.K_RETURN)  # watch the imported game
    assert isinstance(app.top, ReplayScene)
    Driver(app).key(pygame.K_p)  # export from the viewer
    assert len(list((data_dir() / "exports").glob("*.json"))) == 3


BAD_RECORDS = {
    "corrupt": b"{nope",
    "truncated": None,
    "binary": b"\x00\x01\xff",
    "empty": b"",
    "foreign save": json.dumps({"format": "battleline-save/1"}).encode(),
    "foreign json": b'{"hello": "world"}',
    "illegal action": None,
    "made under the old R9": None,
}


@pytest.mark.parametrize("kind", list(BAD_RECORDS))
def test_a_bad_record_in_the_library_is_set_aside_with_a_message(app: App, kind: str) -> None:
    record = finished()
    good = archive(record, "20250101-120000-aaaa-1")
    raw = BAD_RECORDS[kind]
    if kind == "truncated":
        raw = good.read_bytes()[:-40]
    if kind == "illegal action":
        bad = json.loads(good.read_text())
        bad["actions"][0] = {"type": "draw", "deck": "troops"}
        raw = json.dumps(bad).encode()
    if kind == "made under the old R9":  # a pass then a claim: no longer a legal game (R9)
        raw = json.dumps(record_under_old_r9()).encode()
    path = games_dir() / "20250102-120000-bbbb-1.json"
    assert raw is not None
    path.write_bytes(raw)
    scene = ReplayListScene(app)
    app.push(scene)
    assert [k.path for k in scene.games] == [good], "the good game stays"
    assert path.with_name(path.name + ".bad").read_bytes() == raw
    app.draw()
    assert "could not be read" in " ".join(getattr(app.top, "lines", []))


def _watch(path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", BATTLELINE_FIRST_FRAME="1")
    return subprocess.run([sys.executable, "-m", "app.cli", "watch", str(path)], env=env, capture_output=True,
                          text=True, timeout=60)


def test_battleline_watch_opens_a_record_and_refuses_a_bad_one_plainly(tmp_path: Path) -> None:
    good = tmp_path / "game.json"
    good.write_text(json.dumps(finished()))
    assert _watch(good).returncode == 0
    bad = tmp_path / "position.json"
    bad.write_text(json.dumps({"format": "battleline-position/1"}))
    run = _watch(bad)
    assert run.returncode == 1 and "not a Battle Line game record" in run.stderr and "Traceback" not in run.stderr
    assert bad.exists(), "a file named on the command line is left where it is"
    missing = _watch(tmp_path / "nowhere.json")
    assert missing.returncode == 1 and "cannot be read" in missing.stderr


def test_the_replays_stacked_cards_show_their_values_on_both_sides() -> None:
    """North's stack rises away from the flag: each card's top strip (its value) must show, not its name strip."""
    from game.ui import card_art
    from scenes import replay_draw as rd
    from tools.workshop.screenshot import SCENES

    pygame.init()
    app = App(Settings(animation_speed="off", welcomed=True), window=False)
    SCENES["replay"](app, 7)
    scene = app.top
    assert isinstance(scene, ReplayScene)
    app.draw(app.screen)
    checked = 0
    for n, flag in enumerate(scene.view["flags"], start=1):
        cx = rd.COL_X0 + (n - 1) * rd.COL_W + rd.COL_W // 2
        for seat in ("north", "south"):
            for i, card in enumerate(flag[seat][:-1]):  # every card with another stacked past it
                y = rd.FLAG_Y - 10 - rd.SMALL_H - i * rd.OFFSET if seat == "north" else rd.FLAG_Y + 74 + i * rd.OFFSET
                strip = pygame.Rect(cx - rd.SMALL_W // 2 + 8, y + 4, rd.SMALL_W - 16, rd.OFFSET - 8)
                shown = app.screen.subsurface(strip)
                face = card_art.face(card, "small").subsurface(strip.move(-(cx - rd.SMALL_W // 2), -y))
                if flag["claimed"] not in (None, seat):
                    face = card_art.dimmed(card, "small").subsurface(strip.move(-(cx - rd.SMALL_W // 2), -y))
                assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(face.copy(), "RGB"), \
                    f"flag {n}, {seat}'s card {i + 1} ({card}): its value strip is covered"
                checked += 1
    assert checked >= 4, "the replay shown has stacks on both sides"
    app.close()
