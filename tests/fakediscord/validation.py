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


def _length(errors: dict[str, Any], path: str, value: Any, lo: int, hi: int) -> None:
    """A string (or a list) of `lo` to `hi` characters (items); a missing one counts as empty."""
    if not lo <= len(value or "") <= hi:
        _err(errors, path, "BASE_TYPE_BAD_LENGTH", f"Must be between {lo} and {hi} in length.")


def _check_choice(errors: dict[str, Any], path: str, choice: dict[str, Any]) -> None:
    """Application Commands, Option Choice Structure: name 1-100 characters, a string value up to 100."""
    _length(errors, f"{path}.name", choice.get("name"), 1, 100)
    _max_len(errors, f"{path}.value", choice.get("value"), 100)


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
    _check_allowed_mentions(errors, f"{p}allowed_mentions", payload.get("allowed_mentions"))
    for i, att in enumerate(payload.get("attachments") or []):
        # Message resource, Attachment Object: description (alt text) max 1024 characters
        _max_len(errors, f"{p}attachments.{i}.description", (att or {}).get("description"), 1024)
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
            _length(errors, f"{path}.{i}.components", children, 1, 5)
            for j, child in enumerate(children):
                # Component Reference, Action Row: it holds "Up to 5 contextually grouped buttons" or "A single
                # select component" (its Child Components table lists no other)
                if child.get("type") not in (2, *SELECT_TYPES):
                    _err(errors, f"{path}.{i}.components.{j}.type", "UNION_TYPE_CHOICES",
                         f"An action row in a message holds buttons or a select, not type {child.get('type')}")
            if any(c.get("type") in SELECT_TYPES for c in children) and len(children) > 1:
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
        if ctype in MODAL_ONLY:
            # Component Reference, Component Types: its "Usage" is Modal alone ("Text Inputs can only be used within
            # modals")
            _err(errors, f"{cpath}.type", "COMPONENT_TYPE_INVALID", f"Component type {ctype} is for modals only")
        custom_id = comp.get("custom_id")
        if custom_id is not None:
            # Component Reference: custom_id is "a string of 1 to 100 characters"
            _length(errors, f"{cpath}.custom_id", custom_id, 1, 100)
            if custom_id in seen:
                _err(errors, f"{cpath}.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED",
                     "Component custom id cannot be duplicated")
            seen.add(custom_id)
        if ctype == 2:
            _check_button(errors, cpath, comp)
        elif ctype in SELECT_TYPES:
            _check_select(errors, cpath, comp)


def _check_button(errors: dict[str, Any], path: str, comp: dict[str, Any]) -> None:
    """Component Reference, Button: "Non-link and non-premium buttons must have a custom_id, and cannot have a url
    or a sku_id. Link buttons must have a url, and cannot have a custom_id. Premium buttons must contain a sku_id,
    and cannot have a custom_id, label, url, or emoji." Label max 80, url max 512, styles 1-6."""
    style = comp.get("style")
    custom_id = comp.get("custom_id")
    _max_len(errors, f"{path}.label", comp.get("label"), 80)
    if style not in (1, 2, 3, 4, 5, 6):
        _err(errors, f"{path}.style", "BASE_TYPE_CHOICES", f"Value must be one of (1, 2, 3, 4, 5, 6): {style!r}")
    elif style == 5:
        _max_len(errors, f"{path}.url", comp.get("url"), 512)
        if not comp.get("url") or custom_id is not None:
            _err(errors, path, "BUTTON_COMPONENT_INVALID", "Link buttons need a url and no custom_id")
    elif style == 6:
        if not comp.get("sku_id") or any(comp.get(k) is not None for k in ("custom_id", "label", "url", "emoji")):
            _err(errors, path, "BUTTON_COMPONENT_INVALID",
                 "Premium buttons need a sku_id and no custom_id, label, url or emoji")
    else:
        if not custom_id:
            _err(errors, f"{path}.custom_id", "BASE_TYPE_REQUIRED", "This field is required")
        if comp.get("url") is not None or comp.get("sku_id") is not None:
            _err(errors, path, "BUTTON_COMPONENT_INVALID", "Only link buttons have a url, only premium buttons a sku_id")
    if not comp.get("label") and not comp.get("emoji") and style != 6:
        _err(errors, path, "BUTTON_COMPONENT_INVALID", "A button needs a label or an emoji")


def _check_select(errors: dict[str, Any], path: str, comp: dict[str, Any]) -> None:
    """Component Reference, String Select and the auto-populated selects: options 1-25 (label and value 1-100
    characters, unique values, description max 100), placeholder max 150, min_values 0-25 (default 1),
    max_values 1-25 (default 1). Discord also refuses, with 400 / 50035, a min_values above max_values or above the
    number of options, a max_values above the number of options, and more options marked default than max_values
    (discord.py issue #6984: max_values 3 with one option is refused)."""
    _max_len(errors, f"{path}.placeholder", comp.get("placeholder"), 150)
    lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
    if not isinstance(lo, int) or not 0 <= lo <= 25:
        _err(errors, f"{path}.min_values", "NUMBER_TYPE_MAX", "min_values must be between 0 and 25.")
        lo = 0
    if not isinstance(hi, int) or not 1 <= hi <= 25:
        _err(errors, f"{path}.max_values", "NUMBER_TYPE_MAX", "max_values must be between 1 and 25.")
        hi = 25
    if lo > hi:
        _err(errors, f"{path}.min_values", "NUMBER_TYPE_MAX", f"min_values must be at most max_values ({hi}).")
    if comp.get("type") != 3:
        defaults = comp.get("default_values") or []
        if defaults and not lo <= len(defaults) <= hi:
            _err(errors, f"{path}.default_values", "BASE_TYPE_BAD_LENGTH",
                 f"Must be between {lo} and {hi} in length.")
        return
    options = comp.get("options") or []
    if not 1 <= len(options) <= 25:
        _err(errors, f"{path}.options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
    elif hi > len(options):
        _err(errors, f"{path}.options", "BASE_TYPE_MIN_LENGTH", f"Must be {hi} or more in length.")
    elif lo > len(options):
        _err(errors, f"{path}.min_values", "NUMBER_TYPE_MAX", f"min_values must be at most {len(options)}.")
    values = [o.get("value") for o in options]
    if len(set(values)) != len(values):
        _err(errors, f"{path}.options", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
             "Select option values must be unique")
    for j, opt in enumerate(options):
        for key in ("label", "value"):
            if not opt.get(key):
                _err(errors, f"{path}.options.{j}.{key}", "BASE_TYPE_REQUIRED", "This field is required")
            _max_len(errors, f"{path}.options.{j}.{key}", opt.get(key), 100)
        _max_len(errors, f"{path}.options.{j}.description", opt.get("description"), 100)
    if sum(1 for o in options if o.get("default")) > hi:
        _err(errors, f"{path}.options", "SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES",
             "The specified number of default values exceeds the specified maximum values")


MENTION_TYPES = ("users", "roles", "everyone")


def _check_allowed_mentions(errors: dict[str, Any], path: str, allowed: Any) -> None:
    """Message resource, Allowed Mentions Object: parse holds "users", "roles", "everyone"; roles and users max 100
    ids; "parse" is mutually exclusive with the users/roles lists of its type ("causing a validation error")."""
    if allowed is None:
        return
    if not isinstance(allowed, dict):
        _err(errors, path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
        return
    parse = allowed.get("parse") or []
    for i, kind in enumerate(parse):
        if kind not in MENTION_TYPES:
            _err(errors, f"{path}.parse.{i}", "BASE_TYPE_CHOICES", f"Value must be one of {MENTION_TYPES}.")
    for key in ("users", "roles"):
        ids = allowed.get(key) or []
        if len(ids) > 100:
            _err(errors, f"{path}.{key}", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
        if ids and key in parse:
            _err(errors, path, "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                 f'parse:["{key}"] and {key}: [ids] are mutually exclusive.')


COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")


# Reference, Locales: the keys a name_localizations / description_localizations dictionary may have
LOCALES = frozenset({
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl", "pt-BR",
    "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko"})
COMMAND_SIZE_LIMIT = 8000
# Application Commands, Registering a Command: per scope (global, or each guild) 100 CHAT_INPUT, 15 USER and
# 15 MESSAGE commands, 1 PRIMARY_ENTRY_POINT
COMMAND_COUNT_LIMITS = {1: 100, 2: 15, 3: 15, 4: 1}


def check_command_count(commands: list[dict[str, Any]]) -> None:
    """400 / 30032 past the number of commands of a type one scope may hold."""
    for ctype, limit in COMMAND_COUNT_LIMITS.items():
        if sum(1 for c in commands if c.get("type", 1) == ctype) > limit:
            raise DiscordError(400, 30032, "Maximum number of application commands reached")


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
            # Application Commands, Slash Commands: "a maximum of 8000 characters for combined name, description,
            # and value properties for each command, its options (including subcommands and groups), and
            # choices"; of localized fields only the longest (default included) counts
            size = _command_size(cmd)
            if size > COMMAND_SIZE_LIMIT:
                _err(errors, f"{i}", "APPLICATION_COMMAND_TOO_LARGE",
                     f"Command exceeds maximum size ({COMMAND_SIZE_LIMIT}): {size}")
        else:
            _length(errors, f"{i}.name", name, 1, 32)
        _check_localizations(errors, f"{i}", cmd, name_rule=COMMAND_NAME if ctype == 1 else None)
    if errors:
        raise invalid_form(errors)


def _longest(node: dict[str, Any], key: str) -> int:
    texts = [node.get(key) or "", *((node.get(f"{key}_localizations") or {}).values())]
    return max(len(t or "") for t in texts)


def _command_size(node: dict[str, Any]) -> int:
    size = _longest(node, "name") + _longest(node, "description")
    for choice in node.get("choices") or []:
        size += _longest(choice, "name") + len(str(choice.get("value", "")))
    return size + sum(_command_size(opt) for opt in node.get("options") or [])


def _check_localizations(errors: dict[str, Any], path: str, node: dict[str, Any], *,
                         name_rule: re.Pattern[str] | None, description: bool = True, name_max: int = 32) -> None:
    """Application Commands, Localization: keys are Discord's locales (Reference, Locales), and each value
    "follow[s] the same restrictions as" the field it localizes."""
    for key in ("name", "description") if description else ("name",):
        table = node.get(f"{key}_localizations")
        if table is None:
            continue
        if not isinstance(table, dict):
            _err(errors, f"{path}.{key}_localizations", "DICT_TYPE_CONVERT", "Only dictionaries may be used")
            continue
        for locale, text in table.items():
            lpath = f"{path}.{key}_localizations.{locale}"
            if locale not in LOCALES:
                _err(errors, lpath, "LOCALE_INVALID", f"Invalid locale: {locale!r}")
            text = text or ""
            if key == "description" and not 1 <= len(text) <= 100:
                _err(errors, lpath, "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
            elif key == "name" and name_rule is not None and (not name_rule.match(text) or text != text.lower()):
                _err(errors, lpath, "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {text!r}")
            elif key == "name" and not 1 <= len(text) <= name_max:
                _err(errors, lpath, "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {name_max} in length.")


def _check_chat_input(
    errors: dict[str, Any], path: str, node: dict[str, Any], depth: int, parent_type: int | None
) -> None:
    name = node.get("name") or ""
    if not COMMAND_NAME.match(name) or name != name.lower():
        _err(errors, f"{path}.name", "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}")
    description = node.get("description") or ""
    _length(errors, f"{path}.description", description, 1, 100)
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
        _check_localizations(errors, opath, opt, name_rule=COMMAND_NAME)
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
    _check_localized_option_names(errors, path, options)


def _check_localized_option_names(errors: dict[str, Any], path: str, options: list[dict[str, Any]]) -> None:
    """Application Commands, Localization: "Localized option names ... must be distinct from all other default option
    names of that command, as well as all other option names within that locale on that command" (an option without
    a localization shows its default name in that locale)."""
    defaults = [opt.get("name") for opt in options]
    locales = {loc for opt in options for loc in (opt.get("name_localizations") or {})}
    for j, opt in enumerate(options):
        for loc, text in (opt.get("name_localizations") or {}).items():
            if text != opt.get("name") and text in defaults:
                _err(errors, f"{path}.options.{j}.name_localizations.{loc}",
                     "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", f"{text!r} is another option's name")
    for loc in sorted(locales):
        shown = [(opt.get("name_localizations") or {}).get(loc) or opt.get("name") for opt in options]
        if len(set(shown)) != len(shown):
            _err(errors, f"{path}.options", "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                 f"Option names must be unique in locale {loc}: {shown}")


def _check_chat_input_leaf(errors: dict[str, Any], path: str, opt: dict[str, Any]) -> None:
    name = opt.get("name") or ""
    if not COMMAND_NAME.match(name) or name != name.lower():
        _err(errors, f"{path}.name", "APPLICATION_COMMAND_INVALID_NAME", f"Option name is invalid: {name!r}")
    _length(errors, f"{path}.description", opt.get("description"), 1, 100)
    _check_bounds(errors, path, opt)
    choices = opt.get("choices") or []
    if len(choices) > 25:
        _err(errors, f"{path}.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for k, choice in enumerate(choices):
        cpath = f"{path}.choices.{k}"
        _check_choice(errors, cpath, choice)
        _check_localizations(errors, cpath, choice, name_rule=None, description=False, name_max=100)
    if choices and opt.get("autocomplete"):
        _err(errors, f"{path}.autocomplete", "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
             "Autocomplete cannot be set with choices")


# Application Commands, Application Command Option Type: INTEGER is "any integer between -2^53+1 and 2^53-1",
# NUMBER "any double between -2^53 and 2^53"; Application Command Option Structure: min_value / max_value bound
# those, min_length is 0-6000 and max_length 1-6000 (STRING)
NUMBER_BOUNDS = {4: (-(2**53) + 1, 2**53 - 1), 10: (-(2**53), 2**53)}


def _check_bounds(errors: dict[str, Any], path: str, opt: dict[str, Any]) -> None:
    low, high = NUMBER_BOUNDS.get(opt.get("type"), (None, None))
    for key in ("min_value", "max_value"):
        value = opt.get(key)
        if value is not None and low is not None and not low <= value <= high:
            _err(errors, f"{path}.{key}", "NUMBER_TYPE_MAX" if value > high else "NUMBER_TYPE_MIN",
                 f"int value should be between {low} and {high}.")
    for k, choice in enumerate(opt.get("choices") or []):
        value = choice.get("value")
        if low is not None and isinstance(value, int | float) and not low <= value <= high:
            _err(errors, f"{path}.choices.{k}.value", "NUMBER_TYPE_MAX", f"value should be between {low} and {high}.")
    if opt.get("min_value") is not None and opt.get("max_value") is not None and opt["min_value"] > opt["max_value"]:
        _err(errors, f"{path}.max_value", "NUMBER_TYPE_MIN", "max_value must be at least min_value.")
    for key, least in (("min_length", 0), ("max_length", 1)):
        if opt.get(key) is not None and not least <= opt[key] <= 6000:
            _err(errors, f"{path}.{key}", "NUMBER_TYPE_MAX", f"{key} should be between {least} and 6000.")


def validate_autocomplete(data: dict[str, Any]) -> None:
    """Receiving and Responding, Autocomplete: at most 25 choices, each an Option Choice (name 1-100 characters,
    a string value up to 100)."""
    errors: dict[str, Any] = {}
    choices = data.get("choices") or []
    if len(choices) > 25:
        _err(errors, "data.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for k, choice in enumerate(choices):
        _check_choice(errors, f"data.choices.{k}", choice)
    if errors:
        raise invalid_form(errors)


SELECT_TYPES = (3, 5, 6, 7, 8)
# Component Reference, Component Types: the "Usage" column
MODAL_ONLY = frozenset({4, 18, 19, 21, 22, 23})  # text input, label, file upload, radio group, checkbox group, checkbox
MESSAGE_ONLY = frozenset({2, 9, 11, 12, 13, 14, 17})  # button, section, thumbnail, media gallery, file, separator,
# container
LABEL_CHILDREN = frozenset({4, *SELECT_TYPES, 19, 21, 22, 23})


def _check_modal_top(errors: dict[str, Any], path: str, top: dict[str, Any]) -> None:
    """Component Reference: a modal's top level holds Labels (whose `component` is one of the "Label Child
    Components"), Text Displays, and the deprecated Action Row around a single Text Input ("Text Inputs can only be
    used within modals and must be placed inside a Label"; "Action Row with Text Inputs in modals are now
    deprecated"; selects "must be placed inside ... a Label in modals")."""
    ttype = top.get("type")
    if ttype == 18:
        child = top.get("component")
        if not isinstance(child, dict) or child.get("type") not in LABEL_CHILDREN:
            _err(errors, f"{path}.component", "UNION_TYPE_CHOICES", "A label holds one text input, select, file upload"
                                                                   " or checkbox/radio component")
    elif ttype == 1:
        children = top.get("components") or []
        if len(children) != 1 or children[0].get("type") != 4:
            _err(errors, f"{path}.components", "UNION_TYPE_CHOICES",
                 "An action row in a modal holds a single text input (deprecated: use a label)")
    elif ttype != 10:
        _err(errors, f"{path}.type", "UNION_TYPE_CHOICES",
             f"A modal's top level holds labels, text displays or action rows, not type {ttype}")


def validate_modal(data: dict[str, Any]) -> None:
    """Receiving and Responding, Modal: custom_id 1-100 characters, title max 45, 1-5 components; Component
    Reference: a text input's custom_id 1-100, value max 4000, placeholder max 100, min_length 0-4000, max_length
    1-4000; a Label's label max 45 (as the deprecated label of a text input), its description max 100; nothing in a
    modal may be disabled."""
    errors: dict[str, Any] = {}
    custom_id, title, components = data.get("custom_id") or "", data.get("title") or "", data.get("components") or []
    _length(errors, "data.custom_id", custom_id, 1, 100)
    _length(errors, "data.title", title, 1, 45)
    _length(errors, "data.components", components, 1, 5)
    for i, top in enumerate(components):
        _check_modal_top(errors, f"data.components.{i}", top)
    for k, comp in enumerate(iter_components(components)):
        cpath = f"data.components.{k}"
        if comp.get("disabled"):
            _err(errors, f"{cpath}.disabled", "COMPONENT_INVALID", "Modals can not have disabled components")
        if comp.get("type") in MESSAGE_ONLY:
            # Component Reference, Component Types: its "Usage" is Message alone (a button has no place in a modal)
            _err(errors, f"{cpath}.type", "COMPONENT_TYPE_INVALID", f"Component type {comp.get('type')} is for "
                                                                     "messages only")
        if comp.get("type") in SELECT_TYPES and comp.get("required", True) and comp.get("min_values", 1) < 1:
            # String Select (and the others): "min_values must be either omitted or at least 1 if required is
            # omitted or true"
            _err(errors, f"{cpath}.min_values", "NUMBER_TYPE_MIN", "A required select needs min_values of 1 or more")
        if comp.get("type") == 4:
            # Text Input Structure: style is required, Short (1) or Paragraph (2)
            if comp.get("style") not in (1, 2):
                _err(errors, f"{cpath}.style", "BASE_TYPE_CHOICES", f"Value must be one of (1, 2): "
                                                                    f"{comp.get('style')!r}")
            _length(errors, f"{cpath}.custom_id", comp.get("custom_id"), 1, 100)
            _max_len(errors, f"{cpath}.label", comp.get("label"), 45)
            _max_len(errors, f"{cpath}.value", comp.get("value"), 4000)
            _max_len(errors, f"{cpath}.placeholder", comp.get("placeholder"), 100)
            if not 0 <= int(comp.get("min_length", 0)) <= 4000:
                _err(errors, f"{cpath}.min_length", "NUMBER_TYPE_MAX", "min_length must be between 0 and 4000.")
            if not 1 <= int(comp.get("max_length", 4000)) <= 4000:
                _err(errors, f"{cpath}.max_length", "NUMBER_TYPE_MAX", "max_length must be between 1 and 4000.")
        elif comp.get("type") == 18:
            _length(errors, f"{cpath}.label", comp.get("label"), 1, 45)
            _max_len(errors, f"{cpath}.description", comp.get("description"), 100)
    if errors:
        raise invalid_form(errors)
