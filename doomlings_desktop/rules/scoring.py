"""Scores: face values, bonuses, World's End modifiers, and the final count with its tiebreak."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from doomlings_desktop.rules import meaning
from doomlings_desktop.rules.counters import PRIVATE, pile_color
from doomlings_desktop.rules.outcome import Outcome

if TYPE_CHECKING:
    from doomlings_desktop.rules.engine import Game


class Scoring:
    """Mixed into `Game`: the score of a seat now, line by line."""

    __slots__ = ()

    def score_breakdown(self, p: int, seen_by: int | None = None,
                        with_meaning: bool = True) -> list[tuple[str, int]]:
        """(label, points) lines: face values, each bonus, World's End modifiers, and last,
        once the game is over, the Meaning of Life bonus (E4; not `with_meaning`: The Dancer).

        With `seen_by` another seat, bonuses that depend on the cards in p's hand are left out:
        that is the score as the other player can know it."""
        db = self.db
        pl = self.players[p]
        ai_rule = self.over_rule() == "ai_takeover"
        exempt = self.we_exempt() if self.world_end else frozenset()
        ai = ai_rule and p not in exempt
        lines: list[tuple[str, int]] = []
        value = db.value
        if ai:
            face = sum(2 if db.color[c] == "colorless" and not db.dominant[c]
                       and self._colorless(c) else value[c] for c in pl.pile)
        else:
            face = sum(map(value.__getitem__, pl.pile))
        lines.append(("Face values", face))
        scoring = db.scoring
        others = db.scores_others
        others_ids = db.scores_others_ids
        for q in range(self.n):
            flags = scoring if q == p else others
            pile = self.players[q].pile
            if q != p and others_ids.isdisjoint(pile):
                continue
            for c in pile:
                if flags[c]:
                    name = db.cards[c].name
                    lines.extend((name, v) for v in self._bonus(p, q, c, seen_by, ai_rule, exempt))
        for label, v in pl.we_points:
            lines.append((label, v))
        if self.world_end and self.final_catastrophe >= 0 and p not in exempt:
            cat = db.cards[self.we_catastrophe()]
            for fn, arg, pts, to, _cond in cat.we_score:
                v = self._we_term(p, fn, arg, pts, to)
                if v:
                    lines.append((cat.name, v))
        if self.over and self.variants.get("gene_pool_leader_bonus"):
            top = max(o.gp for o in self.players)
            if pl.gp == top and sum(1 for o in self.players if o.gp == top) == 1:
                lines.append(("Gene pool leader", 3))
        if self.over and with_meaning and self.meaning[p] >= 0:
            c = self.meaning[p]
            lines.append((meaning.LABEL + db.cards[c].name, meaning.bonus(self, p, c)))
        return lines

    def _bonus(self, p: int, q: int, c: int, seen_by: int | None, ai_rule: bool,
               exempt: frozenset) -> list[int]:
        """The points card c in q's pile gives p now (its Score: terms), each term apart."""
        d = self.db.cards[c]
        if ai_rule and q not in exempt and d.color == "colorless" and not d.dominant \
                and self._colorless(c):
            return []   # AI Takeover: colorless effects are ignored
        if self.hosts and self.blanked(c):
            return []   # Lyonization: the host's text has no effect (E11)
        out = []
        for fn, arg, pts, to, cond in d.score:
            if (to == "self") != (q == p):
                continue
            if cond is not None:
                if cond == "most_traits_strict":
                    if not _most_traits(self.players, p):
                        continue
                elif cond == "is_host" and c not in self.hosts:
                    continue    # Bionic Arm's second +1 per Techling: only with an attachment
            if seen_by is not None and seen_by != p and fn in PRIVATE:
                continue
            v = fn(self, p, arg) * pts
            if v:
                out.append(v)
        return out

    def worth(self, p: int, c: int, seen_by: int | None = None) -> int:
        """What a variable-value trait c in p's pile is worth to p now, as seat `seen_by` can
        know it: its own Score: terms (what the table writes in its value disc)."""
        db = self.db
        ai_rule = self.over_rule() == "ai_takeover"
        exempt = self.we_exempt() if self.world_end else frozenset()
        face = db.value[c]
        if ai_rule and p not in exempt and self._colorless(c) and not db.dominant[c]:
            face = 2
        return face + sum(self._bonus(p, p, c, seen_by, ai_rule, exempt))

    def _colorless(self, c: int) -> bool:
        """Whether trait c counts as colorless for AI Takeover: as printed, unless an
        attachment gave it a colour (Cybernetic, Transgenic Modification, E12)."""
        if self.hosts:
            a = self.hosts.get(c, -1)
            if a >= 0 and self.db.host_color[a]:
                return False
        return self.db.color[c] == "colorless"

    def _we_term(self, p: int, fn: Any, arg: Any, pts: int, to: str) -> int:
        if to == "most_traits" or to == "fewest_traits":
            sizes = [len(o.pile) for o in self.players]
            target = max(sizes) if to == "most_traits" else min(sizes)
            return pts if sizes[p] == target else 0
        return fn(self, p, arg) * pts

    def we_catastrophe(self) -> int:
        return self.prepper if self.prepper >= 0 else self.final_catastrophe

    def we_exempt(self) -> frozenset:
        """Players Denial spares from the World's End effect: only if it is the effect of the
        catastrophe they ignored, not one of an earlier catastrophe chosen through Prepper."""
        return self.denied if self.we_catastrophe() == self.final_catastrophe else frozenset()

    def over_rule(self) -> str | None:
        if not self.world_end or self.final_catastrophe < 0:
            return None
        return self.db.cards[self.we_catastrophe()].we_rule

    def score(self, p: int, seen_by: int | None = None, with_meaning: bool = True) -> int:
        return sum(v for _, v in self.score_breakdown(p, seen_by, with_meaning))


def t_score(g: Game, t: tuple) -> None:
    """Final scores, the winner, and R6's tiebreak by drawn face values: the game's `Outcome`."""
    g.over = True
    g.world_end = True
    g.stack.clear()
    breakdowns = tuple(tuple(g.score_breakdown(p)) for p in range(g.n))
    scores = tuple(sum(v for _, v in b) for b in breakdowns)
    meaning.reveal(g)
    best = max(scores)
    tied = [p for p in g.order_from(g.first) if scores[p] == best]
    tiebreak, tied = _tiebreak(g, tied)
    winners = tuple(sorted(tied))
    g.outcome = Outcome(winners, scores, breakdowns, tuple(tiebreak), world_end_labels(g),
                        g.final_catastrophe, tuple(g.meaning))
    g.noted_over()      # and its line, GameOver.line: "Ann wins with 31 points."


def _tiebreak(g: Game, tied: list[int]) -> tuple[list[tuple[int, int]], list[int]]:
    """R6: the tied players draw a trait each until one face value is highest (or the decks
    run out); returns the draws in order, (seat, face value), and the seats still tied."""
    db = g.db
    draws_all: list[tuple[int, int]] = []
    aside: list[int] = []     # tiebreak cards stay in limbo until it is over, or they'd come back
    # A score that reads the discard pile (Tiny Arms) must read after the tiebreak what it
    # read at the count: the drawn cards then go back where they were, deck and discard pile.
    zones = (g.deck[:], g.discard[:]) if db.scores_discard and len(tied) > 1 else None
    while len(tied) > 1:
        draws = []
        for p in tied:
            got = g.draw(p, 1)
            if not got:
                draws = []
                break
            c = got[0]
            g.move(c, "hand", "limbo", p)
            aside.append(c)
            draws.append((p, db.value[c]))
            g.shown_all += (c,)
            g.noted_shown(c, p, "tiebreak")
        if not draws:
            break
        draws_all.extend(draws)
        top = max(v for _, v in draws)
        tied = [p for p, v in draws if v == top]
    for c in aside:
        g.move(c, "limbo", "discard")
    if zones is not None:       # ...and then back where they were drawn from
        g.restore_decks(*zones)
    return draws_all, tied


def world_end_labels(g: Game) -> frozenset:
    """The labels of the score lines that World's End effects made (`score_breakdown`): points
    a World's End effect gave a player (Deus Ex Machina's draw) and the final catastrophe's
    World's End scoring. The end screen marks those rows."""
    labels = {label for pl in g.players for label, _ in pl.we_points}
    if g.world_end and g.final_catastrophe >= 0:
        cat = g.db.cards[g.we_catastrophe()]
        if cat.we_score:
            labels.add(cat.name)
    return frozenset(labels)


def all_scores(g: Game) -> list[int]:
    """Every player's score as `g.score(p)` gives it, computed for all players at once: what a
    searching bot asks at every leaf. `score_breakdown` is the rule, line by line, for every
    case (World's End rules, recoloured traits, attachments); before World's End and without
    Faith or an attachment this adds the same terms without the lines, several times faster.
    tests/test_bots.py holds the two equal over many random positions."""
    players = g.players
    if g.over or g.hosts or any(pl.recolor for pl in players) or (
            g.world_end and g.over_rule() == "ai_takeover"):
        # (an attachment may blank or recolour its host, E11, E12: the general count)
        return [g.score(q) for q in range(g.n)]
    out = [sum(map(g.db.value.__getitem__, pl.pile)) + sum(v for _, v in pl.we_points)
           for pl in players]
    _add_bonuses(g, out)
    if g.world_end and g.final_catastrophe >= 0:
        exempt = g.we_exempt()
        cat = g.db.cards[g.we_catastrophe()]
        if cat.we_score:
            for p in range(g.n):
                if p not in exempt:
                    for fn, arg, pts, to, _cond in cat.we_score:
                        out[p] += g._we_term(p, fn, arg, pts, to)
    return out


def _add_bonuses(g: Game, out: list[int]) -> None:
    """Add every pile's bonus terms to the seats they score for (`all_scores`)."""
    players = g.players
    db = g.db
    scoring = db.scoring
    cards = db.cards
    n = g.n
    colors: list[dict[str, int]] | None = None
    for q, pl in enumerate(players):
        for c in pl.pile:
            if not scoring[c]:
                continue
            for fn, arg, pts, to, cond in cards[c].score:
                for p in ((q,) if to == "self" else [p for p in range(n) if p != q]):
                    if cond == "is_host":     # no attachment anywhere: Bionic Arm hosts none
                        continue
                    if cond == "most_traits_strict" and not _most_traits(players, p):
                        continue
                    if fn is pile_color:
                        if colors is None:
                            colors = _color_counts(g)
                        out[p] += colors[p].get(arg, 0) * pts
                    else:
                        out[p] += fn(g, p, arg) * pts


def _most_traits(players: list, p: int) -> bool:
    mine = len(players[p].pile)
    return all(mine > len(o.pile) for i, o in enumerate(players) if i != p)


def _color_counts(g: Game) -> list[dict[str, int]]:
    """Each pile's count of traits per colour, a multi-colour trait in each (E5)."""
    col = g.db.colors
    out = []
    for o in g.players:
        cc: dict[str, int] = {}
        for x in o.pile:
            for k in col[x]:
                cc[k] = cc.get(k, 0) + 1
        out.append(cc)
    return out
