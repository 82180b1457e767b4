import { startApp } from "../shell.js";
const WORDS = { en: { title: "Wizard rules" }, de: { title: "Wizard-Regeln" } };
startApp({ root: document.getElementById("app"), name: "rules", words: WORDS, glue: new URL("rules_app.py", import.meta.url),
  start(app) {
    const draw = () => {
      const steps = app.call("steps", { lang: app.lang });
      app.root.replaceChildren(app.h("header", { class: "app-bar" }, app.h("h1", { text: app.t("title") }), app.languageSwitch()),
        app.h("ol", {}, steps.map((s) => app.h("li", { text: s.title }))));
    };
    draw();
    app.onLanguage(draw);
  } });
