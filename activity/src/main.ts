// The Tapis Activity: the live table inside Discord. The server sends the whole table as
// this user's seat sees it after every stored change; the page draws it and sends moves.
// It holds no text of its own (the frames carry the words) and knows no game.
import { DiscordSDK } from "@discord/embedded-app-sdk";

interface Face { card: string; text: string; css: string; src: string | null }
interface HandCard extends Face { group: number; action: string | null; why?: string | null }
interface Seat {
  seat: number; name: string; score?: string | null; role?: string | null; marks: string[];
  dealer?: string | null; to_move: boolean; cards?: string | null;
}
interface Frame {
  type: "state"; table: number; title: string; lang: string; words: Record<string, string>;
  note: string | null; seat: number | null; status: string; version: number | null; revision: number;
  whose_turn?: string; seats: Seat[]; facts?: string[];
  zones?: { key: string; label: string; count: string | null; cards: (Face & { by: string | null })[] }[];
  boxes?: { name: string; amount: string }[]; hand?: HandCard[]; actions?: { id: string; label: string }[];
  private?: string[]; why?: string[]; recent?: string[]; timer?: number | null; tables?: { id: number; title: string }[];
  hint?: boolean;
}
type Message = Frame | { type: "error" | "notice" | "hint"; text: string; version?: number };

/** The parts of the SDK the page uses; tests hand in a stand-in (window.__tapisSdk). */
interface Sdk {
  ready(): Promise<void>;
  instanceId: string;
  guildId: string | null;
  commands: {
    authorize(args: { client_id: string; response_type: "code"; state: string; prompt: "none"; scope: ["identify"] }): Promise<{ code: string }>;
    authenticate(args: { access_token: string }): Promise<unknown>;
    userSettingsGetLocale?(): Promise<{ locale: string }>;
  };
}

const app = document.getElementById("app") as HTMLElement;
let socket: WebSocket | null = null;
let current: Frame | null = null;
let banner: { text: string; error: boolean; version?: number } | null = null;
let lost = false; // the socket closed: said until the state comes again
let explaining = false; // « Pourquoi ? » is open
let countdown: number | undefined; // the turn timer's interval
let turnEnd: number | null = null; // when the turn timer runs out, by this page's clock
let wantedTable: number | null = null;
let retry = 0;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function face(f: Face): HTMLElement {
  if (f.src) {
    const img = el("img", `${f.css} picture`);
    img.src = f.src.replace(/^\//, "");
    img.alt = f.text;
    img.title = f.text;
    img.dataset.card = f.card;
    return img;
  }
  const span = el("span", f.css, f.text);
  span.dataset.card = f.card;
  return span;
}

function status(text: string): void {
  app.replaceChildren(el("p", "status", text));
}

function send(data: object): void {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(data));
}

function play(action: string): void {
  if (!current || current.version === null || lost || !socket || socket.readyState !== WebSocket.OPEN) return;
  document.body.classList.add("busy"); // until the next frame: no double move
  banner = null;
  send({ type: "move", version: current.version, action });
}

/** 💡 Conseil: the hint for this position, said to this page only. */
function askHint(): void {
  if (!current || current.version === null || lost) return;
  document.body.classList.add("busy"); // until the answer: one question at a time
  banner = null;
  send({ type: "hint", version: current.version });
}

function render(frame: Frame): void {
  if (current && current.version !== frame.version) explaining = false;
  current = frame;
  document.documentElement.lang = frame.lang;
  document.body.classList.remove("busy");
  app.dataset.version = String(frame.version ?? "");
  app.dataset.seat = String(frame.seat ?? "");
  app.dataset.live = lost ? "0" : "1";
  const w = frame.words;
  const parts: HTMLElement[] = [];

  const top = el("header", "top");
  top.append(el("h1", undefined, frame.title));
  if (frame.tables && frame.tables.length > 1) {
    const pick = el("select");
    pick.setAttribute("aria-label", w["activity.tables"]);
    for (const t of frame.tables) {
      const option = el("option", undefined, t.title);
      option.value = String(t.id);
      option.selected = t.id === frame.table;
      pick.append(option);
    }
    pick.addEventListener("change", () => {
      wantedTable = Number(pick.value);
      send({ type: "table", id: wantedTable });
    });
    top.append(pick);
  }
  parts.push(top);
  if (frame.whose_turn) {
    const line = el("p", "turn-line", frame.whose_turn);
    if (turnEnd !== null) line.append(" ", timer(turnEnd));
    parts.push(line);
  }
  const note = lost
    ? { text: w["activity.lost"], error: true }
    : banner ?? (frame.note ? { text: frame.note, error: false } : null);
  if (note) parts.push(el("p", note.error ? "banner error" : "banner", note.text));

  const story = el("div", "story");
  const told = [...(frame.private ?? []), ...(frame.recent ?? []).slice().reverse()];
  if (told.length) {
    story.append(el("p", "last", told[0]));
    const rest = el("ul");
    for (const line of told.slice(1, 5)) rest.append(el("li", undefined, line));
    story.append(rest);
  }
  parts.push(story);

  const felt = el("div", "felt");
  if (frame.facts?.length) {
    const facts = el("ul", "facts");
    for (const f of frame.facts) facts.append(el("li", undefined, f));
    felt.append(facts);
  }
  const zones = el("div", "zones");
  for (const z of frame.zones ?? []) {
    const zone = el("div", "zone");
    zone.dataset.zone = z.key;
    zone.append(el("span", "zone-label", z.label));
    if (z.cards.length) {
      const cards = el("span", "cards");
      for (const c of z.cards) {
        const played = el("span", "play");
        played.append(face(c));
        if (c.by) played.append(el("bdi", "who", c.by));
        cards.append(played);
      }
      zone.append(cards);
    }
    if (z.count) zone.append(el("span", "zone-count", z.count));
    zones.append(zone);
  }
  if (frame.boxes?.length) {
    const zone = el("div", "zone");
    const boxes = el("ul", "boxes");
    for (const b of frame.boxes) {
      const li = el("li");
      li.append(el("span", "box-name", b.name), " ", el("span", "tokens", b.amount));
      boxes.append(li);
    }
    zone.append(boxes);
    zones.append(zone);
  }
  felt.append(zones);
  const seats = el("div", `seats seats-${frame.seats.length}`);
  for (const s of frame.seats) {
    const seat = el("div", "seat" + (s.to_move ? " to-play" : "") + (s.seat === frame.seat ? " you" : ""));
    seat.dataset.seat = String(s.seat);
    const head = el("div", "seat-head");
    head.append(el("bdi", "seat-name", s.name));
    if (s.score) head.append(el("span", "seat-score", s.score));
    seat.append(head);
    const tags = el("div", "seat-tags");
    if (s.role) tags.append(el("span", "tag role", s.role));
    if (s.dealer) tags.append(el("span", "tag", s.dealer));
    for (const m of s.marks) tags.append(el("span", "tag mark", m));
    if (s.cards) tags.append(el("span", "count", s.cards));
    seat.append(tags);
    seats.append(seat);
  }
  felt.append(seats);
  parts.push(felt);
  parts.push(handBar(frame));
  app.replaceChildren(...parts);
}

/** The turn timer's seconds left, counted down here from the frame's figure. */
function timer(end: number): HTMLElement {
  const left = () => Math.max(0, Math.round((end - Date.now()) / 1000));
  const shown = el("span", "timer", `${left()} s`);
  window.clearInterval(countdown);
  countdown = window.setInterval(() => {
    shown.textContent = `${left()} s`;
    if (left() === 0) window.clearInterval(countdown);
  }, 1000);
  return shown;
}

function handBar(frame: Frame): HTMLElement {
  const bar = el("section", "bar");
  const w = frame.words;
  if (frame.seat === null) {
    bar.append(el("h2", undefined, w["activity.watching"]));
    return bar;
  }
  bar.append(el("h2", undefined, w["activity.hand"]));
  const hand = el("div", "my-hand");
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", w["activity.hand"]);
  let group = -1;
  for (const c of frame.hand ?? []) {
    if (group !== -1 && c.group !== group) hand.append(el("span", "gap"));
    group = c.group;
    const button = el("button", c.action ? "playable" : "greyed");
    button.type = "button";
    button.append(face(c));
    button.setAttribute("aria-label", c.why ? `${c.text} — ${c.why}` : c.text);
    if (c.why) button.title = c.why;
    button.dataset.card = c.card;
    if (c.action) {
      const action = c.action;
      button.addEventListener("click", () => play(action));
    } else {
      button.setAttribute("aria-disabled", "true");
      button.tabIndex = -1;
    }
    hand.append(button);
  }
  hand.addEventListener("keydown", (event) => arrows(event, hand));
  bar.append(hand);
  const why = frame.why ?? [];
  if (frame.actions?.length || why.length || frame.hint) {
    const choices = el("div", "choices");
    for (const a of frame.actions ?? []) {
      const button = el("button", undefined, a.label);
      button.type = "button";
      button.dataset.action = a.id;
      button.addEventListener("click", () => play(a.id));
      choices.append(button);
    }
    if (why.length) {
      const ask = el("button", "why", w["btn.why"]);
      ask.type = "button";
      ask.setAttribute("aria-expanded", String(explaining));
      ask.addEventListener("click", () => {
        explaining = !explaining;
        if (current) render(current);
      });
      choices.append(ask);
    }
    if (frame.hint) {
      const hint = el("button", "hint", `💡 ${w["btn.hint"]}`);
      hint.type = "button";
      hint.addEventListener("click", askHint);
      choices.append(hint);
    }
    bar.append(choices);
  }
  if (explaining && why.length) {
    const panel = el("div", "why-panel");
    panel.append(el("h3", undefined, w["why.title"]));
    const lines = el("ul");
    for (const line of why) lines.append(el("li", undefined, line));
    panel.append(lines);
    bar.append(panel);
  }
  return bar;
}

/** ← → move between the playable cards; Enter or Space plays the focused one. */
function arrows(event: KeyboardEvent, hand: HTMLElement): void {
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  const cards = Array.from(hand.querySelectorAll<HTMLButtonElement>("button.playable"));
  if (!cards.length) return;
  const at = cards.indexOf(document.activeElement as HTMLButtonElement);
  const next = event.key === "ArrowRight" ? at + 1 : at - 1;
  cards[(next + cards.length) % cards.length].focus();
  event.preventDefault();
}

document.addEventListener("keydown", (event) => {
  // Any arrow key with nothing focused: start on the first playable card.
  if ((event.key === "ArrowLeft" || event.key === "ArrowRight") && document.activeElement === document.body) {
    const first = document.querySelector<HTMLButtonElement>(".my-hand button.playable");
    if (first) {
      first.focus();
      event.preventDefault();
    }
  }
});

function receive(message: Message): void {
  if (message.type === "state") {
    retry = 0;
    if (lost) banner = null; // back: what was said about the lost socket is over
    lost = false;
    turnEnd = typeof message.timer === "number" ? Date.now() + message.timer * 1000 : null;
    if (turnEnd === null) window.clearInterval(countdown);
    if (message.table !== current?.table) banner = null;
    if (banner?.version !== undefined && banner.version !== message.version) banner = null; // a hint of a past position
    render(message);
    return;
  }
  document.body.classList.remove("busy");
  if (message.type === "notice" && !current) {
    status(message.text);
    return;
  }
  banner = { text: message.text, error: message.type === "error", version: message.type === "hint" ? message.version : undefined };
  if (current) render(current);
  else status(message.text);
}

/** The socket's absolute address: Discord's proxy needs one (discord-api-docs #7054). */
function socketUrl(sdk: Sdk): string {
  const url = new URL("api/ws", window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  if (sdk.guildId) url.searchParams.set("guild", sdk.guildId); // lets a proxy route by shard
  return url.toString();
}

function connect(sdk: Sdk, token: string, locale: string | null): void {
  const ws = new WebSocket(socketUrl(sdk));
  socket = ws;
  ws.addEventListener("open", () => {
    ws.send(JSON.stringify({ type: "hello", access_token: token, instance_id: sdk.instanceId, locale, table: wantedTable ?? current?.table ?? null }));
  });
  ws.addEventListener("message", (event) => receive(JSON.parse(String(event.data)) as Message));
  ws.addEventListener("close", (event) => {
    if (event.code === 4003 || event.code === 4004) {
      status(event.reason); // refused by Discord's word, or served by another process
      return;
    }
    lost = true;
    if (event.code === 1013 && event.reason) { // the bot is not answering: said, then again
      banner = { text: event.reason, error: true };
      if (!current) status(event.reason);
    }
    if (current) render(current);
    retry = Math.min(retry + 1, 5);
    window.setTimeout(() => connect(sdk, token, locale), 500 * 2 ** retry); // a restart: the state comes again
  });
}

async function start(): Promise<void> {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="tapis-client-id"]');
  const clientId = meta?.content ?? "";
  const given = (window as unknown as { __tapisSdk?: Sdk }).__tapisSdk;
  const sdk: Sdk = given ?? (new DiscordSDK(clientId) as unknown as Sdk);
  await sdk.ready();
  const { code } = await sdk.commands.authorize({ client_id: clientId, response_type: "code", state: "", prompt: "none", scope: ["identify"] });
  const response = await fetch(new URL("api/token", window.location.href).toString(), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code }),
  });
  if (!response.ok) throw new Error(`token: ${response.status}`);
  const { access_token: token } = (await response.json()) as { access_token: string };
  await sdk.commands.authenticate({ access_token: token });
  // The user's Discord language, for the sentences said before the server knows them.
  const locale = await sdk.commands.userSettingsGetLocale?.().then((r) => r.locale, () => null) ?? null;
  connect(sdk, token, locale);
}

start().catch((error: unknown) => {
  status(String(error instanceof Error ? error.message : error));
});
