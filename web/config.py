"""The web companion's settings, from the environment or the same `.env` as the bot, and
what the bot's settings (bot/app/settings.py) share with them: the log level's values and the
one line a settings error becomes (`settings_problem`)."""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import urlsplit

from pydantic import AfterValidator, Field, SecretStr, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from db import DEFAULT_URL

MIN_SECRET_LENGTH = 32
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
SECRETS = ("DISCORD_TOKEN", "WEB_SECRET")  # never repeated in an error


def _log_level(value: str) -> str:
    level = value.strip().upper()
    if level not in LOG_LEVELS:
        raise ValueError(f"it must be one of {', '.join(LOG_LEVELS)}, not {value!r}")
    return level


LogLevel = Annotated[str, AfterValidator(_log_level)]
"""LOG_LEVEL: one of LOG_LEVELS whatever its case, given in capitals."""

# What a setting takes, by pydantic's error type (the others keep pydantic's own words).
EXPECTED = {
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "int_type": "a whole number",
    "float_parsing": "a number",
    "float_type": "a number",
    "bool_parsing": "true or false",
    "bool_type": "true or false",
    "greater_than_equal": "at least {ge}",
    "greater_than": "more than {gt}",
    "less_than_equal": "at most {le}",
    "less_than": "less than {lt}",
}


def settings_problem(exc: ValidationError) -> str:
    """A settings error as one line that names the setting and says what it takes, e.g.
    `bad setting AI_DELAY: it must be a number, not 'abc'` (a secret is never repeated)."""
    errors = exc.errors()
    first = errors[0]
    text = f"bad setting {_name(first)}: {_reason(first)}"
    others = sorted({_name(e) for e in errors[1:]} - {_name(first)})
    if others:
        text += f" (also wrong: {', '.join(others)})"
    return text


def _name(error: Any) -> str:
    return ".".join(str(part) for part in error["loc"]).upper() or "?"


def _reason(error: Any) -> str:
    context = error.get("ctx") or {}
    if error["type"] == "value_error":
        return str(context.get("error", error["msg"]))
    expected = EXPECTED.get(error["type"])
    if expected is None:
        return str(error["msg"])
    given = "the value given" if _name(error) in SECRETS else repr(error.get("input"))
    return f"it must be {expected.format(**context)}, not {given}"


class WebSettings(BaseSettings):
    # An empty value (`WEB_HOST=` in .env) means "not set", as for the bot.
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

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
    log_level: LogLevel = Field("INFO", description="Log level (DEBUG, INFO, WARNING...).")
    activity_bots: str | None = Field(
        None,
        description="The bot processes' internal Activity endpoints (their ACTIVITY_HOST and "
        "ACTIVITY_PORT), comma-separated, e.g. http://127.0.0.1:8090; unset: no Activity.",
    )

    def bot_urls(self) -> tuple[str, ...]:
        """ACTIVITY_BOTS as a list of addresses without a trailing slash."""
        parts = (self.activity_bots or "").split(",")
        return tuple(p.strip().rstrip("/") for p in parts if p.strip())

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
        for url in self.bot_urls():
            parts = urlsplit(url)
            if parts.scheme not in ("http", "https") or not parts.netloc:
                return (
                    "ACTIVITY_BOTS must list the bot processes' Activity addresses, "
                    f"e.g. http://127.0.0.1:8090, not {url!r}"
                )
        return None
