"""What a concours message says: its name and format, where it stands, the entrants or the
standings with each round's points, the current round's tables; and the podium.

Drawn from the stored concours alone, never from a game table's state: it shows scores,
never cards, and never the concours' deal seed."""

from __future__ import annotations

import games
from concours import Line, same_cards, standings
from db import ConcoursRecord, ConcoursStatus, EntrantRecord
from games.lang import amount

from ..i18n.translate import tr
from ..render.words import Text
from .runner import is_ai_side, results

MAX_LINES = 40  # standings lines shown; the web page has them all
MAX_HELD = 6  # sides compared per place with duplicate deals; the web page has them all


def entrant_name(entrant: EntrantRecord, lang: str) -> str:
    if entrant.partner_id is None:
        return entrant.name
    partner = entrant.partner_name or "?"
    if not entrant.confirmed:
        return tr(
            "concours.invited", lang, who=tr("concours.pair", lang, a=entrant.name, b=partner)
        )
    return tr("concours.pair", lang, a=entrant.name, b=partner)


def names(concours: ConcoursRecord, lang: str) -> dict[int, str]:
    """Each side's name: the entrants', and the AI sides' (`ai_bye`)."""
    found = {e.id: entrant_name(e, lang) for e in concours.entrants}
    for table in concours.tables:
        found.update((s, tr("concours.ai_side", lang)) for s in table.sides if is_ai_side(s))
    return found


def table_lines(concours: ConcoursRecord, lang: str) -> list[Line]:
    entrants, played, byes = results(concours)
    return standings(entrants, played, byes)


def concours_text(concours: ConcoursRecord, lang: str) -> Text:
    rules = games.get(concours.game)
    title = tr(
        "concours.title", lang, game=games.game_name(concours.game, lang), name=concours.name
    )
    rounds = (
        tr("concours.rounds.one", lang)
        if concours.rounds == 1
        else tr("concours.rounds.many", lang, n=concours.rounds)
    )
    about = [tr(f"concours.format.{concours.format}", lang, rounds=rounds)]
    if concours.round_deals is not None:
        n = concours.round_deals
        deals = tr("concours.deals.one", lang) if n == 1 else tr("concours.deals.many", lang, n=n)
        about.append(tr("concours.length.deals", lang, deals=deals))
    else:
        about.append(tr("concours.length.target", lang))
    if concours.duplicate:
        about.append(tr("concours.duplicate", lang))
    if not concours.rated:
        about.append(tr("concours.unrated", lang))
    if concours.ai_bye:
        about.append(tr("concours.ai_bye", lang))
    if concours.starts_at is not None and concours.status in (
        ConcoursStatus.REGISTRATION,
        ConcoursStatus.CLOSED,
    ):
        when = f"<t:{int(concours.starts_at.timestamp())}:f>"  # each reader's own zone
        about.append(tr("concours.starts_at", lang, when=when))
    about.append(tr("concours.organiser", lang, who=f"<@{concours.organiser_id}>"))
    status = tr(
        f"concours.status.{concours.status.value}",
        lang,
        round=concours.round,
        rounds=concours.rounds,
    )
    text = Text(title, rules.colour, "\n".join([*about, "", status]))
    who = names(concours, lang)
    if concours.status in (
        ConcoursStatus.REGISTRATION,
        ConcoursStatus.CLOSED,
        ConcoursStatus.CHECKIN,
    ) or (concours.round == 0 and concours.status is ConcoursStatus.CANCELLED):
        standing = [e for e in concours.entrants if not e.withdrawn]
        lines = [
            f"{n}. {who[e.id]}" + (" ✅" if e.checked_in else "")
            for n, e in enumerate(standing, start=1)
        ]
        text.blocks.append(
            (tr("concours.entrants", lang), "\n".join(lines) or tr("concours.no_entrants", lang))
        )
        return text
    text.blocks.append((tr("concours.standings", lang), standings_block(concours, who, lang)))
    compared = comparison(concours, who, lang)
    if compared is not None:
        text.blocks.append(compared)
    if concours.status in (ConcoursStatus.RUNNING, ConcoursStatus.PAUSED):
        current = [t for t in concours.tables if t.round == concours.round]
        lines = []
        for t in current:
            sides = tr("concours.vs", lang).join(who[s] for s in t.sides)
            line = tr("concours.table_line", lang, n=t.number + 1, sides=sides)
            if t.points is not None:
                line += " · " + " – ".join(str(p) for p in t.points)
            lines.append(line)
        text.blocks.append((tr("concours.tables", lang, round=concours.round), "\n".join(lines)))
    return text


def comparison(concours: ConcoursRecord, who: dict[int, str], lang: str) -> tuple[str, str] | None:
    """With duplicate deals, the latest round with two tables scored: for each place at the
    table, the sides that held its cards and their points, best first."""
    if not concours.duplicate:
        return None
    for round_ in range(concours.round, 0, -1):
        places = same_cards([t for t in concours.tables if t.round == round_])
        if places:
            break
    else:
        return None
    lines = []
    for n, held in enumerate(places, start=1):
        shown = [
            tr("concours.held", lang, who=who[h.entrant], points=h.points, n=h.table)
            for h in held[:MAX_HELD]
        ]
        more = len(held) - MAX_HELD
        if more > 0:
            shown.append(tr("concours.held_more", lang, n=more))
        lines.append(tr("concours.place", lang, n=n, held=" · ".join(shown)))
    return tr("concours.same_cards", lang, round=round_), "\n".join(lines)


def standings_block(concours: ConcoursRecord, who: dict[int, str], lang: str) -> str:
    """One line per entrant: rank, name, total points, then each round's points."""
    byes = {(r, e) for r, e in concours.byes}
    lines = []
    for line in table_lines(concours, lang)[:MAX_LINES]:
        rounds = []
        for r in sorted(line.by_round):
            mark = f" ({tr('concours.bye', lang)})" if (r, line.entrant) in byes else ""
            rounds.append(f"{line.by_round[r]}{mark}")
        points = amount(line.points, "point", lang)
        text = tr("concours.line", lang, rank=line.rank, who=who[line.entrant], points=points)
        lines.append(text + (f" · {' · '.join(rounds)}" if rounds else ""))
    return "\n".join(lines)


def podium_text(concours: ConcoursRecord, lang: str) -> str:
    """The podium announcement: the winner, then the first three."""
    who = names(concours, lang)
    lines = table_lines(concours, lang)
    first = who[lines[0].entrant] if lines else "?"
    medals = ("🥇", "🥈", "🥉")
    top = [
        f"{medal} {who[line.entrant]} : {amount(line.points, 'point', lang)}"
        if lang == "fr"
        else f"{medal} {who[line.entrant]}: {amount(line.points, 'point', lang)}"
        for medal, line in zip(medals, lines, strict=False)
    ]
    return "\n".join([tr("concours.podium", lang, name=concours.name, first=first), *top])
