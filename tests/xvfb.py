"""An Xvfb server on a free display number, for the tests that open a real window (Debian: xvfb)."""

from __future__ import annotations

import subprocess


def start_xvfb(size: str = "1280x720x24") -> tuple[subprocess.Popen[str], str]:
    """Xvfb started on the display it picks and tells through -displayfd; the process and ":N"."""
    proc = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", size, "-nolisten", "tcp"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    number = proc.stdout.readline().strip()
    assert number.isdigit(), "Xvfb named no display"
    return proc, f":{number}"
