"""How much of the bots' mask code still mirrors `Game` (issue 45), as one JSON object.

- `files`: `wc -l` of the four modules the issue counted (lean, lean3, lean_eval, lean_policy): most of
  them is now the one implementation, so this is an upper bound, not the mirror.
- `mirror`: the functions that still do on masks what `Game` does on its own state (the state updates
  of Lean and Lean3; every decision inside them is engine.rulebook's), each with its length in lines
  (its ast node's span, docstring included), and their sum `mirror_lines`.
- `game_side`: the Game-side halves of the bots' twins as main had them before this count was
  written (the normal evaluation, the easy rules, the normal bot's deck), with the length of each
  that is left: what is left translates the game into masks and asks the mask code (read them).

Usage: python tools/mirror_count.py
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

AI = Path(__file__).resolve().parent.parent / "engine" / "ai"
FILES = ("lean.py", "lean3.py", "lean_eval.py", "lean_policy.py")
#: The state updates `Game` has its own of (Game.apply and the steps it walks).
MIRROR = {
    "lean.py": ("Lean.apply", "Lean._play", "Lean._add", "Lean._remove", "Lean._draw", "Lean._check_win",
                "Lean._finish", "Lean._enter_step", "Lean._end_turn"),
    "lean3.py": ("Lean3._play", "Lean3._add"),
}
#: The Game-side twins of lean_eval and lean_policy before they became one (commit 61e6ad8).
GAME_SIDE = {
    "outlook.py": ("reach", "_best_with_wilds", "flag_odds", "opponent_key"),
    "forecast.py": ("future_draws", "Forecast.odds"),
    "normal.py": ("choose_deck",),
    "simple.py": ("SimpleBot._score", "SimpleBot._potential", "SimpleBot._placement", "SimpleBot._rule_fog",
                  "SimpleBot._rule_mud", "SimpleBot._rule_deserter", "SimpleBot._rule_traitor",
                  "SimpleBot._rule_redeploy", "SimpleBot._rule_scout", "SimpleBot._draw", "SimpleBot._scout_return"),
    "playout.py": ("PlayoutBot._potential",),
}


def functions(path: Path) -> dict[str, int]:
    """Every function and method of a module by qualified name, with its length in lines."""
    out: dict[str, int] = {}

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                walk(child, prefix + child.name + ".")
            elif isinstance(child, ast.FunctionDef):
                out[prefix + child.name] = (child.end_lineno or child.lineno) - child.lineno + 1
                walk(child, prefix + child.name + ".")

    walk(ast.parse(path.read_text()), "")
    return out


def main() -> None:
    files = {name: len((AI / name).read_text().splitlines()) for name in FILES}
    mirror = {}
    for name, wanted in MIRROR.items():
        found = functions(AI / name)
        mirror.update({f"{name}:{q}": found[q] for q in wanted})
    game_side = {}
    for name, wanted in GAME_SIDE.items():
        found = functions(AI / name) if (AI / name).exists() else {}
        game_side.update({f"{name}:{q}": found.get(q, 0) for q in wanted})
    print(json.dumps({"files": files, "files_lines": sum(files.values()), "mirror": mirror,
                      "mirror_lines": sum(mirror.values()), "game_side": game_side,
                      "game_side_lines": sum(game_side.values())}, indent=1))


if __name__ == "__main__":
    main()
