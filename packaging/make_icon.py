"""Draw the app icon with pygame primitives: a little gene-pool creature inside a dial of the
four trait colours, on the table's dark blue. Our own design; no outside artwork.

    python3 packaging/make_icon.py

writes
    assets/icon.png                  256x256, the window icon and the Linux .desktop icon
    packaging/icons/doomlings-N.png  16..512, for installing into an icon theme (hicolor)
    packaging/icons/doomlings.ico    Windows (PNG entries 16..256)
    packaging/icons/doomlings.icns   macOS (PNG entries 16..1024)

Drawn once at 1024 px and smooth-scaled down, so the edges are anti-aliased at every size.
The output is the same on every run (no randomness).
"""

from __future__ import annotations

import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "packaging" / "icons"
S = 1024                                   # drawing size

TABLE = (24, 30, 38)
TABLE_HI = (46, 58, 74)
GOLD = (244, 196, 72)
GOLD_DARK = (150, 104, 28)
INK = (20, 24, 30)
WHITE = (246, 248, 250)
TRAITS = [(204, 68, 52), (40, 112, 196), (52, 146, 72), (134, 78, 184)]   # red blue green purple

PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09",
              1024: b"ic10"}


def _mix(a: tuple, b: tuple, t: float) -> tuple:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))


def _ring_segment(surf: pygame.Surface, color: tuple, c: float, r_in: float, r_out: float,
                  a0: float, a1: float) -> None:
    """A thick arc as one polygon; angles in degrees, 0 = up, clockwise."""
    steps = max(8, int(abs(a1 - a0) / 2))
    outer, inner = [], []
    for i in range(steps + 1):
        a = math.radians(a0 + (a1 - a0) * i / steps)
        outer.append((c + r_out * math.sin(a), c - r_out * math.cos(a)))
        inner.append((c + r_in * math.sin(a), c - r_in * math.cos(a)))
    pygame.draw.polygon(surf, color, outer + inner[::-1])


def draw(size: int = S) -> pygame.Surface:
    """The icon at `size` px (drawn at 1024 and scaled)."""
    surf = pygame.Surface((S, S), pygame.SRCALPHA)
    c = S / 2

    # The tile: a rounded square with a soft vertical gradient, clipped by a rounded mask.
    tile = pygame.Surface((S, S), pygame.SRCALPHA)
    for y in range(S):
        pygame.draw.line(tile, _mix(TABLE_HI, TABLE, y / S), (0, y), (S, y))
    mask = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (40, 40, S - 80, S - 80), border_radius=210)
    tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(tile, (0, 0))

    # The gene-pool dial: four trait-coloured quarters with gaps, and tick marks inside.
    r_out, r_in = 400, 318
    for i, color in enumerate(TRAITS):
        a0 = -45 + 90 * i + 6
        _ring_segment(surf, color, c, r_in, r_out, a0, a0 + 78)
        _ring_segment(surf, _mix(color, WHITE, 0.35), c, r_out - 22, r_out, a0, a0 + 78)
    for k in range(24):
        a = math.radians(k * 15)
        r1, r2 = (r_in - 14, r_in - (58 if k % 6 == 0 else 36))
        p1 = (c + r1 * math.sin(a), c - r1 * math.cos(a))
        p2 = (c + r2 * math.sin(a), c - r2 * math.cos(a))
        pygame.draw.line(surf, (92, 104, 120), p1, p2, 14 if k % 6 == 0 else 8)

    # The creature: a gold blob with antennae, big eyes and little feet.
    body = pygame.Rect(0, 0, 370, 330)
    body.center = (c, c + 40)
    for dx in (-90, 90):                                          # feet
        pygame.draw.ellipse(surf, GOLD_DARK, (c + dx - 56, body.bottom - 46, 112, 70))
    for side in (-1, 1):                                          # antennae
        base = (c + side * 70, body.top + 40)
        tip = (c + side * 150, body.top - 110)
        pygame.draw.line(surf, GOLD_DARK, base, tip, 26)
        pygame.draw.circle(surf, GOLD, tip, 38)
        pygame.draw.circle(surf, GOLD_DARK, tip, 38, 10)
    pygame.draw.ellipse(surf, GOLD_DARK, body.inflate(28, 28))
    pygame.draw.ellipse(surf, GOLD, body)
    shine = pygame.Rect(0, 0, 120, 70)
    shine.center = (body.centerx - 95, body.top + 70)
    pygame.draw.ellipse(surf, _mix(GOLD, WHITE, 0.45), shine)
    for side in (-1, 1):                                          # eyes
        eye = (c + side * 72, c + 10)
        pygame.draw.circle(surf, WHITE, eye, 62)
        pygame.draw.circle(surf, INK, (eye[0] + 14, eye[1] + 10), 32)
        pygame.draw.circle(surf, WHITE, (eye[0] + 24, eye[1] - 2), 10)
    mouth = pygame.Rect(0, 0, 130, 80)
    mouth.center = (c, c + 105)
    pygame.draw.arc(surf, INK, mouth, math.radians(200), math.radians(340), 14)

    if size == S:
        return surf
    # Halve repeatedly, then one last smooth scale: sharper than one big jump.
    img = surf
    while img.get_width() // 2 >= size:
        img = pygame.transform.smoothscale(img, (img.get_width() // 2,) * 2)
    if img.get_width() != size:
        img = pygame.transform.smoothscale(img, (size, size))
    return img


def png_bytes(surf: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico whose images are PNG streams (supported since Windows Vista)."""
    sizes = sorted(pngs)
    head = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(head) + 16 * len(sizes)
    entries, blobs = b"", b""
    for n in sizes:
        data = pngs[n]
        entries += struct.pack("<BBBBHHII", n % 256, n % 256, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return head + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns whose images are PNG streams (ic07..ic10, icp4..icp6)."""
    body = b"".join(ICNS_TYPES[n] + struct.pack(">I", 8 + len(d)) + d
                    for n, d in sorted(pngs.items()))
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str] | None = None) -> int:
    import argparse

    p = argparse.ArgumentParser(description="Draw the app icon in every size.")
    p.add_argument("--out", type=Path, default=ROOT,
                   help="write under this folder instead of the repository (for comparing)")
    out = p.parse_args(argv).out
    icons = out / ICONS.relative_to(ROOT)
    big = draw(S)
    pngs = {n: png_bytes(big if n == S else draw(n))
            for n in set(PNG_SIZES) | set(ICNS_TYPES) | set(ICO_SIZES)}
    icons.mkdir(parents=True, exist_ok=True)
    (out / "assets").mkdir(parents=True, exist_ok=True)
    (out / "assets" / "icon.png").write_bytes(pngs[256])
    for n in PNG_SIZES:
        (icons / f"doomlings-{n}.png").write_bytes(pngs[n])
    (icons / "doomlings.ico").write_bytes(ico_bytes({n: pngs[n] for n in ICO_SIZES}))
    (icons / "doomlings.icns").write_bytes(icns_bytes({n: pngs[n] for n in ICNS_TYPES}))
    print(f"wrote {out / 'assets' / 'icon.png'} and, in {icons}: {len(PNG_SIZES)} PNGs, "
          f"doomlings.ico, doomlings.icns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
