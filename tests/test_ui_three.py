"""Three players at one screen (R46-R53): a whole hot-seat game from the setup menu, and one person
against two bots, both played through synthetic mouse, keyboard and controller input only."""

from __future__ import annotations

import random
from typing import cast

import pygame
import pytest
from builders import view_of
from ui_driver import Driver, game_of, marked
from waiting import wait_until

from engine import from_record
from engine.notation_types import Action, Event
from engine.rules import LINES3
from game.keep.settings import Settings
from game.play.session import Session, Setup
from game.ui import layout, text
from game.ui.shell import App
from scenes.board import BoardScene
from scenes.board_hud import story_words
from scenes.pass_device import PassScene
from scenes.replay_view import ReplayScene
from scenes.results import ResultsScene
from scenes.review_scene import ReviewScene
from scenes.setup import SetupScene
from scenes.title import TitleScene

DEVICES = ("mouse", "keyboard", "controller")


@pytest.fixture
def app() -> App:
    pygame.init()
    return App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 60)


def choose(rng: random.Random, legal: list[Action]) -> Action:
    claims = [a for a in legal if a["type"] == "claim"]
    return claims[0] if claims else rng.choice([a for a in legal if a["type"] != "pass"] or legal)


def set_choice(driver: Driver, scene: SetupScene, label: str, value: str) -> None:
    """Move the setup menu's focus to `label` and step its choices to `value`, by keyboard."""
    items = scene.menu.items
    target = next(i for i, item in enumerate(items) if item.label == label)
    while scene.menu.focus != target:
        driver.key(pygame.K_DOWN if scene.menu.focus < target else pygame.K_UP)
    for _ in range(len(items[target].choices)):
        if items[target].value == value:
            return
        driver.key(pygame.K_RIGHT)
    raise AssertionError(f"{label} never showed {value}")


def check_line_board(board: BoardScene) -> None:
    """R47 on screen: the viewer's six flags in a row, left to right as their line runs, each flag they
    can play to in its own full column; the other three drawn smaller in between, never a target."""
    line = LINES3[board.model.viewer]
    xs = [board.geo.column(n).x for n in line]
    assert xs == sorted(xs) and len(set(xs)) == 6, "the line of six runs left to right"
    for n in range(1, 10):
        if n in line:
            assert ("flag", n) in board.targets
        else:
            assert ("flag", n) not in board.targets, f"flag {n} of the far front is watched, not played"
            assert board.geo.pennant(n).width < layout.pennant(n).width


def test_r46_three_person_hotseat_game_from_the_setup_menu(app: App) -> None:
    random.seed(34)  # the setup screen deals from a random seed: make it this one
    app.push(TitleScene(app))
    driver = Driver(app)
    driver.key(pygame.K_RETURN)  # title
    driver.key(pygame.K_RETURN)  # New game
    setup = app.top
    assert isinstance(setup, SetupScene)
    set_choice(driver, setup, "Players", "3")
    players = next(i for i in setup.menu.items if i.label == "Players")
    assert "troops only" in players.show(players.value) and "troops only" in players.hint, "troops only, said"
    assert "Tactics cards" not in [i.label for i in setup.menu.items], "three players: no tactics to choose"
    set_choice(driver, setup, "West", "human")
    set_choice(driver, setup, "East", "human")
    while setup.menu.focus != len(setup.menu.items) - 1:
        driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    board = app.find(BoardScene)
    assert isinstance(board, BoardScene) and board.three and board.model.hotseat
    assert board.table.local_seats == ("south", "west", "east")
    rng = random.Random(7)
    passed_to: list[str] = []
    stories = 0
    turn = 0
    for _ in range(4000):
        driver.frames(2)
        top = app.top
        if isinstance(top, ResultsScene):
            break
        device = DEVICES[turn % 3]
        if isinstance(top, PassScene):
            assert board.model.hidden, "the hand is hidden while the device is passed"
            others = [board.names[s] for s in board.shown.seats if s != top.seat]
            passed_to.append(top.seat)
            driver.click(top.button.center) if device == "mouse" else driver.confirm(device)
            assert not board.model.hidden and board.model.viewer == board.table.to_move == passed_to[-1]
            assert all(others), "the pass screen names both who look away"
            check_line_board(board)
            if len(passed_to) > 3:  # both turns since this player's own are told and ringed
                told = story_words(board.story(), board.names, not board.table.local_seats, board.three).split("\n")
                assert len(told) == 2 and {s for s, _ in board.story()} == set(board.shown.seats) - {board.model.viewer}
                assert marked(board)
                stories += 1
            turn += 1
            continue
        assert top is board
        legal = board.table.legal_actions()
        assert legal, "a local player to move always has a choice"
        before = len(game_of(board.table).actions)
        driver.play(board, choose(rng, legal), device)
        assert len(game_of(board.table).actions) == before + 1
    else:
        raise AssertionError("the game did not finish")
    game = game_of(board.table)
    assert game.over and len(game.seats) == 3
    assert set(passed_to) == {"south", "west", "east"} and stories > 10
    assert all(passed_to[i] != passed_to[i + 1] for i in range(len(passed_to) - 1)), "the next of three"
    assert from_record(board.table.record()).result == game.result


def test_r46_one_person_against_two_bots(app: App) -> None:
    session = Session(Setup(players=3, opponent="easy", third="random", seed=9), bot_pace=0.0, in_process_bots=True)
    table = session.new_table()
    assert set(table.bots) == {"west", "east"} and table.local_seats == ("south",)
    board = BoardScene(app, table, session)
    app.push(board)
    driver = Driver(app)
    rng = random.Random(5)
    moves = 0
    seen_story = 0
    for _ in range(30000):
        driver.frames(1)
        if isinstance(app.top, ResultsScene):
            break
        assert not isinstance(app.top, PassScene), "one person: nothing is passed"
        legal = table.legal_actions()
        if not legal or app.top is not board:
            continue
        assert board.model.viewer == "south" and not board.model.hidden
        if len(board.model.turns) >= 3 and board.model.last_turn is not None:
            story = board.story()
            assert [s for s, _ in story] == ["west", "east"], "the story: both turns since yours, in order"
            seen_story += 1
        check_line_board(board)
        driver.play(board, choose(rng, legal), DEVICES[moves % 3])
        moves += 1
    else:
        raise AssertionError("the game did not finish")
    game = table.game
    assert game.over and moves > 5 and seen_story > 3
    assert sum(1 for a in game.actions) > 2 * moves - 5, "both bots played their own moves"
    results = app.top
    assert isinstance(results, ResultsScene)
    app.draw(app.screen)  # who won, how, each player's flags
    assert session.games and session.games[-1] == game.result
    # Review: hard's three-player search (engine.ai.hard3) judges the person's plays
    labels = [item.label for item in results.menu.items]
    results.menu.focus = labels.index("Review")
    assert results.menu.items[results.menu.focus].enabled
    driver.key(pygame.K_RETURN)
    review = app.top
    assert isinstance(review, ReviewScene)
    wait_until(lambda: review.marked is not None, 120, "the review did not finish", step=lambda: driver.frames(1))
    assert review.process.error is None and review.marked, "a random player's costliest plays are marked"
    assert all(m["played"]["type"] == "play" and m["cost"] > 0 for m in review.marked)
    with text.watch_overflow() as overflows:
        review.draw(app.screen)
    assert overflows == []
    driver.key(pygame.K_RETURN)  # the costliest move, in the replay viewer
    driver.frames(1)
    assert isinstance(app.top, ReplayScene) and app.top.step == review.marked[0]["index"]
    table.close()


def test_r47_a_claim_proof_names_the_opponent_of_that_flag(app: App) -> None:
    """South fights West at flags 1-3 and East at 4-6: the proof of each claim names the one faced there."""
    from engine import Game, Rules
    from game.play.explain import Referee
    from game.play.table import LocalTable

    names = {"south": "Ana", "west": "Ben", "east": "Cy"}
    checked: set[str] = set()
    for seed in range(40):
        game = Game.new(Rules(False, "standard", 3), seed, "south", names)
        rng = random.Random(seed)
        while not game.over and len(checked) < 2:
            legal = game.legal_actions()
            claims = [a for a in legal if a["type"] == "claim"]
            if claims and game.to_move == "south":
                n = claims[0]["flag"]
                foe = "west" if n <= 3 else "east"
                if foe not in checked:
                    ok, words = Referee(view_of(game, "south"), "south", names).judge(n)
                    assert ok and names[foe] in words and names["east" if foe == "west" else "west"] not in words
                    board = BoardScene(app, LocalTable(game.copy()))
                    board.reveal("south")  # hot-seat: the device is with South
                    board.try_claim(n)
                    banner = board.toasts[-1]
                    assert banner.title == f"Ana takes flag {n}" and names[foe] in " ".join(banner.lines)
                    checked.add(foe)
            game.apply(claims[0] if claims and rng.random() < 0.5 else rng.choice(legal))
        if len(checked) == 2:
            break
    assert checked == {"west", "east"}, "a claim against each opponent was checked"


def test_r47_the_game_log_names_each_claims_opponent_on_every_front() -> None:
    """Every claim in the log names the seat faced at that flag: West at 1-3 for South, East at 7-9 for West..."""
    from engine import Game, Rules
    from engine.rules import FRONTS3
    from game.play.words import event_words

    names = {"south": "Ana", "west": "Ben", "east": "Cy"}
    fronts: set[tuple[str, str]] = set()
    for seed in range(12):
        game = Game.new(Rules(False, "standard", 3), seed, None, names)
        rng = random.Random(seed)
        while not game.over:
            legal = game.legal_actions()
            claims = [a for a in legal if a["type"] == "claim"]
            for event in game.apply(claims[0] if claims else rng.choice(legal)):
                if event["type"] != "claim":
                    continue
                seat, n, proof = event["seat"], event["flag"], event.get("proof", {})
                foe = next(s for s in FRONTS3[n - 1] if s != seat)
                opp = proof.get("opponent")
                tie = opp is not None and opp["complete"] and (opp["formation"], opp["sum"]) == (
                    proof.get("formation"), proof.get("sum"))
                line = event_words(cast(Event, event), names) or ""
                third = next(s for s in names if s not in (seat, foe))
                if not tie:
                    assert names[foe] in line and names[third] not in line, line
                fronts.add((seat, foe))
    assert len(fronts) == 6, f"claims by both seats of all three fronts were read: {sorted(fronts)}"


def test_r48_two_people_and_a_bot_the_bot_moving_first(app: App) -> None:
    """The bot (East) starts: nobody's hand shows while it plays; then the device goes to each person in
    turn, and never to the bot."""
    session = Session(Setup(players=3, opponent="human", third="easy", names=["Ana", "Ben", "Cy"], seed=4,
                            starts="east"), bot_pace=0.0, in_process_bots=True)
    table = session.new_table()
    assert table.to_move == "east" and table.local_seats == ("south", "west")
    board = BoardScene(app, table, session)
    app.push(board)
    assert board.model.hidden and board.pending_pass is None, "the bot moves first: no hand shown, nothing passed"
    driver = Driver(app)
    rng = random.Random(2)
    passed_to: list[str] = []
    for _ in range(3000):
        driver.frames(1)
        top = app.top
        if isinstance(top, PassScene):
            assert top.seat in ("south", "west") and top.seat == table.to_move
            passed_to.append(top.seat)
            driver.confirm("keyboard")
            continue
        if len(passed_to) >= 8 or isinstance(top, ResultsScene):
            break
        legal = table.legal_actions()
        if legal and top is board:
            assert not board.model.hidden and board.model.viewer == table.to_move
            driver.play(board, choose(rng, legal), DEVICES[len(passed_to) % 3])
    assert passed_to[:4] == ["south", "west", "south", "west"], passed_to
    assert any(f.sides.get("east") for f in table.game.flags), "and the bot played between them"
    table.close()


def test_r47_far_front_cards_zoom_under_the_mouse_but_are_never_a_choice(app: App) -> None:
    from scenes import board_zoom
    from tools.workshop.screenshot_three import _board3, _turn_of, three_game

    board = _board3(app, three_game(5, _turn_of("south", 40)), "south")
    far = [t for t in board.targets if t[0] == "card" and board.geo.is_far(int(t[1]))]
    assert far, "the far front's cards can be pointed at"
    assert not set(far) & board.model.flow.candidates() and not set(far) & set(board.navigable())
    app.input.last_device = "mouse"
    for target in far:
        board.model.hover = board.target_at(board.targets[target].center)
        assert board.model.hover == target, "each card's visible strip is its own"
        assert board_zoom.rest(board).shown == (target, target[3]), "shown large with its rule"
    board.table.close()


def test_r46_the_hint_says_which_bot_answers_for_three_players(app: App) -> None:
    """Hard has a three-player search (engine.ai.hard3): the hint names hard, not a stand-in."""
    from game.play.coach import Advice, advice_line

    session = Session(Setup(players=3, opponent="easy", third="easy", seed=2, starts="south"), bot_pace=0.0,
                      in_process_bots=True)
    table = session.new_table()
    view = table.view("south")
    action = table.legal_actions()[0]
    line = advice_line(Advice(0, action, None, True), view, "south")
    assert line.startswith("Hard would play") and "Normal" not in line
    table.close()


def test_r46_the_draw_prompt_names_only_the_troop_deck(app: App) -> None:
    """Three players have no tactics deck (R46): the draw step does not offer one."""
    from scenes.board_hud import prompt_lines

    session = Session(Setup(players=3, opponent="easy", third="random", seed=9, starts="south"), bot_pace=0.0,
                      in_process_bots=True)
    table = session.new_table()
    board = BoardScene(app, table, session)
    app.push(board)
    play = next(a for a in table.legal_actions() if a["type"] == "play")
    table.submit(play)
    driver = Driver(app)
    for _ in range(200):
        driver.frames(1)
        if table.phase == "claim" and table.to_move == "south":
            table.submit(table.legal_actions()[-1])
        if table.phase == "draw" and table.to_move == "south":
            break
    assert table.phase == "draw" and board.my_turn
    assert prompt_lines(board) == ["Draw a card from the troop deck."]
    table.close()
