"""Issue 60 item 3: the screens read a LAN game's core through one typed, read-only view, and every call into a
core hands back the effects it caused (one shape for messages and commands)."""

from __future__ import annotations

from pathlib import Path

from test_net_core import Clock, _core, _join, _kinds, _said, _welcomed_guest

from engine import Rules
from net.guest import Guest
from net.guest_core import GuestCore, Say
from net.host import Host
from net.host_base import Send
from net.host_core import HostCore
from tools.house_figures import pass_throughs


def test_no_member_of_the_drivers_passes_the_cores_state_through() -> None:
    """Host had 20 such members and Guest 30 (b082387): `game`, `remotes`, `seat`... each `return self.core...`."""
    assert pass_throughs() == {"Host": [], "Guest": []}


def test_the_pass_through_scan_finds_one(tmp_path: Path) -> None:
    """The scan above is not blind: a property, a method and a setter that only hand over the core's state are
    found, and a member that does more is not."""
    (tmp_path / "net").mkdir()
    (tmp_path / "net" / "host.py").write_text(
        "class Host:\n"
        "    @property\n"
        "    def game(self):\n"
        "        '''The game.'''\n"
        "        return self.core.state.game\n"
        "    @game.setter\n"
        "    def game(self, value):\n"
        "        self.core.state.game = value\n"
        "    def lost(self, seat):\n"
        "        return self.core.relay.lost(seat)\n"
        "    def poll(self):\n"
        "        return self.core.take() + []\n", encoding="utf-8")
    (tmp_path / "net" / "guest.py").write_text("class Guest:\n    def seat(self):\n        return self.seat\n",
                                               encoding="utf-8")
    assert pass_throughs(tmp_path) == {"Host": ["game", "game", "lost"], "Guest": []}


def _members(protocol: object) -> dict[str, object]:
    return {k: v for k, v in vars(protocol).items() if not k.startswith("_")}


def test_the_view_is_the_cores_own_state_read_only_by_its_type() -> None:
    """`seen` is the core's state itself (never a copy that goes stale), and every value in it is a read-only
    property of the protocol, so mypy refuses a screen that assigns through it."""
    from net.seen import GuestSeen, HostSeen

    for protocol in (HostSeen, GuestSeen):
        members = _members(protocol)
        values = {k for k, v in members.items() if not callable(v) or isinstance(v, property)}
        assert values and all(isinstance(members[k], property) and members[k].fset is None  # type: ignore[attr-defined]
                              for k in values), protocol
    host = Host.new(rules=Rules(), seed=5, code="1234", host_name="Ana", accept_any=True)
    guest = Guest(f"127.0.0.1:{host.port}", code="1234", name="Ben")
    try:
        assert host.seen is host.core.seen is host.core.state and guest.seen is guest.core
        for name in _members(HostSeen):  # the core's state has every member the view promises
            assert hasattr(host.seen, name), name
        for name in _members(GuestSeen):
            assert hasattr(guest.seen, name), name
        assert not host.seen.started
        host.start()
        assert host.seen.started, "the view follows the core"
    finally:
        guest.close()
        host.close()


def test_the_host_cores_commands_return_their_effects_and_leave_none_for_take() -> None:
    """Before, a command queued its effects for `take` while a message handler returned them."""
    asking = _core(Clock(), accept_any=False)
    assert _kinds(_join(asking, b"ben", 7)) == ["asking"]
    assert _kinds(asking.answer(True))[0] == "welcome" and asking.take() == []
    core = _core(Clock())
    _join(core, b"ben", 7)
    assert "state" in _kinds(core.start()) and core.take() == []
    events, effects = core.submit_local(core.state.game.legal_actions()[0])
    assert events and "state" in _kinds(effects) and core.take() == []
    while core.state.game.to_move == "south":
        core.submit_local(core.state.game.legal_actions()[0])
    events, effects = core.apply_for_guest(core.state.game.legal_actions()[0])
    assert events and "state" in _kinds(effects) and core.take() == []
    game = core.state.game
    while not game.over:  # first legal actions: the host's from its screen, north's by the bot standing in
        (core.submit_local if game.to_move == "south" else core.apply_for_guest)(game.legal_actions()[0])
    assert isinstance(core.record_result(), list) and core.take() == []
    assert "game" in _kinds(core.next_game(9)) and core.take() == []
    assert all(isinstance(e, Send) for e in core.announce_seats()) and core.take() == []


def test_the_guest_cores_commands_return_their_effects_and_leave_none_for_take() -> None:
    guest = _welcomed_guest(Clock())[1]
    said = _said(guest.start_game()) + _said(guest.ask_again())
    assert [m["t"] for m in said] == ["start", "again"] and guest.take() == []
    table = GuestCore(name="Cy", clock=Clock())
    assert table.send_action({"type": "pass"}) == [Say({"t": "action", "seq": 0, "action": {"type": "pass"}})]
    assert table.take() == [] and table.pending == (0, {"type": "pass"})


def test_a_core_made_by_hand_has_its_view_too() -> None:
    core = HostCore.new(rules=Rules(tactics=False, players=3), seed=1, code="1234", host_name="Ana", host_seat=None)
    assert core.seen.table and core.seen.host_seat is None and sorted(core.seen.remotes) == ["east", "south", "west"]
