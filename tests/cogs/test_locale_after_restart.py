"""A German player's Tač DM turns English after a bot restart: the seat's language lives only in memory
(`TableUI._note_locale`), `players.locale` is never written (lobby `_upsert_player(..., locale=None)`)."""

from tests.cogs.helpers import client_locale, dm
from tests.cogs.test_schrum import button, open_table


async def test_a_german_offenders_dm_stays_german_after_a_restart(world, make_bot, monkeypatch):
    client_locale(monkeypatch, "de")
    table = await open_table(world, "tac", 3, seed=5)
    offender = next(iter(table.engine.waiting_for()))
    message = dm(world, offender)
    await world.users[offender].user.click(message, custom_id=button(
        message, "Auf meinen offenen Stapel (Fehler: die anderen dürfen Tač! rufen)").custom_id)
    nxt = table.engine.view(None)["current"]
    assert "Du hast" in dm(world, offender).content
    await world.env.restart_bot(make_bot())
    # the next player exposes: the offender's DM is redrawn, and he has not clicked since the restart
    message = dm(world, nxt)
    await world.users[nxt].user.click(message, custom_id=button(message, "Nächste Karte aufdecken").custom_id)
    text = dm(world, offender).content
    assert "Tač-Tisch" in text and "Tač table" not in text, text
