// The table screen's small actions (app.js is the round pages'): ask before undo and end, and share the result,
// through the phone's share sheet where it has one, else by copying the game's address, else in a box to copy by
// hand (plain HTTP may not use the clipboard). Texts come from this script's tag.
"use strict";

(() => {
  const tag = document.currentScript;
  const say = (key) => tag?.dataset[key] || "";

  document.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-confirm]");
    if (form && !window.confirm(form.dataset.confirm)) event.preventDefault();
  });

  const copied = (button) => {
    let line = button.parentNode.querySelector(".share-note");
    if (!line) {
      line = Object.assign(document.createElement("span"), { className: "share-note muted small" });
      line.setAttribute("role", "status");
      button.parentNode.append(line);
    }
    line.textContent = say("copied");
  };

  function copyByCommand(text) {
    const box = Object.assign(document.createElement("textarea"), { value: text, className: "sr-only" });
    document.body.append(box);
    box.select();
    let done = false;
    try { done = document.execCommand("copy"); } catch { done = false; }
    box.remove();
    return done;
  }

  async function share(button) {
    const url = location.origin + location.pathname;
    const text = (document.querySelector(".winner")?.textContent || "").replace(/\s+/g, " ").trim();
    if (navigator.share) {
      try { return await navigator.share({ title: document.title, text, url }); } catch (error) {
        if (error?.name === "AbortError") return; // the sheet was closed
      }
    }
    try {
      if (window.isSecureContext && navigator.clipboard) return copied(button, await navigator.clipboard.writeText(url));
    } catch { /* refused: the older way */ }
    if (copyByCommand(url)) return copied(button);
    window.prompt(say("copyThis"), url);
  }

  // live.js brings in the end screen when another phone enters the last round
  function setUp() {
    const button = document.querySelector("button.share[hidden]");
    if (!button) return;
    button.hidden = false;
    button.addEventListener("click", () => share(button));
  }
  document.addEventListener("live:swapped", setUp);
  setUp();
})();
