"""Train the value network Hard scores its simulations with (`bots/valuenet.py`).

Self-play data: Medium plays Medium, and Easy plays Easy, at every table size (2 to 6 players);
at every turn opening each seat's inputs are recorded (`valuenet.inputs`, the deciding seat's
hand valued exactly, as at Hard's cut-off); when the game ends, who won (Monte Carlo targets: a
tie shares the win). Easy's games are ten times cheaper and only ever trained on; every tenth
Medium game is held out for validation. The network's utility for a seat is the hand-tuned
reading (its seat value over Hard's fitted temperature) plus a correction by one tanh hidden
layer, started at zero; it is fitted by Adam on minibatches to the log loss of the winners
under a softmax over the table, with a little L2, and the epoch with the best validation loss
is kept (epoch 0, the hand-tuned evaluation itself, included).

Seeds: game k at n players uses the game seed TRAIN_BASE + 1,000,000 x n + k (+ 500,000 for
Easy), with the bots seeded from it; TRAIN_BASE is 10^15, far from every arena deal (an arena
`--seed S` plays deals S x 1,000,003 + k, so seeds 1 to 1,000 stay below 1.1 x 10^9). The
initialisation and the minibatch order use `--seed`. Reproducible: the same arguments give the
same data and, on the same numpy, the same weights. The shipped weights are the defaults
(docs/bots.md has their figures; about 20 + 6 minutes of self-play and 2.5 of training on this
project's shared 2-core machine):

    python3 tools/train_valuenet.py --jobs 2 --data /tmp/valuenet-medium.npz \\
        --easy-data /tmp/valuenet-easy.npz --out assets/valuenet.npz
"""

from __future__ import annotations

import argparse
import math
import sys
import time
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


def play(job: tuple[int, int, str]) -> tuple[list, list[float]]:
    """One game of a level against itself: the input rows at every turn opening, and each
    seat's win share."""
    n, k, level = job
    seed = TRAIN_BASE + 1_000_000 * n + k + (LEVEL_OFFSET[level])
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


def collect(counts: dict[int, int], jobs: int, level: str = "medium") -> dict[str, np.ndarray]:
    """Positions padded to 6 seats: x (P, 6, F), mask (P, 6), share (P, 6), game (P,)."""
    work = [(n, k, level) for n in SIZES for k in range(counts.get(n, 0))]
    if jobs > 1:
        with Pool(jobs) as pool:
            games = pool.map(play, work, chunksize=2)
    else:
        games = [play(j) for j in work]
    xs, masks, shares, ids = [], [], [], []
    f = len(V.FEATURES)
    for gid, (seen, share) in enumerate(games):
        n = len(share)
        for rows in seen:
            x = np.zeros((V.MAX_SEATS, f))
            x[:n] = rows
            m = np.zeros(V.MAX_SEATS)
            m[:n] = 1
            s = np.zeros(V.MAX_SEATS)
            s[:n] = share
            xs.append(x)
            masks.append(m)
            shares.append(s)
            ids.append(gid)
    return {"x": np.array(xs), "mask": np.array(masks), "share": np.array(shares),
            "game": np.array(ids)}


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
          batch: int = 256, extra: dict | None = None) -> tuple[dict, dict]:
    """Adam on shuffled minibatches of the training games' positions; the epoch with the best
    validation loss wins."""
    rng = np.random.default_rng(seed)
    va = held_out(data)
    tr = ~va
    mask = data["mask"]
    x = data["x"]
    pr = prior_of(data)
    xt, mt, st, pt = x[tr], mask[tr], data["share"][tr], pr[tr]
    if extra is not None:       # more games to learn from, never to validate on
        xt, mt, st, pt = (np.concatenate([a, b]) for a, b in
                          ((xt, extra["x"]), (mt, extra["mask"]), (st, extra["share"]),
                           (pt, prior_of(extra))))
    rows = xt[mt > 0]
    mean = rows.mean(axis=0)
    scale = rows.std(axis=0)
    scale[scale < 1e-6] = 1.0
    xn = np.where(mask[..., None] > 0, (x - mean) / scale, 0.0)
    xt = np.where(mt[..., None] > 0, (xt - mean) / scale, 0.0)
    f = x.shape[2]
    p = {"w1": rng.normal(0, 1 / math.sqrt(f), (f, hidden)), "b1": np.zeros(hidden),
         "w2": np.zeros(hidden)}      # no correction yet: the hand-tuned evaluation
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v2 = {k: np.zeros_like(v) for k, v in p.items()}
    best_p, best_step = {k: a.copy() for k, a in p.items()}, 0
    best = loss_of(p, xn[va], mask[va], data["share"][va], pr[va])   # no correction
    step = 0
    for epoch in range(1, epochs + 1):
        order = rng.permutation(len(xt))
        for lo in range(0, len(order), batch):
            pick = order[lo:lo + batch]
            step += 1
            g = gradients(p, xt[pick], mt[pick], st[pick], pt[pick], l2)
            for k in p:
                m[k] = 0.9 * m[k] + 0.1 * g[k]
                v2[k] = 0.999 * v2[k] + 0.001 * g[k] ** 2
                mh = m[k] / (1 - 0.9 ** step)
                vh = v2[k] / (1 - 0.999 ** step)
                p[k] = p[k] - lr * mh / (np.sqrt(vh) + 1e-8)
        vl = loss_of(p, xn[va], mask[va], data["share"][va], pr[va])
        if vl < best:
            best, best_p, best_step = vl, {k: a.copy() for k, a in p.items()}, epoch
    out = dict(best_p, mean=mean, scale=scale, temperature=temperatures())
    return out, {"val_loss": best, "epoch": best_step}


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


def held_out(data: dict) -> np.ndarray:
    """The validation positions: those of every tenth game (of every table size)."""
    return data["game"] % 10 == 9


def classic_loss(data: dict, sel: np.ndarray) -> dict[int, float]:
    """The hand-tuned evaluation's log loss of the winners (softmax of the seat values at
    Hard's fitted temperature) on the selected positions, per table size."""
    iv = V.FEATURES.index("value")
    ir = V.FEATURES.index("rounds_left")
    out = {}
    for n in SIZES:
        pick = sel & (data["mask"].sum(axis=1) == n)
        if not pick.any():
            continue
        x = data["x"][pick][:, :n]
        t0, slope = TEMPERATURE[n]
        t = t0 + slope * x[:, 0, ir]
        z = x[:, :, iv] / t[:, None]
        z = z - z.max(axis=1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        out[n] = float(-(data["share"][pick][:, :n] * logp).sum(axis=1).mean())
    return out


def net_loss(p: dict, data: dict, sel: np.ndarray) -> dict[int, float]:
    out = {}
    pr = prior_of(data)
    xn = np.where(data["mask"][..., None] > 0, (data["x"] - p["mean"]) / p["scale"], 0.0)
    for n in SIZES:
        pick = sel & (data["mask"].sum(axis=1) == n)
        if pick.any():
            out[n] = loss_of(p, xn[pick], data["mask"][pick], data["share"][pick], pr[pick])
    return out


def data_for(level: str, games: str, cache: Path | None, jobs: int) -> dict | None:
    """The self-play data of a level: read from its cache, else played (and cached)."""
    counts = dict(zip(SIZES, (int(x) for x in games.split(",")), strict=False))
    if cache is not None and cache.exists():
        with np.load(cache, allow_pickle=False) as z:
            data = {k: z[k] for k in z.files}
        print(f"{level} data: {cache} ({len(data['x'])} positions)")
        return data
    if not sum(counts.values()):
        return None
    t0 = time.time()
    data = collect(counts, jobs, level)
    print(f"{level} self-play: {sum(counts.values())} games, {len(data['x'])} turn openings, "
          f"{time.time() - t0:.0f} s")
    if cache is not None:
        np.savez_compressed(cache, **data)
    return data


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="300,100,240,60,50",
                    help="Medium games at 2,3,4,5,6 players (training and validation)")
    ap.add_argument("--easy-games", default="1600,400,1200,400,400",
                    help="Easy games at 2,3,4,5,6 players (training only: cheaper, more)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--data", type=Path, help="cache of the Medium self-play data (.npz)")
    ap.add_argument("--easy-data", type=Path, help="cache of the Easy self-play data (.npz)")
    ap.add_argument("--out", type=Path, default=Path("assets/valuenet.npz"))
    ap.add_argument("--hidden", type=int, default=48)
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--l2", type=float, default=1e-3)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    data = data_for("medium", args.games, args.data, args.jobs)
    if data is None:
        ap.error("no Medium games to learn from")
    extra = data_for("easy", args.easy_games, args.easy_data, args.jobs)
    t1 = time.time()
    p, info = train(data, args.hidden, args.seed, args.epochs, args.l2, args.lr, extra=extra)
    print(f"training: {time.time() - t1:.0f} s, best validation log loss {info['val_loss']:.4f} "
          f"at epoch {info['epoch']} (epoch 0: the hand-tuned evaluation)")
    va = held_out(data)
    cl = classic_loss(data, va)
    nl = net_loss(p, data, va)
    for n in SIZES:
        if n in nl:
            print(f"  {n} players, validation games: log loss {nl[n]:.4f} "
                  f"(hand-tuned at Hard's temperature {cl[n]:.4f}; a coin {math.log(n):.4f})")
    V.save_weights(args.out, {k: p[k] for k in ("mean", "scale", "w1", "b1", "w2",
                                                 "temperature")})
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
