"""Progress of a phase: a bar redrawn in place on a terminal, plain lines (at most one every
`every` seconds, and the last) when the output is a file or a pipe."""

import sys
import time


class Progress:
    def __init__(self, label: str, total: int, stream=None, every: float = 30.0, width: int = 24):
        self.label = label
        self.total = max(1, total)
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.every = every
        self.width = width
        self.start = time.perf_counter()
        self.last_line = self.start

    def update(self, done: int, note: str = ""):
        now = time.perf_counter()
        elapsed = now - self.start
        eta = elapsed / done * (self.total - done) if done else 0.0
        text = f"{self.label} {done}/{self.total}"
        if note:
            text += f", {note}"
        text += f", {elapsed:.0f} s" + (f", {eta:.0f} s left" if done < self.total else "")
        if self.tty:
            filled = int(self.width * done / self.total)
            bar = "#" * filled + "-" * (self.width - filled)
            self.stream.write(f"\r[{bar}] {text}\x1b[K")
            if done >= self.total:
                self.stream.write("\n")
            self.stream.flush()
        elif done >= self.total or now - self.last_line >= self.every:
            self.stream.write(text + "\n")
            self.stream.flush()
            self.last_line = now
