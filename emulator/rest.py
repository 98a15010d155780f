"""Bot-token REST routes: identity, gateway discovery, application commands, guilds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aiohttp import web

from . import payloads
from .activities import user_of_token
from .commands import command_json, context_problems, validate_definition
from .model import Command
from .responses import (
    ApiError,
    form_error,
    json_response,
    no_content,
    read_body,
    require_bot,
    snowflake,
)
from .world import World

JSON = dict[str, Any]
ENTRY_POINT = 4  # the Activity's command in the App Launcher, made by the Developer Portal


class RestRoutes:
    def __init__(
        self,
        world: World,
        gateway_url: Callable[[], str],
        recommended_shards: Callable[[], int] = lambda: 1,
    ) -> None:
        self.world = world
        self._gateway_url = gateway_url
        self._recommended_shards = recommended_shards

    def register(self, app: web.Application, prefix: str) -> None:
        r = app.router
        p = prefix
        r.add_get(p + "/users/@me", self.me)
        r.add_get(p + "/users/{user_id}", self.get_user)
        r.add_get(p + "/oauth2/applications/@me", self.application)
        r.add_get(p + "/applications/@me", self.application)
        r.add_get(p + "/gateway", self.gateway)
        r.add_get(p + "/gateway/bot", self.gateway)
        for base in ("/applications/{app_id}", "/applications/{app_id}/guilds/{guild_id}"):
            r.add_get(p + base + "/commands", self.list_commands)
            r.add_put(p + base + "/commands", self.overwrite_commands)
            r.add_post(p + base + "/commands", self.upsert_command)
            r.add_get(p + base + "/commands/{command_id}", self.get_command)
            r.add_delete(p + base + "/commands/{command_id}", self.delete_command)
        r.add_get(p + "/guilds/{guild_id}", self.get_guild)
        r.add_get(p + "/guilds/{guild_id}/channels", self.guild_channels)
        r.add_get(p + "/guilds/{guild_id}/members/{user_id}", self.get_member)

    # -- helpers ------------------------------------------------------------------------------

    def _guild_id(self, request: web.Request) -> int | None:
        if "guild_id" not in request.match_info:
            return None
        guild_id = snowflake(request, "guild_id")
        if guild_id not in self.world.guilds:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild_id

    def _commands(self, request: web.Request) -> tuple[int | None, dict[str, Command]]:
        require_bot(request)
        if request.match_info["app_id"] != str(self.world.application_id):
            raise ApiError(404, 10002, "Unknown Application")
        guild = request.match_info.get("guild_id")
        if guild is not None and snowflake(request, "guild_id") not in self.world.guilds:
            # As Discord answers a server the bot is not in, whether or not it exists.
            raise ApiError(403, 50001, "Missing Access")
        guild_id = self._guild_id(request)
        if guild_id is None:
            return None, self.world.global_commands
        return guild_id, self.world.guild_commands.setdefault(guild_id, {})

    # -- identity and gateway -----------------------------------------------------------------

    async def me(self, request: web.Request) -> web.Response:
        world = self.world
        user = user_of_token(world, request.headers.get("Authorization", ""))
        if user is not None:  # a user's OAuth2 token (an Activity's page)
            return json_response(user)
        require_bot(request)
        return json_response(payloads.user(world.bot) | {"verified": True, "mfa_enabled": False})

    async def get_user(self, request: web.Request) -> web.Response:
        require_bot(request)
        user = self.world.users.get(snowflake(request, "user_id"))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return json_response(payloads.user(user))

    async def application(self, request: web.Request) -> web.Response:
        require_bot(request)
        world = self.world
        return json_response(
            {
                "id": str(world.application_id),
                "name": world.bot.display_name,
                "icon": None,
                "description": "",
                "summary": "",
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "bot": payloads.user(world.bot),
                "owner": payloads.user(world.owner),
                "team": None,
                "verify_key": "0" * 64,
                "flags": 0,
                "tags": [],
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "approximate_guild_count": len(world.guilds),
            }
        )

    async def gateway(self, request: web.Request) -> web.Response:
        data: JSON = {"url": self._gateway_url()}
        if request.path.endswith("/bot"):
            require_bot(request)
            limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
            data |= {"shards": self._recommended_shards(), "session_start_limit": limit}
        return json_response(data)

    # -- application commands -----------------------------------------------------------------

    def _store_command(
        self, guild_id: int | None, table: dict[str, Command], item: JSON
    ) -> Command:
        kind = int(item.get("type", 1))
        old = table.get(item["name"])
        cmd_id = old.id if old is not None and old.type == kind else self.world.ids.next()
        cmd = Command(cmd_id, item["name"], kind, guild_id, dict(item), self.world.ids.next())
        table[cmd.name] = cmd
        return cmd

    def _audit(self, request: web.Request, item: JSON) -> None:
        """Accepted as Discord accepts them, but recorded: deprecated command fields."""
        for problem in context_problems(item):
            self.world.violate("command_contexts", problem, f"{request.method} {request.path}")

    async def list_commands(self, request: web.Request) -> web.Response:
        _, table = self._commands(request)
        return json_response([command_json(self.world, c) for c in table.values()])

    async def overwrite_commands(self, request: web.Request) -> web.Response:
        guild_id, table = self._commands(request)
        body, _ = await read_body(request, self.world.ids)
        items: list[JSON] = body.get("_list", [])
        errors: JSON = {}
        names: set[tuple[str, int]] = set()
        for i, item in enumerate(items):
            problem = validate_definition(item)
            key = (str(item.get("name")), int(item.get("type", 1)))
            if key in names:
                problem = {
                    "name": {
                        "_errors": [
                            {
                                "code": "APPLICATION_COMMANDS_DUPLICATE_NAME",
                                "message": f"Duplicate name {key[0]!r}",
                            }
                        ]
                    }
                }
            names.add(key)
            if problem:
                errors[str(i)] = problem
        if errors:
            raise form_error(errors, violation="invalid_command")
        kept = {(str(i.get("name")), int(i.get("type", 1))) for i in items}
        if any(c.type == ENTRY_POINT and (c.name, c.type) not in kept for c in table.values()):
            raise ApiError(
                400,
                50240,
                "You cannot remove this app's Entry Point command in a bulk update operation.",
                violation="entry_point_removed",
            )
        for item in items:
            self._audit(request, item)
        old = dict(table)
        table.clear()
        for item in items:
            if item["name"] in old:
                table[item["name"]] = old[item["name"]]
            self._store_command(guild_id, table, item)
        self.world.touch()
        return json_response([command_json(self.world, c) for c in table.values()])

    async def upsert_command(self, request: web.Request) -> web.Response:
        guild_id, table = self._commands(request)
        item, _ = await read_body(request, self.world.ids)
        problem = validate_definition(item)
        if problem:
            raise form_error(problem, violation="invalid_command")
        self._audit(request, item)
        existed = item.get("name") in table
        cmd = self._store_command(guild_id, table, item)
        self.world.touch()
        return json_response(command_json(self.world, cmd), status=200 if existed else 201)

    def _command(self, request: web.Request, table: dict[str, Command]) -> Command:
        cmd_id = snowflake(request, "command_id")
        for cmd in table.values():
            if cmd.id == cmd_id:
                return cmd
        raise ApiError(404, 10063, "Unknown application command")

    async def get_command(self, request: web.Request) -> web.Response:
        _, table = self._commands(request)
        return json_response(command_json(self.world, self._command(request, table)))

    async def delete_command(self, request: web.Request) -> web.Response:
        _, table = self._commands(request)
        table.pop(self._command(request, table).name)
        return no_content()

    # -- guilds -------------------------------------------------------------------------------

    async def get_guild(self, request: web.Request) -> web.Response:
        require_bot(request)
        guild = self.world.guilds[self._guild_id(request) or 0]
        data = self.world.guild_payload(guild, False)
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key, None)
        return json_response(data)

    async def guild_channels(self, request: web.Request) -> web.Response:
        require_bot(request)
        guild = self.world.guilds[self._guild_id(request) or 0]
        chans = [self.world.channels[c] for c in guild.channel_ids]
        return json_response([payloads.channel(c) for c in chans if not c.is_thread])

    async def get_member(self, request: web.Request) -> web.Response:
        require_bot(request)
        guild_id = self._guild_id(request) or 0
        member = self.world.member(guild_id, snowflake(request, "user_id"))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return json_response(payloads.member(member))
