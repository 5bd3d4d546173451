"""The table's input: mouse (drag and drop, click-then-click, right-click to zoom, the wheel
over the log) and keyboard, turned into answers for the match. The open overlays see an event
first, topmost first (the modal stack); what they let through reaches the table.

`TableInput` holds the scene it serves; it never imports the scene module.
"""

from __future__ import annotations

import time
from typing import Any

import pygame
from pygame import Rect

import doomlings_desktop.ui.table.pilewalk as pilewalk
from doomlings_desktop.play.standing import STANDING_WORDS
from doomlings_desktop.ui import keys, router
from doomlings_desktop.ui.app import Button
from doomlings_desktop.ui.table.attach import host_under, play_onto, refusal
from doomlings_desktop.ui.table.panels import standing_button
from doomlings_desktop.ui.table.picks import rest_of
from doomlings_desktop.ui.table.state import DragState
from doomlings_desktop.ui.table.widget import Answer, Attach, Give, GiveAll, Refuse, Widget

COLOR_KEYS = keys.COLOR_KEYS
# A click this soon (seconds) after a click that answered, at the same spot, is the second half
# of a double-click, not an answer to the next question.
DOUBLE_CLICK = 0.4


def card_of(hit: Any) -> int | None:
    """The card a click target shows, if any."""
    if not hit:
        return None
    if hit[0] in ("hand", "overlay_card"):
        return hit[1]
    if hit[0] in ("strip", "end_strip"):
        return hit[2]
    if hit[0] == "card":
        return hit[1]
    return None


class TableInput:
    """Events to answers: the modal stack first, then Esc, the log's wheel, zoom, drag and
    drop, clicks on the table's targets and buttons, and keys."""

    def __init__(self, scene: Any) -> None:
        self.sc = scene

    def handle(self, event: pygame.event.Event) -> None:
        sc = self.sc
        if sc.overlays.handle(event, sc.my_decision()):
            return
        if event.type == pygame.KEYDOWN:
            self.key(event)
            return
        if event.type == pygame.MOUSEWHEEL and sc.layout and sc.layout.log.collidepoint(
                sc.app.mouse):
            sc.log_state.wheel(event.y)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            hit = self.hit(event.pos)
            card = card_of(hit)
            if card is not None:
                sc.modals.zoom = card
            elif hit and hit[0] == "gene_pool":
                sc.modals.zoom_gp = hit[1]
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.hit(event.pos)
            d = sc.my_decision()
            if d and hit and hit[0] == "hand" and d.kind == "play" and hit[1] in d.options:
                r = self._target_rect(hit)
                sc.drag = DragState(hit[1], event.pos, event.pos, (
                    event.pos[0] - r.x, event.pos[1] - r.y) if r else (0, 0))
            return
        if event.type == pygame.MOUSEMOTION and sc.drag:
            sc.drag.move(event.pos)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if sc.drag and sc.drag.moved:
                self._drop(event.pos)
                return
            sc.drag = None
            if self._echo(event.pos):
                return
            before = sc.match.asked()
            self._click_up(event.pos)
            if sc.match.asked() is not before:
                sc.answered_at = (sc.time, event.pos)
            return

    def options_of(self, d: Any) -> list:
        return [o for o in d.options if o != "pass"] if d else []

    def widget(self) -> Widget | None:
        """The widget of my pending decision (the prompt hosts it)."""
        return self.sc.panels.prompt.widget(self.sc.my_decision())

    def _click_up(self, pos: tuple[int, int]) -> None:
        """A click: a named button of the table (Undo, Hint...), else the decision's widget
        (its buttons, the cards and areas it is answered on), else the table's own targets."""
        sc = self.sc
        w = self.widget()
        mine = {id(b) for b in w.shown()} if w is not None else set()
        for b in reversed(sc.buttons):
            if b.enabled and b.rect.collidepoint(pos) and id(b) not in mine:
                sc.app.sounds.play("click")
                sc.on_button(b.key)
                return
        if w is not None:
            got = w.hit(pos)
            if isinstance(got, Button):
                sc.app.sounds.play("click")
            if got is not None:
                self.act(w.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)))
                return
        self.click(self.hit(pos))

    def act(self, answer: Answer | None) -> None:
        """Carry out what a widget made of an event: give the answer (or the picks in turn,
        or an attachment onto its host), or say why not; a selection is already made."""
        sc = self.sc
        if isinstance(answer, Give):
            sc.apply(answer.value)
        elif isinstance(answer, GiveAll):
            self._give_all(answer)
        elif isinstance(answer, Attach):
            play_onto(sc, answer.card, answer.host)
        elif isinstance(answer, Refuse):
            sc.say(answer.reason)
            sc.app.sounds.play("error")

    def _give_all(self, answer: GiveAll) -> None:
        """The picked cards answered in turn, then 'pass' if fewer were picked than the
        sequence may take. Each answer must still be legal in the decision it meets (it
        always is: each asks for the rest of the same choice), else the rest is left for the
        player (`answer_in_turn`: online, each waits for its decision to come)."""
        first = answer.first
        total = first.count
        steps = [(lambda d, k=total - i, c=c: rest_of(d, first, k) and c in d.options, c)
                 for i, c in enumerate(answer.cards)]
        left = total - len(answer.cards)
        if left:
            steps.append((lambda d: rest_of(d, first, left) and "pass" in d.options, "pass"))
        self.sc.answer_in_turn(steps)

    def _echo(self, pos: tuple[int, int]) -> bool:
        """The second click of a double-click whose first click answered a question: it must
        not answer the next question, whose button may sit where the first one was."""
        sc = self.sc
        if sc.answered_at is None:
            return False
        at, (x, y) = sc.answered_at
        near = abs(pos[0] - x) + abs(pos[1] - y) <= 12 * sc.unit()
        return near and sc.time - at < DOUBLE_CLICK

    def hit(self, pos: tuple[int, int]) -> Any:
        sc = self.sc
        for rect, action in reversed(sc.targets):
            if rect.collidepoint(pos):
                return action
        return None

    def _target_rect(self, action: Any) -> Rect | None:
        sc = self.sc
        for rect, a in sc.targets:
            if a == action:
                return rect
        return None

    def _drop(self, pos: tuple[int, int]) -> None:
        """A dragged hand card let go: onto my pile it is played; an attachment goes on the
        lit host under it (E8); anywhere else it snaps back, saying where it goes."""
        sc = self.sc
        card = sc.drag.card
        sc.drag = None
        d = sc.my_decision()
        if d and sc.view is not None and card in sc.view.hosts:     # an attachment (E8)
            host = host_under(sc, pos, sc.view.hosts[card])
            self.act(Refuse(refusal(sc.view, sc.db.name(card), card)) if host is None
                     else Attach(card, host))
            return
        own = sc.layout.panel_of(sc.viewer).rect if sc.layout else None
        if d and own and own.collidepoint(pos):
            self.act(Give(card))
            return
        self.act(Refuse("Drop it on your trait pile to play it."))

    def click(self, hit: Any) -> None:
        """A click on a target of the table: the table's own (the discard pile, the log, the
        menu), else the decision widget's pick (a card, a player's area)."""
        if hit is None or self._table_click(hit):
            return
        w = self.widget()
        if w is not None and w.value_of(hit) is not None:
            self.act(w.pick(hit))

    def _table_click(self, hit: Any) -> bool:
        """The targets that are the table's, not a decision's: whether `hit` was one."""
        sc = self.sc
        d = sc.my_decision()
        if hit[0] == "discard_pile" and not (d and d.zone == "discard"):
            sc.modals.browse = not sc.modals.browse
            sc.modals.walk = None
        elif hit[0] == "log_end":
            sc.log_state.scroll = 0
        elif hit[0] == "log_toggle":
            sc.app.sounds.play("click")
            sc.toggle_log()
        elif hit[0] == "open_menu":
            sc.app.sounds.play("click")
            sc.modals.menu_open = True
            sc.focus.reset()
        else:
            return False
        return True

    def key(self, event: pygame.event.Event) -> None:
        """A key, through the table of bindings (ui/keys.py, the same table the help is made
        from): the first binding that matches the key and fits the decision, and whose action
        takes it, wins. The table's own actions (menu, help, undo, hint) are here; every
        other is the decision widget's (`Widget.on_key`)."""
        d = self.sc.my_decision()
        for b in keys.TABLE:
            if b.matches(event) and b.fits(d) and getattr(self, "key_" + b.action)(event, d, b):
                return

    # the actions of ui/keys.py's bindings: each returns whether it took the key

    def key_menu(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        sc = self.sc
        if sc.modals.walk is not None:
            sc.modals.walk = None
        elif sc.modals.browse:
            sc.modals.browse = False
        else:
            sc.modals.menu_open = True
            sc.focus.reset()            # on Resume
        return True

    def key_help(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        self.sc.modals.help_open = True
        return True

    def key_undo(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        self.sc.undo()
        return True

    def key_log_fold(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        self.sc.toggle_log()
        return True

    def key_hint(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        self.hint()
        return True

    def key_read(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        """The selected card, full size, as a right-click shows it (any key puts it away)."""
        sc = self.sc
        w = self.widget()
        card = w.cursor() if w is not None and d.kind != "player" else None
        if sc.modals.walk is not None:
            card = pilewalk.card_at(sc.view, sc.modals.walk)
        elif self.browsing(d) and sc.view is not None and sc.view.discard:
            newest_first = list(reversed(sc.view.discard))
            card = newest_first[min(sc.modals.browse_at, len(newest_first) - 1)]
        if isinstance(card, int) and not isinstance(card, bool):
            sc.modals.zoom = card
        else:
            sc.say("Select a card first (the arrow keys or 1 – 9); then Z reads it.")
        return True

    def key_discard(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        """The discard pile browsed, or put away (unless a choice from it is open already)."""
        sc = self.sc
        if not (d and d.zone == "discard"):
            sc.modals.browse = not sc.modals.browse
            sc.modals.browse_at = 0         # from the newest
            sc.modals.walk = None           # one walk at a time
        return True

    def key_piles(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        """V: walk every trait pile by the arrows (Z reads the card), or stop."""
        pilewalk.toggle(self.sc)
        return True

    def key_walk(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        """An arrow while the piles are walked: the walk's, not the decision's."""
        if self.sc.modals.walk is None:
            return False
        pilewalk.key(self.sc, event)
        return True

    def key_log(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        """Page Up / Page Down: the log a page back or on (as 3 wheel notches); End: the
        newest line, following again."""
        log = self.sc.log_state
        if event.key == b.keys[-1]:
            log.scroll = 0
        else:
            log.wheel(3 if event.key == b.keys[0] else -3)
        return True

    def key_standing(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        return self.standing()

    def standing(self) -> bool:
        """O or the standing answer's button: switch my standing answer to out-of-turn
        offers (pass-and-play, on my own turn, while I hold such a card)."""
        sc = self.sc
        d = sc.my_decision()
        if not standing_button(sc, d):
            return False
        m = sc.match
        now = "never" if m.seats[d.player].standing == "pays" else "pays"
        m.stand_in.choose(d.player, now)
        sc.say(f"Out-of-turn cards: {STANDING_WORDS[now]}, when offered while another "
               "player has the screen.", 3, good=True)
        return True

    def _widget_key(self, event: pygame.event.Event, b: keys.Binding) -> bool:
        """A decision's key: its widget's answer, carried out; False if it does not take it."""
        w = self.widget()
        answer = w.on_key(b.action, event) if w is not None else None
        if answer is None:
            return False
        self.act(answer)
        return True

    def key_picks(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        return self._widget_key(event, b)

    def key_end_turn(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        return self._widget_key(event, b)

    def key_move(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        if self.browsing(d):
            pile = self.sc.view.discard if self.sc.view is not None else ()
            m = self.sc.modals
            step = 1 if event.key in keys.FORWARD else -1
            m.browse_at = max(0, min(len(pile) - 1, m.browse_at + step))
            return True
        return self._widget_key(event, b)

    def browsing(self, d: Any) -> bool:
        """The discard pile is browsed (not chosen from): the arrows walk it, Z reads."""
        return self.sc.modals.browse and not (d and d.zone == "discard")

    def key_confirm(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        return self._widget_key(event, b)

    def key_offer_one(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        return self._widget_key(event, b)

    def key_offer_selected(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        return self._widget_key(event, b)

    def key_pass(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        return self._widget_key(event, b)

    def key_decline(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        return self._widget_key(event, b)

    def key_number(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        return self._widget_key(event, b)

    def key_hotkey(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        return self._widget_key(event, b)

    def hint(self) -> None:
        """H or the Hint button: ask the coach about my decision (if hints are on)."""
        sc = self.sc
        if not sc.match.ask_hint():
            d = sc.my_decision()
            if d is not None and not sc.match.hints_on():
                sc.say("Hints are off for this table (Settings: Hint button).")
            elif d is not None and d.kind == "end_turn":
                sc.say("Nothing to choose here: End turn (Enter) goes on"
                       + (", or Undo takes the play back." if sc.can_undo() else "."))

    def on_button(self, key: Any) -> None:
        """A button of the table by its key: the decision widget's (an answer, a player,
        Confirm), else one of the named buttons of `_BUTTONS` (Undo, Hint, the Esc menu's,
        the end screen's)."""
        w = self.widget()
        answer = w.press(key) if w is not None else None
        if answer is not None:
            self.act(answer)
        elif isinstance(key, str) and key in _BUTTONS:
            _BUTTONS[key](self)

    def _save(self) -> None:
        sc = self.sc
        said = sc.match.save_as("Saved " + time.strftime("%Y-%m-%d %H.%M.%S"))
        sc.say(said, 3 if said.startswith("Saved") else 5, good=said.startswith("Saved"))
        sc.modals.menu_open = False

    def _menu_to(self, where: str | None) -> None:
        """Close the Esc menu; go to another scene (`where`), coming back here after."""
        sc = self.sc
        sc.modals.menu_open = False
        if where is not None:
            router.go(sc.app, where, back=sc)

    def _leave_to(self, where: str) -> None:
        """Close the Esc menu and go to another scene that may replace this game (Load game):
        a game whose last moves are not saved asks first (ui/table/leaving.py)."""
        sc = self.sc
        sc.modals.menu_open = False
        sc.overlays.leave.ask(lambda: router.go(sc.app, where, back=sc))


_BUTTONS: dict[str, Any] = {
    "undo": lambda i: i.sc.undo(),
    "hint": TableInput.hint,
    "standing": TableInput.standing,
    "rematch": lambda i: i.sc.overlays.leave.ask(i.sc.rematch),
    "save": TableInput._save,
    "resume": lambda i: i._menu_to(None),
    "load": lambda i: i._leave_to("load"),
    "rules": lambda i: i._menu_to("rules"),
    "settings": lambda i: i._menu_to("settings"),
    "main_menu": lambda i: i.sc.overlays.leave.ask(lambda: router.go(i.sc.app, "menu")),
    "new_game": lambda i: i.sc.overlays.leave.ask(lambda: router.go(i.sc.app, "new_game")),
    "decided": lambda i: i.sc.overlays.decided.show(),
    "quit": lambda i: i.sc.overlays.leave.ask(i.sc.app.quit),     # unsaved moves: asked
}
"""The table's named buttons and what each does (a decision's buttons are its widget's)."""
