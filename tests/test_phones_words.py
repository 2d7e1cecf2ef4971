"""A tactic's name on a phone card never breaks silently inside a word ("Redepl|oy", issue 58 item 7): it is set
smaller to fit (9 px at least), and a word still too wide breaks only at a soft hyphen, shown as a hyphen. Every
tactic, in every language with spaces between words, in the hand of a real headless Chromium phone at 390x844
and 360x640 joined to a real headless host; the hand drawn by the page's own cardFace() and fitNames(), as
render() draws it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from phone_browser import browser, start_phone_host, wait_for
from test_phones_party import HAS_STATE, SMALL, TALL, _join

#: each tactic drawn into the hand; then every word of every name whose letters lie on more than one line with
#: no soft hyphen to break at, every name set below 9 px, and the words hyphenated
BROKEN_WORDS = """
const hand = document.getElementById('hand');
hand.hidden = false;
hand.replaceChildren(...Object.keys(TACTIC).map((card) => cardFace(card, 'button')));
if (typeof fitNames === 'function') fitNames(hand);  // (the page before it had none: the old test run)
const broken = [], hyphenated = [];
for (const name of hand.querySelectorAll('.card .name')) {
  const text = name.firstChild;
  let at = 0;
  for (const word of text.data.split(' ')) {
    const range = document.createRange();
    range.setStart(text, at); range.setEnd(text, at + word.length);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    if (tops.size > 1) (word.includes('\u00ad') ? hyphenated : broken).push(word.replaceAll('\u00ad', ''));
    at += word.length + 1;
  }
  if (parseFloat(getComputedStyle(name).fontSize) < 9) broken.push('below 9 px: ' + text.data);
}
return {broken, hyphenated, names: hand.querySelectorAll('.card .name').length};
"""

#: the page's words in another language, loaded as the language menu loads them
LOAD_WORDS = "const done = arguments[arguments.length - 1]; loadWords(arguments[0]).then(() => done(true));"


@pytest.mark.parametrize("size", [TALL, SMALL], ids=["390x844", "360x640"])
def test_no_tactic_name_breaks_inside_a_word_on_a_phone(tmp_path: Path, size: tuple[int, int]) -> None:
    gen = browser(tmp_path / "phone", size)
    phone: Any = next(gen)
    host, ready = start_phone_host(tmp_path)
    try:
        _join(phone, ready["phones"], "Ana")
        wait_for(phone, HAS_STATE, timeout=30)
        phone.set_script_timeout(30)
        found: dict[str, list[str]] = {}
        hyphenated: dict[str, list[str]] = {}
        for lang in ("en", "hu", "ro", "es", "cs"):  # Chinese has no spaces: it breaks between any two signs
            assert phone.execute_async_script(LOAD_WORDS, lang)
            seen = phone.execute_script(BROKEN_WORDS)
            assert seen["names"] == 10, seen
            if seen["broken"]:
                found[lang] = seen["broken"]
            hyphenated[lang] = seen["hyphenated"]
        assert found == {}, found
        assert "Redeploy" not in hyphenated["en"], hyphenated  # the word the issue saw broken fits whole
        phone.save_screenshot(str(tmp_path / "tactics.png"))
    finally:
        gen.close()
        host.kill()
        host.wait(timeout=10)
