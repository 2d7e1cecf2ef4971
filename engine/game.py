"""The game state and its rules: the one place that decides what may happen (R4-R43).

`Game` holds the whole table. `legal_actions()` lists what the player to move may do, `apply()`
performs one action and returns the events it caused, `view(seat)` is what one player may see.
`apply()` checks the action here (with engine.tactic_plays), then engine.update's one state update,
the flow the bots' lean state also runs, carries it out on this table (engine.update_game).
A game may also be loaded from a player's view (hidden hand and decks as counts): it then lists
legal actions and judges claims, and refuses only what needs the hidden cards (a draw).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import permutations
from typing import Any

from .actions import Action, parse_action
from .cards import ALL_TROOPS_MASK, LEADERS, TROOP_BIT, fills_slot
from .claims import BestCache, FlagState, Judgement, judge
from .deal import deal
from .errors import IllegalAction
from .notation_types import Event, Result, View
from .rulebook import (
    A_PLAY,
    DECKS,
    PLACES2,
    PLACES3,
    TURN_START,
    LeanAction,
    by_flag_count,
    from_action,
    may_play_tactic,
    to_action,
    win_of,
)
from .rules import SEATS, SEATS3, Rules
from .table import held, plays_in, provable_flags
from .tactic_plays import CARD_PLAYS
from .update_game import GameUpdate

NAMES3: dict[str, str] = {"south": "South", "west": "West", "east": "East"}
#: The actions each phase takes; any other phase is the play step's.
_EXPECTED: dict[str, tuple[str, ...]] = {"claim": ("claim", "done"), "draw": ("draw",), "scout_draw": ("scout_draw",),
                                         "scout_return": ("scout_return",)}
_PLAY_STEP: tuple[str, ...] = ("play", "pass")
#: A seat's index in its game's turn order (SEATS or SEATS3): the seat as engine.rulebook counts it.
_INDEX2: dict[str, int] = {s: i for i, s in enumerate(SEATS)}
_INDEX3: dict[str, int] = {s: i for i, s in enumerate(SEATS3)}
#: a claim verdict's reason that already names its rule, as "(R48)"
_RULE_TAG = re.compile(r"\(R\d+\)$")


class Game:
    """A game of Battle Line in progress (or finished: `result` is then set)."""

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules or Rules()
        #: The seats in turn order (R46): north and south, or south, west and east.
        self.seats: tuple[str, ...] = self.rules.seats
        seats = self.seats
        self._index = _INDEX2 if len(seats) == 2 else _INDEX3
        self.seed: int | None = None
        self.first: str = "south"
        self.players: dict[str, str] = {"north": "North", "south": "South"} if len(seats) == 2 else dict(NAMES3)
        self.flags: list[FlagState] = [FlagState(pair) for pair in self.rules.fronts]
        self.hands: dict[str, list[str] | None] = {s: [] for s in seats}
        self.hand_sizes: dict[str, int] = {s: 0 for s in seats}
        # Tactics in a hidden hand, when a loaded view said so (R45); a known hand is simply counted.
        self.hidden_tactics: dict[str, int | None] = {s: None for s in seats}
        self.decks: dict[str, list[str] | None] = {"troops": [], "tactics": []}
        self.deck_sizes: dict[str, int] = {"troops": 0, "tactics": 0}
        self.discards: dict[str, list[str]] = {s: [] for s in seats}
        self.to_move, self.phase = "south", "play"
        # Cards drawn by this turn's Scout. It stays set until the turn ends, so that a position
        # saved in a later step of the turn still shows that Scout replaced the draw (R33).
        self.scout_drawn = 0
        self.passes, self.seen = 0, 0  # seen: troops face up on the table or in a discard pile (R21)
        self.tactics_played: dict[str, int] = {s: 0 for s in seats}
        self.leader_played: dict[str, bool] = {s: False for s in seats}
        # R27's ruling: a dead Leader may not go back with Scout. Only an old record's replay turns it off.
        self.keep_dead_leader = True
        # R39/R50's ruling: an award after the passes is a player's whole set of provable flags. Only the
        # check of an old record's stated result turns it off (flags then went one at a time, in flag order).
        self.whole_set_awards = True
        self.result: Result | None = None
        self.actions: list[Action] = []
        self._events: list[Event] = []
        self.best_cache: BestCache = {}  # best completions, shared with copies (facts only)

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, rules: Rules | None = None, seed: int = 0, first: str | None = None,
            players: dict[str, str] | None = None) -> Game:
        """Shuffle and deal from one seed (R4-R6, R46). Without `first`, the seed chooses (R5)."""
        game = cls(rules)
        dealt = deal(game.rules, seed, first)
        game.seed, game.first = seed, dealt.first
        if players:
            game.players = dict(players)
        game.hands = {s: dealt.hands[s] for s in game.seats}
        game.hand_sizes = {s: len(dealt.hands[s]) for s in game.seats}
        game.decks = {"troops": dealt.troops, "tactics": dealt.tactics}
        game.deck_sizes = {"troops": len(dealt.troops), "tactics": len(dealt.tactics)}
        game.to_move = game.first
        GameUpdate(game).next_step(TURN_START)
        game._events.clear()
        return game

    def copy(self) -> Game:
        """An independent copy (bots search on copies); the claim cache is shared, it is only facts."""
        out = Game.__new__(Game)
        out.rules, out.seed, out.first, out.players = self.rules, self.seed, self.first, self.players
        out.seats, out._index = self.seats, self._index
        out.flags = [f.copy() for f in self.flags]
        out.hands = {s: (h[:] if h is not None else None) for s, h in self.hands.items()}
        out.hand_sizes = dict(self.hand_sizes)
        out.hidden_tactics = dict(self.hidden_tactics)
        out.decks = {d: (c[:] if c is not None else None) for d, c in self.decks.items()}
        out.deck_sizes = dict(self.deck_sizes)
        out.discards = {s: d[:] for s, d in self.discards.items()}
        out.to_move, out.phase, out.scout_drawn = self.to_move, self.phase, self.scout_drawn
        out.passes, out.seen = self.passes, self.seen
        out.tactics_played = dict(self.tactics_played)
        out.leader_played = dict(self.leader_played)
        out.keep_dead_leader, out.whole_set_awards = self.keep_dead_leader, self.whole_set_awards
        out.result = self.result.copy() if self.result else None
        out.actions = self.actions[:]
        out._events = []
        out.best_cache = self.best_cache
        return out

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.result is not None

    def unseen(self) -> int:
        """Mask of troops not face up anywhere: what claims are judged against (R21)."""
        return ALL_TROOPS_MASK & ~self.seen

    def judge_claim(self, flag: int, seat: str | None = None) -> Judgement:
        """The verdict and its proof or counterexample for `seat` claiming `flag` (1-9) now (R20, R23)."""
        return judge(self.flags[flag - 1], seat or self.to_move, self.unseen(), self.best_cache, self.players)

    def claimable_flags(self, seat: str) -> list[int]:
        """Flags `seat` could prove now (engine.rulebook.provable: the verdict of `judge_claim` without its
        proof); this runs at every step that may hold a claim."""
        return provable_flags(self.flags, seat, self.unseen())

    def hand_tactics(self, seat: str) -> int | None:
        """How many tactics cards `seat`'s hand holds: public (R45), None where a loaded view did not say."""
        hand = self.hands[seat]
        if hand is None:
            return self.hidden_tactics[seat]
        return sum(1 for card in hand if card not in TROOP_BIT)

    def hand(self, seat: str) -> list[str]:
        hand = self.hands[seat]
        if hand is None:
            raise IllegalAction("hand_hidden", seat=seat)
        return hand

    def returnable(self, seat: str) -> list[str]:
        """The cards a Scout may put back (R33): the hand less a dead Leader, which stays to the end (R27).

        Once one Leader is played the other can only sit in hand; putting it back would turn a dead card
        into a live one for the opponent's draw, and the rulebook says it is kept until the game ends.
        """
        hand = self.hand(seat)
        if not self.leader_played[seat]:
            return list(hand)
        return [card for card in hand if card not in LEADERS]

    def may_play_tactic(self, seat: str) -> bool:
        """R24 (engine.rulebook.may_play_tactic)."""
        played = self.tactics_played
        return may_play_tactic([played[s] for s in self.seats], self._index[seat])

    def troop_playable(self, seat: str) -> bool:
        """R9: does the player hold a troop and have a free slot at an unclaimed flag?"""
        troops = [card for card in self.hand(seat) if card in TROOP_BIT][:1]
        return bool(troops) and \
            plays_in(self.flags, self._index, self._places(seat), troops, False, False, False)[0][0] == A_PLAY

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now, in NOTATION.md form."""
        if self.result is not None:
            return []
        seat, phase = self.to_move, self.phase
        if phase == "claim":
            return [*(Action(type="claim", flag=f) for f in self.claimable_flags(seat)), Action(type="done")]
        if phase in ("draw", "scout_draw"):
            return [{"type": phase, "deck": d} for d in DECKS if self.deck_sizes[d] > 0]
        if phase == "scout_return":
            return [{"type": "scout_return", "cards": list(p)}
                    for p in permutations(self.returnable(seat), self.scout_drawn - 1)]
        return self._legal_plays(seat)

    def legal_moves(self) -> list[LeanAction]:
        """The play step's actions as engine.rulebook's tuples (`to_action` names one): what
        `legal_actions` lists for a play step, for a caller that picks one and names only that."""
        return self._plays(self.to_move)

    def _plays(self, seat: str) -> list[LeanAction]:
        """R8, R9, R24-R37, R48 as engine.rulebook.plays decides them (engine.table.plays_in)."""
        return plays_in(self.flags, self._index, self._places(seat), self.hand(seat), self.may_play_tactic(seat),
                        self.leader_played[seat], self.deck_sizes["troops"] + self.deck_sizes["tactics"] > 0)

    def _places(self, seat: str) -> tuple[int, ...]:
        """`seat`'s place in each flag's pair, flag by flag (-1: not its front), as engine.rulebook reads it."""
        return (PLACES2 if len(self.seats) == 2 else PLACES3)[self._index[seat]]

    def _legal_plays(self, seat: str) -> list[Action]:
        return [to_action(a) for a in self._plays(seat)]

    # ------------------------------------------------------------------ applying
    def apply(self, action: Any) -> list[Event]:
        """Perform one action for the player to move; return the events it caused, in order.

        Raises NotationError for a malformed action and IllegalAction for one the rules forbid;
        either way the game is unchanged.
        """
        act = parse_action(action)
        if self.result is not None:
            raise IllegalAction("game_over")
        kind = act["type"]
        expected = _EXPECTED.get(self.phase, _PLAY_STEP)
        if kind not in expected:
            raise IllegalAction("wrong_step", seat=self.to_move, phase=self.phase,
                                expected=" or ".join(expected))
        self._events = []
        _HANDLERS[kind](self, act)
        self.actions.append(act)
        events, self._events = self._events, []
        return events

    def emit(self, event: Event) -> None:
        """Record an event of the action being applied (the card plays of engine.tactic_plays write theirs here)."""
        self._events.append(event)

    def _do_play(self, act: Action) -> None:
        seat, card = self.to_move, act["card"]
        hand = self.hand(seat)
        if card not in hand:
            raise IllegalAction("not_in_hand", card=card)
        troop = card in TROOP_BIT
        if not troop:
            if not self.rules.tactics:
                raise IllegalAction("no_tactics")
            if not self.may_play_tactic(seat):
                raise IllegalAction("tactics_ahead")
        slot = troop or fills_slot(card)  # it takes a slot in a formation (R8, R27-R29)
        if slot:
            self.check_slot(act["flag"], seat)
            if card in LEADERS and self.leader_played[seat]:
                raise IllegalAction("leader_played")
        check = CARD_PLAYS.get(card)
        if check is not None:
            check(self, act)  # the card's own conditions, before anything changes
        self._events.append({"type": "play", "seat": seat, **act})  # the action's fields after the seat
        self._carry_out(act)

    def _carry_out(self, act: Action, proven: Judgement | None = None) -> None:
        """A checked action's state update: engine.update's one flow, on this table (engine.update_game), with
        a claim's verdict already judged (its event shows the proof)."""
        GameUpdate(self, proven).apply(from_action(act))

    def check_slot(self, flag_no: int, seat: str) -> FlagState:
        flag = self.flags[flag_no - 1]
        if seat not in flag.sides:
            raise IllegalAction("not_your_front", flag=flag_no, first=flag.pair[0], second=flag.pair[1])
        if flag.claimed is not None:
            raise IllegalAction("flag_claimed", flag=flag_no)
        if len(flag.sides[seat]) >= flag.size:
            raise IllegalAction("side_full", flag=flag_no)
        return flag

    def open_flag(self, flag_no: int) -> FlagState:
        flag = self.flags[flag_no - 1]
        if flag.claimed is not None:
            raise IllegalAction("flag_claimed", flag=flag_no)
        return flag

    def _do_pass(self, act: Action) -> None:
        """R9: only a player who can play no card passes, and a pass is the whole turn (no claim, no draw)."""
        seat = self.to_move
        if self.troop_playable(seat):
            raise IllegalAction("must_play_troop")
        if any(a["type"] == "play" for a in self._legal_plays(seat)):
            raise IllegalAction("must_play_tactic")
        self._events.append({"type": "pass", "seat": seat})
        self._carry_out(act)

    def _do_draw(self, act: Action) -> None:
        """R10, R33: a draw from a deck that has a card, into a known hand (the draw step or a Scout's)."""
        deck = act["deck"]
        if deck == "tactics" and not self.rules.tactics:  # no such deck, rather than an empty one
            raise IllegalAction("no_tactics_deck" if len(self.seats) == 3 else "no_tactics")
        if self.deck_sizes[deck] == 0:
            raise IllegalAction("troop_deck_empty" if deck == "troops" else "tactics_deck_empty")
        if self.decks[deck] is None:
            raise IllegalAction("deck_hidden", deck=deck)
        self.hand(self.to_move)  # raises for a hidden hand before the deck is touched
        self._carry_out(act)

    def _do_scout_return(self, act: Action) -> None:
        seat, cards = self.to_move, act["cards"]
        hand = self.hand(seat)
        need = self.scout_drawn - 1
        if len(cards) != need:
            raise IllegalAction("scout_return_count", n=need)
        if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
            raise IllegalAction("scout_return_cards")
        if self.keep_dead_leader and self.leader_played[seat] and any(c in LEADERS for c in cards):
            raise IllegalAction("dead_leader_return")
        self._carry_out(act)

    def _do_claim(self, act: Action) -> None:
        seat, n = self.to_move, act["flag"]
        verdict = self.judge_claim(n, seat)
        if not verdict.ok:
            why = verdict.reason if _RULE_TAG.search(verdict.reason) else f"{verdict.reason} (R20)"
            raise IllegalAction("claim_unproven", flag=n, why=why)  # one rule tag: the reason's own, or R20
        self._carry_out(act, verdict)  # the flag, then its win judged at once (R38, R51)

    def _do_done(self, act: Action) -> None:
        self._carry_out(act)

    def settle_loaded(self) -> None:
        """A position read from outside already holds its result: a win on the board (R38, R51), else most
        flags once every player passed (R39, R51)."""
        for seat in (s for s in self.seats if self.result is None):
            self._check_win(seat)
        if self.result is None and self.passes >= len(self.seats):
            self._finish_on_flag_count()

    def _check_win(self, seat: str) -> None:
        """R38, R51 (engine.rulebook.win_of): a win ends the game at once."""
        how = win_of(held(self.flags, seat), self._index[seat], len(self.seats))
        if how:
            self.end(seat, how)

    def end(self, winner: str | None, how: str) -> None:
        """The game is over, told with each seat's flags (engine.update_game's `finish`, and a loaded position's)."""
        flags = {s: sum(f.claimed == s for f in self.flags) for s in self.seats}
        self.result = {"winner": winner, "how": how, "flags": flags}
        self.phase = "over"
        self._events.append({"type": "game_over", "winner": winner, "how": how, "flags": flags})

    # ------------------------------------------------------------------ a loaded position's end
    def _finish_on_flag_count(self) -> None:
        """R39, R51: without a Breakthrough or Envelopment, most flags wins; a shared most is a draw."""
        winner = by_flag_count([sum(f.claimed == s for f in self.flags) for s in self.seats])
        if winner < 0:
            self.end(None, "draw")
        else:
            self.end(self.seats[winner], "flags")

    # ------------------------------------------------------------------ views
    def view(self, seat: str | None = None) -> View:
        """A position (NOTATION.md): the whole table, or what `seat` may see (R45)."""
        from .position import to_position

        return to_position(self, seat)


_HANDLERS: dict[str, Callable[[Game, Action], None]] = {
    kind: getattr(Game, "_do_" + kind)
    for kind in ("play", "pass", "claim", "done", "draw", "scout_return")}
_HANDLERS["scout_draw"] = Game._do_draw
