"""`battleline host` and `battleline join`: headless bot-against-bot LAN games (the tests use them).

Both print one JSON line when ready (`{"listening": PORT, "code": CODE}` from the host) and one JSON
line with the result and the game record at the end. Errors are one line on standard error.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import secrets
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import zmq

from engine import Game, IllegalAction, NotationError, Rules
from engine.jsonfile import DataFileError, read_bytes
from engine.notation_types import Result

from .admission import CODE_DIGITS, new_code
from .cli_args import host_refusal, join_refusal
from .guest import Guest
from .host import Host
from .lan_save import unfinished


def _bot(level: str, seed: int) -> Any:
    from engine.ai import make_bot

    return make_bot(level, seed=seed)


def _say(data: dict[str, Any]) -> None:
    print(json.dumps(data), flush=True)


def _fail(command: str, reason: str) -> int:
    print(f"battleline {command}: {reason}", file=sys.stderr)
    return 1


def cmd_host(args: argparse.Namespace, keep: Callable[[Game], Any] | None = None) -> int:
    """The headless host; `keep` is given each finished game (the game's command keeps it in the replay
    library and the statistics, a floor above this one)."""
    if not args.headless:
        return _fail("host", "the host lobby opens from the game's menu; use --headless here")
    refusal = host_refusal(args)
    if refusal is not None:
        return _fail("host", refusal)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="host: %(message)s")
    save = Path(args.save) if args.save else None
    internet = getattr(args, "internet", False)
    phones_bind = args.bind  # a table's phones in the room reach its page on the network, internet or not
    if internet:  # the game's port is reached through the wormholes (and the phone page) only
        args.bind, args.port = "127.0.0.1", 0 if args.port == 47110 else args.port
    code = args.code or new_code()
    if not (len(code) == CODE_DIGITS and code.isascii() and code.isdigit()):
        return _fail("host", f"--code {code!r}: a join code is {CODE_DIGITS} digits")
    resume = Path(args.resume) if args.resume else None
    kept = unfinished(save) if save is not None and resume is None else None
    if kept is not None:  # the same command again after a crash: the game kept there goes on, never lost
        if kept != (None if args.table else "south", args.players):
            return _fail("host", f"--save {save}: an unfinished game of another kind is kept there; "
                                 "--resume it, or choose another --save")
        resume = save
    try:
        if resume is not None:
            host = Host.resume(resume, port=args.port, bind=args.bind, accept_any=args.accept_any)
            host.save_path = save or resume
        else:
            rules = Rules(not args.no_tactics and args.players == 2, args.claim_timing, args.players)
            seed = args.seed if args.seed is not None else secrets.randbits(63)
            host = Host.new(rules=rules, seed=seed, code=code, host_name=args.name, port=args.port,
                            bind=args.bind, save_path=save, match=_match_option(args.match),
                            accept_any=args.accept_any, host_seat=None if args.table else "south")
            host.save()
        if internet and not host.internet:
            host.internet = True
            host.save()
        bot = _bot(args.bot, seed=1)
        from .web.cli import start_phones

        # a resumed game's phones come back to the port they knew (its QR, their tokens), unless a port is named
        phones_port = args.phones
        if resume is not None and not args.phones:  # none named (or 0, any): the saved one, if it had phones
            phones_port = host.phones_port if host.phones_port is not None else args.phones
        phones, phones_info = start_phones(phones_port, host.port, host.seen.code, phones_bind, args.phones_qr,
                                            host.bridge_key, game_bind=args.bind)
        if phones is not None:
            host.phones_port = phones.port
            host.save()
    except (NotationError, IllegalAction, ValueError, OSError) as exc:
        return _fail("host", str(exc))
    except zmq.ZMQError as exc:  # the port is taken (or the address is not this machine's): one line, no traceback
        return _fail("host", f"cannot listen on {args.bind}:{args.port}: {str(exc).split(' (addr=')[0]}; "
                             "choose another port with --port (0: any free port)")
    door = None
    if internet:
        from .internet.cli import open_door

        door, failure = open_door(args, host)
        if door is None:
            host.close()
            return _fail("host", failure or "cannot open the wormholes")
        phones_info["wormholes"] = door.codes()
    _say({"listening": host.port, "code": host.seen.code, **phones_info,
          **({"resumed": str(resume), "actions": len(host.seen.game.actions)} if resume is not None else {})})
    deadline = time.monotonic() + args.timeout
    results: list[Result | None] = []
    watchers = 0
    try:
        while time.monotonic() < deadline:
            host.poll(20)
            if door is not None:
                door.follow(host.seen.code)
            for index, news in door.poll() if door is not None else ():
                logging.warning("wormhole %d: %s", index + 1, news)
            watchers = max(watchers, host.seen.watchers.count())
            if host.seen.join_request is not None:  # without --accept-any nobody is here to say yes
                logging.warning("%s asked to join; refused (start with --accept-any to let guests in)",
                                host.seen.join_request)
                host.answer(False)
            if all(r.token is not None for r in host.seen.remotes.values()) and not host.seen.started:
                host.start()  # headless: no lobby to wait in
            if host.seen.game.over:
                if len(results) < host.seen.number:
                    results.append(host.seen.game.result)
                    if keep is not None:
                        keep(host.seen.game)
                if host.seen.match is not None and not host.seen.match.over:
                    host.next_game(secrets.randbits(63))
                elif not _wants_again(host, phones is not None):
                    break
                elif host.seen.again >= set(host.seen.remotes):  # every player asked (the bot here always agrees)
                    host.next_game(secrets.randbits(63))
            elif (seen := host.seen).started and seen.host_seat is not None and seen.game.to_move == seen.host_seat:
                time.sleep(args.pace)
                host.submit_local(bot.choose(host.seen.game.view(host.seen.host_seat)))
        linger = time.monotonic() + 5.0
        while _anyone_connected(host) and time.monotonic() < linger:
            host.poll(50)  # let the guests and watchers fetch the record, then say bye
    finally:
        if phones is not None:
            phones.stop()
        if door is not None:
            door.close()
        host.close()
    if not host.seen.game.over:
        return _fail("host", "timed out before the game ended")
    from engine import to_record

    _say({"result": host.seen.game.result, "record": to_record(host.seen.game), "errors_sent": host.seen.errors_sent,
          "match": host.seen.sitting.match_data(), "results": results, "watchers": watchers})
    return 0


def _wants_again(host: Host, phones: bool) -> bool:
    """After a game with phones: wait (until the timeout) while a phone player may still ask for the
    next one; a bot or a headless guest leaves once it has the record, and then the host ends too."""
    if not phones or (host.seen.match is not None and host.seen.match.over):
        return False
    return any(r.alive() for r in host.seen.remotes.values())


def _anyone_connected(host: Host) -> bool:
    host.seen.watchers.prune()
    return any(r.identity is not None for r in host.seen.remotes.values()) or bool(host.seen.watchers.by_identity)


def _match_option(text: str | None) -> dict[str, Any] | None:
    """`games:3`, `points:25` or `hungarian` as Match options (R41)."""
    if text is None:
        return None
    end, _, limit = text.partition(":")
    if end == "hungarian":
        return {"end": end, "limit": None}
    if end not in ("games", "points") or not limit.isdigit():
        raise ValueError(f"--match {text!r}: expected games:N, points:N or hungarian")
    return {"end": end, "limit": int(limit)}


def cmd_join(args: argparse.Namespace) -> int:
    if not args.headless:
        return _fail("join", "joining with a window opens from the game's menu; use --headless here")
    refusal = join_refusal(args)
    if refusal is not None:
        return _fail("join", refusal)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="guest: %(message)s")
    tunnel = None
    if getattr(args, "internet", False):
        from .internet.cli import open_link

        tunnel, failure = open_link(args)
        if tunnel is None:
            return _fail("join", failure or "no path to the host")
    try:
        return _join(args, tunnelled=tunnel is not None)
    finally:
        if tunnel is not None:
            tunnel.close()


def _join(args: argparse.Namespace, tunnelled: bool = False) -> int:
    token_file = Path(args.token_file) if args.token_file else None
    token = None
    if token_file is not None and token_file.exists():
        try:
            token = read_bytes(token_file, 4096).decode("utf-8", "replace").strip() or None
        except DataFileError as exc:
            logging.warning("the token file %s %s; joining as a new guest", token_file, exc)
    guest = Guest(args.address, code=args.code, name=args.name, token=token, watch=args.watch)
    guest.keep_received = args.dump is not None
    if tunnelled:  # the wormhole carries the link across a cut: no new connection after 5 s of silence
        from .internet.link import TUNNEL_RECONNECT_AFTER_S

        guest.core.reconnect_after = TUNNEL_RECONNECT_AFTER_S
    bot = _bot(args.bot, seed=args.seed)
    try:
        guest.connect()
    except zmq.ZMQError as exc:  # an address ZeroMQ cannot connect to
        guest.close()
        return _fail("join", f"cannot connect to {args.address}: {exc}")
    deadline = time.monotonic() + args.timeout
    try:
        while not _sitting_over(guest) and time.monotonic() < deadline:
            guest.poll(20)
            if guest.seen.refused:
                return _fail("join", f"the host refused: {guest.seen.refused}")
            if token_file is not None and guest.seen.token and guest.seen.token != token:
                token = guest.seen.token
                _keep_token(token_file, token)
            if guest.seen.my_turn() and guest.seen.view is not None:
                time.sleep(args.pace)
                guest.send_action(bot.choose(guest.seen.view))
    finally:
        guest.close()
        if args.dump is not None:
            try:
                with Path(args.dump).open("w", encoding="utf-8") as fh:
                    fh.writelines(json.dumps(m) + "\n" for m in guest.received)
            except OSError as exc:
                print(f"battleline join: cannot write --dump {args.dump}: {exc.strerror or exc}", file=sys.stderr)
    if guest.seen.record is None:
        return _fail("join", "timed out before the game ended")
    _say({"result": guest.seen.record.get("result"), "record": guest.seen.record, "reconnects": guest.seen.reconnects,
          "match": guest.seen.match, "seat": guest.seen.seat, "errors": guest.seen.errors[-20:]})
    return 0


def _keep_token(path: Path, token: str) -> None:
    """The session token, readable by its owner only (it takes the seat back); a failure only warns."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(token)
        os.chmod(path, 0o600)
    except OSError as exc:
        logging.warning("cannot keep the session token in %s: %s", path, exc.strerror or exc)


def _sitting_over(guest: Guest) -> bool:
    """The last game is over: a single game, or the game that ended the match."""
    if guest.seen.record is None:
        return False
    if guest.seen.match is None:
        return True
    from engine.match import Match

    return Match.from_dict(guest.seen.match).over


def main(argv: list[str] | None = None) -> int:
    """`python -m net.cli host|join --headless ...`: the same headless commands, for net's own benches,
    which start a host process without reaching up to the game's `battleline` command."""
    from .cli_args import args_host, args_join

    parser = argparse.ArgumentParser(prog="python -m net.cli")
    sub = parser.add_subparsers(dest="command", required=True)
    args_host(sub.add_parser("host"))
    args_join(sub.add_parser("join"))
    args = parser.parse_args(argv)
    return cmd_host(args) if args.command == "host" else cmd_join(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
