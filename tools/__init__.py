"""The makers' tools: the workshop, the attack harness, the build, training and measuring scripts."""
