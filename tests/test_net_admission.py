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


def test_wrong_codes_close_the_gate_for_everyone_with_a_doubling_delay() -> None:
    clock = Clock()
    gate = Admission("1234", clock=clock)
    waits = []
    for n in range(8):
        assert gate.check(bytes([n]), f"{n:04d}")[0] == "wrong"
        verdict, wait = gate.check(b"other", "1234")  # even the right code waits: nothing is compared
        assert verdict == "wait"
        waits.append(round(wait))
        clock.now += wait
    assert waits == [1, 2, 4, 8, 16, 30, 30, 30]
    assert gate.checked == 8


def test_a_connection_has_three_tries() -> None:
    clock = Clock()
    gate = Admission("1234", clock=clock)
    for code in ("0000", "0001", "0002"):
        assert gate.check(b"x", code)[0] == "wrong"
        clock.now += 60
    assert gate.check(b"x", "1234") == ("spent", 0.0)


def test_a_fresh_code_after_ten_wrong_ones_and_after_a_refusal() -> None:
    clock = Clock()
    gate = Admission("1234", clock=clock)
    for n in range(10):
        assert gate.code == "1234"
        gate.check(bytes([n]), "9999")
        clock.now += 60
    assert gate.code != "1234" and gate.fresh_codes == 1
    code = gate.code
    assert gate.ask(b"ben", 7, "Ben") and not gate.ask(b"cy", 8, "Cy")
    assert gate.answer(False) is not None and gate.code != code and gate.fresh_codes == 2


def test_the_run_of_wrong_codes_is_forgotten_after_a_quiet_spell() -> None:
    clock = Clock()
    gate = Admission("1234", clock=clock)
    for n in range(5):
        gate.check(bytes([n]), "9999")
        clock.now += 60
    clock.now += admission.QUIET_S
    gate.check(b"late", "9999")
    assert gate.check(b"later", "1234") == ("wait", 1.0)  # back to the first delay


def test_expected_time_to_guess_is_days() -> None:
    assert admission.seconds_per_guess() == admission.MAX_DELAY_S == 30.0
    assert admission.expected_guesses() == 9995.5
    assert round(admission.expected_seconds_to_guess()) == 299_865  # 83 hours, PROTOCOL.md
