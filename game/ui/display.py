"""The window: scenes draw one 1920x1080 logical picture; SDL scales it to the window.

Two ways, measured (`battleline bench render`): the display module's `pygame.SCALED` draws straight
into a surface of the texture's own pixel format, so showing a frame is one upload; a `pygame.Window`
with a `_sdl2` `Renderer` (the non-deprecated API) converts the whole 1920x1080 picture to the
texture's format every frame, about 1 ms more per frame on this machine. Frames matter more, so
SCALED is used, and only its window-size change goes through `Window.from_display_module`, whose
deprecation notice is about drawing through it (we do not): it is silenced in that one call.
`BATTLELINE_RENDERER=1` selects the Renderer way.
"""

from __future__ import annotations

import logging
import os
import warnings
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
        if os.environ.get("BATTLELINE_RENDERER"):
            try:
                self._open_renderer(size)
                if fullscreen:
                    self.set_fullscreen(True)
                return
            except (pygame.error, ImportError, AttributeError) as exc:
                log.warning("no renderer for a scaled window (%s); using the display module", exc)
                self.window = None
                self._renderer = None
        flags = pygame.SCALED | (pygame.FULLSCREEN if fullscreen else 0)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "no fast renderer available" under the headless driver
            self.surface = pygame.display.set_mode(LOGICAL, flags)
        pygame.display.set_caption(TITLE)
        if not fullscreen:
            self.resize(size)

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
        try:
            if self.window is None:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", DeprecationWarning)
                    pygame.Window.from_display_module().size = size
                return True
            self.window.size = size
        except (pygame.error, ValueError, AttributeError) as exc:
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
