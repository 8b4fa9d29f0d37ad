// The theme picked on this phone (else the phone's own: base.css), set in <head> before the first paint.
"use strict";
(() => {
  const KEY = "scorekeeper:theme", root = document.documentElement;
  const picked = () => { try { return localStorage.getItem(KEY) || ""; } catch { return ""; } };
  const use = (theme) => {
    if (theme) root.dataset.theme = theme; else delete root.dataset.theme;
    for (const radio of document.querySelector(".theme")?.elements || []) radio.checked = radio.value === theme;
  };
  use(picked());
  addEventListener("pageshow", () => use(picked())); // back to a page kept in memory: picked since?
  addEventListener("DOMContentLoaded", () => { use(picked()); document.querySelector(".theme").hidden = false; });
  addEventListener("change", ({ target }) => {
    if (target.name !== "theme") return;
    use(target.value);
    try { localStorage[target.value ? "setItem" : "removeItem"](KEY, target.value); } catch { /* this visit only */ }
  });
})();
