"""Card text layout: rules text wrapped with bold keywords and shrunk to fit its box, card names
fitted on one or two lines, and shadowed labels. Text is drawn at the final size (not
supersampled) so it stays crisp."""

from __future__ import annotations

import pygame

from doomlings_desktop.lru import LRU
from doomlings_desktop.ui.cardart.palette import RGB
from doomlings_desktop.ui.fonts import font

_KEYWORDS = ("Out of turn:", "World's End:", "Score:", "Requirement:", "Cost:", "Action:",
             "Catastrophe:")
_KEYWORD_WORDS = [k.split() for k in _KEYWORDS]
_MINUS = "\u2212"


def num_text(v: int) -> str:
    """A face value with a true minus sign (narrower and clearer than a hyphen)."""
    return f"{_MINUS}{-v}" if v < 0 else str(v)


def signed_text(v: int) -> str:
    """A gene-pool change, always signed, with a true minus sign."""
    return f"{_MINUS}{-v}" if v < 0 else f"+{v}"


def _tokens(text: str) -> list[tuple[str, bool]]:
    """The words of a rules text, each with whether it is part of a bold keyword."""
    words = text.split()
    out: list[tuple[str, bool]] = []
    i = 0
    while i < len(words):
        for kw in _KEYWORD_WORDS:
            if words[i:i + len(kw)] == kw:
                out.extend((w, True) for w in kw)
                i += len(kw)
                break
        else:
            out.append((words[i], False))
            i += 1
    return out


WIDTHS = 20_000       # measured words: every card's words at a few sizes
_WIDTHS: LRU = LRU(WIDTHS)


def _width(size: int, bold: bool, s: str) -> int:
    key = (size, bold, s)
    v = _WIDTHS.get(key)
    if v is None:
        v = _WIDTHS[key] = font(size, bold, True).size(s)[0]
    return v


def _wrap(tokens: list[tuple[str, bool]], size: int, maxw: int) -> list[list[tuple[str, bool]]]:
    space = _width(size, False, " ")
    lines: list[list[tuple[str, bool]]] = []
    cur: list[tuple[str, bool]] = []
    cw = 0
    for word, bold in tokens:
        ww = _width(size, bold, word)
        if cur and cw + space + ww > maxw:
            lines.append(cur)
            cur, cw = [], 0
        cw = ww if not cur else cw + space + ww
        cur.append((word, bold))
    if cur:
        lines.append(cur)
    return lines


def _line_height(size: int) -> int:
    return max(size + 1, round(size * 1.17))


def text_block(text: str, size: int, maxw: int) -> tuple[list, int]:
    lines = _wrap(_tokens(text), size, maxw) if text else []
    return lines, len(lines) * _line_height(size)


def fit_text(text: str, maxw: int, maxh: int, start: int, smallest: int = 6) -> tuple[int, list, int]:
    """The largest font size <= start at which `text` fits the box (or the smallest size)."""
    size = max(smallest, start)
    while True:
        lines, th = text_block(text, size, maxw)
        if th <= maxh or size <= smallest:
            return size, lines, th
        size -= 1


def draw_lines(surf: pygame.Surface, lines: list, size: int, cx: float, y: float,
               color: RGB, max_y: float | None = None) -> float:
    """Centered lines of (word, bold) runs starting at y; returns the y below the last line."""
    lh = _line_height(size)
    regular, bold_font = font(size, False, True), font(size, True, True)
    space = _width(size, False, " ")
    for line in lines:
        if max_y is not None and y + lh > max_y + lh * 0.35:
            break
        runs: list[tuple[str, bool]] = []
        for word, bold in line:
            if runs and runs[-1][1] == bold:
                runs[-1] = (runs[-1][0] + " " + word, bold)
            else:
                runs.append((word, bold))
        rendered = [(bold_font if b else regular).render(t, True, color) for t, b in runs]
        total = sum(r.get_width() for r in rendered) + space * (len(rendered) - 1)
        x = cx - total / 2
        for r in rendered:
            surf.blit(r, (round(x), round(y + (lh - r.get_height()) / 2)))
            x += r.get_width() + space
        y += lh
    return y


def _name_splits(name: str) -> list[tuple[str, str]]:
    """Ways to break a name over two lines: at spaces, or after a hyphen."""
    out = []
    for i, ch in enumerate(name):
        if ch == " ":
            out.append((name[:i], name[i + 1:]))
        elif ch == "-" and 0 < i < len(name) - 1:
            out.append((name[:i + 1], name[i + 1:]))
    return out


def fit_name(name: str, maxw: int, maxh: int, bold: bool = True,
             least: int = 6) -> tuple[int, list[str]]:
    """A font size and 1-2 lines for a card name so it fits maxw x maxh; never under `least`
    (then on two lines if they fit the height, else on one the drawing squeezes)."""
    size, lines = _fit_name(name, maxw, maxh, bold)
    if size >= least:
        return size, lines
    f = font(least, bold, True)
    if 2 * least <= maxh * 1.1:
        fits = [[a, b] for a, b in _name_splits(name)
                if max(f.size(a)[0], f.size(b)[0]) <= maxw]
        if fits:
            return least, min(fits, key=lambda ab: max(f.size(x)[0] for x in ab))
    return least, [name]


def _fit_name(name: str, maxw: int, maxh: int, bold: bool) -> tuple[int, list[str]]:
    start = max(6, int(maxh * 0.62))
    one = next((s for s in range(start, 5, -1) if font(s, bold, True).size(name)[0] <= maxw), 6)
    if one >= start * 0.7:
        return one, [name]
    splits = _name_splits(name)
    for size in range(min(start, int(maxh * 0.46)), one, -1):
        f = font(size, bold, True)
        best = None
        for a, b in splits:
            wmax = max(f.size(a)[0], f.size(b)[0])
            if wmax <= maxw and (best is None or wmax < best[0]):
                best = (wmax, [a, b])
        if best and size >= one * 1.2:
            return size, best[1]
    return one, [name]


def shadowed(surf: pygame.Surface, text: str, f: pygame.font.Font, color: RGB, shadow: RGB,
             center: tuple[float, float], max_w: float | None = None, offset: int = 1) -> None:
    img = f.render(text, True, color)
    if max_w is not None and img.get_width() > max_w:
        # Last resort: squeeze horizontally rather than overflow.
        img = pygame.transform.smoothscale(img, (max(1, int(max_w)), img.get_height()))
    rect = img.get_rect(center=(round(center[0]), round(center[1])))
    if offset:
        sh = f.render(text, True, shadow)
        if sh.get_width() != img.get_width():
            sh = pygame.transform.smoothscale(sh, img.get_size())
        sh.set_alpha(150)
        surf.blit(sh, rect.move(offset, offset))
    surf.blit(img, rect)
