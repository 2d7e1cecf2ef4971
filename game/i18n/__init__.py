"""Translations: every word a player reads goes through `_()`, in the language chosen in Settings.

Catalogs are gettext `.po` files in `assets/locale/<lang>/LC_MESSAGES/battleline.po`, compiled to `.mo`
by tools/catalogs.py (Babel, a build tool) and loaded with the standard library's `gettext`, so the game
needs no dependency to read them; plural forms (`ngettext`) follow each catalog's Plural-Forms header.
The language can change at any moment: `set_language` swaps the catalog and the next frame shows it.
"""

from __future__ import annotations

import contextlib
import gettext
import locale
import os
from collections.abc import Callable
from functools import cache

from assets import ASSETS_DIR

from .articles import hungarian

LOCALE_DIR = ASSETS_DIR / "locale"
DOMAIN = "battleline"
#: language code -> its own name (a player looking for their language reads it in that language)
LANGUAGES: dict[str, str] = {"en": "English", "hu": "Magyar", "zh": "简体中文", "ro": "Română",
                             "es": "Español", "cs": "Čeština"}
AUTO = "auto"

_state: dict[str, str] = {}
_listeners: list[Callable[[], None]] = []


@cache
def _catalog(lang: str) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, str(LOCALE_DIR), [lang], fallback=True)


def system_language() -> str:
    """The system locale's language if we have it, else English."""
    candidates: list[str] = []
    with contextlib.suppress(ValueError):
        candidates.append(locale.getlocale()[0] or "")
    candidates += [os.environ.get(v, "") for v in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    for name in candidates:
        for part in name.split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
            if part.lower().startswith(("chinese", "hungarian", "romanian", "spanish", "czech")):
                return {"ch": "zh", "hu": "hu", "ro": "ro", "sp": "es", "cz": "cs"}[part[:2].lower()]
    return "en"


def set_language(code: str) -> str:
    """Use `code` ('auto' follows the system); returns the language now in use."""
    lang = system_language() if code in ("", AUTO) or code not in LANGUAGES else code
    changed = _state.get("lang") != lang
    _state["lang"] = lang
    if changed:
        for listener in _listeners:
            listener()
    return lang


def when_changed(*listeners: Callable[[], None]) -> None:
    """Call these when the language changes: caches of drawn words (card faces) are emptied."""
    _listeners.extend(listeners)


def language() -> str:
    if "lang" not in _state:
        set_language(AUTO)
    return _state["lang"]


def _(msgid: str, **fields: object) -> str:
    """`msgid` in the current language; named `{fields}` are filled after translating."""
    lang = language()
    words = _catalog(lang).gettext(msgid)
    words = words.format(**fields) if fields else words
    return hungarian(words) if lang == "hu" else words  # "a(z) {flag}." settled once the flag is known


def ngettext(singular: str, plural: str, n: int, **fields: object) -> str:
    """The form of `singular`/`plural` that count `n` takes in the current language (its catalog's
    Plural-Forms: Czech and Romanian have three, Chinese and Hungarian one); `{n}` and `fields` filled."""
    lang = language()
    words = _catalog(lang).ngettext(singular, plural, n).format(n=n, **fields)
    return hungarian(words) if lang == "hu" else words


def N_(msgid: str) -> str:
    """Marks a string for the catalog where it is defined; it is translated where it is shown."""
    return msgid


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Marks a plural pair for the catalog where it is defined; `ngettext` says it where it is shown."""
    return singular, plural
