"""Run the bot as its own process against a FakeDiscord (``python -m bot`` by default)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .server import FakeDiscord

REPO_ROOT = Path(__file__).resolve().parents[2]


@dataclass
class BotProcess:
    fake: FakeDiscord
    proc: asyncio.subprocess.Process
    output: list[str] = field(default_factory=list)  # the process's stdout + stderr lines
    line_times: list[float] = field(default_factory=list)  # time.perf_counter() when each line was read
    started_at: float = 0.0  # time.perf_counter() just before the process was created
    _reader: asyncio.Task[None] | None = None

    @property
    def log(self) -> str:
        return "\n".join(self.output)

    def _check_alive(self) -> bool:
        if self.proc.returncode is not None:
            raise RuntimeError(f"bot process exited with {self.proc.returncode}; output:\n{self.log[-4000:]}")
        return False

    async def wait_ready(self, *commands: str, timeout: float = 30.0) -> None:
        """Until the bot synced its commands (all of ``commands`` if given) and holds a gateway session."""
        fake = self.fake

        def ready() -> bool:
            self._check_alive()
            have = {n for scope in fake.commands.values() for (t, n) in scope if t == 1}
            return fake.live and bool(have) and all(c in have for c in commands)

        await fake.wait_for(ready, timeout=timeout, what=f"the bot process to sync {commands or 'commands'} and "
                                                        f"connect; output so far:\n{self.log[-2000:]}")

    def find_line(self, needle: str) -> tuple[int, str] | None:
        """(index, line) of the first output line containing ``needle``."""
        for i, line in enumerate(self.output):
            if needle in line:
                return i, line
        return None

    async def wait_line(self, needle: str, timeout: float = 30.0) -> str:
        """Wait for an output line containing ``needle``; returns it. Raises if the process exits first."""

        def found() -> str | None:
            hit = self.find_line(needle)
            if hit is None:
                self._check_alive()
            return hit[1] if hit else None

        return await self.fake.wait_for(found, timeout=timeout, what=f"{needle!r} in the bot's output; output so "
                                                                    f"far:\n{self.log[-2000:]}")

    async def kill(self) -> int:
        """SIGKILL: no shutdown code runs in the process (no close(), nothing flushed). Returns -9."""
        if self.proc.returncode is None:
            self.proc.kill()
        code = await self.proc.wait()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError, TimeoutError):
                await asyncio.wait_for(self._reader, 2)
        return code

    async def stop(self, timeout: float = 10.0) -> int:
        if self.proc.returncode is None:
            self.proc.terminate()
            try:
                await asyncio.wait_for(self.proc.wait(), timeout)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError, TimeoutError):
                await asyncio.wait_for(self._reader, 2)
        assert self.proc.returncode is not None
        return self.proc.returncode


@contextlib.asynccontextmanager
async def bot_process(fake: FakeDiscord, *, args: Sequence[str] = ("-m", "bot"), env: dict[str, str] | None = None,
                      dev_guild: bool = True, cwd: str | os.PathLike[str] | None = None,
                      echo: bool = False) -> AsyncIterator[BotProcess]:
    """Start ``python *args`` with the fake's DISCORD_API_BASE / DISCORD_GATEWAY_URL / DISCORD_TOKEN (and
    DEV_GUILD_ID when dev_guild) on top of os.environ and ``env``; terminate it on exit.

    It runs in ``cwd``, by default a folder of its own: never the checkout, whose .env (a person's DEV_GUILD_ID,
    METRICS_PORT, ...) the bot would read. Pass DATABASE_PATH (a tmp_path) in ``env`` for the real bot. echo=True
    mirrors its output to stderr."""
    full_env = {**os.environ, **fake.env(dev_guild=dev_guild), "PYTHONUNBUFFERED": "1",
                "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")])),
                **(env or {})}
    if cwd is None:
        with tempfile.TemporaryDirectory(prefix="stammtisch-bot-") as own:
            async with bot_process(fake, args=args, env=env, dev_guild=dev_guild, cwd=own, echo=echo) as bp:
                yield bp
        return
    started_at = time.perf_counter()
    proc = await asyncio.create_subprocess_exec(sys.executable, *args, cwd=str(cwd), env=full_env,
                                                stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
                                                stderr=asyncio.subprocess.STDOUT)
    bp = BotProcess(fake=fake, proc=proc, started_at=started_at)

    async def read() -> None:
        assert proc.stdout is not None
        async for raw in proc.stdout:
            line = raw.decode(errors="replace").rstrip("\n")
            bp.line_times.append(time.perf_counter())
            bp.output.append(line)
            if echo:
                print(f"[bot] {line}", file=sys.stderr)

    bp._reader = asyncio.create_task(read())
    try:
        yield bp
    finally:
        await bp.stop()


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on (for the bot's METRICS_PORT)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
