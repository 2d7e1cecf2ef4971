"""The rules of Battle Line: pure Python, deterministic from a seed, speaking NOTATION.md."""

from . import compiled  # noqa: F401  (first: it decides whether the hot modules load compiled or pure)
from .analysis import analyze
from .errors import IllegalAction, NotationError
from .events import redact, redact_all
from .game import Game
from .position import from_position, to_position
from .record import from_record, replay, to_record
from .rules import OTHER, SEATS, Rules

__all__ = [
    "OTHER", "SEATS", "Game", "IllegalAction", "NotationError", "Rules", "analyze", "from_position",
    "from_record", "redact", "redact_all", "replay", "to_position", "to_record",
]
