"""Find every translatable string in the code and report the ones a language lacks.

`python -m bot.i18n.extract LANG` (de, hr, ro) prints .po entries for the strings that language lacks (msgstr
empty), to be filled in and added to the right file under `bot/i18n/locales/LANG/LC_MESSAGES/`.
"""

from __future__ import annotations

import ast
import sys
from functools import lru_cache
from pathlib import Path

from babel.messages.pofile import read_po

from . import LOCALES_DIR

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("bot", "cogs")
MARKERS = {"tr": 1, "N_": 0, "UserError": 0, "StaleError": 0, "_T": 0}
GAME_MARKERS = {"Reason": 0}  # the rule engines (bot/games) mark only their players' reasons
NAME_KEYWORDS = {"name"}


def msgids(root: Path = ROOT) -> dict[str, str]:
    """msgid -> "file:line" of its first use. Command and option names appear as `cmd:<name>` (an option's
    name from `app_commands.describe`); a choice's name as its text."""
    found: dict[str, str] = {}
    for folder in SOURCES:
        for path in sorted((root / folder).rglob("*.py")):
            rel = path.relative_to(root)
            for msgid, where in _file_msgids(path, rel, path.stat().st_mtime_ns):
                found.setdefault(msgid, where)
    return found


@lru_cache(maxsize=1024)
def _file_msgids(path: Path, rel: Path, _mtime_ns: int) -> tuple[tuple[str, str], ...]:
    """The msgids of one source file in order of use; parsed again only when the file changed (the tests
    ask for every msgid many times, and parsing all sources takes a second)."""
    found: list[tuple[str, str]] = []
    in_games = "games" in rel.parts[:2]
    markers = GAME_MARKERS if in_games else MARKERS
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    # name=_T(...) of a command or group is a name (`cmd:`); of a Choice, a text shown as it is (a plain
    # string, such as a game's name, is not translated)
    name_nodes = {id(kw.value): _called(node) == "Choice" for node in ast.walk(tree)
                  if isinstance(node, ast.Call) for kw in node.keywords if kw.arg in NAME_KEYWORDS}
    for node in ast.walk(tree):
        where = f"{rel}:{getattr(node, 'lineno', 0)}"
        if not in_games and id(node) in name_nodes:
            text = node.args[0] if isinstance(node, ast.Call) and node.args else node
            if isinstance(node, ast.Call) and isinstance(text, ast.Constant) and isinstance(text.value, str):
                found.append((text.value if name_nodes[id(node)] else f"cmd:{text.value}", where))
                continue
        if not isinstance(node, ast.Call):
            continue
        name = _called(node)
        if name == "describe" and not in_games:  # @app_commands.describe(option=...): the options' names
            for kw in node.keywords:
                found.append((f"cmd:{kw.arg}", where))
        if name in markers and len(node.args) > markers[name]:
            arg = node.args[markers[name]]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.append((arg.value, where))
        if name == "trn" and not in_games and len(node.args) >= 3:
            for arg in node.args[1:3]:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.append((arg.value, where))
    return tuple(found)


def _called(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def translated(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in sorted((LOCALES_DIR / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as fh:
            for message in read_po(fh, locale=lang):
                if isinstance(message.id, tuple):  # plural forms: the msgid, with its most general form
                    if message.id[0] and all(message.string):
                        out[str(message.id[0])] = str(message.string[-1])
                elif message.id and message.string:
                    out[str(message.id)] = str(message.string)
    return out


def missing(lang: str) -> dict[str, str]:
    have = translated(lang)
    return {m: where for m, where in msgids().items() if m not in have}


def main(argv: list[str]) -> int:
    lang = argv[0] if argv else "de"
    for msgid, where in sorted(missing(lang).items(), key=lambda kv: kv[1]):
        escaped = msgid.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        print(f"#: {where}\nmsgid \"{escaped}\"\nmsgstr \"\"\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
