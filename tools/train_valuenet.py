"""Train the value network Hard scores its simulations with (`bots/valuenet.py`).

Self-play data: Medium plays Medium, and Easy plays Easy, at every table size (2 to 6 players);
at every turn opening each seat's inputs are recorded (`valuenet.inputs`, the deciding seat's
hand valued exactly, as at Hard's cut-off); when the game ends, who won (Monte Carlo targets: a
tie shares the win). The games are played in chunks of CHUNK and cached in a folder
(`--cache`), so a stopped run, or one asking for more games, plays only what is missing.
Medium's games are split by game, never by position (the positions of one game share its
winner): every tenth (k % 10 == 9) validates, the next (k % 10 == 8) is the test set that
judges the result and chooses nothing, the rest train. Easy's games are five to ten times
cheaper and only ever trained on.

The network's utility for a seat is the hand-tuned reading (its seat value over Hard's fitted
temperature) plus a correction by one tanh hidden layer, started at zero; it is fitted by Adam
on minibatches to the log loss of the winners under a softmax over the table, with a little L2.
Early stopping: the validation loss is checked four times an epoch, the best weights are kept
(the hand-tuned evaluation itself, no correction, included) and training stops after
`--patience` checks without a better one. At the end each table size's test games are scored,
network against hand-tuned on the same positions, with a 95% interval over games.

Seeds: game k at n players uses the game seed TRAIN_BASE + 1,000,000 x n + k (+ 500,000 for
Easy), with the bots seeded from it; TRAIN_BASE is 10^15, far from every arena deal (an arena
`--seed S` plays deals S x 1,000,003 + k, so seeds 1 to 1,000 stay below 1.1 x 10^9). The
initialisation and the minibatch order use `--seed`. Reproducible: the same arguments give the
same data and, on the same numpy, the same weights. The shipped weights are the defaults
(docs/bots.md has their figures, the self-play's time and the training's):

    python3 tools/train_valuenet.py --jobs 2 --cache /tmp/valuenet-data
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from contextlib import nullcontext
from multiprocessing import Pool
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from doomlings_desktop.bots import heuristics as H  # noqa: E402
from doomlings_desktop.bots import make_bot  # noqa: E402
from doomlings_desktop.bots import valuenet as V  # noqa: E402
from doomlings_desktop.bots.hard import TEMPERATURE  # noqa: E402
from doomlings_desktop.rules.cards import default_database  # noqa: E402
from doomlings_desktop.rules.engine import Game  # noqa: E402
from doomlings_desktop.rules.view import view_for  # noqa: E402
from doomlings_desktop.rules.worlds import WorldSampler  # noqa: E402

TRAIN_BASE = 10**15
SIZES = (2, 3, 4, 5, 6)
LEVEL_OFFSET = {"medium": 0, "easy": 500_000}     # Easy's games: other seeds than Medium's
CHUNK = 25          # games per cached file of self-play data


def play(job: tuple[int, int, str]) -> tuple[list, list[float]]:
    """One game of a level against itself: the input rows at every turn opening, and each
    seat's win share."""
    n, k, level = job
    seed = game_seed(n, k, level)
    db = default_database()
    tb = H.tables(db)
    g = Game.new(db, n, seed=seed, log=False)
    bots = [make_bot(level, seed * 10 + i, db=db) for i in range(n)]
    seen = []
    while g.pending is not None:
        p = g.pending.player
        if H.at_turn_start(g):
            seen.append(V.inputs(g, tb, (p,)))
        g.apply(bots[p].decide(view_for(g, p, with_log=False), WorldSampler(g, p)))
    share = [1.0 / len(g.winners) if q in g.winners else 0.0 for q in range(n)]
    return seen, share


def game_seed(n: int, k: int, level: str) -> int:
    """The seed of game k at n players of a level: far from every arena deal."""
    return TRAIN_BASE + 1_000_000 * n + k + LEVEL_OFFSET[level]


def play_chunk(job: tuple[str, int, int, int]) -> dict[str, np.ndarray]:
    """Games first .. first + count - 1 of a level at n players, as arrays: x (P, n, F)
    float32, share (P, n), k (P,) the game's index (which decides its split)."""
    level, n, first, count = job
    xs, shares, ks = [], [], []
    for k in range(first, first + count):
        seen, share = play((n, k, level))
        xs.extend(seen)
        shares.extend([share] * len(seen))
        ks.extend([k] * len(seen))
    f = len(V.FEATURES)
    return {"x": np.array(xs, dtype=np.float32).reshape(-1, n, f),
            "share": np.array(shares, dtype=np.float32).reshape(-1, n),
            "k": np.array(ks, dtype=np.int64)}


def collect(level: str, counts: dict[int, int], cache: Path, jobs: int) -> dict[str, np.ndarray]:
    """The self-play data of a level, played in chunks of CHUNK games cached in `cache` (a
    folder: a run stopped half way, or one asking for more games, plays only what is
    missing), padded to 6 seats: x (P, 6, F), mask (P, 6), share (P, 6), k (P,)."""
    cache.mkdir(parents=True, exist_ok=True)
    want = [(level, n, first, min(CHUNK, counts[n] - first))
            for first in range(0, max(counts.values(), default=0), CHUNK) for n in SIZES
            if first < counts.get(n, 0)]      # every size early: a stopped run has them all
    path = {j: cache / f"{level}-{j[1]}p-{j[2]:06d}-{j[3]}.npz" for j in want}
    todo = [j for j in want if not path[j].exists()]
    t0 = time.time()
    if todo:
        with Pool(jobs) if jobs > 1 else nullcontext() as pool:
            played = pool.imap(play_chunk, todo) if pool else map(play_chunk, todo)
            for j, arrays in zip(todo, played, strict=True):
                np.savez_compressed(path[j], **arrays)
        print(f"{level} self-play: {sum(j[3] for j in todo)} games, {time.time() - t0:.0f} s "
              f"({jobs} processes)", flush=True)
    parts = []
    for j in want:
        with np.load(path[j], allow_pickle=False) as z:
            parts.append({k: z[k] for k in z.files})
    return pad(parts)


def pad(parts: list[dict]) -> dict[str, np.ndarray]:
    """Chunks of any table sizes as one set of positions padded to 6 seats."""
    total = sum(len(p["k"]) for p in parts)
    f = len(V.FEATURES)
    x = np.zeros((total, V.MAX_SEATS, f), dtype=np.float32)
    mask = np.zeros((total, V.MAX_SEATS), dtype=np.float32)
    share = np.zeros((total, V.MAX_SEATS), dtype=np.float32)
    k = np.zeros(total, dtype=np.int64)
    at = 0
    for p in parts:
        m, n = p["share"].shape
        x[at:at + m, :n] = p["x"]
        mask[at:at + m, :n] = 1
        share[at:at + m, :n] = p["share"]
        k[at:at + m] = p["k"]
        at += m
    return {"x": x, "mask": mask, "share": share, "k": k}


def forward(p: dict, x: np.ndarray, mask: np.ndarray, prior: np.ndarray):
    """Hidden layer and each seat's chance: softmax of the hand-tuned prior plus the net."""
    b, s, f = x.shape
    h = np.tanh(x.reshape(-1, f) @ p["w1"] + p["b1"]).reshape(b, s, -1)
    u = prior + h @ p["w2"]
    u = np.where(mask > 0, u, -1e9)
    u = u - u.max(axis=1, keepdims=True)
    e = np.exp(u) * mask
    prob = e / e.sum(axis=1, keepdims=True)
    return h, prob


def loss_of(p: dict, x, mask, share, prior) -> float:
    _, prob = forward(p, x, mask, prior)
    return float(-(share * np.log(np.maximum(prob, 1e-12))).sum(axis=1).mean())


def train(data: dict, hidden: int, seed: int, epochs: int, l2: float, lr: float,
          batch: int = 256, extra: dict | None = None, patience: int = 6,
          checks: int = 4, lam: float = 1.0) -> tuple[dict, dict]:
    """Adam on shuffled minibatches of the training games' positions, with early stopping:
    the validation games' log loss is checked `checks` times an epoch, the best weights are
    kept (the hand-tuned evaluation itself, no correction, included), and training stops
    after `patience` checks without a better one. With `lam` below 1 the training targets are
    TD(lambda) returns (`td_targets`), made again from the network at each epoch's start;
    validation and test always score the real winners."""
    rng = np.random.default_rng(seed)
    part = split(data)
    va = part == "validation"
    tr = part == "train"
    mask = data["mask"]
    x = data["x"]
    pr = prior_of(data)
    xt, mt, st, pt = x[tr], mask[tr], data["share"][tr], pr[tr]
    gt = game_ids(data)[tr]
    if extra is not None:       # more games to learn from, never to validate on
        xt, mt, st, pt, gt = (np.concatenate([a, b]) for a, b in
                              ((xt, extra["x"]), (mt, extra["mask"]), (st, extra["share"]),
                               (pt, prior_of(extra)), (gt, game_ids(extra) + 10**12)))
    won = st
    rows = xt[mt > 0].astype(float)
    mean = rows.mean(axis=0)
    scale = rows.std(axis=0)
    scale[scale < 1e-6] = 1.0
    del rows
    xv = normalised(x[va], mask[va], mean, scale)
    xt = normalised(xt, mt, mean, scale)
    f = x.shape[2]
    p = {"w1": rng.normal(0, 1 / math.sqrt(f), (f, hidden)), "b1": np.zeros(hidden),
         "w2": np.zeros(hidden)}      # no correction yet: the hand-tuned evaluation
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v2 = {k: np.zeros_like(v) for k, v in p.items()}
    best_p, best_at, since = {k: a.copy() for k, a in p.items()}, 0.0, 0
    best = loss_of(p, xv, mask[va], data["share"][va], pr[va])   # no correction
    history = [(0.0, best)]
    step = 0
    per_epoch = math.ceil(len(xt) / batch)
    every = max(1, per_epoch // checks)
    for epoch in range(epochs):
        if lam < 1.0:
            st = td_targets(p, xt, mt, pt, won, gt, lam)
        order = rng.permutation(len(xt))
        for i, lo in enumerate(range(0, len(order), batch)):
            pick = order[lo:lo + batch]
            step += 1
            g = gradients(p, xt[pick], mt[pick], st[pick], pt[pick], l2)
            for k in p:
                m[k] = 0.9 * m[k] + 0.1 * g[k]
                v2[k] = 0.999 * v2[k] + 0.001 * g[k] ** 2
                mh = m[k] / (1 - 0.9 ** step)
                vh = v2[k] / (1 - 0.999 ** step)
                p[k] = p[k] - lr * mh / (np.sqrt(vh) + 1e-8)
            if (i + 1) % every and lo + batch < len(order):
                continue
            vl = loss_of(p, xv, mask[va], data["share"][va], pr[va])
            at = epoch + min(1.0, (lo + batch) / len(order))
            history.append((at, vl))
            if vl < best:
                best, best_p, best_at, since = vl, {k: a.copy() for k, a in p.items()}, at, 0
            else:
                since += 1
            if since >= patience:
                break
        if since >= patience:
            break
    out = dict(best_p, mean=mean, scale=scale, temperature=temperatures())
    return out, {"val_loss": best, "epoch": best_at, "history": history}


def game_ids(data: dict) -> np.ndarray:
    """Each position's game (its index and table size): a game's positions lie together, in
    the order they were played."""
    return data["k"] * 10 + data["mask"].sum(axis=1).astype(np.int64)


def td_targets(p: dict, x: np.ndarray, mask: np.ndarray, prior: np.ndarray, won: np.ndarray,
               game: np.ndarray, lam: float) -> np.ndarray:
    """TD(lambda) targets: at a game's last turn opening who won; before it, (1 - lam) times
    the network's chances at the next turn opening plus lam times the next one's target. Who
    won early in a game is mostly luck; the network's own reading a turn later carries less of
    that noise (Keldon's Race for the Galaxy AI learned this way)."""
    prob = np.empty_like(won, dtype=np.float64)
    for lo in range(0, len(x), 8192):
        _, prob[lo:lo + 8192] = forward(p, x[lo:lo + 8192], mask[lo:lo + 8192],
                                        prior[lo:lo + 8192])
    last = np.r_[game[1:] != game[:-1], True]
    ends = np.flatnonzero(last)
    dist = ends[np.searchsorted(ends, np.arange(len(game)))] - np.arange(len(game))
    out = won.astype(np.float64).copy()
    for d in range(1, int(dist.max()) + 1):
        at = np.flatnonzero(dist == d)
        out[at] = (1 - lam) * prob[at + 1] + lam * out[at + 1]
    return out.astype(np.float32)


def normalised(x: np.ndarray, mask: np.ndarray, mean: np.ndarray,
               scale: np.ndarray) -> np.ndarray:
    """Inputs minus the training mean over the scale (the padding seats left at zero)."""
    return np.where(mask[..., None] > 0, (x - mean) / scale, 0.0).astype(np.float32)


def gradients(p: dict, x: np.ndarray, mask: np.ndarray, share: np.ndarray, prior: np.ndarray,
              l2: float) -> dict:
    """The log loss's gradient on a minibatch (backpropagation by hand), with L2."""
    h, prob = forward(p, x, mask, prior)
    hidden = h.shape[2]
    du = (prob - share) * mask / len(x)                 # d loss / d utility
    g = {"w2": h.reshape(-1, hidden).T @ du.ravel() + l2 * p["w2"]}
    dz = (du[..., None] * p["w2"] * (1 - h * h)).reshape(-1, hidden)
    g["w1"] = x.reshape(-1, x.shape[2]).T @ dz + l2 * p["w1"]
    g["b1"] = dz.sum(axis=0)
    return g


def temperatures() -> np.ndarray:
    """Hard's fitted reward temperature, (t0, slope) for 2 to 6 players: the prior's."""
    return np.array([TEMPERATURE[n] for n in SIZES], dtype=float)


def prior_of(data: dict) -> np.ndarray:
    """Each seat's hand-tuned utility: its seat value over the temperature (P, 6)."""
    x = data["x"]
    n = data["mask"].sum(axis=1).astype(int)
    t = temperatures()[n - 2]
    r = x[:, 0, V.IR]
    temp = np.maximum(V.MIN_TEMPERATURE, t[:, 0] + t[:, 1] * r)
    return x[:, :, V.IV] / temp[:, None] * data["mask"]


def split(data: dict) -> np.ndarray:
    """Each position's part, by its game's index k: every tenth game (k % 10 == 9) is for
    validation (early stopping), the next (k % 10 == 8) for the test that judges the result
    and chooses nothing, the rest to train on."""
    r = data["k"] % 10
    return np.where(r == 9, "validation", np.where(r == 8, "test", "train"))


def position_losses(p: dict, data: dict, sel: np.ndarray) -> np.ndarray:
    """The log loss of the winners at each selected position under the network `p`."""
    pr = prior_of(data)[sel]
    xn = normalised(data["x"][sel], data["mask"][sel], p["mean"], p["scale"])
    out = np.empty(len(xn))
    for lo in range(0, len(xn), 4096):
        _, prob = forward(p, xn[lo:lo + 4096], data["mask"][sel][lo:lo + 4096],
                          pr[lo:lo + 4096])
        out[lo:lo + 4096] = -(data["share"][sel][lo:lo + 4096]
                              * np.log(np.maximum(prob, 1e-12))).sum(axis=1)
    return out


def judged(p: dict, data: dict, sel: np.ndarray) -> dict[int, tuple]:
    """Per table size, over the selected games: (games, the network's log loss, the
    hand-tuned one's, their difference with its 95% half-width). Positions of one game share
    its winner, so the interval is over games: each game's mean difference is one sample."""
    classic = dict(p, w2=np.zeros_like(p["w2"]))     # no correction: Hard's own reward
    net, base = position_losses(p, data, sel), position_losses(classic, data, sel)
    size = data["mask"][sel].sum(axis=1).astype(int)
    game = data["k"][sel] * 10 + size
    out = {}
    for n in SIZES:
        pick = size == n
        if not pick.any():
            continue
        ids, inv = np.unique(game[pick], return_inverse=True)
        d = np.bincount(inv, net[pick] - base[pick]) / np.bincount(inv)
        hw = 1.96 * d.std(ddof=1) / math.sqrt(len(d)) if len(d) > 1 else float("nan")
        out[n] = (len(ids), float(net[pick].mean()), float(base[pick].mean()),
                  float(d.mean()), hw)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="2500,100,2500,75,75",
                    help="Medium games at 2,3,4,5,6 players (training, validation and test)")
    ap.add_argument("--easy-games", default="1600,400,1200,400,400",
                    help="Easy games at 2,3,4,5,6 players (training only: cheaper, more)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "valuenet-data",
                    help="folder of the self-play data, played where missing")
    ap.add_argument("--out", type=Path, default=Path("assets/valuenet.npz"))
    ap.add_argument("--hidden", type=int, default=96)
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--patience", type=int, default=6,
                    help="validation checks (4 an epoch) without a better loss before stopping")
    ap.add_argument("--l2", type=float, default=1e-3)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--td-lambda", type=float, default=1.0,
                    help="below 1: TD(lambda) training targets instead of who won")
    args = ap.parse_args()
    if not 0.0 <= args.td_lambda <= 1.0:
        ap.error(f"--td-lambda must be between 0 and 1 (got {args.td_lambda})")
    counts = {lv: dict(zip(SIZES, (int(x) for x in g.split(",")), strict=False))
              for lv, g in (("medium", args.games), ("easy", args.easy_games))}
    if not sum(counts["medium"].values()):
        ap.error("no Medium games to learn from")
    data = collect("medium", counts["medium"], args.cache, args.jobs)
    extra = (collect("easy", counts["easy"], args.cache, args.jobs)
             if sum(counts["easy"].values()) else None)
    parts = split(data)
    print(f"Medium positions: {len(parts)} ({(parts == 'train').sum()} to train, "
          f"{(parts == 'validation').sum()} to validate, {(parts == 'test').sum()} to test); "
          f"Easy: {0 if extra is None else len(extra['k'])}", flush=True)
    t1 = time.time()
    p, info = train(data, args.hidden, args.seed, args.epochs, args.l2, args.lr, extra=extra,
                    patience=args.patience, lam=args.td_lambda)
    print(f"training: {time.time() - t1:.0f} s, best validation log loss {info['val_loss']:.4f} "
          f"at epoch {info['epoch']:.2f} of {info['history'][-1][0]:.2f} "
          f"(epoch 0: the hand-tuned evaluation, {info['history'][0][1]:.4f})")
    for name in ("validation", "test"):
        for n, (games, nl, cl, d, hw) in judged(p, data, parts == name).items():
            print(f"  {name}, {n} players, {games} games: log loss {nl:.4f}, hand-tuned at "
                  f"Hard's temperature {cl:.4f}, difference {d:+.4f} ± {hw:.4f} "
                  f"(a coin {math.log(n):.4f})")
    V.save_weights(args.out, {k: p[k] for k in ("mean", "scale", "w1", "b1", "w2",
                                                 "temperature")})
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
