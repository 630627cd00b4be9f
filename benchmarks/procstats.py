"""What the load benchmark measures of processes and the machine: CPU time of a process tree, memory, steal,
percentiles, and the kind of each recorded request."""

from __future__ import annotations

import contextlib
import math
import os

from tests.fakediscord import FakeDiscord, RecordedRequest

INTERACTION_KINDS = {"interaction_callback", "original_get", "original_edit", "original_delete", "followup",
                     "followup_get", "followup_edit", "followup_delete"}


def proc_status(pid: int) -> dict[str, int]:
    """VmRSS / VmHWM in KiB from /proc/<pid>/status."""
    out = {}
    with contextlib.suppress(OSError), open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0])
    return out


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (the bot's drawing process, its process pool for computers)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError), open(f"/proc/{entry}/stat") as f:
                if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(entry))
    return out


def tree_cpu(pid: int) -> float:
    """CPU seconds of the bot and of its child processes (pictures are drawn in one: bot/ui/drawing.py)."""
    return proc_cpu(pid) + sum(proc_cpu(c) for c in children(pid))


def proc_cpu(pid: int) -> float:
    """User + system CPU seconds of a process."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return math.nan
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_times() -> list[int]:
    """The machine's CPU time counters (user nice system idle iowait irq softirq steal ...) from /proc/stat."""
    with contextlib.suppress(OSError), open("/proc/stat") as f:
        return [int(x) for x in f.readline().split()[1:]]
    return []


def steal_share(before: list[int], after: list[int]) -> float:
    """The share of CPU time the hypervisor gave to other guests while this machine wanted it (steal)."""
    if len(before) < 8 or len(after) < 8:
        return math.nan
    total = sum(after[:8]) - sum(before[:8])
    return (after[7] - before[7]) / total if total else math.nan


def pct(values: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    if not values:
        return math.nan
    values = sorted(values)
    return values[min(len(values) - 1, max(0, math.ceil(p / 100 * len(values)) - 1))]


def classify(fake: FakeDiscord, rec: RecordedRequest) -> str:
    if rec.kind in INTERACTION_KINDS:
        return "interaction"
    channel = fake.channels.get(rec.channel_id or 0)
    is_dm = channel is not None and channel.is_dm
    if rec.kind == "message_edit":
        return "dm" if is_dm else "table_edit"
    if rec.kind == "dm_message_create":
        return "dm"
    return "other"
