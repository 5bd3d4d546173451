"""Colour-vision-deficiency simulation and colour difference, for the colour tests and for a
person checking a screenshot (`python tests/cvd.py shot.png` writes shot-protan.png,
shot-deutan.png and shot-tritan.png beside it).

The simulation is Machado, Oliveira and Fernandes (2009), "A physiologically-based model for
simulation of color vision deficiency", at severity 1.0 (dichromacy), applied to linear RGB as
the DaltonLens library does; its matrices are the paper's. (For tritanopia Brettel 1997 is
closer to what tritanopes report; Machado's is the usual stand-in and moves colours further, so
a pair it keeps apart is not flattered.) Colour difference is CIEDE2000 (Sharma, Wu and Dalal
2005), from sRGB through CIE XYZ (D65) and CIELAB."""

from __future__ import annotations

import sys

import numpy as np

MACHADO = {
    "protan": np.array([[0.152286, 1.052583, -0.204868],
                        [0.114503, 0.786281, 0.099216],
                        [-0.003882, -0.048116, 1.051998]]),
    "deutan": np.array([[0.367322, 0.860646, -0.227968],
                        [0.280085, 0.672501, 0.047413],
                        [-0.011820, 0.042940, 0.968881]]),
    "tritan": np.array([[1.255528, -0.076749, -0.178779],
                        [-0.078411, 0.930809, 0.147602],
                        [0.004733, 0.691367, 0.303900]]),
}
KINDS = tuple(MACHADO)
VISIONS = ("normal", *KINDS)        # the three dichromacies and normal vision
_XYZ = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
_WHITE = np.array([0.95047, 1.0, 1.08883])


def linear(rgb: np.ndarray) -> np.ndarray:
    """sRGB 0..255 to linear 0..1."""
    c = np.asarray(rgb, float) / 255
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def srgb(lin: np.ndarray) -> np.ndarray:
    """Linear 0..1 to sRGB 0..255 (clipped)."""
    c = np.clip(lin, 0, 1)
    return np.round(np.where(c <= 0.0031308, c * 12.92, 1.055 * c ** (1 / 2.4) - 0.055) * 255)


def simulate_linear(rgb: np.ndarray, vision: str) -> np.ndarray:
    """Colours (..., 3) in sRGB 0..255 as `vision` sees them, in linear RGB."""
    lin = linear(rgb)
    return lin if vision == "normal" else np.clip(lin @ MACHADO[vision].T, 0, 1)


def simulate(rgb: np.ndarray, vision: str) -> np.ndarray:
    """Colours (..., 3) in sRGB 0..255 as `vision` sees them, in sRGB 0..255."""
    return srgb(simulate_linear(rgb, vision))


def lab(rgb: np.ndarray, vision: str = "normal") -> np.ndarray:
    """CIELAB of sRGB colours (..., 3) as `vision` sees them."""
    x = simulate_linear(rgb, vision) @ _XYZ.T / _WHITE
    f = np.where(x > (6 / 29) ** 3, np.cbrt(x), x / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]),
                     200 * (f[..., 1] - f[..., 2])], -1)


def luminance(rgb: np.ndarray, vision: str = "normal") -> np.ndarray:
    """Relative luminance 0..255 (what is left in greyscale) as `vision` sees it."""
    return simulate_linear(rgb, vision) @ np.array([0.2126, 0.7152, 0.0722]) * 255


def ciede2000(lab1: np.ndarray, lab2: np.ndarray) -> float:
    """CIEDE2000 between two CIELAB colours (about 1: just noticeable side by side; 10 and
    more: clearly different colours)."""
    (l1, a1, b1), (l2, a2, b2) = (tuple(map(float, c)) for c in (lab1, lab2))
    cbar = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(cbar ** 7 / (cbar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1, c2 = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1, h2 = np.degrees(np.arctan2(b1, a1p)) % 360, np.degrees(np.arctan2(b2, a2p)) % 360
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    dl, dc = l2 - l1, c2 - c1
    dhh = 2 * np.sqrt(c1 * c2) * np.sin(np.radians(dh / 2))
    lbar, cbarp = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        hbar = h1 + h2
    elif abs(h1 - h2) <= 180:
        hbar = (h1 + h2) / 2
    else:
        hbar = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * np.cos(np.radians(hbar - 30)) + 0.24 * np.cos(np.radians(2 * hbar))
         + 0.32 * np.cos(np.radians(3 * hbar + 6)) - 0.20 * np.cos(np.radians(4 * hbar - 63)))
    rc = 2 * np.sqrt(cbarp ** 7 / (cbarp ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (lbar - 50) ** 2 / np.sqrt(20 + (lbar - 50) ** 2)
    sc, sh = 1 + 0.045 * cbarp, 1 + 0.015 * cbarp * t
    rt = -np.sin(np.radians(60 * np.exp(-(((hbar - 275) / 25) ** 2)))) * rc
    return float(np.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2
                         + rt * (dc / sc) * (dhh / sh)))


def difference(rgb1: tuple, rgb2: tuple, vision: str) -> float:
    """CIEDE2000 between two sRGB colours as `vision` sees them."""
    return ciede2000(lab(np.array(rgb1), vision), lab(np.array(rgb2), vision))


def main(paths: list[str]) -> None:
    """Write each screenshot as the three dichromacies see it."""
    import pygame

    for path in paths:
        img = pygame.image.load(path)
        rgb = pygame.surfarray.array3d(img)
        for kind in KINDS:
            out = pygame.surfarray.make_surface(simulate(rgb, kind).astype(np.uint8))
            pygame.image.save(out, path.rsplit(".", 1)[0] + f"-{kind}.png")


if __name__ == "__main__":
    main(sys.argv[1:])
