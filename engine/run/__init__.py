"""Running the engine: the engine's and the bots' commands (`battleline analyze/legal/apply/replay/arena/hint/
review`), their arguments, the benches (`battleline bench engine|bots|review`) and the bots' processes.

The rules (engine/) and the bots (engine/ai/) sit below and never import this package, so a reader of
engine/'s top level sees the rules alone.
"""
