"""Every screenshot scene's pixels as a hash, from a checkout, so two versions can be shown pixel-identical.

    python tools/screens_hash.py [--checkout DIR] [--scenes a,b] --out FILE.json
    python tools/screens_hash.py --compare OLD.json OLD2.json NEW.json

The first form renders each scene (`battleline screenshot`'s `render`, 1920x1080, seed 7, English) of the
checkout DIR (default: this one) in a child forked from one process that imported it, and writes
{scene: sha256 of its RGB bytes}. A scene that cannot be made is written as "error: ...". The children share the
parent's string hashing, so two runs (two parents) differ where a picture follows a set's order.

The second form lists the scenes whose hashes differ: between the two old runs (the picture changes from run to
run: clocks, codes, ...) and between old and new (the first old run), the ones that also differ between the old
runs marked so.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path


def _render_hash(scene: str) -> str:
    """The scene's pixels hashed (run in a forked child: nothing one scene sets up reaches the next)."""
    import pygame

    from tools.workshop.screenshot import render

    surface = render(scene, 7, (1920, 1080), "en")
    return hashlib.sha256(pygame.image.tobytes(surface, "RGB")).hexdigest()


def hashes(checkout: Path, scenes: list[str] | None) -> dict[str, str]:
    """{scene: hash} for the scenes of `checkout` (all of them when `scenes` is None)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(checkout))
    import pygame  # noqa: F401 - imported once, before the children are forked

    from tools.workshop.screenshot import SCENES

    out: dict[str, str] = {}
    for scene in scenes or sorted(SCENES):
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child renders and says the hash through the pipe
            os.close(read)
            try:
                said = _render_hash(scene)
            except BaseException as err:  # told as the scene's result, never a traceback
                said = f"error: {type(err).__name__}: {err}".splitlines()[0]
            os.write(write, said.encode())
            os._exit(0)
        os.close(write)
        with os.fdopen(read, "rb") as pipe:
            said = pipe.read().decode()
        os.waitpid(pid, 0)
        out[scene] = said or "error: no answer"
        print(f"{scene} {out[scene][:16]}", flush=True)
    return out


def compare(old: dict[str, str], old2: dict[str, str], new: dict[str, str]) -> dict[str, object]:
    """Which scenes differ: run to run on the old code, and old against new (those apart)."""
    flaky = sorted(s for s in old if old2.get(s) != old[s])
    return {"scenes": len(old), "identical_old_new": sum(new.get(s) == h for s, h in old.items()),
            "differ_old_runs": flaky,
            "differ_old_new_only": sorted(s for s in old if new.get(s) != old[s] and s not in flaky),
            "differ_old_new_also_old_runs": sorted(s for s in flaky if new.get(s) != old[s]),
            "errors": sorted(s for s, h in {**old, **new}.items() if h.startswith("error")),
            "only_new": sorted(set(new) - set(old))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkout", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--scenes", help="comma-separated scene names (default: every scene)")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--compare", nargs=3, type=Path, metavar=("OLD", "OLD2", "NEW"))
    args = parser.parse_args(argv)
    if args.compare:
        old, old2, new = (json.loads(p.read_text()) for p in args.compare)
        print(json.dumps(compare(old, old2, new), indent=1))
        return 0
    if args.out is None:
        parser.error("--out is needed to render")
    found = hashes(args.checkout.resolve(), args.scenes.split(",") if args.scenes else None)
    args.out.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
