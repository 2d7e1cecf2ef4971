"""Raw device events (mouse, keyboard, game controllers) become intents.

Scenes never look at key codes or buttons: they act on intents, so every scene works with each
device alone. The mapper also remembers the device used last, so on-screen prompts can name
the right button ("Enter", "A", "click").
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, TypeVar

import pygame

from game.i18n import N_, _

log = logging.getLogger(__name__)


class Kind(Enum):
    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"
    CONFIRM = "confirm"
    BACK = "back"
    CLAIM = "claim"
    DRAW = "draw"
    DRAW_TACTICS = "draw_tactics"
    LOG = "log"
    MENU = "menu"
    HINT = "hint"  # against a bot: the coach's suggestion (game.play.coach)
    UNDO = "undo"  # Take back, where the game offers it (game.play.undo)
    HELP = "help"  # the rules reference, from anywhere on the board
    FLAG = "flag"  # number in Intent.value (1-9)
    POINT = "point"  # the mouse moved: pos
    PRESS = "press"  # left button down at pos
    RELEASE = "release"  # left button up at pos (ends a click or a drag)
    SCROLL = "scroll"  # wheel: value = +1 up / -1 down
    TEXT = "text"  # typed characters in Intent.text (only while the top scene takes text)
    ERASE = "erase"  # Backspace while typing; elsewhere Backspace is BACK
    QUIT = "quit"


DIRECTIONS = (Kind.LEFT, Kind.RIGHT, Kind.UP, Kind.DOWN)


@dataclass(frozen=True)
class Intent:
    kind: Kind
    device: str  # "mouse", "keyboard", "controller", "system"
    pos: tuple[int, int] = (0, 0)
    value: int = 0
    text: str = ""


T = TypeVar("T")


class Clicks(Generic[T]):
    """Pointing moves the focus; a press and a release on the same target is a click on it."""

    def __init__(self) -> None:
        self.pressed: T | None = None

    def handle(self, intent: Intent, at: Callable[[tuple[int, int]], T | None]) -> tuple[T | None, T | None]:
        """(the target now focused, the target clicked), either None; only pointer intents count."""
        if intent.kind is Kind.POINT:
            return at(intent.pos), None
        if intent.kind is Kind.PRESS:
            self.pressed = at(intent.pos)
        elif intent.kind is Kind.RELEASE:
            hit, pressed, self.pressed = at(intent.pos), self.pressed, None
            clicked = hit if hit is not None and hit == pressed else None
            return clicked, clicked
        return None, None


_KEYS: dict[int, Kind] = {
    pygame.K_LEFT: Kind.LEFT, pygame.K_RIGHT: Kind.RIGHT, pygame.K_UP: Kind.UP, pygame.K_DOWN: Kind.DOWN,
    pygame.K_RETURN: Kind.CONFIRM, pygame.K_KP_ENTER: Kind.CONFIRM, pygame.K_SPACE: Kind.CONFIRM,
    pygame.K_ESCAPE: Kind.BACK,
    pygame.K_c: Kind.CLAIM, pygame.K_d: Kind.DRAW, pygame.K_t: Kind.DRAW_TACTICS, pygame.K_l: Kind.LOG,
    pygame.K_p: Kind.MENU, pygame.K_F10: Kind.MENU, pygame.K_F1: Kind.HELP, pygame.K_h: Kind.HELP,
    pygame.K_i: Kind.HINT, pygame.K_u: Kind.UNDO,
}
_PAD: dict[int, Kind] = {
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: Kind.LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT: Kind.RIGHT,
    pygame.CONTROLLER_BUTTON_DPAD_UP: Kind.UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN: Kind.DOWN,
    pygame.CONTROLLER_BUTTON_A: Kind.CONFIRM, pygame.CONTROLLER_BUTTON_B: Kind.BACK,
    pygame.CONTROLLER_BUTTON_Y: Kind.CLAIM, pygame.CONTROLLER_BUTTON_X: Kind.DRAW,
    pygame.CONTROLLER_BUTTON_BACK: Kind.LOG, pygame.CONTROLLER_BUTTON_START: Kind.MENU,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: Kind.DRAW_TACTICS, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: Kind.HELP,
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: Kind.HINT, pygame.CONTROLLER_BUTTON_LEFTSTICK: Kind.UNDO,
}
#: keys that still act while typing a name; every other key arrives as TEXT instead
_TYPING_KEYS: dict[int, Kind] = {
    pygame.K_LEFT: Kind.LEFT, pygame.K_RIGHT: Kind.RIGHT, pygame.K_UP: Kind.UP, pygame.K_DOWN: Kind.DOWN,
    pygame.K_RETURN: Kind.CONFIRM, pygame.K_KP_ENTER: Kind.CONFIRM, pygame.K_ESCAPE: Kind.BACK,
    pygame.K_BACKSPACE: Kind.ERASE, pygame.K_DELETE: Kind.ERASE,
}
#: words for each intent on each device, for on-screen prompts
GLYPHS: dict[str, dict[Kind, str]] = {
    "keyboard": {Kind.CONFIRM: "Enter", Kind.BACK: "Esc", Kind.CLAIM: "C", Kind.DRAW: "D",
                 Kind.DRAW_TACTICS: "T", Kind.LOG: "L", Kind.MENU: "P", Kind.FLAG: "1-9",
                 Kind.HELP: "F1", Kind.HINT: "I", Kind.UNDO: "U"},
    "controller": {Kind.CONFIRM: "(A)", Kind.BACK: "(B)", Kind.CLAIM: "(Y)", Kind.DRAW: "(X)",
                   Kind.DRAW_TACTICS: "(LB)", Kind.LOG: "Back", Kind.MENU: "Start", Kind.FLAG: "D-pad",
                   Kind.HELP: "(RB)", Kind.HINT: "(R3)", Kind.UNDO: "(L3)"},
    "mouse": {Kind.CONFIRM: N_("Click"), Kind.BACK: N_("Right-click"), Kind.CLAIM: N_("Click a glowing flag"),
              Kind.DRAW: N_("Click a deck"), Kind.DRAW_TACTICS: N_("Click a deck"), Kind.LOG: N_("Log"),
              Kind.MENU: N_("Menu"), Kind.FLAG: N_("Click"), Kind.HELP: N_("Rules"),
              Kind.HINT: N_("Hint"), Kind.UNDO: N_("Take back")},
}
STICK_DEAD = 16000


class InputMapper:
    """Turns pygame events into intents; owns the controllers that are plugged in."""

    def __init__(self) -> None:
        self.last_device = "keyboard"
        self.typing = False  # set by the shell while the top scene takes typed text
        self.controllers: dict[int, Any] = {}
        self._stick: dict[int, Kind | None] = {}
        self._sdl_controller: Any = None

    def start_controllers(self) -> None:
        """Open controllers already plugged in; later ones arrive as CONTROLLERDEVICEADDED."""
        try:
            from pygame._sdl2 import controller
        except ImportError:  # pragma: no cover - pygame built without SDL2 controller support
            return
        controller.init()
        self._sdl_controller = controller
        for index in range(controller.get_count()):
            self._open(index)

    def _open(self, index: int) -> bool:
        if self._sdl_controller is None:
            return False
        try:
            pad = self._sdl_controller.Controller(index)
            self.controllers[pad.as_joystick().get_instance_id()] = pad
        except (pygame.error, IndexError, TypeError) as exc:
            log.info("controller %s could not be opened: %s", index, exc)
            return False
        return True

    def glyph(self, kind: Kind) -> str:
        """The key, button or mouse gesture for `kind` on the device last used; mouse words are translated."""
        word = GLYPHS[self.last_device].get(kind, kind.value)
        return _(word) if self.last_device == "mouse" else word

    def translate(self, event: pygame.event.Event) -> list[Intent]:
        t = event.type
        if t == pygame.QUIT:
            return [Intent(Kind.QUIT, "system")]
        if t == pygame.KEYDOWN:
            return self._key(event)
        if t == pygame.TEXTINPUT:
            if not self.typing or not getattr(event, "text", ""):
                return []
            self.last_device = "keyboard"
            return [Intent(Kind.TEXT, "keyboard", text=event.text)]
        if t == pygame.MOUSEMOTION:
            self.last_device = "mouse" if event.rel != (0, 0) or self.last_device == "mouse" else self.last_device
            return [Intent(Kind.POINT, "mouse", pos=event.pos)]
        if t == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.last_device = "mouse"
            kind = Kind.PRESS if event.button == 1 else Kind.BACK
            return [Intent(kind, "mouse", pos=event.pos)]
        if t == pygame.MOUSEBUTTONUP and event.button == 1:
            self.last_device = "mouse"
            return [Intent(Kind.RELEASE, "mouse", pos=event.pos)]
        if t == pygame.MOUSEWHEEL:
            self.last_device = "mouse"
            return [Intent(Kind.SCROLL, "mouse", value=1 if event.y > 0 else -1)]
        if t == pygame.CONTROLLERBUTTONDOWN:
            self.last_device = "controller"
            pad_kind = _PAD.get(event.button)
            return [Intent(pad_kind, "controller")] if pad_kind else []
        if t == pygame.CONTROLLERAXISMOTION:
            return self._axis(event)
        if t == pygame.CONTROLLERDEVICEADDED:
            if self._open(getattr(event, "device_index", -1)):
                self.last_device = "controller"  # a pad just plugged in: show its buttons
            return []
        if t == pygame.CONTROLLERDEVICEREMOVED:
            pad = self.controllers.pop(getattr(event, "instance_id", -1), None)
            if pad is not None:
                try:
                    pad.quit()
                except pygame.error as exc:
                    log.info("controller already gone: %s", exc)
            if not self.controllers and self.last_device == "controller":
                self.last_device = "keyboard"
            return []
        return []

    def _key(self, event: pygame.event.Event) -> list[Intent]:
        self.last_device = "keyboard"
        if self.typing:
            typed = _TYPING_KEYS.get(event.key)
            return [Intent(typed, "keyboard")] if typed else []
        if event.key == pygame.K_BACKSPACE:
            return [Intent(Kind.BACK, "keyboard")]
        if pygame.K_1 <= event.key <= pygame.K_9:
            return [Intent(Kind.FLAG, "keyboard", value=event.key - pygame.K_0)]
        if pygame.K_KP1 <= event.key <= pygame.K_KP9:
            return [Intent(Kind.FLAG, "keyboard", value=event.key - pygame.K_KP1 + 1)]
        kind = _KEYS.get(event.key)
        return [Intent(kind, "keyboard")] if kind else []

    def _axis(self, event: pygame.event.Event) -> list[Intent]:
        """The left stick acts like the D-pad: one intent each time it leaves the centre."""
        if event.axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return []
        key = event.instance_id * 2 + event.axis
        if abs(event.value) < STICK_DEAD:
            self._stick[key] = None
            return []
        if event.axis == pygame.CONTROLLER_AXIS_LEFTX:
            kind = Kind.RIGHT if event.value > 0 else Kind.LEFT
        else:
            kind = Kind.DOWN if event.value > 0 else Kind.UP
        if self._stick.get(key) == kind:
            return []
        self._stick[key] = kind
        self.last_device = "controller"
        return [Intent(kind, "controller")]
