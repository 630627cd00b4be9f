"""What a fake *user* does: slash commands, button clicks, select menus, modal submits, autocomplete, messages.

Each action builds the INTERACTION_CREATE payload Discord would send, dispatches it over the gateway and returns a
``FakeInteraction`` handle; ``await handle.wait()`` waits for the bot's interaction callback.

Like the real client, the helpers refuse what a person could not do (unknown command or option, a value outside
the choices, clicking a disabled button or a button on somebody else's ephemeral message) with ValueError /
LookupError, so a test cannot accidentally exercise an impossible path.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from .models import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    FakeAttachment,
    FakeChannel,
    FakeMessage,
    FakeUser,
    iter_components,
)
from .records import FakeInteraction

if TYPE_CHECKING:
    from .server import FakeDiscord

UserRef = FakeUser | int | str
ChannelRef = FakeChannel | int | str
_SELECT_TYPES = {3: "string", 5: "user", 6: "role", 7: "mentionable", 8: "channel"}


class UserActions:
    """Mixin for FakeDiscord."""

    # ---- slash commands ---------------------------------------------------------------------------------
    async def slash(self: FakeDiscord, user: UserRef, channel: ChannelRef | None, command: str,
                    options: dict[str, Any] | None = None) -> FakeInteraction:
        """Invoke ``/command`` ("game new" walks subcommand groups / subcommands) as ``user`` in ``channel``
        (None: the user's DM with the bot). ``options`` maps option names to values: str/int/float/bool,
        a FakeUser / FakeChannel for user/channel options, (filename, bytes) for an attachment option."""
        u = self.user(user)
        ch = self.dm_channel(u) if channel is None else self.channel(channel)
        data = await self._command_data(user, ch, command, options or {}, focused=None)
        return await self._dispatch_interaction(self._new_interaction(APPLICATION_COMMAND, u, ch, data))

    async def autocomplete(self: FakeDiscord, user: UserRef, channel: ChannelRef | None, command: str,
                           options: dict[str, Any], focused: str) -> FakeInteraction:
        """The user typing into option ``focused``; the handle's ``choices`` hold the bot's answer."""
        u = self.user(user)
        ch = self.dm_channel(u) if channel is None else self.channel(channel)
        data = await self._command_data(user, ch, command, options, focused=focused)
        return await self._dispatch_interaction(self._new_interaction(AUTOCOMPLETE, u, ch, data))

    async def _command_data(self: FakeDiscord, user: UserRef, channel: FakeChannel, command: str,
                            options: dict[str, Any], focused: str | None) -> dict[str, Any]:
        words = command.strip().lstrip("/").split()
        if not words:
            raise ValueError("empty command")
        top = words[0]
        if self.command_wait:
            await self.wait_for(lambda: self._has_command(top), timeout=self.command_wait,
                                what=f"command /{top} to be registered")
        cmd = self._command_in(top, channel)
        root: list[dict[str, Any]] = []
        container = root
        node: dict[str, Any] = cmd
        for word in words[1:]:
            sub = next((o for o in node.get("options") or [] if o.get("name") == word and o.get("type") in (1, 2)),
                       None)
            if sub is None:
                subs = [o["name"] for o in node.get("options") or [] if o.get("type") in (1, 2)]
                raise LookupError(f"/{command}: no subcommand {word!r} under {node['name']!r}; has {subs}")
            entry: dict[str, Any] = {"type": sub["type"], "name": word, "options": []}
            container.append(entry)
            container = entry["options"]
            node = sub
        if any(o.get("type") in (1, 2) for o in node.get("options") or []):
            subs = [o["name"] for o in node["options"] if o.get("type") in (1, 2)]
            raise ValueError(f"/{command} is a group; pick one of {subs}")
        resolved: dict[str, dict[str, Any]] = {}
        defs = {o["name"]: o for o in node.get("options") or []}
        for name, value in options.items():
            if name not in defs:
                raise LookupError(f"/{command} has no option {name!r}; options: {sorted(defs)}")
            container.append(self._option_value(defs[name], value, resolved, focused == name))
        if focused is None:
            missing = [n for n, o in defs.items() if o.get("required") and n not in options]
            if missing:
                raise ValueError(f"/{command}: required option(s) missing: {missing}")
        elif focused not in options:
            raise ValueError(f"focused option {focused!r} needs a (partial) value in options")
        data: dict[str, Any] = {"id": cmd["id"], "name": top, "type": 1, "options": root}
        if resolved:
            data["resolved"] = resolved
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        return data

    def _command_in(self: FakeDiscord, name: str, channel: FakeChannel) -> dict[str, Any]:
        """The command `/name` as a user sees it in `channel`: a guild's commands exist only in that guild, and
        a global one only where its `contexts` allow (Application Commands, "Interaction Contexts": the contexts
        are "where a command can be used"; "Guild commands don't support the BOT_DM interaction context"; the
        deprecated `dm_permission: false` hides it from DMs likewise). The Discord client offers no other."""
        guild_cmd = None if channel.is_dm else self.commands.get(channel.guild_id, {}).get((1, name))
        if guild_cmd is not None:
            return guild_cmd
        cmd = self.commands.get(None, {}).get((1, name))
        if cmd is None:
            where = "a DM (guild commands are not offered there)" if channel.is_dm else f"guild {channel.guild_id}"
            self.command(name)  # (raises LookupError naming the registered commands when there is none anywhere)
            raise LookupError(f"/{name} is not available in {where}: it is registered in another scope")
        context = 1 if channel.is_dm else 0  # GUILD 0, BOT_DM 1 (Receiving and Responding, Interaction Context Types)
        contexts = cmd.get("contexts")
        if contexts is not None and context not in contexts:
            raise LookupError(f"/{name} cannot be used in {'a DM' if channel.is_dm else 'a guild'}: its contexts "
                              f"are {contexts}")
        if contexts is None and channel.is_dm and cmd.get("dm_permission") is False:
            raise LookupError(f"/{name} cannot be used in a DM: dm_permission is false")
        return cmd

    def _has_command(self: FakeDiscord, name: str) -> bool:
        try:
            self.command(name)
        except LookupError:
            return False
        return True

    def _option_value(self: FakeDiscord, opt: dict[str, Any], value: Any, resolved: dict[str, dict[str, Any]],
                      focused: bool) -> dict[str, Any]:
        otype = opt["type"]
        name = opt["name"]
        out: dict[str, Any] = {"type": otype, "name": name}
        if focused:
            out["focused"] = True
            out["value"] = str(value) if otype == 3 else value
            return out
        if otype in (3, 4, 5, 10):
            if otype == 3:
                value = str(value)
                if "min_length" in opt and len(value) < opt["min_length"]:
                    raise ValueError(f"option {name!r}: shorter than {opt['min_length']}")
                if "max_length" in opt and len(value) > opt["max_length"]:
                    raise ValueError(f"option {name!r}: longer than {opt['max_length']}")
            elif otype == 4:
                if isinstance(value, bool) or int(value) != value:
                    raise ValueError(f"option {name!r} needs an integer, got {value!r}")
                value = int(value)
            elif otype == 5:
                if not isinstance(value, bool):
                    raise ValueError(f"option {name!r} needs a bool, got {value!r}")
            else:
                value = float(value)
            if otype in (4, 10):
                if opt.get("min_value") is not None and value < opt["min_value"]:
                    raise ValueError(f"option {name!r}: {value} < min {opt['min_value']}")
                if opt.get("max_value") is not None and value > opt["max_value"]:
                    raise ValueError(f"option {name!r}: {value} > max {opt['max_value']}")
            choices = opt.get("choices")
            if choices and value not in [c["value"] for c in choices]:
                raise ValueError(f"option {name!r}: {value!r} is not one of {[c['value'] for c in choices]}")
            out["value"] = value
        elif otype in (6, 9):
            user = value if isinstance(value, FakeUser) else self.user(value)
            out["value"] = str(user.id)
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            if user.id in self.users or user is self.bot:
                resolved.setdefault("members", {})[str(user.id)] = user.member_payload(with_user=False,
                                                                                      permissions=0)
        elif otype == 7:
            ch = self.channel(value)
            types = opt.get("channel_types")
            if types and ch.type not in types:
                raise ValueError(f"option {name!r}: channel type {ch.type} not in {types}")
            out["value"] = str(ch.id)
            resolved.setdefault("channels", {})[str(ch.id)] = ch.payload(permissions=0)
        elif otype == 8:
            role_id = int(value)
            roles = {int(r["id"]): r for r in self.guild_payload()["roles"]}
            if role_id not in roles:
                raise LookupError(f"option {name!r}: no role {role_id}")
            out["value"] = str(role_id)
            resolved.setdefault("roles", {})[str(role_id)] = roles[role_id]
        elif otype == 11:
            if isinstance(value, FakeAttachment):
                att = value
            else:
                filename, blob = value
                att = self._new_attachment(self.channel(next(iter(self.channels))), filename, blob)
            out["value"] = str(att.id)
            resolved.setdefault("attachments", {})[str(att.id)] = att.payload()
        else:
            raise ValueError(f"option {name!r}: unsupported option type {otype}")
        return out

    # ---- components ---------------------------------------------------------------------------------------
    def _component_target(self: FakeDiscord, user: FakeUser, message: FakeMessage | int, custom_id: str,
                          force: bool) -> tuple[FakeMessage, dict[str, Any]]:
        msg = self.message(message)
        if not force:
            if msg.deleted:
                raise ValueError(f"message {msg.id} was deleted")
            if not msg.visible_to(user):
                raise ValueError(f"{user.name} cannot see message {msg.id} (ephemeral for someone else)")
            if msg.loading:
                raise ValueError(f"message {msg.id} is still loading (deferred, never edited)")
        comp = msg.component(custom_id)
        if comp.get("disabled") and not force:
            raise ValueError(f"component {custom_id!r} on message {msg.id} is disabled")
        return msg, comp

    async def click(self: FakeDiscord, user: UserRef, message: FakeMessage | int, custom_id: str | None = None,
                    *, label: str | None = None, force: bool = False) -> FakeInteraction:
        """Press a button (by custom_id or label) on a message."""
        u = self.user(user)
        if custom_id is None:
            if label is None:
                raise ValueError("click needs a custom_id or a label")
            custom_id = self.message(message).button(label)["custom_id"]
        msg, comp = self._component_target(u, message, custom_id, force)
        if comp.get("type") != 2:
            raise ValueError(f"{custom_id!r} is not a button (type {comp.get('type')})")
        if comp.get("style") in (5, 6):
            raise ValueError(f"{custom_id!r} is a link/premium button; clicking it sends no interaction")
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._dispatch_interaction(
            self._new_interaction(MESSAGE_COMPONENT, u, self.channels[msg.channel_id], data, message=msg))

    async def select(self: FakeDiscord, user: UserRef, message: FakeMessage | int, custom_id: str,
                     values: list[Any], *, force: bool = False) -> FakeInteraction:
        """Choose ``values`` in a select menu (string values, or users/channels/role ids for typed selects)."""
        u = self.user(user)
        msg, comp = self._component_target(u, message, custom_id, force)
        ctype = comp.get("type")
        if ctype not in _SELECT_TYPES:
            raise ValueError(f"{custom_id!r} is not a select menu (type {ctype})")
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not force and not lo <= len(values) <= hi:
            raise ValueError(f"select {custom_id!r} takes {lo}..{hi} values, got {len(values)}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": ctype}
        data["values"], resolved = self._select_values(ctype, comp, values, force)
        if resolved:
            data["resolved"] = resolved
        return await self._dispatch_interaction(
            self._new_interaction(MESSAGE_COMPONENT, u, self.channels[msg.channel_id], data, message=msg))

    def _select_values(self: FakeDiscord, ctype: int, comp: dict[str, Any], values: list[Any],
                       force: bool) -> tuple[list[str], dict[str, Any]]:
        resolved: dict[str, Any] = {}
        if ctype == 3:
            allowed = [o["value"] for o in comp.get("options") or []]
            out = [str(v) for v in values]
            bad = [v for v in out if v not in allowed]
            if bad and not force:
                raise ValueError(f"select {comp.get('custom_id')!r}: {bad} not among options {allowed}")
            return out, resolved
        out = []
        for v in values:
            if ctype == 5 or (ctype == 7 and (isinstance(v, (FakeUser, str)) or v in self.users)):
                user = self.user(v)
                out.append(str(user.id))
                resolved.setdefault("users", {})[str(user.id)] = user.payload()
                resolved.setdefault("members", {})[str(user.id)] = user.member_payload(with_user=False,
                                                                                      permissions=0)
            elif ctype == 8:
                ch = self.channel(v)
                out.append(str(ch.id))
                resolved.setdefault("channels", {})[str(ch.id)] = ch.payload(permissions=0)
            else:  # role ids
                roles = {int(r["id"]): r for r in self.guild_payload()["roles"]}
                if int(v) not in roles:
                    raise LookupError(f"no role {v}")
                out.append(str(int(v)))
                resolved.setdefault("roles", {})[str(int(v))] = roles[int(v)]
        return out, resolved

    # ---- modals -----------------------------------------------------------------------------------------
    async def submit_modal(self: FakeDiscord, user: UserRef, opened_by: FakeInteraction,
                           values: dict[str, Any]) -> FakeInteraction:
        """Fill in and submit the modal the bot answered ``opened_by`` with (callback type 9).

        ``values`` maps the inputs' custom_ids to text (or lists for selects inside labels)."""
        u = self.user(user)
        modal = opened_by.modal
        if modal is None:
            raise ValueError(f"{opened_by!r} was not answered with a modal")
        known = {c["custom_id"] for c in iter_components(modal.get("components")) if "custom_id" in c}
        unknown = set(values) - known
        if unknown:
            raise LookupError(f"modal {modal['custom_id']!r} has no inputs {sorted(unknown)}; has {sorted(known)}")

        def answer(comp: dict[str, Any]) -> dict[str, Any] | None:
            cid = comp.get("custom_id")
            if comp.get("type") == 4:  # text input
                value = str(values.get(cid, comp.get("value") or ""))
                # the client submits nothing else (Component Reference, Text Input Structure: required, "Minimum
                # input length", "Maximum input length"); an optional input may stay empty
                if comp.get("required", True) and not value:
                    raise ValueError(f"modal input {cid!r} is required")
                if value and len(value) < (comp.get("min_length") or 0):
                    raise ValueError(f"modal input {cid!r} shorter than {comp['min_length']}")
                if comp.get("max_length") is not None and len(value) > comp["max_length"]:
                    raise ValueError(f"modal input {cid!r} longer than {comp['max_length']}")
                return {"type": 4, "custom_id": cid, "value": value}
            if comp.get("type") in _SELECT_TYPES:
                vals = values.get(cid, [])
                return {"type": comp["type"], "custom_id": cid, "values": [str(v) for v in vals]}
            return None

        components: list[dict[str, Any]] = []
        for top in modal.get("components") or []:
            if top.get("type") == 1:
                inner = [a for a in (answer(c) for c in top.get("components") or []) if a]
                components.append({"type": 1, "components": inner})
            elif top.get("type") == 18 and isinstance(top.get("component"), dict):
                a = answer(top["component"])
                if a:
                    components.append({"type": 18, "component": a})
            else:
                a = answer(top)
                if a:
                    components.append(a)
        data = {"custom_id": modal["custom_id"], "components": components}
        return await self._dispatch_interaction(
            self._new_interaction(MODAL_SUBMIT, u, opened_by.channel, data, message=opened_by.message,
                                  parent=opened_by))

    # ---- plain messages ---------------------------------------------------------------------------------
    async def say(self: FakeDiscord, user: UserRef, channel: ChannelRef | None, content: str) -> FakeMessage:
        """The user writes a message (dispatched as MESSAGE_CREATE). channel None: the user's DM with the bot."""
        u = self.user(user)
        ch = self.dm_channel(u) if channel is None else self.channel(channel)
        msg = FakeMessage(id=self.snowflake(), channel_id=ch.id, guild_id=ch.guild_id, author=u, content=content)
        ch.messages.append(msg)
        self.messages[msg.id] = msg
        msg.snapshot("create", None)
        msg.created_at = time.perf_counter()
        if self.wants("MESSAGE_CREATE", dm=ch.is_dm):
            event = self._message_event(msg)
            await self.gateway_for(event).dispatch("MESSAGE_CREATE", event)
        return msg
