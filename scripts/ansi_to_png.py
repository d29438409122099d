#!/usr/bin/env python3
"""Renders a terminal capture with SGR escapes (`tmux capture-pane -e -p`) as a PNG.

Usage: ansi_to_png.py CAPTURE OUT.png [--cols N] [--rows N] [--font-size PX]

Each cell is drawn on a grid in DejaVu Sans Mono (Bold for bold text), with colours, bold, dim,
reverse and underline from the SGR escapes (8/16 colours, 256-colour and 24-bit forms). The page
behind the cells is the capture's own background: the one most of its cells have, so a capture of a
theme that paints its background (pipetop's light and high-contrast themes) keeps it in the margin
and in the cells tmux leaves out (`capture-pane` drops the blanks at the end of a line, whatever
their colour); a capture in the terminal's default colours gets a dark page. Block elements (half and full blocks: the big digits), the light box-drawing lines
and braille (U+2800..U+28FF, the chart: DejaVu Sans Mono has no braille) are drawn as shapes, dot by
dot, so that they join from cell to cell as in a terminal; a character missing from the monospace
font comes from DejaVu Sans, as a terminal's fallback would. The image is drawn at twice the size
and scaled down, for smooth dots and edges. Escapes other than SGR are skipped.
"""

import argparse
import re
import sys
import unicodedata

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
REGULAR = FONT_DIR + "DejaVuSansMono.ttf"
BOLD = FONT_DIR + "DejaVuSansMono-Bold.ttf"
FALLBACK = FONT_DIR + "DejaVuSans.ttf"
SUPERSAMPLE = 2

BACKGROUND = (24, 26, 32)
FOREGROUND = (214, 218, 224)
# Normal and bright ANSI colours, tuned for a dark background (One Dark-like).
PALETTE = [
    (59, 64, 72), (224, 108, 117), (152, 195, 121), (229, 192, 123),
    (97, 175, 239), (198, 120, 221), (86, 182, 194), (214, 218, 224),
    (92, 99, 112), (240, 135, 143), (176, 220, 140), (240, 210, 150),
    (130, 195, 250), (215, 150, 235), (120, 205, 215), (255, 255, 255),
]
PADDING = 14
# Braille dots: bit -> (column, row) in the 2x4 grid of a cell.
BRAILLE_DOTS = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (0, 3), (1, 3)]


def xterm_256(n):
    if n < 16:
        return PALETTE[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return (steps[n // 36], steps[(n // 6) % 6], steps[n % 6])
    level = 8 + 10 * (n - 232)
    return (level, level, level)


class Style:
    __slots__ = ("fg", "bg", "bold", "dim", "reverse", "underline")

    def __init__(self):
        self.reset()

    def reset(self):
        self.fg = None  # None: the default colour
        self.bg = None
        self.bold = False
        self.dim = False
        self.reverse = False
        self.underline = False

    def copy(self):
        other = Style()
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        return other

    def apply(self, params):
        codes = [int(p) if p else 0 for p in params.split(";")] if params else [0]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0:
                self.reset()
            elif c == 1:
                self.bold = True
            elif c == 2:
                self.dim = True
            elif c == 4:
                self.underline = True
            elif c == 7:
                self.reverse = True
            elif c == 22:
                self.bold = self.dim = False
            elif c == 24:
                self.underline = False
            elif c == 27:
                self.reverse = False
            elif 30 <= c <= 37:
                self.fg = PALETTE[c - 30]
            elif 90 <= c <= 97:
                self.fg = PALETTE[c - 90 + 8]
            elif 40 <= c <= 47:
                self.bg = PALETTE[c - 40]
            elif 100 <= c <= 107:
                self.bg = PALETTE[c - 100 + 8]
            elif c == 39:
                self.fg = None
            elif c == 49:
                self.bg = None
            elif c in (38, 48) and i + 1 < len(codes):
                colour = None
                if codes[i + 1] == 5 and i + 2 < len(codes):
                    colour = xterm_256(codes[i + 2])
                    i += 2
                elif codes[i + 1] == 2 and i + 4 < len(codes):
                    colour = tuple(codes[i + 2:i + 5])
                    i += 4
                if c == 38:
                    self.fg = colour
                else:
                    self.bg = colour
            i += 1


ESCAPE = re.compile(r"\x1b\[([0-9;?]*)([@-~])|\x1b[()][0-9A-Za-z]|\x1b[=>]|\x1b\][^\x07]*\x07")


def parse(text, cols, rows):
    """The capture as rows of (char, Style) cells, padded or cut to cols x rows with blank cells on
    the page's background (page_background)."""
    grid = []
    style = Style()
    for line in text.split("\n"):
        cells = []
        pos = 0
        for m in ESCAPE.finditer(line):
            add_text(cells, line[pos:m.start()], style)
            if m.group(2) == "m":
                style.apply(m.group(1))
            pos = m.end()
        add_text(cells, line[pos:], style)
        grid.append(cells)
    if grid and not grid[-1]:
        grid.pop()  # the newline after the last row
    rows = rows or len(grid)
    cols = cols or max((len(r) for r in grid), default=0)
    blank = Style()
    blank.bg = page_background(grid)
    out = []
    for r in range(rows):
        row = grid[r] if r < len(grid) else []
        row = row[:cols] + [(" ", blank)] * (cols - len(row))
        out.append(row)
    return out, cols, rows


def page_background(grid):
    """The background most cells have: a colour, or None for the terminal's default."""
    counts = {}
    for row in grid:
        for _, style in row:
            counts[style.bg] = counts.get(style.bg, 0) + 1
    return max(counts, key=counts.get) if counts else None


def add_text(cells, text, style):
    for ch in text:
        if ch == "\r" or unicodedata.combining(ch):
            continue
        cells.append((ch, style.copy()))
        if unicodedata.east_asian_width(ch) in ("W", "F"):
            cells.append(("", style.copy()))  # the wide character's second cell


def mix(a, b, t):
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def colours(style):
    fg = style.fg or FOREGROUND
    bg = style.bg or BACKGROUND
    if style.reverse:
        fg, bg = bg, fg
    if style.dim:
        fg = mix(fg, bg, 0.45)
    return fg, bg


# Block elements as (x0, y0, x1, y1) fractions of the cell.
BLOCKS = {
    "█": [(0, 0, 1, 1)], "▀": [(0, 0, 1, 0.5)], "▄": [(0, 0.5, 1, 1)],
    "▌": [(0, 0, 0.5, 1)], "▐": [(0.5, 0, 1, 1)],
    "▁": [(0, 7 / 8, 1, 1)], "▂": [(0, 6 / 8, 1, 1)], "▃": [(0, 5 / 8, 1, 1)],
    "▅": [(0, 3 / 8, 1, 1)], "▆": [(0, 2 / 8, 1, 1)], "▇": [(0, 1 / 8, 1, 1)],
    "▖": [(0, 0.5, 0.5, 1)], "▗": [(0.5, 0.5, 1, 1)], "▘": [(0, 0, 0.5, 0.5)], "▝": [(0.5, 0, 1, 0.5)],
    "▙": [(0, 0, 0.5, 1), (0.5, 0.5, 1, 1)], "▟": [(0.5, 0, 1, 1), (0, 0.5, 0.5, 1)],
    "▛": [(0, 0, 1, 0.5), (0, 0.5, 0.5, 1)], "▜": [(0, 0, 1, 0.5), (0.5, 0.5, 1, 1)],
    "▚": [(0, 0, 0.5, 0.5), (0.5, 0.5, 1, 1)], "▞": [(0.5, 0, 1, 0.5), (0, 0.5, 0.5, 1)],
}

# Light box drawing: which arms (left, right, up, down) reach the cell's edges.
BOX = {
    "─": "lr", "│": "ud", "┌": "rd", "┐": "ld", "└": "ru", "┘": "lu",
    "├": "udr", "┤": "udl", "┬": "lrd", "┴": "lru", "┼": "lrud",
    "╭": "rd", "╮": "ld", "╰": "ru", "╯": "lu",
}
DASHED_VERTICAL = {"┊": 4, "┆": 3, "╎": 2}
DASHED_HORIZONTAL = {"┈": 4, "┄": 3, "╌": 2}


def draw_shape(draw, ch, x, y, w, h, fg):
    if 0x2800 < ord(ch) <= 0x28FF:
        bits = ord(ch) - 0x2800
        radius = min(w / 2, h / 4) * 0.36
        for bit, (col, row) in enumerate(BRAILLE_DOTS):
            if bits & (1 << bit):
                cx = x + (col + 0.5) * w / 2
                cy = y + (row + 0.5) * h / 4
                draw.ellipse([cx - radius, cy - radius, cx + radius, cy + radius], fill=fg)
        return True
    if ch == "\u2800":
        return True
    if ch in BLOCKS:
        for fx0, fy0, fx1, fy1 in BLOCKS[ch]:
            draw.rectangle([x + round(fx0 * w), y + round(fy0 * h), x + round(fx1 * w) - 1, y + round(fy1 * h) - 1], fill=fg)
        return True
    line = max(1, round(w / 10))
    cx = x + w // 2 - line // 2
    cy = y + h // 2 - line // 2
    if ch in BOX:
        arms = BOX[ch]
        if "l" in arms:
            draw.rectangle([x, cy, cx + line - 1, cy + line - 1], fill=fg)
        if "r" in arms:
            draw.rectangle([cx, cy, x + w - 1, cy + line - 1], fill=fg)
        if "u" in arms:
            draw.rectangle([cx, y, cx + line - 1, cy + line - 1], fill=fg)
        if "d" in arms:
            draw.rectangle([cx, cy, cx + line - 1, y + h - 1], fill=fg)
        return True
    if ch in DASHED_VERTICAL:
        n = DASHED_VERTICAL[ch]
        seg = h / n
        for k in range(n):
            y0 = y + round(k * seg + seg * 0.2)
            y1 = y + round(k * seg + seg * 0.7)
            draw.rectangle([cx, y0, cx + line - 1, y1], fill=fg)
        return True
    if ch in DASHED_HORIZONTAL:
        n = DASHED_HORIZONTAL[ch]
        seg = w / n
        for k in range(n):
            draw.rectangle([x + round(k * seg + seg * 0.2), cy, x + round(k * seg + seg * 0.7), cy + line - 1], fill=fg)
        return True
    return False


class Fonts:
    """The monospace font, bold, and a fallback for what the monospace font lacks."""

    def __init__(self, size):
        self.regular = ImageFont.truetype(REGULAR, size)
        self.bold = ImageFont.truetype(BOLD, size)
        self.fallback = ImageFont.truetype(FALLBACK, size)
        self.missing = bytes(self.regular.getmask("\uffff"))
        self.known = {}

    def pick(self, ch, bold):
        if ch not in self.known:
            self.known[ch] = bytes(self.regular.getmask(ch)) != self.missing
        if not self.known[ch]:
            return self.fallback
        return self.bold if bold else self.regular


def render(grid, cols, rows, font_size):
    scale = SUPERSAMPLE
    fonts = Fonts(font_size * scale)
    ascent, descent = fonts.regular.getmetrics()
    w = round(fonts.regular.getlength("M"))
    h = ascent + descent
    pad = PADDING * scale
    page = page_background(grid) or BACKGROUND
    image = Image.new("RGB", (cols * w + 2 * pad, rows * h + 2 * pad), page)
    draw = ImageDraw.Draw(image)
    for r, row in enumerate(grid):
        y = pad + r * h
        for c, (ch, style) in enumerate(row):
            x = pad + c * w
            fg, bg = colours(style)
            if bg != page:
                draw.rectangle([x, y, x + w - 1, y + h - 1], fill=bg)
            if ch in ("", " "):
                pass
            elif not draw_shape(draw, ch, x, y, w, h, fg):
                draw.text((x, y), ch, font=fonts.pick(ch, style.bold), fill=fg)
            if style.underline:
                draw.rectangle([x, y + h - 2 * scale, x + w - 1, y + h - scale], fill=fg)
    return image.resize((image.width // scale, image.height // scale), Image.LANCZOS)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("capture", help="the capture, or - for stdin")
    parser.add_argument("out", help="the PNG to write")
    parser.add_argument("--cols", type=int, default=0, help="columns (default: the widest row)")
    parser.add_argument("--rows", type=int, default=0, help="rows (default: the rows captured)")
    parser.add_argument("--font-size", type=int, default=16)
    args = parser.parse_args()
    if args.capture == "-":
        text = sys.stdin.buffer.read().decode("utf-8", "replace")
    else:
        with open(args.capture, "rb") as f:
            text = f.read().decode("utf-8", "replace")
    grid, cols, rows = parse(text, args.cols, args.rows)
    render(grid, cols, rows, args.font_size).save(args.out, optimize=True)


if __name__ == "__main__":
    main()
