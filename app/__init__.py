"""The top floor: what composes scenes into a program (the `battleline` command, the window's main loop,
screenshots, the render bench, scripted input). Nothing in engine/, net/, game/ or scenes/ imports it.
"""
