// Keep screen on, for a phone lying on the table. The Wake Lock API where the browser has it (HTTPS, localhost);
// over plain HTTP on the Wi-Fi, NoSleep's technique: a tiny black video (wake.mp4, wake.webm, made with ffmpeg from
// a 16x16 black frame, 2 s) played muted, looped and inline across the whole screen, unseen: Chromium keeps a
// screen on for a muted video that covers a fifth of the view. Where neither works, a word says so by the button.
// The button goes in .keep-awake-slot; texts come from this script's tag.
"use strict";

(() => {
  const KEY = "scorekeeper:keep-screen-on";
  const tag = document.currentScript;
  const say = (key) => tag?.dataset[key] || "";
  const native = "wakeLock" in navigator;
  const store = (value) => {
    try { return value === undefined ? localStorage.getItem(KEY) : localStorage.setItem(KEY, value); } catch { return null; }
  };
  let wanted = store() === "on";
  let lock = null, video = null, asking = false;

  const button = Object.assign(document.createElement("button"), { type: "button", className: "keep-awake" });
  button.textContent = say("keepScreenOn") || "Keep screen on";
  const note = Object.assign(document.createElement("span"), { className: "keep-awake-note muted small" });
  note.setAttribute("role", "status");
  const show = (why = "") => {
    button.setAttribute("aria-pressed", String(wanted));
    button.classList.toggle("primary", wanted);
    note.textContent = why;
  };

  function makeVideo() {
    const v = Object.assign(document.createElement("video"), { className: "wake-video", muted: true, loop: true, playsInline: true, tabIndex: -1 });
    for (const name of ["muted", "playsinline"]) v.setAttribute(name, "");
    v.setAttribute("aria-hidden", "true");
    for (const type of ["mp4", "webm"]) {
      v.append(Object.assign(document.createElement("source"), { src: new URL(`wake.${type}`, tag.src).href, type: `video/${type}` }));
    }
    document.body.append(v);
    return v;
  }

  // a refusal shows as off, with a word why after a tap (without one a browser may refuse what a tap allows)
  async function acquire(tapped = false) {
    if (!wanted || asking || lock || document.visibilityState !== "visible") return;
    asking = true;
    button.setAttribute("aria-busy", "true");
    try {
      if (native) {
        const granted = await navigator.wakeLock.request("screen");
        if (!wanted) return granted.release().catch(() => {}); // switched off while asking
        lock = granted;
        lock.addEventListener("release", () => { lock = null; });
      } else {
        video = video || makeVideo();
        await video.play();
        if (!wanted) video.pause();
      }
      show();
    } catch {
      letGo();
      wanted = false;
      show(!tapped ? "" : native ? say("screenRefused") : say("noScreenLock"));
    } finally {
      asking = false;
      button.removeAttribute("aria-busy");
    }
  }

  function letGo() {
    lock?.release().catch(() => {});
    lock = null;
    video?.pause();
  }

  button.addEventListener("click", () => {
    wanted = !wanted;
    store(wanted ? "on" : "off");
    show();
    if (wanted) acquire(true); else letGo();
  });

  // live.js swaps in the page again when the game changes: the lock carries over, or ends with the game
  function place() {
    const slot = document.querySelector(".keep-awake-slot");
    if (!slot) return letGo();
    slot.append(button, note);
    acquire();
  }

  // a hidden page loses its lock and its video: take them again on return
  document.addEventListener("visibilitychange", () => acquire());
  document.addEventListener("live:swapped", place);
  show();
  place();
})();
