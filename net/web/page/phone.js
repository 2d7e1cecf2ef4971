// The phone as a hand: every choice offered here is one of the legal actions the bridge sent,
// computed by the engine on this seat's own view. The page keeps its seat's token in localStorage so a
// reload or a locked phone rejoins the same seat.
"use strict";

const SYMBOL = { r: "●", o: "▲", y: "★", g: "◆", b: "■", p: "✚" };
const TACTIC = {
  alexander: ["AL", "Alexander", "Leader: any colour, any value"],
  darius: ["DA", "Darius", "Leader: any colour, any value"],
  cavalry: ["8", "Companion Cavalry", "Value 8, any colour"],
  shield: ["1-3", "Shield Bearers", "Value 1, 2 or 3, any colour"],
  fog: ["FOG", "Fog", "Sums only at this flag"],
  mud: ["MUD", "Mud", "Four cards at this flag"],
  scout: ["SC", "Scout", "Draw 3, put 2 back"],
  redeploy: ["RE", "Redeploy", "Move or discard one of yours"],
  deserter: ["DE", "Deserter", "Discard one of theirs"],
  traitor: ["TR", "Traitor", "Take one of their troops"],
};
const STORE = "battleline:" + location.host;
// Three players (R47): each seat's line of six from one front's outer end through the centre to the other's,
// the opponent at each front, and the far front between the two opponents (drawn small above, to watch).
const LINES = { south: [1, 2, 3, 4, 5, 6], west: [9, 8, 7, 3, 2, 1], east: [6, 5, 4, 7, 8, 9] };
const LEFT = { south: "west", west: "east", east: "south" };   // the opponent of the line's first three flags
const RIGHT = { south: "east", west: "south", east: "west" };  // ... and of its last three
const FAR = { south: [7, 8, 9], west: [4, 5, 6], east: [1, 2, 3] };
const three = (s) => !!(s && s.view.rules && s.view.rules.players === 3);
// the seats in turn order (R48), and the others in turn order after `me`
const seatsOf = (s) => (three(s) ? ["south", "west", "east"] : ["south", "north"]);
const NEXT = { south: "west", west: "east", east: "south" };  // clockwise (R48)
const othersOf = (s, me) => (three(s) ? [NEXT[me], NEXT[NEXT[me]]] : [me === "north" ? "south" : "north"]);
const $ = (id) => document.getElementById(id);
// refusals that pass by themselves: a phone holding a seat tries again after the time they name
const AGAIN = ["busy", "wait", "crowded", "answering"];
// refusals that mean every seat is taken: the phone may still watch, as a laptop can
const FULL = ["two_players", "seats_taken", "has_guest"];

const ui = {
  words: {}, refusals: {}, plurals: {}, pluralIndex: [], languages: { en: "English" }, ws: null, joined: false, state: null, record: null, events: [],
  stale: false, chosen: null, part: null, stage: null, picked: [], sentAt: -1, acked: false, note: "", lastPhase: null,
  step: null, lobby: null, again: false, mine: false, watchers: 0, sound: null,
};
window.__traffic = []; // every message received, for the tests' leak check

// One pass over the template: a field's value (a player's name "{what}", say) is never read as a placeholder.
function t(msgid, fields) {
  const text = ui.words[msgid] || msgid, f = fields || {};
  const filled = text.replace(/\{(\w+)\}/g, (whole, k) => (Object.hasOwn(f, k) ? String(f[k]) : whole));
  return hu(filled);
}

// Words already filled in, with Hungarian's "a(z)" settled when the page speaks Hungarian.
function hu(filled) {
  return document.documentElement.lang === "hu" ? huArticles(filled) : filled;
}

// Hungarian "a(z) {flag}.": "az" before a vowel as the word is said (1 egy, 5 öt, 50 ötven, 1000 ezer), else
// "a"; known only once the field is filled (as game/i18n/articles.py does for the window).
function huArticles(text) {
  return text.replace(/(^|[^\p{L}])([Aa])\(z\)(\s+)(\S+)/gu,
    (whole, before, a, gap, word) => before + a + (huVowel(word) ? "z" : "") + gap + word);
}
function huVowel(word) {
  const bare = word.replace(/^["'„“”«»(\[{]+/, ""), digits = /^\d+/.exec(bare);
  if (digits) {
    const d = digits[0].replace(/^0+/, "") || "0", lead = d.slice(0, (d.length - 1) % 3 + 1);
    return lead.length === 1 ? "15".includes(lead) : lead[0] === "5";
  }
  return bare.length > 0 && "aáeéiíoóöőuúüű".includes(bare[0].toLowerCase());
}

// A refusal from the host or the bridge in the page's language, from its code and fields (never its
// English: game/i18n/refusals.py); a code the page has no words for is shown in the English it came with.
function refusalWords(code, fields, reason) {
  let template = Object.hasOwn(ui.refusals, code || "") ? ui.refusals[code] : null;
  if (template === null) return String(reason);
  if (Array.isArray(template)) template = pluralForm(template, Number((fields || {}).n));
  const f = {};
  for (const [k, v] of Object.entries(fields || {})) {
    f[k] = (k === "card" || k === "target") && typeof v === "string" ? cardShort(v) : v;
  }
  return hu(template.replace(/\{(\w+)\}/g, (whole, k) => (Object.hasOwn(f, k) ? String(f[k]) : whole)));
}

// The form of a count's words (one of the language's plural forms: Czech has three, Chinese one).
function pluralForm(forms, n) {
  const k = Math.abs(Math.trunc(n)) || 0, table = ui.pluralIndex;
  const i = table.length ? table[k < table.length ? k : 100 + (k % 100)] : (k === 1 ? 0 : 1);
  return forms[Math.min(i, forms.length - 1)];
}

// `singular`/`plural` (English, as in the catalogs) for count `n`, in the page's language; `{n}` filled.
function tn(singular, plural, n, fields) {
  const forms = ui.plurals[singular] || [singular, plural];
  const text = pluralForm(forms, n), f = { n, ...(fields || {}) };
  return hu(text.replace(/\{(\w+)\}/g, (whole, k) => (Object.hasOwn(f, k) ? String(f[k]) : whole)));
}

function saved() {
  try { return JSON.parse(localStorage.getItem(STORE) || "{}"); } catch (e) { return {}; }
}
function save(data) { localStorage.setItem(STORE, JSON.stringify({ ...saved(), ...data })); }

// ------------------------------------------------------------------ language
function pickLanguage() {
  const chosen = saved().lang;
  if (chosen) return chosen;
  const nav = (navigator.language || "en").toLowerCase().split("-")[0];
  return ["hu", "zh", "ro", "es", "cs"].includes(nav) ? nav : "en";
}

async function loadWords(lang) {
  const reply = await fetch("/strings/" + lang + ".json");
  if (!reply.ok) return;
  const data = await reply.json();
  ui.words = data.words; ui.languages = data.languages;
  ui.refusals = data.refusals || {};
  ui.plurals = data.plurals || {}; ui.pluralIndex = data.plural_index || [];
  document.documentElement.lang = lang === "zh" ? "zh-CN" : lang;
  for (const el of document.querySelectorAll("[data-word]")) el.textContent = t(el.dataset.word);
  const select = $("lang");
  select.replaceChildren(...Object.entries(ui.languages).map(([code, name]) => {
    const o = document.createElement("option"); o.value = code; o.textContent = name; o.selected = code === lang;
    return o;
  }));
  render();
}

// ------------------------------------------------------------------ the link
function connect() {
  if (ui.ws && ui.ws.readyState <= 1) return;
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  ui.ws = ws;
  ws.onopen = () => {
    const s = saved();
    ui.sentAt = -1; ui.acked = false;  // a new link: whatever the host has is what its next state says
    if (ui.joined && s.code) send({ t: "join", code: s.code, name: s.name || "", ...seatOrWatch() });
  };
  ws.onmessage = (ev) => { window.__traffic.push(ev.data); receive(JSON.parse(ev.data)); };
  ws.onclose = () => {
    if (ui.ws !== ws) return;
    ui.ws = null;
    forget();  // an action not yet confirmed may never have reached the host: its next state decides
    ui.stale = true;  // what the phone shows is the host's no longer: no taps until the host's state comes
    if (ui.joined) render();
    setTimeout(connect, 1000);
  };
}

// Whether the message went onto an open socket (a closed one drops it: the caller must not count it sent).
function send(message) {
  if (!linkUp()) return false;
  ui.ws.send(JSON.stringify(message));
  return true;
}

// The socket to the bridge is open: taps may be sent.
function linkUp() { return !!(ui.ws && ui.ws.readyState === 1); }

// The phone's own half-made choice and unconfirmed action, dropped when the link goes.
function forget() {
  ui.sentAt = -1; ui.acked = false; ui.chosen = null; ui.part = null; ui.picked = []; ui.stage = null;
}

function receive(m) {
  if (m.t === "state") {
    const fresh = m.number !== (ui.state && ui.state.number);
    if (fresh && ui.state) { ui.record = null; window.__record = null; ui.again = false; }  // the next game
    if (m.from === 0 || fresh) ui.events = [];
    ui.events.splice(m.from, ui.events.length, ...m.events);
    ui.state = m; ui.note = ""; ui.stale = false;
    if (m.seat) save({ token: m.token });  // a watcher holds no seat: the seat's token stays
    // an action counts as sent once the host has it: the bridge's guest holds it (`waiting`), then the
    // host's count moves on; a state with the same count and nothing waiting after that means it was refused
    if (m.actions !== ui.sentAt) { ui.sentAt = -1; ui.acked = false; }
    else if (m.waiting) ui.acked = true;
    else if (ui.acked) { ui.sentAt = -1; ui.acked = false; }
    if (!m.legal.length || m.view.phase !== ui.lastPhase) { ui.chosen = null; ui.part = null; ui.picked = []; ui.stage = null; }
    ui.lastPhase = m.view.phase;
    yourTurn(m.legal.length > 0 && m.started && !m.view.result);
  } else if (m.t === "record") {
    ui.record = m.record; ui.score = m.score || null; ui.matchOver = !!m.match_over; window.__record = m.record;
  } else if (m.t === "step") {
    ui.step = m.step;
    const words = { connecting: "Connecting to the table…", asking: "Waiting for the TV to accept you…",
      queued: "Waiting your turn: the TV is answering someone else first…", joined: "Accepted: you are in." };
    if (!ui.state || m.step !== "joined") $("join-note").textContent = t(words[m.step]);
  } else if (m.t === "lobby") {
    const before = ui.lobby ? ui.lobby.watchers : m.watchers;
    if (m.watchers > before) flash(t("A watcher joined: {n} watching", { n: m.watchers }));
    ui.lobby = m;
  } else if (m.t === "refused") {
    // the seat's token stays: a refusal (a TV restarted, a crowd at the door) never costs the seat; only a
    // finished game or the player (another code) lets it go. A refusal that says "try again" is tried again.
    ui.joined = false; ui.step = null;
    $("join-note").textContent = t("The host refused: {reason}", { reason: refusalWords(m.code, m.fields, m.reason) });
    $("watch-button").hidden = !FULL.includes(m.code);
    clearTimeout(ui.retry);
    if (AGAIN.includes(m.code) && saved().token) {
      ui.retry = setTimeout(() => { if (!ui.joined) join(); }, 1000 * Math.max(1, Number((m.fields || {}).seconds) || 1));
    }
  } else if (m.t === "error") {
    ui.note = refusalWords(m.refusal, m.fields, m.reason); ui.sentAt = -1;
    if (!ui.state) $("join-note").textContent = ui.note;
  }
  render();
}

// A short note that goes by itself (a watcher came), beside the status line.
function flash(text) {
  ui.flash = text; render();
  clearTimeout(ui.flashTimer);
  ui.flashTimer = setTimeout(() => { ui.flash = ""; render(); }, 4000);
}

// Your turn begins: a buzz where the phone has one, and a short tone (after the first tap, as browsers allow).
function yourTurn(mine) {
  if (mine && !ui.mine) {
    window.__buzzes = (window.__buzzes || 0) + 1;
    if (navigator.vibrate) navigator.vibrate(120);
    try {
      const ctx = ui.sound;
      if (ctx && ctx.state === "running") {
        const osc = ctx.createOscillator(), gain = ctx.createGain();
        osc.frequency.value = 660; gain.gain.setValueAtTime(0.15, ctx.currentTime);
        gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.18);
        osc.connect(gain).connect(ctx.destination); osc.start(); osc.stop(ctx.currentTime + 0.2);
      }
    } catch (e) { /* no sound here */ }
  }
  ui.mine = mine;
}

function unlockSound() {
  if (ui.sound || !window.AudioContext) return;
  try { ui.sound = new AudioContext(); } catch (e) { ui.sound = null; }
}

function join() {
  const code = $("code").value.trim(), name = $("name").value.trim();
  if (!code) { $("join-note").textContent = t("Join code"); return; }
  if (!name) { $("join-note").textContent = t("Your name"); $("name").focus(); return; }  // no nameless "Phone"s
  const s = saved();
  if (s.code !== code) save({ token: null });
  save({ code, name });
  ui.joined = true;
  $("watch-button").hidden = true;
  unlockSound();
  $("join-note").textContent = t(ui.step === "asking" ? "Waiting for the TV to accept you…"
    : ui.step === "queued" ? "Waiting your turn: the TV is answering someone else first…" : "Connecting to the table…");
  if (ui.ws && ui.ws.readyState === 1) send({ t: "join", code, name, ...seatOrWatch() });
  else connect();
  render();
}

// A player rejoins its seat by its token; a watcher (every seat was taken) joins with no token.
function seatOrWatch() { return ui.watch ? { token: null, watch: true } : { token: saved().token || null }; }

function act(action) {
  if (!ui.state || !playable(ui.state) || ui.sentAt === ui.state.actions) return;
  if (!send({ t: "action", action })) { forget(); render(); return; }
  ui.sentAt = ui.state.actions; ui.acked = false;
  ui.chosen = null; ui.part = null; ui.picked = []; ui.stage = null;
  render();
}

// Taps count only while the phone's socket is open and its guest hears the host.
function playable(s) { return linkUp() && !ui.stale && !!s.link; }

// ------------------------------------------------------------------ the other side's last turn
// In the same words as the board's caption (game/play/turn_words.turn_caption, from the same catalogs): said
// to this phone's player, so a guile card took "your" card. Shown from the end of their turn until we act.
const COLOUR = { r: "red", o: "orange", y: "yellow", g: "green", b: "blue", p: "purple" };

function cardShort(card) {
  if (TACTIC[card]) return t(TACTIC[card][1]);
  return t("{colour} {value}", { colour: t(COLOUR[card[0]]), value: card.slice(1) });
}

function turnPiece(e) {
  if (e.type === "play") {
    const c = e.card, f = () => ({ card: cardShort(e.target), flag: e.from_flag, to: e.to_flag });
    if (c === "scout") return t("played Scout");
    if (c === "fog" || c === "mud") return t("{card} on flag {flag}", { card: cardShort(c), flag: e.flag });
    if (c === "deserter") return t("Deserter discarded your {card} from flag {flag}", f());
    if (c === "traitor") return t("Traitor took your {card} from flag {flag} to their flag {to}", f());
    if (c === "redeploy") return e.to_flag ? t("Redeploy moved their {card} from flag {flag} to flag {to}", f())
      : t("Redeploy discarded their {card} from flag {flag}", f());
    return t("{card} to flag {flag}", { card: cardShort(c), flag: e.flag });
  }
  if (e.type === "scout_return") return tn("put back {n} card", "put back {n} cards", e.count ?? (e.cards || []).length);
  if (e.type === "pass") return t("passed");
  return null;
}

function turnCaption(seat, events, names) {
  const mine = events.filter((e) => e.seat === seat);
  const claims = mine.filter((e) => e.type === "claim").map((e) => e.flag);
  const pieces = mine.filter((e) => e.type !== "claim").map(turnPiece).filter((p) => p);
  if (claims.length === 1) pieces.push(t("claimed flag {flag}", { flag: claims[0] }));
  else if (claims.length) pieces.push(t("claimed flags {flags}", { flags: claims.join(", ") }));
  const draws = [];
  for (const deck of ["troops", "tactics"]) {
    const n = mine.filter((e) => (e.type === "draw" || e.type === "scout_draw") && e.deck === deck).length;
    if (n === 1) draws.push(t(deck === "troops" ? "drew a troop card" : "drew a tactics card"));
    else if (n > 1) draws.push(deck === "troops" ? tn("drew {n} troop card", "drew {n} troop cards", n)
      : tn("drew {n} tactics card", "drew {n} tactics cards", n));
  }
  if (events.some((e) => e.type === "scout_draw")) {  // Scout's own draws follow the Scout
    const at = pieces.indexOf(t("played Scout"));
    pieces.splice(at < 0 ? pieces.length : at + 1, 0, ...draws);
  } else pieces.push(...draws);
  let what = pieces.length ? pieces[0] : t("passed");
  for (const piece of pieces.slice(1)) what = t("{done}, {then}", { done: what, then: piece });
  return t("{who}: {what}.", { who: names[seat] || seat, what });
}

// The other players' whole turns since this seat's own (one in a two-player game, up to two for three
// players), unless this seat has acted since: a list of [seat, events].
function lastTurns(events, me, count) {
  let turn = [], since = [];
  for (const e of events) {
    if (e.type !== "turn" && e.type !== "game_over") { turn.push(e); continue; }
    const played = turn.filter((x) => x.seat);
    turn = [];
    const seat = played.length ? played[played.length - 1].seat : null;
    if (seat === me) since = [];
    else if (seat) since = [...since, [seat, played]].slice(-count);
  }
  return turn.some((x) => x.seat === me) ? [] : since;
}

// ------------------------------------------------------------------ drawing
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function chip(card) {
  if (TACTIC[card]) { const c = el("div", "chip tac", TACTIC[card][0]); c.title = t(TACTIC[card][1]); return c; }
  return el("div", "chip c-" + card[0], card.slice(1) + SYMBOL[card[0]]);
}

function cardFace(card, tag) {
  const face = el(tag || "div", "card");
  face.dataset.card = card;
  if (TACTIC[card]) {
    face.classList.add("tac");
    face.append(el("span", "value", TACTIC[card][0]), el("span", "name", t(TACTIC[card][1])),
      el("span", "text", t(TACTIC[card][2])));
  } else {
    face.classList.add("c-" + card[0]);
    face.append(el("span", "value", card.slice(1)), el("span", "symbol", SYMBOL[card[0]]));
  }
  return face;
}

function label(card) { return TACTIC[card] ? t(TACTIC[card][1]) : card.slice(1) + " " + SYMBOL[card[0]]; }

function render() {
  const s = ui.state;
  $("join").hidden = ui.joined && !!s;
  $("game").hidden = !(ui.joined && s);
  if (!ui.joined || !s) return;
  // a watcher has no seat: it sees the table from the first seat's side, with no hand
  const watching = !s.seat, view = s.view, me = s.seat || seatsOf(s)[0], others = othersOf(s, me), them = others[0];
  const phase = view.phase || "play";
  const live = playable(s), legal = !live || ui.sentAt === s.actions ? [] : s.legal;
  const names = s.players;
  seatColours(s, me, them);
  const over = !!(ui.record || view.result);
  $("lobby").hidden = s.started || over;
  $("table").hidden = !s.started && !over;
  $("end").hidden = !over;
  $("choices").hidden = over;
  $("play").hidden = over || watching;  // the end screen: the result and the board, not the cards left in hand
  renderLobby(s, watching ? null : me, others, names);
  if (over) renderEnd(s, watching ? null : me, others, names, (ui.record && ui.record.result) || view.result);
  renderLink(s, me, others, names);
  // the table in miniature
  const flagsOf = (seat) => view.flags.filter((f) => f.claimed === seat).length;
  const about = (seat) => names[seat] + " · " + t("Flags: {n}  ·  in hand: {hand}",
    { n: flagsOf(seat), hand: view.hand_sizes[seat] });
  if (three(s)) {  // each opponent above their own three flags of this line
    const left = el("span", "opp-left", about(LEFT[me])), right = el("span", "opp-right", about(RIGHT[me]));
    left.dataset.seat = LEFT[me]; right.dataset.seat = RIGHT[me];
    $("theirs").replaceChildren(left, right);
  } else {
    const only = el("span", "opp-left", about(them));
    only.dataset.seat = them;
    $("theirs").replaceChildren(only);
  }
  $("last-turn").textContent = lastTurns(ui.events, me, others.length).map(([seat, evs]) => turnCaption(seat, evs, names)).join(" ");
  const decks = view.decks, count = (d) => (Array.isArray(d) ? d.length : d);
  $("decks").textContent = t("Troops") + " " + count(decks.troops) +
    (three(s) ? "" : " · " + t("Tactics") + " " + count(decks.tactics)) + " · " + t("Flags") + " " + flagsOf(me);
  const targets = flagTargets(legal, phase);
  const column = (n, top, bottom, small) => {
    const f = view.flags[n - 1], col = el("div", "flag");
    col.dataset.flag = n;
    // each opponent keeps one colour: the left one's (or the only one's) blue, the right one's red
    if (f.claimed) col.classList.add(f.claimed === me ? "won-mine" : three(s) && f.claimed === RIGHT[me] ? "won-other" : "won-theirs");
    const upper = el("div", "side theirs"), lower = el("div", small ? "side theirs-too" : "side");
    upper.append(...(f[top] || []).map(chip)); lower.append(...(f[bottom] || []).map(chip));
    const env = el("div", "env", (f.fog ? "FOG " : "") + (f.mud ? "MUD" : ""));
    col.append(upper, el("div", "marker", String(n)), env, lower);
    if (!small && targets.has(n)) { col.classList.add("target"); col.onclick = () => act(targets.get(n)); }
    return col;
  };
  const flags = $("flags"), far = $("far");
  flags.classList.toggle("three", three(s));
  $("hand").classList.toggle("three", three(s));
  $("theirs").classList.toggle("three", three(s));
  far.hidden = !three(s);
  if (three(s)) {
    // R47: the far front between the two opponents, small; the left opponent's cards above its flags
    far.replaceChildren(el("div", "far-label", names[LEFT[me]] + " ▲ · ▼ " + names[RIGHT[me]]),
      ...FAR[me].map((n) => column(n, LEFT[me], RIGHT[me], true)));
    flags.replaceChildren(...LINES[me].map((n, i) => {
      const col = column(n, i < 3 ? LEFT[me] : RIGHT[me], me, false);
      col.classList.add(i < 3 ? "front-left" : "front-right");
      return col;
    }));
  } else flags.replaceChildren(...view.flags.map((f, i) => column(i + 1, them, me, false)));
  // choices and hand
  const choices = [], hand = view.hands[me] || [];
  let handEnabled = () => false, handTap = () => {};
  if (phase === "claim") {
    for (const a of legal) {
      choices.push(a.type === "claim" ? button(t("Claim flag {flag}", { flag: a.flag }), () => act(a), true)
        : button(t("Done claiming"), () => act(a)));
    }
  } else if (phase === "draw" || phase === "scout_draw") {
    for (const deck of ["troops", "tactics"]) {
      const a = legal.find((x) => x.deck === deck);
      const b = button(t(deck === "troops" ? "Troops" : "Tactics"), () => a && act(a), true);
      b.disabled = !a; if (a) choices.push(b);
    }
  } else if (phase === "scout_return" && legal.length) {
    const left = legal.filter((a) => ui.picked.every((c, i) => a.cards[i] === c));
    const next = new Set(left.map((a) => a.cards[ui.picked.length]));
    handEnabled = (card) => next.has(card);
    handTap = (card) => {
      ui.picked.push(card);
      const done = left.find((a) => a.cards.length === ui.picked.length && a.cards.every((c, i) => c === ui.picked[i]));
      if (done) act(done); else render();
    };
    if (ui.picked.length) {
      choices.push(el("div", "line", ui.picked.map(label).join(" → ")));
      choices.push(button(t("Take back the choice"), () => { ui.picked = []; render(); }, "back"));
    }
  } else if (legal.length) {
    if (legal.length === 1 && legal[0].type === "pass") choices.push(button(t("Pass"), () => act(legal[0]), true));
    const playable = new Set(legal.filter((a) => a.type === "play").map((a) => a.card));
    handEnabled = (card) => playable.has(card);
    handTap = (card) => { ui.chosen = ui.chosen === card ? null : card; ui.part = null; ui.stage = null; render(); };
    if (ui.chosen && playable.has(ui.chosen)) choices.push(...playChoices(legal.filter((a) => a.card === ui.chosen)));
  }
  // status
  const status = $("status");
  status.className = legal.length ? "mine" : "";
  let line;
  if (ui.record || (view.result)) {
    const result = (ui.record && ui.record.result) || view.result;
    line = result && result.winner ? t("{name} wins!", { name: names[result.winner] }) : t("A drawn game");
  } else if (!live) line = t("The link to the table is lost; reconnecting…");  // the TV closed its lobby too
  else if (!s.started) line = t("Waiting for the game to start…");
  else if (watching) line = t("It is {who}'s turn.", { who: names[view.to_move] });
  else if (!legal.length) line = view.to_move === me ? t("Waiting for {name}…", { name: names[them] })
    : t("It is {who}'s turn.", { who: names[view.to_move] || names[them] });
  else if (phase === "claim") line = t("Claim a glowing flag, or choose Done claiming.");
  else if (phase === "draw") line = t("Draw a card: choose the troop or the tactics deck.");
  else if (phase === "scout_draw") line = t("Scout: draw card {n} of 3. Choose a deck.", { n: (view.scout_drawn || 0) + 1 });
  else if (phase === "scout_return") line = tn("Scout: pick {n} card to put back.", "Scout: pick {n} cards to put back, in order.", legal[0].cards.length);
  else if (legal.length === 1 && legal[0].type === "pass") line = t("No card can be played: Pass ends your turn (no claim, no draw).");
  else if (ui.part) line = ui.part;
  else line = t("Your turn: choose a card to play.");
  status.textContent = ui.note ? line + " — " + ui.note : ui.flash ? line + " — " + ui.flash : line;
  $("choices").replaceChildren(...choices);
  $("hand").classList.toggle("resting", !legal.length);  // waiting: readable, for planning
  $("hand").replaceChildren(...hand.map((card) => {
    const face = cardFace(card, "button");
    face.disabled = !handEnabled(card);
    if (card === ui.chosen || ui.picked.includes(card)) face.classList.add("chosen");
    face.onclick = () => handTap(card);
    return face;
  }));
  fitNames($("hand"));
}

// A tactic's name breaks only between words ("Redepl|oy" read as two words): a name too wide for its card is
// set smaller, down to 9 px; a word still too wide then breaks with a hyphen, at a soft hyphen put between
// its letters (two at least on each side), never silently.
function fitNames(root) {
  for (const name of root.querySelectorAll(".card .name")) {
    name.style.fontSize = "";
    name.textContent = name.textContent.replaceAll("\u00ad", "");
    let size = parseFloat(getComputedStyle(name).fontSize);
    while (name.scrollWidth > name.clientWidth && size > 9) { size -= 1; name.style.fontSize = size + "px"; }
    if (name.scrollWidth > name.clientWidth) {
      name.textContent = name.textContent.split(" ").map((word) => word.length < 5 ? word
        : word[0] + [...word.slice(1, -2)].map((c, i) => (i ? "\u00ad" : "") + c).join("") + "\u00ad" + word.slice(-2)
      ).join(" ");
    }
  }
}
addEventListener("resize", () => fitNames($("hand")));

// Each player keeps the colour the TV gives their seat (south amber, north and west blue, east silver): this
// phone's own accents in its player's colour, each opponent's name, front and flags in theirs.
function seatColours(s, me, them) {
  const style = document.body.style, seat = (x) => "var(--seat-" + x + ")";
  style.setProperty("--mine", seat(me));
  style.setProperty("--theirs", seat(three(s) ? LEFT[me] : them));
  style.setProperty("--other", seat(three(s) ? RIGHT[me] : them));
}

// Before the game: who is in (real names, who is connected), and Start once every player is here.
function renderLobby(s, me, others, names) {
  const lob = ui.lobby;
  const seats = (lob && lob.seats) || {};
  // a seat the host plays itself is not among the remote seats: it is always in
  const hostsOwn = (seat) => three(s) && lob && !lob.table && !(seat in seats);
  const rows = seatsOf(s).map((seat) => {
    const entry = seats[seat] || {}, name = entry.name || (seat === me || hostsOwn(seat) ? names[seat] : null);
    const row = el("li", entry.here || seat === me || hostsOwn(seat) ? "here" : "away");
    row.dataset.seat = seat;
    row.textContent = name ? (seat === me ? t("{name} (you)", { name }) : name) : t("Waiting for a player…");
    return row;
  });
  $("seats").replaceChildren(...rows);
  const both = seatsOf(s).every((seat) => hostsOwn(seat) || (seats[seat] && seats[seat].here));
  const start = $("start-button");
  start.hidden = !(lob && lob.table && both) || !me;
  start.onclick = () => { if (send({ t: "start" })) start.disabled = true; };
  start.disabled = !playable(s);
  $("lobby-note").textContent = !me ? t("Watching: waiting for the game to start…") : !both ? t(three(s) ? "Waiting for the other players…" : "Waiting for a second player…")
    : lob && lob.table ? t(three(s) ? "All three players are in: start when you are ready."
      : "Both players are in: start when you are ready.") : t("The host starts the game.");
  $("watchers").textContent = lob && lob.watchers ? t("Watchers: {n}", { n: lob.watchers }) : "";
}

const HOW = { breakthrough: "Breakthrough: three flags side by side", envelopment: "Envelopment: five flags",
  flags: "more flags when both passed", draw: "a drawn game" };
const HOW3 = { ...HOW, breakthrough: "Breakthrough: three neighbouring flags of a line",  // R51
  envelopment: "Envelopment: four flags", flags: "more flags when all three passed" };

// After the game: who won and how, the flags, the match score, and Play again (every player agrees).
function renderEnd(s, me, others, names, result) {
  result = result || {};
  if (!me) {  // a watcher: who won and how, nothing to agree to
    $("end-title").textContent = result.winner ? t("{name} wins!", { name: s.players[result.winner] }) : t("A drawn game");
    $("end").className = "drawn";
    const how = (three(s) ? HOW3 : HOW)[result.how];
    $("end-how").textContent = how ? t(how) : "";
    for (const id of ["end-flags", "end-match", "end-note"]) $(id).textContent = "";
    $("again-button").hidden = true;
    return;
  }
  const won = result.winner === me, them = others[0], other = others[1];
  $("end-title").textContent = !result.winner ? t("A drawn game") : won ? t("You won!") : t("You lost.");
  $("end").className = !result.winner ? "drawn" : won ? "won" : "lost";
  const how = (three(s) ? HOW3 : HOW)[result.how];
  const winner = three(s) && result.winner && !won ? t("{name} wins!", { name: names[result.winner] }) + " " : "";
  $("end-how").textContent = winner + (how ? t(how) : "");
  const flags = result.flags || {};
  $("end-flags").textContent = other ? t("Flags: you {mine}, {name} {theirs}, {other} {others}",
    { mine: flags[me] || 0, name: names[them], theirs: flags[them] || 0, other: names[other], others: flags[other] || 0 })
    : t("Flags: you {mine}, {name} {theirs}", { mine: flags[me] || 0, name: names[them], theirs: flags[them] || 0 });
  const score = ui.score;
  $("end-match").textContent = score ? (other ? t("Match: you {mine}, {name} {theirs}, {other} {others}",
    { mine: score[me], name: names[them], theirs: score[them], other: names[other], others: score[other] })
    : t("Match: you {mine}, {name} {theirs}", { mine: score[me], name: names[them], theirs: score[them] }))
    + (ui.matchOver ? " · " + t("The match is over.") : "") : "";
  const asked = (ui.lobby && ui.lobby.again) || [];
  const again = $("again-button");
  again.hidden = ui.matchOver;
  again.disabled = asked.includes(me) || !playable(s);
  again.textContent = t(score && !ui.matchOver ? "Next game" : "Play again");
  again.onclick = () => { if (send({ t: "again" })) again.disabled = true; };
  const waited = others.filter((seat) => !asked.includes(seat)).map((seat) => names[seat]).join(", ");
  const wanting = others.filter((seat) => asked.includes(seat)).map((seat) => names[seat]), wants = wanting.join(", ");
  $("end-note").textContent = ui.matchOver ? "" : asked.includes(me) && waited ? t("Waiting for {name} to agree…", { name: waited })
    : wants ? (wanting.length > 1 ? t("{names} want to play again.", { names: wants })
      : t("{name} wants to play again.", { name: wants })) : "";
}

// The link: this phone's to the table, and the other players' (the table waits for a lost player).
function renderLink(s, me, others, names) {
  const seats = (ui.lobby && ui.lobby.seats) || {};
  let text = "";
  const lost = others.find((seat) => seats[seat] && seats[seat].name && !seats[seat].here);
  if (!playable(s)) text = "";  // the status line says it, in place of whose turn it is
  else if (s.started && lost) text = t("{name} has lost the link; the game waits.", { name: names[lost] });
  $("link").textContent = text;
}

// `kind`: true for a choice that acts (highlighted), "back" for one that undoes a step
function button(text, onTap, kind, extra) {
  const b = el("button", (kind === true ? "go" : kind || "") + (extra ? " " + extra : ""), text);
  b.onclick = onTap;
  return b;
}

// Which flags a tap on the miniature row settles: a flag is a target when exactly one action goes there.
function flagTargets(legal, phase) {
  const out = new Map();
  let candidates = [];
  if (phase === "claim") candidates = legal.filter((a) => a.type === "claim").map((a) => [a.flag, a]);
  else if (ui.chosen) {
    const mine = legal.filter((a) => a.card === ui.chosen && "flag" in a);
    candidates = mine.map((a) => [a.flag, a]);
  }
  for (const [n, a] of candidates) out.set(n, a);
  return out;
}

// The choices left for the chosen card: a flag; or a card on the table, then where it goes.
function playChoices(plays) {
  const card = ui.chosen;
  if (plays.length === 1 && !("flag" in plays[0]) && !("target" in plays[0])) {
    ui.part = null;
    return [button(t("Play this card") + ": " + label(card), () => act(plays[0]), true)];
  }
  if ("flag" in plays[0]) {
    ui.part = t("Choose a flag for {card}.", { card: label(card) });
    return plays.map((a) => button(t("To flag {flag}", { flag: a.flag }), () => act(a), true, "flag"));
  }
  if (!ui.stage || ui.stage.target === undefined) {
    const seen = new Map();
    for (const a of plays) seen.set(a.from_flag + ":" + a.target, a);
    let pairs = [...seen.values()];
    const flags = [...new Set(pairs.map((a) => a.from_flag))];
    // many cards to choose from (a Deserter late in a game): the flag first, then a card there, so that
    // every button fits the smallest phone without scrolling
    if (!ui.stage && pairs.length > 6 && flags.length > 1) {
      ui.part = t("Choose a flag for {card}.", { card: label(card) });
      return flags.map((n) => button(t("At flag {flag}", { flag: n }), () => { ui.stage = { from_flag: n }; render(); },
        true, "flag"));
    }
    if (ui.stage) pairs = pairs.filter((a) => a.from_flag === ui.stage.from_flag);
    ui.part = t("Choose a card on the table.");
    const out = pairs.map((a) => button(label(a.target) + " · " + t("At flag {flag}", { flag: a.from_flag }), () => {
      ui.stage = { from_flag: a.from_flag, target: a.target };
      const left = plays.filter((x) => x.from_flag === a.from_flag && x.target === a.target);
      if (left.length === 1 && !("to_flag" in left[0])) act(left[0]); else render();
    }, true, "pick"));
    if (ui.stage) out.push(button(t("Back"), () => { ui.stage = null; render(); }, "back"));
    return out;
  }
  ui.part = t("Choose where {card} goes.", { card: label(ui.stage.target) });
  const left = plays.filter((x) => x.from_flag === ui.stage.from_flag && x.target === ui.stage.target);
  return [...left.map((a) => button(a.to_flag === null ? t("Discard it") : t("To flag {flag}", { flag: a.to_flag }),
    () => act(a), true, "flag")), button(t("Back"), () => { ui.stage = null; render(); }, "back")];
}

// ------------------------------------------------------------------ start
function start() {
  const params = new URLSearchParams(location.search);
  const s = saved();
  $("code").value = params.get("code") || s.code || "";
  $("name").value = s.name || "";
  $("join-button").onclick = () => { ui.watch = false; join(); };
  $("watch-button").onclick = () => { ui.watch = true; join(); };
  $("lang").onchange = () => { save({ lang: $("lang").value }); loadWords($("lang").value); };
  loadWords(pickLanguage());
  if (s.token && s.code && (!params.get("code") || params.get("code") === s.code)) ui.joined = true; // a reload: rejoin
  connect();
  document.addEventListener("visibilitychange", () => { if (!document.hidden) connect(); });
  // leaving the page (even into the back-forward cache) says goodbye at once: the table sees who is here
  window.addEventListener("pagehide", () => { const ws = ui.ws; ui.ws = null; if (ws) ws.close(); });
  window.addEventListener("pageshow", (ev) => { if (ev.persisted) connect(); });
  render();
}

start();
