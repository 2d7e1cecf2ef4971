"""The words over the board each frame: the prompt, the other side's turn told and marked, the thinking
note, the victory line and the banners (toasts), each fitted to the room it has."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from engine import OTHER
from engine.cards import TROOP_BIT
from game.i18n import _, ngettext
from game.play.board_model import BoardModel, Turn
from game.play.explain import Referee
from game.play.flow import Flow, Target
from game.play.table import Table
from game.play.turn_words import turn_caption
from game.play.words import card_short, card_words
from game.ui import art, card_art, cover, layout, theme
from game.ui.input import Kind
from game.ui.text import font_for, line_height, wrap

from . import board_coach, board_cover
from .board_banner import Banner, BannerView
from .board_cover import current_toast
from .board_events import celebrates
from .board_flag_view import FlagLine
from .board_hud_view import PROMPT_SPACING, Caption, Hud, fit_prompt, step_of, too_tall
from .board_marks import MarksKey, story_marks
from .board_still import seat_word

if TYPE_CHECKING:
    from .board_roles import Bannered, Flagged, Hudded, Prompted

def prompt_lines(board: Prompted) -> list[str]:
    """What the player should do now, in a sentence or two."""
    table = board.table
    if table.result is not None:
        return [_("The game is over.")]
    if board.model.hidden:
        return [""]
    if not board.my_turn:
        who = board.names[table.to_move]
        return [_("{who}'s turn.", who=who)]  # a bot's thinking is said once, in the caption's place
    phase, flow = table.phase, board.model.flow
    picked = flow.picked
    card = flow.card
    if phase == "claim":
        if ("button", "done") in flow.candidates():
            return [_("Claim a glowing flag, or choose Done claiming.")]
        return [_("Claim the glowing flag.")]  # no Done claiming on screen (a lesson): the words never name it
    if phase == "draw":
        if all(a.get("deck") == "troops" for a in table.legal_actions()):  # no tactics (three players), or none left
            return [_("Draw a card from the troop deck.")]
        return [_("Draw a card: choose the troop or the tactics deck.")]
    if phase == "scout_draw":
        drawn = board.shown.view.get("scout_drawn", 0)
        return [_("Scout: draw card {n} of 3. Choose a deck.", n=drawn + 1)]
    if phase == "scout_return":
        need = max(0, board.shown.view.get("scout_drawn", 0) - 1)
        chosen = [card_words(str(t[1])) for t in picked if t[0] == "hand"]
        if len(chosen) < need:
            more = need - len(chosen)
            if chosen:
                return [ngettext("Scout: pick {n} more card to put back.",
                                 "Scout: pick {n} more cards to put back, in order.", more)]
            return [ngettext("Scout: pick {n} card to put back.", "Scout: pick {n} cards to put back, in order.", more)]
        return [_("Put back {cards}? Choose Put back.", cards=", ".join(chosen))]
    if card is None:
        legal = board.rules_legal()
        if {"type": "pass"} in legal:  # R9: only when no card at all can be played
            out = [_("No card can be played: Pass ends your turn (no claim, no draw).")]
            if board.model.provable:  # R39: not lost, only waiting
                out.append(_("Flags you can prove ({flags}) stay yours to claim once you can play a card; "
                             "if both players pass, they are handed out.",
                             flags=", ".join(str(n) for n in board.model.provable)))
            return out
        if not any(a.get("card") in TROOP_BIT for a in legal):
            return [_("No troop can be played, so you must play a tactics card.")]
        return [_("Your turn: choose a card to play.")]
    name = card_words(card)
    if card == "scout":
        return [_("Scout draws 3 cards, then puts 2 back. Choose Play Scout.")]
    if card in ("redeploy", "deserter", "traitor"):
        them = board.names[OTHER[board.model.viewer]]
        if len(picked) == 1:
            return {"redeploy": [_("Redeploy: choose one of your cards on the table.")],
                    "deserter": [_("Deserter: choose one of {them}'s cards to discard.", them=them)],
                    "traitor": [_("Traitor: choose one of {them}'s troops to take.", them=them)]}[card]
        moved = card_words(str(picked[1][3]))
        if card == "redeploy":
            return [_("Move {card} to another flag, or onto your discard pile.", card=moved)]
        return [_("Place {card} at one of your flags.", card=moved)]
    if card in ("fog", "mud"):
        return [_("Choose a flag for {card}.", card=card_short(card))]
    return [_("Choose a flag for {card}.", card=name)]


def refusal_words(target: Target, table: Table, my_turn: bool, names: Mapping[str, str], flow: Flow, ref: Referee,
                  prompt: Callable[[], list[str]]) -> str:
    """Why `target` is not a choice now on `table`, from the engine's referee `ref` where it has the words, else
    the `prompt` again."""
    if table.result is not None:
        return _("The game is over.")
    if not my_turn:
        return _("It is {who}'s turn.", who=names[table.to_move])
    card = flow.card
    if target[0] == "hand" and table.phase == "play" and not flow.picked:
        return ref.why_card_unplayable(str(target[1]))
    if target[0] == "flag" and card is not None and len(flow.picked) == 1:
        reason = ref.refusal({"type": "play", "card": card, "flag": target[1]})
        if reason:
            return reason[0].upper() + reason[1:] + "."
    return _("Not a choice now. {prompt}", prompt=" ".join(prompt()))


def prompt_layout(board: Hudded) -> tuple[list[str], list[str], int]:
    """The status panel's wrapped lines, its key hints, and how many lines of text it has room for."""
    lines, hints, size = prompt_fit(board)
    room = (layout.PROMPT_RECT.height - 20) // step_of(size, PROMPT_SPACING) - len(hints)
    return lines, hints, room


def prompt_fit(board: Hudded) -> tuple[list[str], list[str], int]:
    """(lines, key hints, size) of the status panel now."""
    sentences, hint = _prompt_words(board)
    return fit_prompt(list(sentences), hint)


def card_note(model: BoardModel, mouse: bool, my_turn: bool, phase: str, ref: Referee) -> list[str]:
    """The rules text of the tactics card under the focus (the pointer's, where the `mouse` was used last) in the
    hand the `model` shows: on the card it is small, here it is readable; on `my_turn` in the play `phase`, why a
    dimmed card cannot be played, from the engine's referee `ref`."""
    target = model.hover if mouse else model.focus
    if model.hidden or model.flow.picked or not target or target[0] != "hand":
        return []
    card = str(target[1])
    playable = model.playable()
    if my_turn and phase == "play" and playable and target not in playable:
        return [ref.why_card_unplayable(card)]  # a dimmed card says why on focus (its text is on it)
    if card not in card_art.TACTIC_TEXT:
        return []
    return [f"{card_short(card)}: {_(card_art.TACTIC_TEXT[card])}"]


def hud_of(board: Hudded, now: float) -> Hud:
    """What the HUD shows this frame (scenes.board_hud_view.HudView draws it): the status panel's words, who is
    thinking, and the caption: a hint asked for, else the other side's last turn."""
    hidden = board.model.hidden
    prompt: tuple[tuple[str, ...], str] = ((), "") if hidden else _prompt_words(board)
    seat = board.table.thinking
    thinking = None
    if seat is not None:
        if theme.current().still:  # reduced motion: the dots hold still
            thinking = _("{who} is thinking\u2026", who=board.names[seat])
        else:
            thinking = _("{who} is thinking", who=board.names[seat]) + "." * (1 + int(now * 3) % 3)
    box = board.shown.geo.caption
    active = board_coach.active_hint(board.model.hint, board.my_turn, board.table)
    hint = board_coach.hint_words(active, board.shown.view, board.model.viewer)
    caption = None
    if hint and not hidden:
        caption = Caption(box, 225, art.GOOD, hint)
    elif board.model.last_turn is not None and not hidden and seat is None:
        caption = Caption(box, 215, board.shown.tint(board.model.last_turn[0]),
                          story_words(board.story(), board.names, not board.table.local_seats, board.shown.three))
    return Hud(hidden, prompt[0], prompt[1], thinking, box, caption)


def _prompt_words(board: Hudded) -> tuple[tuple[str, ...], str]:
    """The status panel's sentences and its key hints (dot-joined), before they are fitted."""
    hint = ""
    if board.my_turn:
        g = board.app.input.glyph
        short = _("{confirm} choose  \u00b7  {back} back", confirm=g(Kind.CONFIRM), back=g(Kind.BACK))
        claim = _("Click a glowing flag to claim") if board.app.input.last_device == "mouse" else \
            _("{key} claim", key=g(Kind.CLAIM))
        hint = short + "  \u00b7  " + claim if board.model.claimable else short
    note = card_note(board.model, board.app.input.last_device == "mouse", board.my_turn, board.table.phase, board.ref)
    return tuple(prompt_lines(board) + note), hint


def story_words(story: Sequence[Turn], names: Mapping[str, str], spectator: bool, three: bool) -> str:
    """The caption: the other side's last turn (the `story` told); for `three` players each turn since the viewer's
    own, one sentence a line, each led by its seat ("West: blue 9 to flag 8."). A `spectator` is told both sides'."""
    if not three:
        seat, events = story[0]
        return turn_caption(seat, events, dict(names), spectator)
    lines = []
    for seat, events in story:
        named = {**names, seat: _("{seat} · {name}", seat=seat_word(seat), name=names[seat])}
        lines.append(turn_caption(seat, events, named, spectator))
    return "\n".join(lines)


def flag_line_of(board: Flagged) -> FlagLine:
    """What the line of flags shows this frame (scenes.board_flag_view.FlagLineView draws it), from the model:
    the claimable flags' pennants, the last turns' marks in each player's colour (derived once per key by the
    board's StoryMarks), the winner's pennants."""
    shown, model = board.shown, board.model
    flags = shown.view["flags"]
    claims = tuple(shown.geo.pennant(n, shown.pennant_shift(flags[n - 1])) for n in model.claimable)
    flying = frozenset(board.anims.hidden())
    key = MarksKey(model.story_told, model.version, model.layout, model.hidden, flying)
    marks = board.marks.of(key, lambda: () if model.last_turn is None or model.hidden else tuple(
        (shown.tint(seat), tuple(pygame.Rect(r) for r in rects))
        for seat, rects in story_marks(shown, board.rects, flying, board.story())))
    result = board.table.result
    winner = result.get("winner") if result is not None else None
    if result is None or winner is None:
        return FlagLine(claims, marks)
    won = tuple(shown.geo.pennant(n, shown.pennant_shift(flag)) for n, flag in enumerate(flags, start=1)
                if flag["claimed"] == winner)
    return FlagLine(claims, marks, won, over=True, quiet=not celebrates(board.table.local_seats, result))


TOAST_BOX = pygame.Rect(150, 412, 1620, 138)  # the flag band between the two rows: it covers no card


def _look_key(width: int) -> tuple[int, theme.Theme, str]:
    """What a banner's look depends on besides its own words: its width, the theme (the text scale, high
    contrast's panels) and the language."""
    from game.i18n import language

    return width, theme.current(), language()


def banner_look(view: BannerView, toast: Any, width: int) -> tuple[list[str], int, int]:
    """toast_layout, worked out once per banner, width and look by the board's BannerView."""
    return view.look((toast.title, tuple(toast.lines)), width, _look_key(width)[1:],
                                  lambda w: toast_layout(toast, w))


def toast_layout(toast: Any, width: int = TOAST_BOX.width) -> tuple[list[str], int, int]:
    """(lines, size, box height) of a toast `width` wide: the largest text size at which it fits the flag band's
    height; a narrower banner (beside what it names) may be taller, at the band's smallest size. The board keeps
    what it worked out per banner in its BannerView (`banner_look`)."""
    title_h = line_height(toast.title, 34, "bold", 1.25) if toast.title else 0
    sizes = (30, 28, 26, 24, 22)
    words = " ".join(toast.lines)
    for size in sizes:
        lines = [part for line in toast.lines for part in wrap(line, size, width - 60, "bold", probe=True)]
        height = 20 + title_h + line_height(words, size, "bold", 1.22) * len(lines)
        if height <= TOAST_BOX.height:
            return lines, size, height
    lines = [part for line in toast.lines for part in wrap(line, sizes[-1], width - 60, "bold")]
    height = 20 + title_h + line_height(words, sizes[-1], "bold", 1.22) * len(lines)
    if width == TOAST_BOX.width:
        too_tall(words, TOAST_BOX.height, height)
    return lines, sizes[-1], height


#: where a banner may go, best first: the flag band, then over the far side's formations, then over the near side's
TOAST_SPOTS = (TOAST_BOX.centery, 250, 700)
#: a banner's widths, widest first: narrower ones stand beside the flag and the cards they name (issue 59)
TOAST_WIDTHS = (TOAST_BOX.width, 1000, 760)
BANNER_PAD = 24  # room either side of a one-line banner's words, inside the 30 its lines keep


def banner_widths(view: BannerView, toast: Any) -> tuple[int, ...]:
    """The widths a banner may take, widest first: a short note with no title (a refusal such as "It is Ana's
    turn.") only as wide as its one line, so it does not span the whole road and hide every flag's pennant."""
    lines, size, _ = banner_look(view, toast, TOAST_BOX.width)
    if toast.title or len(lines) != 1:
        return TOAST_WIDTHS
    need = font_for(lines[0], size, "bold").size(lines[0])[0] + 60 + 2 * BANNER_PAD
    return (need,) if need < TOAST_WIDTHS[-1] else TOAST_WIDTHS


def toast_spot(view: BannerView, toast: Any, kept: list[pygame.Rect]) -> pygame.Rect:
    """The banner's box: the first place (game.ui.cover.bands: the widest first, the flag band first) that hides
    nothing `kept` (board_cover.kept), what the banner names among it; where every one would, the one that hides
    least. Its words are laid out by the board's BannerView `view`."""
    heights = {w: banner_look(view, toast, w)[2] for w in banner_widths(view, toast)}
    tries = cover.bands(heights, TOAST_SPOTS, pygame.Rect(TOAST_BOX.x, 0, TOAST_BOX.width, 1080))
    return cover.place(tries, kept) or min(tries, key=lambda r: cover.covered(r, kept))


def draw_toasts(board: Bannered, surface: pygame.Surface) -> None:
    """The banner on show, if any, where it hides nothing kept (toast_spot), drawn by the board's BannerView."""
    toast = current_toast(board.toasts, board.clock)
    if toast is None:
        return
    where = toast_spot(board.banner_view, toast, board_cover.kept(board))
    cover.overlay("a banner", where)
    lines, size, _ = banner_look(board.banner_view, toast, where.width)
    board.banner_view.draw(surface, Banner(where, toast.title, toast.colour, " ".join(toast.lines), tuple(lines),
                                           size, toast.alpha(board.clock), _look_key(where.width)[1:]))
