"""`battleline review GAME.json --seat S`: the moves that cost a player most win chance, by `hard`.

At each of the player's plays (a play step with a choice), `hard` searches its usual candidates plus
the move actually played, from that player's view only, at a fixed number of iterations: so a
review is reproducible from its seed. A move's cost is the win chance of hard's choice minus that
of the move played, by the search's own values. The three costliest moves are marked, each with the
move hard preferred. Each reviewed move also carries `win_chance`: the position's chance as the
coach's hint and win-estimate bar show it (engine.ai.chance, or the solver's proof), so they agree.

Three players (R46-R53): the same, with hard's three-player search (engine.ai.hard3): its short list
plus the move played, each valued over the same sampled worlds, its expected result (-1 another player
wins, +1 the player reviewed wins) read as a chance (value + 1) / 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from ..ai.chance import win_chance
from ..ai.hard import HardBot
from ..game import Game
from ..notation_types import Action
from ..position import from_position
from ..record import from_record
from ..rules import SEATS
from .tools import read_json, run_command

#: Iterations per reviewed move (lines of the hard bot's search on its reference line; docs/BOTS.md).
REVIEW_ITERATIONS = 600
MARKED = 3
#: Positions the endgame solver may visit for one reviewed move (engine.ai.endgame): a crowded endgame
#: takes about 100,000, a second or two.
REVIEW_SOLVE_NODES = 400_000


def review(record: Any, seat: str, iterations: int = REVIEW_ITERATIONS, seed: int = 0,
           progress: Callable[[int, int], None] | None = None,
           should_stop: Callable[[], bool] | None = None, part: tuple[int, int] = (0, 1)) -> dict[str, Any]:
    """Every reviewed move of `seat` with its cost, and the MARKED costliest, as JSON data.

    `progress(done, total)` is told after each move; `should_stop()` true ends the review early
    (the answer then says `"complete": false` and holds what was reviewed so far). With `part`
    (k, n) only every n-th reviewed move from the k-th is reviewed: n processes review a game n
    times faster, and `merge` joins their answers into the whole review's, move for move the same.
    """
    final = from_record(record)  # checks the whole record first
    game = Game.new(final.rules, final.seed or 0, final.first, final.players)
    every = sorted(_reviewable(record, seat))
    todo = set(every[part[0]::part[1]])
    moves: list[dict[str, Any]] = []
    complete = True
    if progress is not None:
        progress(0, len(todo))  # the total at once, for a progress bar over several parts
    for i, action in enumerate(final.actions):
        if i in todo:
            if should_stop is not None and should_stop():
                complete = False
                break
            moves.append(_review_move(game, seat, action, iterations, seed + i, i))
            if progress is not None:
                progress(len(moves), len(todo))
        game.apply(action)
    return _answer(seat, iterations, complete, moves)


def _answer(seat: str, iterations: int, complete: bool, moves: list[dict[str, Any]]) -> dict[str, Any]:
    marked = sorted((m for m in moves if m["cost"] > 0), key=lambda m: (-m["cost"], m["index"]))[:MARKED]
    return {"seat": seat, "iterations": iterations, "complete": complete, "moves": moves,
            "marked": sorted(marked, key=lambda m: m["index"])}


def merge(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The whole review from the answers of its parts (review's `part`)."""
    moves = sorted((m for p in parts for m in p["moves"]), key=lambda m: m["index"])
    return _answer(parts[0]["seat"], parts[0]["iterations"], all(p["complete"] for p in parts), moves)


def _reviewable(record: Any, seat: str) -> set[int]:
    """Indexes of the actions that were `seat`'s plays with a choice."""
    final = from_record(record)
    game = Game.new(final.rules, final.seed or 0, final.first, final.players)
    out = set()
    for i, action in enumerate(final.actions):
        if game.to_move == seat and game.phase == "play" and len(game.legal_actions()) > 1:
            out.add(i)
        game.apply(action)
    return out


def _review_move(game: Game, seat: str, played: Action, iterations: int, seed: int,
                 index: int) -> dict[str, Any]:
    view = from_position(game.view(seat))
    # The reference line (HardBot.reference): the line hard plays today costs about 1.6 times as much,
    # which would double a whole game's review on the pure-Python core (past issue 38's 15 s). Three
    # players have one line (engine.ai.hard3), which the reference settings do not touch.
    bot = HardBot.reference(seed, iterations=iterations)
    bot.max_lines = None  # the review's estimates use all the lines it is given
    bot.solve_nodes = REVIEW_SOLVE_NODES  # and endgames are solved even when that takes a second or two
    candidates = bot.candidates(view)
    if played not in candidates:
        candidates.append(played)
    preferred = bot.search(view, candidates)
    values = bot.last_values
    chance = {json.dumps(a, sort_keys=True): v for a, v in values}
    best = chance.get(json.dumps(preferred, sort_keys=True), 0.0)
    mine = chance.get(json.dumps(played, sort_keys=True), best)
    # The position's chance as the coach's hint and bar show it (engine.ai.chance, or the solver's proof).
    shown = bot.last_search["win_chance"] if bot.last_search else win_chance(view)
    return {"index": index, "played": played, "preferred": preferred, "win_chance": shown,
            "win_chance_played": mine, "win_chance_preferred": best, "cost": round(max(0.0, best - mine), 3)}


def cmd_review(args: argparse.Namespace) -> int:
    if args.seat not in SEATS:
        print("battleline review: --seat expects north or south", file=sys.stderr)
        return 2
    if not 1 <= args.iterations <= 100_000:
        print("battleline review: --iterations must be from 1 to 100000", file=sys.stderr)
        return 2
    return run_command("review", lambda: review(read_json(args.record), args.seat, args.iterations, args.seed))


#: Processes a review runs in (the moves are shared out; the answer is the same with any number).
REVIEW_JOBS = 2


def _review_worker(conn: Any, record: Any, seat: str, iterations: int, stop: Any,
                   part: tuple[int, int] = (0, 1)) -> None:
    """The review (or its `part`) in its own process: progress as it goes, then the result (or the
    error's text)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        result = review(record, seat, iterations, progress=lambda d, t: conn.send(("progress", d, t)),
                        should_stop=lambda: bool(stop.value), part=part)
        conn.send(("done", result))
    except Exception as exc:  # reported to the parent, which shows it
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


class ReviewProcess:
    """A review computed in worker processes (spawned, like the bots; REVIEW_JOBS of them, each
    reviewing its share of the moves): poll it, cancel it at any time."""

    def __init__(self, record: Any, seat: str, iterations: int = REVIEW_ITERATIONS, jobs: int = REVIEW_JOBS) -> None:
        import multiprocessing as mp

        ctx = mp.get_context("spawn")
        self._stop = ctx.Value("b", 0)
        self._conns: list[Any] = []
        self._processes: list[Any] = []
        for k in range(jobs):
            conn, child = ctx.Pipe(duplex=False)
            process = ctx.Process(target=_review_worker, args=(child, record, seat, iterations, self._stop, (k, jobs)),
                                  name="battleline-review", daemon=True)
            process.start()
            child.close()
            self._conns.append(conn)
            self._processes.append(process)
        self._progress = [(0, 0)] * jobs
        self._parts: list[dict[str, Any] | None] = [None] * jobs
        self.done = 0
        self.total = 0
        self.result: dict[str, Any] | None = None
        self.error: str | None = None

    def poll(self) -> bool:
        """Read what the workers said; True once the review has finished (result or error set)."""
        for k, conn in enumerate(self._conns):
            try:
                while self._parts[k] is None and self.error is None and conn.poll():
                    message = conn.recv()
                    if message[0] == "progress":
                        self._progress[k] = (message[1], message[2])
                    elif message[0] == "done":
                        self._parts[k] = message[1]
                        self._progress[k] = (len(message[1]["moves"]), self._progress[k][1])
                    else:
                        self.error = str(message[1])
            except (EOFError, OSError):
                if self._parts[k] is None and self.error is None:
                    self.error = "the review process stopped"
        self.done = sum(d for d, _ in self._progress)
        self.total = sum(t for _, t in self._progress)
        parts = [p for p in self._parts if p is not None]
        if self.result is None and self.error is None and len(parts) == len(self._parts):
            self.result = merge(parts)
        return self.result is not None or self.error is not None

    def cancel(self) -> None:
        """Stop the workers and wait for them: politely between moves, then firmly."""
        self._stop.value = 1
        for process in self._processes:
            process.join(1.0)
            if process.is_alive():
                process.terminate()
                process.join(2.0)
        for conn in self._conns:
            conn.close()

    def alive(self) -> bool:
        """Whether any worker is still running."""
        return any(p.is_alive() for p in self._processes)


class KeptReview:
    """ReviewProcess's face over a review already known (or part-way, for screenshots of the progress)."""

    def __init__(self, result: dict[str, Any] | None, done: int = 0, total: int = 0) -> None:
        self.result = result
        self.error: str | None = None
        self.done, self.total = done, total

    def poll(self) -> bool:
        return self.result is not None

    def cancel(self) -> None:
        pass
