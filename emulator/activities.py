"""The Activity side of Discord: instances launched in a channel, the OAuth2 code exchange,
`users/@me` with a user's token, and the activity-instances route the bot checks them with.

A `LAUNCH_ACTIVITY` answer (interaction callback type 12) launches the application's
Activity in the interaction's channel, or adds the user to the instance running there. A
test then plays the Discord client's part: `authorize(user, instance)` is the code the
client would give the page (`commands.authorize`), which the application exchanges with its
client secret for an access token of that user. Codes are single-use; a token names one
user, and an instance lists only the users who launched or joined it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import payloads
from .model import Channel, User
from .responses import ApiError, json_response, require_bot, snowflake

if TYPE_CHECKING:
    from .world import World

JSON = dict[str, Any]
LAUNCH_ACTIVITY = 12


@dataclass
class Instance:
    """One running Activity: where it runs and who is in it."""

    id: str
    channel: Channel
    users: list[int] = field(default_factory=list)

    def payload(self, application_id: int) -> JSON:
        location: JSON = {
            "id": f"gc-{self.channel.guild_id}-{self.channel.id}",
            "kind": "gc",
            "channel_id": str(self.channel.id),
        }
        if self.channel.guild_id is not None:
            location["guild_id"] = str(self.channel.guild_id)
        return {
            "application_id": str(application_id),
            "instance_id": self.id,
            "launch_id": self.id.rsplit("-", 1)[-1],
            "location": location,
            "users": [str(u) for u in self.users],
        }


@dataclass
class Activities:
    """The emulated Activity state: instances, pending codes and access tokens."""

    client_secret: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    instances: dict[str, Instance] = field(default_factory=dict)
    codes: dict[str, int] = field(default_factory=dict)  # one-use code → user id
    tokens: dict[str, int] = field(default_factory=dict)  # access token → user id
    launches: int = 0

    def launch(self, user: User, channel: Channel) -> Instance:
        """The channel's instance, with `user` in it (launched if none runs there)."""
        for instance in self.instances.values():
            if instance.channel.id == channel.id:
                break
        else:
            self.launches += 1
            instance = Instance(f"i-{channel.id}-{self.launches}", channel)
            self.instances[instance.id] = instance
        if user.id not in instance.users:
            instance.users.append(user.id)
        return instance

    def authorize(self, user: User) -> str:
        """The code the Discord client hands the page after the user authorized the app."""
        code = secrets.token_urlsafe(16)
        self.codes[code] = user.id
        return code


class ActivityRoutes:
    def __init__(self, world: World) -> None:
        self.world = world

    def register(self, app: web.Application, prefix: str) -> None:
        r = app.router
        r.add_post(prefix + "/oauth2/token", self.token)
        path = "/applications/{app_id}/activity-instances/{instance_id}"
        r.add_get(prefix + path, self.instance)

    async def token(self, request: web.Request) -> web.Response:
        """The authorization-code grant, as a form body with the client's credentials."""
        world = self.world
        form = await request.post()
        if form.get("grant_type") != "authorization_code":
            return _oauth_error("unsupported_grant_type")
        good_client = form.get("client_id") == str(world.application_id)
        if not good_client or form.get("client_secret") != world.activities.client_secret:
            return _oauth_error("invalid_client", status=401)
        user_id = world.activities.codes.pop(str(form.get("code", "")), None)
        if user_id is None:
            return _oauth_error("invalid_grant")
        token = secrets.token_urlsafe(24)
        world.activities.tokens[token] = user_id
        body = {
            "access_token": token,
            "token_type": "Bearer",
            "expires_in": 604800,
            "refresh_token": secrets.token_urlsafe(24),
            "scope": "identify",
        }
        return json_response(body)

    async def instance(self, request: web.Request) -> web.Response:
        require_bot(request)
        world = self.world
        if snowflake(request, "app_id") != world.application_id:
            raise ApiError(404, 10002, "Unknown Application")
        instance = world.activities.instances.get(request.match_info["instance_id"])
        if instance is None:
            raise ApiError(404, 10082, "Unknown Activity Instance")
        return json_response(instance.payload(world.application_id))


def user_of_token(world: World, authorization: str) -> JSON | None:
    """`GET /users/@me` with a user's `Bearer` token: that user; None for another scheme."""
    scheme, _, token = authorization.partition(" ")
    if scheme != "Bearer":
        return None
    user_id = world.activities.tokens.get(token)
    if user_id is None or user_id not in world.users:
        raise ApiError(401, 0, "401: Unauthorized")
    user = world.users[user_id]
    return payloads.user(user) | {"locale": user.locale}


def _oauth_error(error: str, status: int = 400) -> web.Response:
    return json_response({"error": error}, status=status)
