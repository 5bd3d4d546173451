"""What the bots know about Doomlings: card worths, a position's evaluation, and a fast policy.

Everything here reads a whole `Game`, which for a bot is always a *sampled world*
(`rules/worlds.py`): a clone in which the cards the bot cannot see were dealt again at random.
Nothing here ever touches a true game.

- `Tables(db)`: per-card numbers (a trait's worth in hand, its action's worth, ...).
- `evaluate(g, me)`: how good the position is for `me` — points now, what the hand and gene pool
  promise for the turns left, expected World's End effects, against the leading opponent.
- `option_scores(g)`: a quick score for each legal answer of the pending decision (whoever
  decides): static card worths for plays and discards, and a one-step look (apply on a clone,
  evaluate) for the rest. `fast_answer(g)` is its best answer: the policy used inside searches.
- `run_chain(g, ...)`: plays on with the fast policy to the end of the current turn.
"""

from __future__ import annotations

import math
from typing import Any

from doomlings_desktop.bots.knowledge import worths
from doomlings_desktop.rules import decisions as D
from doomlings_desktop.rules import meaning
from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.scoring import all_scores
from doomlings_desktop.rules.worlds import age_piles

# What an action, a World's End effect, a variable value or an out-of-turn card in hand is
# worth comes from the card itself: its `bots` hints in the card data (hand-tuned), else a
# worth derived from its steps (bots/knowledge.py).
# Pile picks that give away or lose one's own trait (the trait's worth is lost).
LOSE_OWN = frozenset({D.LOSE_OWN_TRAIT, D.SWAP_OWN_TRAIT})

# The evaluation's weights (hand-tuned; a bot may override them).
PARAMS = {
    "base": 3.0,       # a turn's play from a fresh hand of 5, in points (hold units)
    "gp_turn": 0.3,    # a gene pool point, per turn left
    "lead": 0.6,       # weight of the best opponent (the rest: their mean)
    "win": 25.0,       # a won game, in points (terminal positions)
    "we_weight": 1.0,    # World's End traits' expected bonuses, times this
    "hand_weight": 1.0,  # what hand and gene pool promise for the turns left, times this
}


class Tables:
    """Per-card numbers for one database, and the evaluation's weights."""

    def __init__(self, db: Database, params: dict | None = None) -> None:
        n = len(db.cards)
        self.db = db
        p = dict(PARAMS)
        p.update(params or {})
        self.base = p["base"]
        self.gp_turn = p["gp_turn"]
        self.lead = p["lead"]
        self.win = p["win"]
        self.we_weight = p["we_weight"]
        self.hand_weight = p["hand_weight"]
        self.action = [0.0] * n
        self.cost = [0.0] * n      # what paying its cost loses (a `bots` hint; else 0)
        self.we = [0.0] * n
        self.pts = [0.0] * n       # a trait's points in a pile, roughly
        self.extra = [0.0] * n     # what playing it is worth beyond its points
        self.hold = [0.0] * n      # a card's worth kept in hand (pts + extra)
        self.pile = [0.0] * n      # a trait's rough worth in a pile, for targets
        self.gp = [0] * n
        self.req: list = [None] * n
        self.dom = list(db.dominant)
        self.scoring = list(db.scoring)
        self.reacting = [bool(d.reaction) for d in db.cards]
        for c, d in enumerate(db.cards):
            if d.kind != "trait":
                continue
            worth, _ = worths(d)
            base = worth["variable"] if d.variable else float(d.value or 0)
            self.action[c] = worth.get("action", 0.0) + worth.get("attach", 0.0)
            self.cost[c] = worth.get("cost", 0.0)
            self.we[c] = worth.get("world_end", 0.0)
            self.gp[c] = int(d.gp_self or 0)
            self.req[c] = d.requires
            self.pile[c] = base + self.we[c] + (1.5 if d.score and not d.variable else 0.0)
            self.pts[c] = base + (1.0 if d.score and not d.variable else 0.0)
            self.extra[c] = self.action[c] + self.we[c] + 0.8 * self.gp[c] + self.cost[c]
            h = self.pts[c] + self.extra[c]
            if d.reaction:
                h = max(h, worth["hold"])
            self.hold[c] = h
        self.reactors = {c for c, d in enumerate(db.cards) if d.reaction}


_TABLES: dict[tuple, Tables] = {}


def tables(db: Database, params: dict | None = None) -> Tables:
    """The tables for a database and weights (cached)."""
    key = (id(db), tuple(sorted((params or {}).items())))
    t = _TABLES.get(key)
    if t is None or t.db is not db:
        t = _TABLES[key] = Tables(db, params)
    return t


# ---------------------------------------------------------------------- time left

def rounds_left(g: Game) -> float:
    """Expected rounds after the current one (each a turn for every player)."""
    if g.over or g.world_end:
        return 0.0
    left = len(g.age_deck)
    if not left:
        return 0.0
    sizes = age_piles(g)
    total = sum(sizes)
    cats = len(g.catastrophes)
    # remaining cards per pile (the Birth of Life counts as a round of its own)
    below = min(left, total)
    extra = left - below
    rem = []
    k = below
    for s in reversed(sizes):
        take = min(s, k)
        rem.append(take)
        k -= take
    rem.reverse()
    last = len(sizes) - 1
    r = float(extra)
    for i, m in enumerate(rem):
        if m <= 0:
            continue
        if i < last:
            r += m
        elif cats > last:
            r += 0
        else:
            r += (m - 1) / 2.0
    return r


def turns_left(g: Game) -> list[float]:
    """Expected turns each player still takes, this round included."""
    r = rounds_left(g)
    out = [r] * g.n
    if g.over or g.world_end:
        return [0.0] * g.n
    for q in g.queued_turns():
        out[q] += 1.0
    if g.pending is not None and at_turn_start(g):   # a turn whose play is still to come
        out[g.pending.player] += 1.0
    return out


# ---------------------------------------------------------------------- scores

# ---------------------------------------------------------------------- evaluation

PROTECTED = 0.3     # of a trait's worth: what its attachment's protection adds (E10)

def hand_worths(g: Game, p: int, tb: Tables, exact: bool = False,
                score: int | None = None) -> list[float]:
    """What each card of p's hand is worth kept: its hold value, nothing for a dominant that
    cannot be played (two in the pile already), less for an unmet requirement. With `exact`,
    a trait's points are what it would really add to p's score now (Kidney, Heat Vision...)."""
    pl = g.players[p]
    hand = pl.hand
    pile = pl.pile
    dom = tb.dom
    hold = tb.hold
    scoring = tb.scoring
    ndom = 0
    for x in pile:
        if dom[x]:
            ndom += 1
    if exact:
        exact = any(scoring[x] for x in pile) or any(scoring[c] for c in hand)
        if exact and score is None:
            score = g.score(p)
    col = None
    out = []
    for i, c in enumerate(hand):
        if dom[c] and ndom >= 2:
            out.append(0.2)
            continue
        if exact and not tb.reacting[c]:
            del hand[i]
            pile.append(c)
            w = g.score(p) - score + tb.extra[c]
            pile.pop()
            hand.insert(i, c)
        else:
            w = hold[c]
        r = tb.req[c]
        if r is not None:
            if col is None:
                colors = g.db.colors
                col = {}
                for x in pile:
                    for k in colors[x]:
                        col[k] = col.get(k, 0) + 1
            short = r[1] - col.get(r[0], 0)
            if short > 0:
                w *= 0.6 if short == 1 else 0.3
        out.append(w)
    return out


def seat_values(g: Game, tb: Tables | None = None, exact: tuple = ()) -> list[float]:
    """Each player's points now plus what the rest of the game promises them (the hands of
    the seats in `exact` valued exactly)."""
    tb = tb or tables(g.db)
    we = tb.we
    base = tb.base
    gp_turn = tb.gp_turn
    ww = tb.we_weight
    hw = tb.hand_weight
    turns = turns_left(g)
    out = []
    now = all_scores(g)
    hosts = g.hosts
    for q, pl in enumerate(g.players):
        v = float(now[q])
        if not g.over:
            for c in pl.pile:
                if we[c] and not (hosts and g.blanked(c)):
                    v += ww * we[c]
            if hosts:   # a trait its attachment protects is safe for the turns left (E10)
                prot = g.db.protects
                for c in pl.pile:
                    a = hosts.get(c, -1)
                    if a >= 0 and prot[a]:
                        v += PROTECTED * tb.pile[c]
            t = turns[q]
            if t > 0:
                per = base + gp_turn * (pl.gp - 5)
                h = hand_worths(g, q, tb, q in exact, now[q])
                h.sort(reverse=True)
                k = min(len(h), int(t + 0.999))
                for i in range(k):
                    # E[max(card, a fresh draw)], smoothly: weak cards still count a little
                    x = h[i] - per
                    v += hw * (per + (x + math.log1p(math.exp(-x)) if x > 0
                                      else math.log1p(math.exp(x))))
                v += hw * ((t - k) * per)
        out.append(v)
    return out


def evaluate(g: Game, me: int, tb: Tables | None = None) -> float:
    """How good the position is for `me`: its value against the best and the mean opponent."""
    tb = tb or tables(g.db)
    lead = tb.lead
    if g.outcome is not None:
        sc = g.outcome.scores
        share = g.outcome.won(me)
        others = [sc[q] for q in range(g.n) if q != me]
        return (tb.win * share + sc[me]
                - (lead * max(others) + (1 - lead) * sum(others) / len(others)))
    vals = seat_values(g, tb, (me,))
    others = [vals[q] for q in range(g.n) if q != me]
    return vals[me] - (lead * max(others) + (1 - lead) * sum(others) / len(others))


def rewards(g: Game, tb: Tables | None = None, temp: float = 4.0,
            exact: tuple = (), slope: float = 0.0) -> list[float]:
    """Each player's chance of winning, roughly: a softmax of the seat values (search), at a
    temperature of `temp` + `slope` x rounds left."""
    if g.outcome is not None:
        return [g.outcome.won(q) for q in range(g.n)]
    vals = seat_values(g, tb, exact)
    if slope:
        temp += slope * rounds_left(g)
    top = max(vals)
    ex = [math.exp((v - top) / temp) for v in vals]
    s = sum(ex)
    return [x / s for x in ex]


# ---------------------------------------------------------------------- a quick policy

def _play_worth(g: Game, p: int, c: int, base: int, tb: Tables) -> float:
    """What playing card c is worth to p now: its real points in the pile, action, bonuses."""
    pl = g.players[p]
    db = g.db
    scoring = db.scoring
    if not scoring[c] and not any(scoring[x] for x in pl.pile):
        pts = db.value[c]
    elif c in pl.hand:
        i = pl.hand.index(c)
        del pl.hand[i]
        pl.pile.append(c)
        pts = g.score(p) - base
        pl.pile.pop()
        pl.hand.insert(i, c)
    else:
        pl.pile.append(c)
        pts = g.score(p) - base
        pl.pile.pop()
    w = pts + tb.action[c] + tb.we[c] + 0.8 * tb.gp[c] + tb.cost[c]
    if c in tb.reactors:
        w -= 1.5     # keep out-of-turn cards for their moment
    return w


def _one_step(g: Game, opts: list, p: int, tb: Tables) -> list[float]:
    out = []
    for a in opts:
        h = g.clone()
        h.apply(a)
        out.append(evaluate(h, p, tb))
    return out


def option_scores(g: Game, tb: Tables | None = None) -> list[float]:
    """A quick score for each legal answer of g.pending (higher is better for its player)."""
    tb = tb or tables(g.db)
    d = g.pending
    p = d.player
    opts = d.options
    kind = d.kind
    db = g.db
    if kind == "play":
        base = g.score(p)
        # a play paid for by a trait of the pile leaving it (Bony Plates: d.subject)
        price = tb.pile[d.subject] if d.subject >= 0 else 0.0
        out = []
        for a in opts:
            out.append(0.0 if a == "pass" else _play_worth(g, p, a, base, tb) - price)
        return out
    if d.intent == D.KEEP_MEANING:
        return [meaning_outlook(g, p, a) for a in opts]
    if kind == "card":
        zone = d.zone
        if d.intent == D.USE_TRAIT_ACTION:      # a pile's trait, or a hand card (E28)
            return [tb.action[a] for a in opts]
        if d.intent == D.TAKE_REVEALED_CARD:      # a card to take or keep (Bones, Ancient)
            return [tb.hold[a] for a in opts]
        if zone == "hand":      # every other hand pick loses the card: discard, give, reveal
            hand = g.players[p].hand
            ws = dict(zip(hand, hand_worths(g, p, tb, True), strict=False))
            return [-0.3 if a == "pass" else -ws.get(a, tb.hold[a]) for a in opts]
        intent = d.intent
        if intent in LOSE_OWN:      # 'pass' where losing one is optional (Dermal Armor)
            return [0.0 if a == "pass" else -tb.pile[a] for a in opts]
        if intent == D.DISCARD_OPPONENT_TRAIT:     # mostly one pile; Mighty's any opponent's
            sc: dict[int, int] = {}
            out = []
            for a in opts:
                q = g.owner_of(a)
                if q not in sc:
                    sc[q] = g.score(q)
                out.append(tb.pile[a] + 0.05 * sc[q])
            return out
        if intent == D.ATTACH_TO_HOST:
            return attach_scores(g, tb)
        if intent == D.MOVE_ATTACHMENT:
            return move_scores(g, tb)
        if intent == D.SWAP_FOR_TRAIT and d.subject < 0:
            # Juicy's first pick (nothing moves until the second): a good trait of another
            # pile to win, or a poor one of ours to give; the second pick is looked at fully.
            return [-tb.pile[a] if g.owner_of(a) == p else tb.pile[a] for a in opts]
        if len(opts) > 12:
            sc = [g.score(q) for q in range(g.n)]
            return [tb.pile[a] + 0.05 * sc[g.owner_of(a)] for a in opts]
        return _one_step(g, opts, p, tb)
    if d.intent == D.SECRET_COLOR:      # Bioengineered Plague: the hand on the left loses it
        left = g.players[(p + 1) % g.n].hand
        cols = db.colors
        return [sum(tb.hold[c] for c in left if a in cols[c]) for a in opts]
    if kind == "react":
        out = []
        for a in opts:
            if a == "pass":
                out.append(0.0)
                continue
            out.append(react_score(g, d, a, db.reaction[a], tb))
        return out
    if kind == "no_play":
        good = sum(1 for w in hand_worths(g, p, tb) if w >= 2.0)
        return [0.5 if a == "skip" else (1.0 if good <= 1 else 0.0) for a in opts]
    if kind == "catastrophe":
        out = []
        for a in opts:
            h = g.clone()
            h.apply(a)
            run_chain(h, tb, limit=200, to_end=True)
            out.append(evaluate(h, p, tb))
        return out
    return _one_step(g, opts, p, tb)


def react_score(g: Game, d: Any, a: int, r: str, tb: Tables) -> float:
    """What playing out-of-turn card a now is worth (passing is 0): the points it puts into
    a pile, against keeping it (`hold`), and what its window does."""
    if r == "parasitic":
        return 2.0 * tb.pile[d.card] - 2.0 - tb.hold[a] + 1.0
    if r == "cancel_action":
        return tb.action[d.card] - 1.0 if d.card >= 0 else -1.0
    if r == "cancel_harm":          # Righteous: a free play, and the action stopped
        return tb.action[d.card] + tb.pts[a] - tb.hold[a] + 0.5
    if r == "action_played":        # Effigial: its (negative) points go to the player who
        actor = g.owner_of(d.card)  # played, best the leading one
        lead = actor >= 0 and g.score(actor) >= max(g.score(q) for q in g.opponents(d.player))
        return -tb.pts[a] - tb.hold[a] + (1.5 if lead else 0.5)
    if r == "trait_discarded":      # Necromantic: it, and the trait into the hand
        return tb.pts[a] + tb.hold[d.subject] - tb.hold[a] + 0.5
    if r == "self_discarded":       # Witchy into our pile, Zombified into another: better
        return abs(tb.pts[a]) + 0.5     # than the discard pile either way
    return 1.0      # a free play into our pile: Late, Sneaky, Fey, Gelatinous, Orcish Tusks
def attach_scores(g: Game, tb: Tables) -> list[float]:
    """Where an attachment is best put (E8-E15): the position one step on, as `evaluate` sees
    it (its points, a host's new colour or lost bonus count for the host's pile; a protected
    trait is worth more to its owner, a blanked one loses its World's End worth: so Bone
    Reinforcement goes on our best trait, Lyonization on an opponent's strongest effect), and
    for Electromagnetic part of the host action's worth, which the look cannot finish."""
    d = g.pending
    p = d.player
    opts = d.options
    db = g.db
    a = d.subject
    spec = db.attach[a]
    if len(opts) <= 12:
        out = _one_step(g, opts, p, tb)
    else:
        out = [(1.0 if g.owner_of(h) == p else -1.0) * PROTECTED * tb.pile[h] for h in opts]
        if not spec.protects:
            out = [-x for x in out]
    if db.cards[a].action:      # Electromagnetic: what the look cannot see of the action
        out = [w + 0.5 * tb.action[h] if db.has_action[h] else w
               for h, w in zip(opts, out, strict=True)]
    return out


def move_scores(g: Game, tb: Tables) -> list[float]:
    """Ruggedized may move (E14): to the best other trait of the pile, if it is worth more
    than the one it protects now."""
    d = g.pending
    m = d.subject
    now = g.attached.get(m, -1)
    best = max((tb.pile[h] for h in g.hosts_for(d.player, m, moving=True)), default=0.0)
    gain = best - (tb.pile[now] if now >= 0 else 0.0)
    return [0.0 if o == "pass" else gain for o in d.options]


MEANING_PILE = 10      # traits a pile is likely to hold at the end, for a Meaning card's outlook


def meaning_outlook(g: Game, p: int, c: int) -> float:
    """What Meaning of Life card c is likely worth to p at the end (E4), roughly: its bonus on
    p's pile filled up to MEANING_PILE traits with copies of the hand (what p is likely to
    play); a bonus for the lowest of all players counts as its mean spread over the table."""
    fn, arg, mode, data = g.db.cards[c].bonus
    if mode == "lowest":
        return (data[0] + data[1]) / 2 / g.n
    h = g.clone()
    pl = h.players[p]
    hand = pl.hand
    if hand:
        fill = max(0, MEANING_PILE - len(pl.pile))
        pl.pile = pl.pile + [hand[i % len(hand)] for i in range(fill)]
    return float(meaning.bonus(h, p, c))


def fast_answer(g: Game, tb: Tables | None = None) -> Any:
    """The quick policy's answer to g.pending (the first best)."""
    d = g.pending
    opts = d.options
    if len(opts) == 1:
        return opts[0]
    sc = option_scores(g, tb)
    best = 0
    for i in range(1, len(sc)):
        if sc[i] > sc[best]:
            best = i
    return opts[best]


def at_turn_start(g: Game) -> bool:
    """Whether g.pending is the main play (or no-play choice) that opens a turn."""
    d = g.pending
    return d is not None and d.intent in D.TURN_OPENING


def run_chain(g: Game, tb: Tables | None = None, limit: int = 40, to_end: bool = False) -> int:
    """Play on with the quick policy until the next turn opens (or the game ends, or `limit`
    decisions). Returns the number of decisions made."""
    tb = tb or tables(g.db)
    k = 0
    while g.pending is not None and k < limit:
        if not to_end and at_turn_start(g):
            break
        g.apply(fast_answer(g, tb))
        k += 1
    return k
