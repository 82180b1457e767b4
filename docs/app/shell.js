// The apps' shell: one loader for every app under app/ (the rules app, the score pad).
//
// It boots Pyodide from this site (never another host unless the site was built with
// WIZARDRULES_PYODIDE=cdn), installs attrs and the wizardrules wheel, loads the app's Python
// glue, waits for the library's first answer and then hands the app a small API. Every answer
// an app shows comes from the library through `app.call`; nothing about the rules is computed
// here. After the first visit the service worker (sw.js) serves everything from its cache, so
// the apps open and work with the network off.
//
// To start fast it fetches the wheels and the Python files while Pyodide boots, unpacks the
// wheels itself (no package manager), and keeps two things from the first visits in the
// browser's cache: the modules Python compiled (see shell.py's bytecode_bundle), so the next
// visit skips compiling, and Python's state (Pyodide's memory snapshot), which the next
// visits restore instead of starting Python and importing the library (see keepSnapshot).
//
// An app page:
//
//   <link rel="manifest" href="manifest.webmanifest">
//   <link rel="stylesheet" href="../shell.css">
//   <main id="app" class="app" data-ready="false">
//     <p class="app-status" data-shell="status" role="status">Loading…</p>
//   </main>
//   <script type="module">
//     import { startApp } from "../shell.js";
//     startApp({ root: document.getElementById("app"), name: "rules", words: WORDS,
//                glue: new URL("rules_app.py", import.meta.url), start: (app) => { ... } });
//   </script>
//
// See docs/apps.md ("How an app uses the shell") for the whole API.

const SHELL = new URL("./", import.meta.url);
const LANG_KEY = "wizardrules-app-lang";

/** The languages the apps speak: code -> the language's own name. */
export const LANGUAGES = Object.freeze({ en: "English", de: "Deutsch" });

const WORDS = {
  en: {
    loading: "Loading Python in this browser: Pyodide {version} and wizardrules (about {size} MB the first time, then from the device)…",
    step: "Loading… {step}",
    failed: "The app could not start: {reason}. Reload to try again.",
    missing: "This build of the site has no {what}, so the app cannot run here: run `python tools/tryit_assets.py`, then `mkdocs build`.",
    whats: { pyodide: "Pyodide files", attrs: "attrs wheel", wheel: "wizardrules wheel", off: "Python (built with WIZARDRULES_PYODIDE=off)" },
    badLang: "The language kept on this device ({value}) is not one this app speaks, so it shows English.",
    badStored: "What this device kept under “{key}” cannot be read ({reason}); the app starts afresh.",
    language: "Language",
  },
  de: {
    loading: "Python wird im Browser geladen: Pyodide {version} und wizardrules (beim ersten Mal etwa {size} MB, danach vom Gerät)…",
    step: "Lädt… {step}",
    failed: "Die App konnte nicht starten: {reason}. Neu laden, um es noch einmal zu versuchen.",
    missing: "Diese Fassung der Seite enthält kein {what}, deshalb läuft die App hier nicht: `python tools/tryit_assets.py`, dann `mkdocs build`.",
    whats: { pyodide: "Pyodide", attrs: "attrs-Wheel", wheel: "wizardrules-Wheel", off: "Python (gebaut mit WIZARDRULES_PYODIDE=off)" },
    badLang: "Die auf diesem Gerät gespeicherte Sprache ({value}) spricht diese App nicht, sie zeigt Englisch.",
    badStored: "Was dieses Gerät unter „{key}“ gespeichert hat, ist nicht lesbar ({reason}); die App beginnt neu.",
    language: "Sprache",
  },
};

/** The shell's own texts, in every language of LANGUAGES (the tests compare their keys and fields). */
export const SHELL_WORDS = WORDS;

const own = (object, key) => object !== null && typeof object === "object" && Object.hasOwn(object, key);

/** Put `{name}` fields into a text; an unknown field stays as it is. */
export function fill(text, fields = {}) {
  return String(text).replace(/\{(\w+)\}/g, (whole, key) => (own(fields, key) ? String(fields[key]) : whole));
}

/**
 * A small element builder: h("button", { type: "button", onclick, text: "Go" }, child, ...).
 * `text` sets the text (never HTML), `on…` adds a listener, `data-…`/`aria-…` always set,
 * `false`/`null`/`undefined` leave an attribute out, `true` sets it empty.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined) continue;
    if (key.startsWith("data-") || key.startsWith("aria-")) el.setAttribute(key, String(value));
    else if (value === false) continue;
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = String(value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child !== null && child !== undefined && child !== false) el.append(child);
  }
  return el;
}

/**
 * The language to show: `wanted` if it is one of LANGUAGES (an own property, never an
 * inherited one such as "constructor"), otherwise English with the reason.
 * Returns { lang, problem } where problem is null or the rejected value.
 */
export function checkLanguage(wanted) {
  if (wanted === null || wanted === undefined || wanted === "") return { lang: "en", problem: null };
  if (typeof wanted === "string" && own(LANGUAGES, wanted)) return { lang: wanted, problem: null };
  return { lang: "en", problem: String(wanted).slice(0, 40) };
}

function storedLanguage() {
  const fromUrl = new URLSearchParams(location.search).get("lang");
  if (fromUrl !== null) {
    const checked = checkLanguage(fromUrl);
    if (!checked.problem) localStorage.setItem(LANG_KEY, checked.lang);
    return checked;
  }
  const kept = localStorage.getItem(LANG_KEY);
  if (kept === null) {
    const browser = (navigator.language || "en").slice(0, 2).toLowerCase();
    return { lang: own(LANGUAGES, browser) ? browser : "en", problem: null };
  }
  const checked = checkLanguage(kept);
  if (checked.problem) localStorage.removeItem(LANG_KEY);
  return checked;
}

async function loadConfig() {
  const response = await fetch(new URL("config.json", SHELL));
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  const config = await response.json();
  if (!own(config, "wheels") || !Array.isArray(config.wheels)) throw new Error("config.json has no list of wheels");
  return config;
}

async function loadFrom(indexURL, options) {
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  // app-runtime: Pyodide's JavaScript and WebAssembly are loaded, Python is about to start
  return loadPyodide({ indexURL, fsInit: async () => performance.mark("app-runtime"), ...options });
}

/**
 * Pyodide from `indexURL`, with `options` for loadPyodide (the snapshot's). While online the
 * browser fetches it itself (see sw.js); when that fails on a connection that answers nothing,
 * the service worker's copy under offline/.
 */
async function bootPyodide(indexURL, options) {
  try {
    return await loadFrom(indexURL, options);
  } catch (error) {
    if (!navigator.serviceWorker?.controller || new URL(indexURL).origin !== location.origin) throw error;
    console.warn("wizardrules apps: Pyodide from the network failed, now from the device:", error);
    return loadFrom(new URL("offline/", SHELL).href, options);
  }
}

// Python's state is kept on the device as Pyodide's memory snapshot (gzip-compressed, about
// 7 MB), which the next visit restores instead of starting Python (a warm start about twice as
// fast). A first visit keeps a "bare" snapshot, taken as soon as Python has started: compiling
// the modules then grows Python's memory beyond what a restored snapshot gets. The next visit
// restores it, imports the library with the bytecode kept, and keeps a "full" snapshot, with
// the library and the glue imported, if Python's memory has not grown; the visits after it
// restore that one (or the bare one, and import the library again). A snapshot is kept
// under config.python, a hash of the runtime, the wheels, this shell and the apps' Python
// (docs/_hooks/apps.py): a new build of any of them names a new snapshot and the old ones are
// dropped. Pyodide refuses a snapshot of another build; a snapshot that fails to restore, or
// after which the library does not answer, is dropped and the app starts afresh.
const SNAPSHOT_CACHE = "wizardrules-snapshot";
const SNAPSHOT_KINDS = ["full", "bare"]; // the one to restore first, first

function snapshotKey(name, config) {
  const usable = globalThis.caches && globalThis.CompressionStream && globalThis.DecompressionStream;
  if (!usable || typeof config.python !== "string" || !/^[0-9a-f]{16}$/.test(config.python)) return null;
  return (kind) => new URL(`snapshot/${name}-${config.python}-${kind}.gz`, SHELL).href;
}

/** The snapshot kept for `key`: { kind, data }, data a promise of its bytes (Pyodide reads it while it loads), or null. */
async function keptSnapshot(key) {
  if (!key) return null;
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    for (const kind of SNAPSHOT_KINDS) {
      const response = await cache.match(key(kind));
      if (!response?.body) continue;
      const unpacked = new Response(response.body.pipeThrough(new DecompressionStream("gzip")));
      return { kind, data: unpacked.arrayBuffer().then((buffer) => new Uint8Array(buffer)) };
    }
  } catch (error) {
    console.warn("wizardrules apps: no kept snapshot:", error);
  }
  return null;
}

/** Drop the snapshots kept for this app, but `keep` (a URL; null: all of them). */
async function dropSnapshots(name, keep) {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    const mine = new URL(`snapshot/${name}-`, SHELL).href;
    for (const request of await cache.keys()) {
      if (request.url.startsWith(mine) && request.url !== keep) await cache.delete(request);
    }
  } catch (error) {
    console.warn("wizardrules apps: the old snapshots were not dropped:", error);
  }
}

/**
 * After the app is ready: keep the snapshot this start made. The root gets data-snapshot:
 * "bare" (a bare one kept: the next visit keeps the full one), "saved" (a full one kept),
 * "used" (started from a kept one and kept no new one: a full one, or a bare one when the
 * imports grew Python's memory beyond what a restored snapshot gets, as the rules app's do),
 * or "off" (none: the browser keeps nothing here); and data-python says how Python started:
 * "full" or "bare" (from that snapshot) or "started".
 */
async function keepSnapshot(root, name, key, started) {
  if (!key || !started.snapshot) {
    root.dataset.snapshot = started.restored ? "used" : "off";
    return;
  }
  try {
    const packed = new Blob([started.snapshot]).stream().pipeThrough(new CompressionStream("gzip"));
    const cache = await caches.open(SNAPSHOT_CACHE);
    const url = key(started.kind);
    await cache.put(url, new Response(packed, { headers: { "Content-Type": "application/gzip" } }));
    await dropSnapshots(name, url);
    root.dataset.snapshot = started.kind === "full" ? "saved" : "bare";
  } catch (error) {
    root.dataset.snapshot = "off";
    console.warn("wizardrules apps: the snapshot was not kept:", error);
  } finally {
    started.snapshot = null;
  }
}

async function fetched(url, as) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return response[as]();
}

// The compiled modules (Python's bytecode) of an app are kept in the browser's cache, under a
// key made of a hash of everything they were compiled from: Pyodide's version, the wheels and
// the app's Python. A new build of the site has a new key; the old bundle is dropped.
const BYTECODE_CACHE = "wizardrules-bytecode";
const BYTECODE_FILE = "/tmp/app-bytecode.zip";

async function bytecodeKey(name, parts) {
  const encoder = new TextEncoder();
  const chunks = parts.map((part) => (typeof part === "string" ? encoder.encode(part) : new Uint8Array(part)));
  const all = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length + 1, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length + 1; // a zero between the parts
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
  const hex = [...digest.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return new URL(`bytecode/${name}-${hex}.zip`, SHELL).href;
}

/** The bundle kept for this app and these sources: { key, data } (data null if none), or { key: null } where the browser keeps nothing. */
async function keptBytecode(name, parts) {
  if (!globalThis.caches || !globalThis.crypto?.subtle) return { key: null, data: null };
  try {
    const key = await bytecodeKey(name, parts);
    const cache = await caches.open(BYTECODE_CACHE);
    const response = await cache.match(key);
    return { key, name, data: response ? new Uint8Array(await response.arrayBuffer()) : null };
  } catch (error) {
    console.warn("wizardrules apps: no kept bytecode:", error);
    return { key: null, data: null };
  }
}

/** After the app is ready: keep the bytecode the imports wrote, unless the kept one was used; root gets data-bytecode. */
async function keepBytecode(root, shell, pyodide, bytecode, state) {
  if (!bytecode.key) {
    root.dataset.bytecode = "off";
    return;
  }
  if (state === "used") {
    root.dataset.bytecode = "used";
    return;
  }
  try {
    const cache = await caches.open(BYTECODE_CACHE);
    const target = "/tmp/app-bytecode-new.zip";
    shell.bytecode_bundle(target);
    const data = pyodide.FS.readFile(target);
    pyodide.FS.unlink(target);
    await cache.put(bytecode.key, new Response(data, { headers: { "Content-Type": "application/zip" } }));
    const mine = new URL(`bytecode/${bytecode.name}-`, SHELL).href;
    for (const request of await cache.keys()) {
      if (request.url.startsWith(mine) && request.url !== bytecode.key) await cache.delete(request);
    }
    root.dataset.bytecode = "saved";
  } catch (error) {
    root.dataset.bytecode = "off";
    console.warn("wizardrules apps: the bytecode was not kept:", error);
  }
}

function registerWorker(root) {
  if (!("serviceWorker" in navigator)) {
    root.dataset.offline = "unsupported";
    return;
  }
  navigator.serviceWorker
    .register(new URL("sw.js", SHELL), { scope: SHELL.pathname })
    .then(() => navigator.serviceWorker.ready)
    .then(() => (root.dataset.offline = "true"))
    .catch((error) => {
      root.dataset.offline = "failed";
      console.warn("wizardrules apps: the service worker did not install:", error);
    });
}

/**
 * Start an app. Options:
 *   root   the app's root element: it gets data-ready ("true" once the library has answered
 *          and `start` has run, "failed" with the reason shown otherwise), data-lang, and
 *          data-offline ("true" once the service worker holds everything for offline use),
 *          data-bytecode and data-snapshot once what the start made is kept on the device
 *          (see keepBytecode and keepSnapshot);
 *   name   the app's short name ("rules", "pad"): its stored keys are prefixed with it;
 *   words  { en: {...}, de: {...} }, every text the app shows, looked up by app.t(key);
 *   glue   the URL of the app's Python module (its API mapping; see shell.py);
 *   start  function(app), may be async: builds the page; called once Python is ready.
 * Returns a promise of the app object (see docs/apps.md).
 */
export async function startApp({ root, name, words, glue, start }) {
  if (!(root instanceof HTMLElement)) throw new TypeError("startApp: root must be an element");
  if (typeof name !== "string" || !/^[a-z][a-z0-9-]*$/.test(name)) throw new TypeError("startApp: name must be a short lower-case name");
  for (const code of Object.keys(LANGUAGES)) {
    if (!own(words, code)) throw new TypeError(`startApp: words has no ${code}`);
  }
  let status = root.querySelector("[data-shell=status]");
  if (!status) {
    status = h("p", { class: "app-status", "data-shell": "status", role: "status" });
    root.prepend(status);
  }
  const notices = [];
  const languageListeners = [];
  const chosen = storedLanguage();
  let lang = chosen.lang;
  const shellWord = (key) => WORDS[lang][key];
  if (chosen.problem) notices.push(() => fill(shellWord("badLang"), { value: chosen.problem }));

  const app = {
    name,
    root,
    h,
    fill,
    get lang() {
      return lang;
    },
    /** The app's text `key` in the current language, with {fields} filled in. */
    t(key, fields) {
      const table = words[lang];
      if (!own(table, key)) throw new Error(`the app has no text ${key} in ${lang}`);
      const value = table[key];
      return typeof value === "string" ? fill(value, fields) : value;
    },
    /** Switch the language (a checked code), keep it on the device and tell every listener. */
    setLanguage(code) {
      const checked = checkLanguage(code);
      if (checked.problem) throw new Error(`not a language of the apps: ${checked.problem}`);
      lang = checked.lang;
      localStorage.setItem(LANG_KEY, lang);
      document.documentElement.lang = lang;
      root.dataset.lang = lang;
      for (const listener of languageListeners) listener(lang);
    },
    /** Call `listener(lang)` after each language switch. */
    onLanguage(listener) {
      languageListeners.push(listener);
    },
    /** The EN/DE switch, a group of buttons that stays in step with the language. */
    languageSwitch() {
      const group = h("div", { class: "app-lang", role: "group", "aria-label": shellWord("language") });
      const draw = () => {
        group.setAttribute("aria-label", shellWord("language"));
        group.replaceChildren(
          ...Object.entries(LANGUAGES).map(([code, title]) =>
            h("button", {
              type: "button", lang: code, title, "aria-pressed": String(code === lang), "data-lang": code, text: code.toUpperCase(),
              onclick: () => code !== lang && app.setLanguage(code),
            }),
          ),
        );
      };
      draw();
      languageListeners.push(draw);
      return group;
    },
    /** Show a short message in the app's status line (and keep it there until the next one). */
    notice(text) {
      status.textContent = text;
      status.hidden = !text;
    },
    /** Storage on this device, checked as input: see docs/apps.md. */
    store: {
      key: (key) => `wizardrules-app-${name}-${key}`,
      /**
       * The value kept under `key`, passed through `check(value)`, which returns the value to
       * use or throws an Error saying what is wrong; a missing value gives `fallback`, a bad one
       * gives `fallback` and a notice.
       */
      read(key, check, fallback = null) {
        const text = localStorage.getItem(app.store.key(key));
        if (text === null) return fallback;
        try {
          return check(JSON.parse(text));
        } catch (error) {
          app.notice(fill(shellWord("badStored"), { key, reason: error.message || String(error) }));
          return fallback;
        }
      },
      write(key, value) {
        localStorage.setItem(app.store.key(key), JSON.stringify(value));
      },
      remove(key) {
        localStorage.removeItem(app.store.key(key));
      },
    },
    call: null,
    pyodide: null,
    seconds: null,
  };

  document.documentElement.lang = lang;
  root.dataset.lang = lang;
  root.dataset.ready = "false";
  root.setAttribute("aria-busy", "true");
  try {
    const config = await loadConfig();
    status.textContent = fill(shellWord("loading"), { version: config.version, size: config.bytes ? Math.round(config.bytes / 1e6) : 13 });
    if (config.missing) {
      const what = own(WORDS[lang].whats, config.missing) ? WORDS[lang].whats[config.missing] : String(config.missing);
      throw Object.assign(new Error(fill(shellWord("missing"), { what })), { shown: true });
    }
    const indexURL = new URL(config.pyodide, SHELL).href;
    // While Pyodide boots, fetch what comes after it: the wheels, the shell's and the glue's Python.
    const glueURL = new URL(glue, location.href);
    const module = glueURL.pathname.split("/").pop().replace(/\.py$/, "");
    if (!/^[a-z_][a-z0-9_]*$/.test(module)) throw new Error(`the glue's file name ${module} is not a Python module name`);
    const wheels = Promise.all(config.wheels.map((wheel) => fetched(new URL(wheel, SHELL), "arrayBuffer")));
    const texts = Promise.all([new URL("shell.py", SHELL), glueURL].map((url) => fetched(url, "text")));
    wheels.catch(() => {}); // awaited below; a failure is reported there
    texts.catch(() => {});
    const snapshot = snapshotKey(name, config);
    const bytecodeKept = Promise.all([wheels, texts]).then(([wheelData, [shellText, glueText]]) =>
      keptBytecode(name, [String(config.version), ...wheelData, shellText, glueText]),
    );
    bytecodeKept.catch(() => {});

    // Python started (or restored from the snapshot `kept`), the wheels and the glue in place,
    // the library imported and its first answer checked; and a snapshot to keep, if one is due.
    const startPython = async (kept) => {
      const making = snapshot !== null && kept?.kind !== "full";
      const pyodide = await bootPyodide(indexURL, { _makeSnapshot: making, ...(kept ? { _loadSnapshot: kept.data } : {}) });
      performance.mark("app-pyodide");
      const memory = () => pyodide._module?.HEAP8?.length ?? Infinity;
      const booted = memory(); // a restored snapshot gets this much memory: a bigger one cannot be restored
      let made = null;
      let kind = null;
      const take = (what) => {
        try {
          made = pyodide.makeMemorySnapshot();
          kind = what;
        } catch (error) {
          console.warn("wizardrules apps: no snapshot of this start:", error);
        }
      };
      if (making && !kept) take("bare");
      status.textContent = fill(shellWord("step"), { step: "wizardrules, attrs" });
      const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
      for (const wheel of await wheels) pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
      performance.mark("app-wheels");
      const [shellText, glueText] = await texts;
      pyodide.FS.writeFile("/home/pyodide/app_shell.py", shellText);
      pyodide.FS.writeFile(`/home/pyodide/${module}.py`, glueText);
      const bytecode = await bytecodeKept;
      if (bytecode.data) pyodide.FS.writeFile(BYTECODE_FILE, bytecode.data);
      pyodide.runPython("import sys\nif '/home/pyodide' not in sys.path: sys.path.insert(0, '/home/pyodide')\nimport app_shell");
      const shell = pyodide.pyimport("app_shell");
      // the library's first answer: a wheel that is not there fails the fetch, a broken one this
      const hello = JSON.parse(shell.start(module, bytecode.data ? BYTECODE_FILE : undefined));
      performance.mark("app-import");
      if (hello.winner !== 1) throw new Error("the library gave a wrong first answer");
      // before the app calls anything, so that its state is the start's
      if (making && kept?.kind === "bare" && memory() <= booted) take("full");
      return { pyodide, shell, hello, bytecode, snapshot: made, kind, restored: kept?.kind ?? null };
    };

    const kept = await keptSnapshot(snapshot);
    let started = null;
    if (kept) {
      try {
        started = await startPython(kept);
      } catch (error) {
        console.warn("wizardrules apps: the kept snapshot did not start, so Python starts afresh:", error);
        await dropSnapshots(name, null);
      }
    }
    started ??= await startPython(null);
    const { pyodide, shell, hello, bytecode } = started;
    root.dataset.python = started.restored ?? "started";
    app.pyodide = pyodide;
    app.version = hello.version;
    app.call = (fn, args = {}) => JSON.parse(shell.call(module, fn, JSON.stringify(args)));
    status.textContent = "";
    status.hidden = true;
    for (const notice of notices) app.notice(notice());
    await start(app);
    performance.mark("app-start");
    app.seconds = performance.now() / 1000;
    root.dataset.readyMs = String(Math.round(performance.now()));
    root.dataset.ready = "true";
    registerWorker(root);
    setTimeout(async () => {
      await keepBytecode(root, shell, pyodide, bytecode, hello.bytecode);
      await keepSnapshot(root, name, snapshot, started);
    }, 0);
  } catch (error) {
    status.hidden = false;
    status.classList.add("app-failed");
    status.setAttribute("role", "alert");
    status.textContent = error.shown ? error.message : fill(shellWord("failed"), { reason: error.message || String(error) });
    root.dataset.ready = "failed";
    console.warn("wizardrules apps:", error);
  } finally {
    root.removeAttribute("aria-busy");
  }
  return app;
}
