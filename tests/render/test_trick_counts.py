"""A seat plate counts its tricks with the number's own plural form: Croatian has three ("1 štih", "3 štiha",
"5 štihova"), Romanian writes "20 de levate". The plate wrote one word for every number above 1 ("3 štihova")."""

from __future__ import annotations

import re

import pytest

from bot.render.i18n import tricks_won

from .test_words import first_view, said


@pytest.mark.parametrize(("lang", "forms"), [
    ("en", {1: "1 trick", 3: "3 tricks", 5: "5 tricks"}),
    ("de", {1: "1 Stich", 3: "3 Stiche", 5: "5 Stiche"}),
    ("hr", {1: "1 štih", 3: "3 štiha", 5: "5 štihova", 21: "21 štih", 22: "22 štiha"}),
    ("ro", {1: "1 levată", 3: "3 levate", 19: "19 levate", 20: "20 de levate"}),
])
def test_a_count_of_tricks_takes_the_numbers_plural_form(lang, forms):
    assert {n: tricks_won(n, lang) for n in forms} == forms


def test_the_rufmariasch_plates_say_two_to_four_tricks_in_croatian_as_croatian_says_them():
    view = first_view("rufmariasch", 4, 3, lambda v: any(n in (2, 3, 4) for n in v.get("tricks_won") or []))
    texts = said("rufmariasch", view, 4, "hr", "german")
    counts = [t for t in texts if re.fullmatch(r"\d+ štih\w*", t)]
    assert counts and all(re.fullmatch(r"(1 štih|[234] štiha|[5-9] štihova)", t) for t in counts), texts
