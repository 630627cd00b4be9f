"""Dependencies point one way: cogs -> bot -> bot.games, and the engines stay pure.

Checked by reading imports (with the standard library's ast) so it fails loudly on any new module.
The same contracts are declared for import-linter in pyproject.toml (`lint-imports`).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN_IN_ENGINES = {"discord", "PIL", "aiosqlite", "asyncio", "aiohttp", "sqlite3", "bot.render", "bot.db",
                        "bot.tables", "bot.ui", "cogs"}


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                out.add(".".join([*base, node.module] if node.module else base))
            elif node.module:
                out.add(node.module)
    return out


def offenders(folder: str, banned: set[str]) -> list[str]:
    bad = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        for name in imports(path):
            if any(name == b or name.startswith(b + ".") for b in banned):
                bad.append(f"{path.relative_to(ROOT)} imports {name}")
    return bad


def test_engines_are_pure():
    assert offenders("bot/games", FORBIDDEN_IN_ENGINES) == []


def test_computer_players_are_pure_and_see_only_the_engines():
    assert offenders("bot/ai", FORBIDDEN_IN_ENGINES) == []


def test_core_never_imports_cogs():
    assert offenders("bot", {"cogs"}) == []


def test_renderer_draws_without_discord_or_database():
    assert offenders("bot/render", {"discord", "aiosqlite", "bot.db", "bot.tables", "bot.ui", "cogs"}) == []


def test_the_check_catches_a_bad_import(tmp_path, monkeypatch):
    bad = tmp_path / "bot" / "games" / "bad.py"
    bad.parent.mkdir(parents=True)
    bad.write_text("import asyncio\nfrom ..tables import Table\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert len(offenders("bot/games", FORBIDDEN_IN_ENGINES)) == 2


def test_import_linter_contracts_hold():
    """The contracts in pyproject.toml, checked by import-linter over the real import graph."""
    import subprocess

    # its console script through this interpreter: the script's folder need not be on PATH (a pip --user install)
    command = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"
    run = subprocess.run([sys.executable, "-c", command], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr


def test_cogs_draw_nothing_themselves():
    """A cog is its game's Discord adapter: pictures are drawn in bot.render, never with Pillow in a cog."""
    assert offenders("cogs", {"PIL"}) == []
