"""The tutorial's script: a guided first game in lessons, each a prepared position and one move to make.

Each lesson is built with engine.from_position from a few cards on the table and in the hand (the
rest of the 70 cards go to North's hand and the decks in a fixed order), so the lessons are the same
every time. The table offers only the lesson's move (and, after it, any draw), so the board's own
glow highlights exactly the targets the panel talks about.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine import Game, from_position
from engine.cards import TACTICS, TROOPS
from engine.notation_types import Action
from engine.position import FORMAT
from game.i18n import N_
from game.play.bot_client import IdleBot
from game.play.table import LocalTable


@dataclass(frozen=True)
class Lesson:
    title: str  # N_-marked: translated where shown
    text: str
    after: str  # said once the move is made
    south: dict[int, list[str]]
    north: dict[int, list[str]]
    hand: list[str]
    goal: Callable[[Action], bool]
    phase: str = "play"
    claimed: dict[int, str] = field(default_factory=dict)
    named: tuple[int, ...] = ()  # flags the words point at that the move does not use: kept in view too


def _play(card: str, flag: int | None = None) -> Callable[[Action], bool]:
    return lambda a: a["type"] == "play" and a.get("card") == card and (flag is None or a.get("flag") == flag)


def _claim(flag: int) -> Callable[[Action], bool]:
    return lambda a: a == {"type": "claim", "flag": flag}


LESSONS: tuple[Lesson, ...] = (
    Lesson(N_("1. Formations: the Wedge"),
           N_("Nine flags stand between you and Ben. Three cards on your side of a flag make a formation. "
              "The strongest is the Wedge: one colour, values in a row. Play the red 7 at flag 1 to make red 5-6-7."),
           N_("A Wedge! At the end of every turn you draw a card: choose the troop or the tactics deck."),
           {1: ["r5", "r6"]}, {1: ["y8", "y9"]}, ["r7", "b2", "g4", "o9", "p3", "y1", "b10"], _play("r7", 1)),
    Lesson(N_("2. The Phalanx"),
           N_("Second strongest is the Phalanx: three cards of the same value, any colours. "
              "Play the purple 8 at flag 4 beside the green and orange 8s."),
           N_("Three 8s: a Phalanx. It loses to any Wedge and beats everything below it."),
           {4: ["g8", "o8"]}, {4: ["b9", "b10"]}, ["p8", "r2", "g3", "y5", "o1", "b4", "p6"], _play("p8", 4)),
    Lesson(N_("3. Battalion, Skirmish, Host"),
           N_("Then come the Battalion (one colour, any values), the Skirmish (values in a row, any "
              "colours) and the Host (anything else). Equal ranks compare sums. Play the yellow 2 at flag 6."),
           N_("Yellow 9-4-2 is a Battalion with a sum of 15."),
           {6: ["y9", "y4"]}, {6: ["r1", "r2"]}, ["y2", "b5", "g7", "o3", "p10", "r8", "b1"], _play("y2", 6)),
    Lesson(N_("4. Claiming a flag"),
           N_("You have played your card; now you may claim. Your purple Wedge 7-8-9 at flag 2 can never be "
              "beaten: the best Ben could still make there is green 1-2-3. Claim flag 2: it glows."),
           N_("Flag 2 is yours for good. A claim needs proof from the cards in view: your own hand does not count."),
           {2: ["p7", "p8", "p9"]}, {2: ["g1", "g2"]}, ["r4", "o5", "y6", "b7", "g10", "r10"], _claim(2),
           phase="claim"),
    Lesson(N_("5. Tactics: a Leader"),
           N_("Tactics cards bend the rules. Alexander and Darius are Leaders: any colour, any value; you may play "
              "one Leader a game, and never more tactics than your opponent plus one. Play Alexander at flag 3."),
           N_("Alexander takes the best identity: blue 8 for a Wedge 8-9-10. Claim flag 3 now if you like."),
           {3: ["b9", "b10"]}, {3: ["r1"]}, ["alexander", "o4", "g6", "y3", "p2", "r5", "b6"],
           _play("alexander", 3)),
    Lesson(N_("6. Tactics: the Deserter"),
           N_("Guile tactics act once. The Deserter removes one card from Ben's side of an unclaimed flag. "
              "Ben's orange Wedge 8-9-10 at flag 5 beats yours: choose the Deserter, then his orange 10."),
           N_("The orange 10 is gone to Ben's discard pile, and his Wedge with it."),
           {5: ["g5", "g6"]}, {5: ["o8", "o9", "o10"]}, ["deserter", "r3", "y7", "b3", "p4", "o2", "g9"],
           lambda a: a.get("card") == "deserter" and a.get("target") == "o10"),
    Lesson(N_("7. Winning: Breakthrough"),
           N_("You win with three flags side by side (a Breakthrough) or any five (an Envelopment). "
              "You hold flags 4 and 5; your red Wedge at flag 6 is safe. Claim flag 6 to break through."),
           N_("Breakthrough: flags 4, 5 and 6. You know Battle Line now. Good luck, general!"),
           {4: ["b4", "b5", "b6"], 5: ["y7", "y8", "y9"], 6: ["r8", "r9", "r10"]},
           {4: ["g1"], 5: ["p1"], 6: ["o1", "o2"]}, ["g4", "p5", "r1", "b1", "y1", "g7"], _claim(6),
           phase="claim", claimed={4: "south", 5: "south"}, named=(4, 5)),
)


def build(lesson: Lesson, names: dict[str, str]) -> Game:
    """The lesson's position as a full game: unlisted cards fill North's hand, then the decks."""
    used = set(lesson.hand)
    for side in (lesson.south, lesson.north):
        for cards in side.values():
            used.update(cards)
    spare = [c for c in TROOPS if c not in used]
    spare = spare[1::2] + spare[::2]  # a fixed mix, so the draws are not all of one colour
    north_hand, troops = spare[:7], spare[7:]
    tactics = [c for c in TACTICS if c not in used]
    flags = []
    for n in range(1, 10):
        owner = lesson.claimed.get(n)
        flags.append({"north": lesson.north.get(n, []), "south": lesson.south.get(n, []), "fog": None, "mud": None,
                      "first_complete": None, "claimed": owner})
    position = {
        "format": FORMAT, "rules": {"tactics": True, "claim_timing": "standard"}, "to_move": "south",
        "flags": flags, "discards": {"north": [], "south": []},
        "hands": {"south": list(lesson.hand), "north": north_hand},
        "hand_sizes": {"south": len(lesson.hand), "north": 7},
        "decks": {"troops": troops, "tactics": tactics}, "phase": lesson.phase,
    }
    game = from_position(position)
    game.players = dict(names)
    return game


class TutorialTable(LocalTable):
    """A table that offers only the lesson's move, then any draw; North never moves."""

    def __init__(self, game: Game, lesson: Lesson) -> None:
        super().__init__(game, {"north": IdleBot()})
        self.lesson = lesson
        self.made = False  # the lesson's move has been played
        self.flags_used: set[int] = set()  # the flags that move went to, took from or claimed (its words name them)

    def legal_actions(self) -> list[Action]:
        legal = super().legal_actions()
        if self.phase == "draw" or (self.made and self.phase == "claim"):
            return legal
        return [a for a in legal if self.lesson.goal(a)]

    def submit(self, action: Action) -> None:
        super().submit(action)
        if self.lesson.goal(action):
            self.made = True
            self.flags_used |= {n for n in (action.get("flag"), action.get("from_flag"), action.get("to_flag")) if n}

    @property
    def finished(self) -> bool:
        """The lesson's move is made and the turn is over (or the game is won)."""
        return self.made and (self.to_move != "south" or self.game.over)

    def tick(self, ready: bool) -> None:
        """North does not play in the tutorial: each lesson is one turn of yours."""
