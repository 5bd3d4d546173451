"""Statistics: games played, wins by seat kind, best scores, traits, recent games."""

from __future__ import annotations

import pygame

from doomlings_desktop.ui.scenes.pages import SubScene


class StatsScene(SubScene):
    title = "Statistics"

    def draw(self, surf: pygame.Surface) -> None:
        from doomlings_desktop.rules.cards import default_database
        from doomlings_desktop.storage import statistics
        u = self.unit()
        t = self.app.text
        w, h = surf.get_size()
        x0 = int(w * 0.12)
        self.begin(surf, x0)
        s = statistics.summary()
        db = default_database()
        lines = [f"Games played: {s['games']}"
                 + (" (the newest: older games are not kept)" if s.get("partial") else "")]
        if s["skipped"]:
            lines.append(f"({s['skipped']} damaged line{'s' if s['skipped'] != 1 else ''} of "
                         "the statistics file skipped)")
        if s["best"] is not None:
            lines.append(f"Human scores: best {s['best']}, average {s['average']:.1f}")
        for key, (played, won) in s["by_seat"].items():
            lines.append(f"{key}: {played} seat{'s' if played != 1 else ''} played, "
                         f"{won:g} win{'s' if won != 1 else ''} ({100 * won / played:.0f}%)")
        if s["most_played"]:
            lines.append("Most played traits: " + ", ".join(
                f"{db.defs[k].name if k in db.defs else k} ({n})" for k, n in s["most_played"]))
        if s["best_scoring"]:
            lines.append("Best-scoring traits (mean final score of piles holding them): " + ", ".join(
                f"{db.defs[k].name if k in db.defs else k} ({v:.1f})" for k, v in s["best_scoring"]))
        if s["last"]:
            lines.append("")
            lines.append("Recent games:")
            for g in reversed(s["last"]):
                try:
                    names = ", ".join(f"{st['name']} {sc}" for st, sc in zip(g["seats"], g["scores"],
                                                                              strict=False))
                    win = " & ".join(g["seats"][i]["name"] for i in g["winners"])
                    lines.append(f"  {g['date']}: {names} - won by {win}")
                except (KeyError, IndexError, TypeError):
                    continue
        y = int(110 * u)
        for line in lines:
            for part in t.wrap(line, int(18 * u), int(w * 0.76)):
                surf.blit(t.render(part, int(18 * u)), (x0, y))
                y += int(26 * u)
        self.draw_buttons(surf)
