"""What is kept between evenings, knowing no sitting: the data folder, settings, the replay library,
statistics, LAN tokens and the host's LAN save. It imports only game.i18n below it.
"""
