"""Tapis' web companion: a server's leaderboards, player pages and match replays.

A separate, read-only process on the bot's database (`python -m web`, FastAPI + Jinja2 on
uvicorn; the app is `web.app.create_app`). A server's pages are reached only through links
the bot signs with `web.links.link`; this package's `__init__` imports nothing, so the bot
can import `web.links` without pulling in the web stack.
"""
