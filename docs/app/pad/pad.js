// The score pad: a Wizard game's bids and tricks, round by round, at a real table on a phone.
// Every number, check and refusal comes from the library through the shell (app.call →
// pad_app.py → wizardrules.ScoreSheet); this script lays out what it gets, keeps the games on
// the device (each as its share code) and puts the current game's code in the address.

import { startApp } from "../shell.js";

const WORDS = {
  en: {
    title: "Score pad",
    tabs: { pad: "Game", games: "Games", new: "New game" },
    setupTitle: "New game",
    players: "Players",
    name: "Player {n}",
    nameLabel: "Name of player {n}",
    preset: "Rules",
    options: "Options",
    bidRule: "Bid rule",
    blind: "Blind bids allowed (B: double points)",
    clairvoyance: "Clairvoyance in round 1",
    tiebreak: "Equal totals",
    specials: "Special cards",
    rounds: "Rounds",
    roundsOf: "{rounds} of {full}",
    firstDealer: "Deals first",
    start: "Start the game",
    roundTitle: "Round {round} of {rounds}",
    cardsEach: "{cards} cards each",
    cardEach: "1 card each",
    deals: "Deals",
    bidsFirst: "Bids first",
    dealerBadge: "deals",
    firstBadge: "bids first",
    enterBids: "Bids, in bidding order",
    enterTricks: "Tricks taken",
    blindMark: "B",
    blindLabel: "{name} bids blind",
    recordBids: "Record the bids",
    recordTricks: "Record the tricks",
    bidOf: "bid {bid}",
    bidChanged: "bid {bid} → {final}",
    refusedBid: "{name} may not bid {bid}: {reason}",
    waitBid: "Bids missing: {names}",
    waitTricks: "Tricks missing: {names}",
    trickSum: "{sum} of {of} tricks",
    bomb: "A Bomb voided one trick",
    cloudTitle: "A Cloud changed a bid",
    cloudWho: "Whose bid",
    cloudUp: "+1",
    cloudDown: "−1",
    cloudDone: "The Cloud's change is recorded.",
    trump: "Trump (optional)",
    noTrumpRecorded: "—",
    undo: "Undo",
    undoLabel: "Undo the last entry",
    history: "Every entry",
    backTo: "Back to here",
    backToStart: "Back to the start",
    standings: "Standings",
    place: "Place",
    total: "Total",
    lastRound: "last round",
    chart: "Chart",
    statistics: "Statistics",
    statsHead: { exact: "Exact", rate: "Hit", over: "Over", under: "Under", miss: "⌀ miss", best: "Best", worst: "Worst", streak: "Streak" },
    statsNote: "Exact: bids hit; over, under: rounds with more or fewer tricks than the bid; ⌀ miss: tricks off the bid a round; streak: exact rounds in a row.",
    roundsTitle: "Rounds",
    swipe: "Swipe for the other rounds.",
    gameOver: "Game over",
    share: "Share and save",
    shareText: "This link opens the game on another phone:",
    copy: "Copy link",
    copied: "Copied.",
    copyFailed: "Copy did not work: select the link and copy it by hand.",
    exportCsv: "CSV (spreadsheet)",
    exportJson: "JSON (exact)",
    importFile: "Open a file… (JSON, CSV or a share code)",
    imported: "Opened the game from {name}.",
    tooBig: "The file {name} is larger than 16 MB.",
    gamesTitle: "Games on this device",
    noGames: "No games yet.",
    open: "Open",
    delete: "Delete",
    deleteAsk: "Delete the game of {names}?",
    current: "open now",
    finished: "finished",
    roundOfGame: "round {round} of {rounds}",
    updated: "{date}",
    newFromLink: "Opened the game from the link.",
    badLink: "The link holds no game this app can read: {reason}",
    dropped: "A game kept on this device could not be read and was left out: {reason}",
    saveFailed: "This device did not keep the game ({reason}); export it to be safe.",
    noGame: "No game is open. Start a new one, or open one of your games.",
    ready: "Ready, also offline.",
    footer: "Every entry is checked against the rules of Wizard as you make it.",
  },
  de: {
    title: "Spielblock",
    tabs: { pad: "Partie", games: "Partien", new: "Neue Partie" },
    setupTitle: "Neue Partie",
    players: "Mitspieler",
    name: "Spieler {n}",
    nameLabel: "Name von Spieler {n}",
    preset: "Regeln",
    options: "Optionen",
    bidRule: "Ansage-Regel",
    blind: "Blind ansagen erlaubt (B: doppelte Punkte)",
    clairvoyance: "Hellsehen in Runde 1",
    tiebreak: "Gleiche Summe",
    specials: "Sonderkarten",
    rounds: "Runden",
    roundsOf: "{rounds} von {full}",
    firstDealer: "Gibt zuerst",
    start: "Partie beginnen",
    roundTitle: "Runde {round} von {rounds}",
    cardsEach: "je {cards} Karten",
    cardEach: "je 1 Karte",
    deals: "Gibt",
    bidsFirst: "Sagt zuerst an",
    dealerBadge: "gibt",
    firstBadge: "sagt zuerst an",
    enterBids: "Ansagen, in Reihenfolge",
    enterTricks: "Gemachte Stiche",
    blindMark: "B",
    blindLabel: "{name} sagt blind an",
    recordBids: "Ansagen eintragen",
    recordTricks: "Stiche eintragen",
    bidOf: "Ansage {bid}",
    bidChanged: "Ansage {bid} → {final}",
    refusedBid: "{name} darf nicht {bid} ansagen: {reason}",
    waitBid: "Es fehlen Ansagen: {names}",
    waitTricks: "Es fehlen Stiche: {names}",
    trickSum: "{sum} von {of} Stichen",
    bomb: "Eine Bombe hat einen Stich aufgehoben",
    cloudTitle: "Eine Wolke hat eine Ansage geändert",
    cloudWho: "Wessen Ansage",
    cloudUp: "+1",
    cloudDown: "−1",
    cloudDone: "Die Änderung der Wolke ist eingetragen.",
    trump: "Trumpf (freiwillig)",
    noTrumpRecorded: "—",
    undo: "Rückgängig",
    undoLabel: "Den letzten Eintrag rückgängig machen",
    history: "Alle Einträge",
    backTo: "Bis hierher zurück",
    backToStart: "Zurück zum Anfang",
    standings: "Stand",
    place: "Platz",
    total: "Summe",
    lastRound: "letzte Runde",
    chart: "Verlauf",
    statistics: "Statistik",
    statsHead: { exact: "Treffer", rate: "Quote", over: "Zu viel", under: "Zu wenig", miss: "⌀ daneben", best: "Beste", worst: "Schlechteste", streak: "Serie" },
    statsNote: "Treffer: genau erfüllte Ansagen; zu viel, zu wenig: Runden mit mehr oder weniger Stichen als angesagt; ⌀ daneben: Stiche neben der Ansage je Runde; Serie: Treffer in Folge.",
    roundsTitle: "Runden",
    swipe: "Wischen für die anderen Runden.",
    gameOver: "Partie zu Ende",
    share: "Teilen und sichern",
    shareText: "Dieser Link öffnet die Partie auf einem anderen Handy:",
    copy: "Link kopieren",
    copied: "Kopiert.",
    copyFailed: "Kopieren hat nicht geklappt: Link markieren und von Hand kopieren.",
    exportCsv: "CSV (Tabelle)",
    exportJson: "JSON (exakt)",
    importFile: "Datei öffnen… (JSON, CSV oder ein Code)",
    imported: "Die Partie aus {name} ist geöffnet.",
    tooBig: "Die Datei {name} ist größer als 16 MB.",
    gamesTitle: "Partien auf diesem Gerät",
    noGames: "Noch keine Partien.",
    open: "Öffnen",
    delete: "Löschen",
    deleteAsk: "Die Partie von {names} löschen?",
    current: "gerade offen",
    finished: "beendet",
    roundOfGame: "Runde {round} von {rounds}",
    updated: "{date}",
    newFromLink: "Die Partie aus dem Link ist geöffnet.",
    badLink: "Der Link enthält keine Partie, die diese App lesen kann: {reason}",
    dropped: "Eine auf diesem Gerät gespeicherte Partie war nicht lesbar und bleibt weg: {reason}",
    saveFailed: "Dieses Gerät hat die Partie nicht gespeichert ({reason}); exportiere sie zur Sicherheit.",
    noGame: "Keine Partie offen. Beginne eine neue oder öffne eine deiner Partien.",
    ready: "Bereit, auch offline.",
    footer: "Jeder Eintrag wird beim Eintragen an den Wizard-Regeln geprüft.",
  },
};

const TABS = ["pad", "games", "new"];
const GAMES = "games";
const CURRENT = "current";
const MAX_GAMES = 200;
const MAX_FILE = 16 * 1024 * 1024;
const CODE = /^1[A-Za-z0-9_-]{4,65535}$/;
const ID = /^[a-z0-9]{6,24}$/;

const put = (el, ...children) => el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
const newId = () => Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(36).padStart(2, "0")).join("").slice(0, 12);

// -- what the device keeps, checked when read back ------------------------------------------------

/** The games list kept on the device: each {id, code, names, round, rounds, over, updated}, checked field by field. */
export function checkGames(value) {
  if (!Array.isArray(value)) throw new Error("not a list of games");
  if (value.length > MAX_GAMES) throw new Error(`more than ${MAX_GAMES} games`);
  const seen = new Set();
  return value.map((game, index) => {
    const field = (key) => (game !== null && typeof game === "object" && Object.hasOwn(game, key) ? game[key] : undefined);
    const id = field("id");
    const code = field("code");
    const names = field("names");
    const updated = field("updated");
    if (typeof id !== "string" || !ID.test(id) || seen.has(id)) throw new Error(`game ${index + 1} has no id of its own`);
    if (typeof code !== "string" || !CODE.test(code)) throw new Error(`game ${index + 1} has no share code`);
    if (!Array.isArray(names) || names.length < 3 || names.length > 6 || !names.every((n) => typeof n === "string" && n.length <= 100)) throw new Error(`game ${index + 1} has no 3 to 6 names`);
    if (!Number.isFinite(updated)) throw new Error(`game ${index + 1} has no date`);
    seen.add(id);
    const round = field("round");
    const rounds = field("rounds");
    return {
      id, code, names, updated,
      round: Number.isInteger(round) ? round : null,
      rounds: Number.isInteger(rounds) ? rounds : null,
      over: field("over") === true,
    };
  });
}

/** The id of the game open now, or null. */
export function checkCurrent(value) {
  if (value === null) return null;
  if (typeof value !== "string" || !ID.test(value)) throw new Error("not a game's id");
  return value;
}

// -- the app ----------------------------------------------------------------------------------------

function padApp(app) {
  const { h, t } = app;
  const state = {
    tab: "pad",
    games: app.store.read(GAMES, checkGames, []),
    current: app.store.read(CURRENT, checkCurrent, null),
    pad: null, // the library's answer for the game open now
    typed: null, // what is entered for the round and not yet recorded
    problem: null, // the library's last refusal, shown until the next entry
    setup: { count: 4, names: [], preset: "official", bidRule: null, blind: false, clairvoyance: false, tiebreak: null, specials: null, rounds: null, firstDealer: 0 },
  };

  const header = h("header", { class: "app-bar" });
  const nav = h("nav", { class: "pad-tabs", "aria-label": "sections" });
  const views = Object.fromEntries(TABS.map((name) => [name, h("section", { class: "pad-view", id: `view-${name}`, "data-view": name, tabindex: "-1" })]));
  const footer = h("footer", { class: "pad-footer" });
  const languages = app.languageSwitch();
  app.root.append(header, nav, ...Object.values(views), footer);

  const fresh = () => ({ bids: {}, blind: new Set(), tricks: {}, bomb: false, trump: "", cloudSeat: null });

  function save() {
    try {
      app.store.write(GAMES, state.games);
      app.store.write(CURRENT, state.current);
    } catch (error) {
      app.notice(t("saveFailed", { reason: error.message || String(error) }));
    }
  }

  function remember(pad) {
    // the open game's share code goes on the device and into the address
    const game = state.games.find((g) => g.id === state.current);
    const record = { code: pad.code, names: pad.players, round: pad.round, rounds: pad.rounds, over: pad.is_over, updated: Date.now() };
    if (game) Object.assign(game, record);
    else {
      state.current = newId();
      state.games.unshift({ id: state.current, ...record });
      if (state.games.length > MAX_GAMES) state.games.length = MAX_GAMES;
    }
    save();
    history.replaceState(null, "", `#${pad.code}`);
  }

  function take(answer) {
    // a new pad from the library: kept and drawn; a refusal: shown, the pad as it was
    if (answer.error) {
      state.problem = answer.error;
      drawPad();
      return false;
    }
    state.pad = answer;
    state.problem = null;
    remember(answer);
    return true;
  }

  function entry(action, args = {}) {
    const started = performance.now();
    const answer = app.call("step", { code: state.pad.code, action, lang: app.lang, ...args });
    if (take(answer)) {
      state.typed = fresh();
      drawPad();
    }
    // milliseconds from the tap to the pad drawn anew (table, chart and statistics): for the benchmark
    app.root.dataset.entryMs = String(Math.round(performance.now() - started));
  }

  function openGame(game) {
    const answer = app.call("show", { code: game.code, lang: app.lang });
    if (answer.error) {
      app.notice(t("dropped", { reason: answer.error }));
      state.games = state.games.filter((g) => g.id !== game.id);
      if (state.current === game.id) state.current = null;
      save();
      return false;
    }
    state.current = game.id;
    state.pad = answer;
    state.typed = fresh();
    state.problem = null;
    history.replaceState(null, "", `#${answer.code}`);
    save();
    return true;
  }

  function hints() {
    // the allowed bids of each bidder, given the bids typed before: asked again as bids are typed
    const typed = Object.fromEntries(Object.entries(state.typed.bids).map(([seat, bid]) => [seat, bid]));
    const answer = app.call("show", { code: state.pad.code, lang: app.lang, bids: typed });
    if (!answer.error) state.pad.hints = answer.hints;
  }

  // -- the header and tabs --------------------------------------------------------------------------

  function drawChrome() {
    document.title = `${t("title")} · Wizard`;
    put(header, h("h1", { text: t("title") }), languages);
    put(nav, TABS.map((name) =>
      h("button", { type: "button", class: "app-plain", "data-tab": name, "aria-current": state.tab === name ? "page" : "false", onclick: () => show(name), text: t("tabs")[name] })));
    put(footer, h("p", { text: t("footer") }), h("p", { class: "pad-offline", text: app.root.dataset.offline === "true" ? t("ready") : "" }));
  }

  function show(name) {
    state.tab = name;
    for (const [key, view] of Object.entries(views)) view.hidden = key !== name;
    drawChrome();
    if (name === "pad") drawPad();
    if (name === "games") drawGames();
    if (name === "new") drawSetup();
  }

  // -- the game open now ----------------------------------------------------------------------------

  function numberRow(seat, max, chosen, { refused = {}, name, kind }) {
    return h("div", { class: "pad-numbers", role: "group", "aria-label": name },
      Array.from({ length: max + 1 }, (_, value) => {
        const reason = refused[value];
        return h("button", {
          type: "button",
          class: "pad-number",
          "data-seat": seat,
          "data-value": value,
          "data-kind": kind,
          "aria-pressed": String(chosen === value),
          "aria-disabled": reason ? "true" : null,
          title: reason || null,
          text: String(value),
          onclick: () => choose(kind, seat, value, reason),
        });
      }));
  }

  function choose(kind, seat, value, reason) {
    if (kind === "bid") {
      if (reason) {
        state.problem = t("refusedBid", { name: state.pad.players[seat], bid: value, reason });
        drawPad();
        return;
      }
      state.typed.bids[seat] = value;
      // bids after this one in bidding order may now be refused: ask again
      hints();
    } else {
      state.typed.tricks[seat] = value;
    }
    state.problem = null;
    drawPad();
  }

  function badges(pad, seat) {
    return [
      seat === pad.dealer ? h("span", { class: "pad-badge", "data-badge": "dealer", text: t("dealerBadge") }) : null,
      seat === pad.first_bidder ? h("span", { class: "pad-badge", "data-badge": "first", text: t("firstBadge") }) : null,
    ];
  }

  function bidsForm(pad) {
    const rows = pad.order.map((seat) => {
      const hint = pad.hints.find((x) => x.seat === seat) || { refused: {} };
      const name = pad.players[seat];
      const refused = Object.entries(hint.refused);
      return h("div", { class: "pad-entry", "data-seat": seat },
        h("div", { class: "pad-entry-head" }, h("span", { class: "pad-name", text: name }), badges(pad, seat),
          pad.blind_bids ? h("label", { class: "pad-blind" },
            h("input", { type: "checkbox", name: `blind-${seat}`, checked: state.typed.blind.has(seat), "aria-label": t("blindLabel", { name }),
              onchange: (e) => (e.target.checked ? state.typed.blind.add(seat) : state.typed.blind.delete(seat)) }),
            h("span", { text: t("blindMark") })) : null),
        numberRow(seat, pad.cards, state.typed.bids[seat], { refused: hint.refused, name, kind: "bid" }),
        refused.length ? h("p", { class: "pad-hint", "data-refused": refused.map(([bid]) => bid).join(" "),
          text: refused.map(([bid, reason]) => t("refusedBid", { name, bid, reason })).join(" ") }) : null);
    });
    const missing = pad.order.filter((seat) => !Object.hasOwn(state.typed.bids, seat)).map((seat) => pad.players[seat]);
    const record = () => {
      const bids = pad.players.map((_, seat) => state.typed.bids[seat]);
      entry("bids", { bids, blind: [...state.typed.blind] });
    };
    return [
      h("h3", { text: t("enterBids") }),
      rows,
      h("div", { class: "pad-actions" },
        h("button", { type: "button", name: "record-bids", disabled: missing.length > 0, onclick: record, text: t("recordBids") }),
        missing.length ? h("span", { class: "pad-wait", text: t("waitBid", { names: missing.join(", ") }) }) : null),
    ];
  }

  function cloudForm(pad) {
    if (!pad.cloud || pad.pending.cloud) return pad.cloud && pad.pending.cloud ? h("p", { class: "pad-small", text: t("cloudDone") }) : null;
    const who = h("select", { name: "cloud-seat", "aria-label": t("cloudWho") },
      pad.players.map((name, seat) => h("option", { value: seat, text: name })));
    const change = (direction) => entry("cloud", { seat: Number(who.value), change: direction });
    return h("details", { class: "pad-cloud" }, h("summary", { text: t("cloudTitle") }),
      h("div", { class: "pad-actions" }, who,
        h("button", { type: "button", name: "cloud-up", class: "app-plain", onclick: () => change("up"), text: t("cloudUp") }),
        h("button", { type: "button", name: "cloud-down", class: "app-plain", onclick: () => change("down"), text: t("cloudDown") })));
  }

  function tricksForm(pad) {
    const rows = pad.players.map((name, seat) => {
      const bid = pad.pending.bids[seat];
      const final = pad.pending.final_bids[seat];
      const blind = pad.pending.blind[seat];
      const said = (bid === final ? t("bidOf", { bid }) : t("bidChanged", { bid, final })) + (blind ? ` ${t("blindMark")}` : "");
      return h("div", { class: "pad-entry", "data-seat": seat },
        h("div", { class: "pad-entry-head" }, h("span", { class: "pad-name", text: name }), h("span", { class: "pad-said", text: said })),
        numberRow(seat, pad.cards, state.typed.tricks[seat], { name, kind: "trick" }));
    });
    const taken = Object.values(state.typed.tricks).reduce((a, b) => a + b, 0);
    const of = pad.cards - (state.typed.bomb ? 1 : 0);
    const missing = pad.players.filter((_, seat) => !Object.hasOwn(state.typed.tricks, seat));
    const record = () => {
      entry("tricks", { tricks: pad.players.map((_, seat) => state.typed.tricks[seat]), bombs: state.typed.bomb ? 1 : 0, trump: state.typed.trump || null });
    };
    const trump = pad.fixed_trump ? null : h("label", { class: "pad-field" }, h("span", { text: t("trump") }),
      h("select", { name: "trump", onchange: (e) => (state.typed.trump = e.target.value) },
        h("option", { value: "", text: t("noTrumpRecorded") }),
        pad.suits.map((s) => h("option", { value: s.letter, selected: state.typed.trump === s.letter, text: `${s.symbol} ${s.name}` }))));
    return [
      cloudForm(pad),
      h("h3", { text: t("enterTricks") }),
      rows,
      pad.bomb ? h("label", { class: "pad-check" }, h("input", { type: "checkbox", name: "bomb", checked: state.typed.bomb, onchange: (e) => ((state.typed.bomb = e.target.checked), drawPad()) }), h("span", { text: t("bomb") })) : null,
      trump,
      h("div", { class: "pad-actions" },
        h("button", { type: "button", name: "record-tricks", disabled: missing.length > 0, onclick: record, text: t("recordTricks") }),
        h("span", { class: "pad-sum", "data-sum": taken, "data-of": of, text: t("trickSum", { sum: taken, of }) }),
        missing.length ? h("span", { class: "pad-wait", text: t("waitTricks", { names: missing.join(", ") }) }) : null),
    ];
  }

  function roundCard(pad) {
    if (pad.is_over) {
      return h("div", { class: "pad-round pad-over" }, h("h2", { text: t("gameOver") }), h("p", { class: "pad-winner", text: pad.winner_text }));
    }
    return h("div", { class: "pad-round", "data-round": pad.round, "data-phase": pad.phase },
      h("h2", { text: t("roundTitle", { round: pad.round, rounds: pad.rounds }) }),
      h("p", { class: "pad-small" }, pad.cards === 1 ? t("cardEach") : t("cardsEach", { cards: pad.cards }), " · ",
        h("span", { "data-role": "dealer" }, `${t("deals")}: `, h("strong", { text: pad.players[pad.dealer] })), " · ",
        h("span", { "data-role": "first" }, `${t("bidsFirst")}: `, h("strong", { text: pad.players[pad.first_bidder] }))),
      state.problem ? h("p", { class: "pad-problem app-no", role: "alert", text: state.problem }) : null,
      pad.phase === "bids" ? bidsForm(pad) : tricksForm(pad));
  }

  function undoBar(pad) {
    if (!pad.entries) return null;
    const back = (index) => entry("back", { back: index });
    return h("div", { class: "pad-undo" },
      h("button", { type: "button", name: "undo", class: "app-plain", onclick: () => entry("undo"), title: t("undoLabel"), text: `↶ ${t("undo")}` }),
      h("details", { class: "pad-log" }, h("summary", { text: t("history") }),
        h("ol", {}, [
          h("li", {}, h("button", { type: "button", class: "app-plain", "data-back": 0, onclick: () => back(0), text: t("backToStart") })),
          ...pad.log.map((item) => h("li", {}, h("span", { text: item.label }), " ",
            item.index < pad.entries ? h("button", { type: "button", class: "app-plain", "data-back": item.index, onclick: () => back(item.index), text: t("backTo") }) : null)),
        ])));
  }

  function standings(pad) {
    return h("section", { class: "pad-block", "data-block": "standings" },
      h("h3", { text: t("standings") }),
      h("ol", { class: "pad-standings" }, pad.standings.map((row) =>
        h("li", { "data-seat": row.seat, "data-place": row.place, "data-total": row.total },
          h("span", { class: "pad-place", title: t("place"), text: `${row.place}.` }),
          h("span", { class: "pad-name", text: row.name }),
          badges(pad, row.seat),
          h("span", { class: "pad-total", title: t("total"), text: String(row.total) }),
          row.last === null ? null : h("span", { class: `pad-last ${row.last >= 0 ? "app-yes" : "app-no"}`, title: t("lastRound"), text: row.last > 0 ? `+${row.last}` : String(row.last) })))),
      pad.tie_note ? h("p", { class: "pad-small", text: pad.tie_note }) : null);
  }

  function chart(pad) {
    if (!pad.chart) return null;
    const box = h("div", { class: "app-picture pad-chart" });
    box.innerHTML = pad.chart; // drawn by wizardrules.svg, which escapes every text it puts in
    const svg = box.querySelector("svg");
    // never drawn smaller than its natural size, so its text stays readable: a wide one scrolls
    if (svg && svg.getAttribute("width")) svg.style.minWidth = `${svg.getAttribute("width")}px`;
    return h("section", { class: "pad-block", "data-block": "chart" }, h("h3", { text: t("chart") }), box);
  }

  function statistics(pad) {
    const head = t("statsHead");
    const number = (value) => (app.lang === "de" ? value.toFixed(2).replace(".", ",") : value.toFixed(2));
    const percent = (value) => (app.lang === "de" ? `${Math.round(100 * value)} %` : `${Math.round(100 * value)}%`);
    const signed = (value) => (value === null ? "–" : value > 0 ? `+${value}` : String(value));
    const figure = (key, label, value) => h("span", { class: "pad-figure", "data-stat": key }, h("span", { class: "pad-figure-label", text: label }), " ", h("strong", { text: value }));
    return h("section", { class: "pad-block", "data-block": "statistics" },
      h("h3", { text: t("statistics") }),
      h("ul", { class: "pad-stats" }, pad.statistics.map((s, seat) =>
        h("li", { "data-seat": seat },
          h("span", { class: "pad-name", text: s.player }),
          h("span", { class: "pad-figures" },
            figure("exact", head.exact, `${s.exact}/${s.rounds} · ${percent(s.hit_rate)}`),
            figure("over", head.over, String(s.over)),
            figure("under", head.under, String(s.under)),
            figure("miss", head.miss, number(s.mean_miss)),
            figure("best", head.best, signed(s.best)),
            figure("worst", head.worst, signed(s.worst)),
            figure("streak", head.streak, String(s.streak)))))),
      h("p", { class: "pad-small", text: t("statsNote") }));
  }

  function roundsGrid(pad) {
    if (!pad.rows.length) return null;
    const cell = (c) => h("td", { class: c.hit ? "pad-hit" : "pad-miss" },
      h("span", { class: "pad-cell-bid", text: `${c.bid === c.final ? c.bid : `${c.bid}→${c.final}`}${c.blind ? "B" : ""}/${c.tricks}` }),
      h("span", { class: "pad-cell-points", text: c.points > 0 ? `+${c.points}` : String(c.points) }));
    const scroller = h("div", { class: "pad-scroll", tabindex: "0", role: "region", "aria-label": t("roundsTitle") },
      h("table", { class: "pad-rounds" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "pad-sticky", text: "" }), pad.rows.map((r) => h("th", { scope: "col", text: `${r.number}${r.bombs ? "*" : ""}` })))),
        h("tbody", {}, pad.players.map((name, seat) => h("tr", { "data-seat": seat },
          h("th", { scope: "row", class: "pad-sticky", text: name }), pad.rows.map((r) => cell(r.cells[seat])))))));
    const hint = h("p", { class: "pad-small pad-swipe", text: t("swipe"), hidden: true });
    requestAnimationFrame(() => {
      scroller.scrollLeft = scroller.scrollWidth; // the newest rounds in view
      hint.hidden = scroller.scrollWidth <= scroller.clientWidth + 1;
    });
    return h("section", { class: "pad-block", "data-block": "rounds" }, h("h3", { text: t("roundsTitle") }), scroller, hint);
  }

  function shareBlock(pad) {
    const link = `${location.origin}${location.pathname}#${pad.code}`;
    const field = h("input", { type: "text", name: "share-link", readonly: true, value: link, "aria-label": t("shareText") });
    const said = h("span", { class: "pad-small", role: "status" });
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(link);
        said.textContent = t("copied");
      } catch {
        field.select();
        said.textContent = document.execCommand && document.execCommand("copy") ? t("copied") : t("copyFailed");
      }
    };
    const download = (form) => {
      const file = app.call("export", { code: pad.code, form, lang: app.lang });
      if (file.error) return app.notice(file.error);
      const url = URL.createObjectURL(new Blob([file.text], { type: `${file.type};charset=utf-8` }));
      const a = h("a", { href: url, download: file.name });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    };
    const upload = h("input", { type: "file", name: "import", class: "app-hidden", accept: ".json,.csv,.txt,application/json,text/csv,text/plain", onchange: (e) => readFile(e.target) });
    return h("section", { class: "pad-block", "data-block": "share" },
      h("h3", { text: t("share") }),
      h("p", { text: t("shareText") }), field,
      h("div", { class: "pad-actions" },
        h("button", { type: "button", name: "copy", onclick: copy, text: t("copy") }), said),
      h("div", { class: "pad-actions" },
        h("button", { type: "button", name: "export-csv", class: "app-plain", onclick: () => download("csv"), text: t("exportCsv") }),
        h("button", { type: "button", name: "export-json", class: "app-plain", onclick: () => download("json"), text: t("exportJson") })),
      h("div", { class: "pad-actions" }, upload,
        h("button", { type: "button", name: "choose-file", class: "app-plain", onclick: () => upload.click(), text: t("importFile") })));
  }

  function readFile(input) {
    const file = input.files && input.files[0];
    if (!file) return;
    if (file.size > MAX_FILE) return app.notice(t("tooBig", { name: file.name }));
    const reader = new FileReader();
    reader.onload = () => {
      const answer = app.call("load", { text: String(reader.result), lang: app.lang, like: state.pad ? state.pad.code : null });
      input.value = "";
      if (answer.error) {
        state.problem = answer.error;
        return drawPad();
      }
      state.current = null;
      state.pad = answer;
      state.typed = fresh();
      state.problem = null;
      remember(answer);
      app.notice(t("imported", { name: file.name }));
      show("pad");
    };
    reader.readAsText(file);
  }

  function drawPad() {
    const view = views.pad;
    const pad = state.pad;
    if (!pad) {
      put(view, h("p", { class: "pad-empty", text: t("noGame") }),
        h("div", { class: "pad-actions" }, h("button", { type: "button", onclick: () => show("new"), text: t("tabs").new })));
      return;
    }
    put(view,
      roundCard(pad),
      undoBar(pad),
      standings(pad),
      chart(pad),
      pad.rows.length ? statistics(pad) : null,
      roundsGrid(pad),
      shareBlock(pad));
    view.dataset.entries = String(pad.entries);
  }

  // -- the games on this device -----------------------------------------------------------------------

  function drawGames() {
    const view = views.games;
    const date = new Intl.DateTimeFormat(app.lang, { dateStyle: "medium", timeStyle: "short" });
    const list = state.games.map((game) => {
      const status = game.over ? t("finished") : game.round ? t("roundOfGame", { round: game.round, rounds: game.rounds }) : "";
      return h("li", { class: "pad-game", "data-game": game.id },
        h("div", {}, h("strong", { text: game.names.join(", ") }),
          h("p", { class: "pad-small", text: [status, date.format(new Date(game.updated)), game.id === state.current ? t("current") : ""].filter(Boolean).join(" · ") })),
        h("div", { class: "pad-actions" },
          h("button", { type: "button", name: "open", onclick: () => openGame(game) && show("pad"), text: t("open") }),
          h("button", { type: "button", name: "delete", class: "app-plain", onclick: () => remove(game), text: t("delete") })));
    });
    put(view, h("h2", { text: t("gamesTitle") }), list.length ? h("ul", { class: "pad-games" }, list) : h("p", { text: t("noGames") }));
  }

  function remove(game) {
    if (!confirm(t("deleteAsk", { names: game.names.join(", ") }))) return;
    state.games = state.games.filter((g) => g.id !== game.id);
    if (state.current === game.id) {
      state.current = null;
      state.pad = null;
      history.replaceState(null, "", location.pathname + location.search);
    }
    save();
    drawGames();
  }

  // -- a new game -------------------------------------------------------------------------------------

  function drawSetup() {
    const view = views.new;
    const s = state.setup;
    const offer = app.call("options", { lang: app.lang });
    const names = Array.from({ length: s.count }, (_, i) => s.names[i] ?? "");
    const preset = app.call("setup", { preset: s.preset, players: s.count, lang: app.lang });
    const found = preset.error ? null : preset;
    const full = found ? found.rounds : 1;
    const problem = h("p", { class: "pad-problem app-no", role: "alert", hidden: !preset.error, text: preset.error || "" });
    const select = (name, choices, value, onchange) =>
      h("select", { name, onchange: (e) => onchange(e.target.value) },
        Object.entries(choices).map(([v, text]) => h("option", { value: v, text, selected: String(v) === String(value) })));
    const field = (label, control) => h("label", { class: "pad-field" }, h("span", { text: label }), control);
    const check = (name, label, checked, onchange) =>
      h("label", { class: "pad-check" }, h("input", { type: "checkbox", name, checked, onchange: (e) => onchange(e.target.checked) }), h("span", { text: label }));
    // what is chosen now: the setup's own choice, else the preset's (read again when the game starts)
    const chosen = () => ({
      bidRule: s.bidRule ?? (found ? found.bid_rule : "free"),
      blind: s.blind ?? (found ? found.blind : false),
      tiebreak: s.tiebreak ?? (found ? found.tiebreak : "none"),
      specials: s.specials ?? (found ? found.specials : []),
      rounds: Math.min(s.rounds ?? full, full),
    });
    const { bidRule, blind, tiebreak, specials, rounds } = chosen();
    const start = () => {
      const players = Array.from({ length: s.count }, (_, i) => (s.names[i] ?? "").trim() || t("name", { n: i + 1 }));
      const now = chosen();
      const answer = app.call("new", {
        players, preset: s.preset, bid_rule: now.bidRule, blind: now.blind, clairvoyance: s.clairvoyance,
        specials: now.specials, tiebreak: now.tiebreak, rounds: now.rounds,
        first_dealer: Math.min(s.firstDealer, s.count - 1), lang: app.lang,
      });
      if (answer.error) {
        problem.hidden = false;
        problem.textContent = answer.error;
        return;
      }
      state.current = null;
      state.pad = answer;
      state.typed = fresh();
      state.problem = null;
      remember(answer);
      show("pad");
    };
    put(view,
      h("h2", { text: t("setupTitle") }),
      h("div", { class: "pad-field" }, h("span", { text: t("players") }),
        h("div", { class: "pad-numbers", role: "group", "aria-label": t("players") }, [3, 4, 5, 6].map((n) =>
          h("button", { type: "button", class: "pad-number", name: `count-${n}`, "aria-pressed": String(n === s.count), text: String(n), onclick: () => ((s.count = n), (s.rounds = null), drawSetup()) })))),
      h("ol", { class: "pad-names" }, names.map((value, i) =>
        h("li", {}, h("input", { type: "text", name: `name-${i + 1}`, value, maxlength: 100, autocomplete: "off", placeholder: t("name", { n: i + 1 }), "aria-label": t("nameLabel", { n: i + 1 }),
          oninput: (e) => (s.names[i] = e.target.value) })))),
      field(t("firstDealer"), select("first-dealer", Object.fromEntries(names.map((n, i) => [i, n.trim() || t("name", { n: i + 1 })])), s.firstDealer, (v) => (s.firstDealer = Number(v)))),
      field(t("preset"), select("preset", offer.presets, s.preset, (v) => {
        Object.assign(s, { preset: v, bidRule: null, blind: null, tiebreak: null, specials: null, rounds: null });
        drawSetup();
      })),
      h("details", { class: "pad-options" }, h("summary", { text: t("options") }),
        field(t("bidRule"), select("bid-rule", offer.bid_rules, bidRule, (v) => (s.bidRule = v))),
        check("blind", t("blind"), blind, (v) => (s.blind = v)),
        check("clairvoyance", t("clairvoyance"), s.clairvoyance, (v) => ((s.clairvoyance = v), drawSetup())),
        field(t("tiebreak"), select("tiebreak", offer.tiebreaks, tiebreak, (v) => (s.tiebreak = v))),
        h("fieldset", { class: "pad-specials" }, h("legend", { text: t("specials") }),
          Object.entries(offer.specials).map(([key, label]) => check(`special-${key}`, label, specials.includes(key), (v) => {
            const now = new Set(s.specials ?? specials);
            v ? now.add(key) : now.delete(key);
            s.specials = [...now];
            s.rounds = null;
            drawSetup();
          }))),
        field(t("rounds"), select("rounds", Object.fromEntries(Array.from({ length: full }, (_, i) => [i + 1, t("roundsOf", { rounds: i + 1, full })])), rounds, (v) => (s.rounds = Number(v))))),
      problem,
      h("div", { class: "pad-actions" }, h("button", { type: "button", name: "start", onclick: start, text: t("start") })));
  }

  // -- start: a game from the address, else the one open last ---------------------------------------

  const hash = decodeURIComponent(location.hash.slice(1));
  if (hash) {
    const answer = app.call("show", { code: hash, lang: app.lang });
    if (answer.error) app.notice(t("badLink", { reason: answer.error }));
    else {
      const known = state.games.find((g) => g.code === answer.code);
      state.current = known ? known.id : null;
      state.pad = answer;
      state.typed = fresh();
      remember(answer);
      if (!known) app.notice(t("newFromLink"));
    }
  }
  if (!state.pad && state.current) {
    const game = state.games.find((g) => g.id === state.current);
    if (!game || !openGame(game)) state.current = null;
  }
  app.onLanguage(() => {
    if (state.pad) {
      const answer = app.call("show", { code: state.pad.code, lang: app.lang, bids: state.typed ? state.typed.bids : {} });
      if (!answer.error) state.pad = answer;
    }
    show(state.tab);
  });
  window.addEventListener("hashchange", () => {
    const code = decodeURIComponent(location.hash.slice(1));
    if (!code || (state.pad && code === state.pad.code)) return;
    const answer = app.call("show", { code, lang: app.lang });
    if (answer.error) return app.notice(t("badLink", { reason: answer.error }));
    const known = state.games.find((g) => g.code === answer.code);
    state.current = known ? known.id : null;
    state.pad = answer;
    state.typed = fresh();
    remember(answer);
    show("pad");
  });
  show(state.pad ? "pad" : "new");
}

startApp({
  root: document.getElementById("app"),
  name: "pad",
  words: WORDS,
  glue: new URL("pad_app.py", import.meta.url),
  start: padApp,
});
