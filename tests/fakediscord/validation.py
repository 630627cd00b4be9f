"""Checks the fake applies to what the bot sends, mirroring limits real Discord enforces with 400 / 50035."""

from __future__ import annotations

import re
from typing import Any

from .models import IS_COMPONENTS_V2, iter_components


class DiscordError(Exception):
    """Raised by route handlers; becomes a JSON error answer like Discord's."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def _err(errors: dict[str, Any], path: str, code: str, message: str) -> None:
    node = errors
    for part in path.split("."):
        node = node.setdefault(part, {})
    node.setdefault("_errors", []).append({"code": code, "message": message})


def _max_len(errors: dict[str, Any], path: str, value: Any, limit: int) -> None:
    if isinstance(value, str) and len(value) > limit:
        _err(errors, path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def invalid_form(errors: dict[str, Any]) -> DiscordError:
    return DiscordError(400, 50035, "Invalid Form Body", errors)


def validate_message(payload: dict[str, Any], prefix: str = "") -> None:
    """Content, embed and component limits of a message create/edit payload."""
    errors: dict[str, Any] = {}
    p = prefix
    _max_len(errors, f"{p}content", payload.get("content"), 2000)
    embeds = payload.get("embeds") or []
    if len(embeds) > 10:
        _err(errors, f"{p}embeds", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        ep = f"{p}embeds.{i}"
        _max_len(errors, f"{ep}.title", embed.get("title"), 256)
        _max_len(errors, f"{ep}.description", embed.get("description"), 4096)
        _max_len(errors, f"{ep}.footer.text", (embed.get("footer") or {}).get("text"), 2048)
        _max_len(errors, f"{ep}.author.name", (embed.get("author") or {}).get("name"), 256)
        fields = embed.get("fields") or []
        if len(fields) > 25:
            _err(errors, f"{ep}.fields", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for j, fld in enumerate(fields):
            _max_len(errors, f"{ep}.fields.{j}.name", fld.get("name"), 256)
            _max_len(errors, f"{ep}.fields.{j}.value", fld.get("value"), 1024)
            if not fld.get("name") or not fld.get("value"):
                _err(errors, f"{ep}.fields.{j}", "BASE_TYPE_REQUIRED", "This field is required")
        for text in (embed.get("title"), embed.get("description"), (embed.get("footer") or {}).get("text"),
                     (embed.get("author") or {}).get("name")):
            total += len(text or "")
        total += sum(len(f.get("name") or "") + len(f.get("value") or "") for f in fields)
    if total > 6000:
        _err(errors, f"{p}embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
    components = payload.get("components")
    if components:
        _validate_components(errors, f"{p}components", components, v2=bool(int(payload.get("flags") or 0)
                                                                             & IS_COMPONENTS_V2))
        if int(payload.get("flags") or 0) & IS_COMPONENTS_V2 and (payload.get("content") or embeds):
            _err(errors, f"{p}content", "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                 "The 'content' and 'embeds' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2")
    if errors:
        raise invalid_form(errors)


def _validate_components(errors: dict[str, Any], path: str, rows: list[dict[str, Any]], *, v2: bool) -> None:
    if not v2:
        if len(rows) > 5:
            _err(errors, path, "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
        for i, row in enumerate(rows):
            if row.get("type") != 1:
                _err(errors, f"{path}.{i}.type", "UNION_TYPE_CHOICES",
                     "Top-level components must be action rows unless IS_COMPONENTS_V2 is set")
                continue
            children = row.get("components") or []
            if not 1 <= len(children) <= 5:
                _err(errors, f"{path}.{i}.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
            if any(c.get("type") in (3, 5, 6, 7, 8) for c in children) and len(children) > 1:
                _err(errors, f"{path}.{i}.components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                     "A select menu must be alone in its action row")
    else:
        count = sum(1 for _ in iter_components(rows))
        if count > 40:
            _err(errors, path, "BASE_TYPE_MAX_LENGTH", "Must be 40 or fewer components in total.")
    seen: set[str] = set()
    for k, comp in enumerate(iter_components(rows)):
        cpath = f"{path}.{k}"
        ctype = comp.get("type")
        custom_id = comp.get("custom_id")
        if custom_id is not None:
            _max_len(errors, f"{cpath}.custom_id", custom_id, 100)
            if custom_id in seen:
                _err(errors, f"{cpath}.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED",
                     "Component custom id cannot be duplicated")
            seen.add(custom_id)
        if ctype == 2:
            style = comp.get("style")
            _max_len(errors, f"{cpath}.label", comp.get("label"), 80)
            if style == 5:
                if not comp.get("url") or custom_id is not None:
                    _err(errors, cpath, "BUTTON_COMPONENT_INVALID", "Link buttons need a url and no custom_id")
            elif style != 6 and not custom_id:
                _err(errors, f"{cpath}.custom_id", "BASE_TYPE_REQUIRED", "This field is required")
            if not comp.get("label") and not comp.get("emoji") and style != 6:
                _err(errors, cpath, "BUTTON_COMPONENT_INVALID", "A button needs a label or an emoji")
        elif ctype == 3:
            options = comp.get("options") or []
            if not 1 <= len(options) <= 25:
                _err(errors, f"{cpath}.options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
            values = [o.get("value") for o in options]
            if len(set(values)) != len(values):
                _err(errors, f"{cpath}.options", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                     "Select option values must be unique")
            for j, opt in enumerate(options):
                _max_len(errors, f"{cpath}.options.{j}.label", opt.get("label"), 100)
                _max_len(errors, f"{cpath}.options.{j}.value", opt.get("value"), 100)
                _max_len(errors, f"{cpath}.options.{j}.description", opt.get("description"), 100)
            _max_len(errors, f"{cpath}.placeholder", comp.get("placeholder"), 150)


COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")


def validate_commands(commands: list[dict[str, Any]]) -> None:
    errors: dict[str, Any] = {}
    seen: set[tuple[int, str]] = set()
    for i, cmd in enumerate(commands):
        ctype = cmd.get("type", 1)
        name = cmd.get("name") or ""
        key = (ctype, name)
        if key in seen:
            _err(errors, f"{i}.name", "APPLICATION_COMMANDS_DUPLICATE_NAME", f"Application command names must be unique: {name}")
        seen.add(key)
        if ctype == 1:
            _check_chat_input(errors, f"{i}", cmd, depth=0, parent_type=None)
        elif not 1 <= len(name) <= 32:
            _err(errors, f"{i}.name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length.")
    if errors:
        raise invalid_form(errors)


def _check_chat_input(
    errors: dict[str, Any], path: str, node: dict[str, Any], depth: int, parent_type: int | None
) -> None:
    name = node.get("name") or ""
    if not COMMAND_NAME.match(name) or name != name.lower():
        _err(errors, f"{path}.name", "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}")
    description = node.get("description") or ""
    if not 1 <= len(description) <= 100:
        _err(errors, f"{path}.description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
    options = node.get("options") or []
    if len(options) > 25:
        _err(errors, f"{path}.options", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    optional_seen = False
    names: set[str] = set()
    for j, opt in enumerate(options):
        opath = f"{path}.options.{j}"
        otype = opt.get("type")
        if opt.get("name") in names:
            _err(errors, f"{opath}.name", "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique")
        names.add(opt.get("name"))
        if otype in (1, 2):
            allowed = depth == 0 or (otype == 1 and parent_type == 2)
            if not allowed:
                _err(errors, f"{opath}.type", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommand nested too deep")
            _check_chat_input(errors, opath, opt, depth + 1, otype)
            continue
        _check_chat_input_leaf(errors, opath, opt)
        if opt.get("required"):
            if optional_seen:
                _err(errors, f"{opath}.required", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                     "Required options must be placed before non-required options")
        else:
            optional_seen = True


def _check_chat_input_leaf(errors: dict[str, Any], path: str, opt: dict[str, Any]) -> None:
    name = opt.get("name") or ""
    if not COMMAND_NAME.match(name) or name != name.lower():
        _err(errors, f"{path}.name", "APPLICATION_COMMAND_INVALID_NAME", f"Option name is invalid: {name!r}")
    if not 1 <= len(opt.get("description") or "") <= 100:
        _err(errors, f"{path}.description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
    choices = opt.get("choices") or []
    if len(choices) > 25:
        _err(errors, f"{path}.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    if choices and opt.get("autocomplete"):
        _err(errors, f"{path}.autocomplete", "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
             "Autocomplete cannot be set with choices")
