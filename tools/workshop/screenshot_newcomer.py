"""Screenshot scenes of a newcomer's evening (issue 17): the welcome, the rules pages with pictures,
the zoomed card, Continue with several unfinished games, and the questions asked before quitting,
leaving a game or replacing a save.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cards import TACTICS

SceneMaker = Callable[[Any, int], None]


def _rules(page: int | str, contents: bool = False) -> SceneMaker:
    def make(app: Any, seed: int) -> None:
        from scenes.rules_ref import RulesScene

        scene = RulesScene(app, card=page if isinstance(page, str) else None)
        if isinstance(page, int):
            scene.page = page
        if contents:
            scene.open_contents()
        app.push(scene)
    return make


def _saves(opponents: tuple[str, ...], seed: int) -> None:
    """Unfinished sittings against each of `opponents`, each a few moves in, in a fresh data folder."""
    from game.play.positions import busy, find
    from game.play.session import Session, Setup
    from tools.workshop.screenshot_saves import _fresh_data

    _fresh_data()
    for i, opponent in enumerate(opponents):
        names = ["Ana", ["Ben", "Ana", "Zoe"][i % 3]]
        session = Session(Setup(opponent=opponent, names=names, seed=seed + i, autosave=True), in_process_bots=True)
        game = find(seed + i, busy(10 + 4 * i), players=session.names)
        session.table_for(game).close()


def _continue_list(app: Any, seed: int) -> None:
    """Every kind together: hot-seat, two bot levels, a LAN game hosted here and one joined from here."""
    from game.keep.lan_saved import lan_saves
    from game.play.saves import load_saves
    from scenes.continue_scene import ContinueListScene

    _saves(("human", "easy", "hard"), seed)
    _lan_games(seed)
    app.push(ContinueListScene(app, load_saves(), lan_saves()))


def _continue_list_joined(app: Any, seed: int) -> None:
    """The same list with the joined LAN game focused: its hint names the host's address."""
    _continue_list(app, seed)
    listing = app.stack[-1]
    listing.menu.focus = len(listing.menu.items) - 2  # the last game, just above Back


def _lan_games(seed: int) -> None:
    """A game hosted here against Cy and one joined at a friend's, both a few turns in."""
    from game.keep.lan_store import host_save_for, remember_joined
    from game.play.positions import busy, find
    from net.host import Host

    def claimed(n: int, at: int) -> Any:
        return lambda g: busy(at)(g) and sum(f.claimed is not None for f in g.flags) >= n

    game = find(seed + 7, claimed(2, 16), players={"south": "Ana", "north": "Cy"})
    host = Host(game=game, code="1234", bind="127.0.0.1")
    host.seen.remotes["north"].name, host.seen.remotes["north"].token = "Cy", "0" * 32
    host.save_path_for = host_save_for
    host.save()
    host.close()
    joined = find(seed + 9, claimed(3, 22), players={"south": "Dario", "north": "Ana"})
    flags = {s: sum(f.claimed == s for f in joined.flags) for s in ("south", "north")}
    remember_joined("192.168.1.20:47110", token="1" * 32, code="4821", seat="north", players=dict(joined.players),
                    flags=flags, actions=len(joined.actions))


def _replace_save(app: Any, seed: int) -> None:
    from game.play.session import Setup
    from scenes.setup import SetupScene, start_game

    _saves(("easy",), seed)
    app.push(SetupScene(app))
    start_game(app, Setup(opponent="easy", names=["Ana", "Ben"]))


def _quit(app: Any, seed: int) -> None:
    from scenes.main_menu import MainMenuScene

    menu = MainMenuScene(app)
    app.push(menu)
    menu.menu.focus = len(menu.menu.items) - 1
    menu._quit()


def _board(app: Any, seed: int) -> Any:
    from game.play.positions import busy, find
    from tools.workshop.screenshot import _board as board_of

    return board_of(app, find(seed, busy(16), limit=600))


def _leave(app: Any, seed: int) -> None:
    board = _board(app, seed)
    board.open_pause()
    app.top.menu.focus = len(app.top.menu.items) - 1
    app.top._leave()


def _zoom(where: str) -> SceneMaker:
    """The board with a card rested on long enough to be shown large: in the hand or on a flag."""
    def make(app: Any, seed: int) -> None:
        from game.play.positions import find, holding
        from scenes import board_zoom

        board = _board(app, seed) if where == "flag" else None
        if board is None:
            from tools.workshop.screenshot import _board as board_of

            board = board_of(app, find(seed, holding("fog")))
            board.model.focus = ("hand", "fog")
        else:
            board.model.focus = next(t for t in sorted(board.targets, key=str) if t[0] == "card" and t[2] == "north")
        board.model.rested = board.model.focus  # the player moved the focus there and left it
        shown = board_zoom.rest(board).shown
        if shown is not None:  # rested long enough ago, in the view shown now
            board.zoom.since = (shown[0], board.clock - 5.0, board.model.version)
    return make


def _look(app: Any, seed: int) -> None:
    from scenes.look import LookScene
    from tools.workshop.screenshot import _over_board

    _over_board("results")(app, seed)
    app.push(LookScene(app))


NEWCOMER_SCENES: dict[str, SceneMaker] = {
    "rules-formations": _rules(2), "rules-tie": _rules(3), "rules-claim": _rules(4), "rules-contents": _rules(4, True),
    **{f"rules-{card}": _rules(card) for card in TACTICS},
    "continue-list": _continue_list, "continue-list-joined": _continue_list_joined,
    "replace-save": _replace_save, "quit": _quit, "leave": _leave,
    "zoom": _zoom("hand"), "zoom-flag": _zoom("flag"), "look": _look,
}
