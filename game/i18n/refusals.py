"""Refusals in the player's language, from their code and fields, never from their English.

The engine (`engine.errors.REFUSALS`) and the host (`net.protocol.REFUSED`) refuse with a code and
fields; their English is for logs and the command line. Each code a player can meet has a catalog
template here, written without the rule numbers (a player reads the rule, not its number), so
rewording the English changes nothing a player reads. tests/test_refusals.py fails on a code without
a template, or a template not translated in every catalog.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game.i18n import N_, N_plural, _, ngettext

#: refusal code -> its catalog template; fields are the refusal's own (a template may leave some out)
MSGIDS: dict[str, str | tuple[str, str]] = {
    # the engine's refusals (engine/errors.py)
    "game_over": N_("the game is over"),
    "hand_hidden": N_("that hand is hidden in this position"),
    "wrong_step": N_("this move does not belong to this step of the turn"),
    "not_in_hand": N_("{card} is not in your hand"),
    "no_tactics": N_("this game is played without tactics"),
    "tactics_ahead": N_("you may not play a tactics card: you would be two ahead of your opponent"),
    "leader_played": N_("you have already played a Leader this game"),
    "not_your_front": N_("flag {flag} is fought over by the other two players, not by you"),
    "flag_claimed": N_("flag {flag} is claimed and frozen"),
    "side_full": N_("your side of flag {flag} has no free slot"),
    "scout_no_cards": N_("Scout needs at least one card in the decks"),
    "target_not_yours": N_("{target} is not on your side of flag {flag}"),
    "target_not_theirs": N_("{target} is not on your opponent's side of flag {flag}"),
    "traitor_troops_only": N_("Traitor takes troops only, not tactics cards"),
    "redeploy_same_flag": N_("Redeploy moves a card to another flag"),
    "must_play_troop": N_("you can play a troop, so you may not pass"),
    "must_play_tactic": N_("you can play a tactics card, so you may not pass"),
    "troop_deck_empty": N_("the troop deck is empty"),
    "tactics_deck_empty": N_("the tactics deck is empty"),
    "no_tactics_deck": N_("the three-player game has no tactics deck"),
    "deck_hidden": N_("the order of that deck is hidden in this position"),
    "scout_return_count": N_plural("Scout returns {n} card, one fewer than it drew",
                                    "Scout returns {n} cards, one fewer than it drew"),
    "scout_return_cards": N_("Scout returns distinct cards from your own hand"),
    "dead_leader_return": N_("a Leader you may no longer play stays in your hand to the end"),
    "claim_unproven": N_("flag {flag} cannot be claimed: no proof holds yet"),
    "match_over": N_("the match is over"),
    # the tables above the engine (game/play, net/host.py)
    "game_not_over": N_("the game is not over"),
    "not_started": N_("the game has not started"),
    "no_own_seat": N_("the table has no seat of its own"),
    "not_your_turn": N_("it is not your turn"),
    "turn_of": N_("it is {who}'s turn"),
    "not_guests_turn": N_("it is not the guest's turn"),
    "not_connected": N_("not connected to the host yet"),
    "own_seat_only": N_("a guest sees only its own seat"),
    "record_from_host": N_("the record comes from the host when the game is over"),
    "watcher_cannot_act": N_("a watcher cannot act in the game"),
    "bot_plays_seat": N_("the host let a bot play your seat"),
    # the host turning a guest away (net/protocol.py REFUSED)
    "another_game": N_("the host continued another game"),
    "protocol_version": N_("protocol version {theirs} does not match the host's {ours}"),
    "program_version": N_("program version {theirs} does not match the host's {ours}"),
    "unknown_token": N_("the host holds no seat for you any more: join with the code"),
    "busy": N_("another guest from your address is joining: try again in a moment"),
    "wait": N_("too many wrong join codes: try again in {seconds} s"),
    "crowded": N_("many wrong join codes came from elsewhere: try again in {seconds} s"),
    "spent": N_("too many tries: go back and join again"),
    "wrong_code": N_("wrong join code"),
    "no_answer": N_("the host did not answer"),
    "unknown_role": N_("the host does not know the role {role}"),
    "other_token": N_("this session was opened with another token"),
    "seated": N_("this connection already plays a seat"),
    "two_players": N_("this game already has two players"),
    "seats_taken": N_("every seat of this game is taken"),
    "has_guest": N_("this game already has a guest"),
    "answering": N_("the host is answering another guest: try again in a minute"),
    "turned_away": N_("the host turned you away"),
    "full": N_plural("this game already has {n} watcher", "this game already has {n} watchers"),
}

#: fields that name a card: said with the card's name in the player's language
CARD_FIELDS = ("card", "target")


def refusal_words(code: str | None, fields: Mapping[str, object] | None = None, english: str = "",
                  card_name: Callable[[str], str] | None = None) -> str:
    """The refusal `code` with `fields` in the current language. A code we have no template for (an
    older or newer peer's) is shown in the `english` it came with, as it came."""
    msgid = MSGIDS.get(code or "")
    if msgid is None:
        return english
    values = {k: card_name(str(v)) if card_name is not None and k in CARD_FIELDS else v
              for k, v in (fields or {}).items()}
    try:
        if isinstance(msgid, tuple):  # a count: its form in this language (the count is the field `n`)
            count = values.pop("n")
            return ngettext(msgid[0], msgid[1], int(str(count)), **values)
        return _(msgid, **values)  # filled, then Hungarian's "a(z)" settled by the value (game.i18n.articles)
    except (KeyError, IndexError, ValueError, TypeError):  # a peer's fields that do not fill the template: its English
        return english
