"""Settings from the environment or `.env` (pydantic-settings)."""

from __future__ import annotations

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


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
    log_level: str = Field("INFO", description="Tapis' log level; discord.* never goes below INFO.")
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
    public_edits_per_second: float = Field(
        40.0,
        gt=0,
        description="Table message redraws per second, all tables together (Discord: 50/s).",
    )
    # Test-only: point discord.py at the emulator (a running Discord lookalike on loopback).
    tapis_discord_api_base: str | None = Field(None, description="Override Discord's REST base.")
    tapis_discord_gateway: str | None = Field(None, description="Override Discord's gateway URL.")

    def token(self) -> str | None:
        if self.discord_token is None:
            return None
        value = self.discord_token.get_secret_value().strip()
        return value or None
