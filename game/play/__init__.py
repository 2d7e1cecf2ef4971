"""A sitting at the table: the `Table` seam (local, LAN, watching), bots, the pick flow, undo, saves of a sitting,
tutorial, coach, and the words that say the game's cards, events and proofs.

No pygame drawing and no screen here; it imports game.keep and game.i18n below it.
"""
