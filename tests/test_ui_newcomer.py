"""A newcomer's first evening (issue 17), driven through the real loop with posted device events:
the welcome offered once, setup remembering its choices, one save per opponent kind and a question
before one is replaced, quit and leave confirmations, menus that stop at their ends, the results'
way back from "Look at the board", the rules one press from the board, the card zoom, the hand order."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver
from ui_driver import _towards as towards

from engine import Game
from game.keep.settings import Settings, load_settings
from game.play.positions import busy, find, holding
from game.play.saves import load_save, load_saves, save_path
from game.play.session import Session, Setup
from game.ui.shell import App
from game.ui.text import MIN_READ
from scenes import board_zoom
from scenes.board import BoardScene
from scenes.confirm import ConfirmScene
from scenes.continue_scene import ContinueListScene, ContinueScene
from scenes.look import LookScene
from scenes.main_menu import MainMenuScene
from scenes.results import ResultsScene
from scenes.rules_ref import BOX, NEXT, PREVIOUS, TOPICS, RulesScene
from scenes.setup import OPPONENT_HINTS, SetupScene
from scenes.title import TitleScene
from scenes.welcome import WelcomeScene


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    pygame.init()
    yield tmp_path / "config"


def make_app(**settings: object) -> App:
    return App(Settings(animation_speed="off", **settings), fixed_dt=1 / 60)  # type: ignore[arg-type]


def close(app: App) -> None:
    """Bot processes opened by the boards are closed (the app's quit hooks do the rest)."""
    for scene in app.stack:
        if isinstance(scene, BoardScene):
            scene.table.close()
    app.close()


def unfinished(opponent: str, seed: int, names: tuple[str, str] = ("Ana", "Ben")) -> Game:
    """An unfinished sitting against `opponent`, saved as the couch game saves it."""
    session = Session(Setup(opponent=opponent, names=list(names), seed=seed, autosave=True), in_process_bots=True)
    game = find(seed, busy(12), players=session.names)
    session.table_for(game).close()
    return game


def labels(scene: object) -> list[str]:
    return [item.label for item in scene.menu.items]  # type: ignore[attr-defined]


def choose(driver: Driver, scene: object, label: str, device: str = "keyboard") -> None:
    """Move the menu's focus to `label` with Up/Down (never wrapping), then confirm it."""
    menu = scene.menu  # type: ignore[attr-defined]
    target = labels(scene).index(label)
    for _ in range(30):
        if menu.focus == target:
            break
        driver.direction(device, "down" if menu.focus < target else "up")
    assert menu.focus == target, f"could not reach {label!r}"
    driver.confirm(device)


# ---------------------------------------------------------------- first launch
def test_first_launch_offers_the_welcome_once(config: Path) -> None:
    app = make_app()
    app.push(TitleScene(app))
    driver = Driver(app)
    driver.key(pygame.K_RETURN)
    welcome = app.top
    assert isinstance(welcome, WelcomeScene), "the very first launch offers a way in"
    assert labels(welcome)[:2] == ["New here? The tutorial (5 min)", "Play the easy bot"]
    driver.pad(pygame.CONTROLLER_BUTTON_B)  # "not now" is an answer too
    assert isinstance(app.top, MainMenuScene)
    assert load_settings().welcomed is True, "the answer is kept"
    close(app)

    again = App(load_settings(), fixed_dt=1 / 60)  # the next evening
    again.push(TitleScene(again))
    Driver(again).key(pygame.K_RETURN)
    assert isinstance(again.top, MainMenuScene), "the welcome is never shown again"
    close(again)


def test_the_welcome_starts_a_game_against_the_easy_bot(config: Path) -> None:
    app = make_app()
    app.push(MainMenuScene(app))
    driver = Driver(app)
    welcome = app.top
    assert isinstance(welcome, WelcomeScene)
    choose(driver, welcome, "Play the easy bot", "controller")
    board = app.top
    assert isinstance(board, BoardScene) and board.session is not None
    assert board.session.setup.opponent == "easy" and load_settings().welcomed
    close(app)


def test_the_welcome_opens_the_tutorial(config: Path) -> None:
    from scenes.tutorial import TutorialScene

    app = make_app()
    app.push(MainMenuScene(app))
    choose(Driver(app), app.top, "New here? The tutorial (5 min)")
    assert isinstance(app.top, TutorialScene) and load_settings().welcomed
    assert isinstance(app.stack[0], MainMenuScene), "the main menu waits under the tutorial"
    close(app)


# ---------------------------------------------------------------- setup
def test_setup_starts_on_the_easy_bot_describes_each_level_and_remembers(config: Path) -> None:
    app = make_app(welcomed=True)
    setup = SetupScene(app)
    app.push(setup)
    driver = Driver(app)
    opponent = setup.menu.items[setup.menu.focus]
    assert opponent.label == "Opponent", "the focus starts on who to play against"
    assert opponent.value == "easy", "a newcomer meets the easy bot, not a hot-seat game"
    assert opponent.hint == OPPONENT_HINTS["easy"]
    seen = set()
    for _ in range(len(opponent.choices)):
        driver.key(pygame.K_RIGHT)
        seen.add(opponent.hint)
        assert opponent.hint == OPPONENT_HINTS[opponent.value], "each level has its own line"
    assert len(seen) == 5
    while opponent.value != "random":
        driver.key(pygame.K_RIGHT)
    choose(driver, setup, "Tactics cards")
    assert setup.setup.tactics is False
    choose(driver, setup, "Start the game")
    assert isinstance(app.top, BoardScene)
    close(app)

    later = make_app(**{"welcomed": True, "last_setup": load_settings().last_setup})
    again = SetupScene(later)
    assert again.opponent.value == "random" and again.setup.opponent == "random"
    assert again.setup.tactics is False, "the last choices are kept"
    close(later)


def test_a_new_game_with_an_unfinished_one_asks_first(config: Path) -> None:
    game = unfinished("easy", 5)
    before = save_path("easy").read_text()
    app = make_app(welcomed=True)
    setup = SetupScene(app)
    app.push(setup)
    driver = Driver(app)
    choose(driver, setup, "Start the game")
    question = app.top
    assert isinstance(question, ConfirmScene), "an unfinished game is never replaced unasked"
    assert save_path("easy").read_text() == before
    driver.key(pygame.K_ESCAPE)
    assert app.top is setup and save_path("easy").read_text() == before, "Back keeps everything"

    choose(driver, setup, "Start the game")
    choose(driver, app.top, "Continue that game")
    board = app.top
    assert isinstance(board, BoardScene) and board.table.record()["actions"] == game.actions
    close(app)

    app = make_app(welcomed=True)
    setup = SetupScene(app)
    app.push(setup)
    driver = Driver(app)
    choose(driver, setup, "Start the game")
    choose(driver, app.top, "Start a new game (the old one is lost)")
    started = app.top
    assert isinstance(started, BoardScene) and started.table.record()["actions"] == []
    saved = load_save("easy")
    assert saved is not None and saved.game is not None and saved.game.actions == []
    close(app)


def test_a_game_against_another_opponent_keeps_the_first_save(config: Path) -> None:
    unfinished("human", 6)
    app = make_app(welcomed=True, last_setup={"opponent": "hard"})
    setup = SetupScene(app)
    app.push(setup)
    choose(Driver(app), setup, "Start the game")
    assert isinstance(app.top, BoardScene), "no question: the hot-seat save is not touched"
    assert {s.setup.opponent for s in load_saves()} == {"human", "hard"}
    close(app)


# ---------------------------------------------------------------- continue
def test_continue_lists_one_unfinished_game_per_opponent(config: Path) -> None:
    games = {"human": unfinished("human", 7, ("Ana", "Ben")), "easy": unfinished("easy", 8, ("Zoe", "Ben")),
             "hard": unfinished("hard", 9, ("Max", "Ben"))}
    app = make_app(welcomed=True)
    app.push(MainMenuScene(app))
    driver = Driver(app)
    choose(driver, app.top, "Continue")
    listing = app.top
    assert isinstance(listing, ContinueListScene)
    rows = labels(listing)
    assert len(rows) == 4 and rows[-1] == "Back"
    assert {"Ana against Ben", "Zoe against Bot (easy)", "Max against Bot (hard)"} == set(rows[:3])
    for item in listing.menu.items[:3]:
        assert item.detail is not None
        score, date = item.detail().split("  \u00b7  ")
        assert score.startswith("flags ") and date[:4].isdigit(), "names, score and date on each row"
    choose(driver, listing, "Zoe against Bot (easy)")
    assert isinstance(app.top, ContinueScene)
    choose(driver, app.top, "Resume")
    board = app.top
    assert isinstance(board, BoardScene) and board.table.record()["actions"] == games["easy"].actions
    close(app)


# ---------------------------------------------------------------- leaving
def test_the_menu_stops_at_its_ends_and_quit_asks_first(config: Path) -> None:
    app = make_app(welcomed=True)
    menu = MainMenuScene(app)
    app.push(menu)
    driver = Driver(app)
    driver.key(pygame.K_UP)
    assert menu.menu.focus == 0, "Up on the first row does not wrap to Quit"
    choose(driver, menu, "Quit", "controller")
    assert isinstance(app.top, ConfirmScene) and app.running
    assert app.top.menu.focus == 0, "the safe answer comes first"
    driver.pad(pygame.CONTROLLER_BUTTON_B)
    assert app.top is menu and app.running
    driver.pad(pygame.CONTROLLER_BUTTON_A)  # Quit is still focused
    driver.direction("controller", "down")
    driver.pad(pygame.CONTROLLER_BUTTON_A)
    assert not app.running
    close(app)


def test_back_on_the_title_asks_before_quitting(config: Path) -> None:
    app = make_app(welcomed=True)
    app.push(TitleScene(app))
    driver = Driver(app)
    driver.pad(pygame.CONTROLLER_BUTTON_B)
    assert isinstance(app.top, ConfirmScene) and app.running, "a stray B does not end the evening"
    driver.pad(pygame.CONTROLLER_BUTTON_B)
    assert isinstance(app.top, TitleScene) and app.running
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    assert not app.running
    close(app)


def test_leaving_a_game_in_progress_asks_first(config: Path) -> None:
    app = make_app(welcomed=True)
    session = Session(Setup(seed=4, starts="south", autosave=True))
    board = BoardScene(app, session.new_table(), session)
    app.push(board)
    driver = Driver(app)
    driver.key(pygame.K_RETURN)  # the pass screen
    driver.key(pygame.K_p)
    choose(driver, app.top, "Leave to the main menu")
    assert isinstance(app.top, ConfirmScene) and app.find(BoardScene) is board
    driver.key(pygame.K_ESCAPE)
    assert app.find(BoardScene) is board
    choose(driver, app.top, "Leave to the main menu")
    choose(driver, app.top, "Leave to the main menu")
    assert isinstance(app.top, MainMenuScene) and app.find(BoardScene) is None
    assert load_save("human") is not None, "what was said: the game is kept"
    close(app)


# ---------------------------------------------------------------- results
def finished_board(app: App) -> BoardScene:
    from game.play.table import LocalTable

    session = Session(Setup(names=["Ana", "Ben"]))
    game = find(11, lambda g: g.over, limit=600)
    board = BoardScene(app, LocalTable(game), session)
    board.pending_pass = None
    board.model.hidden = False
    board.pending_results = True
    board.refresh()
    app.push(board)
    Driver(app).frames(3)
    return board


def test_look_at_the_board_leads_back_to_rematch(config: Path) -> None:
    app = make_app(welcomed=True)
    finished_board(app)
    results = app.top
    assert isinstance(results, ResultsScene)
    assert results.status() == "", "a single game does not say 'Games won 0-1'"
    driver = Driver(app)
    choose(driver, results, "Look at the board")
    assert isinstance(app.top, LookScene)
    driver.click((960, 540))
    assert app.top is results and "Rematch" in labels(results)
    driver.key(pygame.K_ESCAPE)  # Back also shows the board, and comes back
    assert isinstance(app.top, LookScene)
    driver.key(pygame.K_ESCAPE)
    assert app.top is results
    close(app)


def test_the_score_line_returns_from_the_second_game(config: Path) -> None:
    app = make_app(welcomed=True)
    board = finished_board(app)
    results = app.top
    assert isinstance(results, ResultsScene) and board.session is not None
    board.session.record({"winner": "south", "how": "breakthrough", "flags": {"south": 3, "north": 0}})
    assert results.status().startswith("Games won"), "after two games the tally says something"
    close(app)


def test_the_lobby_offers_start_only_once_a_guest_has_joined(config: Path) -> None:
    from scenes.lan_host import HostLobbyScene

    app = make_app(welcomed=True)
    lobby = HostLobbyScene(app, bind="127.0.0.1", advertise=False, port=0)
    app.push(lobby)
    choose(Driver(app), lobby, "Open the lobby")
    start = lobby.menu.items[0]
    assert start.label == "Start the game" and not start.enabled
    Driver(app).key(pygame.K_RETURN)
    assert app.top is lobby, "a disabled Start does nothing"
    close(app)


# ---------------------------------------------------------------- board: rules, zoom, hand order
def fog_board(app: App, **settings: object) -> BoardScene:
    from game.play.table import LocalTable

    board = BoardScene(app, LocalTable(find(3, holding("fog"))))
    board.model.viewer, board.model.hidden, board.pending_pass = "south", False, None
    board.refresh()
    app.push(board)
    return board


@pytest.mark.parametrize("device", ["keyboard", "controller", "mouse"])
def test_the_rules_are_one_press_from_the_board_at_the_focused_card(config: Path, device: str) -> None:
    app = make_app(welcomed=True)
    board = fog_board(app)
    driver = Driver(app)
    if device == "mouse":
        rect = board.targets[("button", "rules")]
        driver.click(rect.center)
        assert isinstance(app.top, RulesScene) and app.top.page == TOPICS["formations"], "no card focused: formations"
    else:
        for _ in range(20):  # the focus moves onto the card (it is not chosen)
            if board.model.focus == ("hand", "fog"):
                break
            driver.direction(device, towards(board, ("hand", "fog")))
        assert board.model.focus == ("hand", "fog") and app.top is board
        if device == "keyboard":
            driver.key(pygame.K_F1)
        else:
            driver.pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
        rules = app.top
        assert isinstance(rules, RulesScene)
        assert rules.page == rules.page_of("fog"), "the focused card's own page"
    driver.key(pygame.K_ESCAPE)
    assert app.top is board
    close(app)


def test_a_rested_card_is_zoomed_with_its_whole_rule(config: Path) -> None:
    app = make_app(welcomed=True)
    board = fog_board(app)
    board.model.focus = board.model.rested = ("hand", "fog")  # the player moved the focus there
    driver = Driver(app)
    surface = pygame.Surface((1920, 1080))
    driver.frames(2)
    assert board_zoom.draw(board, surface) is None, "not at once: a glance does not cover the board"
    assert board_zoom.pending(board) and app.wake_in() is not None, "the loop wakes when it is due"
    driver.frames(int(board_zoom.ZOOM_DELAY * 60) + 2)
    box = board_zoom.draw(board, surface)
    assert box is not None and surface.get_rect().contains(box)
    assert not box.colliderect(board.targets[("hand", "fog")]), "beside the card, not over it"
    sizes = [size for line, size, _ in board_zoom._lines("fog") if line]
    assert sizes and min(sizes) >= MIN_READ >= 28, "readable from a sofa: at least 28 px at 1080p"
    words = " ".join(line for line, _, _ in board_zoom._lines("fog"))
    assert "sum of values" in words, "the whole rule, not the card's few words"
    board.refresh()  # the table changed (a move): the zoom steps away until the focus moves again
    driver.frames(int(board_zoom.ZOOM_DELAY * 60) * 3)
    assert board.model.focus == ("hand", "fog") and board_zoom.draw(board, surface) is None
    assert not board_zoom.pending(board), "and the loop may sleep again"
    driver.direction("keyboard", "right")
    assert board_zoom.draw(board, surface) is None, "the focus moved on: the zoom goes"
    driver.direction("keyboard", "left")
    driver.frames(int(board_zoom.ZOOM_DELAY * 60) + 2)
    assert board.model.focus == ("hand", "fog") and board_zoom.draw(board, surface) is not None, "back on it: shown"
    close(app)


def test_the_hand_order_setting_lays_out_the_hand_and_is_remembered(config: Path) -> None:
    from game.keep.settings import save_settings
    from scenes.settings_scene import SettingsScene

    app = make_app(welcomed=True)
    board = fog_board(app)
    hand = board.view["hands"]["south"]

    def shown() -> list[str]:
        cards = [t for t in board.targets if t[0] == "hand"]
        return [str(t[1]) for t in sorted(cards, key=lambda t: board.targets[t].x)]

    assert shown() == hand, "as drawn by default"
    settings = SettingsScene(app)
    app.push(settings)
    driver = Driver(app)
    choose(driver, settings, "Hand order")
    assert app.settings.hand_order == "colour"
    driver.key(pygame.K_RIGHT)
    assert app.settings.hand_order == "value" and load_settings().hand_order == "value", "remembered"
    app.pop(settings)
    board.relayout()
    troops = [c for c in shown() if c[:1] in "roygbp" and c[1:].isdigit()]
    values = [int(c[1:]) for c in troops]
    assert values == sorted(values) and shown()[len(troops):] == [c for c in shown() if c not in troops]
    assert sorted(shown()) == sorted(hand), "the same cards, only in another order"
    save_settings(app.settings)
    close(app)


def test_continue_lists_the_lan_game_this_machine_hosts(config: Path) -> None:
    from engine import Rules
    from game.keep.lan_store import host_save_for
    from net.host import Host
    from scenes.lan_host import HostLobbyScene

    unfinished("easy", 12)
    host = Host.new(rules=Rules(), seed=53, code="1357", host_name="Ana")
    host.save_path_for = host_save_for
    host.seen.remotes["north"].name = "Ben"
    host.seen.game.players["north"] = "Ben"
    host.save()
    host.close()
    app = make_app(welcomed=True)
    app.push(MainMenuScene(app))
    driver = Driver(app)
    choose(driver, app.top, "Continue")
    listing = app.top
    assert isinstance(listing, ContinueListScene) and len(listing.menu.items) == 3
    lan = next(i for i in listing.menu.items if i.detail is not None and i.detail().startswith("LAN"))
    assert lan.label == "Ana against Ben" and lan.detail is not None and "flags 0 \u2013 0" in lan.detail()
    ContinueListScene.lobby_options = {"bind": "127.0.0.1", "advertise": False, "port": 0}
    try:
        choose(driver, listing, lan.label)
    finally:
        ContinueListScene.lobby_options = {}
    lobby = app.top
    assert isinstance(lobby, HostLobbyScene) and lobby.host is not None
    assert lobby.host.seen.remotes["north"].name == "Ben"
    close(app)


def test_remembered_choices_in_a_bad_settings_file_fall_back_one_by_one() -> None:
    settings = Settings.from_dict({"last_setup": {"opponent": "wizard", "tactics": "off", "x": "y"},
                                   "welcomed": "yes", "hand_order": "by magic"})
    assert settings.last_setup == {"tactics": "off"}, "an unknown opponent or field is dropped, the rest kept"
    assert settings.welcomed is False and settings.hand_order == "drawn"
    assert Settings.from_dict({"last_setup": ["easy"]}).last_setup == {}


def test_the_rules_pages_turn_by_their_buttons_and_the_wheel_not_by_a_click_on_the_text(config: Path) -> None:
    app = make_app(welcomed=True)
    app.push(RulesScene(app))
    rules = app.top
    assert isinstance(rules, RulesScene)
    driver = Driver(app)
    driver.click((1400, 500))  # reading, not turning: the text is no button
    assert rules.page == 0 and app.top is rules
    driver.click(NEXT.center)
    driver.click(NEXT.center)
    assert rules.page == 2
    driver.click(PREVIOUS.center)
    assert rules.page == 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
    driver.frames(1)
    assert rules.page == 2, "the wheel turns pages too"
    close(app)


def test_the_rules_open_at_the_claim_page_from_a_focused_flag(config: Path) -> None:
    app = make_app(welcomed=True)
    board = fog_board(app)
    driver = Driver(app)
    for _ in range(20):
        if board.model.focus is not None and board.model.focus[0] == "flag":
            break
        driver.direction("keyboard", "up")
    assert board.model.focus is not None and board.model.focus[0] == "flag"
    driver.key(pygame.K_F1)
    assert isinstance(app.top, RulesScene) and app.top.page == TOPICS["claim"]
    close(app)


def test_after_continue_the_opponents_last_turn_is_still_captioned(config: Path) -> None:
    game = unfinished("easy", 8, ("Zoe", "Ben"))
    assert game.to_move == "south" and game.phase == "play", "saved at the player's turn, after the bot's"
    app = make_app(welcomed=True)
    app.push(MainMenuScene(app))
    driver = Driver(app)
    choose(driver, app.top, "Continue")
    choose(driver, app.top, "Resume")
    board = app.top
    assert isinstance(board, BoardScene)
    assert board.model.last_turn is not None and board.model.last_turn[0] == "north", "Ben's last turn, as before"
    from ui_driver import marked

    assert marked(board), "and its cards ringed on the board"
    close(app)


def test_continue_names_a_bot_in_the_players_language(config: Path) -> None:
    from game.i18n import set_language
    from game.play.words import shown_name

    unfinished("easy", 8, ("Zoe", "Ben"))
    unfinished("hard", 9, ("Max", "Ben"))  # two saves: Continue lists them
    app = make_app(welcomed=True)
    app.push(MainMenuScene(app))
    choose(Driver(app), app.top, "Continue")
    listing = app.top
    assert isinstance(listing, ContinueListScene)
    set_language("zh")
    try:
        rows = [item.label for item in listing.items()]
        assert any(shown_name("Bot (easy)") in row for row in rows), rows
        assert not any("Bot (easy)" in row for row in rows), rows
        close(app)
    finally:
        set_language("en")


def test_the_lobby_on_a_busy_port_says_so_and_opens_another(config: Path) -> None:
    import socket

    from scenes.lan_host import HostLobbyScene

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        app = make_app(welcomed=True)
        lobby = HostLobbyScene(app, bind="127.0.0.1", advertise=False, port=port)
        app.push(lobby)
        choose(Driver(app), lobby, "Open the lobby")
        assert lobby.host is not None and lobby.host.port != port
        said = str(lobby.subtitle)
        assert str(port) in said and str(lobby.host.port) in said and "in use" in said, said
        close(app)


def test_the_rules_have_a_contents_page_that_opens_any_page_by_key_or_click(config: Path) -> None:
    """Seventeen pages once had no index: Contents (C, controller Y, or its button) lists them all."""
    from scenes.rules_ref import CONTENTS

    app = make_app(welcomed=True)
    app.push(RulesScene(app))
    rules = app.top
    assert isinstance(rules, RulesScene)
    driver = Driver(app)
    driver.key(pygame.K_c)
    assert rules.contents and rules.chosen == 0
    for _ in range(3):
        driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RIGHT)  # the second column
    driver.key(pygame.K_RETURN)
    assert not rules.contents and rules.page == 3 + 9, "the chosen title's page"
    driver.click(CONTENTS.center)
    assert rules.contents and rules.chosen == 12, "the contents open at the page being read"
    last = len(rules.pages) - 1
    driver.click(rules.entry(last).center)
    assert not rules.contents and rules.page == last and app.top is rules
    assert all(BOX.contains(rules.entry(i)) for i in range(len(rules.pages))), "every title inside the panel"
    close(app)
