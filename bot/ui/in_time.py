"""Answering a click within Discord's deadline when its picture is late.

Discord takes the first answer to an interaction only within 3 s of creating it (developer docs, Receiving and
Responding: "you must send an initial response within 3 seconds of receiving the event"); later the answer fails
with 10062 and the player reads "This interaction failed". A click's answer usually carries a picture drawn in a
process of its own, and on an overloaded machine that picture can be late. So `edit_in_time` waits for it until
`ANSWER_BY_S` after the click reached the bot (sooner if the click reached it late: `answer_wait`) and otherwise
acknowledges the click with a deferred update (type 6: the message stays as it is), then edits the message through
the interaction's webhook (`PATCH .../@original`: valid for 15 minutes, and like every interaction endpoint exempt
from the global rate limit) once the picture is there. Either way the caller learns whether the message went out
without controls (`bare`). `send_in_time` does the same for an answer that is a new message ("thinking" first,
then the follow-up that replaces it): a hand, a leaderboard, a replay.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable
from typing import Any

import discord

from .components import bare, sending
from .errors import reply_error

log = logging.getLogger(__name__)
# From the click reaching the bot: what is left of the 3 s covers the gateway's delay before it and the answer's
# own trip to Discord after it.
ANSWER_BY_S = 2.0
# ... and from the interaction's creation (its snowflake's time, where Discord's 3 s start): when the event came late
# (a slow gateway, or an event loop busy when it arrived) the answer leaves by this age, whatever ANSWER_BY_S says.
ANSWER_BY_AGE_S = 2.5


def answer_wait(interaction: discord.Interaction, since: float) -> float:
    """How long the answer to `interaction` may still wait for its picture: `ANSWER_BY_S` after `since` (when it
    reached the bot, `time.monotonic()`), and no later than `ANSWER_BY_AGE_S` after Discord created it, where the
    host's clock agrees with Discord's (the age read from the id is at least the time since it reached the bot, and
    at most 3 s more: past that the interaction is dead anyway, or the clock is wrong)."""
    elapsed = time.monotonic() - since
    wait = ANSWER_BY_S - elapsed
    age = time.time() - interaction.created_at.timestamp()
    if elapsed <= age <= elapsed + 3.0:
        wait = min(wait, ANSWER_BY_AGE_S - age)
    return max(0.0, wait)


async def edit_in_time(interaction: discord.Interaction, drawing: Awaitable[dict[str, Any]], *,
                       since: float) -> bool:
    """Answer a component click by editing its message to what `drawing` gives; `since` is `time.monotonic()`
    when the click reached the bot. Returns whether the message now has no controls; raises what the answer's
    calls raise (`discord.HTTPException`)."""
    late, payload = await _drawn(interaction, drawing, since)
    edit = interaction.edit_original_response if late else interaction.response.edit_message
    now_bare = bare(payload)  # before `sending` releases the view
    await sending(edit(**payload), payload.get("view"))
    return now_bare


async def send_in_time(interaction: discord.Interaction, drawing: Awaitable[dict[str, Any]], *,
                       since: float, ephemeral: bool = True) -> None:
    """Answer with a new message (ephemeral unless told) of what `drawing` gives (a hand: "My hand", a stale click's
    current hand; a leaderboard, a replay), within Discord's deadline: a picture later than `answer_wait` allows is
    answered with "thinking" first, then sent as the follow-up that replaces it."""
    try:
        _, payload = await _drawn(interaction, drawing, since, ephemeral=ephemeral, thinking=True)
    except Exception as exc:  # a refusal, or a drawing that failed
        if ephemeral or not interaction.response.is_done():
            raise  # the caller's error reply is private as it is
        await _answer_privately(interaction, exc)
        return
    files = payload.pop("attachments")
    if "view" in payload and payload["view"] is None:  # (no controls: nothing to send for them)
        payload.pop("view")
    if interaction.response.is_done():
        try:
            await sending(interaction.followup.send(ephemeral=ephemeral, files=files, **payload),
                          payload.get("view"))
        except discord.HTTPException as exc:  # refused: the thinking message is still there (anything else,
            if ephemeral:                     # a lost reply, may have landed: then nothing is said again)
                raise
            await _answer_privately(interaction, exc)
    else:
        await sending(interaction.response.send_message(ephemeral=ephemeral, files=files, **payload),
                      payload.get("view"))


async def _answer_privately(interaction: discord.Interaction, error: Exception) -> None:
    """What went wrong after a public "thinking" answer, told to whoever asked alone. The first follow-up after a
    deferred answer replaces its loading message and keeps the deferral's visibility whatever its own flags say
    (Receiving and Responding, "Followup Messages"; discord-api-docs #2742), so an error reply there would be
    public: the loading message is ended by an edit first, the reason follows as an ephemeral follow-up of its
    own, and the public remnant is deleted."""
    try:
        await interaction.edit_original_response(content="…", attachments=[], view=None)
    except Exception as exc:  # (the token is dead, or the way there: no reply could reach the person privately)
        log.warning("could not end the thinking message of interaction %s (%r), so this goes untold: %r",
                    interaction.id, exc, error)
        return
    await reply_error(interaction, error)
    try:
        await interaction.delete_original_response()
    except discord.HTTPException as exc:
        log.warning("could not delete the thinking message of interaction %s: %s", interaction.id, exc)


async def _drawn(interaction: discord.Interaction, drawing: Awaitable[dict[str, Any]], since: float,
                 **defer: bool) -> tuple[bool, dict[str, Any]]:
    """(whether the picture was late, the payload): waits for `drawing` as long as `answer_wait` allows, and
    otherwise acknowledges the click first (`interaction.response.defer(**defer)`), then waits for the rest."""
    task = asyncio.ensure_future(drawing)
    done, _ = await asyncio.wait({task}, timeout=answer_wait(interaction, since))
    if done:
        return False, task.result()
    log.warning("the picture answering a click is late (%.1f s); the click is acknowledged now and the picture "
                "follows", time.monotonic() - since)
    try:
        await interaction.response.defer(**defer)
    except BaseException:
        task.cancel()
        raise
    return True, await task
