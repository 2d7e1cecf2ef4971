"""The board's banners (toasts): what one says, when it shows and fades, and the list after one more is said.

What the board's helpers need of the board itself is in scenes.board_roles.
"""

from __future__ import annotations

from game.play.flow import Target

TOAST_TIME = 3.0  # a banner fades after about three seconds (it never waits for the next action)
TOAST_MAX = 6.0
TOAST_FADE = 0.5

class Toast:
    def __init__(self, lines: list[str], colour: tuple[int, int, int], until: float, title: str = "",
                 start: float = 0.0, queued: bool = False, about: Target | None = None) -> None:
        self.lines, self.colour, self.until, self.title = lines, colour, until, title
        self.start, self.queued = start, queued
        self.about = about  # the card or flag the words are about: the banner never covers it
        # how its words are laid out per width is the board's BannerView's (scenes.board_banner), by its words

    def alpha(self, now: float) -> float:
        """1 while shown, fading to 0 over its last half second, 0 before its turn."""
        if now < self.start:
            return 0.0
        return max(0.0, min(1.0, (self.until - now) / TOAST_FADE))


def with_toast(toasts: list[Toast], now: float, lines: list[str], bad: bool = False, title: str = "",
               good: bool = False, queued: bool = False, about: Target | None = None) -> list[Toast]:
    """The banners after one more is said at `now`: a refusal shows at once (the unqueued ones before it go),
    `queued` ones (the other side's moves) follow each other."""
    from game.ui import art

    colour = art.BAD if bad else (art.GOOD if good else art.CREAM)
    words = sum(len(line) for line in lines) + len(title)
    duration = min(TOAST_MAX, TOAST_TIME + words / 40)  # ~3 s, a little more for a long proof
    start = now
    if queued:
        start = max([start, *(t.until for t in toasts if t.queued)])
    else:
        toasts = [t for t in toasts if t.queued]
    return [*toasts, Toast(lines, colour, start + duration, title, start, queued, about)]
