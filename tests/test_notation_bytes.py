"""The notation's bytes stay as they were: the engine writes typed dicts (engine.notation_types), and typing
them must not change one byte of what goes on the wire (msgpack) or into a saved game (NOTATION.md).

Seeded random games, two players with tactics, two without under the advanced claim timing, three players;
every event list (whole, as each seat and as the public see it), every view (each seat's, the public one,
the complete state) and each record is packed, and the digest of all of it is the one main's engine gave
before the types (de38387).
"""

from __future__ import annotations

import hashlib
import random

import msgpack

from engine import Game, Rules, redact_all, to_record
from net.roles import public_events, public_view

#: the digest main's engine (de38387, untyped dicts) gave for the very same games
DIGEST = "ac4de40e97491078f7cff8ceec7ac99f4681d6454feba9f4fd99ca15b5e0f0db"


def test_events_views_and_records_keep_their_bytes() -> None:
    digest = hashlib.sha256()

    def put(value: object) -> None:
        digest.update(msgpack.packb(value, use_bin_type=True))

    games = ((Rules(), range(6)), (Rules(tactics=False, claim_timing="advanced"), range(3)),
             (Rules(tactics=False, players=3), range(3)))
    for rules, seeds in games:
        for seed in seeds:
            game = Game.new(rules, seed)
            rng = random.Random(seed)
            while not game.over:
                events = game.apply(rng.choice(game.legal_actions()))
                put(events)
                put(public_events(events))
                for seat in game.seats:
                    put(redact_all(events, seat))
                    put(game.view(seat))
                put(public_view(game))
                put(game.view(None))
            put(to_record(game))
    assert digest.hexdigest() == DIGEST
