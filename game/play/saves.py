"""Autosave and Continue: the sitting in progress, kept in `<data>/current.json` after every action.

The save holds the setup, the match so far, the state of the sitting's seed stream and the current
game as a NOTATION.md game record. Continue replays that record from its seed, so the hands and
decks are exactly those of the game that stopped. The file is written atomically after each action
(game.keep.files); a save that cannot be read is set aside with a message, never a crash.

At a game's end the record is kept in the replay library and counted in the statistics before the
save moves on (to "between games" in a match, or away when nothing is left unfinished), and both
are idempotent by game id, so a kill at any moment neither loses nor double-counts a game.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine import Game
from engine.match import ENDS, Match, check_result
from engine.notation_types import Result
from engine.rules import CLAIM_TIMINGS
from game.i18n import N_, _, ngettext
from game.keep.files import BadFile, clean_temporaries, data_dir, read_json, set_aside, write_json
from game.keep.records import archive, check_record
from game.keep.stats import count_game, count_match
from game.play.session import OPPONENTS, Session, Setup

if TYPE_CHECKING:
    from game.play.table import LocalTable

log = logging.getLogger(__name__)
FORMAT = "battleline-save/1"
WHAT = N_("The saved game")


def save_path(opponent: str = "human") -> Path:
    """One unfinished sitting per opponent kind: hot-seat in `current.json`, each bot level in its own file."""
    return data_dir() / ("current.json" if opponent == "human" else f"current-{opponent}.json")


#: what sittings are filed under (Setup.key): each opponent kind, and each pair of the three-player West and East
KEYS: tuple[str, ...] = (*OPPONENTS, *(f"three-{w}-{e}" for w in OPPONENTS for e in OPPONENTS))


def new_id() -> str:
    """'20250314-201502-3fa9': sorts by time; the random tail keeps two sittings in one second apart."""
    return time.strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(2)


class Keeper:
    """Keeps one sitting in the data folder: watched tables save after every action."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.id = new_id()
        self.table: LocalTable | None = None

    def watch(self, table: LocalTable) -> None:
        self.table = table
        table.on_action.append(self.save)
        self.save()

    def save(self) -> None:
        try:
            write_json(save_path(self.session.setup.key), to_save(self.session, self.id, self.table))
        except OSError as exc:  # a full disk must not stop the game; the player hears about it in the log
            log.warning("autosave failed: %s", exc)

    def game_over(self, result: dict[str, Any]) -> None:
        """Session.record() counted a result: keep the record, count it, then move the save on."""
        table, self.table = self.table, None
        session = self.session
        game_id = f"{self.id}-{len(session.games)}"  # the sitting's id and the game's number in it
        try:
            if table is not None and table.game.over:
                archive(table.record(), game_id)
            opponent = session.setup.key
            count_game(game_id, session.names, opponent, result)
            if session.match_over:
                count_match(self.id, session.names, opponent, session.match.winner)
        except OSError as exc:
            log.warning("the finished game was not kept: %s", exc)
        if session.setup.match and not session.match_over:
            self.save()  # between games: Continue starts the next one
        else:
            discard_save(session.setup.key)


def to_save(session: Session, sitting: str, table: LocalTable | None) -> dict[str, Any]:
    setup = dataclasses.asdict(session.setup)
    setup.pop("autosave", None)
    version, state, gauss = session.rng.getstate()
    return {
        "format": FORMAT, "id": sitting, "saved": time.strftime("%Y-%m-%d %H:%M"), "setup": setup,
        "rng": [version, list(state), gauss], "results": [dict(r) for r in session.games],
        "next_first": session.next_first, "match": session.match.to_dict() if session.match else None,
        "game": table.record() if table is not None else None,
    }


def discard_save(opponent: str = "human") -> None:
    try:
        save_path(opponent).unlink(missing_ok=True)
    except OSError as exc:
        log.warning("the finished sitting's save was not removed: %s", exc)


@dataclass
class Saved:
    """A save that has been read and checked, ready to resume."""

    data: dict[str, Any]
    setup: Setup
    match: Match | None
    game: Game | None
    path: Path | None = None  # the file it was read from

    @property
    def names(self) -> dict[str, str]:
        return Session(self.setup).names


def load_save(opponent: str | None = None) -> Saved | None:
    """The unfinished sitting against `opponent` (None: the latest of any kind), if there is one."""
    saves = [s for s in load_saves() if opponent is None or s.setup.key == opponent]
    return saves[0] if saves else None


def load_saves() -> list[Saved]:
    """Every unfinished sitting, the latest first; a bad save is set aside (with a notice) and left out."""
    folder = data_dir()
    clean_temporaries(folder)
    out: list[Saved] = []
    for key in KEYS:
        path = save_path(key)
        if not path.exists():
            continue
        try:
            saved = check_save(read_json(path))
        except BadFile as exc:
            set_aside(path, str(exc), _(WHAT))
            continue
        saved.path = path
        out.append(saved)
    return sorted(out, key=lambda s: str(s.data["saved"]), reverse=True)


def drop_save(saved: Saved) -> None:
    """The player chose to start afresh: the unfinished sitting is given up (its file removed)."""
    if saved.path is not None:
        try:
            saved.path.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("the old save was not removed: %s", exc)


def opponent_words(saved: Saved) -> str:
    """'Bot: easy' or 'A person here': what kind of sitting it is."""
    from game.play.session import OPPONENT_NAMES

    setup = saved.setup
    if setup.players == 3:
        return _("Three players: West {west}, East {east}", west=_(OPPONENT_NAMES[setup.opponent]),
                 east=_(OPPONENT_NAMES[setup.third]))
    return _(OPPONENT_NAMES[setup.opponent])


def score_line(saved: Saved) -> str:
    """The score at a glance for the Continue list: the match score, else the flags held in the game."""
    if saved.setup.players == 3:
        return _score_line3(saved)
    if saved.match is not None:
        s = saved.match.scores
        return _("match {n_south} \u2013 {n_north}", n_south=s["south"], n_north=s["north"])
    game = saved.game
    held = {side: sum(f.claimed == side for f in game.flags) if game else 0 for side in ("south", "north")}
    return _("flags {n_south} \u2013 {n_north}", n_south=held["south"], n_north=held["north"])


def _score_line3(saved: Saved) -> str:
    """Three players: the match points, else the flags held, in turn order (south, west, east)."""
    seats = ("south", "west", "east")
    if saved.match is not None:
        return _("match {scores}", scores=" \u2013 ".join(str(saved.match.scores[s]) for s in seats))
    game = saved.game
    held = [sum(f.claimed == s for f in game.flags) if game else 0 for s in seats]
    return _("flags {scores}", scores=" \u2013 ".join(str(n) for n in held))


def _fail(words: str) -> BadFile:
    return BadFile(words)


def check_save(data: Any) -> Saved:
    """Every field checked and the game replayed; BadFile says in words what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        raise _fail(_("it is not a Battle Line save ({kind} file)", kind=repr(found)) if isinstance(found, str)
                    else _("it is not a Battle Line save"))
    fields = {"format", "id", "saved", "setup", "rng", "results", "next_first", "match", "game"}
    if set(data) != fields:
        raise _fail(_("its fields are wrong ({fields})", fields=", ".join(sorted(set(data) ^ fields))))
    if not isinstance(data["id"], str) or not 0 < len(data["id"]) <= 64:
        raise _fail(_("its id is wrong"))
    setup = _check_setup(data["setup"])
    _check_rng(data["rng"])
    results = data["results"]
    if not isinstance(results, list) or len(results) > 1000:
        raise _fail(_("its results are not a list"))
    try:
        results = [check_result(r, f"results[{i}]", setup.players) for i, r in enumerate(results)]
        match = Match.from_dict(data["match"]) if data["match"] is not None else None
    except ValueError as exc:
        raise _fail(_("its match is not sound ({reason})", reason=exc)) from None
    if setup.match != (match is not None) or (match is not None and match.games != results):
        raise _fail(_("its match does not agree with its results"))
    if data["next_first"] not in (None, *setup.seats):
        raise _fail(_("its next first player is wrong"))
    game = check_record(data["game"]) if data["game"] is not None else None
    if game is not None and len(game.seats) != setup.players:
        raise _fail(_("its game does not agree with its setup"))
    if match is not None and match.players != setup.players:
        raise _fail(_("its match does not agree with its results"))
    if game is None and not setup.match:
        raise _fail(_("it has no game to continue"))
    return Saved(data, setup, match, game)


def _check_setup(raw: Any) -> Setup:
    if not isinstance(raw, dict):
        raise _fail(_("its setup is not a table"))
    s = Setup()
    known = {f.name for f in dataclasses.fields(Setup)} - {"autosave"}
    if set(raw) - known:
        raise _fail(_("its setup has unknown fields ({fields})", fields=", ".join(sorted(set(raw) - known))))
    checks: dict[str, Any] = {
        "opponent": lambda v: v in OPPONENTS,
        "names": lambda v: isinstance(v, list) and len(v) in (2, 3) and all(isinstance(n, str) and 0 < len(n) <= 100
                                                                         for n in v),
        "tactics": lambda v: isinstance(v, bool), "match": lambda v: isinstance(v, bool),
        "claim_timing": lambda v: v in CLAIM_TIMINGS,
        "starts": lambda v: v in ("random", "south", "north", "west", "east"),
        "players": lambda v: _whole(v) and v in (2, 3), "third": lambda v: v in OPPONENTS,
        "seed": lambda v: v is None or (_whole(v) and 0 <= v < 2**64), "match_end": lambda v: v in ENDS,
        "match_limit": lambda v: v is None or (_whole(v) and 1 <= v <= 1000),
    }
    for key, ok in checks.items():
        if key in raw:
            if not ok(raw[key]):
                raise _fail(_("its setup.{key} is wrong", key=key))
            setattr(s, key, list(raw[key]) if key == "names" else raw[key])
    s.__post_init__()  # a two-player save names two: the third gets a default
    if s.players == 3 and s.starts == "north":  # (tactics may say on: three players play without, R46)
        raise _fail(_("its setup.{key} is wrong", key="starts"))
    return s


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_rng(raw: Any) -> None:
    if not (isinstance(raw, list) and len(raw) == 3 and _whole(raw[0]) and isinstance(raw[1], list)
            and len(raw[1]) == 625 and all(_whole(v) and 0 <= v < 2**32 for v in raw[1])
            and (raw[2] is None or isinstance(raw[2], float))):
        raise _fail(_("its seed stream is damaged"))


def resume(saved: Saved, bot_pace: float = 0.7, in_process_bots: bool = False) -> tuple[Session, LocalTable | None]:
    """The sitting as it was: its session (scores, seed stream) and, mid-game, the table replayed."""
    setup = dataclasses.replace(saved.setup, autosave=True)
    session = Session(setup, bot_pace=bot_pace, in_process_bots=in_process_bots)
    session.keeper.id = saved.data["id"]
    results: list[Result] = saved.data["results"]  # each checked by engine.match.check_result when read
    session.games = [r.copy() for r in results]
    for result in session.games:
        if result["winner"] in session.wins:
            session.wins[result["winner"]] += 1
    session.match = saved.match
    session.next_first = saved.data["next_first"]
    version, state, gauss = saved.data["rng"]
    try:
        session.rng.setstate((version, tuple(state), gauss))
    except (ValueError, TypeError) as exc:
        log.warning("seed stream not restored (%s): later games get fresh deals", exc)
    table = session.table_for(saved.game) if saved.game is not None else None
    return session, table


def describe(saved: Saved) -> list[str]:
    """The Continue screen's words: who, what kind of sitting, and where the game stands."""
    from game.play.words import shown_names

    names = shown_names(saved.names)  # a bot's name in the player's language
    setup = saved.setup
    if setup.players == 3:
        return _describe3(saved, names)
    lines = [_("{south} against {north}", south=names["south"], north=names["north"])]
    if saved.match is not None:
        s = saved.match.scores
        played = len(saved.match.games)
        after = ngettext("after {n} game", "after {n} games", played)
        lines.append(_("{match}: {south} {n_south} \u2013 {n_north} {north}, {after}", match=match_words(setup),
                       south=names["south"], n_south=s["south"], n_north=s["north"], north=names["north"],
                       after=after))
    game = saved.game
    if game is None:
        lines.append(_("Between games: the next game is ready to start"))
    elif game.over:
        lines.append(_("The last game has just ended"))
    else:
        held = {s: sum(f.claimed == s for f in game.flags) for s in ("south", "north")}
        lines.append(ngettext("{n} move played \u00b7 flags {n_south} \u2013 {n_north} \u00b7 {name} to move",
                              "{n} moves played \u00b7 flags {n_south} \u2013 {n_north} \u00b7 {name} to move",
                              len(game.actions), n_south=held["south"], n_north=held["north"],
                              name=names[game.to_move]))
    lines.append(_("Saved {when}", when=saved.data["saved"]))
    return lines


def match_words(setup: Setup) -> str:
    """'A match of 5 games', 'First to 25 points' or 'The Hungarian match' (R41)."""
    if setup.match_end == "games":
        return ngettext("A match of {n} game", "A match of {n} games", setup.match_limit or 0)
    if setup.match_end == "points":
        return ngettext("First to {n} point", "First to {n} points", setup.match_limit or 0)
    return _("The Hungarian match")


def _describe3(saved: Saved, names: dict[str, str]) -> list[str]:
    """describe() for three players: the three names, the score, where the game stands, when saved."""
    lines = [_("{south}, {west} and {east}", south=names["south"], west=names["west"], east=names["east"])]
    if saved.match is not None:
        played = len(saved.match.games)
        after = ngettext("after {n} game", "after {n} games", played)
        lines.append(f"{match_words(saved.setup)}: {_score_line3(saved)}, {after}")
    game = saved.game
    if game is None:
        lines.append(_("Between games: the next game is ready to start"))
    elif game.over:
        lines.append(_("The last game has just ended"))
    else:
        lines.append(ngettext("{n} move played \u00b7 {flags} \u00b7 {name} to move",
                              "{n} moves played \u00b7 {flags} \u00b7 {name} to move", len(game.actions),
                              flags=_score_line3(Saved(saved.data, saved.setup, None, game)), name=names[game.to_move]))
    lines.append(_("Saved {when}", when=saved.data["saved"]))
    return lines
