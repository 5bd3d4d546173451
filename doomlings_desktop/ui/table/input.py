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

from doomlings_desktop.ui import keys, router
from doomlings_desktop.ui.table.answers import of as decision_of
from doomlings_desktop.ui.table.attach import carried, host_under, play_onto, refuse
from doomlings_desktop.ui.table.picks import several

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
            sc.log_scroll = max(0, sc.log_scroll + event.y * 3)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            hit = self.hit(event.pos)
            card = card_of(hit)
            if card is not None:
                sc.zoom = card
            elif hit and hit[0] == "gene_pool":
                sc.zoom_gp = hit[1]
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.hit(event.pos)
            d = sc.my_decision()
            if d and hit and hit[0] == "hand" and d.kind == "play" and hit[1] in d.options:
                r = self._target_rect(hit)
                sc.drag = {"card": hit[1], "start": event.pos, "pos": event.pos,
                           "offset": (event.pos[0] - r.x, event.pos[1] - r.y) if r else (0, 0),
                           "moved": False}
            return
        if event.type == pygame.MOUSEMOTION and sc.drag:
            sc.drag["pos"] = event.pos
            sx, sy = sc.drag["start"]
            if abs(event.pos[0] - sx) + abs(event.pos[1] - sy) > 8:
                sc.drag["moved"] = True
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if sc.drag and sc.drag["moved"]:
                self._drop(event.pos)
                return
            sc.drag = None
            if self._echo(event.pos):
                return
            before = sc.game.pending
            self._click_up(event.pos)
            if sc.game.pending is not before:
                sc.answered_at = (sc.time, event.pos)
            return

    def options_of(self, d: Any) -> list:
        return [o for o in d.options if o != "pass"] if d else []

    def _click_up(self, pos: tuple[int, int]) -> None:
        sc = self.sc
        for b in reversed(sc.buttons):
            if b.enabled and b.rect.collidepoint(pos):
                sc.app.sounds.play("click")
                sc.on_button(b.key)
                return
        self.click(self.hit(pos))

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
        sc = self.sc
        card = sc.drag["card"]
        sc.drag = None
        d = sc.my_decision()
        if d and sc.view is not None and card in sc.view.hosts:     # an attachment (E8)
            host = host_under(sc, pos, sc.view.hosts[card])
            if host is None:
                refuse(sc, card)
            else:
                play_onto(sc, card, host)
            return
        own = sc.layout.panel_of(sc.viewer).rect if sc.layout else None
        if d and own and own.collidepoint(pos):
            sc.apply(card)
            return
        reason = "Drop it on your trait pile to play it."
        sc.say(reason)
        sc.app.sounds.play("error")

    def click(self, hit: Any) -> None:
        """A click on a target of the table: the table's own (the discard pile, the log, the
        menu), else a step of answering my decision."""
        if hit is None or self._table_click(hit):
            return
        d = self.sc.my_decision()
        if d is None:
            return
        carry = carried(self.sc, d)
        if carry is not None and hit[0] in ("strip", "panel"):
            self._attach_click(hit, carry)
            return
        self._answer_click(hit, d)

    def _table_click(self, hit: Any) -> bool:
        """The targets that are the table's, not a decision's: whether `hit` was one."""
        sc = self.sc
        d = sc.my_decision()
        if hit[0] == "discard_pile" and not (d and d.zone == "discard"):
            sc.browse = not sc.browse
        elif hit[0] == "log_end":
            sc.log_scroll = 0
        elif hit[0] == "open_menu":
            sc.app.sounds.play("click")
            sc.menu_open = True
        else:
            return False
        return True

    def _attach_click(self, hit: Any, carry: int) -> None:
        """The chosen attachment goes on the lit host clicked (or the one in that pile)."""
        sc = self.sc
        hosts = sc.view.hosts[carry]
        in_pile = [h for h in sc.view.seats[hit[1]].pile if h in hosts]
        host = hit[2] if hit[0] == "strip" and hit[2] in hosts else (
            in_pile[0] if hit[0] == "panel" and len(in_pile) == 1 else None)
        if host is None:
            refuse(sc, carry)
        else:
            play_onto(sc, carry, host)

    @staticmethod
    def _value_of(hit: Any, d: Any) -> Any:
        """The answer a click on `hit` points at for decision `d`, or None."""
        if d.kind == "player":
            # anywhere in a player's area chooses that player: their pile strips and gene
            # pool lie over the panel, and a strip's card int must never be read as a seat
            return hit[1] if hit[0] in ("panel", "strip", "gene_pool") else None
        if hit[0] in ("hand", "overlay_card"):
            return hit[1]
        return hit[2] if hit[0] == "strip" else None

    def _answer_click(self, hit: Any, d: Any) -> None:
        """A click that chooses (or puts back, or confirms by choosing again) an answer."""
        sc = self.sc
        if hit[0] == "panel" and d.kind == "play" and sc.selected is not None \
                and hit[1] == sc.viewer:
            sc.apply(sc.selected)           # the chosen hand card, onto my pile
            return
        value = self._value_of(hit, d)
        if value is None:
            return
        if several(d) and hit[0] == "hand":
            sc.picks.toggle(d, value)       # choose it, or put it back
        elif value not in d.options:
            if d.kind == "play" and hit[0] == "hand":
                self._refuse(value, d)
        elif sc.selected == value:
            sc.apply(value)
        else:
            sc.selected = value

    def key(self, event: pygame.event.Event) -> None:
        """A key, through the table of bindings (ui/keys.py, the same table the help is made
        from): the first binding that matches the key and fits the decision, and whose action
        takes it, wins."""
        d = self.sc.my_decision()
        for b in keys.TABLE:
            if b.matches(event) and b.fits(d) and getattr(self, "key_" + b.action)(event, d, b):
                return

    # the actions of ui/keys.py's bindings: each returns whether it took the key

    def key_menu(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        sc = self.sc
        if sc.browse:
            sc.browse = False
        else:
            sc.menu_open = True
        return True

    def key_help(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        self.sc.help_open = True
        return True

    def key_undo(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        self.sc.undo()
        return True

    def key_hint(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        self.hint()
        return True

    def key_picks(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        return several(d) and self.sc.picks.key(event, d)

    def key_end_turn(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        self.sc.apply("end")
        return True

    def key_move(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        """The arrows move the selection through the options (from the last card chosen of
        several)."""
        sc = self.sc
        opts = self.options_of(d)
        if not opts:
            return False
        step = 1 if event.key in keys.FORWARD else -1
        at = sc.selected if sc.selected in opts else (
            sc.picks.of(d)[-1] if several(d) and sc.picks.of(d) else None)
        i = opts.index(at) if at in opts else -step
        sc.selected = opts[(i + step) % len(opts)]
        return True

    def key_confirm(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        if self.sc.selected not in d.options:
            return False
        self.sc.apply(self.sc.selected)
        return True

    def key_offer_one(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        """Y or Enter on an out-of-turn offer of one card: yes, play it."""
        opts = self.options_of(d)
        if len(opts) != 1:
            return False
        self.sc.apply(opts[0])
        return True

    def key_offer_selected(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        if self.sc.selected not in self.options_of(d):
            return False
        self.sc.apply(self.sc.selected)
        return True

    def key_pass(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        if "pass" not in d.options:
            return False
        self.sc.apply("pass")
        return True

    def key_decline(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        self.sc.apply("pass")
        return True

    def key_number(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        """N picks the Nth hand card from the left (saying why, if it cannot be played), or
        the Nth choice."""
        sc = self.sc
        i = keys.digit(event.unicode) - 1
        opts = self.options_of(d)
        if d.zone == "hand" and d.kind in ("play", "card") and sc.view is not None:
            hand = list(sc.view.hand)
            if i < len(hand):
                if hand[i] in opts:
                    sc.selected = hand[i]
                else:
                    self._refuse(hand[i], d)
        elif i < len(opts):
            sc.selected = opts[i]
        return True

    def key_hotkey(self, event: pygame.event.Event, d: Any, b: keys.Binding) -> bool:
        """The letter on one of the decision's answer buttons (Y / N, a colour's initial,
        S / R): that answer (answers.py owns the buttons and their letters)."""
        typed = event.unicode.lower()
        for a in decision_of(d).answers(self.sc, d):
            if a.hotkey == typed:
                self.sc.apply(a.value)
                break
        return True

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

    def _refuse(self, card: int, d: Any) -> None:
        """A hand card that is not a legal answer: say why (the engine's reason for a play)."""
        sc = self.sc
        why = sc.view.why_not.get(card) if sc.view and d.kind == "play" else None
        sc.say(why or ("You cannot play that card now." if d.kind == "play"
                         else "You cannot choose that card now."))
        sc.app.sounds.play("error")

    def on_button(self, key: Any) -> None:
        """A button of the table: an answer, a player chosen, Confirm, or one of the named
        buttons of `_BUTTONS` (Undo, Hint, the Esc menu's, the end screen's)."""
        sc = self.sc
        if isinstance(key, tuple) and key[0] == "answer":
            sc.apply(key[1])
        elif isinstance(key, tuple) and key[0] == "select_player":
            if sc.selected == key[1]:     # clicked again: confirmed, as with cards
                sc.apply(key[1])
            else:
                sc.selected = key[1]
        elif key == "confirm":
            self._confirm()
        elif isinstance(key, str) and key in _BUTTONS:
            _BUTTONS[key](self)

    def _confirm(self) -> None:
        sc = self.sc
        d = sc.my_decision()
        if several(d):
            sc.picks.confirm(d)
        elif sc.selected is not None:
            sc.apply(sc.selected)

    def _save(self) -> None:
        sc = self.sc
        said = sc.match.save_as("Saved " + time.strftime("%Y-%m-%d %H.%M.%S"))
        sc.say(said, 3 if said.startswith("Saved") else 5, good=said.startswith("Saved"))
        sc.menu_open = False

    def _menu_to(self, where: str | None) -> None:
        """Close the Esc menu; go to another scene (`where`), coming back here after."""
        sc = self.sc
        sc.menu_open = False
        if where is not None:
            router.go(sc.app, where, back=sc)

    def _leave_to(self, where: str) -> None:
        """Close the Esc menu and go to another scene that may replace this game (Load game):
        a game whose last moves are not saved asks first (ui/table/leaving.py)."""
        sc = self.sc
        sc.menu_open = False
        sc.overlays.leave.ask(lambda: router.go(sc.app, where, back=sc))


_BUTTONS: dict[str, Any] = {
    "undo": lambda i: i.sc.undo(),
    "hint": TableInput.hint,
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
"""The table's named buttons and what each does (an answer's button is ("answer", value))."""
