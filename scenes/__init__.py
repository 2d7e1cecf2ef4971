"""The screens. One opens another by name through the app, `app.open("board", table)`, never by importing it.

The names, each "module:attribute" imported on first use. A scene may import only what it is built from:
its base (menu_base, board for the boards that extend it), its own parts (board_*, replay_draw,
rules_draw, lan_results) and small helpers; tests/test_imports.py checks that no circle remains.
"""

from game.ui.shell import register_scenes

register_scenes({
    "title": "scenes.title:TitleScene",
    "welcome": "scenes.welcome:WelcomeScene",
    "main_menu": "scenes.main_menu:MainMenuScene",
    "setup": "scenes.setup:SetupScene",
    "start_game": "scenes.setup:start_game",
    "seat_name": "scenes.name_entry:seat_name_scene",
    "names": "scenes.name_entry:NamesScene",
    "confirm": "scenes.confirm:ConfirmScene",
    "ask": "scenes.confirm:ask",
    "board": "scenes.board:BoardScene",
    "board_for": "scenes.table_board:board_for",
    "tutorial": "scenes.tutorial:TutorialScene",
    "pause": "scenes.pause:PauseScene",
    "log": "scenes.overlays:LogScene",
    "inspect": "scenes.overlays:InspectScene",
    "pass": "scenes.pass_device:PassScene",
    "rules": "scenes.rules_ref:RulesScene",
    "results": "scenes.results:ResultsScene",
    "look": "scenes.look:LookScene",
    "review": "scenes.review_scene:ReviewScene",
    "scoreboard": "scenes.scoreboard:ScoreboardScene",
    "continue": "scenes.continue_scene:ContinueScene",
    "continue_list": "scenes.continue_scene:ContinueListScene",
    "resume_into": "scenes.continue_scene:resume_into",
    "replay_list": "scenes.replay_list:ReplayListScene",
    "replay": "scenes.replay_view:ReplayScene",
    "stats": "scenes.stats_scene:StatsScene",
    "settings": "scenes.settings_scene:SettingsScene",
    "accessibility": "scenes.accessibility_scene:AccessibilityScene",
    "lan_menu": "scenes.lan_menu:LanMenuScene",
    "host_lobby": "scenes.lan_host:HostLobbyScene",
    "join_list": "scenes.lan_join:JoinListScene",
    "guest_wait": "scenes.lan_join:GuestWaitScene",
})
