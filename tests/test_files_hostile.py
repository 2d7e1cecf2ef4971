"""Files that can never stop the game (issue 15, items 6-9): a huge integer, JSON nested 100,000
deep, a FIFO, a link to /dev/zero or an oversized file in place of any data file is set aside (or
refused) with a notice, within seconds, in a process whose memory is capped."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.jsonfile import MAX_BYTES, DataFileError, read_bytes, read_json_file
from game.keep.files import take_notices
from game.keep.settings import load_settings, settings_path

HUGE_INT = '{"format": "battleline-save/1", "seed": ' + "9" * 5000 + "}"
DEEP = "[" * 100_000 + "]" * 100_000
POSIX = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero are POSIX")

#: every reader of a data file, run in a child process; each prints one line as it finishes
SWEEP = r"""
import json, sys
from pathlib import Path
data, config, pos = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])

def run(name, call):
    try:
        out = repr(call())[:60]
    except Exception as exc:
        out = type(exc).__name__
    print(json.dumps([name, out]), flush=True)

from game.play.saves import load_save
from game.keep.records import library, import_inbox, read_record_file
from game.keep.stats import load_stats
from game.keep.settings import load_settings
from game.keep.lan_store import guest_token
from game.keep.files import take_notices
from net.host import Host
from scenes.host_choices import saved_game_waiting
from engine.run.tools import read_json

run("saves", load_save)
run("records", library)
run("import", import_inbox)
run("stats", load_stats)
run("settings", lambda: load_settings().names)
run("tokens", lambda: guest_token("10.0.0.1:47110"))
run("lan-waiting", saved_game_waiting)
from game.keep.lan_saved import lan_saves
run("lan-continue", lan_saves)
run("lan-resume", lambda: Host.resume(data / "lan-host-game.json", port=0, bind="127.0.0.1"))
run("position", lambda: read_json(str(pos)))
run("watch", lambda: read_record_file(data / "games" / "kept.json"))
print(json.dumps(["notices", len(take_notices())]), flush=True)
"""
SET_ASIDE = ["current.json", "games/kept.json", "import/incoming.json", "stats.json"]
#: the old single host save, a host save per peer, and a guest's note (of the game joined at 10.0.0.1:47110)
LAN_SET_ASIDE = ["lan-host-game.json", "lan-host-ben-6700869c.json", "lan-joined/10-0-0-1-47110-0949369d.json"]


def _plant(path: Path, kind: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "devzero":
        path.symlink_to("/dev/zero")
    elif kind == "huge":
        with path.open("wb") as f:
            f.truncate(MAX_BYTES + 1)  # sparse: costs no disk
    else:
        path.write_text(HUGE_INT if kind == "bigint" else DEEP)


def _cap_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))


@POSIX
@pytest.mark.parametrize("kind", ["bigint", "deep", "fifo", "devzero", "huge"])
def test_every_data_file_reader_survives_a_hostile_file(tmp_path: Path, kind: str) -> None:
    data, config, pos = tmp_path / "data", tmp_path / "config", tmp_path / "position.json"
    for rel in [*SET_ASIDE, *LAN_SET_ASIDE, "lan-guest-tokens.json"]:
        _plant(data / rel, kind)
    _plant(config / "settings.json", kind)
    _plant(pos, kind)
    env = {**os.environ, "BATTLELINE_DATA_DIR": str(data), "BATTLELINE_CONFIG_DIR": str(config)}
    proc = subprocess.run([sys.executable, "-c", SWEEP, str(data), str(config), str(pos)], env=env,
                          capture_output=True, text=True, timeout=60, preexec_fn=_cap_memory)
    lines = dict(json.loads(line) for line in proc.stdout.splitlines() if line.startswith("["))
    assert proc.returncode == 0, f"{kind}: {lines} {proc.stderr[-800:]}"
    assert lines["saves"] == "None" and lines["records"] == "[]" and lines["import"] == "(0, 1)"
    assert lines["stats"].startswith("Stats(") and lines["settings"] == "['Ana', 'Ben']"
    assert lines["tokens"] == "None" and lines["lan-waiting"] == "False" and lines["lan-continue"] == "[]"
    assert lines["lan-resume"] == "NotationError" and lines["position"] == "NotationError"
    assert lines["watch"] in ("BadFile", "FileNotFoundError")  # set aside already by the library
    for rel in [*SET_ASIDE, *LAN_SET_ASIDE, "../config/settings.json"]:
        target = (data / rel).resolve() if rel.startswith("..") else data / rel
        assert not os.path.lexists(target), f"{rel} was not set aside"
        assert os.path.lexists(target.with_name(target.name + ".bad")), f"{rel}.bad missing"
    assert lines["notices"] >= len(SET_ASIDE) + len(LAN_SET_ASIDE) + 1, "each file set aside is told"


def test_a_huge_integer_or_deep_nesting_is_a_plain_reason(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text(HUGE_INT)
    with pytest.raises(DataFileError) as err:
        read_json_file(path)
    assert err.value.kind == "big_number"
    path.write_text(DEEP)
    with pytest.raises(DataFileError) as err:
        read_json_file(path)
    assert err.value.kind == "too_deep"
    path.write_text("[" * 70 + "]" * 70)  # parses, but deeper than any real file: later code recurses
    with pytest.raises(DataFileError) as err:
        read_json_file(path)
    assert err.value.kind == "too_deep"
    path.write_text('{"seed": 18446744073709551615, "x": [[[1]]]}')
    assert read_json_file(path) == {"seed": 2**64 - 1, "x": [[[1]]]}


@POSIX
def test_the_reader_refuses_pipes_and_devices_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    link = tmp_path / "zero"
    link.symlink_to("/dev/zero")
    for path in (fifo, link, tmp_path):
        with pytest.raises(DataFileError) as err:
            read_bytes(path)
        assert err.value.kind == "not_a_file"


def test_a_bad_settings_file_is_set_aside_with_a_notice() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json")
    take_notices()
    assert load_settings().names == ["Ana", "Ben"]
    assert not path.exists() and path.with_name("settings.json.bad").read_text() == "{not json"
    notices = take_notices()
    assert notices and "settings.json.bad" in notices[0]


@pytest.fixture(autouse=True)
def _config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))


def test_the_game_starts_with_a_deeply_nested_settings_file(tmp_path: Path) -> None:
    config = tmp_path / "config"
    config.mkdir(exist_ok=True)
    (config / "settings.json").write_text(DEEP)
    env = {**os.environ, "BATTLELINE_CONFIG_DIR": str(config), "BATTLELINE_FIRST_FRAME": "1",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.run([sys.executable, "-m", "app.cli"], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-800:]
    assert (config / "settings.json.bad").exists()


def test_host_resume_of_a_deeply_nested_lan_save_says_why_and_exits(tmp_path: Path) -> None:
    save = tmp_path / "lan.json"
    save.write_text('{"format": "battleline-lan-save/1", "record": ' + DEEP + "}")
    proc = subprocess.run([sys.executable, "-m", "app.cli", "host", "--headless", "--resume", str(save),
                           "--port", "0", "--bind", "127.0.0.1", "--accept-any"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert proc.stderr.startswith("battleline host:") and "nested too deeply" in proc.stderr
    assert "Traceback" not in proc.stderr
