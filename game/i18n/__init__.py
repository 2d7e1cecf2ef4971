"""Translations: every word a player reads goes through `_()`, in the language chosen in Settings.

Catalogs are gettext `.po` files in `assets/locale/<lang>/LC_MESSAGES/battleline.po`, compiled to `.mo`
by tools/catalogs.py (Babel, a build tool) and loaded with the standard library's `gettext`, so the game
needs no dependency to read them; plural forms (`ngettext`) follow each catalog's Plural-Forms header.
A `Translator` is one language's words. The app owns one (`App.tr`, built from Settings and replaced
when the language setting changes) and binds it while its frame runs (`following`), so `_()` and `ngettext()`
say the words of the app that is drawing. Code outside any app (the command line, a test, a worker) gets
the process default, which `set_language` chooses. No module changes another's language.
"""

from __future__ import annotations

import contextlib
import gettext
import locale
import os
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from functools import cache

from assets import ASSETS_DIR

from .articles import hungarian

LOCALE_DIR = ASSETS_DIR / "locale"
DOMAIN = "battleline"
#: language code -> its own name (a player looking for their language reads it in that language)
LANGUAGES: dict[str, str] = {"en": "English", "hu": "Magyar", "zh": "简体中文", "ro": "Română",
                             "es": "Español", "cs": "Čeština"}
AUTO = "auto"


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


def resolve(code: str) -> str:
    """The language a setting means: 'auto' (or an unknown code) follows the system."""
    return system_language() if code in ("", AUTO) or code not in LANGUAGES else code


class Translator:
    """One language's words over its committed catalog: `gettext` and `ngettext`, fields filled after."""

    __slots__ = ("_catalog", "lang")

    def __init__(self, code: str = AUTO) -> None:
        self.lang = resolve(code)
        self._catalog = _catalog(self.lang)

    def __repr__(self) -> str:
        return f"Translator({self.lang!r})"

    def gettext(self, msgid: str, **fields: object) -> str:
        """`msgid` in this language; named `{fields}` are filled after translating."""
        words = self._catalog.gettext(msgid)
        words = words.format(**fields) if fields else words
        return hungarian(words) if self.lang == "hu" else words  # "a(z) {flag}." settled once the flag is known

    def ngettext(self, singular: str, plural: str, n: int, **fields: object) -> str:
        """The form that count `n` takes in this language (its catalog's Plural-Forms: Czech and Romanian
        have three, Chinese and Hungarian one); `{n}` and `fields` filled."""
        words = self._catalog.ngettext(singular, plural, n).format(n=n, **fields)
        return hungarian(words) if self.lang == "hu" else words


#: where the running app keeps its translator (App binds a way to read its own); None outside any app
_bound: ContextVar[Callable[[], Translator] | None] = ContextVar("translator", default=None)
#: the process default, for code with no app: chosen by `set_language`, else the system's language
_default: list[Translator] = []


def current() -> Translator:
    """The translator words are said in now: the running app's, else the process default."""
    bound = _bound.get()
    if bound is not None:
        return bound()
    if not _default:
        _default.append(Translator(AUTO))
    return _default[0]


@contextlib.contextmanager
def following(source: Callable[[], Translator]) -> Iterator[None]:
    """While the block runs (in this thread only), words are said in the translator `source()` gives
    when they are said: an app binds `lambda: app.tr`, so a language chosen mid-frame shows at once."""
    token = _bound.set(source)
    try:
        yield
    finally:
        _bound.reset(token)


def using(translator: Translator) -> contextlib.AbstractContextManager[None]:
    """Say words with `translator` while the block runs (in this thread only)."""
    return following(lambda: translator)


def set_language(code: str) -> str:
    """The process default for code with no app ('auto' follows the system); returns the language now
    in use. An app's own language is its `App.tr`, which this does not touch."""
    _default[:] = [Translator(code)]
    return _default[0].lang


def language() -> str:
    """The language words are said in now (see `current`)."""
    return current().lang


def _(msgid: str, **fields: object) -> str:
    """`msgid` in the current language; named `{fields}` are filled after translating."""
    return current().gettext(msgid, **fields)


def ngettext(singular: str, plural: str, n: int, **fields: object) -> str:
    """The form of `singular`/`plural` that count `n` takes in the current language; `{n}` and `fields` filled."""
    return current().ngettext(singular, plural, n, **fields)


def N_(msgid: str) -> str:
    """Marks a string for the catalog where it is defined; it is translated where it is shown."""
    return msgid


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Marks a plural pair for the catalog where it is defined; `ngettext` says it where it is shown."""
    return singular, plural
