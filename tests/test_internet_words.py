"""The wormhole code as typed: checked against magic-wormhole's word list before it costs a try, completed
word by word (first words from the list's odd half, second from its even half, as magic-wormhole draws them)."""

from __future__ import annotations

import os

from net.internet.words import code_problem, completions, normal, problem_of, word_lists


def test_the_word_lists_are_magic_wormholes_pgp_words() -> None:
    odd, even = word_lists()
    assert len(odd) == len(even) == 256 and not odd & even
    assert "adroitness" in odd and "aardvark" in even


def test_a_right_code_passes_and_is_written_the_way_magic_wormhole_writes_it() -> None:
    assert problem_of("7-adroitness-aardvark") is None
    assert normal(" 7 Adroitness Aardvark ") == "7-adroitness-aardvark"
    assert code_problem("7 adroitness aardvark") is None


def test_a_typo_is_caught_with_the_nearest_words() -> None:
    assert problem_of("7-adroitnes-aardvark") == ("word", "adroitnes", ["adroitness", "politeness"])
    assert "did you mean adroitness" in (code_problem("7-adroitnes-aardvark") or "")


def test_a_word_in_the_wrong_place_is_not_a_code() -> None:
    """An even word first is a typo too: magic-wormhole never draws one there."""
    assert problem_of("7-aardvark-adroitness") is not None


def test_what_is_not_a_code_at_all_says_its_form() -> None:
    for wrong in ("", "7", "adroitness-aardvark", "0-adroitness-aardvark", "7-adroitness", "192.168.1.2:47110"):
        assert problem_of(wrong) == ("form", "", []), wrong


def test_completions_follow_the_word_being_typed() -> None:
    assert completions("7") == []  # the number is typed, no word yet
    assert completions("7-")[:2] == ["adroitness", "adviser"]
    assert completions("7-adr") == ["adroitness"]
    assert completions("7-adroitness-")[:2] == ["aardvark", "absurd"]
    assert completions("7 adroitness aa") == ["aardvark"]


def test_settings_keep_a_clubs_own_servers_and_drop_what_is_not_one() -> None:
    from game.keep.settings import Settings
    from net.internet.link import PUBLIC_MAILBOX, Options

    kept = Settings.from_dict({"wormhole_mailbox": "ws://club.example:4000/v1",
                               "wormhole_transit": "tcp:club.example:4001"})
    assert Options.from_env(kept.wormhole_mailbox, kept.wormhole_transit).transit == "tcp:club.example:4001"
    dropped = Settings.from_dict({"wormhole_mailbox": "http://club.example", "wormhole_transit": "club.example"})
    assert (dropped.wormhole_mailbox, dropped.wormhole_transit) == ("", "")
    assert Options.from_env(dropped.wormhole_mailbox, dropped.wormhole_transit).mailbox in (
        PUBLIC_MAILBOX, os.environ.get("BATTLELINE_MAILBOX"))
