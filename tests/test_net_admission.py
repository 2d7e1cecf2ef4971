"""The admission policy on its own, with a clock the test moves: the numbers PROTOCOL.md states."""

from __future__ import annotations

from net import admission
from net.admission import Admission


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_person_who_mistypes_once_is_not_punished() -> None:
    clock = Clock()
    gate = Admission("1234", clock=clock)
    assert gate.check(b"ben", "1243") == ("wrong", 0.0)
    clock.now += 1.5  # retyping four digits takes longer than the 1 s delay
    assert gate.check(b"ben", "1234") == ("right", 0.0)


def test_wrong_codes_delay_their_address_with_a_doubling_delay_and_not_another() -> None:
    clock = Clock()
    gate = Admission("1234", clock=clock)
    waits = []
    for n in range(8):
        assert gate.check(bytes([n]), f"{n:04d}", "10.0.0.66")[0] == "wrong"
        verdict, wait = gate.check(b"again", "1234", "10.0.0.66")  # even the right code waits there
        assert verdict == "wait"
        waits.append(round(wait))
        assert gate.check(bytes([100 + n]), "1234", "10.0.0.7") == ("right", 0.0)  # another guest is not held up
        clock.now += wait
    assert waits == [1, 2, 4, 8, 16, 30, 30, 30]


def test_many_addresses_guessing_meet_the_pools_but_a_newcomer_still_gets_in() -> None:
    """Strangers from 32 addresses, each guessing as often as its delay allows for 20 minutes: the
    repeat pool runs dry and they wait, but a guest from an address that typed no wrong code is
    compared at once (the newcomers' pool keeps NEWCOMER_BURST - 32)."""
    clock = Clock()
    gate = Admission("1234", clock=clock)
    links = iter(range(10**6))
    wrong = 0
    for _ in range(1200):  # one second at a time
        for n in range(32):
            verdict, _wait = gate.check(next(links).to_bytes(4, "big"), "9999", f"10.0.1.{n}")
            wrong += verdict == "wrong"
        clock.now += 1.0
    assert wrong <= admission.guesses_in(1200)
    clock.now += admission.MAX_DELAY_S  # past its own delay: an address that sent wrong codes tries again
    verdict, wait = gate.check(b"late", "9999", "10.0.1.5")
    assert verdict == "crowded" and 0 < wait <= admission.REPEAT_EVERY_S, "told the pool is empty, not its own delay"
    assert gate.check(b"guest", "1234", "10.0.2.1") == ("right", 0.0)


def test_a_token_exchange_is_held_by_no_wrong_code_limit() -> None:
    """A seated guest coming back with its token, from an address that just sent wrong codes and with
    every pool empty, starts its exchange at once."""
    clock = Clock()
    gate = Admission("1234", clock=clock)
    for n in range(admission.NEWCOMER_BURST + admission.REPEAT_BURST + 5):
        gate.check(bytes([n]), "9999", f"10.0.3.{n % 200}")
    assert gate.check(b"x", "1234", "10.0.3.1")[0] in ("wait", "crowded")
    assert gate.begin(b"back", "10.0.3.1", ceiling=False) == ("right", 0.0)
    gate.end(b"back", "10.0.3.1", True, ceiling=False)


def test_a_connection_has_three_tries() -> None:
    clock = Clock()
    gate = Admission("1234", clock=clock)
    for code in ("0000", "0001", "0002"):
        assert gate.check(b"x", code)[0] == "wrong"
        clock.now += 60
    assert gate.check(b"x", "1234") == ("spent", 0.0)


def test_the_code_stays_under_guessing_and_changes_after_a_refusal() -> None:
    clock = Clock()
    gate = Admission("1234", clock=clock)
    for n in range(30):
        gate.check(bytes([n]), "9999", f"10.0.0.{n}")
        clock.now += 60
    assert gate.code == "1234" and gate.fresh_codes == 0, "a guest typing the code is not left with a stale one"
    assert gate.ask(b"ben", 7, "Ben") == 0 and gate.ask(b"cy", 8, "Cy") == 1  # Cy waits his turn (issue 49)
    assert gate.answer(False) is not None and gate.code != "1234" and gate.fresh_codes == 1


def test_the_run_of_wrong_codes_is_forgotten_after_a_quiet_spell() -> None:
    clock = Clock()
    gate = Admission("1234", clock=clock)
    for n in range(5):
        gate.check(bytes([n]), "9999")
        clock.now += 60
    clock.now += admission.QUIET_S
    gate.check(b"late", "9999")
    assert gate.check(b"later", "1234") == ("wait", 1.0)  # back to the first delay


def test_the_odds_of_guessing_in_an_evening_are_one_percent_or_less() -> None:
    """Both pools together take at most 100 wrong codes in 4 hours: the odds that a stranger guesses
    the code in an evening are 1% or less, whatever it sends from however many addresses."""
    assert admission.guesses_in(admission.EVENING_S) <= 100
    assert admission.odds_in(admission.EVENING_S) <= 0.01
    assert admission.expected_guesses() == 5000.5
    assert admission.expected_seconds_to_guess() > 10 * 86400  # at the sustained pace, days


def test_right_codes_while_the_host_is_asked_wait_in_a_queue_answered_in_order() -> None:
    clock = Clock()
    gate = Admission("1234", clock=clock)
    assert [gate.ask(name, n, name.decode()) for n, name in enumerate((b"ana", b"ben", b"cy"))] == [0, 1, 2]
    assert gate.ask(b"ben", 1, "ben") == 1, "asking again keeps its place"
    assert gate.asking(b"cy", 2) and not gate.asking(b"cy", 9), "queued guests may ping; another connection not"
    clock.now += admission.ASK_TIMEOUT_S - 1  # Ana's question is nearly withdrawn: Ben's starts afresh
    for name in (b"ana", b"ben", b"cy"):
        gate.waiting(name, [b"ana", b"ben", b"cy"].index(name)).heard = clock.now  # type: ignore[union-attr]
    assert gate.answer(False).name == "ana"  # type: ignore[union-attr]
    assert [r.name for r in gate.waiters()] == ["ben", "cy"]
    clock.now += 2
    assert gate.stale(5.0) is None, "Ben's wait for an answer began when he was asked about, not in the queue"
    gate.drop(conns={1})  # Ben's connection closed: Cy is asked about
    assert [r.name for r in gate.waiters()] == ["cy"]
    assert gate.answer(True).name == "cy" and gate.waiters() == []  # type: ignore[union-attr]
    for n in range(admission.QUEUE + 1):
        assert gate.ask(bytes([n]), 100 + n, f"g{n}") == n
    assert gate.ask(b"late", 999, "late") is None, "a full queue refuses"
