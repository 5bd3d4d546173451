"""Statistics, as a page to look at: a headline (games, wins, best and average score), your
scores game by game against the best bot's, the share of games won so far with a mark per game,
how you fare against each bot level, and the cards you keep most often, with their faces.
"You" is the one person at this screen (against bots, or online); games that several played
at this screen (pass-and-play) are counted by name on a line of their own.

Everything comes from `storage.statistics.summary()`, which reads the file once per change
and checks every field (the file is hostile input); a card the file names that no card file
knows is left out, never shown as its id. Names come from a database with every module that
loads, so a Techlings card is "Nano", not "nano".
"""

from __future__ import annotations

from typing import Any

import pygame

from doomlings_desktop.ui import charts
from doomlings_desktop.ui.app import ACCENT, INK, MUTED, elide
from doomlings_desktop.ui.scenes.pages import SubScene
from doomlings_desktop.ui.theme import BAD, GOOD, WARN

LEVEL_NAMES = {"easy": "Easy bots", "medium": "Medium bots", "hard": "Hard bots",
               "random": "Random bots"}
FACES = 4           # favourite cards shown with their faces


def every_module_database() -> Any:
    """The playing database with every module that loads (card names for any game kept)."""
    from doomlings_desktop.rules.cards import (
        available_modules,
        database_for,
        default_database,
        module_problems,
    )

    try:
        broken = module_problems()
        return database_for([m for m in available_modules() if m not in broken])
    except Exception:  # noqa: BLE001 - a broken module file leaves the base cards' names
        return default_database()


class StatsScene(SubScene):
    title = "Statistics"

    def __init__(self, app: Any, back: Any) -> None:
        super().__init__(app, back)
        self._db: Any = None
        self._art: Any = None
        self.legends: list[str] = []        # what the charts' legends said, last drawn (tests)
        self.legend_boxes: list[pygame.Rect] = []   # where each legend and day was drawn (tests)

    @property
    def db(self) -> Any:
        if self._db is None:
            self._db = every_module_database()
        return self._db

    @property
    def art(self) -> Any:
        if self._art is None:
            from doomlings_desktop.ui.cardface import CardArt
            self._art = CardArt(self.db, self.app.settings.colorblind_symbols)
        return self._art

    def card_name(self, ident: str) -> str | None:
        d = self.db.defs.get(ident)
        return d.name if d is not None else None

    def unit(self) -> float:
        """The UI scale's unit while the two columns fit the window."""
        w, h = self.app.screen.get_size()
        return min(self.app.unit, h / 720, w / 1280)

    # ------------------------------------------------------------------ the page

    def draw(self, surf: pygame.Surface) -> None:
        from doomlings_desktop.storage import statistics

        u = self.unit()
        w, h = surf.get_size()
        self.legends = []
        self.legend_boxes = []
        m = int(48 * u)
        self.begin(surf, m)
        s = statistics.summary()
        y = self._headline(surf, s, m, int(96 * u), w - 2 * m, u)
        bottom = h - int(86 * u)            # above Back
        if not s["timeline"]:
            self._empty(surf, s, u)
            self.draw_buttons(surf)
            return
        left_w = int((w - 3 * m) * 0.56)
        left = pygame.Rect(m, y, left_w, bottom - y)
        right = pygame.Rect(left.right + m, y, w - left.right - 2 * m, bottom - y)
        split = left.y + int(left.h * 0.56)
        self._scores(surf, s["timeline"], pygame.Rect(left.x, left.y, left.w, split - left.y), u)
        self._wins(surf, s["timeline"], pygame.Rect(left.x, split + int(14 * u), left.w,
                                                    left.bottom - split - int(14 * u)), u)
        y = self._levels(surf, s["by_level"], right, u)
        y = self._favourites(surf, s["favourites"], pygame.Rect(right.x, y, right.w,
                                                                right.bottom - y), u)
        self._recent(surf, s["last"], pygame.Rect(right.x, y, right.w, right.bottom - y), u)
        self.draw_buttons(surf)

    def _headline(self, surf: pygame.Surface, s: dict, x: int, y: int, width: int,
                  u: float) -> int:
        """The figures in a sentence, and any note about the file; the y under them."""
        t = self.app.text
        games, hg, hw = s["games"], s["human_games"], s["human_wins"]
        parts = [f"{games} game{'s' if games != 1 else ''} finished"]
        if hg:
            parts.append(f"you won {hw} of {hg} ({100 * hw / hg:.0f}%)")
        if s["best"] is not None:
            parts.append(f"best score {s['best']}, average {s['average']:.1f}")
        surf.blit(t.render(" · ".join(parts), int(21 * u), INK, bold=True), (x, y))
        y += int(34 * u)
        shared = pass_and_play_line(s["pass_and_play"])
        if shared:
            size = t.fit(shared, int(17 * u), width, 11)
            surf.blit(t.render(elide(t, shared, size, width), size, INK), (x, y))
            y += int(28 * u)
        notes = []
        if s.get("partial"):
            notes.append("Only the newest games are kept.")
        if s["skipped"]:
            n = s["skipped"]
            notes.append(f"{n} damaged line{'s' if n != 1 else ''} of the statistics file "
                         "skipped.")
        if notes:
            surf.blit(t.render(elide(t, " ".join(notes), int(15 * u), width), int(15 * u),
                               WARN), (x, y))
            y += int(24 * u)
        return y + int(10 * u)

    def _empty(self, surf: pygame.Surface, s: dict, u: float) -> None:
        """No game of yours: says so, and lists the pass-and-play players by name."""
        t = self.app.text
        w, h = surf.get_size()
        shared = s["pass_and_play"]["players"]
        if shared:
            words = ("No game of your own yet (you against bots, or online): your charts "
                     "show here once you play one.")
        else:
            words = ("No game with a human player finished yet." if s["games"] else
                     "No game finished yet.") + " Play one, and it shows here."
        size = t.fit(words, int(22 * u), int(w * 0.92), 11)
        img = t.render(words, size, MUTED)
        y = h // 2 - (len(shared) * int(14 * u) if shared else 0)
        surf.blit(img, img.get_rect(center=(w // 2, y)))
        if not shared:
            return
        y += int(40 * u)
        head = t.render("Pass-and-play, by name", int(18 * u), ACCENT, bold=True)
        surf.blit(head, head.get_rect(midtop=(w // 2, y)))
        y += head.get_height() + int(8 * u)
        for row in shared:
            if y + int(24 * u) > h - int(90 * u):       # above Back
                break
            line = (f"{row['name']}: won {row['won']} of {row['played']}, "
                    f"best score {row['best']}")
            img = t.render(elide(t, line, int(17 * u), int(w * 0.8)), int(17 * u), INK)
            surf.blit(img, img.get_rect(midtop=(w // 2, y)))
            self.targets.append((img.get_rect(midtop=(w // 2, y)), ("player", row["name"])))
            y += int(26 * u)

    def _title(self, surf: pygame.Surface, words: str, r: pygame.Rect, u: float) -> int:
        img = self.app.text.render(words, int(18 * u), ACCENT, bold=True)
        surf.blit(img, (r.x, r.y))
        return r.y + img.get_height() + int(8 * u)

    def _scores(self, surf: pygame.Surface, tl: list[dict], r: pygame.Rect, u: float) -> None:
        """Your best score each game (a green dot won, a red ring lost: not by colour alone)
        and the best bot's."""
        t = self.app.text
        y = self._title(surf, f"Your scores, the last {len(tl)} games" if len(tl) > 1
                        else "Your score, your first game", r, u)
        values = [g["score"] for g in tl]
        rivals = [g["rival"] for g in tl]
        known = values + [v for v in rivals if v is not None]
        lo = -charts.nice_top(-min(known)) if min(known) < 0 else 0
        hi = charts.nice_top(max(known))
        plot = pygame.Rect(r.x + int(40 * u), y + int(6 * u), r.w - int(44 * u),
                           r.bottom - y - int(34 * u))
        charts.grid(surf, t, plot, lo, hi, u)
        self.targets.append((plot, ("chart", "scores")))
        charts.line(surf, charts.points(plot, rivals, lo, hi), MUTED, max(1, int(2 * u)))
        dots = [GOOD if g["won"] else BAD for g in tl]
        charts.line(surf, charts.points(plot, values, lo, hi), ACCENT, max(2, int(3 * u)),
                    dots, max(3, int(5 * u)), [not g["won"] for g in tl])
        # "best bot" only where a bot played (a pass-and-play table has none to show)
        self._axis(surf, tl, plot, u, [("you (dot: won, ring: lost)", ACCENT)]
                   + ([("best bot", MUTED)] if any(v is not None for v in rivals) else []))

    def _axis(self, surf: pygame.Surface, tl: list[dict], plot: pygame.Rect, u: float,
              legend: list[tuple]) -> None:
        """Under a chart: the first and last game's day, and what each line is."""
        t = self.app.text
        size = max(11, int(13 * u))
        y = plot.bottom + int(6 * u)
        first, last = tl[0]["day"], tl[-1]["day"]
        if first:
            surf.blit(t.render(first, size, MUTED), (plot.x, y))
        if last:
            img = t.render(last, size, MUTED)
            surf.blit(img, img.get_rect(topright=(plot.right, y)))
            self.legend_boxes.append(img.get_rect(topright=(plot.right, y)))
        x = plot.x + int(110 * u)
        for words, color, *kind in legend:
            self._key(surf, kind[0] if kind else "line", color, x, y, size, u)
            img = t.render(words, size, MUTED)
            surf.blit(img, (x + int(24 * u), y))
            self.legend_boxes.append(pygame.Rect(x, y, int(24 * u) + img.get_width(), size))
            x += int(24 * u) + img.get_width() + int(22 * u)
            self.legends.append(words)

    @staticmethod
    def _key(surf: pygame.Surface, kind: str, color: tuple, x: int, y: int, size: int,
             u: float) -> None:
        """A legend's sample, drawn as the chart draws it: a line, or a game's mark (a filled
        square won, a frame lost; a tryout found those marks under the axis unexplained)."""
        mid = y + size // 2 + 1
        if kind == "line":
            pygame.draw.line(surf, color, (x, mid), (x + int(18 * u), mid), 3)
            return
        side = max(3, int(12 * u))
        pygame.draw.rect(surf, color, pygame.Rect(x + int(9 * u) - side // 2, mid - side // 2,
                                                  side, side),
                         width=0 if kind == "square" else max(1, side // 4),
                         border_radius=max(1, side // 4))

    def _wins(self, surf: pygame.Surface, tl: list[dict], r: pygame.Rect, u: float) -> None:
        """The share of these games won so far, and a mark per game (a green square won, a
        red frame lost)."""
        t = self.app.text
        y = self._title(surf, "Games won so far", r, u)
        won = 0
        share = []
        for k, g in enumerate(tl):
            won += g["won"]
            share.append(100 * won / (k + 1))
        plot = pygame.Rect(r.x + int(40 * u), y + int(6 * u), r.w - int(44 * u),
                           r.bottom - y - int(50 * u))
        charts.grid(surf, t, plot, 0, 100, u, "{:.0f}%", 2)
        self.targets.append((plot, ("chart", "wins")))
        # a dot on each game's share: one game alone draws no line, and its 100% was not
        # seen anywhere on the chart
        charts.line(surf, charts.points(plot, share, 0, 100), GOOD, max(2, int(3 * u)),
                    [GOOD] * len(share), max(3, int(4 * u)))
        step = plot.w / len(tl)
        side = max(3, min(int(12 * u), int(step) - 2))
        for k, g in enumerate(tl):
            cx = plot.x + round(step * (k + 0.5))
            pygame.draw.rect(surf, GOOD if g["won"] else BAD,
                             pygame.Rect(cx - side // 2, plot.bottom + int(8 * u), side, side),
                             width=0 if g["won"] else max(1, side // 4),
                             border_radius=max(1, side // 4))
        self._axis(surf, tl, plot.move(0, int(16 * u)), u,
                   [("share won", GOOD), ("a game won", GOOD, "square"),
                    ("a game lost", BAD, "frame")])

    def _levels(self, surf: pygame.Surface, by_level: dict, r: pygame.Rect, u: float) -> int:
        """A bar per bot level played against: the share of those games you won."""
        t = self.app.text
        y = self._title(surf, "Against each bot level", r, u)
        if not by_level:
            surf.blit(t.render("No game against bots yet.", int(16 * u), MUTED), (r.x, y))
            return y + int(40 * u)
        label_w = int(130 * u)
        bh = int(28 * u)
        for level, (played, won) in by_level.items():
            surf.blit(t.render(LEVEL_NAMES.get(level, level), int(16 * u), INK),
                      (r.x, y + (bh - int(16 * u)) // 2 - int(2 * u)))
            words = f"{won} of {played} won ({100 * won / played:.0f}%)"
            charts.share_bar(surf, t, pygame.Rect(r.x + label_w, y, r.w - label_w, bh),
                             won, played, GOOD, u, words)
            self.targets.append((pygame.Rect(r.x, y, r.w, bh), ("level", level)))
            y += bh + int(8 * u)
        return y + int(18 * u)

    def _favourites(self, surf: pygame.Surface, favs: list, r: pygame.Rect, u: float) -> int:
        """The cards you kept most often: their faces, names and how many piles held them;
        the y under them."""
        t = self.app.text
        y = self._title(surf, "Your favourite cards", r, u)
        known = [(k, n) for k, n in favs if k in self.db.by_id][:FACES]
        if not known:
            surf.blit(t.render("None yet.", int(16 * u), MUTED), (r.x, y))
            return y + int(40 * u)
        gap = int(12 * u)
        cw = min((r.w - gap * (FACES - 1)) // FACES, int((r.bottom - y - int(44 * u)) * 0.72),
                 int(122 * u))
        ch = int(cw / 0.72)
        for i, (ident, n) in enumerate(known):
            x = r.x + i * (cw + gap)
            surf.blit(self.art.face(self.db.by_id[ident][0], cw, ch), (x, y))
            self.targets.append((pygame.Rect(x, y, cw, ch), ("card", ident)))
            name = elide(t, self.card_name(ident) or "", int(15 * u), cw, bold=True)
            surf.blit(t.render(name, int(15 * u), INK, bold=True), (x, y + ch + int(4 * u)))
            surf.blit(t.render(f"in {n} pile{'s' if n != 1 else ''}", int(13 * u), MUTED),
                      (x, y + ch + int(22 * u)))
        return y + ch + int(52 * u)

    def _recent(self, surf: pygame.Surface, last: list[dict], r: pygame.Rect, u: float) -> None:
        """The newest games in a line each, as many as there is room for (none if under two)."""
        t = self.app.text
        step = int(21 * u)
        room = (r.h - int(30 * u)) // step
        if room < 2 or not last:
            return
        y = self._title(surf, "Recent games", r, u)
        for g in list(reversed(last))[:room]:
            line = statistics_day(g) + recent_line(g)
            surf.blit(t.render(elide(t, line, int(14 * u), r.w), int(14 * u), MUTED), (r.x, y))
            y += step


def recent_line(g: dict) -> str:
    """A finished game in a line: the winner and their score first, then the others'
    scores highest first, so a cut to the column's width takes the lowest (the tryout's
    four-player line ended "...: Player..." with the winner cut off)."""
    results = list(zip(g["seats"], g["scores"], strict=False))
    winners = [i for i in g["winners"] if 0 <= i < len(results)]
    others = sorted((r for i, r in enumerate(results) if i not in winners),
                    key=lambda r: -r[1])
    rest = ", ".join(f"{st['name']} {sc}" for st, sc in others)
    if not winners:
        return rest
    best = " & ".join(results[i][0]["name"] for i in winners)
    head = f"{best} won with {results[winners[0]][1]}"
    return f"{head} · {rest}" if rest else head


def pass_and_play_line(pp: dict) -> str:
    """The games several people played at this screen, on a line of their own: counted by
    name, never as "you" (the tryout's "you won 1 of 1" after a three-person game)."""
    n = pp["games"]
    if not n:
        return ""
    who = " · ".join(f"{r['name']} won {r['won']} of {r['played']}" for r in pp["players"])
    return f"Pass-and-play, {n} game{'s' if n != 1 else ''} (by name, not in yours): {who}"


def statistics_day(g: dict) -> str:
    """'2026-11-25: ' for a game with a well-formed date, else nothing."""
    from doomlings_desktop.storage.statistics import day_of

    day = day_of(g.get("date", ""))
    return f"{day}: " if day else ""
