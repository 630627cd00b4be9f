"""One pile, one name: what a Schrum Schrum or Tač table says about a seat's two piles uses the words of the
variant's rules page, in every language. Schrum Schrum's rules (docs/rules/[lang/]schrum.md) and its option
`reserve_rule` say *talon* and *reserve*; Tač's (tac.md, option `open_rule`) say *Closed pile* and *Open pile*.
The table said "own pile", "turns the pile over" and "onto own piles" for both, so a player who had read
`/rules` met a third vocabulary at the table.

The words are checked by their stems (the translations inflect them: "rezervu", "teancul deschis"), and each
stem is checked to be the rules page's own term first."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.render.i18n import words
from cogs.ui.schrum import SchrumUI, TacUI

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "de", "hr", "ro")
# per language and variant: (stem of the face-down pile, stem of the face-up pile), lower case
TERMS = {
    "en": {"schrum": ("talon", "reserve"), "tac": ("closed pile", "open pile")},
    "de": {"schrum": ("talon", "reserve"), "tac": ("geschlossen", "offen")},
    "hr": {"schrum": ("talon", "rezerv"), "tac": ("zatvoren", "otvoren")},
    "ro": {"schrum": ("talon", "rezerv"), "tac": ("închis", "deschis")},
}
UIS = {"schrum": SchrumUI, "tac": TacUI}
NAMES = ["anna", "bernd", "claudia", "dieter"]


def rules_page(lang: str, variant: str) -> str:
    folder = ROOT / "docs" / "rules" / ("" if lang == "en" else lang)
    return (folder / f"{variant}.md").read_text(encoding="utf-8")


def defined_terms(page: str) -> str:
    """The rules page's Dealing section, where each pile gets its bold name."""
    section = page.split("\n## ", 2)[1]
    return " ".join(re.findall(r"\*\*([^*]+)\*\*", section)).lower()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", ["schrum", "tac"])
def test_the_stems_are_the_rules_pages_names_of_the_piles(lang, variant):
    terms = defined_terms(rules_page(lang, variant))
    for stem in TERMS[lang][variant]:
        assert stem in terms, (lang, variant, stem, terms)


def table_lines(ui: SchrumUI, lang: str) -> dict[str, str]:
    """What the table message and the DMs say about a seat's own face-up pile, and about turning it over."""
    own = {"type": "to_reserve", "seat": 1, "card": "9C", "miss": False}
    table = SimpleNamespace(names=NAMES, text_names=NAMES, last_events=[own])
    view = {"current": 2, "reserve_tops": ["7H", "9C", None, None], "centre": {"top": "8D"}}
    lines = {
        "to_own": ui.step(own, NAMES, lang),
        "run": ui.narrate_events([own, dict(own, seat=2), dict(own, seat=3)], NAMES, lang)[0],
        "ended": ui.hand_note(table, 1, view, [], lang, None),
        "onto": next(b.label for b in ui.hand_controls(view, ["onto 0"], lang, table=table, seat=2).items),
    }
    turnover = ui.step({"type": "turnover", "seat": 1, "cards": 7}, NAMES, lang)
    return {key: line.lower() for key, line in lines.items()}, turnover.lower()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", ["schrum", "tac"])
def test_the_table_names_the_piles_as_the_rules_page_does(lang, variant):
    closed, face_up = TERMS[lang][variant]
    other = TERMS[lang]["tac" if variant == "schrum" else "schrum"]
    lines, turnover = table_lines(UIS[variant](), lang)
    for key, line in lines.items():
        assert face_up in line, (lang, variant, key, line)
        assert not any(stem in line for stem in other if stem not in (closed, face_up)), (lang, variant, key, line)
    # the face-up pile is turned over to become the new face-down one: both names
    assert face_up in turnover and closed in turnover, (lang, variant, turnover)


@pytest.mark.parametrize("lang", LANGS)
def test_tac_miss_texts_and_picture_labels_use_the_rules_pages_words(lang):
    closed, face_up = TERMS[lang]["tac"]
    ui = TacUI()
    miss = ui.step({"type": "to_reserve", "seat": 1, "card": "9C", "miss": True}, NAMES, lang).lower()
    keep = ui.hand_controls({"reserve_tops": [None] * 4}, ["keep"], lang, table=SimpleNamespace(names=NAMES),
                            seat=1).items[0].label.lower()
    assert face_up in miss and face_up in keep, (miss, keep)
    # the picture's labels of an empty pile (bot/render/race.py), short enough for the slot ("Verdeckt": the
    # German page says it too, beside the name)
    w = {key: value.lower() for key, value in words(lang).items()}
    for variant, keys in (("tac", ("closed", "open")), ("schrum", ("talon", "reserve"))):
        dealing = rules_page(lang, variant).split("\n## ", 2)[1].lower()
        for key in keys:
            assert w[key][:6] in dealing, (lang, variant, w[key])
