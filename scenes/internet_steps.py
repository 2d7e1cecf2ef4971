"""What a wormhole tunnel is doing, in the player's words: the steps and failures both internet screens say."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import N_, _
from game.ui import art

if TYPE_CHECKING:
    import pygame

    from game.keep.settings import Settings
    from game.ui.widgets import Menu
    from net.internet.link import Options, Tunnel

STEPS = {
    "starting": N_("Connecting to the mailbox\u2026"),
    "mailbox": N_("Connecting to the mailbox\u2026"),
    "code": N_("Waiting for your friend\u2026"),
    "waiting": N_("Waiting for your friend\u2026"),
    "key": N_("The code matched: finding a path\u2026"),
    "reconnecting": N_("The link dropped: reconnecting\u2026"),
}
PATHS = {"direct": N_("Connected directly"), "relayed": N_("Connected through the relay")}
FAILURES = {
    "wrong_code": N_("Wrong code: check the words (your friend's game keeps waiting)"),
    "code_used": N_("That code is already in use: ask your friend for a new one"),
    "no_host": N_("Nobody is waiting with that code: check the number"),
    "mailbox_unreachable": N_("Cannot reach the mailbox server: check the internet connection"),
    "mailbox_refused": N_("The mailbox server refused that code"),
    "no_path": N_("No path to your friend, not even through the relay"),
    "broken": N_("The internet link stopped"),
}


def wormhole_options(settings: Settings) -> Options:
    """The mailbox and relay both internet screens use: the settings' choice, else the environment's, else the
    public servers (net.internet.link.Options.from_env)."""
    from net.internet.link import Options

    return Options.from_env(settings.wormhole_mailbox, settings.wormhole_transit)


def step_words(tunnel: Tunnel) -> tuple[str, tuple[int, int, int]]:
    """The line a screen shows for one tunnel, and its colour."""
    if tunnel.failure is not None:
        return _(FAILURES.get(tunnel.failure, FAILURES["broken"])), art.BAD
    if tunnel.path is not None and tunnel.step in ("path", "connected"):
        return _(PATHS.get(tunnel.path, PATHS["direct"])), art.GOOD
    if tunnel.tried and tunnel.step in ("code", "waiting"):
        return _("Someone tried a wrong code; still waiting for your friend\u2026"), art.MUTED
    return _(STEPS.get(tunnel.step, STEPS["waiting"])), art.MUTED


def draw_entry_foot(surface: pygame.Surface, buttons: Menu, on_buttons: bool, hint: str) -> None:
    """A typed entry's buttons (their focus shown only while the keys are on them) and its key hint at the foot:
    Join over the internet's and Settings -> Internet servers' screens."""
    from game.ui.text import fitted

    focus = buttons.focus
    if not on_buttons:
        buttons.focus = -1
    buttons.draw(surface)
    buttons.focus = focus
    img = fitted(hint, 28, 1840, art.MUTED)
    surface.blit(img, img.get_rect(midbottom=(960, 1050)))
