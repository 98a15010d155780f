"""A tiny discord.py bot (not Tapis) whose commands each exercise one emulator feature."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
from discord import app_commands


class JoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"t:(?P<table>\d+):join"):
    """A restart-proof button: everything it needs is parsed back out of the custom_id."""

    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(label="Join", custom_id=f"t:{table}:join"))
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> JoinButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(
            content=f"{interaction.user.name} joined table {self.table}", view=None
        )


class AskModal(discord.ui.Modal, title="Question"):
    answer: discord.ui.TextInput[AskModal] = discord.ui.TextInput(
        label="Answer", custom_id="answer"
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"answer {self.answer.value}")


class ModalSelect(discord.ui.Select["PrefsModal"]):
    """discord.py writes `disabled: false` on every select; Discord refuses `disabled` in a
    modal, whatever its value."""

    def to_component_dict(self) -> Any:
        payload = dict(super().to_component_dict())
        payload.pop("disabled", None)
        return payload


class PrefsModal(discord.ui.Modal, title="Preferences"):
    """Every labelled input of discord.py 2.7: what the submit carries comes back as text."""

    def __init__(self) -> None:
        super().__init__(custom_id="prefs")
        self.size: discord.ui.Select[PrefsModal] = ModalSelect(
            custom_id="size",
            options=[
                discord.SelectOption(label=s, value=s, default=s == "m") for s in ("s", "m", "l")
            ],
        )
        self.colour: discord.ui.RadioGroup[PrefsModal] = discord.ui.RadioGroup(
            custom_id="colour",
            options=[discord.RadioGroupOption(label=c, value=c) for c in ("red", "blue")],
        )
        self.extras: discord.ui.CheckboxGroup[PrefsModal] = discord.ui.CheckboxGroup(
            custom_id="extras",
            options=[discord.CheckboxGroupOption(label=x, value=x) for x in ("ice", "milk")],
            min_values=0,
            max_values=2,
            required=False,
        )
        self.agree: discord.ui.Checkbox[PrefsModal] = discord.ui.Checkbox(custom_id="agree")
        self.note: discord.ui.TextInput[PrefsModal] = discord.ui.TextInput(
            custom_id="note", default="hello", max_length=10
        )
        for text, item in (
            ("Size", self.size),
            ("Colour", self.colour),
            ("Extras", self.extras),
            ("Agree", self.agree),
            ("Note", self.note),
        ):
            self.add_item(discord.ui.Label(text=text, component=item))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        text = (
            f"size={self.size.values} colour={self.colour.value} extras={self.extras.values} "
            f"agree={self.agree.value} note={self.note.value}"
        )
        await interaction.response.send_message(text)


class LetterSelect(discord.ui.Select[discord.ui.View]):
    def __init__(self) -> None:
        options = [discord.SelectOption(label=c.upper(), value=c) for c in "abc"]
        super().__init__(custom_id="letters", placeholder="Letters", max_values=2, options=options)

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"picked {','.join(self.values)}", ephemeral=True)


# Two 1x1 PNG pictures (red, then blue): a table picture and its redrawn version.
RED_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c63"
    "f8cfc0000003010100c9fe92ef0000000049454e44ae426082"
)
BLUE_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c63"
    "6060f80f00010301000889c2ec0000000049454e44ae426082"
)


class TableLayout(discord.ui.LayoutView):
    """A Components V2 table: a container with text, the table picture and a card button."""

    def __init__(self, picture: discord.File, turn: str, emoji: discord.Emoji | None) -> None:
        super().__init__(timeout=None)
        button: discord.ui.Button[TableLayout] = discord.ui.Button(
            label="Play", custom_id="play", emoji=emoji
        )
        button.callback = self.play  # type: ignore[method-assign]
        self.add_item(
            discord.ui.Container(
                discord.ui.TextDisplay(f"## Table 1\n{turn}"),
                discord.ui.MediaGallery(
                    discord.MediaGalleryItem(picture, description="The felt, seen from above")
                ),
                discord.ui.ActionRow(button),
                accent_colour=0x2E7D32,
            )
        )

    async def play(self, interaction: discord.Interaction) -> None:
        redrawn = discord.File(io.BytesIO(BLUE_PNG), "table.png")
        await interaction.response.edit_message(
            view=TableLayout(redrawn, "Bob played", None), attachments=[redrawn]
        )


class MiniBot(discord.Client):
    """Each command exercises one emulator feature; outcomes land in `results` for asserts."""

    def __init__(self, *, intents: discord.Intents | None = None) -> None:
        super().__init__(intents=intents or discord.Intents.default(), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)
        self.results: dict[str, Any] = {}
        # `late` answers only once the test opens this: the test decides what is too late.
        self.late_gate = asyncio.Event()
        self.last: discord.Interaction | None = None
        self.resumed = 0
        self._add_commands()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton)
        await self.tree.sync()

    async def on_resumed(self) -> None:
        self.resumed += 1

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py sleeps 5 s before a re-IDENTIFY (Discord's identify limit); skip it here."""

    def _add_commands(self) -> None:
        tree, results = self.tree, self.results

        @tree.command(description="Open a table")
        @app_commands.choices(
            game=[app_commands.Choice(name=g, value=g) for g in ("manille", "bonanza")]
        )
        async def table(interaction: discord.Interaction, game: str, seats: int = 4) -> None:
            view = discord.ui.View(timeout=None)
            view.add_item(JoinButton(1))
            await interaction.response.send_message(
                f"Table {game} ({seats}) {interaction.locale.value}", view=view, ephemeral=True
            )

        @tree.command(description="Echo publicly")
        async def echo(interaction: discord.Interaction, text: str) -> None:
            self.last = interaction
            await interaction.response.send_message(text)

        @tree.command(description="Defer, edit, follow up")
        async def slow(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            results["loading"] = (await interaction.original_response()).flags.loading
            await interaction.edit_original_response(content="done")
            await interaction.followup.send("extra", ephemeral=True)

        @tree.command(description="Answer too late")
        async def late(interaction: discord.Interaction) -> None:
            await self.late_gate.wait()
            try:
                await interaction.response.send_message("too late")
            except discord.NotFound as exc:
                results["late"] = exc

        @tree.command(description="Post then edit quickly")
        async def spam(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("spamming", ephemeral=True)
            assert isinstance(interaction.channel, discord.TextChannel)
            msg = await interaction.channel.send("0")
            for i in range(1, 6):
                msg = await msg.edit(content=str(i))
            results["spam"] = msg.content

        @tree.command(description="A button with an over-long custom_id")
        async def badid(interaction: discord.Interaction) -> None:
            view = discord.ui.View()
            view.add_item(discord.ui.Button(label="x", custom_id="x" * 101))
            try:
                await interaction.response.send_message("bad", view=view)
            except discord.HTTPException as exc:
                results["badid"] = exc
                await interaction.response.send_message("fallback", ephemeral=True)

        @tree.command(description="Open a thread when allowed")
        async def thread(interaction: discord.Interaction) -> None:
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            results["can_thread"] = interaction.app_permissions.create_public_threads
            try:
                made = await channel.create_thread(
                    name="Table 1", type=discord.ChannelType.public_thread
                )
            except discord.Forbidden as exc:
                results["thread"] = exc
                await interaction.response.send_message("no thread here", ephemeral=True)
                return
            await made.send("welcome")
            results["thread"] = made
            await interaction.response.send_message(f"see {made.mention}", ephemeral=True)

        @tree.command(description="Pick letters")
        async def pick(interaction: discord.Interaction) -> None:
            view = discord.ui.View()
            view.add_item(LetterSelect())
            await interaction.response.send_message("choose", view=view)

        @tree.command(description="Ask through a modal")
        async def ask(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(AskModal())

        @tree.command(description="Preferences through a modal of labelled inputs")
        async def prefs(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(PrefsModal())

        @tree.command(description="Send a file")
        async def file(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(
                "here", file=discord.File(io.BytesIO(b"abc"), "a.txt")
            )

        @tree.command(description="A Components V2 table with a picture")
        async def layout(interaction: discord.Interaction) -> None:
            emojis = results.get("emojis", {})
            picture = discord.File(io.BytesIO(RED_PNG), "table.png")
            view = TableLayout(picture, "Alice to play", emojis.get("card_as"))
            await interaction.response.send_message(view=view, file=picture)

        @tree.command(description="Upload the card emojis that are missing")
        async def emojis(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            have = {e.name: e for e in await self.fetch_application_emojis()}
            made = 0
            for name in ("card_as", "card_back"):
                if name not in have:
                    try:
                        have[name] = await self.create_application_emoji(name=name, image=RED_PNG)
                        made += 1
                    except discord.HTTPException as exc:
                        results["emoji_error"] = exc
            results["emojis"] = have
            await interaction.edit_original_response(content=f"{made} uploaded, {len(have)} in all")

        @tree.command(description="Stats of a member")
        async def stats(
            interaction: discord.Interaction,
            member: discord.Member | None = None,
            detailed: bool = False,
        ) -> None:
            who = member or interaction.user
            suffix = " (detailed)" if detailed else ""
            await interaction.response.send_message(f"stats of {who.name}{suffix}", ephemeral=True)

        season = app_commands.Group(
            name="season",
            description="Seasons",
            default_permissions=discord.Permissions(manage_guild=True),
        )

        @season.command(name="new", description="Start a season")
        async def season_new(interaction: discord.Interaction) -> None:
            allowed = interaction.permissions.manage_guild
            await interaction.response.send_message(
                "new season" if allowed else "admins only", ephemeral=True
            )

        tree.add_command(season)
