"""Hungarian's definite article: "a" before a consonant, "az" before a vowel, as the next word is *said*.

The catalogs write "a(z)" where the next word is a placeholder ("a(z) {flag}. zászlóra"): which form is
right is known only once the field is filled. `hungarian()` settles each "a(z)" by the word after it;
numbers go by how they are read (1 egy, 5 öt, 1000 ezer, 50 ötven, 500 ötszáz begin with a vowel).
"""

from __future__ import annotations

import re

VOWELS = set("aáeéiíoóöőuúüű")
_OPEN = "\"'„“”«»([{"  # opening marks before a word: the word decides, not the mark
_ARTICLE = re.compile(r"\b([Aa])\(z\)(\s+)(\S+)")


def _number_vowel(digits: str) -> bool:
    """Whether a number, read out in Hungarian, begins with a vowel."""
    digits = digits.lstrip("0") or "0"
    lead = digits[: (len(digits) - 1) % 3 + 1]  # the leading group of three: 1 234 -> "1" (ezer...)
    if len(lead) == 1:
        return lead in "15"  # egy, öt; ezer, egymillió; ötezer
    return lead[0] == "5"  # ötven..., ötszáz...; tíz, húsz, száz... begin with a consonant


def _vowel(word: str) -> bool:
    word = word.lstrip(_OPEN)
    if not word:
        return False
    digits = re.match(r"\d+", word)
    if digits:
        return _number_vowel(digits.group())
    return word[0].lower() in VOWELS


def hungarian(words: str) -> str:
    """Every "a(z)" / "A(z)" in `words` as "a" or "az" ("A" or "Az"), by the word that follows."""
    if "(z)" not in words:
        return words

    def settle(m: re.Match[str]) -> str:
        if m.group(3).startswith("{"):  # a field not filled yet: settled once it is
            return m.group(0)
        article = m.group(1) + ("z" if _vowel(m.group(3)) else "")
        return article + m.group(2) + m.group(3)

    return _ARTICLE.sub(settle, words)
