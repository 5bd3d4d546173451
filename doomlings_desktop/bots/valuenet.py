"""A learned evaluation: a small value network that reads a position and gives each seat its
chance to win, for the cut-off of Hard's simulations.

Like Keldon's Race for the Galaxy AI, the anchor of this design: features of the position, one
hidden layer (96 units in the shipped weights; any size loads), trained on self-play games
(`tools/train_valuenet.py`, Monte Carlo targets: who really won). Each seat's features use
only what that seat could see (its own hand, every pile and gene pool, the age deck's size
and structure), so the same numbers come from the seat's View. The network gives each seat a
utility; a softmax over the table turns them into chances to win, the same reading as
`heuristics.rewards` but learned instead of a hand-tuned value at a fitted temperature. Table
size is a feature (one-hot), so one model serves 2 to 6 players.

Run time needs numpy: without it (the standalone bundle leaves numpy out) the weights are not
read and Hard keeps its hand-tuned evaluation. A plain-Python forward pass gives the same
result within rounding; the tests hold numpy's batched pass to it, but it is far too slow to
search with. The weights file (`assets/valuenet.npz`) is hostile input like any other:
`load_net` checks its size, keys, shapes, feature names and that every number is finite; a
bad or missing file gives one clear log line and `None`, and Hard keeps its hand-tuned
evaluation."""

from __future__ import annotations

import logging
import math
from pathlib import Path
from typing import Any

from doomlings_desktop.bots.heuristics import (
    PROTECTED,
    Tables,
    at_turn_start,
    hand_worths,
    rounds_left,
    tables,
    turns_left,
)
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.scoring import all_scores

np: Any = None      # numpy, imported when a network is first made (`numpy()`)
_NUMPY_TRIED = False


def numpy() -> Any:
    """numpy, or None where it is not installed (the standalone bundle leaves it out: the
    weights are then not read and Hard keeps its hand-tuned evaluation). Imported on first
    use, not with the bots: the app's start-up does not wait for it."""
    global np, _NUMPY_TRIED
    if not _NUMPY_TRIED:
        _NUMPY_TRIED = True
        try:
            import numpy as module
            np = module
        except ImportError:
            np = None
    return np

log = logging.getLogger("doomlings")

FORMAT = 1
MAX_BYTES = 2_000_000
WEIGHTS = "assets/valuenet.npz"
COLORS = ("red", "blue", "green", "purple", "colorless")
SEAT_FEATURES = ("score", "world_end", "protected", "hand", "value", "gene_pool",
                 "hand_size", "best_card", "top3", "pile_size") + COLORS + (
                 "colors", "dominants", "turns_left", "to_move")
GLOBAL_FEATURES = ("rounds_left", "age_deck", "catastrophes", "players_2", "players_3",
                   "players_4", "players_5", "players_6")
# A seat's input: its own features, the same minus the best opponent's and minus the
# opponents' mean (column by column), then the table's features.
FEATURES = (SEAT_FEATURES + tuple("vs_best_" + f for f in SEAT_FEATURES)
            + tuple("vs_mean_" + f for f in SEAT_FEATURES) + GLOBAL_FEATURES)
MAX_SEATS = 6
MIN_TEMPERATURE = 0.3


def seat_rows(g: Game, tb: Tables | None = None, exact: tuple = ()) -> list[list[float]]:
    """Each seat's own features (SEAT_FEATURES): its score now and the hand-tuned
    evaluation's parts (as `heuristics.seat_values` adds them, the hands of the seats in
    `exact` valued exactly), gene pool, hand, pile colours, dominants, turns left."""
    tb = tb or tables(g.db)
    we = tb.we
    colors = _color_index(g.db)
    dom = tb.dom
    turns = turns_left(g)
    now = all_scores(g)
    hosts = g.hosts
    mover = g.pending.player if g.pending is not None and at_turn_start(g) else -1
    rows = []
    for q, pl in enumerate(g.players):
        w = prot = hand = 0.0
        hw = hand_worths(g, q, tb, q in exact, now[q])
        hw.sort(reverse=True)
        if not g.over:
            w = sum(we[c] for c in pl.pile if we[c] and not (hosts and g.blanked(c)))
            w *= tb.we_weight
            if hosts:
                prot_of = g.db.protects
                for c in pl.pile:
                    a = hosts.get(c, -1)
                    if a >= 0 and prot_of[a]:
                        prot += PROTECTED * tb.pile[c]
            hand = _hand_part(hw, turns[q], tb.base + tb.gp_turn * (pl.gp - 5)) * tb.hand_weight
        col = [0.0] * 5
        for c in pl.pile:
            for i in colors[c]:
                col[i] += 1.0
        rows.append([float(now[q]), w, prot, hand, now[q] + w + prot + hand, pl.gp - 5.0,
                     float(len(pl.hand)), hw[0] if hw else 0.0, sum(hw[:3]),
                     float(len(pl.pile))] + col + [
                     float(sum(1 for x in col[:4] if x)), float(sum(1 for c in pl.pile if dom[c])),
                     turns[q], 1.0 if q == mover else 0.0])
    return rows


_COLOR_INDEX: dict[int, tuple[Any, list]] = {}


def _color_index(db: Any) -> list:
    """Each card's colours as indices into COLORS (an unknown colour counts as colorless)."""
    got = _COLOR_INDEX.get(id(db))
    if got is None or got[0] is not db:
        idx = [tuple(COLORS.index(k) if k in COLORS else 4 for k in cs) for cs in db.colors]
        got = _COLOR_INDEX[id(db)] = (db, idx)
    return got[1]


def _hand_part(h: list[float], t: float, per: float) -> float:
    """What the hand (sorted, best first) and gene pool promise over t turns: each turn the
    better of a hand card and a fresh draw, smoothly (as `heuristics.seat_values`)."""
    if t <= 0:
        return 0.0
    v = 0.0
    k = min(len(h), int(t + 0.999))
    for i in range(k):
        x = h[i] - per
        v += per + (x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x)))
    return v + (t - k) * per


def table_row(g: Game) -> list[float]:
    """The table's features (GLOBAL_FEATURES): rounds left, age deck, catastrophes, size."""
    size = [1.0 if g.n == k else 0.0 for k in range(2, 7)]
    return [rounds_left(g), float(len(g.age_deck)), float(len(g.catastrophes))] + size


def inputs(g: Game, tb: Tables | None = None, exact: tuple = ()) -> list[list[float]]:
    """The network's input rows for the position, one per seat (FEATURES)."""
    return combine(seat_rows(g, tb, exact), table_row(g))


def combine(rows: list[list[float]], table: list[float]) -> list[list[float]]:
    """Each seat's row with its differences to the best and the mean opponent, and the
    table's features (plain Python; `combine_batch` is the same for many positions)."""
    n = len(rows)
    f = len(rows[0])
    out = []
    for q in range(n):
        others = [rows[r] for r in range(n) if r != q]
        mine = rows[q]
        best = [mine[j] - max(o[j] for o in others) for j in range(f)]
        mean = [mine[j] - sum(o[j] for o in others) / len(others) for j in range(f)]
        out.append(mine + best + mean + table)
    return out


def combine_batch(seats: Any, tables_: Any) -> Any:
    """`combine` for B positions of one table size at once, with numpy: seats (B, n, f),
    tables_ (B, t) -> inputs (B, n, 3f + t)."""
    b, n, f = seats.shape
    srt = np.sort(seats, axis=1)
    first = srt[:, -1:, :]
    # the best of the *other* seats: the second best for the best seat (equal in a tie)
    best = np.where(seats == first, srt[:, -2:-1, :], first)
    mean = (seats.sum(axis=1, keepdims=True) - seats) / (n - 1)
    tab = np.broadcast_to(tables_[:, None, :], (b, n, tables_.shape[1]))
    return np.concatenate([seats, seats - best, seats - mean, tab], axis=2)


IV = FEATURES.index("value")
IR = FEATURES.index("rounds_left")
IP = FEATURES.index("players_2")


class ValueNet:
    """A utility per seat, a softmax over the table for each seat's chance to win. The
    utility is the hand-tuned reading (the seat's value at Hard's fitted temperature for the
    table size and rounds left, `temperature`: t0 and slope for 2 to 6 players) plus a
    correction: one hidden layer (tanh) over the normalised inputs. Trained from zero
    correction, the network starts as the hand-tuned evaluation and moves away from it only
    as far as the games show it should."""

    def __init__(self, mean: Any, scale: Any, w1: Any, b1: Any, w2: Any,
                 temperature: Any) -> None:
        self.temperature = [(float(a), float(b)) for a, b in temperature]
        self.mean = [float(x) for x in mean]
        self.scale = [float(x) for x in scale]
        self.w1 = [[float(x) for x in row] for row in w1]     # inputs x hidden
        self.b1 = [float(x) for x in b1]
        self.w2 = [float(x) for x in w2]
        self.hidden = len(self.b1)
        if numpy() is not None:
            self._mean = np.asarray(self.mean)
            self._scale = np.asarray(self.scale)
            self._w1 = np.asarray(self.w1)
            self._b1 = np.asarray(self.b1)
            self._w2 = np.asarray(self.w2)
            self._t = np.asarray(self.temperature)

    def utilities(self, rows: list[list[float]]) -> list[float]:
        """A utility per input row (any number of rows, from any number of positions)."""
        if np is None:
            return [self._utility(r) for r in rows]
        return self._forward(np.asarray(rows, dtype=float)).tolist()

    def _utility(self, row: list[float]) -> float:
        """The same in plain Python (no numpy)."""
        x = [(v - m) / s for v, m, s in zip(row, self.mean, self.scale, strict=True)]
        acc = list(self.b1)
        for xi, wrow in zip(x, self.w1, strict=True):
            if xi:
                for j in range(self.hidden):
                    acc[j] += xi * wrow[j]
        k = max(range(5), key=lambda i: row[IP + i])
        t0, slope = self.temperature[k]
        prior = row[IV] / max(MIN_TEMPERATURE, t0 + slope * row[IR])
        return prior + sum(math.tanh(a) * w for a, w in zip(acc, self.w2, strict=True))

    def chances(self, g: Game, tb: Tables | None = None, exact: tuple = ()) -> list[float]:
        """Each seat's chance to win the position (a finished game: its real result)."""
        return self.chances_many([g], tb, exact)[0]

    def chances_many(self, games: list[Game], tb: Tables | None = None,
                     exact: tuple = ()) -> list[list[float]]:
        """`chances` for several positions with one pass of the network (batched: the
        features of every position, then one product per layer)."""
        live = [g for g in games if g.outcome is None]
        got: dict[int, list[float]] = {}
        if live and np is None:
            for g in live:
                got[id(g)] = _softmax(self.utilities(inputs(g, tb, exact)))
        elif live:
            by_size: dict[int, list[Game]] = {}
            for g in live:
                by_size.setdefault(g.n, []).append(g)
            for n, group in by_size.items():
                seats = np.array([seat_rows(g, tb, exact) for g in group])
                tabs = np.array([table_row(g) for g in group])
                x = combine_batch(seats, tabs).reshape(len(group) * n, -1)
                u = self._forward(x).reshape(len(group), n)
                u = np.exp(u - u.max(axis=1, keepdims=True))
                for g, row in zip(group, (u / u.sum(axis=1, keepdims=True)).tolist(),
                                  strict=True):
                    got[id(g)] = row
        return [got[id(g)] if g.outcome is None else [g.outcome.won(q) for q in range(g.n)]
                for g in games]

    def _forward(self, x: Any) -> Any:
        t = self._t[x[:, IP:IP + 5].argmax(axis=1)]
        prior = x[:, IV] / np.maximum(MIN_TEMPERATURE, t[:, 0] + t[:, 1] * x[:, IR])
        return prior + np.tanh(((x - self._mean) / self._scale) @ self._w1 + self._b1) @ self._w2


def _softmax(u: list[float]) -> list[float]:
    top = max(u)
    ex = [math.exp(x - top) for x in u]
    s = sum(ex)
    return [x / s for x in ex]


class BadWeights(ValueError):
    """The weights file cannot be used (the message says why)."""


def read_weights(path: Path) -> ValueNet:
    """The network in a weights file, checked field by field; raises BadWeights."""
    if numpy() is None:
        raise BadWeights("numpy is not installed (needed to read the weights file)")
    try:
        size = path.stat().st_size
    except OSError as e:
        raise BadWeights(f"cannot read it: {e.strerror or e}") from None
    if size > MAX_BYTES:
        raise BadWeights(f"it is {size:,} bytes, more than {MAX_BYTES:,}")
    try:
        with np.load(path, allow_pickle=False) as z:
            data = {k: z[k] for k in z.files}
    except Exception as e:  # noqa: BLE001 - hostile input: any failure is a refusal
        raise BadWeights(f"not a weights file ({type(e).__name__})") from None
    return _checked(data)


def _checked(data: dict) -> ValueNet:
    need = ("format", "features", "mean", "scale", "w1", "b1", "w2", "temperature")
    missing = [k for k in need if k not in data]
    if missing:
        raise BadWeights(f"missing {', '.join(missing)}")
    fmt = data["format"]
    if fmt.shape != () or not np.issubdtype(fmt.dtype, np.integer) or int(fmt) != FORMAT:
        raise BadWeights(f"format is not {FORMAT}")
    names = data["features"]
    if names.dtype.kind != "U" or tuple(str(x) for x in names.ravel()) != FEATURES:
        raise BadWeights("its features are not this program's (trained for another version)")
    f = len(FEATURES)
    arrays = {k: data[k] for k in ("mean", "scale", "w1", "b1", "w2", "temperature")}
    for k, a in arrays.items():
        if a.dtype.kind != "f":
            raise BadWeights(f"{k} is not numbers")
        if not np.all(np.isfinite(a)):
            raise BadWeights(f"{k} holds a number that is not finite")
    hidden = arrays["b1"].shape[0] if arrays["b1"].ndim == 1 else -1
    shapes = {"mean": (f,), "scale": (f,), "w1": (f, hidden), "b1": (hidden,), "w2": (hidden,),
              "temperature": (5, 2)}
    for k, shape in shapes.items():
        if arrays[k].shape != shape or not 1 <= hidden <= 1024:
            raise BadWeights(f"{k} has shape {arrays[k].shape}, expected {shape}")
    if np.any(arrays["scale"] <= 0):
        raise BadWeights("a scale is not positive")
    if np.any(arrays["temperature"] < 0):
        raise BadWeights("a temperature is negative")
    return ValueNet(**arrays)


def save_weights(path: Path, net_arrays: dict) -> None:
    """Write a weights file (the training script's output): mean, scale, w1, b1, w2,
    temperature."""
    np = numpy()
    np.savez(path, format=np.int64(FORMAT), features=np.array(FEATURES),
             **{k: np.asarray(v, dtype=float) for k, v in net_arrays.items()})


_LOADED: dict[str, ValueNet | None] = {}


def load_net(path: str | Path | None = None) -> ValueNet | None:
    """The shipped network (or the one at `path`), once per process; None, with one log line
    saying why, if it cannot be used: the caller then keeps the hand-tuned evaluation."""
    key = str(path) if path is not None else ""
    if key in _LOADED:
        return _LOADED[key]
    net = None
    try:
        if path is None:
            from doomlings_desktop.resources import resource
            path = resource(WEIGHTS)
        net = read_weights(Path(path))
    except (BadWeights, FileNotFoundError) as e:
        log.warning("value network %s unusable (%s): Hard uses its hand-tuned evaluation",
                    path or WEIGHTS, e)
    _LOADED[key] = net
    return net
