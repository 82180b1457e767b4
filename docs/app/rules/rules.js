// The rules app: Wizard in 3 minutes, the eight-step tutorial, the trick quiz, the tools for the
// table and every topic to look up. Every answer comes from the library through the shell
// (app.call → rules_app.py → wizardrules); this script only lays out what it gets.

import { startApp } from "../shell.js";
import { WORDS } from "./words.js";

const TABS = ["learn", "tutorial", "quiz", "table", "topics"];
const PROGRESS = "progress";
const QUIZ = "quiz";

// replaceChildren writes null as the text "null": leave out what is not there
const put = (el, ...children) => el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));

const newSeed = () => crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000;

function picture(h, svg, cls = "rules-picture") {
  const box = h("div", { class: `app-picture ${cls}` });
  box.innerHTML = svg; // drawn by wizardrules.svg, which escapes every text it puts in
  return box;
}

/**
 * Cards in a row that wraps on a phone (a trick in play order, or a hand): each card's picture
 * with its place under it, or `notes[i]`; the card at `mark` stands out.
 */
function cardRow(h, svgs, { notes = null, mark = null, names = null } = {}) {
  return h("ol", { class: "rules-cardrow" }, svgs.map((svg, i) =>
    h("li", { class: i === mark ? "rules-marked" : null, "data-index": i, "aria-label": names ? names[i] : null },
      picture(h, svg, "rules-mini"),
      notes === false ? null : h("span", { class: "rules-order", text: notes?.[i] ?? `${i + 1}.` }))));
}

// The library's refusal, in its own words; the error's class is an attribute, not words for people.
/** The trump and the led suit of a trick, in one line. */
function suitLine(h, t, answer) {
  const led = answer.led_name ? t("led", { suit: answer.led_name }) : t("noLed");
  return h("p", { class: "rules-small rules-suitline" }, h("span", { text: `${t("trumpField")}: ${answer.trump_name}.` }), " ", h("span", { text: led }));
}

function errorLine(h, answer) {
  return h("p", { class: "rules-error app-no", role: "alert", "data-kind": answer.kind, text: answer.error });
}

// -- the state the app keeps: on the device, checked when read back ----------------------------

function checkQuiz(value) {
  const ok = value && typeof value === "object" && !Array.isArray(value);
  const right = ok && Object.hasOwn(value, "right") ? value.right : null;
  const asked = ok && Object.hasOwn(value, "asked") ? value.asked : null;
  const level = ok && Object.hasOwn(value, "level") ? value.level : null;
  if (!Number.isInteger(right) || !Number.isInteger(asked) || right < 0 || asked < right || asked > 1e6) throw new Error("the quiz score is not two whole numbers, right ≤ asked");
  if (![1, 2, 3].includes(level)) throw new Error("the quiz level is not 1, 2 or 3");
  return { right, asked, level };
}

function checkProgress(value) {
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("not a table of answers");
  const answers = {};
  for (const key of Object.keys(value)) {
    if (!/^[1-8]$/.test(key)) throw new Error(`step ${key.slice(0, 8)} is not one of the eight`);
    const answer = value[key];
    if (!(answer === null || typeof answer === "string" || Number.isInteger(answer)) || String(answer).length > 20) throw new Error(`the answer to step ${key} is not a card, suit or number`);
    answers[key] = answer;
  }
  return answers;
}

// -- the app --------------------------------------------------------------------------------------

function rulesApp(app) {
  const { h, t } = app;
  const state = {
    tab: TABS.includes(location.hash.slice(1)) ? location.hash.slice(1) : "learn",
    trumpSeed: null,
    trumpRound: null,
    situation: 0,
    extraSeed: null,
    bidRule: "not-equal",
    players: 4,
    quiz: app.store.read(QUIZ, checkQuiz, { right: 0, asked: 0, level: 1 }),
    quizSeed: newSeed(),
    quizAnswered: null,
    answers: app.store.read(PROGRESS, checkProgress, {}),
    step: 1,
    checked: null, // the tutorial's answers as the library read them back
    checkerCards: app.lang === "de" ? "B9 Z G13 Z" : "B9 W G13 W",
    checkerTrump: "G",
    bid: 2,
    took: 2,
    blind: false,
    query: "",
  };

  const header = h("header", { class: "app-bar" });
  const nav = h("nav", { class: "rules-tabs", "aria-label": t("sectionsLabel") });
  const views = Object.fromEntries(TABS.map((name) => [name, h("section", { class: "rules-view", id: `view-${name}`, "data-view": name, tabindex: "-1" })]));
  const footer = h("footer", { class: "rules-footer" });
  const languages = app.languageSwitch();
  app.root.append(header, nav, ...Object.values(views), footer);

  const select = (name, options, value, onchange, label) =>
    h("label", { class: "rules-field" }, h("span", { text: label }),
      h("select", { name, onchange: (e) => onchange(e.target.value) },
        Object.entries(options).map(([v, text]) => h("option", { value: v, text, selected: String(v) === String(value) }))));

  // -- Wizard in 3 minutes --------------------------------------------------------------------

  function learnCards() {
    const deck = app.call("deck", { lang: app.lang });
    const grid = h("div", { class: "rules-deck" });
    const open = (button, card) => {
      button.setAttribute("aria-expanded", "true");
      button.classList.add("rules-open");
      put(button, picture(h, card.svg, "rules-face"), h("span", { class: "rules-card-text", text: card.text }));
    };
    for (const card of deck.cards) {
      const button = h("button", { type: "button", class: "rules-flip app-plain", "data-card": card.card, "aria-expanded": "false", "aria-label": `${t("cards")}: ?` },
        h("span", { class: "rules-back", "aria-hidden": "true" }));
      button.addEventListener("click", () => open(button, card));
      grid.append(button);
    }
    const legend = h("ul", { class: "rules-suits" }, deck.suits.map((s) => h("li", { "data-suit": s.letter }, h("span", { class: `rules-symbol rules-suit-${s.letter}`, text: s.symbol }), ` ${s.name}`)));
    return [
      h("h3", { text: t("cards") }),
      h("p", { text: t("tapCards") }),
      grid,
      h("p", {}, t("deckSize", { size: deck.size }), " ",
        h("button", { type: "button", class: "app-plain", name: "turn-all", onclick: () => grid.querySelectorAll("button[aria-expanded=false]").forEach((b) => b.click()), text: t("turnAll") })),
      legend,
    ];
  }

  function lengthTool() {
    const answer = h("div", { class: "rules-answer", "aria-live": "polite" });
    const run = () => {
      const length = app.call("length", { players: Number(state.players), lang: app.lang });
      if (length.error) return put(answer, errorLine(h, length));
      put(answer, 
        h("p", { class: "rules-result", "data-rounds": length.rounds }, h("strong", { text: t("roundsCount", { rounds: length.rounds }) })),
        h("p", { text: length.text }),
        h("details", {}, h("summary", { text: t("shorter") }),
          h("ul", {}, length.shorter.map((o) => h("li", { text: o.text }))),
          h("p", { text: t("stopAfter", { last: length.stop_after.at(-1) }) })),
      );
    };
    const players = select("players", { 3: "3", 4: "4", 5: "5", 6: "6" }, state.players, (v) => ((state.players = Number(v)), run()), t("players"));
    run();
    return h("div", { class: "rules-tool", "data-tool": "length" }, h("h4", { text: t("howLong") }), players, answer);
  }

  function trumpTool() {
    const answer = h("div", { class: "rules-answer", "aria-live": "polite" });
    const show = () => {
      if (state.trumpSeed === null) return put(answer, h("p", { text: t("tapStack") }));
      const turned = app.call("trump", { seed: state.trumpSeed, round: state.trumpRound, lang: app.lang });
      if (turned.error) return put(answer, errorLine(h, turned));
      answer.dataset.seed = state.trumpSeed;
      answer.dataset.round = turned.round;
      const nodes = [
        h("p", { class: "rules-small", text: t("roundOf", { round: turned.round, players: turned.players, cards: turned.cards, dealer: turned.dealer + 1 }) }),
        turned.svg ? picture(h, turned.svg, "rules-turned") : null,
        h("p", { class: "rules-result", "data-reason": turned.reason, text: turned.text }),
      ];
      if (turned.chooser !== null && turned.choices.length) {
        const said = h("p", { class: "rules-chosen", "aria-live": "polite" });
        nodes.push(
          h("p", { text: t("dealerHand") }), cardRow(h, turned.chooser_hand, { notes: false }),
          h("div", { class: "rules-choices", role: "group", "aria-label": t("chooseTrump") }, h("span", { text: t("chooseTrump") }),
            turned.choices.map((choice, i) => h("button", { type: "button", class: "app-plain", "data-choice": choice ?? "none",
              onclick: (e) => {
                const named = app.call("name_trump", { seed: state.trumpSeed, round: state.trumpRound, suit: choice, lang: app.lang });
                if (named.error) return put(said, errorLine(h, named));
                e.currentTarget.parentElement.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", String(b === e.currentTarget)));
                said.textContent = named.text;
                said.dataset.trump = named.trump ?? "none";
              }, text: turned.choice_names[i] }))),
          said);
      }
      put(answer, ...nodes);
    };
    const stack = h("button", { type: "button", class: "rules-stack app-plain", name: "stack", "aria-label": t("stack"),
      onclick: () => ((state.trumpSeed = newSeed()), (state.trumpRound = null), show()) },
      h("span", { class: "rules-back" }), h("span", { class: "rules-back" }), h("span", { class: "rules-back" }));
    show();
    return h("div", { class: "rules-tool", "data-tool": "trump" }, h("h4", { text: t("turnUp") }), stack, answer);
  }

  function bidTool() {
    const answer = h("div", { class: "rules-answer", "aria-live": "polite" });
    const run = () => {
      const q = app.call("bids", { rule: state.bidRule, cards: 3, made: [1, 0, 1], round_number: 3, lang: app.lang });
      if (q.error) return put(answer, errorLine(h, q));
      put(answer, 
        h("ul", { class: "rules-bids" }, q.options.map((o) =>
          h("li", { class: o.allowed ? "app-yes" : "app-no", "data-bid": o.bid, "data-allowed": String(o.allowed) },
            h("strong", { text: `${o.bid}` }), ` ${o.allowed ? t("allowed") : t("blocked")}`))),
        h("p", { class: "rules-result", text: q.options.filter((o) => !o.allowed).map((o) => o.reason).join(" ") || q.options[0].reason }),
      );
    };
    const rule = select("bid-rule", t("bidRules"), state.bidRule, (v) => ((state.bidRule = v), run()), t("bidRule"));
    run();
    return h("div", { class: "rules-tool", "data-tool": "bids" }, h("h4", { text: t("dealerBid") }),
      h("p", { text: t("bidStory", { round: 3, cards: 3, a: 1, b: 0, c: 1 }) }), rule, answer);
  }

  function playTool() {
    const box = h("div", { class: "rules-answer" });
    const show = () => {
      const all = app.call("situations", { lang: app.lang });
      const extra = state.situation >= all.length;
      const q = extra ? app.call("play", { seed: state.extraSeed, level: 2, lang: app.lang }) : all[state.situation];
      if (q.error) return put(box, errorLine(h, q));
      if (extra) box.dataset.seed = state.extraSeed;
      else delete box.dataset.seed;
      const said = h("p", { class: "rules-result", "aria-live": "polite", text: t("yourHand") });
      const hand = h("div", { class: "rules-hand-cards" }, q.cards.map((card) =>
        h("button", { type: "button", class: "rules-card app-plain", "data-card": card.card, "aria-label": card.name,
          onclick: (e) => {
            hand.querySelectorAll("button").forEach((b) => b.removeAttribute("data-verdict"));
            e.currentTarget.dataset.verdict = card.legal ? "legal" : "illegal";
            said.className = `rules-result ${card.legal ? "app-yes" : "app-no"}`;
            said.textContent = `${t(card.legal ? "mayPlayYes" : "mayPlayNo", { card: card.name })} ${card.reason} (${card.clause})`;
          } }, picture(h, q.cards_svg[card.card], "rules-mini"))));
      put(box, 
        h("p", { class: "rules-small", "data-situation": state.situation + 1, text: extra ? t("moreSituation", { n: state.situation + 1 }) : t("situation", { n: state.situation + 1, of: all.length }) }),
        h("p", { text: q.question }),
        q.trick_svg.length ? [h("p", { class: "rules-small", text: t("inTrick") }), cardRow(h, q.trick_svg, { names: q.trick.map((c) => c.name) })] : null,
        hand, said,
        h("div", { class: "rules-row" },
          h("button", { type: "button", class: "app-plain", name: "situation-prev", disabled: state.situation === 0, onclick: () => ((state.situation -= 1), show()), text: t("previous") }),
          h("button", { type: "button", class: "app-plain", name: "situation-next",
            onclick: () => { state.situation += 1; if (state.situation >= all.length) state.extraSeed = newSeed(); show(); },
            text: state.situation + 1 >= all.length ? t("another") : t("next") })),
      );
    };
    show();
    return h("div", { class: "rules-tool", "data-tool": "may-play" }, h("h4", { text: t("mayPlay") }), box);
  }

  function examplesTool() {
    const list = app.call("examples", { lang: app.lang });
    return h("ol", { class: "rules-examples", "data-tool": "examples" }, list.map((q) =>
      h("li", { "data-answer": q.answer }, h("p", { text: q.reason }), suitLine(h, t, q),
        cardRow(h, q.cards_svg, { mark: q.answer, notes: q.cards.map((_, i) => (i === q.answer ? t("takesIt") : `${i + 1}.`)), names: q.cards.map((c) => c.name) }))));
  }

  function pointsTool(name) {
    const answer = h("div", { class: "rules-answer", "aria-live": "polite" });
    const bid = h("input", { type: "number", name: "bid", min: 0, max: 20, value: state.bid, inputmode: "numeric" });
    const took = h("input", { type: "number", name: "tricks", min: 0, max: 20, value: state.took, inputmode: "numeric" });
    const blind = h("input", { type: "checkbox", name: "blind", checked: state.blind });
    const run = () => {
      state.bid = Number(bid.value);
      state.took = Number(took.value);
      state.blind = blind.checked;
      const p = app.call("points", { bid: state.bid, tricks: state.took, blind: state.blind, lang: app.lang });
      if (p.error) return put(answer, errorLine(h, p));
      put(answer, h("p", { class: `rules-result ${p.hit ? "app-yes" : "app-no"}`, "data-total": p.total },
        h("strong", { text: t("pointsAre", { total: p.total > 0 ? `+${p.total}` : p.total }) }), ` · ${p.words}`));
    };
    const step = (input, by) => h("button", { type: "button", class: "app-plain rules-step", "aria-label": `${by > 0 ? "+" : "−"}1`,
      onclick: () => { input.value = String(Math.max(0, Math.min(20, Number(input.value) + by))); run(); }, text: by > 0 ? "+" : "−" });
    for (const input of [bid, took, blind]) input.addEventListener("input", run);
    run();
    return h("div", { class: "rules-tool", "data-tool": name },
      h("h4", { text: t("calculator") }),
      h("div", { class: "rules-row" },
        h("label", { class: "rules-field" }, h("span", { text: t("bid") }), h("span", { class: "rules-stepper" }, step(bid, -1), bid, step(bid, 1))),
        h("label", { class: "rules-field" }, h("span", { text: t("took") }), h("span", { class: "rules-stepper" }, step(took, -1), took, step(took, 1)))),
      h("label", { class: "rules-check" }, blind, ` ${t("blind")}`),
      answer);
  }

  function drawLearn() {
    put(views.learn, 
      h("h2", { text: t("learnTitle") }), h("p", { class: "rules-lead", text: t("learnIntro") }),
      h("h3", { text: t("goal") }), h("p", { text: t("goalText") }),
      ...learnCards(),
      h("h3", { text: t("rounds") }), lengthTool(),
      h("h3", { text: t("trump") }), trumpTool(),
      h("h3", { text: t("bids") }), h("p", { text: t("bidsText") }), bidTool(),
      h("h3", { text: t("follow") }), playTool(),
      h("h3", { text: t("winTrick") }), h("p", { text: t("winText") }), examplesTool(),
      h("p", {}, h("button", { type: "button", name: "to-quiz", onclick: () => go("quiz"), text: t("toQuiz") })),
      h("h3", { text: t("points") }), pointsTool("points"),
    );
  }

  // -- the tutorial ---------------------------------------------------------------------------

  function readProgress() {
    const kept = app.call("progress", { answers: state.answers, lang: app.lang });
    if (kept.error) return (state.checked = { steps: {} });
    state.checked = kept;
    if (kept.dropped.length) {
      for (const entry of kept.dropped) delete state.answers[entry.step];
      app.store.write(PROGRESS, state.answers);
      app.notice(kept.dropped.map((d) => t("dropped", d)).join(" "));
    }
  }

  function drawTutorial() {
    const steps = app.call("tutorial", { lang: app.lang });
    readProgress();
    const step = steps[state.step - 1];
    const kept = state.checked.steps[String(step.number)];
    const verdict = h("div", { class: "rules-verdict", "aria-live": "polite" });
    const showVerdict = (v) => {
      put(verdict, 
        h("p", { class: `rules-result ${v.correct ? "app-yes" : "app-no"}`, "data-correct": String(v.correct) },
          h("strong", { text: v.correct ? t("right") : t("wrong") }), ` ${v.reason} `, h("span", { class: "rules-clause", text: t("clause", { clause: v.clause }) })),
        v.correct ? null : h("p", { class: "rules-small", text: t("again") }));
    };
    const choices = h("div", { class: "rules-choices", role: "group", "aria-label": t("task") }, step.task.choices.map((c) =>
      h("button", { type: "button", class: "app-plain", "data-answer": c.answer ?? "none", "aria-pressed": String(kept !== undefined && kept.answer === c.answer),
        onclick: (e) => {
          const v = app.call("tutorial_check", { step: step.number, answer: c.answer, lang: app.lang });
          if (v.error) return put(verdict, errorLine(h, v));
          choices.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", String(b === e.currentTarget)));
          state.answers[String(step.number)] = c.answer;
          app.store.write(PROGRESS, state.answers);
          showVerdict(v);
          drawProgress();
        }, text: c.label })));
    if (kept) showVerdict(kept);
    const bar = h("div", { class: "rules-progress" });
    const drawProgress = () => {
      readProgress();
      const count = Object.values(state.checked.steps).filter((s) => s.correct).length;
      put(bar, 
        h("p", { class: "rules-small", "data-done": count, text: t("progress", { done: count, of: steps.length }) }),
        h("ol", { class: "rules-dots" }, steps.map((s) => {
          const entry = state.checked.steps[String(s.number)];
          const mark = entry ? (entry.correct ? "right" : "wrong") : "open";
          return h("li", {}, h("button", { type: "button", class: "app-plain", "data-step": s.number, "data-mark": mark, "aria-current": s.number === state.step ? "step" : null,
            "aria-label": `${t("stepOf", { n: s.number, of: steps.length })}: ${s.title}`, onclick: () => ((state.step = s.number), drawTutorial()), text: String(s.number) }));
        })));
    };
    drawProgress();
    put(views.tutorial, 
      h("h2", { text: t("tutorialTitle") }), h("p", { class: "rules-lead", text: t("tutorialIntro") }), bar,
      h("article", { class: "rules-step", "data-step": step.number },
        h("p", { class: "rules-small", text: t("stepOf", { n: step.number, of: steps.length }) }),
        h("h3", { text: step.title }),
        step.text.split("\n\n").map((para) => h("p", { text: para })),
        step.examples.length ? h("ul", { class: "rules-lines" }, step.examples.map((line) => h("li", { text: line }))) : null,
        h("div", { class: "rules-task" }, h("h4", { text: t("task") }), h("p", { class: "rules-question", text: step.task.question }), choices, verdict)),
      h("div", { class: "rules-row" },
        h("button", { type: "button", class: "app-plain", name: "step-prev", disabled: state.step === 1, onclick: () => ((state.step -= 1), drawTutorial(), views.tutorial.focus()), text: t("previous") }),
        h("button", { type: "button", name: "step-next", disabled: state.step === steps.length, onclick: () => ((state.step += 1), drawTutorial(), views.tutorial.focus()), text: t("next") })),
      h("p", {}, h("button", { type: "button", class: "app-plain", name: "reset", onclick: () => { state.answers = {}; app.store.remove(PROGRESS); state.step = 1; drawTutorial(); }, text: t("reset") })),
    );
  }

  // -- the quiz ------------------------------------------------------------------------------

  function drawQuiz() {
    const q = app.call("quiz", { seed: state.quizSeed, level: state.quiz.level, lang: app.lang });
    const verdict = h("div", { class: "rules-verdict", "aria-live": "polite" });
    const score = h("p", { class: "rules-score", "data-right": state.quiz.right, "data-asked": state.quiz.asked, text: t("score", state.quiz) });
    const cards = h("div", { class: "rules-hand-cards", role: "group", "aria-label": t("quizIntro") }, q.cards.map((card, i) =>
      h("button", { type: "button", class: "rules-card app-plain", "data-index": i, "aria-label": t("card", { n: i + 1, name: card.name }),
        onclick: () => {
          if (state.quizAnswered !== null) return;
          const v = app.call("quiz_check", { seed: state.quizSeed, level: state.quiz.level, answer: i, lang: app.lang });
          if (v.error) return put(verdict, errorLine(h, v));
          state.quizAnswered = i;
          state.quiz = { ...state.quiz, asked: state.quiz.asked + 1, right: state.quiz.right + (v.correct ? 1 : 0) };
          app.store.write(QUIZ, state.quiz);
          cards.querySelectorAll("button").forEach((b) => {
            b.disabled = true;
            if (Number(b.dataset.index) === v.answer) b.dataset.verdict = "winner";
            else if (Number(b.dataset.index) === i) b.dataset.verdict = "illegal";
          });
          score.textContent = t("score", state.quiz);
          score.dataset.right = state.quiz.right;
          score.dataset.asked = state.quiz.asked;
          put(verdict, 
            h("p", { class: `rules-result ${v.correct ? "app-yes" : "app-no"}`, "data-correct": String(v.correct) }, h("strong", { text: v.correct ? t("right") : t("wrong") }), ` ${v.reason}`),
            h("button", { type: "button", name: "quiz-next", onclick: () => { state.quizSeed = newSeed(); state.quizAnswered = null; drawQuiz(); views.quiz.querySelector(".rules-card")?.focus(); }, text: t("nextQuestion") }));
        } },
        h("span", { class: "rules-order", text: `${i + 1}.` }), picture(h, q.cards_svg[i], "rules-mini"))));
    const level = select("level", t("levels"), state.quiz.level, (v) => {
      state.quiz = { ...state.quiz, level: Number(v) };
      app.store.write(QUIZ, state.quiz);
      state.quizSeed = newSeed();
      state.quizAnswered = null;
      drawQuiz();
    }, t("level"));
    put(views.quiz, 
      h("h2", { text: t("quizTitle") }), h("p", { class: "rules-lead", text: t("quizIntro") }), h("div", { class: "rules-row" }, level, score),
      h("p", { class: "rules-question", "data-seed": state.quizSeed, text: q.question }), cards, verdict);
  }

  // -- at the table ----------------------------------------------------------------------------

  function checkerTool() {
    const answer = h("div", { class: "rules-answer", "aria-live": "polite" });
    const input = h("input", { type: "text", name: "cards", value: state.checkerCards, autocomplete: "off", spellcheck: "false", autocapitalize: "characters" });
    const deck = app.call("deck", { lang: app.lang });
    const trumps = Object.fromEntries([...deck.suits.map((s) => [s.letter, `${s.symbol} ${s.name}`]), ["none", t("noTrump")]]);
    const trump = select("trump", trumps, state.checkerTrump, (v) => ((state.checkerTrump = v), run()), t("trumpField"));
    const run = () => {
      state.checkerCards = input.value;
      const r = app.call("trick", { cards: input.value, trump: state.checkerTrump, lang: app.lang });
      if (r.error) return put(answer, errorLine(h, r));
      const who = (i) => `${r.cards[i].name} (${t("card", { n: i + 1, name: r.cards[i].name }).split(":")[0]})`;
      put(answer, 
        h("p", { class: "rules-result", "data-winner": r.winner ?? "none" }, h("strong", { text: r.winner === null ? t("voided", { reason: r.reason }) : t("wins", { who: who(r.winner), reason: r.reason }) })),
        suitLine(h, t, r),
        cardRow(h, r.cards_svg, { mark: r.winner ?? r.would_be_winner, names: r.cards.map((c) => c.name),
          notes: r.cards.map((_, i) => (i === r.winner ? t("takesIt") : r.winner === null && i === r.would_be_winner ? t("leadsNext") : `${i + 1}.`)) }));
    };
    let suit = deck.suits[0].letter;
    const add = (card) => {
      input.value = `${input.value.trim()} ${card}`.trim();
      run();
    };
    const suits = h("div", { class: "rules-keys", role: "group", "aria-label": t("suitLabel") },
      deck.suits.map((s) => h("button", { type: "button", class: `app-plain rules-suit-${s.letter}`, name: `suit-${s.letter}`, "aria-pressed": String(s.letter === suit), title: s.name,
        onclick: (e) => { suit = s.letter; suits.querySelectorAll("button[name^=suit]").forEach((b) => b.setAttribute("aria-pressed", String(b === e.currentTarget))); }, text: s.symbol })),
      // the letters of the language: Z and N in German (R1.2: the library reads both)
      h("button", { type: "button", class: "app-plain", name: "add-W", title: t("wizard"), onclick: () => add(t("wizardLetter")), text: t("wizardLetter") }),
      h("button", { type: "button", class: "app-plain", name: "add-J", title: t("jester"), onclick: () => add(t("jesterLetter")), text: t("jesterLetter") }));
    const ranks = h("div", { class: "rules-keys rules-ranks", role: "group", "aria-label": t("rankLabel") },
      Array.from({ length: 13 }, (_, i) => h("button", { type: "button", class: "app-plain", name: `rank-${i + 1}`, onclick: () => add(`${suit}${i + 1}`), text: String(i + 1) })));
    input.addEventListener("keydown", (e) => e.key === "Enter" && (e.preventDefault(), run()));
    run();
    return h("div", { class: "rules-tool", "data-tool": "checker" },
      h("h3", { text: t("checker") }), h("p", { class: "rules-small", text: t("checkerHelp") }),
      h("label", { class: "rules-field rules-wide" }, h("span", { text: t("cardsField") }), input),
      suits, ranks,
      h("div", { class: "rules-row" }, trump,
        h("button", { type: "button", class: "app-plain", name: "undo", "aria-label": t("undoLabel"), onclick: () => { input.value = input.value.trim().split(/[\s,]+/).slice(0, -1).join(" "); run(); }, text: t("undo") }),
        h("button", { type: "button", class: "app-plain", name: "clear", onclick: () => { input.value = ""; put(answer, ); state.checkerCards = ""; }, text: t("clear") }),
        h("button", { type: "button", name: "decide", onclick: run, text: t("decide") })),
      answer);
  }

  function drawTable() {
    put(views.table, h("h2", { text: t("tableTitle") }), checkerTool(), pointsTool("table-points"));
  }

  // -- topics ---------------------------------------------------------------------------------

  function drawTopics() {
    const list = h("div", { class: "rules-topics", "aria-live": "polite" });
    const input = h("input", { type: "search", name: "search", value: state.query, placeholder: t("searchHint"), autocomplete: "off" });
    const run = () => {
      state.query = input.value;
      const found = app.call("topics", { query: input.value, lang: app.lang });
      if (found.error) return put(list, errorLine(h, found));
      put(list, h("p", { class: "rules-small", "data-count": found.count, text: t("found", { count: found.count }) }),
        ...found.topics.map((topic) => h("article", { class: "rules-topic", "data-clause": topic.clause },
          h("h3", {}, topic.title, " ", h("span", { class: "rules-clause", text: topic.step ? t("tutorialStep", { n: topic.step }) : topic.clause })),
          topic.text.split("\n\n").map((para) => h("p", { text: para })),
          topic.step ? h("button", { type: "button", class: "app-plain", onclick: () => { state.step = topic.step; go("tutorial"); }, text: t("tabs").tutorial }) : null)));
    };
    input.addEventListener("input", run);
    run();
    put(views.topics, h("h2", { text: t("topicsTitle") }), h("label", { class: "rules-field rules-wide" }, h("span", { text: t("search") }), input), list);
  }

  // -- frame ------------------------------------------------------------------------------------

  const drawers = { learn: drawLearn, tutorial: drawTutorial, quiz: drawQuiz, table: drawTable, topics: drawTopics };
  const drawn = new Set();

  function go(tab) {
    state.tab = tab;
    if (location.hash.slice(1) !== tab) history.replaceState(null, "", `#${tab}`);
    for (const name of TABS) {
      views[name].hidden = name !== tab;
      nav.querySelector(`[data-tab=${name}]`)?.setAttribute("aria-current", name === tab ? "page" : "false");
    }
    if (!drawn.has(tab)) {
      drawers[tab]();
      drawn.add(tab);
    }
    window.scrollTo(0, 0);
  }

  function frame() {
    document.title = t("title");
    nav.setAttribute("aria-label", t("sectionsLabel"));
    put(header, h("h1", { text: t("title") }), languages);
    put(nav, ...TABS.map((name) => h("button", { type: "button", class: "app-plain", "data-tab": name, onclick: () => go(name), text: t("tabs")[name] })));
    put(footer, h("p", { text: t("footer") }));
    drawn.clear();
    go(state.tab);
  }

  window.addEventListener("hashchange", () => TABS.includes(location.hash.slice(1)) && go(location.hash.slice(1)));
  app.onLanguage(frame);
  frame();
}

startApp({ root: document.getElementById("app"), name: "rules", words: WORDS, glue: new URL("rules_app.py", import.meta.url), start: rulesApp });
