"""The wormhole code as a person types it: checked before it costs a try, completed word by word.

magic-wormhole's codes are a nameplate number and words of the PGP word list (`7-crossover-clockwork`).
The list is read from the installed magic-wormhole's source as data, without importing it (its package
loads Twisted, which stays out of the game's process). A word not in the list is caught here, so a typo
never reaches the mailbox, where each wrong code would cost the host a try.
"""

from __future__ import annotations

import ast
import difflib
import functools
import importlib.util
import re
from pathlib import Path

#: how a joined game's note names a host reached through a wormhole: "wormhole:7-crossover-clockwork"
WORMHOLE = "wormhole:"

CODE_RE = re.compile(r"[1-9][0-9]{0,5}(-[a-z]+){2,4}")

#: what each failure a tunnel reports means, in English (the CLI's words; the screens have their own)
FAILURES = {
    "wrong_code": "wrong code: it does not match your friend's (check the words; your friend's game keeps waiting)",
    "code_used": "that code is already taken by two others: ask your friend for a new code",
    "no_host": "nobody is waiting with that code: check the number, or ask your friend for a new code",
    "mailbox_unreachable": "cannot reach the mailbox server {mailbox}: check the internet connection (or --mailbox)",
    "mailbox_refused": "the mailbox server {mailbox} refused that code",
    "no_path": "found your friend, but no path to them, not even through the relay {transit}",
    "broken": "the internet link stopped unexpectedly",
}


@functools.cache
def word_lists() -> tuple[frozenset[str], frozenset[str]]:
    """(odd words, even words): the first word of a code is an odd one, the second an even one, and so on.
    Read from magic-wormhole's `_wordlist.py` as text (the frozen bundle carries that file as data); where it is
    not there, imported; where magic-wormhole is missing, empty (then only a code's form is checked)."""
    pairs = _pairs_from_source()
    if pairs is None:
        try:
            from wormhole._wordlist import raw_words
        except ImportError:
            return frozenset(), frozenset()
        pairs = raw_words
    return (frozenset(odd.lower() for _, odd in pairs.values()),
            frozenset(even.lower() for even, _ in pairs.values()))


def _pairs_from_source() -> dict[str, list[str]] | None:
    spec = importlib.util.find_spec("wormhole")
    if spec is None or spec.origin is None:
        return None
    try:
        source = (Path(spec.origin).parent / "_wordlist.py").read_text(encoding="utf-8")
        for node in ast.parse(source).body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "raw_words"
                                                    for t in node.targets):
                pairs: dict[str, list[str]] = ast.literal_eval(node.value)
                return pairs
    except (OSError, SyntaxError, ValueError):
        return None
    return None


def _words_at(index: int) -> frozenset[str]:
    odd, even = word_lists()
    return odd if index % 2 == 0 else even


def normal(code: str) -> str:
    """What a person typed, as a code: spaces between parts become dashes, capitals small."""
    return "-".join(code.strip().lower().replace(" ", "-").split("-")).strip("-")


def problem_of(code: str) -> tuple[str, str, list[str]] | None:
    """Why `code` cannot be a wormhole code, as data for a screen's own words: ("form", "", []) or
    ("word", the word, the nearest words of the list); None: it may be one."""
    text = normal(code)
    if not CODE_RE.fullmatch(text):
        return "form", "", []
    for i, word in enumerate(text.split("-")[1:]):
        if word_lists()[0] and word not in _words_at(i):
            return "word", word, difflib.get_close_matches(word, sorted(_words_at(i)), n=3, cutoff=0.6)
    return None


def code_problem(code: str) -> str | None:
    """Why `code` cannot be a wormhole code (None: it may be), in English, one line."""
    problem = problem_of(code)
    if problem is None:
        return None
    kind, word, near = problem
    if kind == "form":
        return f"{code!r} is not a wormhole code: a number and two words, e.g. 7-crossover-clockwork"
    hint = f" (did you mean {', '.join(near)}?)" if near else ""
    return f"{word!r} is not a word of a wormhole code{hint}"


def parts_of(typed: str) -> list[str]:
    """What has been typed, split at the dashes, the word being typed last ('' after a dash)."""
    return typed.strip().lower().replace(" ", "-").split("-")


def completions(typed: str) -> list[str]:
    """The words that may follow what has been typed of the current word (sorted): typed '7-cro'
    gives ['crossover', 'crowfoot', ...]; '7-' every first word. Empty while the number is typed."""
    parts = parts_of(typed)
    if len(parts) < 2 or not parts[0].isdigit():
        return []
    prefix = parts[-1]
    return sorted(w for w in _words_at(len(parts) - 2) if w.startswith(prefix))
