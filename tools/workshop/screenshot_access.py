"""Screenshot scenes for the tutorial and the sound and accessibility options."""

from __future__ import annotations

from typing import Any


def _tutorial(index: int, picks: int = 0, finish: bool = False) -> Any:
    def make(app: Any, seed: int) -> None:
        from scenes.tutorial import TutorialScene

        scene = TutorialScene(app, index)
        app.push(scene)
        cands = sorted(scene.model.flow.candidates(), key=str)
        if picks:
            scene.model.flow.pick(cands[0])
            scene.relayout()
        scene.model.focus = next(iter(sorted(scene.model.flow.candidates(), key=str)), scene.model.focus)
        if finish:
            scene.submit(scene.table.legal_actions()[0])
            while scene.table.legal_actions():
                scene.submit(scene.table.legal_actions()[0])
    return make


def _with(options: dict[str, Any], scene: str) -> Any:
    def make(app: Any, seed: int) -> None:
        from tools.workshop.screenshot import SCENES

        for key, value in options.items():
            setattr(app.settings, key, value)
        app.apply_settings()
        SCENES[scene](app, seed)
    return make


def _access_menu(app: Any, seed: int) -> None:
    from scenes.accessibility_scene import AccessibilityScene

    app.push(AccessibilityScene(app))


def _access_over_settings(app: Any, seed: int) -> None:
    """Sound and accessibility opened from Settings, opened from the pause menu of a game."""
    from scenes.accessibility_scene import AccessibilityScene
    from scenes.settings_scene import SettingsScene
    from tools.workshop.screenshot import _over_board

    _over_board("board")(app, seed)
    app.push(SettingsScene(app))
    app.push(AccessibilityScene(app))


ACCESS_SCENES: dict[str, Any] = {
    "access-over-settings": _access_over_settings,
    "tutorial": _tutorial(0), "tutorial-claim": _tutorial(3), "tutorial-deserter": _tutorial(5, picks=1),
    "tutorial-leader-done": _tutorial(4, finish=True), "tutorial-end": _tutorial(6, finish=True),
    "accessibility": _access_menu,
    "high-contrast": _with({"high_contrast": True}, "board"),
    "high-contrast-menu": _with({"high_contrast": True}, "accessibility"),
    "large-text": _with({"text_size": "large"}, "board"),
}
