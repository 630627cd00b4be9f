"""The longest names Discord allows at a full table: a display name the pictures' fonts cannot draw (32 CJK
characters) is shown with the username beside it (bot.ui.seating.seat_name), and a username of underscores doubles
in the text, where each `_` is escaped: about 100 characters a name in a message, eight of them in a line. What the
bot sends must still say what matters, not be cut off at Discord's limits wherever the text happens to end."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from bot.ui.game_ui import card_style
from bot.ui.text_fit import fit_message
from cogs.ui.schrum import SchrumUI, TacUI, card_text
from tests.cogs.helpers import components, dm_last, start_fixed, table_message
from tests.conftest import World

CJK = "龍虎鳳凰麒麟玄武朱雀白虎青龍天地人和風花雪月春夏秋冬東西南北金"  # 31 characters no font of the pictures draws


class LongNames(World):
    """A server whose members have the longest names: `display` (31 characters, then a digit-like CJK one to tell
    them apart, or the same for all) and 32-character usernames that differ only in their last character."""

    def __init__(self, env, n: int, *, same_display: bool = False):
        self.env = env
        self.guild = env.create_guild()
        self.channel = self.guild.create_text_channel("cards")
        self.users = [self.guild.add_member(env.create_user(
            "_" * 31 + str(i), global_name=CJK + ("一" if same_display else "一二三四五六七八"[i]))) for i in range(n)]


def test_a_message_too_long_loses_its_oldest_lines_then_cuts_the_longest_never_the_end():
    head, tail = ["**Table #1**"], ["Alice to play."]
    assert fit_message(head, ["a" * 900, "b" * 900, "c" * 900], tail) == "\n".join(
        ["**Table #1**", "b" * 900, "c" * 900, "Alice to play."])
    text = fit_message(head, ["a" * 900, "b" * 3000], tail)
    assert len(text) == 2000 and text.endswith("b…\nAlice to play.") and text.startswith("**Table #1**\nb")
    assert fit_message(head, [], ["x" * 2500, "y" * 10]) == "**Table #1**\n" + "x" * (2000 - 13 - 12) + "…\n" + "y" * 10


async def test_a_schroeoem_match_of_eight_long_names_ends_with_its_whole_final_standing(env):
    """Eight players of ~100-character names: the table message after the match's last game has the narration of that
    game ("Points this game", "Out of the match"), the winner and the final points, some 2,900 characters. The final
    points and the winner are what must show; the older lines give way (the score sheet shows them)."""
    world = LongNames(env, 8)
    table = await start_fixed(world, "schroeoem new", "Schrööm", 8, seed=3, dealer=0, points=1)
    for _ in range(300):
        if table.engine.over:
            break
        seat = min(table.engine.waiting_for())
        action = table.engine.default_action(seat)
        message = dm_last(world.users[seat])
        item = next(c for c in components(message) if (c.custom_id or "").endswith(":" + action))
        await world.users[seat].user.click(message, custom_id=item.custom_id)
    assert table.engine.over
    content = table_message(world, table).content
    assert len(content) <= 2000
    final = next(line for line in content.split("\n") if line.startswith("Final points: "))
    assert all(name in final for name in table.text_names) and final.endswith("."), final[-80:]
    assert "wins the match!" in content


@pytest.mark.parametrize("lang", ["en", "de", "hr", "ro"])
@pytest.mark.parametrize("ui", [SchrumUI(), TacUI()], ids=["schrum", "tac"])
def test_two_players_of_the_same_long_display_name_get_two_pile_buttons_that_say_whose_and_which_card(ui, lang):
    """Two players called the same 32 CJK characters (shown with their usernames: 67 characters a name) whose piles
    both take the card: each button names its pile's top card and the end of its player's username, within the 80
    characters of a label. Cut at the end, "Auf den offenen Stapel von {name} ({card})" read the same on both."""
    names = [f"{CJK}一 ({'_' * 31}{i})" for i in range(4)]
    with card_style("french", lang):
        controls = ui.hand_controls({"reserve_tops": [None, "7H", "7S", None], "centre": {}}, ["onto 1", "onto 2"],
                                    lang, table=SimpleNamespace(names=names), seat=0)
        tops = [card_text("7H"), card_text("7S")]
    labels = [item.label for item in controls.items]
    assert len(labels) == 2 and len(set(labels)) == 2, labels
    for label, seat, top in zip(labels, (1, 2), tops, strict=True):
        assert len(label) <= 80 and label.rstrip(")").endswith(top) and f"{seat})" in label, label


@pytest.mark.parametrize(("command", "end", "footer"), [
    ("history", r"user\d+ 0", "Step through one with /replay and its number."),
    ("schroeoem matches", "games: 1 · finished", "Game by game: /schroeoem match with the number.")])
async def test_ten_tables_of_eight_players_list_whole_lines_and_the_footer(env, command, end, footer):
    """/history and /schroeoem matches list ten tables, each with its eight players: some 3,500 characters even
    with the names of 24 characters `craft` books (the long ones make it twice that). The
    list keeps whole lines, says how many it left out and ends with what to do next; it was cut at 2,000
    characters, in the middle of a name, and lost the footer."""
    from tests.bot.test_stats import craft

    world = LongNames(env, 8)
    store = world.bot.get_cog("Stats").store
    users = [u.id for u in world.users]
    for day in range(10, 22):
        await craft(store.db, store, "schroeoem", users, [0, 1, -1, -2, 0, 0, -3, 0], guild=world.guild.id,
                    ended_at=f"2026-11-{day}T20:15:00.000Z")
    text = (await world.users[0].slash(world.channel, command)).response.content
    lines = text.split("\n")
    assert len(text) <= 2000 and lines[-1] == footer, text[-200:]
    assert re.fullmatch(r"… and \d+ more", lines[-2]), lines[-2]
    assert all(line.startswith(("#", "**#")) for line in lines[1:-2]) and len(lines) > 4, lines
    assert all(re.search(end + "$", line) for line in lines[1:-2]), [x[-30:] for x in lines]
