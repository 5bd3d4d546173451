"""Load game: every save, the game in progress first, then newest first. Each row shows the
save's name and date, how far the game got (round, catastrophes, or who won) and who played
(humans, and bots with their level). A save is opened (click its row, or Enter), replayed,
renamed or deleted; one that cannot be opened says why; damaged files set aside are counted.

Keys: Up/Down choose a row, Enter opens it, P replays it, F2 renames it, Delete deletes it,
Ctrl+Z brings back the save deleted last, Esc goes back. Renaming types into a field (Enter
renames, Esc cancels); a name that cannot be a file's name, or is another save's, is refused
with the reason. Deleting asks first, and moves the file to the `deleted` folder beside the
saves: nothing is erased (docs/promises.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from doomlings_desktop.ui import router
from doomlings_desktop.ui.app import ACCENT, INK, MUTED, Button, Scene, elide
from doomlings_desktop.ui.dialogs import WARN, Dialog, TextField
from doomlings_desktop.ui.scenes.pages import SubScene
from doomlings_desktop.ui.theme import DELETE_TONE, GO_TONE, SELECT

LIST_SECONDS = 0.08      # reading new saves, a frame: the rest is read over the next frames
OWN_KEYS = [("↑↓", "choose a save (the focus goes with it)"), ("Enter", "open it"),
            ("P", "replay it"), ("F2", "rename it"), ("Del", "delete it (asked first)"),
            ("Ctrl+Z", "bring back the save deleted last")]
"""The page's own keys, besides the focus ring's: its hint line and its F1 list."""
KEYS_HINT = "   ".join(f"{k} {what.split(' (')[0].split()[0]}" for k, what in OWN_KEYS[:5]) \
    + "   Esc back"


def display_name(info: Any) -> str:
    from doomlings_desktop.storage import saves
    return "Game in progress (Continue)" if info.name == saves.AUTOSAVE else info.name


def players_text(seats: list[dict], short: bool = False) -> str:
    """'2 humans, 1 bot: Ann, Bob (hard bot), Cy' (short: 'Bob (hard)')."""
    humans = sum(1 for s in seats if s["kind"] == "human")
    bots = len(seats) - humans
    kinds = ", ".join(f"{k} {what}{'s' if k != 1 else ''}"
                      for k, what in ((humans, "human"), (bots, "bot")) if k)
    names = ", ".join(s["name"] if s["kind"] == "human"
                      else f"{s['name']} ({s['level']}{'' if short else ' bot'})" for s in seats)
    return f"{kinds}: {names}"


def modules_text(t: Any, modules: tuple[str, ...], size: int, room: int) -> str:
    """The expansion modules a save is played with: '+ Dinolings, Techlings', or '+ 6
    modules' when the names take more than `room` pixels ('' for the base game)."""
    from doomlings_desktop.rules.cards import module_title
    if not modules:
        return ""
    full = "+ " + ", ".join(module_title(m) for m in modules)
    if t.font(size).size(full)[0] <= room:
        return full
    return f"+ {len(modules)} module{'s' if len(modules) > 1 else ''}"


def problem_text(info: Any) -> str:
    """Why a save cannot be opened, as its row says it: 'cannot be read: permission denied
    (left where it is)', 'kept, cannot continue: the rules of…', 'cannot open: …'."""
    if info.unreadable:
        return f"{info.problem} (left where it is)"
    return ("kept, cannot continue: " if info.kept else "cannot open: ") + info.problem


def progress_text(info: Any) -> str:
    if info.over:
        won = " and ".join(info.seats[s]["name"] for s in info.winners if s < len(info.seats))
        return f"Finished, {won} won" if won else "Finished"
    if info.round is None:
        return ""
    return f"Round {info.round} · Catastrophes {info.catastrophes}/3"


class LoadScene(SubScene):
    """Every save, newest first, with its buttons; a dialog over it to rename or delete."""

    title = "Load game"
    own_keys = OWN_KEYS

    def __init__(self, app: Any, back: Scene) -> None:
        super().__init__(app, back)
        self.notice: str | None = None
        self.items: list = []               # what the last frame listed, in its order
        self.sel = 0                        # the row the keys act on
        self.rows = 1                       # rows that fit the window
        self.dialog: Dialog | None = None
        self.acting: Any = None             # the save the dialog is about
        self.failed: tuple[str, str] | None = None      # a name refused: the name, why
        self.undo: tuple[Path, Path, str] | None = None   # last delete: went, was, name
        # The list is made when the screen opens and again when the saves folder changes (a
        # rename, a delete, an undo, another window's autosave), never every frame: with
        # 10,000 saves a frame draws the visible rows only (docs/promises.md, Load screen).
        self.stamp: Any = None              # the folder as it was when listed
        self.listed = False
        self.listing: Any = None            # saves.Listing while saves are still being read
        self.aside = 0                      # damaged files set aside, counted when listed
        self.checked: tuple | None = None   # typed name, the folder then, why it is refused

    # ------------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            choice = self.dialog.handle(event)
            if choice is not None:
                self._dialog_choice(choice)
            return
        if event.type == pygame.KEYDOWN:
            k = event.key
            steps = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: self.rows,
                     pygame.K_PAGEUP: -self.rows}
            if k in steps:
                self._choose(self.sel + steps[k])
                if self.items:          # the focus goes with the chosen row
                    self.focus.at = ("open", self.items[self.sel].path)
                return
            acts = {pygame.K_RETURN: "open", pygame.K_KP_ENTER: "open", pygame.K_F2: "rename",
                    pygame.K_DELETE: "delete"}
            if k == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.on_button("undo")
                return
            act = acts.get(k) or ("replay" if (event.unicode or "").lower() == "p" else None)
            if act == "open" and not self._on_row():
                act = None              # Enter on Back, Rename, Delete...: that button
            if act and self.items:
                self._act(act, self.items[self.sel])
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._explain(event.pos):
            return
        was = self.focus.at
        super().handle(event)
        if self.focus.at != was:
            self._follow_focus()

    def _on_row(self) -> bool:
        """Whether the focus is on a save's row (or nowhere yet): Enter opens the chosen
        save; on any other button it presses that button."""
        at = self.focus.at          # what the keys put it on (a row kept for its changed
        return at is None or (isinstance(at, tuple) and at[0] == "open")   # rules too)

    def _follow_focus(self) -> None:
        """The focus moved (Tab, Left, Right) onto a save's row or one of its buttons: that
        save is the chosen one, so F2, Delete and P act on the one outlined."""
        at = self.focus.at
        if isinstance(at, tuple) and len(at) == 2:
            i = next((i for i, x in enumerate(self.items) if x.path == at[1]), None)
            if i is not None and i != self.sel:
                self._choose(i)

    def _explain(self, pos: tuple[int, int]) -> bool:
        """A click on a row that cannot open (drawn off, so no button takes it) says why, as
        Enter on it does: the row itself has room for only the start of the reason."""
        hit = [b for b in self.buttons if b.rect.collidepoint(pos)]
        if not hit or any(b.enabled for b in hit):
            return False
        row = hit[0].key        # the row's own button is made before those drawn on it
        if not (isinstance(row, tuple) and row[0] == "open"):
            return False
        self.on_button(row)
        return True

    def _choose(self, i: int) -> None:
        """Make row i the chosen one and scroll it into sight."""
        self.sel = max(0, min(len(self.items) - 1, i))
        if self.sel < self.scroll:
            self.scroll = self.sel
        elif self.sel >= self.scroll + self.rows:
            self.scroll = self.sel - self.rows + 1

    def on_button(self, key: Any) -> None:
        if key == "back":
            self.leave()
        elif key == "undo":
            self._undo()
        elif isinstance(key, tuple):
            info = next((i for i in self.items if i.path == key[1]), None)
            if info is not None:
                self._choose(self.items.index(info))
                self._act(key[0], info)

    def _act(self, what: str, info: Any) -> None:
        from doomlings_desktop.play import match as policy
        from doomlings_desktop.storage import saves

        if what == "open":
            if info.unreadable:     # the permission may be put right since it was listed
                self._select(info.path)
                info = next((i for i in self.items if i.path == info.path), info)
            if info.kept:           # kept for its changed card rules: it cannot open here
                self.notice = f"{display_name(info)} " + (
                    f"{info.problem}: it is left where it is." if info.unreadable
                    else f"cannot be continued: {info.problem}.")
                self.app.sounds.play("error")
            else:
                router.open_save(self.app, info.path, self)
        elif what == "replay":
            if info.problem is None and policy.replay_seats([s["kind"] for s in info.seats],
                                                            info.over):
                router.open_replay(self.app, info.path, self)
            else:
                self.notice = policy.REPLAY_REFUSED if info.problem is None else \
                    f"{display_name(info)} cannot be replayed: {info.problem}."
                self.app.sounds.play("error")
        elif what == "rename":
            self.acting, self.failed, self.checked = info, None, None
            auto = info.name == saves.AUTOSAVE
            start = f"Game {info.saved_at[:16].replace(':', '.')}" if auto else info.name
            lines = [f"Letters, digits, spaces and {' '.join(saves.NAME_MARKS.strip())} — up "
                     f"to {saves.NAME_MAX} characters. Enter renames, Esc cancels."]
            if auto:
                lines.insert(0, "It becomes a save of its own: Continue will no longer offer it.")
            self.dialog = Dialog(f"Rename '{display_name(info)}'", lines,
                                 [("Rename", "rename", GO_TONE), ("Cancel", "cancel", None)],
                                 field=TextField(start, saves.NAME_MAX + 20))
        elif what == "delete":
            self.acting = info
            lines = [f"The file is moved to the '{saves.TRASH}' folder beside your saves, not "
                     "erased: Undo (Ctrl+Z) on this screen brings it back.",
                     "Enter or Y deletes, Esc or N cancels."]
            if info.name == saves.AUTOSAVE:
                lines.insert(0, "Continue will no longer offer this game.")
            self.dialog = Dialog(f"Delete '{display_name(info)}'?", lines,
                                 [("Delete", "delete", DELETE_TONE), ("Cancel", "cancel", None)],
                                 hotkeys={"y": "delete", "n": "cancel"})

    def _dialog_choice(self, choice: Any) -> None:
        from doomlings_desktop.storage import saves

        info, dialog = self.acting, self.dialog
        if choice == "cancel":
            self.dialog = self.acting = None
        elif choice == "rename":
            try:
                new = saves.rename(info.path, dialog.field.text)
            except saves.SaveError as e:
                self.failed = (dialog.field.text, str(e))
                self.app.sounds.play("error")
                return
            self.dialog = self.acting = None
            self.notice = f"Renamed to '{new.stem}'."
            self._select(new)
        elif choice == "delete":
            self.dialog = self.acting = None
            try:
                went = saves.delete(info.path)
            except saves.SaveError as e:
                self.notice = f"{display_name(info)} could not be deleted: {e}"
                self.app.sounds.play("error")
                return
            self.undo = (went, info.path, display_name(info))
            self.notice = (f"Deleted '{display_name(info)}': it is in {went.parent}. "
                           "Undo (Ctrl+Z) brings it back.")

    def _undo(self) -> None:
        from doomlings_desktop.storage import saves

        if self.undo is None:
            return
        went, was, name = self.undo
        self.undo = None
        try:
            back = saves.restore(went, was)
        except saves.SaveError as e:
            self.notice = f"'{name}' could not be brought back: {e}"
            return
        self.notice = f"'{name}' is back" + ("." if back == was else f", as '{back.stem}'.")
        self._select(back)

    def _select(self, path: Path) -> None:
        self.listing = None                 # this screen changed the folder: look again
        self._refresh()
        for i, info in enumerate(self.items):
            if info.path == path:
                self._choose(i)

    @property
    def unread(self) -> int:
        """Saves not read yet: they are read over the next frames."""
        return self.listing.unread if self.listing is not None else 0

    def busy(self) -> bool:
        """Saves are still being read: draw the next frame without waiting for input."""
        return self.unread > 0

    def _refresh(self) -> None:
        """List the saves again: the screen opened, or the folder changed. Only files new or
        changed since are read, for at most LIST_SECONDS a frame: thousands of saves never
        seen before fill in over the first frames while the screen already answers."""
        from doomlings_desktop.storage import saves
        if self.listing is None:
            self.stamp = saves.listing_stamp()      # before: a change meanwhile lists again
            self.listing = saves.Listing(with_autosave=True)
            self.aside = len(saves.set_aside())
        if self.listing.step(LIST_SECONDS):
            items, self.listing = self.listing.saves(), None
        else:
            items = self.listing.saves()
        # the game in progress first, those without a date (damaged) last; else newest first
        self.items = sorted(items, key=lambda i: (i.name != saves.AUTOSAVE,
                                                   not i.saved_at[:1].isdigit()))
        self.listed = True

    def _name_problem(self, text: str) -> str | None:
        """Why the typed name is refused, worked out when the text or the folder changes (it
        looks at every save's name), not every frame."""
        from doomlings_desktop.storage import saves
        if self.checked is None or self.checked[:2] != (text, self.stamp):
            self.checked = (text, self.stamp, saves.name_problem(text, self.acting.path))
        return self.checked[2]

    # ------------------------------------------------------------------ drawing

    def _count_line(self, surf: pygame.Surface, n: int, rows: int, x0: int, top: int,
                    u: float) -> None:
        """Over the list: how the reading goes, that there are no saves, or which are shown."""
        t = self.app.text
        w = surf.get_width()
        if self.unread:
            said = f"Reading the saves: {n:,} listed, {self.unread:,} to go"
        elif not n:
            surf.blit(t.render("No saved games yet. Save from the in-game menu (Esc).",
                               int(19 * u), MUTED), (x0, int(120 * u)))
            return
        elif n > rows:
            said = (f"{self.scroll + 1}–{min(n, self.scroll + rows)} of {n} saves (mouse wheel "
                    "or arrows)")
        else:
            return
        count = t.render(said, int(14 * u), MUTED)
        surf.blit(count, count.get_rect(bottomright=(w - x0, top - int(6 * u))))

    def _row_buttons(self, row: pygame.Rect, info: Any, bw: int, gap: int,
                     u: float) -> str | None:
        """A save's row: the row opens it, then Replay, Rename, Delete. Returns why Replay is
        off for it, if the policy refuses it."""
        from doomlings_desktop.play import match as policy
        # A damaged save can still be opened: that explains it and sets it aside. One kept
        # for its changed card rules cannot be opened here at all.
        self.buttons.append(Button(row, "", ("open", info.path), not info.kept))
        by = row.centery - int(20 * u)
        x = row.right - int(10 * u) - 3 * bw - 2 * gap
        why = None
        if info.problem is None:
            # the policy is the match layer's; open_replay checks it again on the replayed
            # game, so a hand-edited 'over' flag gains nothing
            why = None if policy.replay_seats([s["kind"] for s in info.seats], info.over) \
                else policy.REPLAY_REFUSED
        for label, act, on, tone in (("Replay", "replay", info.problem is None and not why,
                                      None), ("Rename", "rename", True, None),
                                     ("Delete", "delete", True, DELETE_TONE)):
            self.buttons.append(Button(pygame.Rect(x, by, bw, int(40 * u)), label,
                                       (act, info.path), on, "", tone))
            x += bw + gap
        return why

    def draw(self, surf: pygame.Surface) -> None:
        from doomlings_desktop.storage import saves
        u = self.unit()
        t = self.app.text
        w, h = surf.get_size()
        x0 = int(w * 0.07)
        self.begin(surf, x0)
        if self.listing is not None or not self.listed or saves.listing_stamp() != self.stamp:
            self._refresh()
        items = self.items
        top, step, rh = int(110 * u), int(70 * u), int(62 * u)
        self.rows = rows = max(1, (h - int(150 * u) - top) // step)
        self.sel = max(0, min(self.sel, len(items) - 1))
        self.scroll = min(self.scroll, max(0, len(items) - rows))
        self._count_line(surf, len(items), rows, x0, top, u)
        refused = None
        bw, gap = int(104 * u), int(8 * u)
        shown = list(enumerate(items[self.scroll:self.scroll + rows], self.scroll))
        for k, (_, info) in enumerate(shown):
            row = pygame.Rect(x0, top + k * step, w - 2 * x0, rh)
            why = self._row_buttons(row, info, bw, gap, u)
            refused = refused or why
        if self.undo is not None:
            self.buttons.append(Button(pygame.Rect(int(216 * u), h - int(70 * u), int(180 * u),
                                                   int(46 * u)), "Undo delete", "undo"))
        if self.focus.at is None and items:
            self.focus.reset(("open", items[self.sel].path))    # the chosen save, at first
        self.draw_buttons(surf)
        for k, (i, info) in enumerate(shown):
            row = pygame.Rect(x0, top + k * step, w - 2 * x0, rh)
            self._row_text(surf, info, row, row.right - int(26 * u) - 3 * bw - 2 * gap, u)
            if i == self.sel:
                pygame.draw.rect(surf, SELECT, row.inflate(int(6 * u), int(6 * u)),
                                 width=max(2, int(2 * u)), border_radius=int(10 * u))
        if refused:         # beside the title: why some Replay buttons are off
            x = x0 + t.font(int(40 * u), True).size(self.title)[0] + int(30 * u)
            for k, line in enumerate(t.wrap(refused, int(15 * u), w - x - int(30 * u))[:2]):
                surf.blit(t.render(line, int(15 * u), MUTED), (x, int(46 * u) + k * int(20 * u)))
        y = h - int(144 * u)
        aside = self.aside
        if aside:
            msg = (f"{aside} damaged file{'s were' if aside != 1 else ' was'} set "
                   f"aside (as .corrupt) in {saves.saves_dir()}")
            surf.blit(t.render(t.wrap(msg, int(14 * u), w - 2 * x0)[0], int(14 * u), MUTED),
                      (x0, y))
            y += int(20 * u)
        if self.notice:
            for line in t.wrap(self.notice, int(16 * u), w - 2 * x0)[:2]:
                surf.blit(t.render(line, int(16 * u), WARN), (x0, y))
                y += int(22 * u)
        hint = t.render(KEYS_HINT, int(14 * u), MUTED)
        surf.blit(hint, hint.get_rect(midright=(w - x0, h - int(47 * u))))
        if self.dialog is not None:
            field = self.dialog.field
            if field is not None and self.acting is not None:    # said as the name is typed
                failed = self.failed
                self.dialog.problem = failed[1] if failed and failed[0] == field.text else \
                    self._name_problem(field.text)
            self.targets = []       # nothing under the dialog can be clicked
            self.dialog.draw(surf, self.app, self.targets)

    def _row_text(self, surf: pygame.Surface, info: Any, row: pygame.Rect, right: int,
                  u: float) -> None:
        """Name and date on the first line; how far it got and who played on the second (or
        why it cannot be opened)."""
        t = self.app.text
        x = row.x + int(14 * u)
        room = right - x
        date = t.render(info.saved_at[:16] if info.saved_at[:1].isdigit() else "", int(15 * u),
                        MUTED)
        surf.blit(date, date.get_rect(topright=(right, row.y + int(10 * u))))
        end = right - date.get_width() - int(20 * u)
        mods = modules_text(t, info.modules, int(15 * u), int(room * 0.4))
        if mods:        # the expansion modules it is played with, before the date
            img = t.render(mods, int(15 * u), ACCENT)
            surf.blit(img, img.get_rect(topright=(end, row.y + int(10 * u))))
            end -= img.get_width() + int(16 * u)
        name = elide(t, display_name(info), int(18 * u), end - x, bold=True)
        surf.blit(t.render(name, int(18 * u), MUTED if info.kept else INK, bold=True),
                  (x, row.y + int(8 * u)))
        y = row.y + int(34 * u)
        if info.problem is not None:
            why = problem_text(info)
            why = why[:1].upper() + why[1:]
            surf.blit(t.render(elide(t, why, int(15 * u), room), int(15 * u), WARN), (x, y))
            return
        prog = progress_text(info)
        if prog:
            img = t.render(prog, int(15 * u), ACCENT if info.over else INK, bold=True)
            surf.blit(img, (x, y))
            x += img.get_width() + int(16 * u)
        who = players_text(info.seats)
        if t.font(int(15 * u)).size(who)[0] > right - x:
            who = players_text(info.seats, short=True)
        size = t.fit(who, int(15 * u), right - x, int(13 * u))
        surf.blit(t.render(elide(t, who, size, right - x), size, MUTED),
                  (x, y + (int(15 * u) - size) // 2))
