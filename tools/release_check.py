"""The release workflow's checks and words: a tag must name the version in pyproject.toml; the notes.

`python tools/release_check.py v0.1.0` exits non-zero (one line) when the tag is not `v` + the version, so a
release never carries archives named for another version. `--notes` prints the Release's text: which archive
to take, the oldest systems it starts on, the checksums, and the first start of an unsigned game on macOS and
Windows. Standard library only: it runs before anything is installed.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The oldest glibc the Linux archive needs (the release workflow's GLIBC_FLOOR, checked by its smoke test).
GLIBC_FLOOR = "2.28"

NOTES = """\
Battle Line {version}: unpack the archive for your system anywhere and start the game inside. No Python needed.

- **Linux x86_64**, glibc {glibc} or newer (Debian 10+, Ubuntu 20.04+, Fedora, RHEL/Alma/Rocky 8+):
  `battleline-{version}-linux-x86_64.tar.gz`. Start `./battleline` in the folder;
  `./battleline --install-desktop` adds it to your applications menu (`--uninstall-desktop` takes it away).
- **Windows 10/11 x86_64**: `battleline-{version}-windows-x86_64.zip`. Start `battleline.exe` (the game, no
  console); `battleline-cli.exe` runs the commands in a terminal.
- **macOS on Apple silicon**: `battleline-{version}-macos-arm64.tar.gz`; **macOS on Intel**:
  `battleline-{version}-macos-x86_64.tar.gz`. Start `Battle Line.app`.

Check a download: `sha256sum -c SHA256SUMS --ignore-missing` (macOS: `shasum -a 256 -c SHA256SUMS --ignore-missing`;
Windows PowerShell: `Get-FileHash battleline-{version}-windows-x86_64.zip` and compare with the line in SHA256SUMS).

The game is not signed, so the first start asks once:
- **macOS**: double-clicking says the app "cannot be opened" / "could not be verified". Click *Done* (or *OK*),
  open *System Settings → Privacy & Security*, scroll to "Battle Line.app was blocked", click *Open Anyway* and
  confirm with your password. (Or, in Terminal: `xattr -dr com.apple.quarantine "Battle Line.app"`.)
- **Windows**: SmartScreen says "Windows protected your PC". Click *More info*, then *Run anyway*.

The Windows and macOS archives were built and smoke-tested on GitHub's runners only; nobody on the project has
started them on a real Windows or Mac. Reports are welcome.
"""


def version() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tag", help="the pushed tag, e.g. v0.1.0")
    parser.add_argument("--notes", action="store_true", help="print the Release's notes (Markdown)")
    args = parser.parse_args(argv)
    wanted = f"v{version()}"
    if args.tag != wanted:
        print(f"release: the tag {args.tag!r} is not {wanted!r}, the version in pyproject.toml", file=sys.stderr)
        return 1
    if args.notes:
        print(NOTES.format(version=version(), glibc=GLIBC_FLOOR), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
