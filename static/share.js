// The table screen's small actions (app.js is the round pages'): ask before undo and end, and share the result.
// Sharing sends the result itself, its text and the picture the server draws of the podium and totals, never the
// game's own address (whoever holds it can change the scores): through the phone's share sheet with the picture
// where it takes files, else the text alone, else the picture saved and the text copied (or shown in a box to
// copy by hand, as plain HTTP may not use the clipboard). Texts come from this script's tag.
"use strict";

(() => {
  const tag = document.currentScript;
  const say = (key) => tag?.dataset[key] || "";

  document.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-confirm]");
    if (form && !window.confirm(form.dataset.confirm)) event.preventDefault();
  });

  const noted = (button, text) => {
    let line = button.parentNode.querySelector(".share-note");
    if (!line) {
      line = Object.assign(document.createElement("span"), { className: "share-note muted small" });
      line.setAttribute("role", "status");
      button.parentNode.append(line);
    }
    line.textContent = text;
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

  // fetched as soon as the end screen shows: a share sheet opens only straight from the tap, not after a download
  async function fetchShared(button) {
    const answer = await fetch(button.dataset.share, { headers: { Accept: "application/json" } });
    if (!answer.ok) throw new Error(`share: ${answer.status}`);
    const shared = await answer.json();
    shared.file = null;
    if (navigator.canShare) {
      const image = await fetch(shared.image);
      const file = image.ok ? new File([await image.blob()], shared.filename, { type: "image/png" }) : null;
      if (file && navigator.canShare({ files: [file] })) shared.file = file;
    }
    return shared;
  }

  function savePicture(shared) {
    const link = Object.assign(document.createElement("a"), { href: shared.image, download: shared.filename });
    document.body.append(link);
    link.click();
    link.remove();
  }

  async function share(button) {
    let shared;
    try { shared = await button.shared; } catch {
      button.shared = fetchShared(button); // offline a moment ago: the next tap tries again
      button.shared.catch(() => {});
      return noted(button, say("failed"));
    }
    if (navigator.share) {
      const data = { title: shared.title, text: shared.text };
      if (shared.file) data.files = [shared.file];
      try { return await navigator.share(data); } catch (error) {
        if (error?.name === "AbortError") return; // the sheet was closed
      }
    }
    savePicture(shared);
    try {
      if (window.isSecureContext && navigator.clipboard) {
        await navigator.clipboard.writeText(shared.text);
        return noted(button, say("copied"));
      }
    } catch { /* refused: the older way */ }
    if (copyByCommand(shared.text)) return noted(button, say("copied"));
    window.prompt(say("copyThis"), shared.text);
  }

  // live.js brings in the end screen when another phone enters the last round
  function setUp() {
    const button = document.querySelector("button.share[hidden]");
    if (!button) return;
    button.shared = fetchShared(button);
    button.shared.catch(() => {}); // told on the tap
    button.hidden = false;
    button.addEventListener("click", () => share(button));
  }
  document.addEventListener("live:swapped", setUp);
  setUp();
})();
