"""The learning curve as one SVG, drawn for a phone (350 pixels wide, 12-pixel text, panels one
under another): per opponent, the win rate of each measured agent per iteration with its 95%
interval and the fair share; then the training losses. No plotting library: static SVG, the
same bytes for the same curve, like the reports of `savanna report`."""

import math
from xml.sax.saxutils import escape

WIDTH = 350
LEFT, RIGHT = 44, 12
PANEL_H = 150
MAX_CHARS = 44  # characters of 12-pixel text that fit in a line of the drawing
COLOURS = ["#1f77b4", "#d95f02", "#1b9e77", "#7570b3"]


def _fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


class _Svg:
    def __init__(self):
        self.parts = []
        self.y = 0

    def text(self, x, y, s, size=12, anchor="start", weight="normal", colour="#222"):
        self.parts.append(f'<text x="{_fmt(x)}" y="{_fmt(y)}" font-size="{size}" '
                          f'text-anchor="{anchor}" font-weight="{weight}" fill="{colour}">'
                          f'{escape(str(s))}</text>')

    def line(self, x1, y1, x2, y2, colour="#999", width=1, dash=None):
        d = f' stroke-dasharray="{dash}"' if dash else ""
        self.parts.append(f'<line x1="{_fmt(x1)}" y1="{_fmt(y1)}" x2="{_fmt(x2)}" '
                          f'y2="{_fmt(y2)}" stroke="{colour}" stroke-width="{width}"{d}/>')

    def polyline(self, points, colour, width=2):
        if len(points) < 2:
            return
        pts = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points)
        self.parts.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" '
                          f'stroke-width="{width}"/>')

    def dot(self, x, y, colour):
        self.parts.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="2.5" fill="{colour}"/>')

    def svg(self) -> str:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{self.y}" '
                f'viewBox="0 0 {WIDTH} {self.y}" font-family="sans-serif">\n'
                f'<rect width="{WIDTH}" height="{self.y}" fill="#fff"/>\n'
                + "\n".join(self.parts) + "\n</svg>\n")


def wrap(text: str, chars: int = MAX_CHARS) -> list:
    """Lines of at most `chars` characters, cut at spaces where there are any."""
    lines, line = [], ""
    for word in str(text).split(" "):
        while len(word) > chars:  # a long spec: cut it anywhere
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:chars])
            word = word[chars:]
        if line and len(line) + 1 + len(word) > chars:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + ([line] if line else [])


def nice_ticks(hi: float) -> list:
    """0 and up to five round steps (1, 2, 2.5 or 5 times a power of ten) covering hi."""
    if hi <= 0:
        return [0, 1]
    raw = hi / 4
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    return [round(k * step, 10) for k in range(int(math.ceil(hi / step - 1e-9)) + 1)]


def _panel(svg, title, xs_max, y_lo, y_hi, y_ticks, y_label, series, reference=None):
    """A panel: series = [(name, colour, [(x, y, lo, hi) or (x, y)])]."""
    for line in wrap(title):
        svg.text(LEFT - 36, svg.y + 13, line, weight="bold")
        svg.y += 16
    top = svg.y + 8
    plot_top, plot_bottom = top + 6, top + PANEL_H - 30
    x0, x1 = LEFT, WIDTH - RIGHT
    sx = lambda x: x0 + (x1 - x0) * (x / xs_max if xs_max > 0 else 0)  # noqa: E731
    sy = lambda y: plot_bottom - (plot_bottom - plot_top) * (y - y_lo) / (y_hi - y_lo)  # noqa: E731
    for t in y_ticks:
        svg.line(x0, sy(t), x1, sy(t), "#e3e3e3")
        svg.text(x0 - 4, sy(t) + 4, y_label(t), anchor="end", colour="#555")
    svg.line(x0, plot_bottom, x1, plot_bottom, "#777")
    step = max(1, round(xs_max / 5)) if xs_max > 0 else 1
    tick = 0
    while tick <= xs_max:
        svg.line(sx(tick), plot_bottom, sx(tick), plot_bottom + 4, "#777")
        svg.text(sx(tick), plot_bottom + 16, tick, anchor="middle", colour="#555")
        tick += step
    if reference is not None:
        svg.line(x0, sy(reference), x1, sy(reference), "#444", 1, "4 3")
    for name, colour, points in series:
        for p in points:
            if len(p) == 4:
                svg.line(sx(p[0]), sy(p[2]), sx(p[0]), sy(p[3]), colour, 1)
            svg.dot(sx(p[0]), sy(p[1]), colour)
        svg.polyline([(sx(p[0]), sy(p[1])) for p in points], colour)
    svg.y = plot_bottom + 36
    # The legend under the panel, one entry a line (long agent specs wrapped, never cut).
    for name, colour, _ in series:
        svg.line(LEFT, svg.y - 4, LEFT + 16, svg.y - 4, colour, 3)
        for line in wrap(name, MAX_CHARS - 4):
            svg.text(LEFT + 22, svg.y, line)
            svg.y += 16
    if reference is not None:
        svg.line(LEFT, svg.y - 4, LEFT + 16, svg.y - 4, "#444", 1, "4 3")
        svg.text(LEFT + 22, svg.y, "fair share")
        svg.y += 16
    svg.y += 8


def render(curve: dict) -> str:
    """The SVG of a curve document (see loop.py: its iterations and their measurements)."""
    svg = _Svg()
    iters = curve["iterations"]
    last = iters[-1]["iteration"] if iters else 0
    players = f", {curve['eval_players']} players" if curve.get("eval_players") else ""
    for line in wrap(f"{curve['game']}{players}: learning curve, seed {curve['seed']}"):
        svg.y += 17
        svg.text(LEFT - 36, svg.y, line, 13, weight="bold")
    svg.y += 10
    share = 100.0 / curve["eval_players"] if curve.get("eval_players") else None
    opponents = []
    for it in iters:
        for agent_results in it.get("eval", {}).values():
            for opp in agent_results:
                if opp not in opponents:
                    opponents.append(opp)
    agents = []
    for it in iters:
        for agent in it.get("eval", {}):
            if agent not in agents:
                agents.append(agent)
    pct = lambda t: f"{t:.0f}%"  # noqa: E731
    for opp in opponents:
        series = []
        for k, agent in enumerate(agents):
            pts = []
            for it in iters:
                r = it.get("eval", {}).get(agent, {}).get(opp)
                if r:
                    pts.append((it["iteration"], 100 * r["win_rate"], 100 * r["ci95"][0],
                                100 * r["ci95"][1]))
            if pts:
                series.append((agent, COLOURS[k % len(COLOURS)], pts))
        _panel(svg, f"win rate against {opp}", last, 0, 100, [0, 25, 50, 75, 100], pct, series,
               share)
    for key, title in (("policy_loss", "policy loss (cross-entropy)"),
                       ("value_loss", "value loss (mean squared error)")):
        pts = [(it["iteration"], it[key]) for it in iters if it.get(key) is not None]
        if not pts:
            continue
        ticks = nice_ticks(max(p[1] for p in pts))
        _panel(svg, title, last, 0, ticks[-1], ticks, lambda t: f"{t:g}",
               [("training batches", COLOURS[0], pts)])
    svg.text(LEFT - 36, svg.y + 4, "x: iteration; bars: 95% intervals", 12, colour="#555")
    svg.y += 14
    return svg.svg()
