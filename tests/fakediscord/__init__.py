"""A fake Discord (REST + websocket gateway on 127.0.0.1) for end-to-end tests of the bot."""

from .inprocess import pointed_at
from .models import PERMISSIONS, FakeAttachment, FakeChannel, FakeMessage, FakeUser, MessageRevision
from .records import FakeInteraction, RecordedFile, RecordedRequest
from .server import FakeDiscord

__all__ = [
    "PERMISSIONS",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeInteraction",
    "FakeMessage",
    "FakeUser",
    "MessageRevision",
    "RecordedFile",
    "RecordedRequest",
    "pointed_at",
]
