"""Computer seats in pictures: the font has no robot, so a computer's plate shows a gear and its level, short
enough that two computers at one table stay apart."""

from __future__ import annotations

from bot.render import drawable
from bot.ui.seating import computer_name


def test_computer_names_are_drawn_short_with_a_gear_in_both_languages():
    names = ["alice", computer_name("en", "easy", 1), computer_name("en", "strong", 2),
             computer_name("de", "strong", 3)]
    drawn = drawable(names)
    assert drawn[0] == "alice"
    assert drawn[1:3] == ["\N{GEAR} Easy", "\N{GEAR} Strong 2"]
    assert drawn[3].startswith("\N{GEAR} ") and drawn[3].endswith(" 3")
    assert not any("\N{ROBOT FACE}" in n for n in drawn)
    assert len(set(drawn)) == len(drawn)
