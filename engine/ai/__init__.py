"""Bots: each takes one seat's view (a NOTATION.md position) and returns a NOTATION.md action.

The ladder, weakest first: `random` (any legal action), `easy` (its best immediate formation),
`normal` (probabilities of what each flag can still become), `hard` (determinized search).
"""

from __future__ import annotations

import importlib

from .base import Bot

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")
#: level -> (module, class). Imported on demand so a process that needs one bot loads one bot.
_CLASSES: dict[str, tuple[str, str]] = {
    "random": ("engine.ai.random_bot", "RandomBot"),
    "easy": ("engine.ai.simple", "SimpleBot"),
    "normal": ("engine.ai.normal", "NormalBot"),
    "hard": ("engine.ai.hard", "HardBot"),
}
#: The hard bot's default thinking time per decision, in seconds.
DEFAULT_MOVE_TIME = 1.0


def make_bot(level: str, seed: int = 0, move_time: float | None = None, iterations: int | None = None) -> Bot:
    """A bot of a level. `move_time` (seconds) and `iterations` matter only to bots that search (hard).

    With `iterations` the hard bot runs exactly that many search iterations per decision and is
    fully reproducible from its seed; with only a time budget its answer depends on machine speed.
    """
    if level not in _CLASSES:
        raise ValueError(f"unknown bot level {level!r}: expected one of {', '.join(LEVELS)}")
    module_name, class_name = _CLASSES[level]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:  # a level still being written: stand in with a weaker one
        if exc.name != module_name:
            raise
        index = LEVELS.index(level)
        return make_bot(LEVELS[index - 1], seed, move_time, iterations)
    cls = getattr(module, class_name)
    if level == "hard":
        budget = DEFAULT_MOVE_TIME if move_time is None else move_time
        bot: Bot = cls(seed, move_time=budget, iterations=iterations)
    else:
        bot = cls(seed)
    return bot


__all__ = ["DEFAULT_MOVE_TIME", "LEVELS", "Bot", "make_bot"]
