"""Play over the internet: a magic-wormhole tunnel beside the LAN game, nothing else changed.

The game process never runs Twisted: `net.internet.tunnel` is a subprocess (one per wormhole) that
carries the host's ZeroMQ port over a Dilated wormhole, and tells the game what it does in JSON lines
(`net.internet.link` reads them). The person types one code, the wormhole's; the game's own join code
travels inside the authenticated wormhole. docs/INTERNET.md says how and what the servers see.
"""
