"""Bots: each takes one seat's view (a NOTATION.md position) and returns a NOTATION.md action."""
