"""The bot in its own process: answers without blocking, cancels, crashes loudly, leaves no process behind."""

from __future__ import annotations

import fcntl
import multiprocessing
import os
import signal
import struct
import termios
from typing import cast

import pytest
from waiting import wait_until

from engine.game import Game
from engine.notation_types import Action, View
from engine.run.process import BotError, BotProcess


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def _unread(bot: BotProcess) -> int:
    """Bytes sent to the worker that it has not read yet: the send queue of the parent's end of the pipe (a Unix
    socket pair, whose SIOCOUTQ counts what the peer has not read)."""
    request = getattr(termios, "TIOCOUTQ", None)
    if request is None:  # not Linux: nothing to read it with, so the cancel may come before the thinking
        return 0
    return int(struct.unpack("i", fcntl.ioctl(bot._conn.fileno(), request, bytes(4)))[0])


def _wait(bot: BotProcess, seconds: float = 60.0) -> tuple[int, Action]:
    return wait_until(bot.poll, seconds, "the bot's answer")


def test_bot_process_answers_a_legal_action() -> None:
    game = Game.new(seed=5)
    with BotProcess("normal", seed=1) as bot:
        request_id = bot.request(game.view(game.to_move))
        answer_id, action = _wait(bot)
        assert answer_id == request_id
        assert action in game.legal_actions()
        pid = bot.pid
    assert pid is not None and _gone(pid)


def test_cancel_a_thinking_bot_then_close_leaves_no_process() -> None:
    game = Game.new(seed=6)
    bot = BotProcess("hard", seed=1, move_time=3600.0)  # close must not wait for this search to end
    pid = bot.pid
    assert pid is not None
    first = bot.request(game.view(game.to_move))
    wait_until(lambda: _unread(bot) == 0, 60, "the worker reading the request (it thinks from then on)")
    bot.cancel()
    assert bot.poll() is None  # an answer to a cancelled request is never delivered
    second = bot.request(game.view(game.to_move))
    assert second != first
    bot.close()  # the worker is told to stop; one that does not is terminated
    assert _gone(pid)
    assert not [p for p in multiprocessing.active_children() if p.pid == pid]
    with pytest.raises(BotError):
        bot.poll()
    bot.close()  # twice is harmless


def test_cancelled_answer_is_discarded_and_the_new_one_delivered() -> None:
    game = Game.new(seed=7)
    with BotProcess("easy", seed=2) as bot:
        bot.request(game.view(game.to_move))
        bot.cancel()
        newer = bot.request(game.view(game.to_move))
        answer_id, _ = _wait(bot)
        assert answer_id == newer


def test_a_crashed_worker_surfaces_as_an_error_from_poll() -> None:
    game = Game.new(seed=8)
    bot = BotProcess("random", seed=3)
    pid = bot.pid
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    with pytest.raises(BotError):  # from the request if the worker is already gone, else from a later poll
        bot.request(game.view(game.to_move))
        wait_until(bot.poll, 60, "an error from poll")
    bot.close()
    assert _gone(pid)


def test_a_bad_position_is_an_error_not_a_hang() -> None:
    with BotProcess("random") as bot:
        bot.request(cast(View, {"format": "nonsense"}))  # a bad position, as a broken caller might send
        with pytest.raises(BotError):
            _wait(bot)
        game = Game.new(seed=9)  # the worker survives a bad request
        bot.request(game.view(game.to_move))
        assert _wait(bot)[1] in game.legal_actions()


def test_unknown_level_is_refused_before_starting() -> None:
    with pytest.raises(ValueError):
        BotProcess("grandmaster")
