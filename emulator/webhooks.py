"""Interaction callbacks and interaction-token webhooks (follow-ups, @original, edits).

This is where the interaction rules live: the 3 s acknowledgement window, a single initial
response, 15-minute tokens, and ephemeral messages reachable only through their own tokens.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from .handles import APPLICATION_COMMAND, MESSAGE_COMPONENT, MODAL_SUBMIT, InteractionHandle
from .modals import number_components, vet_modal
from .model import EPHEMERAL, LOADING, Attachment, Message
from .responses import ApiError, form_error, json_response, no_content, read_body
from .vetting import audit_message, refuse_edit_upload, refuse_empty, vet_message
from .world import World

JSON = dict[str, Any]

PONG, CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
LAUNCH_ACTIVITY = 12


def _invalid_type(rtype: Any, why: str) -> ApiError:
    errors = {"type": {"_errors": [{"code": "INTERACTION_RESPONSE_TYPE_INVALID", "message": why}]}}
    return form_error(errors, violation="invalid_response_type", detail=f"type {rtype}: {why}")


def _prefixed(errors: JSON) -> JSON:
    return {"data": errors}


class WebhookRoutes:
    """Routes reached with an interaction id/token instead of the bot token."""

    def __init__(self, world: World) -> None:
        self.world = world

    def register(self, app: web.Application, prefix: str) -> None:
        r = app.router
        r.add_post(prefix + "/interactions/{interaction_id}/{token}/callback", self.callback)
        r.add_post(prefix + "/webhooks/{app_id}/{token}", self.followup)
        path = prefix + "/webhooks/{app_id}/{token}/messages/{message_id}"
        r.add_get(path, self.get_message)
        r.add_patch(path, self.edit_message)
        r.add_delete(path, self.delete_message)

    # -- the initial response -----------------------------------------------------------------

    async def callback(self, request: web.Request) -> web.Response:
        world = self.world
        raw_id = request.match_info["interaction_id"]
        handle = world.interactions.get(int(raw_id)) if raw_id.isdigit() else None
        if handle is None or handle.token != request.match_info["token"]:
            raise ApiError(404, 10062, "Unknown interaction", violation="unknown_interaction")
        if handle.acknowledged:
            raise ApiError(
                400,
                40060,
                "Interaction has already been acknowledged.",
                violation="already_acknowledged",
                detail=f"{handle.describe()} answered twice",
            )
        handle.check_deadline()
        if handle.expired:
            # The violation was recorded once by check_deadline; Discord just forgets the id.
            raise ApiError(404, 10062, "Unknown interaction")
        body, files = await read_body(request, world.ids, world.limits)
        rtype = body.get("type")
        if not isinstance(rtype, int):
            raise _invalid_type(rtype, "type is required and must be an integer")
        data: JSON = body.get("data") or {}
        message = self._respond(handle, rtype, data, files)
        handle.response_type = rtype
        handle.acked_at = world.clock.now()
        world.acknowledged(handle)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return no_content()
        info: JSON = {"id": str(handle.id), "type": handle.type}
        result: JSON = {"interaction": info}
        if message is not None:
            info["response_message_id"] = str(message.id)
            info["response_message_loading"] = message.loading
            info["response_message_ephemeral"] = message.ephemeral
            result["resource"] = {"type": rtype, "message": world.message_json(message)}
        return json_response(result)

    def _respond(
        self, handle: InteractionHandle, rtype: int, data: JSON, files: list[Attachment]
    ) -> Message | None:
        world = self.world
        on_component = handle.component_message_id is not None
        if rtype == PONG:
            raise _invalid_type(rtype, "PONG only answers a PING")
        if rtype == AUTOCOMPLETE_RESULT:
            raise _invalid_type(rtype, "autocomplete results only answer autocomplete")
        if rtype in (DEFERRED_UPDATE, UPDATE_MESSAGE) and not on_component:
            raise _invalid_type(rtype, "only a component interaction has a message to update")
        if rtype == MODAL and handle.type == MODAL_SUBMIT:
            raise _invalid_type(rtype, "a modal cannot answer a modal submit")
        if rtype == LAUNCH_ACTIVITY:
            # Commands, components and modal submits may launch the app's Activity; no data.
            world.activities.launch(handle.user, handle.channel)
            return None
        if rtype == MODAL:
            errors = vet_modal(data, world.limits)
            if errors:
                raise form_error(_prefixed(errors), detail=f"{handle.describe()} modal: {errors}")
            handle.modal = number_components(data)
            return None
        if rtype not in (CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE):
            raise _invalid_type(rtype, "unknown or unsupported response type")
        where = f"{handle.describe()} callback {rtype}"
        if rtype in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            target = world.messages[handle.component_message_id or 0]
            vet_message(world, data, files, target, where=where, nest="data")
            handle.original_id = target.id
            handle.edits_at_ack = target.edits
            if rtype == UPDATE_MESSAGE:
                world.edit(target, data, files)
                audit_message(world, target, files, where)
            return target if rtype == UPDATE_MESSAGE else None
        vet_message(world, data, files, where=where, nest="data")
        if rtype == CHANNEL_MESSAGE:
            refuse_empty(data, files)
        msg = self._new_response(handle, data, files)
        if rtype == DEFERRED_MESSAGE:
            # A "thinking" deferral keeps only its ephemerality; the real payload comes later.
            msg.flags = (msg.flags & EPHEMERAL) | LOADING
            msg.content, msg.embeds, msg.components = "", [], []
            msg.attachments = []
        handle.original_id = msg.id
        world.store(msg)
        if rtype == CHANNEL_MESSAGE:
            audit_message(world, msg, files, where)
        return msg

    def _new_response(
        self, handle: InteractionHandle, data: JSON, files: list[Attachment]
    ) -> Message:
        world = self.world
        msg = world.new_message(handle.channel, world.bot, data, files)
        msg.webhook_id = msg.application_id = world.application_id
        guild_id = str(handle.channel.guild_id)
        meta: JSON = {
            "id": str(handle.id),
            "type": handle.type,
            "user": handle.payload["member"]["user"],
            "authorizing_integration_owners": {"0": guild_id},
        }
        if handle.type == APPLICATION_COMMAND:
            msg.type = 20
            name = handle.payload["data"]["name"]
            meta |= {"name": name, "command_type": 1}
            msg.interaction_legacy = {
                "id": str(handle.id),
                "type": handle.type,
                "name": name,
                "user": handle.payload["member"]["user"],
            }
        elif handle.type == MESSAGE_COMPONENT and handle.component_message_id:
            meta["interacted_message_id"] = str(handle.component_message_id)
        msg.interaction_metadata = meta
        if msg.ephemeral:
            msg.visible_to = handle.user.id
            msg.tokens.add(handle.token)
        return msg

    # -- token webhooks -----------------------------------------------------------------------

    def _handle_for(self, request: web.Request) -> InteractionHandle:
        world = self.world
        if request.match_info["app_id"] != str(world.application_id):
            raise ApiError(404, 10015, "Unknown Webhook", violation="unknown_webhook")
        handle = world.tokens.get(request.match_info["token"])
        if handle is None:
            raise ApiError(401, 50027, "Invalid Webhook Token", violation="invalid_token")
        if not handle.token_alive():
            raise ApiError(
                401,
                50027,
                "Invalid Webhook Token",
                violation="token_expired",
                detail=f"{handle.describe()}: token used after {world.limits.token_lifetime:.0f} s",
            )
        if not handle.acknowledged:
            raise ApiError(
                404,
                10015,
                "Unknown Webhook",
                violation="webhook_before_ack",
                detail=f"{handle.describe()}: token used before the initial response",
            )
        return handle

    def _target(self, request: web.Request, handle: InteractionHandle) -> Message:
        raw = request.match_info["message_id"]
        if raw == "@original":
            msg = handle.message
            if msg is None:
                raise ApiError(404, 10008, "Unknown Message")
            return msg
        msg = self.world.messages.get(int(raw)) if raw.isdigit() else None
        if msg is None or msg.deleted or msg.webhook_id != self.world.application_id:
            raise ApiError(404, 10008, "Unknown Message")
        if msg.ephemeral and handle.token not in msg.tokens:
            raise ApiError(
                404,
                10008,
                "Unknown Message",
                violation="ephemeral_wrong_token",
                detail=f"ephemeral {msg.id} reached with the token of {handle.describe()}",
            )
        return msg

    async def followup(self, request: web.Request) -> web.Response:
        world = self.world
        handle = self._handle_for(request)
        data, files = await read_body(request, world.ids, world.limits)
        where = f"{handle.describe()} follow-up"
        original = handle.message
        replaces = (
            handle.response_type == DEFERRED_MESSAGE and original is not None and original.loading
        )
        vet_message(world, data, files, original if replaces else None, where=where)
        refuse_empty(data, files)
        if replaces:
            refuse_edit_upload(world, data, files, where)
        if replaces and original is not None:
            # Discord turns the first follow-up after a "thinking" deferral into the original,
            # for backwards compatibility only: its documentation calls that deprecated and
            # asks for Edit Original Interaction Response instead.
            world.violate(
                "followup_as_edit",
                f"{handle.describe()}: a follow-up answered the deferred original "
                "(deprecated: edit @original instead)",
                "POST /webhooks/{app_id}/{token}",
            )
            msg = world.edit(original, data, files)
        else:
            msg = self._new_response(handle, data, files)
            handle.followup_ids.append(msg.id)
            world.store(msg)
        audit_message(world, msg, files, where)
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(world.message_json(msg))
        return no_content()

    async def get_message(self, request: web.Request) -> web.Response:
        handle = self._handle_for(request)
        return json_response(self.world.message_json(self._target(request, handle)))

    async def edit_message(self, request: web.Request) -> web.Response:
        world = self.world
        handle = self._handle_for(request)
        msg = self._target(request, handle)
        data, files = await read_body(request, world.ids, world.limits)
        where = f"{handle.describe()} edit"
        vet_message(world, data, files, msg, where=where)
        refuse_edit_upload(world, data, files, where)
        world.edit(msg, data, files)
        audit_message(world, msg, files, where)
        return json_response(world.message_json(msg))

    async def delete_message(self, request: web.Request) -> web.Response:
        handle = self._handle_for(request)
        self.world.delete(self._target(request, handle))
        return no_content()
