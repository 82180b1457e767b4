// The Try-it tools: load Pyodide and the wizardrules wheel, then render what the Python glue
// (tryit_glue.py) answers. Nothing about the rules is computed here: every winner, legal card,
// allowed bid, point and score comes from the library running in the browser.

const BASE = new URL("./", import.meta.url);
const LANG_KEY = "wizardrules-tryit-lang";
const PAD_KEY = "wizardrules-scorepad";
const NAME_KEY = "wizardrules-tryit-name";

const WORDS = {
  en: {
    loading: "Loading Python in your browser: Pyodide {version} and wizardrules (about {size} MB the first time, then from the cache)…",
    loadingStep: "Loading Python… {step}",
    ready: "Ready: wizardrules {version} on Pyodide {pyodide}, running in this page ({seconds} s).",
    failed: "The tools could not start: {reason}. Reload the page to try again; the rest of the documentation works without them.",
    missing: {
      pyodide: "This build of the documentation has no Pyodide files, so the tools cannot run here. To build them in: `python tools/tryit_assets.py`, then `mkdocs build` (or set WIZARDRULES_PYODIDE=cdn).",
      attrs: "This build of the documentation has no attrs wheel, so the tools cannot run here. Run `python tools/tryit_assets.py`, then `mkdocs build`.",
      wheel: "This build of the documentation has no wizardrules wheel (hatchling was missing when it was built), so the tools cannot run here.",
      off: "This build of the documentation was made with WIZARDRULES_PYODIDE=off: the tools do not run here.",
    },
    lang: "Language",
    badLang: "The language kept in this browser ({value}) is not one these tools speak, so they show {shown}.",
    badName: "The name kept in this browser ({value}) cannot be used: {reason}. The table starts with {name}.",
    nameReasons: { long: "longer than 20 characters", blank: "no text", hidden: "it holds a control or invisible character" },
    pickKind: "Card",
    pickRank: "Rank",
    pickAs: "Played as",
    pickTrick: "Add to the trick",
    pickHand: "Add to the hand",
    pickFor: "{field}",
    pickAdd: "+ Add",
    pickBack: "⌫ Last",
    pickClear: "Clear",
    cards: "Cards of the trick, in play order",
    trump: "Trump",
    noTrump: "no trump (a Jester turned up, or the last round)",
    dealerChoice: "a Wizard turned up: the dealer chooses",
    dealerChose: "The dealer chose",
    decide: "Who wins?",
    examples: "Examples:",
    notation: "Cards: R, Y, G, B (red, yellow, green, blue) with 1–13, W for a Wizard, J for a Jester; special cards by name, declared as played (DRAGON, FAIRY, BOMB, CLOUD:R, JUGGLER:G, SHAPESHIFTER:W).",
    wins: "{who} wins: {reason}.",
    voided: "Nobody wins: {reason}. {who} would have won and leads the next trick.",
    card: "card {n}",
    led: "Led suit: {suit}.",
    noLed: "No suit led.",
    hand: "Your hand",
    trickSoFar: "The trick so far (empty if you lead)",
    check: "Which cards may I play?",
    legal: "may be played",
    illegal: "may not be played",
    rule: "Rule: {rule}",
    policy: "Bid rule",
    policies: {
      free: "free (any bid)",
      "not-equal": "not equal (±1): the bids must not add up",
      equal: "equal: the bids must add up",
      hook: "the scorekeeper's hook",
    },
    firstRoundFree: "round 1 is free",
    players: "Players",
    round: "Round",
    bidsSoFar: "Bids so far, in bidding order",
    scorekeeper: "Scorekeeper: player number (1 = the first player)",
    dealer: "Dealer: player number",
    totals: "Totals before this round, player 1 first",
    checkBids: "Which bids may the next player say?",
    allowed: "allowed",
    blocked: "blocked",
    sumSoFar: "The bids so far add up to {sum}; {last}",
    isLast: "the next bid is the dealer's, the last.",
    notLast: "the next bid is not the last.",
    bid: "Bid",
    cardsEach: "Cards each",
    tricks: "Tricks taken",
    blind: "blind (B)",
    calc: "Points",
    pointsAre: "{total} points",
    breakdown: ["hit", "base", "count", "unit", "multiplier"],
    breakdownNames: { hit: "hit", base: "hit bonus", count: "counted tricks", unit: "points per trick", multiplier: "blind factor" },
    yes: "yes",
    no: "no",
    newPad: "New score pad",
    names: "Names",
    player: "Player {n}",
    preset: "Rules (preset)",
    blindBids: "blind bids allowed",
    tiebreak: "Tie-break",
    tiebreaks: { none: "shared places", "exact-hits": "more exact bids" },
    rounds: "Rounds (empty: the whole ladder)",
    firstDealer: "First dealer",
    start: "Start",
    padRound: "Round {round} of {rounds}: {cards} {cardWord} each, {dealer} deals, {first} bids first.",
    cardWords: ["card", "cards"],
    padOver: "The game is over. Winner: {winners}.",
    recordBids: "Record the bids",
    recordTricks: "Record the tricks",
    cloud: "A Cloud changed a bid",
    cloudUp: "+1",
    cloudDown: "−1",
    bombs: "Tricks voided by a Bomb",
    trumpOpt: "Trump (optional)",
    notRecorded: "not recorded",
    undo: "Undo",
    exportCsv: "Export CSV",
    exportJson: "Export JSON",
    importFile: "Import a CSV or JSON file",
    place: "place",
    total: "total",
    hits: "exact",
    confirmNew: "Start a new score pad? The current one is lost unless you export it first.",
    saved: "Kept in this browser: a reload loses nothing.",
    unreadable: "the score pad kept in this browser cannot be read ({reason}); it stays until you start a new one",
    imported: "Imported {name}.",
    pending: "Bids recorded: {bids}. Enter the tricks after the round.",
    newGame: "New game",
    yourName: "Your name",
    bots: "Bots",
    botKinds: { rule: "RuleBot (plays to hit its bid)", random: "RandomBot (any legal move)" },
    seed: "Deal number",
    deal: "Deal",
    yourTurn: { BIDDING: "Your bid:", PLAYING: "Your card:", TRUMP: "Name the trump:", PASSING: "The card to pass left:", CLOUD: "The Cloud: change your bid" },
    lastTrick: "The last trick",
    happened: "What happened",
    moveTime: "{ms} ms for your move and the bots' replies.",
  },
  de: {
    loading: "Python wird im Browser geladen: Pyodide {version} und wizardrules (beim ersten Mal etwa {size} MB, danach aus dem Cache)…",
    loadingStep: "Python wird geladen… {step}",
    ready: "Bereit: wizardrules {version} auf Pyodide {pyodide}, läuft in dieser Seite ({seconds} s).",
    failed: "Die Werkzeuge konnten nicht starten: {reason}. Lade die Seite neu, um es noch einmal zu versuchen; der Rest der Dokumentation geht auch ohne sie.",
    missing: {
      pyodide: "Diese Fassung der Dokumentation enthält kein Pyodide, deshalb laufen die Werkzeuge hier nicht. Zum Einbauen: `python tools/tryit_assets.py`, dann `mkdocs build` (oder WIZARDRULES_PYODIDE=cdn setzen).",
      attrs: "Diese Fassung der Dokumentation enthält kein attrs-Wheel, deshalb laufen die Werkzeuge hier nicht. `python tools/tryit_assets.py`, dann `mkdocs build`.",
      wheel: "Diese Fassung der Dokumentation enthält kein wizardrules-Wheel (hatchling fehlte beim Bauen), deshalb laufen die Werkzeuge hier nicht.",
      off: "Diese Fassung der Dokumentation wurde mit WIZARDRULES_PYODIDE=off gebaut: die Werkzeuge laufen hier nicht.",
    },
    lang: "Sprache",
    badLang: "Die in diesem Browser gespeicherte Sprache ({value}) sprechen diese Werkzeuge nicht, sie zeigen {shown}.",
    badName: "Der in diesem Browser gespeicherte Name ({value}) ist nicht verwendbar: {reason}. Der Tisch beginnt mit {name}.",
    nameReasons: { long: "länger als 20 Zeichen", blank: "kein Text", hidden: "er enthält ein Steuer- oder unsichtbares Zeichen" },
    pickKind: "Karte",
    pickRank: "Wert",
    pickAs: "Gespielt als",
    pickTrick: "In den Stich",
    pickHand: "Auf die Hand",
    pickFor: "{field}",
    pickAdd: "+ Dazu",
    pickBack: "⌫ Letzte",
    pickClear: "Leeren",
    cards: "Karten des Stichs, in der Reihenfolge des Ausspielens",
    trump: "Trumpf",
    noTrump: "kein Trumpf (Narr aufgedeckt oder letzte Runde)",
    dealerChoice: "Zauberer aufgedeckt: der Geber wählt",
    dealerChose: "Der Geber wählte",
    decide: "Wer gewinnt?",
    examples: "Beispiele:",
    notation: "Karten: R, Y, G, B (Rot, Gelb, Grün, Blau) mit 1–13, W oder Z für Zauberer, J oder N für Narr; Sonderkarten mit Namen, beim Ausspielen erklärt (DRACHE, FEE, BOMBE, WOLKE:R, JONGLEUR:G, GESTALTWANDLER:W).",
    wins: "{who} gewinnt: {reason}.",
    voided: "Niemand gewinnt: {reason}. {who} hätte gewonnen und spielt den nächsten Stich aus.",
    card: "Karte {n}",
    led: "Ausgespielte Farbe: {suit}.",
    noLed: "Keine Farbe ausgespielt.",
    hand: "Deine Hand",
    trickSoFar: "Der Stich bis jetzt (leer, wenn du ausspielst)",
    check: "Welche Karten darf ich spielen?",
    legal: "darf gespielt werden",
    illegal: "darf nicht gespielt werden",
    rule: "Regel: {rule}",
    policy: "Ansage-Regel",
    policies: {
      free: "frei (jede Ansage)",
      "not-equal": "ungleich (±1): die Ansagen dürfen nicht aufgehen",
      equal: "gleich: die Ansagen müssen aufgehen",
      hook: "der Haken des Schreibers",
    },
    firstRoundFree: "Runde 1 ist frei",
    players: "Spieler",
    round: "Runde",
    bidsSoFar: "Ansagen bisher, in Reihenfolge",
    scorekeeper: "Schreiber: Spieler Nummer (1 = erster Spieler)",
    dealer: "Geber: Spieler Nummer",
    totals: "Stand vor dieser Runde, Spieler 1 zuerst",
    checkBids: "Was darf der Nächste ansagen?",
    allowed: "erlaubt",
    blocked: "gesperrt",
    sumSoFar: "Die Ansagen bisher ergeben {sum}; {last}",
    isLast: "die nächste Ansage ist die letzte, die des Gebers.",
    notLast: "die nächste Ansage ist nicht die letzte.",
    bid: "Ansage",
    cardsEach: "Karten je Spieler",
    tricks: "Stiche",
    blind: "blind (B)",
    calc: "Punkte",
    pointsAre: "{total} Punkte",
    breakdown: ["hit", "base", "count", "unit", "multiplier"],
    breakdownNames: { hit: "getroffen", base: "Bonus", count: "gezählte Stiche", unit: "Punkte je Stich", multiplier: "Blind-Faktor" },
    yes: "ja",
    no: "nein",
    newPad: "Neuer Spielblock",
    names: "Namen",
    player: "Spieler {n}",
    preset: "Regeln (Vorgabe)",
    blindBids: "blinde Ansagen erlaubt",
    tiebreak: "Gleichstand",
    tiebreaks: { none: "geteilte Plätze", "exact-hits": "mehr genaue Ansagen" },
    rounds: "Runden (leer: die ganze Leiter)",
    firstDealer: "Erster Geber",
    start: "Los",
    padRound: "Runde {round} von {rounds}: je {cards} {cardWord}, {dealer} gibt, {first} sagt zuerst an.",
    cardWords: ["Karte", "Karten"],
    padOver: "Das Spiel ist aus. Gewinner: {winners}.",
    recordBids: "Ansagen eintragen",
    recordTricks: "Stiche eintragen",
    cloud: "Eine Wolke änderte eine Ansage",
    cloudUp: "+1",
    cloudDown: "−1",
    bombs: "Von einer Bombe gestrichene Stiche",
    trumpOpt: "Trumpf (wahlweise)",
    notRecorded: "nicht notiert",
    undo: "Rückgängig",
    exportCsv: "CSV speichern",
    exportJson: "JSON speichern",
    importFile: "CSV- oder JSON-Datei laden",
    place: "Platz",
    total: "Summe",
    hits: "genau",
    confirmNew: "Einen neuen Spielblock beginnen? Der jetzige geht verloren, wenn du ihn nicht vorher speicherst.",
    saved: "In diesem Browser gespeichert: ein Neuladen verliert nichts.",
    unreadable: "der in diesem Browser gespeicherte Spielblock ist nicht lesbar ({reason}); er bleibt, bis du einen neuen beginnst",
    imported: "{name} geladen.",
    pending: "Ansagen eingetragen: {bids}. Die Stiche nach der Runde eintragen.",
    newGame: "Neues Spiel",
    yourName: "Dein Name",
    bots: "Bots",
    botKinds: { rule: "RuleBot (spielt auf seine Ansage)", random: "RandomBot (irgendein erlaubter Zug)" },
    seed: "Nummer des Spiels",
    deal: "Geben",
    yourTurn: { BIDDING: "Deine Ansage:", PLAYING: "Deine Karte:", TRUMP: "Bestimme den Trumpf:", PASSING: "Die Karte, die du nach links gibst:", CLOUD: "Die Wolke: ändere deine Ansage" },
    lastTrick: "Der letzte Stich",
    happened: "Was geschah",
    moveTime: "{ms} ms für deinen Zug und die Antworten der Bots.",
  },
};

// What this browser keeps is input too: read with own-property lookups (never `in`, which finds
// "constructor" or "__proto__" on every object), and a value that cannot be used falls back,
// with a notice that says so.
const own = (object, key) => object !== null && typeof object === "object" && typeof key === "string" && Object.hasOwn(object, key);
const LANG_NAMES = { en: "English", de: "Deutsch" };
// A kept value in a notice: quoted, at most 40 characters, and what could hide or reorder the text
// around it (controls, bidirectional and invisible characters) written as \u escapes.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]/u;
const quoted = (value) => {
  const chars = [...String(value)];
  const text = chars.length > 40 ? `${chars.slice(0, 40).join("")}…` : chars.join("");
  const escape = (c) => (c === '"' || c === "\\" ? `\\${c}` : `\\u${c.codePointAt(0).toString(16).padStart(4, "0")}`);
  return `"${text.replace(new RegExp(`${HIDDEN.source}|["\\\\]`, "gu"), escape)}"`;
};
const notices = []; // functions giving each notice in the current language

function keptLanguage() {
  const page = (document.documentElement.lang || "en").slice(0, 2);
  const fallback = own(WORDS, page) ? page : "en";
  const kept = localStorage.getItem(LANG_KEY);
  if (kept === null || own(WORDS, kept)) return kept ?? fallback;
  localStorage.removeItem(LANG_KEY);
  notices.push(() => fill(t("badLang"), { value: quoted(kept), shown: LANG_NAMES[lang] }));
  return fallback;
}

const NAME_LIMIT = 20;
const DEFAULT_NAME = "Alex";

/** The player's name kept in this browser, or the default with a notice when it cannot be used. */
function keptName() {
  const kept = localStorage.getItem(NAME_KEY);
  if (kept === null) return { name: DEFAULT_NAME, problem: null };
  let reason = null;
  if ([...kept].length > NAME_LIMIT) reason = "long";
  else if (!kept.trim()) reason = "blank";
  else if (HIDDEN.test(kept)) reason = "hidden";
  if (reason === null) return { name: kept, problem: null };
  localStorage.removeItem(NAME_KEY);
  return { name: DEFAULT_NAME, problem: { value: quoted(kept), reason } };
}

const fill = (text, fields) => text.replace(/\{(\w+)\}/g, (_, k) => (own(fields, k) ? String(fields[k]) : `{${k}}`));
let lang = "en";
const t = (key) => WORDS[lang][key];
lang = keptLanguage();

// -- small DOM helpers -------------------------------------------------------------------

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined) continue;
    if (key.startsWith("data-") || key.startsWith("aria-")) el.setAttribute(key, String(value));
    else if (value === false) continue;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) el.append(child);
  }
  return el;
}
const field = (label, control, cls) => h("label", { class: cls }, label, control);
const check = (label, control) => h("label", { class: "tryit-check" }, control, label);
const svgBox = (svg) => {
  const box = h("div", { class: "tryit-picture" });
  box.innerHTML = svg; // drawn by wizardrules.svg, which escapes every text it puts in
  return box;
};
const errorBox = (answer) => h("p", { class: "tryit-error", role: "alert", "data-kind": answer.kind, text: answer.error });
const download = (name, text, type) => {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

// -- Python ------------------------------------------------------------------------------

let pythonPromise = null;
let config = null;
const configPromise = fetch(new URL("config.json", BASE)).then((r) => r.json()).then((c) => (config = c));

async function startPython(onStep) {
  const started = performance.now();
  await configPromise;
  if (config.missing) throw Object.assign(new Error(config.missing), { missing: config.missing });
  const indexURL = new URL(config.pyodide, BASE).href;
  onStep("Pyodide");
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const pyodide = await loadPyodide({ indexURL });
  onStep("wizardrules, attrs");
  const wheels = config.wheels.map((name) => new URL(name, BASE).href);
  await pyodide.loadPackage(wheels, { messageCallback: () => {}, errorCallback: (m) => console.warn(m) });
  const glue = await (await fetch(new URL("tryit_glue.py", BASE))).text();
  pyodide.FS.writeFile("/home/pyodide/tryit_glue.py", glue);
  // loadPackage does not throw for a wheel it could not fetch: the import tells.
  pyodide.runPython("import sys\nif '/home/pyodide' not in sys.path: sys.path.insert(0, '/home/pyodide')\nimport wizardrules, wizardrules.svg, tryit_glue");
  const call = pyodide.pyimport("tryit_glue").call;
  const py = (name, args = {}) => JSON.parse(call(name, JSON.stringify(args)));
  const meta = py("meta", { lang });
  window.wizardrulesTryIt = { py, meta, seconds: (performance.now() - started) / 1000 };
  return { py, meta, seconds: (performance.now() - started) / 1000 };
}

function python(onStep) {
  if (!pythonPromise) pythonPromise = startPython(onStep);
  return pythonPromise;
}

// -- the tools -----------------------------------------------------------------------------

// A picker that writes cards into a notation field: suit and rank, or a Wizard, Jester or
// special card (declared, where it is played, as the library's declarations list).
function cardPicker(input, meta, label, { declared = false } = {}) {
  const kind = h("select", { name: `${input.name}-kind`, "aria-label": t("pickKind") },
    meta.suits.map((s) => h("option", { value: s.letter, text: `${s.symbol} ${s.name}` })),
    meta.others.map((c) => h("option", { value: c.card, text: c.name })));
  const rank = h("select", { name: `${input.name}-rank`, "aria-label": t("pickRank") },
    Array.from({ length: 13 }, (_, i) => h("option", { value: i + 1, text: String(i + 1) })));
  const declaration = h("select", { name: `${input.name}-as`, "aria-label": t("pickAs") });
  const sync = () => {
    const other = meta.others.find((c) => c.card === kind.value);
    rank.hidden = Boolean(other);
    const choices = declared && other ? other.declarations : [];
    declaration.replaceChildren(...choices.map((d) => h("option", { value: d.card, text: d.name })));
    declaration.hidden = choices.length === 0;
  };
  kind.addEventListener("change", sync);
  sync();
  const cards = () => input.value.split(/[\s,]+/).filter(Boolean);
  const set = (list) => {
    input.value = list.join(" ");
    input.dispatchEvent(new Event("input"));
  };
  const add = () => {
    const other = meta.others.find((c) => c.card === kind.value);
    const card = other ? (declaration.hidden ? other.card : declaration.value) : `${kind.value}${rank.value}`;
    set([...cards(), card]);
  };
  const title = fill(t("pickFor"), { field: label });
  return h("div", { class: "tryit-row tryit-picker", role: "group", "aria-label": title },
    h("span", { class: "tryit-picker-label", text: `${title}:` }), kind, rank, declaration,
    h("button", { type: "button", class: "tryit-plain", name: `${input.name}-add`, onclick: add, text: t("pickAdd") }),
    h("button", { type: "button", class: "tryit-plain", name: `${input.name}-back`, onclick: () => set(cards().slice(0, -1)), text: t("pickBack") }),
    h("button", { type: "button", class: "tryit-plain", name: `${input.name}-clear`, onclick: () => set([]), text: t("pickClear") }));
}

function trumpSelect(meta, { withChoice = false, name = "trump", optional = false } = {}) {
  const select = h("select", { name });
  if (optional) select.append(h("option", { value: "", text: t("notRecorded") }));
  for (const suit of meta.suits) select.append(h("option", { value: suit.letter, text: `${suit.symbol} ${suit.name}` }));
  select.append(h("option", { value: "none", text: t("noTrump") }));
  if (withChoice) select.append(h("option", { value: "choice", text: t("dealerChoice") }));
  return select;
}

function trumpControls(meta) {
  const trump = trumpSelect(meta, { withChoice: true });
  const chosen = trumpSelect(meta, { name: "chosen" });
  chosen.querySelector('option[value="none"]').remove();
  const chosenField = field(t("dealerChose"), chosen);
  chosenField.hidden = true;
  trump.addEventListener("change", () => (chosenField.hidden = trump.value !== "choice"));
  const value = () => (trump.value === "choice" ? chosen.value : trump.value);
  return { nodes: [field(t("trump"), trump), chosenField], value, trump };
}

function examples(list, apply) {
  return h(
    "p",
    { class: "tryit-examples" },
    t("examples"),
    " ",
    list.map((example) => h("button", { type: "button", class: "tryit-plain", onclick: () => apply(example), text: example.label })),
  );
}

const TOOLS = {
  trick(root, { py, meta }) {
    const cards = h("input", { type: "text", name: "cards", value: "B9 W G13 W", autocomplete: "off", spellcheck: "false" });
    const trump = trumpControls(meta);
    trump.trump.value = "G";
    const answer = h("div", { class: "tryit-answer", "aria-live": "polite" });
    const run = () => {
      const result = py("trick", { cards: cards.value, trump: trump.value(), lang });
      answer.replaceChildren();
      if (result.error) return answer.append(errorBox(result));
      const name = (i) => (i === null ? "" : `${result.cards[i].name} (${t("card").replace("{n}", i + 1)})`);
      const text = result.winner === null
        ? fill(t("voided"), { reason: result.reason, who: name(result.would_be_winner) })
        : fill(t("wins"), { who: name(result.winner), reason: result.reason });
      answer.append(
        h("p", { class: "tryit-result", "data-winner": result.winner ?? "none", text }),
        h("p", { text: result.led ? fill(t("led"), { suit: result.led }) : t("noLed") }),
        svgBox(result.svg),
      );
    };
    const form = h("form", { onsubmit: (e) => (e.preventDefault(), run()) },
      field(t("cards"), cards), cardPicker(cards, meta, t("pickTrick"), { declared: true }),
      ...trump.nodes, h("button", { type: "submit", text: t("decide") }));
    root.append(
      form,
      h("p", { class: "tryit-examples", text: t("notation") }),
      examples(
        [
          { label: "B9 W G13 W · G", cards: "B9 W G13 W", trump: "G" },
          { label: "B13 R2 B9 · R", cards: "B13 R2 B9", trump: "R" },
          { label: "J J J · Y", cards: "J J J", trump: "Y" },
          { label: "DRAGON FAIRY R5 · B", cards: "DRAGON FAIRY R5", trump: "B" },
          { label: "Y7 BOMB Y11 · none", cards: "Y7 BOMB Y11", trump: "none" },
        ],
        (e) => ((cards.value = e.cards), (trump.trump.value = e.trump), trump.trump.dispatchEvent(new Event("change")), run()),
      ),
      answer,
    );
    run();
  },

  "may-play"(root, { py, meta }) {
    const hand = h("input", { type: "text", name: "hand", value: "B3 R7 J W Y12", autocomplete: "off", spellcheck: "false" });
    const trick = h("input", { type: "text", name: "trick", value: "B9", autocomplete: "off", spellcheck: "false" });
    const trump = trumpControls(meta);
    trump.trump.value = "R";
    const answer = h("div", { class: "tryit-answer", "aria-live": "polite" });
    const run = () => {
      const result = py("may_play", { hand: hand.value, trick: trick.value, trump: trump.value(), lang });
      answer.replaceChildren();
      if (result.error) return answer.append(errorBox(result));
      const list = h("ul", { class: "tryit-list" });
      for (const card of result.cards) {
        const words = card.legal ? t("legal") + (card.takes ? ` · ${result.takes_word}` : "") : `${t("illegal")}: ${card.why}`;
        list.append(h("li", { class: card.legal ? "tryit-yes" : "tryit-no", "data-card": card.card, "data-legal": card.legal },
          h("strong", { text: card.short === card.name ? card.name : `${card.name} (${card.short})` }), ` — ${words}`));
      }
      answer.append(h("p", { class: "tryit-result", text: fill(t("rule"), { rule: result.rule }) }), list);
      if (result.trick_svg) answer.append(svgBox(result.trick_svg));
      if (result.hand_svg) answer.append(svgBox(result.hand_svg));
    };
    root.append(
      h("form", { onsubmit: (e) => (e.preventDefault(), run()) },
        field(t("hand"), hand), cardPicker(hand, meta, t("pickHand")),
        field(t("trickSoFar"), trick), cardPicker(trick, meta, t("pickTrick"), { declared: true }),
        ...trump.nodes, h("button", { type: "submit", text: t("check") })),
      examples(
        [
          { label: "B3 R7 J W Y12 | B9", hand: "B3 R7 J W Y12", trick: "B9" },
          { label: "R3 G5 | J Y4", hand: "R3 G5", trick: "J Y4" },
          { label: "R3 G5 | W R2", hand: "R3 G5", trick: "W R2" },
        ],
        (e) => ((hand.value = e.hand), (trick.value = e.trick), run()),
      ),
      answer,
    );
    run();
  },

  bids(root, { py }) {
    const policy = h("select", { name: "policy" }, Object.entries(t("policies")).map(([v, text]) => h("option", { value: v, text })));
    policy.value = "not-equal";
    const firstFree = h("input", { type: "checkbox", name: "first_round_free" });
    const players = h("select", { name: "players" }, [3, 4, 5, 6].map((n) => h("option", { value: n, text: n })));
    players.value = "4";
    const cards = h("input", { type: "number", name: "cards", min: 0, max: 20, value: 3 });
    const round = h("input", { type: "number", name: "round", min: 1, max: 60, value: 3 });
    const made = h("input", { type: "text", name: "made", value: "1 0 1", autocomplete: "off" });
    // people count players 1..N; the library counts seats 0..N-1
    const keeper = h("input", { type: "number", name: "scorekeeper", min: 1, max: 6, value: 1 });
    const dealer = h("input", { type: "number", name: "dealer", min: 1, max: 6, value: 1 });
    const totals = h("input", { type: "text", name: "totals", value: "10 40 30 20", autocomplete: "off" });
    const hookFields = h("div", { class: "tryit-row" }, field(t("scorekeeper"), keeper), field(t("dealer"), dealer), field(t("totals"), totals));
    const freeField = check(t("firstRoundFree"), firstFree);
    const sync = () => {
      hookFields.hidden = policy.value !== "hook";
      freeField.hidden = policy.value !== "not-equal";
    };
    policy.addEventListener("change", sync);
    const answer = h("div", { class: "tryit-answer", "aria-live": "polite" });
    const numbers = (text) => text.split(/[\s,;]+/).filter(Boolean).map(Number);
    const run = () => {
      const hook = policy.value === "hook";
      const result = py("bids", {
        policy: policy.value, cards: Number(cards.value), made: numbers(made.value), players: Number(players.value),
        round_number: Number(round.value), first_round_free: firstFree.checked, scorekeeper: Number(keeper.value) - 1,
        dealer: hook ? Number(dealer.value) - 1 : null, totals: hook ? numbers(totals.value) : null, lang,
      });
      answer.replaceChildren();
      if (result.error) return answer.append(errorBox(result));
      const list = h("ul", { class: "tryit-list" });
      for (const bid of result.bids) {
        list.append(h("li", { class: bid.allowed ? "tryit-yes" : "tryit-no", "data-bid": bid.bid, "data-allowed": bid.allowed },
          h("strong", { text: String(bid.bid) }), ` — ${bid.allowed ? t("allowed") : `${t("blocked")}: ${bid.why}`}`));
      }
      answer.append(h("p", { class: "tryit-result", text: fill(t("sumSoFar"), { sum: result.sum, last: result.last ? t("isLast") : t("notLast") }) }), list);
    };
    sync();
    root.append(
      h("form", { onsubmit: (e) => (e.preventDefault(), run()) },
        field(t("policy"), policy), freeField, field(t("players"), players), field(t("cardsEach"), cards),
        field(t("round"), round), field(t("bidsSoFar"), made), hookFields, h("button", { type: "submit", text: t("checkBids") })),
      answer,
    );
    run();
  },

  points(root, { py }) {
    const bid = h("input", { type: "number", name: "bid", min: 0, max: 20, value: 2 });
    const tricks = h("input", { type: "number", name: "tricks", min: 0, max: 20, value: 2 });
    const blind = h("input", { type: "checkbox", name: "blind" });
    const answer = h("div", { class: "tryit-answer", "aria-live": "polite" });
    const run = () => {
      const result = py("points", { bid: Number(bid.value), tricks: Number(tricks.value), blind: blind.checked, lang });
      answer.replaceChildren();
      if (result.error) return answer.append(errorBox(result));
      const rows = t("breakdown").map((key) =>
        h("tr", {}, h("th", { scope: "row", text: t("breakdownNames")[key] }), h("td", { text: key === "hit" ? (result.hit ? t("yes") : t("no")) : String(result[key]) })));
      answer.append(
        h("p", { class: "tryit-result", "data-total": result.total }, h("strong", { text: fill(t("pointsAre"), { total: result.total > 0 ? `+${result.total}` : result.total }) }), ` — ${result.words}`),
        h("table", {}, h("tbody", {}, rows)),
      );
    };
    for (const input of [bid, tricks, blind]) input.addEventListener("change", run);
    root.append(
      h("form", { onsubmit: (e) => (e.preventDefault(), run()) },
        field(t("bid"), bid), field(t("tricks"), tricks), check(t("blind"), blind), h("button", { type: "submit", text: t("calc") })),
      answer,
    );
    run();
  },

  scorepad(root, ctx) {
    new ScorePad(root, ctx).start();
  },

  table(root, ctx) {
    new Table(root, ctx).setup();
  },
};

// -- the table -------------------------------------------------------------------------------

class Table {
  constructor(root, { py, meta }) {
    this.root = root;
    this.py = py;
    this.meta = meta;
    this.lines = [];
    window.wizardrulesTryIt.moves = [];
  }

  setup() {
    this.picture = undefined;
    this.resized ??= new ResizeObserver(() => this.redraw());
    this.resized.observe(this.root);
    const preset = h("select", { name: "preset" }, this.meta.table_presets.map((p) => h("option", { value: p, text: p })));
    const kept = keptName();
    const you = h("input", { type: "text", name: "name", value: kept.name, autocomplete: "nickname", maxlength: NAME_LIMIT });
    const rounds = h("input", { type: "number", name: "rounds", min: 1, max: 15, value: 3 });
    const bots = h("select", { name: "bots" }, Object.entries(t("botKinds")).map(([v, text]) => h("option", { value: v, text })));
    const seed = h("input", { type: "number", name: "seed", min: 1, max: 999999, value: 1 + Math.floor(Math.random() * 999999) });
    const error = h("div", { class: "tryit-pad-error", "aria-live": "assertive" });
    if (kept.problem) {
      const reason = t("nameReasons")[kept.problem.reason];
      error.append(h("p", { class: "tryit-notice", role: "status", "data-notice": "name", text: fill(t("badName"), { ...kept.problem, reason, name: DEFAULT_NAME }) }));
    }
    const form = h("form", {
      class: "tryit-table-setup",
      onsubmit: (e) => {
        e.preventDefault();
        localStorage.setItem(NAME_KEY, you.value);
        const columns = this.columns();
        const game = this.py("table_new", {
          name: you.value, preset: preset.value, rounds: rounds.value ? Number(rounds.value) : null, seed: Number(seed.value), bots: bots.value, lang,
          columns,
        });
        if (game.error) return error.replaceChildren(errorBox(game));
        this.lines = [];
        this.drawn = columns;
        this.show(game);
      },
    }, field(t("yourName"), you), field(t("preset"), preset), field(t("rounds"), rounds), field(t("bots"), bots), field(t("seed"), seed), h("button", { type: "submit", text: t("deal") }));
    this.root.replaceChildren(h("h3", { text: t("newGame") }), form, error);
  }

  // a narrow screen gets the narrow table, two panels a row, so that its text keeps its size
  columns() {
    return this.root.clientWidth < 600 ? 2 : null;
  }

  // the picture is drawn again when the width crosses to the other table (a phone turned, a window resized)
  redraw() {
    if (!this.game || this.picture === undefined || this.columns() === this.drawn) return;
    this.drawn = this.columns();
    const game = this.py("table_show", { table: this.game.table, lang, columns: this.drawn });
    if (!game.error) this.picture.innerHTML = game.picture; // drawn by wizardrules.svg, which escapes every text
  }

  move(action) {
    const started = performance.now();
    // the visitor's action travels as the wire format's action document
    const message = JSON.stringify({ format: "wizardrules/action", version: 2, action });
    const columns = this.columns();
    const game = this.py("table_move", { table: this.game.table, message, lang, columns });
    const ms = performance.now() - started;
    if (game.error) return this.root.querySelector(".tryit-pad-error").replaceChildren(errorBox(game));
    this.drawn = columns;
    window.wizardrulesTryIt.moves.push(ms);
    this.show(game, ms);
  }

  show(game, ms) {
    this.game = game;
    const view = game.view; // the seat's view as the wire format writes it
    this.lines.push(...game.sentences);
    const over = view.phase === "over";
    const children = [h("p", { class: "tryit-result tryit-table-status", "data-over": over, text: game.status })];
    if (view.legal_actions.length) {
      const ask = t("yourTurn")[view.phase.toUpperCase()] ?? view.phase;
      children.push(h("div", { class: "tryit-moves", role: "group", "aria-label": ask },
        h("strong", { text: `${ask} ` }),
        view.legal_actions.map((a) => h("button", { type: "button", "data-action": a, title: a, onclick: () => this.move(a), text: game.labels[a] ?? a }))));
    }
    children.push(h("div", { class: "tryit-pad-error", "aria-live": "assertive" }));
    this.picture = svgBox(game.picture);
    children.push(this.picture);
    if (game.last_trick) children.push(h("details", { open: true }, h("summary", { text: t("lastTrick") }), svgBox(game.last_trick)));
    const log = h("ol", { class: "tryit-log", "aria-live": "polite" }, this.lines.slice(-14).map((line) => h("li", { text: line })));
    children.push(h("details", { open: true }, h("summary", { text: t("happened") }), log));
    if (ms !== undefined) children.push(h("p", { class: "tryit-examples", text: fill(t("moveTime"), { ms: Math.round(ms) }) }));
    if (game.chart) children.push(svgBox(game.chart));
    children.push(h("div", { class: "tryit-row" }, h("button", { type: "button", class: "tryit-plain", name: "new", onclick: () => this.setup(), text: t("newGame") })));
    this.root.replaceChildren(...children);
    const first = this.root.querySelector(".tryit-moves button");
    if (first && ms !== undefined) first.focus();
  }
}

// -- the score pad ---------------------------------------------------------------------------

class ScorePad {
  constructor(root, { py, meta }) {
    this.root = root;
    this.py = py;
    this.meta = meta;
    this.pad = null;
    this.note = "";
  }

  start() {
    const saved = localStorage.getItem(PAD_KEY);
    if (saved) {
      const pad = this.py("sheet_step", { state: saved, action: "show", lang });
      if (!pad.error) return this.show(pad);
      this.setup();
      // kept until a new pad replaces it, and offered for download meanwhile
      const box = this.root.querySelector(".tryit-pad-error");
      box.replaceChildren(errorBox({ kind: pad.kind, error: fill(t("unreadable"), { reason: pad.error }) }),
        h("button", { type: "button", class: "tryit-plain", name: "save-unreadable", onclick: () => download("wizard-scores-saved.json", saved, "application/json"), text: t("exportJson") }));
      return;
    }
    this.setup();
  }

  keep(pad) {
    localStorage.setItem(PAD_KEY, pad.json);
  }

  step(action, entry = {}) {
    const pad = this.py("sheet_step", { state: this.pad.json, action, lang, ...entry });
    if (pad.error) return this.fail(pad);
    this.note = "";
    this.keep(pad);
    this.show(pad);
    // keyboard users go on where the next entry is made
    (this.root.querySelector(".tryit-pad-bids input, .tryit-pad-tricks input") ?? this.root.querySelector("button[name=undo]"))?.focus();
  }

  fail(answer) {
    const box = this.root.querySelector(".tryit-pad-error");
    box.replaceChildren(errorBox(answer));
  }

  setup() {
    this.pad = null;
    const count = h("select", { name: "count" }, [3, 4, 5, 6].map((n) => h("option", { value: n, text: n })));
    count.value = "4";
    const names = h("div", { class: "tryit-row" });
    const dealer = h("select", { name: "first_dealer" });
    const defaults = ["Ann", "Ben", "Cem", "Dana", "Eva", "Finn"];
    const syncNames = () => {
      const old = [...names.querySelectorAll("input")].map((i) => i.value);
      names.replaceChildren();
      dealer.replaceChildren();
      for (let i = 0; i < Number(count.value); i++) {
        names.append(field(fill(t("player"), { n: i + 1 }), h("input", { type: "text", name: `player${i}`, value: old[i] ?? defaults[i], autocomplete: "off" })));
        dealer.append(h("option", { value: i, text: String(i + 1) }));
      }
    };
    count.addEventListener("change", syncNames);
    syncNames();
    const preset = h("select", { name: "preset" }, this.meta.presets.map((p) => h("option", { value: p, text: p })));
    preset.value = "score-pad";
    const blind = h("input", { type: "checkbox", name: "blind", checked: true });
    const tiebreak = h("select", { name: "tiebreak" }, h("option", { value: "", text: "—" }),
      Object.entries(t("tiebreaks")).map(([v, text]) => h("option", { value: v, text })));
    const rounds = h("input", { type: "number", name: "rounds", min: 1, max: 20, value: "" });
    const error = h("div", { class: "tryit-pad-error", "aria-live": "assertive" });
    const form = h("form", {
      onsubmit: (e) => {
        e.preventDefault();
        const pad = this.py("sheet_new", {
          players: [...names.querySelectorAll("input")].map((i) => i.value),
          preset: preset.value, blind: blind.checked, tiebreak: tiebreak.value || null,
          rounds: rounds.value ? Number(rounds.value) : null, first_dealer: Number(dealer.value), lang,
        });
        if (pad.error) return error.replaceChildren(errorBox(pad));
        this.keep(pad);
        this.show(pad);
      },
    },
      field(t("players"), count), names, field(t("preset"), preset), check(t("blindBids"), blind), field(t("tiebreak"), tiebreak),
      field(t("rounds"), rounds), field(t("firstDealer"), dealer), h("button", { type: "submit", text: t("start") }));
    this.root.replaceChildren(h("h3", { text: t("newPad") }), form, this.importer(preset, blind, tiebreak), error);
  }

  importer(preset, blind, tiebreak) {
    const input = h("input", { type: "file", name: "import", accept: ".csv,.json,text/csv,application/json" });
    input.addEventListener("change", async () => {
      const file = input.files[0];
      if (!file) return;
      const text = await file.text();
      const form = file.name.toLowerCase().endsWith(".csv") ? "csv" : "json";
      const pad = this.py("sheet_import", {
        text, form, preset: preset ? preset.value : "rulebook", blind: blind ? blind.checked : false,
        tiebreak: tiebreak && tiebreak.value ? tiebreak.value : null, like: preset ? null : this.pad?.json ?? null, lang,
      });
      const box = this.root.querySelector(".tryit-pad-error");
      if (pad.error) return box.replaceChildren(errorBox(pad));
      this.note = fill(t("imported"), { name: file.name });
      this.keep(pad);
      this.show(pad);
    });
    return field(t("importFile"), input);
  }

  show(pad) {
    this.pad = pad;
    const root = this.root;
    const name = (seat) => pad.players[seat];
    const status = pad.is_over
      ? fill(t("padOver"), { winners: pad.winners.join(", ") })
      : fill(t("padRound"), { round: pad.round, rounds: pad.rounds, cards: pad.cards, cardWord: t("cardWords")[pad.cards === 1 ? 0 : 1], dealer: name(pad.dealer), first: name(pad.first_bidder) });
    const children = [h("p", { class: "tryit-result tryit-pad-status", text: status })];
    if (this.note) children.push(h("p", { text: this.note }));
    if (!pad.is_over) children.push(pad.pending ? this.tricksForm(pad) : this.bidsForm(pad));
    children.push(h("div", { class: "tryit-pad-error", "aria-live": "assertive" }));
    children.push(h("div", { class: "tryit-row" },
      h("button", { type: "button", class: "tryit-plain", name: "undo", disabled: pad.entries === 0, onclick: () => this.step("undo"), text: t("undo") }),
      h("button", { type: "button", class: "tryit-plain", name: "export-csv", onclick: () => this.save("csv"), text: t("exportCsv") }),
      h("button", { type: "button", class: "tryit-plain", name: "export-json", onclick: () => this.save("json"), text: t("exportJson") }),
      h("button", { type: "button", class: "tryit-plain", name: "new", onclick: () => confirm(t("confirmNew")) && this.setup(), text: t("newPad") })));
    children.push(h("div", { class: "tryit-scroll" }, this.table(pad)));
    if (pad.chart) children.push(svgBox(pad.chart));
    children.push(h("p", { class: "tryit-examples", text: t("saved") }), this.importer(null, null, null));
    root.replaceChildren(...children);
  }

  save(form) {
    const file = this.py("sheet_export", { state: this.pad.json, form, lang });
    if (file.error) return this.fail(file);
    download(file.name, file.text, form === "csv" ? "text/csv" : "application/json");
  }

  bidsForm(pad) {
    const grid = h("div", { class: "tryit-players" });
    for (const seat of pad.bidding_order) {
      const bid = h("input", { type: "number", name: `bid${seat}`, min: 0, max: pad.cards, value: 0, required: true });
      const box = h("fieldset", { "data-seat": seat }, h("legend", { text: name(pad, seat) }), field(t("bid"), bid));
      if (pad.blind_bids) box.append(check(t("blind"), h("input", { type: "checkbox", name: `blind${seat}` })));
      grid.append(box);
    }
    return h("form", {
      class: "tryit-pad-bids",
      onsubmit: (e) => {
        e.preventDefault();
        const bids = pad.players.map((_, seat) => Number(grid.querySelector(`[name=bid${seat}]`).value));
        const blind = pad.players.filter((_, seat) => grid.querySelector(`[name=blind${seat}]`)?.checked);
        this.step("bids", { bids, blind });
      },
    }, grid, h("button", { type: "submit", text: t("recordBids") }));
  }

  tricksForm(pad) {
    const grid = h("div", { class: "tryit-players" });
    for (const seat of pad.bidding_order) {
      const tricks = h("input", { type: "number", name: `tricks${seat}`, min: 0, max: pad.cards, value: 0, required: true });
      const bid = pad.pending.final_bids[seat];
      const label = `${name(pad, seat)} · ${t("bid")} ${bid}${pad.pending.blind[seat] ? " B" : ""}`;
      grid.append(h("fieldset", { "data-seat": seat }, h("legend", { text: label }), field(t("tricks"), tricks)));
    }
    const extras = h("div", { class: "tryit-row" });
    const bombs = h("input", { type: "number", name: "bombs", min: 0, max: 1, value: 0 });
    if (pad.bomb) extras.append(field(t("bombs"), bombs));
    const trump = trumpSelect(this.meta, { name: "trump", optional: true });
    extras.append(field(t("trumpOpt"), trump));
    const form = h("form", {
      class: "tryit-pad-tricks",
      onsubmit: (e) => {
        e.preventDefault();
        const tricks = pad.players.map((_, seat) => Number(grid.querySelector(`[name=tricks${seat}]`).value));
        this.step("tricks", { tricks, bombs: pad.bomb ? Number(bombs.value) : 0, trump: trump.value || null });
      },
    }, h("p", { text: fill(t("pending"), { bids: pad.pending.final_bids.join(" · ") }) }), grid, extras, h("button", { type: "submit", text: t("recordTricks") }));
    if (pad.cloud) {
      const who = h("select", { name: "cloud_player" }, pad.players.map((p) => h("option", { value: p, text: p })));
      form.append(h("div", { class: "tryit-row" }, field(t("cloud"), who),
        h("button", { type: "button", class: "tryit-plain", name: "cloud-up", onclick: () => this.step("cloud", { player: who.value, change: "up" }), text: t("cloudUp") }),
        h("button", { type: "button", class: "tryit-plain", name: "cloud-down", onclick: () => this.step("cloud", { player: who.value, change: "down" }), text: t("cloudDown") })));
    }
    return form;
  }

  table(pad) {
    const head = h("tr", {}, h("th", { scope: "col", text: t("round") }), pad.players.map((p) => h("th", { scope: "col", text: p })));
    const body = pad.rows.map((row) =>
      h("tr", { "data-round": row.number }, h("th", { scope: "row", text: `${row.number} (${row.cards})` }),
        row.cells.map((c, seat) => {
          const bid = c.final_bid !== c.bid ? `${c.bid}→${c.final_bid}` : `${c.bid}`;
          const text = `${bid}${c.blind ? "B" : ""}/${c.tricks} ${c.points > 0 ? "+" : ""}${c.points} = ${row.totals[seat]}`;
          return h("td", { class: c.hit ? "" : "tryit-miss", text: `${c.hit ? "✔" : "✘"} ${text}` });
        })));
    const totals = h("tr", { class: "tryit-totals" }, h("th", { scope: "row", text: t("total") }), pad.totals.map((v) => h("td", { text: String(v) })));
    const hits = h("tr", {}, h("th", { scope: "row", text: t("hits") }), pad.hits.map((v) => h("td", { text: String(v) })));
    const places = h("tr", { class: "tryit-places" }, h("th", { scope: "row", text: t("place") }), pad.standings.map((v) => h("td", { text: String(v) })));
    return h("table", { class: "tryit-pad-table" }, h("thead", {}, head), h("tbody", {}, body, totals, hits, places));
  }
}

const name = (pad, seat) => pad.players[seat];

// -- start -----------------------------------------------------------------------------------

// One bar for the whole page, above its first tool: where Python stands, and the EN/DE switch.
function bar(status) {
  const buttons = Object.keys(WORDS).map((code) =>
    h("button", {
      type: "button", class: "tryit-plain", lang: code, "aria-pressed": String(code === lang), text: code.toUpperCase(),
      onclick: () => {
        localStorage.setItem(LANG_KEY, code);
        lang = code;
        notices.length = 0; // the language kept is a good one now
        mountAll();
      },
    }));
  const shown = notices.map((notice) => h("p", { class: "tryit-notice", role: "status", "data-notice": "lang", text: notice() }));
  return h("div", { class: "tryit-bar" }, status, h("div", { class: "tryit-lang", role: "group", "aria-label": t("lang") }, buttons), shown);
}

async function mount(root, status) {
  const tool = root.dataset.tool;
  const body = h("div", { class: "tryit-body" });
  root.replaceChildren(body);
  root.setAttribute("aria-busy", "true");
  try {
    await configPromise;
    const ctx = await python((step) => (status.textContent = fill(t("loadingStep"), { step })));
    ctx.meta = ctx.py("meta", { lang });
    TOOLS[tool](body, ctx);
    root.dataset.ready = "true";
    return ctx;
  } catch (error) {
    root.dataset.ready = "failed";
    throw error;
  } finally {
    root.removeAttribute("aria-busy");
  }
}

async function mountAll() {
  const roots = [...document.querySelectorAll(".tryit[data-tool]")];
  if (!roots.length) return;
  let page = document.querySelector(".tryit-page");
  if (!page) {
    page = h("div", { class: "tryit tryit-page" });
    roots[0].before(page);
  }
  const status = h("p", { class: "tryit-status", role: "status", "aria-live": "polite" });
  page.replaceChildren(bar(status));
  delete page.dataset.ready;
  page.setAttribute("aria-busy", "true");
  try {
    await configPromise;
    status.textContent = fill(t("loading"), { version: config.version, size: config.bytes ? Math.round(config.bytes / 1e6) : 13 });
    const started = await Promise.allSettled(roots.map((root) => mount(root, status)));
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    const ctx = started[0].value;
    status.textContent = fill(t("ready"), { version: ctx.meta.version, pyodide: config.version, seconds: ctx.seconds.toFixed(1) });
    page.dataset.ready = "true";
  } catch (error) {
    for (const root of roots) if (!root.dataset.ready) root.dataset.ready = "failed";
    status.classList.add("tryit-failed");
    status.setAttribute("role", "alert");
    status.textContent = own(t("missing"), error.missing) ? t("missing")[error.missing] : fill(t("failed"), { reason: error.message || String(error) });
    page.dataset.ready = "failed";
  } finally {
    page.removeAttribute("aria-busy");
  }
}

mountAll();
