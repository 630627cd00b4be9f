"""tools/screenshots.py keeps working as the bot changes: the match it plays and the scenes it picks, with the
browser left out (CI has no Chromium; `python -m tools.screenshots` takes the real pictures)."""

from __future__ import annotations

import asyncio

import pytest

from tools import screenshot_scenes as scenes
from tools import screenshots


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_screenshot_match_reaches_every_scene(lang, tmp_path, monkeypatch):
    shot: list[tuple[str, str]] = []

    async def shoot(self, scene, channel, viewer, target):
        text = getattr(target, "content", None)
        if text is None:  # an interaction's answer
            text = target.response.content
        shot.append((scene, text))

    monkeypatch.setattr(screenshots.Shooter, "shoot", shoot)
    asyncio.run(screenshots.play_and_shoot(lang, tmp_path, browser=None))
    assert [s for s, _ in shot] == ["help", "lobby", "table", "hand", "refusal", "sheet", "leaderboard"]
    texts = dict(shot)
    assert ("It is not your turn." if lang == "en" else "Du bist nicht am Zug.") in texts["refusal"]
    assert ("Leaderboard" if lang == "en" else "Rangliste") in texts["leaderboard"]
    assert ("/schieberamsch new" if lang == "en" else "/schieberamsch neu") in texts["help"]


SCENES = {
    "schrum": ["schrum-table", "schrum-hand", "schrum-text", "schrum-told"],
    "tac": ["tac-table", "tac-hand"],
    "repezita": ["repezita-table", "repezita-hand"],
    "schroeoem": ["schroeoem-table", "schroeoem-hand", "schroeoem-knock", "schroeoem-knocked"],
    "treppenromme": ["treppenromme-table", "treppenromme-hand", "treppenromme-took", "treppenromme-meld",
                     "treppenromme-melded", "treppenromme-text"],
    "rufmariasch": ["rufmariasch-call", "rufmariasch-trump", "rufmariasch-calling", "rufmariasch-table",
                    "rufmariasch-hand", "rufmariasch-text", "rufmariasch-told"],
}


@pytest.mark.parametrize("game", list(SCENES))
def test_every_other_game_reaches_its_scenes(game, tmp_path, monkeypatch):
    """Each scene shows what it is named for: a DM scene is the DM of the player it names, with the controls of
    the decision (a card, the knock answer, the staircase and meld menus, the call's menus)."""
    shot: list[tuple[str, object, object, object]] = []

    async def shoot(self, scene, channel, viewer, target):
        shot.append((scene, channel, viewer, target))

    monkeypatch.setattr(screenshots.Shooter, "shoot", shoot)
    asyncio.run(screenshots.game_and_shoot(game, "de" if game == "rufmariasch" else "en", tmp_path, browser=None))
    assert [s for s, *_ in shot] == SCENES[game]
    for scene, channel, viewer, target in shot:
        ids = [scenes.cid(c) for c in scenes.components(target)]
        if scene.endswith(("-hand", "-knock", "-took", "-meld", "-call", "-trump", "-told")):
            assert channel.id == viewer.dm_channel.id, scene  # the viewer's own DM
        if scene.endswith(("-hand", "-knock", "-took", "-meld", "-call", "-trump")):
            assert ids, f"{scene}: a decision without a control"
        if scene.endswith("-text"):  # the picture refused: the table in words, and why
            assert not target.attachments and "\n• " in target.content, target.content
        if scene.endswith("-knock"):
            assert [i.rsplit(":", 1)[1] for i in ids if i.endswith((":hold", ":fold"))] == ["hold", "fold"]
        if scene.endswith("-meld"):
            assert any(":meld" in i for i in ids), ids
        if scene.endswith("-call"):
            assert any(i.endswith(":trump") for i in ids) and any(":cards" in i for i in ids), ids
    texts = {s: t.content for s, _, _, t in shot}
    if game == "rufmariasch":  # the server's language reaches every scene
        assert "Trumpf" in texts["rufmariasch-call"] and "Rufmariasch-Tisch" in texts["rufmariasch-table"]
        assert "Der letzte Stich ging an" in texts["rufmariasch-text"] and "Stich: " in texts["rufmariasch-text"]
    for scene in (f"{game}-text", f"{game}-told"):  # what a moderator can grant, in the table and to the mover
        if scene in texts:
            assert ("Dateien anhängen" if game == "rufmariasch" else "Attach Files") in texts[scene], texts[scene]
