"""tools/screenshots.py keeps working as the bot changes: the match it plays and the scenes it picks, with the
browser left out (CI has no Chromium; `python -m tools.screenshots` takes the real pictures)."""

from __future__ import annotations

import asyncio

import pytest

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
    assert [s for s, _ in shot] == ["lobby", "table", "hand", "refusal", "sheet", "leaderboard"]
    texts = dict(shot)
    assert ("It is not your turn." if lang == "en" else "Du bist nicht am Zug.") in texts["refusal"]
    assert ("Leaderboard" if lang == "en" else "Rangliste") in texts["leaderboard"]
