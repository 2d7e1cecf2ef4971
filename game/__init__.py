"""The couch game below the screens, in four rooms: i18n (languages), keep (what is kept between evenings),
play (a sitting at the table) and ui (the pygame toolkit). docs/ARCHITECTURE.md says what belongs in each.
"""
