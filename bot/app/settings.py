"""Settings from the environment or `.env` (pydantic-settings)."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from web.config import MIN_SECRET_LENGTH, LogLevel

from .shards import Shards, parse_ids


class Settings(BaseSettings):
    # An empty value (`DEV_GUILD_ID=` as in .env.example) means "not set", for every setting.
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: SecretStr | None = Field(None, description="The bot token (required to run).")
    database_url: str = Field(
        "sqlite+aiosqlite:///data/tapis.db",
        description="SQLAlchemy async URL: SQLite (default) or postgresql+asyncpg://…",
    )
    dev_guild_id: int | None = Field(
        None, description="A guild to sync commands to instantly while developing."
    )
    log_level: LogLevel = Field(
        "INFO", description="Tapis' log level; discord.* never goes below INFO."
    )
    min_rated_matches: int = Field(
        3, description="Matches a player needs before the leaderboard ranks them by rating."
    )
    ai_delay: float = Field(
        0.6, description="Seconds an AI waits before playing, so people can follow the table."
    )
    ai_workers: int = Field(
        0,
        ge=0,
        description="Worker processes for the 'fort' AI's searches (0: one less than the cores).",
    )
    review_workers: int = Field(
        1,
        ge=0,
        le=1,
        description="The worker process that computes the reviews of finished matches "
        "(Analyse), at idle priority, behind the AI (0: this process computes none; they "
        "stay pending for one that does).",
    )
    picture_workers: int = Field(
        1,
        ge=0,
        description="Worker processes that draw table pictures and hand refreshes at idle "
        "priority, beside one for the hands clicks wait for (0: all in a thread of the bot).",
    )
    hand_picture_niceness: int = Field(
        10,
        ge=-1,
        le=19,
        description="How much lower than the bot's the CPU priority of the process drawing "
        "the hands clicks wait for is (-1: idle priority, for a machine running more bot "
        "processes than it has cores).",
    )
    table_pictures_per_second: float = Field(
        40.0,
        gt=0,
        description="Table pictures drawn per second for all tables of this process (a "
        "few ms of CPU each); the words of a table message do not wait for its picture.",
    )
    card_emojis: bool = Field(
        True,
        description="Upload the card faces as application emojis at start and show them "
        "on buttons and in text (false: text faces only).",
    )
    public_edits_per_second: float = Field(
        40.0,
        gt=0,
        description="Bot-token requests (table redraws without a token, pings, new tables' "
        "threads and messages) per second for the whole bot (Discord: 50/s); each process "
        "takes its shards' share.",
    )
    shard_count: int = Field(
        1,
        ge=0,
        description="Shards of the whole bot (0: the count Discord recommends, all here).",
    )
    shard_ids: Annotated[tuple[int, ...], NoDecode] = Field(
        (),
        description="The shards this process runs, e.g. 0,1 or 0-3 (empty: all of them).",
    )
    shard_claim_wait: float = Field(
        10.0,
        ge=0,
        description="Seconds a process waits for another process to free one of its shards "
        "before refusing to start.",
    )
    heartbeat_file: str = Field(
        "",
        description="A file touched every 10 s while the gateway is connected, for a "
        "container health check (`python -m bot.health`); empty: none.",
    )
    web_base_url: str | None = Field(
        None,
        description="Public address of the web companion (web/config.py), e.g. "
        "https://tapis.example.org; without it the bot shows no web links.",
    )
    web_secret: SecretStr | None = Field(
        None,
        description="The web companion's WEB_SECRET, which signs its links; without it the "
        "bot shows no web links.",
    )
    activity_port: int | None = Field(
        None,
        ge=0,
        le=65535,
        description="This bot process's internal Activity endpoint (the live table inside "
        "Discord), which the web companion relays to; unset: no Activity and no « Ouvrir "
        "la table » button.",
    )
    activity_host: str = Field(
        "127.0.0.1", description="The Activity endpoint's interface (keep it private)."
    )
    discord_client_secret: SecretStr | None = Field(
        None,
        description="The application's OAuth2 client secret, which the Activity exchanges "
        "its users' codes with (required with ACTIVITY_PORT).",
    )
    # Test-only: point discord.py at the emulator (a running Discord lookalike on loopback).
    tapis_discord_api_base: str | None = Field(None, description="Override Discord's REST base.")
    tapis_discord_gateway: str | None = Field(None, description="Override Discord's gateway URL.")

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _ids(cls, value: object) -> object:
        return parse_ids(value) if isinstance(value, str) else value

    def sharding_problem(self) -> str | None:
        """Why these shard settings cannot run, in one line; None when they can."""
        ids = self.shard_ids
        if self.shard_count == 0:
            if ids:
                return "SHARD_IDS needs an explicit SHARD_COUNT (0 lets Discord choose the count)."
            return None
        if any(i >= self.shard_count for i in ids):
            return f"SHARD_IDS {list(ids)} must be below SHARD_COUNT={self.shard_count}."
        shards = Shards.of(self.shard_count, ids)
        if shards.partial and self.database_url.startswith("sqlite"):
            return (
                f"SHARD_IDS runs {shards.describe()}: the other shards need other processes, "
                "which must share a PostgreSQL database (DATABASE_URL=postgresql+asyncpg://…), "
                "not a SQLite file."
            )
        return None

    def shards(self, count: int | None = None) -> Shards:
        """This process's shards; `count` is Discord's recommendation when SHARD_COUNT is 0."""
        total = self.shard_count or count
        if not total:
            raise ValueError("the shard count is not known yet")
        return Shards.of(total, self.shard_ids)

    def web_links(self) -> tuple[str, str] | None:
        """(WEB_BASE_URL, WEB_SECRET) when both are set and the web would accept them; else
        None: no web links (`web_problem` says why, when something is set but unusable)."""
        base = (self.web_base_url or "").strip()
        secret = "" if self.web_secret is None else self.web_secret.get_secret_value().strip()
        if not base or not secret or self.web_problem() is not None:
            return None
        return base, secret

    def web_problem(self) -> str | None:
        """Why the web settings give no links although one of them is set; None when they
        give links or when neither is set (links off, by choice). The web's own rules
        (web.config), so the bot never hands out a link the web would not serve."""
        base = (self.web_base_url or "").strip()
        secret = "" if self.web_secret is None else self.web_secret.get_secret_value().strip()
        if not base and not secret:
            return None
        if not base or not secret:
            missing = "WEB_BASE_URL" if not base else "WEB_SECRET"
            return f"{missing} is not set: no web links"
        parts = urlsplit(base)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            return f"WEB_BASE_URL must be an http(s) address, not {base!r}: no web links"
        if len(secret) < MIN_SECRET_LENGTH:
            return f"WEB_SECRET is shorter than {MIN_SECRET_LENGTH} characters: no web links"
        return None

    def activity_problem(self) -> str | None:
        """Why the Activity settings cannot run, in one sentence; None when they can."""
        if self.activity_port is not None and self.client_secret() is None:
            return (
                "ACTIVITY_PORT is set but DISCORD_CLIENT_SECRET is not: copy the client "
                "secret from the Developer Portal (your application, then OAuth2) into .env."
            )
        return None

    def client_secret(self) -> str | None:
        if self.discord_client_secret is None:
            return None
        return self.discord_client_secret.get_secret_value().strip() or None

    def token(self) -> str | None:
        if self.discord_token is None:
            return None
        value = self.discord_token.get_secret_value().strip()
        return value or None
