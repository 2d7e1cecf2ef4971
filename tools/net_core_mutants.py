"""Break one core decision at a time, run issue 47's core tests, and restore the file (git checkout).

    python tools/net_core_mutants.py

Each line names a mutant and the tests that caught it: a core test no mutant fails proves nothing. It
refuses to touch a file with uncommitted changes (the checkout would lose them).
"""

from __future__ import annotations

import subprocess
import sys

TESTS = ["tests/test_net_core_seats.py", "tests/test_net_core_asking.py", "tests/test_net_core_leak.py"]

#: (what the mutant breaks, the file, the text replaced, its replacement)
MUTANTS = [
    (
        'seats full not refused',
        'net/host_seating.py',
        'if self._free_seat() is None:\n            self._refuse_full(identity)',
        'if False:\n            self._refuse_full(identity)',
    ),
    (
        'illegal action not refused',
        'net/host_relay.py',
        'except NotationError as exc:\n            self.state.error(identity, str(exc), seq, "illegal")',
        'except NotationError as exc:\n            pass',
    ),
    (
        'start sends no state',
        'net/host_relay.py',
        'self.state.started = True\n        self.state.send_state(len(self.state.events))',
        'self.state.started = True',
    ),
    (
        'watcher action not refused',
        'net/host_watching.py',
        'self.state.error(identity, "", seq, "not_a_player", IllegalAction("watcher_cannot_act"))',
        'pass',
    ),
    (
        'watcher bye keeps its place',
        'net/host_watching.py',
        'elif message["t"] == "bye":\n            self.state.watchers.drop(identity)',
        'elif message["t"] == "bye":\n            pass',
    ),
    (
        'watcher gets only new events',
        'net/host_watching.py',
        'state.watchers.state(state.game, state.events, self.state.have(message), state.started, only=identity)',
        'state.watchers.state(state.game, state.events, len(state.events), state.started, only=identity)',
    ),
    (
        'unseated bye answered',
        'net/host_seating.py',
        '        if message["t"] == "bye":\n            if self.state.admission',
        '        if message["t"] == "bye" and False:\n            if self.state.admission',
    ),
    (
        'names not cleaned',
        'net/host_seating.py',
        'self.state.admission.ask(identity, conn, guest_name(message["name"]),',
        'self.state.admission.ask(identity, conn, message["name"],',
    ),
    (
        "asking guest's bye ignored",
        'net/host_seating.py',
        '                self.state.admission.drop(link=identity)',
        '                pass',
    ),
    (
        "state shows the host's hand",
        'net/host_base.py',
        '"view": self.game.view(remote.seat)',
        '"view": self.game.view("south")',
    ),
    (
        'r48 refusals applied anyway',
        'net/host_relay.py',
        'except IllegalAction as exc:\n            self.state.error(identity, "", seq, "illegal", exc)',
        'except IllegalAction as exc:\n            self.state.game.actions.append(message["action"])',
    ),
]


def main() -> int:
    """Each mutant in turn; the exit status says whether some mutant survived every test."""
    survived = 0
    for name, path, old, new in MUTANTS:
        if subprocess.run(["git", "diff", "--quiet", "--", path], check=False).returncode:
            sys.exit(f"{path} has uncommitted changes: commit them first")
        with open(path, encoding="utf-8") as file:
            text = file.read()
        assert text.count(old) == 1, (name, text.count(old))
        with open(path, "w", encoding="utf-8") as file:
            file.write(text.replace(old, new))
        try:
            run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rf", "-p", "no:randomly",
                                  "-p", "no:cacheprovider", *TESTS], capture_output=True, text=True, check=False)
        finally:
            subprocess.run(["git", "checkout", "--", path], check=True)
        failed = sorted({line.split("::")[1].split(" ")[0] for line in run.stdout.splitlines()
                         if line.startswith("FAILED")})
        survived += not failed
        print(f"{name}: {len(failed)} failed: {', '.join(failed)}")
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
