"""The window: scenes draw one 1920x1080 logical picture; SDL scales it to the window.

The picture goes to the screen through a `pygame.Window` and an SDL `Renderer` whose logical size is
1920x1080 (letterboxed, mouse positions given in logical pixels), from a texture made in the picture's
own pixel format, so showing a frame is one copy with no per-pixel conversion. The display module's
`pygame.SCALED` keeps its texture in another format than its surface: where SDL renders in software
(no GPU driver, a virtual screen, the headless driver) every frame is converted pixel by pixel, about
four times the work (`battleline bench render` reports which way was used). SCALED remains the fallback
when no renderer can be made, and `BATTLELINE_SCALED=1` selects it.
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
        if not os.environ.get("BATTLELINE_SCALED"):
            try:
                self._open_renderer(size)
                if fullscreen:
                    self.set_fullscreen(True)
                return
            except (pygame.error, ImportError, AttributeError) as exc:
                log.warning("no renderer for a scaled window (%s); using the display module", exc)
                self.close()
                self._renderer = self._texture = None
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
        self._texture = Texture.from_surface(renderer, self.surface)
        self._renderer = renderer

    @property
    def way(self) -> str:
        """How frames reach the screen: "renderer" (a Window, its Renderer and a texture in the picture's
        format) or "scaled" (the display module's SCALED)."""
        return "renderer" if self._renderer is not None else "scaled"

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
