"""The coach in games against bots: the move `hard` would play, why in one line, and a win estimate.

The coach is a `hard` bot of its own (in its own process, like every bot, so the screen never waits)
shown the player's own view only: a hint never uses the bot's hand or the decks' order. Each answer
carries hard's estimate of the player's chance to win, which the board's optional bar shows.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.cards import TROOP_BIT
from engine.formations import best_formation
from engine.notation_types import Action, View
from engine.position import from_position
from game.i18n import _
from game.play.bot_client import BotLike, open_bot
from game.play.words import card_short, formation_words

#: The coach's thinking time per question, in seconds (hard's default budget).
COACH_TIME = 1.0


class Advice(NamedTuple):
    """One answer: for the position after `actions` moves, as a hint or only for the bar."""

    actions: int
    action: Action
    win_chance: float | None
    hint: bool
    #: The chance is proven, not estimated: nothing is left to draw and hard solved the rest.
    proven: bool = False


class Coach:
    """Asks a `hard` bot about the player's position; `poll` returns its answer when it is there."""

    def __init__(self, seed: int = 0, in_process: bool = False) -> None:
        self.seed = seed
        self.in_process = in_process
        self.bot: BotLike | None = None
        self.asked: tuple[int, bool] | None = None  # (moves made when asked, asked for a hint)

    def ask(self, view: View, actions: int, hint: bool) -> None:
        """Ask about `view` (the player's own view, the player to move); a newer question replaces an older one."""
        if self.bot is None:
            self.bot = open_bot("hard", self.seed, COACH_TIME, in_process=self.in_process)
        if self.asked is not None and self.asked[0] == actions:  # already asked about this position
            self.asked = (actions, self.asked[1] or hint)  # the answer on its way may become the hint
            return
        self.asked = (actions, hint)
        self.bot.request(view)

    def poll(self) -> Advice | None:
        if self.bot is None or self.asked is None:
            return None
        answer = self.bot.poll()
        if answer is None:
            return None
        info: dict[str, Any] = getattr(self.bot, "last_info", {}) or {}
        actions, hint = self.asked
        self.asked = None
        chance = info.get("win_chance")
        return Advice(actions, answer[1], None if chance is None else float(chance), hint,
                      bool(info.get("proven")))

    @property
    def thinking(self) -> bool:
        return self.asked is not None

    def close(self) -> None:
        if self.bot is not None:
            self.bot.cancel()
            self.bot.close()
            self.bot = None


def move_words(action: Action) -> str:
    """The move in words, addressed to the player: 'play red 5 at flag 3'."""
    kind = action["type"]
    if kind == "play":
        card = action["card"]
        if card == "scout":
            return _("play Scout")
        if card == "redeploy":
            if action.get("to_flag"):
                return _("redeploy {card} from flag {flag} to flag {to}", card=card_short(action["target"]),
                         flag=action["from_flag"], to=action["to_flag"])
            return _("redeploy {card} from flag {flag} to the discard pile", card=card_short(action["target"]),
                     flag=action["from_flag"])
        if card == "deserter":
            return _("play Deserter on {card} at flag {flag}", card=card_short(action["target"]),
                     flag=action["from_flag"])
        if card == "traitor":
            return _("play Traitor: {card} from flag {flag} to flag {to}", card=card_short(action["target"]),
                     flag=action["from_flag"], to=action["to_flag"])
        return _("play {card} at flag {flag}", card=card_short(card), flag=action["flag"])
    if kind == "claim":
        return _("claim flag {flag}", flag=action["flag"])
    if kind in ("draw", "scout_draw"):
        return _("draw from the troop deck") if action["deck"] == "troops" else _("draw from the tactics deck")
    if kind == "scout_return":
        return _("put back {cards}", cards=", ".join(card_short(c) for c in action["cards"]))
    if kind == "done":
        return _("end your claims")
    return _("pass")


def why_words(action: Action, view: View, seat: str) -> str:
    """One reason for the move, from the open information of the player's view."""
    if action["type"] == "claim":
        return _("the flag can be proven now")
    if action["type"] != "play" or "flag" not in action or action["card"] in ("fog", "mud"):
        return ""
    game = from_position(view)
    flag = game.flags[action["flag"] - 1]
    cards = [*flag.sides[seat], action["card"]]
    unseen = game.unseen() & ~TROOP_BIT.get(action["card"], 0)
    best = best_formation(cards, flag.size, flag.fog is not None, 0 if len(cards) >= flag.size else unseen)
    if best is None:
        return _("it spends a card where it costs least")
    shown = formation_words(best.name, best.total)
    if len(cards) >= flag.size:
        return _("it completes {formation}", formation=shown)
    return _("that side can still become {formation}", formation=shown)


def proven_words(chance: float | None) -> str:
    """The reason when the rest of the game was solved: the result with best play on both sides."""
    if chance == 1.0:
        return _("it wins, whatever the opponent plays")
    if chance == 0.0:
        return _("against best play every move now loses")
    return _("with best play on both sides the game ends in a draw")


def advice_line(advice: Advice, view: View, seat: str) -> str:
    """'Hard would play red 5 at flag 3: that side can still become Wedge 18. Your win chance: 62%'."""
    line = _("Hard would {move}", move=move_words(advice.action))  # two or three players (engine.ai.hard3)
    why = proven_words(advice.win_chance) if advice.proven else why_words(advice.action, view, seat)
    if why:
        line = _("{move}: {why}", move=line, why=why)
    if advice.win_chance is not None:
        line = _("{line}. Your win chance: {percent}%", line=line, percent=round(100 * advice.win_chance))
    return line
