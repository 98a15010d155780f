"""Links to the web companion's pages, signed the way the web checks them (`web.links`).

Only when WEB_BASE_URL and WEB_SECRET are both set (bot.app.settings): otherwise the bot shows no
web link at all. `web.links` is pure (hmac, no FastAPI), so importing it keeps the web stack
out of the bot's process.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlencode

import discord

from web import links

from ..app.settings import Settings
from ..i18n.translate import tr


@dataclass(frozen=True, slots=True)
class WebLinks:
    base_url: str
    secret: str

    @classmethod
    def of(cls, settings: Settings) -> WebLinks | None:
        found = settings.web_links()
        return None if found is None else cls(*found)

    def leaderboard(
        self, guild_id: int, lang: str, *, game: str | None = None, season: int | None = None
    ) -> str:
        """The server's leaderboard page, for this game and season when given."""
        query = {k: v for k, v in (("game", game), ("season", season)) if v is not None}
        return self._link(guild_id, "", lang, query)

    def match(
        self,
        guild_id: int,
        match_id: int,
        lang: str,
        *,
        step: int | None = None,
        review: int | None = None,
    ) -> str:
        """A finished match's replay page, at `step` when given; with `review`, marking
        that seat's reviewed decisions (a link for that seat's player only)."""
        query: dict[str, object] = {} if step is None else {"step": step}
        if review is not None:
            query["review"] = review
            query["rt"] = links.review_token(guild_id, match_id, review, self.secret)
        return self._link(guild_id, f"match/{match_id}", lang, query)

    def settled(self, guild_id: int, table_id: int, lang: str, *, step: int | None = None) -> str:
        """The replay page of a concours table settled when its round closed."""
        query: dict[str, object] = {} if step is None else {"step": step}
        return self._link(guild_id, f"table/{table_id}", lang, query)

    def concours(self, guild_id: int, concours_id: int, lang: str) -> str:
        """A concours page: its standings, rounds and tables."""
        return self._link(guild_id, f"concours/{concours_id}", lang, {})

    def _link(self, guild_id: int, path: str, lang: str, query: Mapping[str, object]) -> str:
        url = links.link(self.base_url, guild_id, self.secret, path=path, lang=lang)
        return f"{url}&{urlencode(query)}" if query else url


def web_button(
    url: str, lang: str, *, row: int | None = None
) -> discord.ui.Button[discord.ui.View]:
    """The "Voir sur le web" link button (a link button has no custom_id: nothing to route)."""
    return discord.ui.Button(label=tr("btn.web", lang), url=url, emoji="🌐", row=row)
