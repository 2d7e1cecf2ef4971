"""Two people scan the TV's code and tap Join at the same moment (issue 49): the TV asks about one, the other's
phone says it waits its turn, and once the TV answered the first it asks about the second; both are seated
with no second tap. Real headless Chromium phones, a real table host asking before it lets anyone in."""

from __future__ import annotations

from pathlib import Path

from phone_browser import browser, wait_for
from test_phones_party import SMALL, TALL, _AskingTable, _shot
from waiting import wait_until

NOTE = "return document.getElementById('join-note').textContent"
ASKED = "Waiting for the TV to accept you…"
QUEUED = "Waiting your turn: the TV is answering someone else first…"


def test_two_phones_joining_at_once_are_both_seated_without_a_second_tap(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    first, second = browser(tmp_path / "a", SMALL), browser(tmp_path / "b", TALL)
    ana, ben = next(first), next(second)
    phones = {"Ana": ana, "Ben": ben}
    table = _AskingTable()
    try:
        for name, driver in phones.items():
            driver.get(table.url)
            driver.find_element(By.ID, "name").send_keys(name)
        for driver in phones.values():  # both thumbs at once
            driver.find_element(By.ID, "join-button").click()
        notes: dict[str, str] = {}

        def one_asked_one_queued() -> bool:
            notes.update({name: str(d.execute_script(NOTE)) for name, d in phones.items()})
            return sorted(notes.values()) == sorted([ASKED, QUEUED])

        wait_until(one_asked_one_queued, 60, lambda: f"not one asked and one queued: {notes}", pause=0.05)
        waiting = next(name for name, note in notes.items() if note == QUEUED)
        _shot(phones[waiting], tmp_path, f"phone-party-queued-{360 if waiting == 'Ana' else 390}")
        assert table.asking == next(name for name in phones if name != waiting), "the TV asks about the other first"
        table.answer(True)
        wait_for(phones[waiting], f"{NOTE} === '{ASKED}'")  # its turn now, by itself
        assert table.asking == waiting
        table.answer(True)
        for driver in phones.values():
            wait_for(driver, "return !document.getElementById('lobby').hidden"
                             " && !document.getElementById('start-button').hidden")
        assert sorted(str(r.name) for r in table.host.seen.remotes.values()) == ["Ana", "Ben"]
        refused = [m for d in phones.values() for m in d.execute_script("return window.__traffic")
                   if '"t":"refused"' in m]
        assert refused == [], refused
    finally:
        for gen in (first, second):
            gen.close()
        table.close()
