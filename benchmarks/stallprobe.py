"""A process that only sleeps 1 ms at a time and notes when it woke up late.

    python -m benchmarks.stallprobe OUT      # until killed; one line per late wake-up: start end (time.monotonic)

It has nothing else to do, so a late wake-up (tens of ms) means the machine did not run it: the virtual machine
was paused or its cores were busy with everything else. The load benchmark runs it beside the bot and the fake
and counts the slow moves that overlap such a stall, so a slow machine is not mistaken for a slow bot.
"""

from __future__ import annotations

import sys
import time

LATE = 0.020  # seconds beyond the 1 ms sleep


def main(path: str) -> None:
    with open(path, "w", buffering=1) as out:
        while True:
            before = time.monotonic()
            time.sleep(0.001)
            after = time.monotonic()
            if after - before - 0.001 > LATE:
                out.write(f"{before + 0.001:.4f} {after:.4f}\n")


if __name__ == "__main__":
    main(sys.argv[1])
