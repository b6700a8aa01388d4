"""A plain-Python Démineur, written for clarity, used only to check the Cython kernels.

It follows the rule book directly on nested lists: breadth-first chain reaction, chord by
counting flags, and the same SplitMix64 + partial Fisher-Yates placement as the kernel, so
the same seed must give the same layout.
"""

from __future__ import annotations

from collections import deque

MASK64 = 2**64 - 1


class SplitMix64:
    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        threshold = (2**64 - n) % n
        x = self.next()
        while x < threshold:
            x = self.next()
        return x % n


def neighbours(r: int, c: int, rows: int, cols: int):
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols:
                yield r + dr, c + dc


def place(rows: int, cols: int, mines: int, r0: int, c0: int, seed: int) -> list[list[bool]]:
    allowed = [
        (r, c)
        for r in range(rows)
        for c in range(cols)
        if not (abs(r - r0) <= 1 and abs(c - c0) <= 1)
    ]
    rng = SplitMix64(seed)
    for k in range(mines):
        j = k + rng.below(len(allowed) - k)
        allowed[k], allowed[j] = allowed[j], allowed[k]
    layout = [[False] * cols for _ in range(rows)]
    for r, c in allowed[:mines]:
        layout[r][c] = True
    return layout


def counts_of(layout: list[list[bool]]) -> list[list[int]]:
    rows, cols = len(layout), len(layout[0])
    return [
        [sum(layout[nr][nc] for nr, nc in neighbours(r, c, rows, cols)) for c in range(cols)]
        for r in range(rows)
    ]


def bfs_reveal(counts, revealed, flagged, r: int, c: int) -> int:
    """Reveal a safe cell and cascade through zeros, breadth first; return cells opened."""
    rows, cols = len(counts), len(counts[0])
    revealed[r][c] = True
    opened = 1
    queue = deque([(r, c)] if counts[r][c] == 0 else [])
    while queue:
        cr, cc = queue.popleft()
        for nr, nc in neighbours(cr, cc, rows, cols):
            if not revealed[nr][nc] and not flagged[nr][nc]:
                revealed[nr][nc] = True
                opened += 1
                if counts[nr][nc] == 0:
                    queue.append((nr, nc))
    return opened


class ReferenceGame:
    """The same public behaviour as core.demineur.rules.Minesweeper, slowly and obviously."""

    def __init__(self, cols: int, rows: int, mines: int, seed: int) -> None:
        self.cols, self.rows, self.mines, self.seed = cols, rows, mines, seed
        self.layout: list[list[bool]] | None = None
        self.counts: list[list[int]] | None = None
        self.revealed = [[False] * cols for _ in range(rows)]
        self.flagged = [[False] * cols for _ in range(rows)]
        self.status = "ready"
        self.exploded = None

    @property
    def flags(self) -> int:
        return sum(map(sum, self.flagged))

    def _safe_hidden(self) -> int:
        return sum(
            not self.revealed[r][c] and not self.layout[r][c]
            for r in range(self.rows)
            for c in range(self.cols)
        )

    def _after(self) -> None:
        if self.status == "playing" and self._safe_hidden() == 0:
            self.status = "won"

    def reveal(self, r: int, c: int) -> int:
        if self.status in ("won", "lost") or self.revealed[r][c] or self.flagged[r][c]:
            return 0
        if self.layout is None:
            self.layout = place(self.rows, self.cols, self.mines, r, c, self.seed)
            self.counts = counts_of(self.layout)
            self.status = "playing"
        if self.layout[r][c]:
            self.revealed[r][c] = True
            self.status, self.exploded = "lost", (r, c)
            return 1
        opened = bfs_reveal(self.counts, self.revealed, self.flagged, r, c)
        self._after()
        return opened

    def toggle_flag(self, r: int, c: int) -> bool:
        if self.status != "playing" or self.revealed[r][c]:
            return False
        self.flagged[r][c] = not self.flagged[r][c]
        return self.flagged[r][c]

    def chord(self, r: int, c: int) -> int:
        if self.status != "playing" or not self.revealed[r][c] or self.counts[r][c] == 0:
            return 0
        around = list(neighbours(r, c, self.rows, self.cols))
        if sum(self.flagged[nr][nc] for nr, nc in around) != self.counts[r][c]:
            return 0
        opened = 0
        for nr, nc in around:
            if self.revealed[nr][nc] or self.flagged[nr][nc]:
                continue
            if self.layout[nr][nc]:
                self.revealed[nr][nc] = True
                opened += 1
                if self.exploded is None:
                    self.exploded = (nr, nc)
                self.status = "lost"
            else:
                opened += bfs_reveal(self.counts, self.revealed, self.flagged, nr, nc)
        self._after()
        return opened


def three_bv(layout: list[list[bool]], shown: list[list[bool]] | None = None) -> tuple[int, int]:
    """3BV by definition: click every opening's zero once, then every number left hidden.

    Also the solved part: openings whose every cell is in ``shown``, and lone numbers shown.
    """
    rows, cols = len(layout), len(layout[0])
    shown = shown or [[False] * cols for _ in range(rows)]
    counts = counts_of(layout)
    revealed = [[False] * cols for _ in range(rows)]
    flagged = [[False] * cols for _ in range(rows)]
    clicks = solved = 0
    for r in range(rows):
        for c in range(cols):
            if not layout[r][c] and counts[r][c] == 0 and not revealed[r][c]:
                before = [row[:] for row in revealed]
                bfs_reveal(counts, revealed, flagged, r, c)
                opening = [
                    (i, j)
                    for i in range(rows)
                    for j in range(cols)
                    if revealed[i][j] and not before[i][j]
                ]
                clicks += 1
                solved += all(shown[i][j] for i, j in opening)
    for r in range(rows):
        for c in range(cols):
            if not layout[r][c] and not revealed[r][c]:
                clicks += 1
                solved += shown[r][c]
    return clicks, solved
