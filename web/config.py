"""The web companion's settings, from the environment or the same `.env` as the bot."""

from __future__ import annotations

from urllib.parse import urlsplit

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from db import DEFAULT_URL

MIN_SECRET_LENGTH = 32


class WebSettings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    web_base_url: str | None = Field(
        None, description="Public address of the web companion, e.g. https://tapis.example.org"
    )
    web_secret: SecretStr | None = Field(
        None, description="Key that signs the links the bot hands out (32+ characters)."
    )
    database_url: str = Field(DEFAULT_URL, description="The bot's database (read only here).")
    min_rated_matches: int = Field(
        3, ge=0, description="Matches before a player is ranked by rating (same as the bot)."
    )
    web_host: str = Field("127.0.0.1", description="Interface uvicorn listens on.")
    web_port: int = Field(8080, ge=1, le=65535, description="Port uvicorn listens on.")
    log_level: str = Field("INFO", description="Log level.")

    def secret(self) -> str:
        return "" if self.web_secret is None else self.web_secret.get_secret_value().strip()

    def problem(self) -> str | None:
        """Why the web cannot start with these settings, in one line; None if it can."""
        base = (self.web_base_url or "").strip()
        if not base:
            return "WEB_BASE_URL is not set: the public address of the web pages (see .env.example)"
        parts = urlsplit(base)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            return (
                f"WEB_BASE_URL must be an http(s) address (https://tapis.example.org), not {base!r}"
            )
        secret = self.secret()
        if not secret:
            return (
                "WEB_SECRET is not set: put a long random key in .env, e.g. the output of "
                "python -c 'import secrets; print(secrets.token_urlsafe(32))'"
            )
        if len(secret) < MIN_SECRET_LENGTH:
            return f"WEB_SECRET is too short: use at least {MIN_SECRET_LENGTH} random characters"
        return None
