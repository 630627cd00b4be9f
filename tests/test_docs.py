"""The repository documents itself: every game's rules in English and German with every house rule, the engine
contract in docs/engine.md, and no file pointing at material a clone does not have."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from discord import app_commands

from bot.app import StammtischBot
from bot.games import GAMES
from bot.i18n import SUPPORTED
from bot.rules_text import rules_path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"

# References to things outside the repository: the reference folder and its files, the original rule texts
# and the notes of the issues. Written so that this file does not match itself.
# The two file names are matched in capitals only: docs/engine.md is this repository's own.
OUTSIDE = re.compile("|".join((
    r"(?i:\bshared[/])",
    r"\bRULES[.]md\b",
    r"\bENGINE[.]md\b",
    r"(?i:\bseeds[/])",
    r"(?i:\bseed\s+0\d\d\b)",
    r"(?i:\bissue[ -]notes?\b)",
)))


def tracked_files() -> list[Path]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [ROOT / name for name in out.decode().split("\0") if name]


def test_no_file_refers_to_material_outside_the_repository():
    found = []
    for path in tracked_files():
        if not path.is_file():  # deleted in the working tree
            continue
        text = path.read_bytes().decode("utf-8", errors="ignore")
        for no, line in enumerate(text.splitlines(), 1):
            found += [f"{path.relative_to(ROOT)}:{no}: {m.group(0)!r} in {line.strip()[:120]!r}"
                      for m in OUTSIDE.finditer(line)]
    assert not found, "references to files a clone does not have:\n" + "\n".join(found)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("lang", SUPPORTED)
def test_every_game_has_its_rules_with_every_option(game, lang):
    path = rules_path(game, lang)
    assert path.is_file(), f"{game}: no rules in {lang} at {path.relative_to(ROOT)}"
    text = path.read_text(encoding="utf-8")
    assert text.startswith(f"# {GAMES[game].title}\n"), f"{path.relative_to(ROOT)} starts with the game's title"
    missing = [key for key in GAMES[game].OPTIONS if f"`{key}`" not in text]
    assert not missing, f"{path.relative_to(ROOT)} does not document the option(s) {missing}"


def _outline(text: str) -> tuple[int, int]:
    """(sections, examples) of a rules text: the German and the English text must match in both."""
    sections = len(re.findall(r"^## ", text, re.MULTILINE))
    examples = len(re.findall(r"^### (?:Example|Beispiel|Primjer|Exemplul) \d+", text, re.MULTILINE))
    return sections, examples


@pytest.mark.parametrize("game", sorted(GAMES))
def test_translations_have_the_same_sections_and_numbered_examples(game):
    english = rules_path(game).read_text(encoding="utf-8")
    numbers = [int(n) for n in re.findall(r"^### Example (\d+)", english, re.MULTILINE)]
    assert numbers == list(range(1, len(numbers) + 1)), f"{game}: examples are numbered 1, 2, 3, …"
    for lang in SUPPORTED:
        text = rules_path(game, lang).read_text(encoding="utf-8")
        assert _outline(text) == _outline(english), f"{game}: the {lang} text has other sections or examples"


def test_the_engine_contract_is_documented_for_every_game():
    text = (DOCS / "engine.md").read_text(encoding="utf-8")
    for key in GAMES:
        assert f"`{key}`" in text, f"docs/engine.md does not mention {key}"
    for member in ("new", "to_act", "waiting_for", "legal_actions", "apply", "view", "result", "default_action",
                   "clone", "sample", "IllegalAction", "Reason", "OPTIONS"):
        assert member in text, f"docs/engine.md does not describe {member}"


def test_links_between_documents_lead_somewhere():
    broken = []
    for path in [ROOT / "README.md", *DOCS.rglob("*.md")]:
        for target in re.findall(r"\]\(([^)#\s]+)", path.read_text(encoding="utf-8")):
            if "://" not in target and not (path.parent / target).exists():
                broken.append(f"{path.relative_to(ROOT)} -> {target}")
    assert not broken, broken


def _listed_commands(readme: str) -> set[str]:
    """The slash commands the README's "Commands" section names: `/schrum new variant:` is `schrum new`."""
    section = readme.split("\n## Commands\n", 1)[1].split("\n## ", 1)[0]
    return {" ".join(w for w in span.split() if ":" not in w) for span in re.findall(r"`/([^`]+)`", section)}


async def test_the_readme_lists_every_command_the_bot_registers(tmp_path):
    bot = StammtischBot(database_path=tmp_path / "db.sqlite3", sync_commands=False)
    async with bot:  # the cogs are loaded as by `python -m bot`, without contacting Discord
        await bot.setup_hook()
        registered = {c.qualified_name for c in bot.tree.walk_commands() if isinstance(c, app_commands.Command)}
    listed = _listed_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    assert registered, "no commands registered"
    assert not registered - listed, f"README's command table misses {sorted(registered - listed)}"
    assert not listed - registered, f"README's command table names unknown commands {sorted(listed - registered)}"
