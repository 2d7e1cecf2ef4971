"""`battleline screenshot --scene NAME --out FILE`: any scene, or a tactics flow, from a seeded position.

Scenes are drawn off-screen at 1920x1080 and scaled to --size, so the command needs no window.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, cast

from engine.notation_types import Event

SceneMaker = Callable[[Any, int], None]


def _board(app: Any, game: Any, bots: bool = False) -> Any:
    from game.play.bot_client import IdleBot
    from game.play.table import LocalTable
    from scenes.board import BoardScene

    table = LocalTable(game)
    if bots:
        table = LocalTable(game, {"north": IdleBot()})
    board = BoardScene(app, table)
    board.model.viewer = "south"
    board.model.hidden = False
    board.pending_pass = None
    board.model.log = _log_of(game)
    board.refresh()
    app.push(board)
    return board


def _log_of(game: Any) -> list[Event]:
    from engine import Game, replay

    again = Game.new(game.rules, game.seed, game.first, game.players)
    return [cast(Event, event) for action in game.actions for event in replay(again, action)]


def _pick(board: Any, *targets: Any) -> None:
    for target in targets:
        if target == "first":
            target = sorted(board.model.flow.candidates(),
                            key=lambda t: board.targets[t].x if t in board.targets else 0)[0]
        board.model.flow.pick(target)
        board.relayout()
        board.model.focus = next(iter(sorted(board.model.flow.candidates(), key=str)), board.model.focus)


def _flow(card: str, picks: int = 1) -> SceneMaker:
    def make(app: Any, seed: int) -> None:
        from game.play.positions import find, holding

        board = _board(app, find(seed, holding(card)))
        _pick(board, ("hand", card), *["first"] * (picks - 1))
    return make


def _phase(phase: str, picks: int = 0) -> SceneMaker:
    def make(app: Any, seed: int) -> None:
        from game.play.positions import find, holding, in_phase

        if phase.startswith("scout"):
            game = find(seed, holding("scout"))
            game.apply({"type": "play", "card": "scout"})
            if phase == "scout_return":
                for _ in range(3):
                    if game.phase == "scout_draw":
                        game.apply(game.legal_actions()[0])
        else:
            game = find(seed, in_phase(phase))
        board = _board(app, game)
        _pick(board, *["first"] * picks)
    return make


def _play(app: Any, seed: int) -> None:
    from game.play.positions import busy, find

    board = _board(app, find(seed, busy(22)))
    troop = next(t for t in sorted(board.model.flow.candidates(), key=str) if t[0] == "hand" and t[1][0] in "roygbp"
                 and t[1][1:].isdigit())
    _pick(board, troop)


def _refused(app: Any, seed: int) -> None:
    from engine.rulebook import side_size
    from game.play.explain import Referee
    from game.play.positions import find

    def has_unprovable(game: Any) -> bool:
        if game.to_move != "south" or game.phase != "play":
            return False
        ref = Referee(game.view("south"), "south")
        return any(len(f.sides["south"]) >= f.size and f.claimed is None and not ref.judge(i + 1)[0]
                   for i, f in enumerate(game.flags))
    board = _board(app, find(seed, has_unprovable))
    for n, f in enumerate(board.view["flags"], start=1):
        if len(f["south"]) >= side_size(f["mud"] is not None) and f["claimed"] is None and not board.ref.judge(n)[0]:
            board.model.focus = ("flag", n)
            board.try_claim(n)
            break


def _r9(only_pass: bool) -> SceneMaker:
    """R9's two prompts: no troop playable so a tactics card must be played, or no card at all (Pass)."""
    def moment(game: Any) -> bool:
        if game.to_move != "south" or game.phase != "play":
            return False
        legal = game.legal_actions()
        if only_pass:
            return bool(legal == [{"type": "pass"}])
        return bool(legal) and all(a["type"] == "play" and a["card"][0] not in "roygbp" for a in legal)

    def make(app: Any, seed: int) -> None:
        from game.play.positions import find

        _board(app, find(seed, moment, limit=600), bots=True)
    return make


def _menu_scene(name: str) -> SceneMaker:
    def make(app: Any, seed: int) -> None:
        import importlib

        module, cls = {"title": ("title", "TitleScene"), "menu": ("main_menu", "MainMenuScene"),
                       "welcome": ("welcome", "WelcomeScene"),
                       "setup": ("setup", "SetupScene"), "settings": ("settings_scene", "SettingsScene"),
                       "rules": ("rules_ref", "RulesScene")}[name]
        app.push(getattr(importlib.import_module(f"scenes.{module}"), cls)(app))
    return make


def _over_board(name: str) -> SceneMaker:
    def make(app: Any, seed: int) -> None:
        from game.play.positions import busy, find

        if name == "results":
            board = _board(app, find(seed, lambda g: g.over, limit=600))
            board.pending_results = True
            from scenes.results import ResultsScene

            board.results_shown = True
            app.push(ResultsScene(app, board))
            return
        def discarded(game: Any) -> bool:
            return busy(16)(game) and sum(len(p) for p in game.view(None)["discards"].values()) >= 3

        board = _board(app, find(seed, discarded if name == "inspect" else busy(20), limit=600))
        if name == "pass":
            from scenes.pass_device import PassScene

            board.model.hidden = True
            board.refresh()
            app.push(PassScene(app, board, "north"))
        elif name == "pause":
            board.open_pause()
        elif name == "log":
            board.open_log()
        elif name == "inspect":
            board.open_inspect()
    return make


def _names(device: str) -> SceneMaker:
    """The name being typed, as a pad (focus on a letter) or a keyboard user sees it."""
    def make(app: Any, seed: int) -> None:
        from scenes.name_entry import NameScene, name_title
        from scenes.setup import SetupScene

        app.push(SetupScene(app))
        scene = NameScene(app, name_title(0), "Mar", lambda v: None)
        app.push(scene)
        app.input.last_device = device
        if device == "controller":
            scene.focus = (2, 7)  # "R"
    return make


def _thinking(app: Any, seed: int) -> None:
    from game.play.positions import busy, find

    board = _board(app, find(seed, busy(18, seat="north")), bots=True)
    board.table.tick(ready=False)


def _claim(app: Any, seed: int) -> None:
    from game.play.positions import find, in_phase

    board = _board(app, find(seed, in_phase("claim")))
    board.model.focus = next(iter(sorted(board.model.flow.candidates(), key=str)), board.model.focus)


SCENES: dict[str, SceneMaker] = {
    "title": _menu_scene("title"), "menu": _menu_scene("menu"), "setup": _menu_scene("setup"),
    "settings": _menu_scene("settings"), "rules": _menu_scene("rules"), "welcome": _menu_scene("welcome"),
    "board": _over_board("board"), "pass": _over_board("pass"), "pause": _over_board("pause"),
    "log": _over_board("log"), "inspect": _over_board("inspect"), "results": _over_board("results"),
    "thinking": _thinking, "play": _play, "claim": _claim, "refused": _refused,
    "fog": _flow("fog", 1), "mud": _flow("mud", 1), "alexander": _flow("alexander", 1),
    "cavalry": _flow("cavalry", 1), "shield": _flow("shield", 1),
    "scout": _flow("scout", 1), "scout-draw": _phase("scout_draw"), "scout-return": _phase("scout_return", 1),
    "redeploy": _flow("redeploy", 2), "deserter": _flow("deserter", 1), "traitor": _flow("traitor", 2),
    "draw": _phase("draw"), "must-tactic": _r9(only_pass=False), "no-card": _r9(only_pass=True),
    "names": _names("controller"), "names-keyboard": _names("keyboard"),
}


def _lan_scenes() -> None:
    from tools.workshop.screenshot_lan import LAN_SCENES

    SCENES.update(LAN_SCENES)


_lan_scenes()


def _internet_scenes() -> None:
    from tools.workshop.screenshot_internet import INTERNET_SCENES

    SCENES.update(INTERNET_SCENES)


_internet_scenes()


def _table_scenes() -> None:
    from tools.workshop.screenshot_table import TABLE_SCENES

    SCENES.update(TABLE_SCENES)


_table_scenes()


def _saves_scenes() -> None:
    from tools.workshop.screenshot_saves import SAVES_SCENES

    SCENES.update(SAVES_SCENES)


_saves_scenes()


def _newcomer_scenes() -> None:
    from tools.workshop.screenshot_newcomer import NEWCOMER_SCENES

    SCENES.update(NEWCOMER_SCENES)


_newcomer_scenes()


def _turn_scenes() -> None:
    from tools.workshop.screenshot_turns import TURN_SCENES

    SCENES.update(TURN_SCENES)


_turn_scenes()


def _access_scenes() -> None:
    from tools.workshop.screenshot_access import ACCESS_SCENES

    SCENES.update(ACCESS_SCENES)


_access_scenes()


def _three_scenes() -> None:
    from tools.workshop.screenshot_three import THREE_SCENES

    SCENES.update(THREE_SCENES)


_three_scenes()


@contextmanager
def staged(scene: str, seed: int = 7, lang: str = "en", **settings: Any) -> Iterator[Any]:
    """An app with `scene` made and updated in its own theme and language, active while the block runs
    (tests draw it again after changing something); its sockets are closed after."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from tools.workshop.screenshot_steady import fixed_clock, fresh_data, seeded_secrets

    pygame.font.init()
    with (fresh_data(), fixed_clock(), seeded_secrets(seed),  # the same picture every time (screenshot_steady)
          _staged_app(scene, seed, lang, **settings) as app):
        yield app


@contextmanager
def _staged_app(scene: str, seed: int, lang: str, **settings: Any) -> Iterator[Any]:
    """`staged`'s app, made and updated (the steady clock, codes and data folder already in place)."""
    from game.keep.settings import Settings
    from game.ui.shell import App
    from tools.workshop.screenshot_steady import steady_lobbies

    chosen = Settings(**{"animation_speed": "off", "language": lang, "welcomed": True, **settings})
    app = App(chosen, window=False)  # its own theme and language: a scene rendered before leaves no trace
    app.input.last_device = "keyboard"
    if scene not in SCENES:
        raise SystemExit(f"unknown scene {scene!r}: one of {', '.join(SCENES)}")
    try:
        with app.active():  # the scenes are made and updated in the app's theme and language
            SCENES[scene](app, seed)
            for s in app.stack:
                s.update(0.5)
            steady_lobbies(app)
            yield app
    finally:
        app.close()  # a LAN scene's sockets and advertiser must not outlive the picture


def render(scene: str, seed: int = 7, size: tuple[int, int] = (1920, 1080), lang: str = "en", **settings: Any) -> Any:
    """The scene drawn at `size`, as a pygame Surface."""
    import pygame

    with staged(scene, seed, lang, **settings) as app:
        app.draw(app.screen)
        out = app.screen.copy()
    if size != out.get_size():
        out = pygame.transform.smoothscale(out, size)
    return out


def cmd_screenshot(args: argparse.Namespace) -> int:
    import pygame

    from app.main import parse_size

    size = parse_size(args.size) or (1920, 1080)
    pygame.image.save(render(args.scene, args.seed, size, getattr(args, "lang", "en")), args.out)
    print(f"{args.scene} -> {args.out} ({size[0]}x{size[1]})")
    return 0


def _coach_scenes() -> None:
    from tools.workshop.screenshot_coach import COACH_SCENES

    SCENES.update(COACH_SCENES)


_coach_scenes()


def _review_scenes() -> None:
    from tools.workshop.screenshot_review import REVIEW_SCENES

    SCENES.update(REVIEW_SCENES)


_review_scenes()


def _look_scenes() -> None:
    from tools.workshop.screenshot_look import LOOK_SCENES

    SCENES.update(LOOK_SCENES)


_look_scenes()


def _table3_scenes() -> None:
    from tools.workshop.screenshot_table3 import TABLE3_SCENES

    SCENES.update(TABLE3_SCENES)


_table3_scenes()
