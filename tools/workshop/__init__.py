"""The workshop: what the game's makers run and the players never need.

The screenshot scenes (`battleline screenshot`), the benchmarks (`battleline bench ...`) and the sound
check. They live in the checkout beside the tests and tools that use them, not in the installed game:
`battleline screenshot` and `battleline bench` reach them when the game runs from a checkout (an editable
install, or `python -m app.cli` in one), and an installed game says they are not there.
"""
