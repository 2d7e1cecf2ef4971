"""Saving never ends a LAN game nor loses a seat (issue 48, item 2): a full disk, a read-only folder, no
file descriptors left. The game goes on in memory for every seat, the host says once that it is not
being saved, and saves again at the next change once it can."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from disk_helpers import fill, play_out, pump, remount, small_disk
from net_helpers import CLI, last_json

from engine import Rules
from net.guest import Guest
from net.host import Host


def test_full_disk_host_plays_a_whole_game_with_a_guest_and_says_so_once(tmp_path: Path) -> None:
    """`battleline host --save` on a full 64 KiB tmpfs: the host starts, seats the guest (its first save
    fails right there), plays to the end with it, and says once on standard error that it cannot save."""
    with small_disk(tmp_path / "disk") as disk:
        fill(disk)
        log = tmp_path / "host.log"
        host = subprocess.Popen(
            [*CLI, "host", "--headless", "--bot", "random", "--bind", "127.0.0.1", "--port", "0", "--code", "4321",
             "--accept-any", "--save", str(disk / "save.json"), "--timeout", "120"],
            stdout=subprocess.PIPE, stderr=log.open("w"), text=True)
        assert host.stdout is not None
        ready = host.stdout.readline()
        assert ready, f"the host did not start: {log.read_text()}"
        port = json.loads(ready)["listening"]
        guest = subprocess.Popen(
            [*CLI, "join", f"127.0.0.1:{port}", "--headless", "--bot", "random", "--code", "4321"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            played = last_json(guest, timeout=150)
            out, _ = host.communicate(timeout=60)
        finally:
            for proc in (host, guest):
                proc.kill()
                proc.wait(10)
        assert host.returncode == 0, log.read_text()
        said = json.loads(out.strip().splitlines()[-1])
        assert said["result"] == played["result"] and said["result"] is not None
        text = log.read_text()
        assert text.count("cannot save the game") == 1, text
        assert "No space left on device" in text
        assert not (disk / "save.json").exists() and not list(disk.glob("*.tmp")), "no half-written file is left"


def test_read_only_folder_keeps_the_game_and_the_seat_and_saves_again_once_writable(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The save folder turns read-only mid-game: moves go on, the guest who drops and comes back with
    its token gets its seat, the host says it once; made writable, the next move saves the whole game."""
    caplog.set_level(logging.WARNING, logger="battleline.host")
    with small_disk(tmp_path / "disk") as disk:
        host = Host.new(rules=Rules(), seed=4, code="2468", host_name="Ana", accept_any=True,
                        save_path=disk / "save.json")
        guest = Guest(f"127.0.0.1:{host.port}", code="2468", name="Ben")
        back: Guest | None = None
        try:
            assert host.save()
            guest.connect()
            pump(host, guest, until=lambda: guest.seen.seat is not None)
            host.start()
            play_out(host, guest, moves=4)
            remount(disk, "ro")
            play_out(host, guest, moves=4)
            assert host.save_problem is not None and "Read-only" in host.save_problem
            token = guest.seen.token
            guest.close()
            back = Guest(f"127.0.0.1:{host.port}", code="0000", name="Ben", token=token)
            back.connect()
            pump(host, back, until=lambda: back is not None and back.seen.seat == "north")
            play_out(host, back, moves=6)
            remount(disk, "rw")
            play_out(host, back, moves=2)
            assert host.save_problem is None
            saved = json.loads((disk / "save.json").read_text(encoding="utf-8"))
            assert len(saved["record"]["actions"]) == len(host.seen.game.actions)
            assert saved["guests"]["north"]["token"] == token
            play_out(host, back)
            pump(host, back, until=lambda: back is not None and back.seen.record is not None)
            assert host.seen.game.over
        finally:
            remount(disk, "rw")
            host.close()
            guest.close()
            if back is not None:
                back.close()
    told = [r.getMessage() for r in caplog.records if "cannot save the game" in r.getMessage()]
    assert len(told) == 1 and "the game goes on but is not being saved" in told[0]
    assert sum("saved again" in r.getMessage() for r in caplog.records) == 1


def test_a_seat_is_granted_and_told_in_one_step_on_a_full_disk(tmp_path: Path) -> None:
    """The first save comes as the guest is let in: on a full disk the guest is still told its seat
    (the old code raised between giving the seat a token and telling the guest, and every retry got
    "this game already has a guest")."""
    with small_disk(tmp_path / "disk") as disk:
        host = Host.new(rules=Rules(), seed=5, code="1357", host_name="Ana", accept_any=True,
                        save_path=disk / "save.json")
        fill(disk)
        guest = Guest(f"127.0.0.1:{host.port}", code="1357", name="Ben")
        try:
            guest.connect()
            pump(host, guest, until=lambda: guest.seen.seat is not None or guest.seen.refused is not None)
            assert guest.seen.seat == "north" and guest.seen.token == host.seen.remotes["north"].token
            assert guest.seen.refused is None
            host.start()
            play_out(host, guest)
            pump(host, guest, until=lambda: guest.seen.record is not None)
        finally:
            host.close()
            guest.close()


NO_FILES = textwrap.dedent("""
    import json, os, resource, sys
    from pathlib import Path
    sys.path[:0] = [{tests!r}]
    from disk_helpers import play_out, pump
    from engine import Rules
    from net.guest import Guest
    from net.host import Host

    resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))
    host = Host.new(rules=Rules(), seed=7, code="1122", host_name="Ana", accept_any=True, save_path=Path({save!r}))
    guest = Guest(f"127.0.0.1:{{host.port}}", code="1122", name="Ben")
    guest.connect()
    pump(host, guest, until=lambda: guest.seen.seat is not None)
    host.start()
    play_out(host, guest, moves=3)
    held = []
    try:
        while True:  # every descriptor this process may open: the next save cannot open its file
            held.append(os.open(os.devnull, os.O_RDONLY))
    except OSError:
        pass
    play_out(host, guest, moves=6)
    problem = host.save_problem
    for fd in held:
        os.close(fd)
    play_out(host, guest)
    pump(host, guest, until=lambda: guest.seen.record is not None)
    saved = json.load(open({save!r}))
    print(json.dumps({{"problem": problem, "over": host.seen.game.over, "record": guest.seen.record is not None,
                      "saved": len(saved["record"]["actions"]), "actions": len(host.seen.game.actions),
                      "now": host.save_problem}}))
    host.close()
    guest.close()
""")


def test_no_file_descriptors_left_keeps_the_game_going(tmp_path: Path) -> None:
    """A host under RLIMIT_NOFILE with every descriptor taken: saving fails with "Too many open files",
    the game goes on; with descriptors back, the next move saves the whole game."""
    save = tmp_path / "save.json"
    script = NO_FILES.format(tests=str(Path(__file__).parent), save=str(save))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=180,
                          cwd=Path(__file__).parents[1], check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["problem"] is not None and "Too many open files" in out["problem"]
    assert out["over"] and out["record"] and out["now"] is None
    assert out["saved"] == out["actions"]
    assert done.stderr.count("cannot save the game") == 1, done.stderr


def test_saves_holding_codes_and_tokens_are_private(tmp_path: Path) -> None:
    """A LAN save holds the join code and the seats' tokens: readable by its owner only (0600)."""
    save = tmp_path / "save.json"
    save.write_text("{}", encoding="utf-8")
    save.chmod(0o644)  # an older save, written before
    host = Host.new(rules=Rules(), seed=8, code="3344", host_name="Ana", save_path=save)
    try:
        assert host.save()
    finally:
        host.close()
    assert save.stat().st_mode & 0o777 == 0o600


def test_the_note_of_a_joined_game_is_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The guest's note of a joined game holds the join code and its session token: owner only (0600)."""
    monkeypatch.setenv("BATTLELINE_DATA_DIR", str(tmp_path / "data"))
    from game.keep.lan_store import joined_path, remember_joined

    remember_joined("127.0.0.1:47110", token="ab" * 16, code="1234", seat="north", players={"south": "Ana"},
                    flags={"south": 0, "north": 0}, actions=3, match=None)
    note = joined_path("127.0.0.1:47110")
    assert note.exists() and note.stat().st_mode & 0o777 == 0o600
    assert not list(note.parent.glob(".*.tmp"))
