// Living on the phone: the service worker and rounds that survive a lost connection (the screen kept on is
// wake.js). Progressive enhancement only. Over plain HTTP on the LAN the browser has no service worker;
// then only the round keeper runs, and every page works as before.
"use strict";

(() => {
  const DRAFT = "scorekeeper:draft:"; // + the form's path: what was typed into a round form
  const SENT = "scorekeeper:sent"; // the form path just sent, until the next page says how it went
  const DAY = 24 * 60 * 60 * 1000; // a draft older than a game evening is stale
  // Texts in the page's language when a page puts them on this script's tag (data-restored="…").
  const script = document.currentScript;
  const say = (key, english) => (script && script.dataset[key]) || english;

  // Storage can be missing or full (private browsing): then nothing is remembered, nothing breaks.
  const store = {
    get(area, key) { try { return window[area].getItem(key); } catch { return null; } },
    set(area, key, value) { try { window[area].setItem(key, value); } catch { /* not remembered */ } },
    remove(area, key) { try { window[area].removeItem(key); } catch { /* nothing to forget */ } },
  };

  registerWorker();
  settleLastSend();
  keepRoundForm();
  // what is entered without a connection: offline.js, fetched beside the page
  if (script) document.head.append(Object.assign(document.createElement("script"), { src: script.dataset.offlineJs }));

  function registerWorker() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
    // the worker lives next to the manifest at the app's root, so its scope is the whole app
    const manifest = document.querySelector("link[rel=manifest]");
    const url = new URL("sw.js", manifest ? manifest.href : location.origin + "/");
    const register = () => navigator.serviceWorker.register(url.href).catch((error) => {
      console.warn("Scorekeeper works online only: no service worker.", error);
    });
    if (document.readyState === "complete") register(); else window.addEventListener("load", register);
  }

  // The page after a round was sent: a redirect away from the form means the server saved it.
  // The form again (a mistake to fix) or the offline page means it was not: keep what was typed.
  function settleLastSend() {
    const sent = store.get("sessionStorage", SENT);
    if (!sent) return;
    store.remove("sessionStorage", SENT);
    if (document.querySelector("[data-offline]") || location.pathname === sent) return;
    const from = document.referrer ? new URL(document.referrer, location.href) : null;
    const navigation = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
    const redirected = navigation && navigation.redirectCount > 0;
    if ((from && from.origin === location.origin && from.pathname === sent) || redirected) {
      store.remove("localStorage", DRAFT + sent);
    }
  }

  function keepRoundForm() {
    const form = document.getElementById("round-form");
    if (!form) return;
    const key = DRAFT + location.pathname;
    // the same address serves every new round: only restore what was typed for this one
    const round = () => ((document.querySelector("h1")?.textContent || "").match(/\d+/g) || []).join(",");
    // only what the player typed is kept: merely opening a correction must not pin old values
    // a field typed into before this script ran (a fast thumb on a slow phone) counts as typed too
    let typed = restore(form, key, round()) || [...form.elements].some((field) => field.type !== "hidden"
      && (field.type === "radio" || field.type === "checkbox"
        ? field.checked !== field.defaultChecked : "defaultValue" in field && field.value !== field.defaultValue));
    let dropped = false;
    const save = () => {
      if (typed && !dropped) store.set("localStorage", key, JSON.stringify({ round: round(), values: collect(form), at: Date.now() }));
    };
    const edit = () => { typed = true; save(); };
    form.addEventListener("input", edit);
    form.addEventListener("change", edit);
    // the tile picker fills a field without an input event: save once app.js has written it
    const picker = document.getElementById("picker");
    if (picker) picker.addEventListener("close", () => setTimeout(() => { if (picker.returnValue === "use") edit(); }, 0));
    let sending = false; // once sent, the next page settles the draft: leaving must not write it back after that
    window.addEventListener("pagehide", () => { if (!sending) save(); });
    window.addEventListener("pageshow", () => { dropped = false; sending = false; }); // back to the form: keep it again
    // Cancel means the player does not want this round entered: forget it
    for (const link of form.querySelectorAll("a[href]")) {
      link.addEventListener("click", () => { dropped = true; store.remove("localStorage", key); });
    }

    // a Save with no connection never comes here: offline.js keeps it, or says that nothing was sent
    form.addEventListener("submit", () => {
      save();
      store.set("sessionStorage", SENT, location.pathname);
      sending = true;
    });
  }

  function collect(form) {
    const values = {};
    for (const field of form.elements) {
      if (!field.name || field.type === "hidden" || field.type === "submit" || field.type === "button") continue;
      if (field.type === "radio") {
        if (field.checked) values[field.name] = field.value;
      } else if (field.type === "checkbox") {
        values[field.name] = field.checked;
      } else {
        values[field.name] = field.value;
      }
    }
    return values;
  }

  function restore(form, key, round) {
    let draft = null;
    try { draft = JSON.parse(store.get("localStorage", key) || "null"); } catch { draft = null; }
    if (!draft || typeof draft.values !== "object" || draft.values === null) return false;
    if (draft.round !== round || !(Date.now() - draft.at < DAY)) {
      store.remove("localStorage", key); // typed for a round since saved elsewhere, or long ago
      return false;
    }
    let changed = false;
    for (const field of form.elements) {
      if (!field.name || !(field.name in draft.values)) continue;
      const value = draft.values[field.name];
      if (field.type === "radio") {
        const checked = field.value === value;
        changed = changed || field.checked !== checked;
        field.checked = checked;
      } else if (field.type === "checkbox") {
        changed = changed || field.checked !== Boolean(value);
        field.checked = Boolean(value);
      } else if (field.type !== "hidden" && typeof value === "string") {
        changed = changed || field.value !== value;
        field.value = value;
      }
    }
    if (changed) {
      note(form, "flash", "status", say("restored", "Filled in what was typed on this phone before. Check it and save."),
        form.firstElementChild);
    }
    return true;
  }

  function note(form, className, role, text, before) {
    let line = form.querySelector(".pwa-note");
    if (!line) {
      line = document.createElement("p");
      form.insertBefore(line, before || null);
    }
    line.className = `${className} pwa-note`;
    line.setAttribute("role", role);
    line.textContent = text;
  }
})();
