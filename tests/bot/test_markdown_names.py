"""A display name is shown as typed: Discord's Markdown must not act on it. Inside a line that is its emphasis,
spoiler, code and mention characters; where a name begins a line (a table's status, "- bob to play."), also a list
item's mark, which would turn the line into a bullet or a numbered item."""

from __future__ import annotations

import pytest

from bot.tables.model import escape_markdown


@pytest.mark.parametrize(("name", "shown"), [
    ("- bob", r"\- bob"), ("+ ana", r"\+ ana"), ("1. Anna", r"1\. Anna"), ("  - z", r"  \- z"),
    ("a_b #1", r"a\_b \#1"), ("**x**", r"\*\*x\*\*"),
])
def test_markdown_and_a_leading_list_mark_are_escaped(name, shown):
    assert escape_markdown(name) == shown


@pytest.mark.parametrize("name", ["Jean-Luc", "-bob", "12.5 kg", "Anna 1. FC", "bob - the builder"])
def test_a_hyphen_or_a_number_that_makes_no_list_is_left_as_typed(name):
    assert escape_markdown(name) == name
