"""The two ways input can be wrong: malformed notation, or a well-formed action the rules forbid.

A refusal is data: a code and its fields (boardgame.io's INVALID_MOVE with data). The English sentence
is made from `REFUSALS[code]` for logs and the command line; players read the code and fields said
again from a catalog (game/i18n/refusals.py), so rewording the English never changes what they read.
"""

from __future__ import annotations

#: refusal code -> its English sentence, `{field}`s filled from the refusal's fields
REFUSALS: dict[str, str] = {
    # the engine (engine/game.py, engine/match.py)
    "game_over": "the game is over",
    "hand_hidden": "{seat}'s hand is hidden in this position",
    "wrong_step": "{seat} is in the {phase} step: expected {expected}",
    "not_in_hand": "{card} is not in your hand",
    "no_tactics": "this game is played without tactics (R43)",
    "tactics_ahead": "you may not play a tactics card: you would be two ahead of your opponent (R24)",
    "leader_played": "you have already played a Leader this game (R27)",
    "not_your_front": "flag {flag} is fought over by {first} and {second}, not by you (R48)",
    "flag_claimed": "flag {flag} is claimed and frozen (R19)",
    "side_full": "your side of flag {flag} has no free slot (R8)",
    "scout_no_cards": "Scout needs at least one card in the decks (R26)",
    "target_not_yours": "{target} is not on your side of flag {flag}",
    "target_not_theirs": "{target} is not on your opponent's side of flag {flag}",
    "traitor_troops_only": "Traitor takes troops only, not tactics cards (R36)",
    "redeploy_same_flag": "Redeploy moves a card to another flag (R34)",
    "must_play_troop": "you can play a troop, so you may not pass (R9)",
    "must_play_tactic": "you can play a tactics card, so you may not pass (R9)",
    "troop_deck_empty": "the troops deck is empty (R10)",
    "tactics_deck_empty": "the tactics deck is empty (R10)",
    "no_tactics_deck": "the three-player game has no tactics deck (R46)",
    "deck_hidden": "the order of the {deck} deck is hidden in this position",
    "scout_return_count": "Scout returns {n} cards, one fewer than it drew (R33)",
    "scout_return_cards": "Scout returns distinct cards from your own hand (R33)",
    "dead_leader_return": "a Leader you may no longer play stays in your hand to the end (R27)",
    "claim_unproven": "flag {flag} cannot be claimed: {why}",  # `why` ends with its one rule tag
    "match_over": "the match is over (R41)",
    # the tables above the engine (game/play, net/host.py) refuse with the same exception
    "game_not_over": "the game is not over",
    "not_started": "the game has not started",
    "no_own_seat": "the table has no seat of its own",
    "not_your_turn": "it is not your turn",
    "turn_of": "it is {who}'s turn",
    "not_guests_turn": "it is not the guest's turn",
    "not_connected": "not connected to the host yet",
    "own_seat_only": "a guest sees only its own seat",
    "record_from_host": "the record comes from the host when the game is over",
    "watcher_cannot_act": "a watcher cannot act in the game",
    "bot_plays_seat": "the host let a bot play your seat",
}

#: a refusal's fields are plain values, so they travel on the wire as they are
Field = str | int


class NotationError(ValueError):
    """A position, action or record does not follow NOTATION.md; the message names the field."""


class IllegalAction(ValueError):
    """A well-formed action that the rules do not allow now: `code` says which refusal, `fields` fill it.

    `IllegalAction("flag_claimed", flag=3)`; its message is the English, "flag 3 is claimed and frozen
    (R19)". A code missing from REFUSALS is taken as English words with code "illegal", so a raise written
    the old way still refuses cleanly (tests/test_refusals.py fails on it).
    """

    def __init__(self, code: str, /, **fields: Field) -> None:
        template = REFUSALS.get(code)
        if template is None:
            self.code, self.fields, message = "illegal", {}, code
        else:
            self.code, self.fields, message = code, dict(fields), template.format(**fields)
        self.place = ""
        super().__init__(message)

    def at(self, place: str) -> IllegalAction:
        """The same refusal, its English prefixed by where it happened ("record.actions[3]: ...")."""
        other = IllegalAction(self.code, **self.fields) if self.code in REFUSALS else IllegalAction(str(self))
        other.place = place
        other.args = (f"{place}: {self}",)
        return other
