"""The toolkit every screen is drawn with: the window and scene stack, input intents, text, widgets, card art.

It knows no rule and no screen: scenes/ uses it; it imports only game.play (card words), game.keep
(settings) and game.i18n below it.
"""
