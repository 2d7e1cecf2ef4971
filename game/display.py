"""The window: scenes draw one 1920x1080 logical picture; SDL's renderer scales it to the window.

A `pygame.Window` with a `Renderer` whose logical size is 1920x1080 does what `pygame.SCALED` does
(letterboxed scaling on the GPU where there is one, mouse positions mapped back to logical pixels),
and, unlike SCALED through the display module, lets the game change the window size without the
deprecated `Window.from_display_module`. Where no renderer can be made, the display module's SCALED
mode is the fallback; it cannot change its size, so the size setting waits for the next start.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

log = logging.getLogger(__name__)
LOGICAL = (1920, 1080)
TITLE = "Battle Line"


class Display:
    """Shows `surface` (the logical picture) in a window of any size, windowed or fullscreen."""

    def __init__(self, size: tuple[int, int], fullscreen: bool) -> None:
        self.surface = pygame.Surface(LOGICAL)
        self.window: pygame.Window | None = None
        self._renderer: Any = None
        self._texture: Any = None
        try:
            self._open_renderer(size)
        except (pygame.error, ImportError, AttributeError) as exc:
            log.warning("no renderer for a scaled window (%s); using the display module", exc)
            self.window = None
            self._renderer = None
            flags = pygame.SCALED | (pygame.FULLSCREEN if fullscreen else 0)
            self.surface = pygame.display.set_mode(LOGICAL, flags)
            pygame.display.set_caption(TITLE)
            return
        if fullscreen:
            self.set_fullscreen(True)

    def _open_renderer(self, size: tuple[int, int]) -> None:
        from pygame._sdl2.video import Renderer, Texture

        self.window = pygame.Window(TITLE, size, resizable=True)
        renderer = Renderer(self.window)
        renderer.logical_size = LOGICAL
        self._texture = Texture(renderer, LOGICAL, streaming=True)
        self._renderer = renderer

    @property
    def size(self) -> tuple[int, int]:
        if self.window is not None:
            return tuple(self.window.size)  # type: ignore[return-value]
        return pygame.display.get_window_size()

    @property
    def fullscreen(self) -> bool:
        if self.window is None:
            return bool(pygame.display.is_fullscreen())
        return bool(self._fullscreen)

    _fullscreen = False

    def resize(self, size: tuple[int, int]) -> bool:
        """A new window size; the picture keeps its 16:9 shape inside it. False if it cannot change."""
        if self.window is None:
            log.info("window size %sx%s applies at the next start", *size)
            return False
        try:
            self.window.size = size
        except (pygame.error, ValueError) as exc:
            log.info("window size not changed: %s", exc)
            return False
        return True

    def set_fullscreen(self, on: bool) -> None:
        try:
            if self.window is None:
                if bool(pygame.display.is_fullscreen()) != on:
                    pygame.display.toggle_fullscreen()
            elif on:
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()
            self._fullscreen = on
        except pygame.error as exc:
            log.info("fullscreen %s failed: %s", "on" if on else "off", exc)

    def present(self) -> None:
        """Put the finished picture on screen."""
        if self._renderer is None or self._texture is None:
            pygame.display.flip()
            return
        self._texture.update(self.surface)
        self._renderer.clear()
        self._texture.draw()
        self._renderer.present()

    def close(self) -> None:
        if self.window is not None:
            self.window.destroy()
            self.window = None
