"""The attack harness behind `battleline bench attack`: what a stranger on the LAN can do to a host, measured.

It lives in the checkout, beside the tests that use it (tests/test_net_attacks.py, test_net_door.py,
test_net_siege.py, test_phones_door.py), not in the installed game: a player's copy has no use for
code that floods hosts. `tools/workshop/bench.py` reaches it from a checkout; an installed game says it is not there.
`harness` holds the attacks and the single-host figures, `siege` the evening from 32 addresses.
"""
