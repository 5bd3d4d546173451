"""`doomlings bench net`: how fast an answer reaches every table, and how many rooms one
server holds, on loopback.

A `doomlings serve` process opens `--rooms` rooms of `--players` remote seats; this process
plays every seat (random answers after `--think` seconds, as a person or a paced bot would
wait) in one event loop. For each answer the latency is from the moment it is sent to the
moment the last seat of its room has the update that follows it: the answer's trip to the
server, the rules, and the updates' trips back to every table. Figures, not a test: they go in
docs/online.md with the command that produced them. The server's memory is read from /proc
(Linux): its resident size once listening with the rooms empty, and its peak while playing.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from doomlings_desktop.net.client import RemoteSeat
from doomlings_desktop.net.protocol import Update


class TimedSeat(RemoteSeat):
    """A remote seat that thinks for a while before answering and notes when updates come."""

    def __init__(self, *args: Any, think: float, sent: dict, arrived: dict, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.think = think
        self.sent = sent            # step -> when the answer that ends it was sent
        self.arrived = arrived      # step -> the times each seat got it

    def _update(self, u: Update) -> None:
        super()._update(u)
        self.arrived.setdefault(u.step, []).append(time.perf_counter())

    async def _maybe_answer(self) -> None:
        v = self.view
        if v is None or v.decision is None or self.answered == self.step:
            return
        if self.think:
            await asyncio.sleep(self.think * (0.5 + random.random()))
        self.sent[self.step + 1] = time.perf_counter()
        await super()._maybe_answer()


def _rss_kib(pid: int) -> int:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    m = re.search(r"VmRSS:\s+(\d+)", text)
    return int(m.group(1)) if m else 0


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _start_server(rooms: int, players: int) -> tuple[subprocess.Popen, str, list[str]]:
    seats = ",".join(["remote"] * players)
    proc = subprocess.Popen([sys.executable, "-m", "doomlings_desktop", "serve", "--port", "0",
                             "--rooms", str(rooms), "--seats", seats, "--exit-when-done",
                             "--undo", "never"],
                            stdout=subprocess.PIPE, text=True)
    first = proc.stdout.readline()
    m = re.search(r"serving on (ws://\S+)", first)
    if not m:
        proc.kill()
        raise RuntimeError(f"the server did not start: {first.strip()}")
    codes = [proc.stdout.readline().split()[1].rstrip(":") for _ in range(rooms)]
    return proc, m.group(1), codes


async def _play(url: str, codes: list[str], players: int, think: float,
                timeout: float) -> tuple[list[float], int]:
    rooms = []
    tasks = []
    for i, code in enumerate(codes):
        sent: dict = {}
        arrived: dict = {}
        r = random.Random(i)
        seats = [TimedSeat(url, code, f"Bench {k}", lambda v, r=r: r.choice(v.decision.options),
                           think=think, sent=sent, arrived=arrived, give_up_after=30)
                 for k in range(players)]
        rooms.append((sent, arrived))
        tasks += [s.run() for s in seats]
    await asyncio.wait_for(asyncio.gather(*tasks), timeout)
    timed = []
    answers = 0
    for sent, arrived in rooms:
        for step, t0 in sent.items():
            got = arrived.get(step, [])
            if len(got) == players:
                timed.append((t0, max(got) - t0))
            answers += 1
    timed.sort()
    third = len(timed) // 3     # the first third has every room starting at once
    early = sorted(x for _, x in timed[:third])
    late = sorted(x for _, x in timed[third:])
    if early and late:
        print(f"p95 in the first third of the answers {_pct(early, 0.95):.1f} ms, in the rest "
              f"{_pct(late, 0.95):.1f} ms")
    return [x for _, x in timed], answers


def _pct(xs: list[float], p: float) -> float:
    return xs[min(len(xs) - 1, int(p * len(xs)))] * 1000 if xs else float("nan")


def main(args: Any) -> int:
    rooms, players, think = args.rooms, args.players, args.think
    proc, url, codes = _start_server(rooms, players)
    try:
        rss_empty = _rss_kib(proc.pid)
        peak = [rss_empty]

        async def run() -> tuple[list[float], int]:
            async def watch() -> None:
                while True:
                    peak[0] = max(peak[0], _rss_kib(proc.pid))
                    await asyncio.sleep(0.5)
            w = asyncio.get_running_loop().create_task(watch())
            try:
                return await _play(url, codes, players, think, args.timeout)
            finally:
                w.cancel()

        t0 = time.perf_counter()
        cpu0 = _cpu_seconds(proc.pid)
        mine0 = time.process_time()
        latencies, answers = asyncio.run(run())
        wall = time.perf_counter() - t0
        cpu = _cpu_seconds(proc.pid) - cpu0
        mine = time.process_time() - mine0
        proc.wait(30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    latencies.sort()
    print(f"{rooms} rooms of {players} remote seats, think {think:g} s, loopback: "
          f"{answers} answers in {wall:.1f} s ({answers / wall:.0f} answers/s)")
    print(f"answer to every table: p50 {_pct(latencies, 0.5):.1f} ms, p95 "
          f"{_pct(latencies, 0.95):.1f} ms, p99 {_pct(latencies, 0.99):.1f} ms, max "
          f"{_pct(latencies, 1.0):.1f} ms ({len(latencies)} answers timed)")
    per_room = (peak[0] - rss_empty) / rooms if rooms else 0
    print(f"server: {cpu:.1f} s of CPU ({100 * cpu / wall:.0f}% of one core); memory "
          f"{rss_empty / 1024:.0f} MiB with the rooms empty, peak {peak[0] / 1024:.0f} MiB "
          f"playing: about {per_room:.0f} KiB a room")
    print(f"the seats' process: {mine:.1f} s of CPU ({100 * mine / wall:.0f}% of one core)")
    return 0
