"""The board's model (game.play.board_model) runs with pygame unimportable: choices, focus and the turn story
are plain data that the screen only shows."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Run in a fresh interpreter where `import pygame` fails, so nothing on the way may need it.
CHILD = r"""
import sys
sys.modules["pygame"] = None  # any import of pygame now raises ImportError

from engine import Game
from game.play.board_model import BoardModel
from game.play.flow import Flow

game = Game.new(seed=5, first="south")
model = BoardModel("south", flow=Flow([], "south"))
model.choose(game.legal_actions())

# the focus goes to the first choice among what is shown, not to the Menu button shown before it
hand = sorted(t for t in model.flow.candidates() if t[0] == "hand")
assert hand, model.flow.candidates()
model.fix_focus([("button", "menu"), *hand])
assert model.focus == hand[0], model.focus
assert model.playable() == set(hand), model.playable()

# two picks make a play: a hand card, then a flag it may go to
assert model.flow.pick(hand[0]) is None
flags = sorted(t for t in model.flow.candidates() if t[0] == "flag")
assert flags, model.flow.candidates()
model.fix_focus([("button", "menu"), *flags])
assert model.focus == flags[0], model.focus
action = model.flow.pick(flags[0])
assert action is not None and action["type"] == "play" and action["card"] == hand[0][1], action
assert action["flag"] == flags[0][1], action

# south's own turn is not captioned on south's screen; north's is, and it is the story told
def turn_of(seat):
    out = []
    while game.to_move == seat and game.result is None:
        out += game.apply(game.legal_actions()[0])
    return out

for event in game.apply(action) + turn_of("south"):
    model.log.append(event)
    model.note_turn(event)
assert model.last_turn is None and model.story() == []
north = turn_of("north")
for event in north:
    model.log.append(event)
    model.note_turn(event)
assert model.last_turn is not None and model.last_turn[0] == "north", model.last_turn
assert model.story() == [model.last_turn]
assert model.last_turn[1] == [e for e in north if e["type"] != "turn"], (model.last_turn, north)  # the turn's end

# Continue rebuilds the same story from the log; a hot-seat screen captions both sides
model.recall_last_turn(["south"])
assert model.story() and model.story()[0][0] == "north"
assert not model.captions_turn_of("south") and BoardModel("south", hotseat=True).captions_turn_of("south")

# R9: Pass alone means a forced pass, on this side's turn only
model.choose([{"type": "pass", "seat": "south"}])
assert model.forced_pass(True) and not model.forced_pass(False)

loaded = sorted(name for name, mod in sys.modules.items() if name.startswith("pygame") and mod is not None)
assert not loaded, loaded
print("model ok")
"""


def test_the_board_model_drives_choices_and_the_story_without_pygame() -> None:
    done = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "model ok", done.stderr[-3000:]
