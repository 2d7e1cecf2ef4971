"""Refusals are data (issue 36): a code and fields from the engine and the host, said from the catalogs.

The English in engine/errors.py and net/protocol.py is for logs and the command line; a player reads the
code's catalog template. These tests fail when a raise or a refusal names no code, when a code has no
template, or a template is missing from a catalog; and they show that rewording the English changes
nothing a player reads, on the board in two languages.
"""

from __future__ import annotations

import ast
import string
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from builders import view_of

from engine import Game, IllegalAction, Rules, from_record
from engine import errors as engine_errors
from engine.errors import REFUSALS
from game.i18n import LANGUAGES, _, set_language
from game.i18n.build import parse_po, plural_forms, po_path
from game.i18n.refusals import MSGIDS, refusal_words
from game.keep.settings import Settings
from game.play.explain import Referee
from game.play.table import LocalTable
from game.ui.shell import App
from net.guest import Guest
from net.host import Host
from net.protocol import PROTOCOL_VERSION, REFUSED
from scenes.board import BoardScene

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "net", "game", "scenes", "app")


def _fields(template: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(template) if name}


def _calls(name: str) -> Iterator[tuple[str, ast.Call]]:
    """Every call of `name(...)` (or `x.name(...)`) in the program's packages, with where it is."""
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call):
                    func = node.func
                    called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) \
                        else None
                    if called == name:
                        yield f"{path.relative_to(ROOT)}:{node.lineno}", node


def _codes(node: ast.expr) -> list[str] | None:
    """The code(s) a call's first argument can be: a literal, or a choice between literals; else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, other = _codes(node.body), _codes(node.orelse)
        return None if body is None or other is None else body + other
    return None


@pytest.mark.parametrize(("name", "catalog"), [("IllegalAction", REFUSALS), ("refuse", REFUSED)])
def test_every_refusal_raised_names_a_code_and_its_fields(name: str, catalog: dict[str, str]) -> None:
    """A new `raise IllegalAction("some English")` (or a host refusal) anywhere fails here."""
    seen = 0
    for where, call in _calls(name):
        if name == "refuse" and not where.startswith("net/"):
            continue  # the host's refusals (net.host_base's `refuse`); a screen's `refuse` is another thing
        args = call.args[1:] if name == "refuse" else call.args  # refuse(identity, code, ...)
        if name == "IllegalAction" and where.startswith("engine/errors.py"):
            continue  # the class itself re-raising a refusal it holds
        assert args, f"{where}: {name}() without a code"
        codes = _codes(args[0])
        assert codes is not None, f"{where}: {name}()'s code is not a literal code from the catalog"
        for code in codes:
            assert code in catalog, f"{where}: {code!r} is not a refusal code (engine/errors.py, net/protocol.py)"
            given = {k.arg for k in call.keywords if k.arg is not None}
            assert given == _fields(catalog[code]), f"{where}: {code!r} takes {_fields(catalog[code])}, given {given}"
            seen += 1
    assert seen >= (25 if name == "IllegalAction" else 15)


def test_every_refusal_code_has_a_template_in_every_catalog() -> None:
    codes = set(REFUSALS) | set(REFUSED)
    assert not set(REFUSALS) & set(REFUSED), "one code, one meaning"
    assert set(MSGIDS) == codes, f"codes without a template: {codes - set(MSGIDS)}; stale: {set(MSGIDS) - codes}"
    for code, msgid in MSGIDS.items():
        english = {**REFUSALS, **REFUSED}[code]
        for template in msgid if isinstance(msgid, tuple) else (msgid,):
            assert _fields(template) <= _fields(english), f"{code}: the template asks for fields the refusal lacks"
    for lang in LANGUAGES:
        if lang == "en":
            continue
        text = po_path(lang).read_text(encoding="utf-8")
        catalog, plurals = parse_po(text), plural_forms(text)
        for code, msgid in MSGIDS.items():
            if isinstance(msgid, tuple):  # a count: every form of the language (tests/test_plurals.py)
                assert msgid[0] in plurals, f"{lang}: no plural forms of {code!r} ({msgid[0]!r})"
                forms = plurals[msgid[0]][1]
            else:
                forms = [catalog.get(msgid, "")]
            for words in forms:
                assert words, f"{lang}: no translation of {code!r} ({msgid!r})"
                assert _fields(words) == _fields(msgid[-1] if isinstance(msgid, tuple) else msgid), \
                    f"{lang}: {msgid!r} has other fields: {words!r}"


def test_r19_rewording_the_engines_english_changes_nothing_a_player_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.new(Rules(), seed=3, first="south")
    flag = game.flags[0]
    flag.claimed = "north"
    card = next(c for c in game.hands["south"] or [] if c[1:].isdigit())
    ref = Referee(view_of(game, "south"), "south")
    ref.game.flags[0].claimed = "north"
    before = ref.refusal({"type": "play", "card": card, "flag": 1})
    monkeypatch.setitem(engine_errors.REFUSALS, "flag_claimed", "no cards may go to banner {flag} now (R19)")
    with pytest.raises(IllegalAction) as refused:
        ref.game.copy().apply({"type": "play", "card": card, "flag": 1})
    assert str(refused.value) == "no cards may go to banner 1 now (R19)"  # the log's English did change
    assert refused.value.code == "flag_claimed" and refused.value.fields == {"flag": 1}
    assert ref.refusal({"type": "play", "card": card, "flag": 1}) == before == "flag 1 is claimed and frozen"


def test_a_refusal_keeps_its_code_through_a_replayed_record() -> None:
    game = Game.new(Rules(), seed=5, first="south")
    from engine import to_record

    record = to_record(game)
    record["actions"] = [{"type": "pass"}]
    with pytest.raises(IllegalAction) as refused:
        from_record(record)
    assert refused.value.code == "must_play_troop"
    assert str(refused.value) == "record.actions[0]: you can play a troop, so you may not pass (R9)"


def test_a_card_field_is_said_with_the_cards_name() -> None:
    set_language("es")
    try:
        words = refusal_words("not_in_hand", {"card": "r5"}, "r5 is not in your hand",
                              lambda c: _("{colour} {value}", colour=_("red"), value=c[1:]))
        assert words == _("{card} is not in your hand").format(card=_("{colour} {value}", colour=_("red"), value=5))
        assert "r5" not in words
    finally:
        set_language("en")


def test_a_count_in_a_refusal_takes_its_plural_form() -> None:
    set_language("cs")
    try:
        said = [refusal_words("full", {"n": n}, f"this game already has {n} watchers") for n in (1, 3, 8)]
    finally:
        set_language("en")
    assert said == ["tuto hru už sleduje 1 divák", "tuto hru už sledují 3 diváci", "tuto hru už sleduje 8 diváků"]
    assert refusal_words("scout_return_count", {"n": 1}) == "Scout returns 1 card, one fewer than it drew"


def test_an_unknown_code_is_shown_in_the_english_it_came_with() -> None:
    assert refusal_words("a_newer_hosts_code", {"x": 1}, "something new") == "something new"
    assert refusal_words("flag_claimed", {"wrong": 1}, "flag 3 is claimed and frozen (R19)") == \
        "flag 3 is claimed and frozen (R19)"


@pytest.mark.parametrize("lang", ["hu", "cs"])
def test_r9_the_board_shows_a_refused_pass_in_the_players_language(lang: str, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))
    pygame.init()
    app = App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 60)
    board = BoardScene(app, LocalTable(Game.new(Rules(), seed=11, first="south"), {}))
    board.model.viewer, board.model.hidden, board.pending_pass = "south", False, None
    board.refresh()
    app.push(board)
    set_language(lang)
    try:
        board.submit({"type": "pass"})  # a troop can be played: the engine refuses the pass (R9)
        expected = _("you can play a troop, so you may not pass")
        shown = " ".join(board.toasts[-1].lines)
        assert shown == expected[0].upper() + expected[1:] + ".", shown
        assert expected != "you can play a troop, so you may not pass"
    finally:
        set_language("en")


def _until(cond: Callable[[], object], host: Host, guest: Guest, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not cond():
        host.poll(5)
        guest.poll(5)
        assert time.monotonic() < deadline, "timed out"


def test_r9_the_hosts_refusal_reaches_the_guest_as_code_and_fields() -> None:
    """On the wire (protocol 4) a refused action carries the engine's code; the English rides along for logs."""
    host = Host.new(rules=Rules(), seed=3, code="1111", host_name="Ana", first="north", accept_any=True)
    host.start()
    guest = Guest(f"127.0.0.1:{host.port}", code="1111", name="Ben")
    try:
        guest.connect()
        _until(lambda: guest.seen.view is not None, host, guest)
        guest.send_action({"type": "pass"})  # past the table's own check: the host's engine refuses (R9)
        _until(lambda: guest.seen.errors, host, guest)
        assert guest.seen.refusals == [("must_play_troop", {})]
        assert guest.seen.errors == ["you can play a troop, so you may not pass (R9)"] and host.seen.game.actions == []
    finally:
        guest.close()
        host.close()


def test_a_guest_before_protocol_4_is_refused_in_words_it_can_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """An older guest's schema knows `refused` with `reason` only: the host sends it nothing more. A guest
    of this protocol gets the code and fields of the same refusal."""
    import net.guest

    host = Host.new(rules=Rules(), seed=3, code="1111", host_name="Ana", accept_any=True)
    host.start()
    try:
        monkeypatch.setattr(net.guest, "PROTOCOL_VERSION", 3)
        old = Guest(f"127.0.0.1:{host.port}", code="1111", name="Old")
        old.keep_received = True
        old.connect()
        _until(lambda: old.seen.refused is not None, host, old)
        refused = next(m for m in old.received if m["t"] == "refused")
        assert set(refused) == {"t", "reason"} and old.seen.refused_as is None
        assert old.seen.refused == f"protocol version 3 does not match the host's {PROTOCOL_VERSION}"
        old.close()
        monkeypatch.setattr(net.guest, "PROTOCOL_VERSION", PROTOCOL_VERSION)
        new = Guest(f"127.0.0.1:{host.port}", code="1111", name="New", program="0.0.1")
        new.connect()
        _until(lambda: new.seen.refused is not None, host, new)
        assert new.seen.refused_as is not None and new.seen.refused_as[0] == "program_version"
        assert new.seen.refused_as[1]["theirs"] == "0.0.1"
        set_language("ro")
        try:
            shown = refusal_words(*new.seen.refused_as, english=str(new.seen.refused))
        finally:
            set_language("en")
        assert shown.startswith("versiunea programului 0.0.1 nu se potrivește cu a gazdei, "), shown
        new.close()
    finally:
        host.close()


def test_every_refusal_met_in_random_games_has_a_code_and_words() -> None:
    """Random games, and at each step actions the rules mostly forbid: every refusal names a code from
    the catalog (none falls back to "illegal"), and its words fill without the English."""
    import random

    from engine import NotationError
    from engine.cards import LEADERS

    rng, met = random.Random(36), set()
    for seed in range(8):
        game = Game.new(Rules(), seed=seed)
        while not game.over:
            hand = game.hands[game.to_move] or []
            tries = [{"type": "pass"}, {"type": "done"}, {"type": "draw", "deck": "tactics"},
                     {"type": "claim", "flag": rng.randint(1, 9)}, {"type": "scout_return", "cards": hand[:1]},
                     {"type": "play", "card": rng.choice(hand or ["r1"]), "flag": rng.randint(1, 9)},
                     {"type": "play", "card": "traitor", "from_flag": 1, "target": "r1", "to_flag": 2},
                     {"type": "play", "card": rng.choice(sorted(LEADERS)), "flag": 1}]
            for action in tries:
                try:
                    game.copy().apply(action)
                except IllegalAction as exc:
                    assert exc.code in MSGIDS, f"{action}: {exc}"
                    met.add(exc.code)
                    assert refusal_words(exc.code, exc.fields, "") != ""
                except NotationError:
                    pass
            game.apply(rng.choice(game.legal_actions()))
    assert len(met) >= 10, met
