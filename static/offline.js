// The phone at the table without a connection. A whole round saved (the round form's Save) or one player's pips
// sent ("I am Ana": Send mine) while the phone is offline is kept on the phone (localStorage: it outlives the page)
// with its game, its round number and the game's version the page showed, and the form moves on to the next round
// as the server would have drawn it (what that takes comes with the page: templates/games/round.html). A banner
// says how many rounds wait. Once the connection is back they are sent in order, each with its number, so a resend
// is harmless: the server takes an equal round as done. A round another phone entered meanwhile with other values
// is sent once more as a plain form, which lands on the usual conflict screen with these values in it.
// Progressive enhancement only: without this file a Save offline goes to the network and finds the service
// worker's offline page (or the browser's), and pwa.js still holds what was typed.
"use strict";

(() => {
  const KEY = "scorekeeper:waiting"; // the writes kept on this phone, oldest first, every game's
  const HELD = "scorekeeper:held:"; // + a game's table address: a refusal is on screen, send nothing more until
  // the person has dealt with it (back on the table screen)
  // its words come on pwa.js's tag, which fetches this file (see there)
  const script = document.querySelector("script[data-offline-js]");
  const words = script ? script.dataset : {};
  const main = document.querySelector("main");
  const table = main && main.dataset.table; // the game of this page, by its table screen's address
  const form = document.getElementById("round-form");
  // the round form for the next round (not a correction, not a clash): the one whose Save is kept offline
  const newRound = form && main.dataset.liveForm === "round" ? form : null;

  // Storage can be missing or full (private browsing): then nothing is kept, and a Save offline says nothing was sent.
  const load = () => {
    try {
      const list = JSON.parse(localStorage.getItem(KEY) || "[]");
      return Array.isArray(list) ? list : [];
    } catch { return []; }
  };
  const store = (list) => {
    try {
      if (list.length) localStorage.setItem(KEY, JSON.stringify(list)); else localStorage.removeItem(KEY);
      return true;
    } catch { return false; }
  };
  const held = (game) => { try { return localStorage.getItem(HELD + game) !== null; } catch { return false; } };
  const hold = (game, on) => {
    try { if (on) localStorage.setItem(HELD + game, "1"); else localStorage.removeItem(HELD + game); } catch { /* */ }
  };
  let unreachable = false; // the last write found no server although the phone says it is online
  const ofThisGame = () => load().filter((item) => !table || item.game === table);

  // "Offline · 3 rounds waiting": the page words 1 and 2 (and 5 where it differs); 3 and 4 are said as 2 is, more
  // than 5 as 5 is
  function counted(text, count) {
    const [one, two, five] = (text || "").split("|");
    if (count === 1 || !two) return one || "";
    return count < 5 || !five ? two.replace("2", String(count)) : five.replace("5", String(count));
  }

  function show() {
    if (!main) return;
    const waiting = ofThisGame();
    const rounds = new Set(waiting.map((item) => `${item.game} ${item.number}`)).size;
    let banner = document.getElementById("offline-banner");
    if (!rounds) {
      banner?.remove();
      document.getElementById("offline-waiting")?.remove();
      return;
    }
    if (!banner) {
      banner = Object.assign(document.createElement("p"), { id: "offline-banner", className: "flash offline-banner" });
      banner.setAttribute("role", "status");
      main.prepend(banner);
    }
    // online, what waits is on its way: the list below says what it is
    banner.hidden = navigator.onLine && !unreachable;
    banner.textContent = counted(words.waiting, rounds);
    showWaiting(waiting);
  }

  // the waiting rounds with their values under the banner, so that the table can read them before they are sent
  function showWaiting(waiting) {
    let list = document.getElementById("offline-waiting");
    if (!list) {
      list = Object.assign(document.createElement("div"), { id: "offline-waiting", className: "card offline-waiting" });
      list.setAttribute("aria-labelledby", "offline-banner");
      newRound ? newRound.before(list) : document.getElementById("offline-banner").after(list);
    }
    list.replaceChildren(...waiting.map((item) => Object.assign(document.createElement("p"), {
      textContent: `${item.title}: ${item.values}`,
    })));
  }

  // What the form says, as the server reads it, and the same in words for the list of waiting rounds.
  function keep(kind, data, seat) {
    const number = Number(form.querySelector("input[name=number]")?.value) || Number(main.dataset.liveNumber);
    const item = {
      id: `${Date.now()}-${Math.random()}`,
      game: table,
      kind,
      action: new URL(form.getAttribute("action") || location.href, location.href).href,
      number,
      seen: main.dataset.liveTag || "", // the version and drafts the page showed when this was entered
      fields: [...data.entries()].filter(([, value]) => typeof value === "string"),
      title: (main.querySelector("h1")?.firstChild?.textContent || "").trim(), // "End of round 3"
      values: described(seat),
      at: Date.now(),
    };
    const list = load();
    list.push(item);
    return store(list);
  }

  function described(seat) {
    const seats = [...form.querySelectorAll(".seat")].filter((s) => seat === undefined || s.dataset.seat === seat);
    const values = seats.map((s) => {
      const name = s.querySelector(".seat-name")?.textContent.trim() || "";
      const pips = s.querySelector("input.pips:not(.tiles-left)");
      const out = pips && form.querySelector(`input[name=went_out][data-target="${pips.id}"]:checked`);
      // "Ana went out" as the page words it (the full sentence of her choice, not the row's one short word)
      return out ? out.getAttribute("aria-label") : `${name} ${pips && pips.value.trim() ? pips.value.trim() : "–"}`;
    });
    const blocked = form.querySelector("input[name=went_out][value=blocked]:checked");
    if (seat === undefined && blocked) values.push(blocked.parentNode.textContent.trim());
    return values.join(", ");
  }

  // The form moves on to round `number` as the server would draw it: its engine from the game's, its dealer one seat
  // on per round from the first (past the seats not at the table), the page's own words with the number and engine
  // put in. Past the game's last round, the table screen as last seen shows what waits.
  function moveOn(number) {
    const ahead = document.getElementById("rounds-ahead");
    const [first, seats, total, ...engines] = (ahead ? ahead.dataset.deal : "").split(" ").filter(Boolean).map(Number);
    if (!ahead || (total && number > total)) {
      location.assign(table);
      return;
    }
    const engine = engines.length ? engines[number - 1] ?? null : null;
    const names = new Map([...form.querySelectorAll(".seat")].map((s) => [Number(s.dataset.seat), s.querySelector(".seat-name")?.textContent]));
    let seat = (first + number - 1) % seats;
    for (let i = 0; i < seats && !names.has(seat); i++) seat = (seat + 1) % seats;
    const dealer = names.get(seat) || "";
    const picker = document.getElementById("picker");
    const was = { number: main.dataset.liveNumber, engine: picker ? picker.dataset.engine : "" };
    const swap = (text, key, value) => (was[key] && value !== null
      ? text.replace(new RegExp(`(^|\\D)${was[key]}(?!\\d)`), `$1${value}`) : text);
    const heading = main.querySelector("h1");
    if (heading && heading.firstChild) heading.firstChild.textContent = swap(heading.firstChild.textContent, "number", number);
    const sub = heading && heading.querySelector(".sub");
    if (sub) sub.textContent = swap(sub.textContent, "engine", engine);
    const save = document.getElementById("save-round");
    if (save) save.textContent = swap(save.textContent, "number", number);
    document.title = swap(document.title, "number", number);
    if (picker) picker.dataset.engine = engine === null ? "" : String(engine);
    // "<strong>Ben</strong> shuffles and deals": the name put in as text, never as markup
    const [before, after] = (ahead.dataset.dealer || "").replace(/<\/?strong>/g, "").split("{name}");
    let line = main.querySelector("p.dealer");
    if (!line) {
      line = Object.assign(document.createElement("p"), { className: "dealer" });
      heading?.after(line);
    }
    line.replaceChildren(before || "", Object.assign(document.createElement("strong"), { textContent: dealer }), after || "");
    main.dataset.liveNumber = String(number);
    for (const stale of main.querySelectorAll(".error, .flash:not(#offline-banner), .moved, .pwa-note, .sent-error, [data-undone]")) stale.remove();
    for (const field of form.querySelectorAll("input, select")) {
      if (field.name === "number") field.value = String(number);
      else if (field.type === "radio" || field.type === "checkbox") field.checked = field.defaultChecked = false;
      else if (field.tagName === "SELECT" && engine !== null) field.value = String(engine);
      else if (field.type !== "hidden" && field.type !== "submit" && field.type !== "button") field.value = field.defaultValue = "";
    }
    for (const mark of form.querySelectorAll("[data-mark]")) mark.hidden = true; // what phones sent for the last one
    window.scrollTo(0, 0); // the banner, the rounds waiting and the new round's heading first
  }

  // the page as it came (from the server or, offline, as last seen): move on past the rounds that wait here
  function catchUp() {
    if (!newRound) return;
    const numbers = ofThisGame().filter((item) => item.kind === "round").map((item) => item.number);
    const last = Math.max(0, ...numbers);
    if (last >= Number(main.dataset.liveNumber)) moveOn(last + 1);
    // a player's own pips kept here: back in their field (its mark still says they are not sent)
    for (const item of ofThisGame().filter((i) => i.kind === "mine" && i.number === Number(main.dataset.liveNumber))) {
      const seat = new Map(item.fields).get("seat");
      for (const [name, value] of item.fields) {
        const field = form.querySelector(`[data-seat="${seat}"] input[name="${name}"]:not([type=radio])`);
        if (field) field.value = field.defaultValue = value;
      }
    }
  }

  // A Save with no connection, or while older rounds of this game still wait (they go first): kept, not sent.
  // Listened for on <main> as the event comes down to the form: after round.js has asked "Really 1000 for João?"
  // (on the document), before pwa.js sees a Save go (on the form).
  // A correction, or a round that cannot be kept (storage full), with no connection: nothing is sent, and what was
  // typed stays in the form (and with pwa.js).
  if (form) {
    main.addEventListener("submit", (event) => {
      if (event.target !== form) return;
      if (navigator.onLine && !(newRound && ofThisGame().length)) {
        if (newRound) sendOrKeep(event);
        return;
      }
      const data = new FormData(form, event.submitter);
      if (data.has("seat")) return; // a seat's Send without its script: the server's page says what happened
      event.preventDefault();
      event.stopImmediatePropagation();
      keepRound(data);
    }, true);
  }

  function keepRound(data) {
    if (!newRound || !keep("round", data)) {
      // above Save (in its line beside "blocked"), as a line of the form's own
      const save = form.querySelector("#save-round, button[type=submit]");
      const line = form.querySelector(".pwa-note") || form.insertBefore(document.createElement("p"), save && (save.closest("#round-form > *") || save));
      Object.assign(line, { className: "error pwa-note", textContent: document.querySelector("template.live-words")?.dataset.unsent || "" });
      line.setAttribute("role", "alert");
      return;
    }
    try { localStorage.removeItem(`scorekeeper:draft:${location.pathname}`); } catch { /* pwa.js's copy */ }
    moveOn(Number(data.get("number")) + 1);
    show();
    send();
  }

  // Online as far as the phone can tell, a new round's Save first asks whether the server answers at all (the
  // health check: one cheap request): when it cannot be reached (the Wi-Fi is up but the computer serving the game
  // went to sleep, or the site is out of reach) the round is kept as it is offline, instead of the browser's error
  // page. When it answers, the Save goes as the plain form it is, exactly as without this file (pwa.js has seen it).
  function sendOrKeep(event) {
    const data = new FormData(form, event.submitter);
    if (data.has("seat")) return;
    event.preventDefault();
    const item = {
      action: new URL(form.getAttribute("action") || location.href, location.href).href,
      fields: [...data.entries()].filter(([, value]) => typeof value === "string"),
    };
    const saves = [...form.querySelectorAll("button[type=submit]")];
    for (const button of saves) button.disabled = true; // one round, one request: a second tap waits for the answer
    fetch(new URL("/healthz", location.href), { method: "HEAD", cache: "no-store" }).then(() => {
      unreachable = false;
      again(item);
    }, () => {
      for (const button of saves) button.disabled = false;
      unreachable = true;
      keepRound(data);
    });
  }

  // One seat's Send ("I am Ana": Send mine, or a mark) with no connection, or while older writes of this game wait:
  // kept like a round, instead of app.js sending it. Listened for on <main>, after round.js has asked about the pips.
  if (newRound) {
    main.addEventListener("click", (event) => {
      const button = event.target instanceof Element ? event.target.closest("button.send") : null;
      if (!button || !newRound.contains(button) || (navigator.onLine && !ofThisGame().length)) return;
      const data = new FormData(newRound);
      data.set("seat", button.value);
      if (!keep("mine", data, /^\d+$/.test(button.value) ? button.value : undefined)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      for (const field of newRound.querySelectorAll(`[data-seat="${button.value}"] input`)) field.defaultValue = field.value;
      catchUp();
      show();
      send();
    }, true);
  }

  // Back online: every kept write in order. A round is done when the server sends the phone on to the game's table
  // screen; a seat's value when it answers OK in JSON. Another phone's values for that round, or a mistake in what
  // was typed, is a refusal: sent once more as a plain form, so that the person sees the server's own page with these
  // values in it. A form that expired (the session's CSRF token renewed) goes again with the token of a fresh form;
  // anything else (signed out, the server busy) leaves the write waiting for the next page or reconnection.
  // A write that could not go (the server unreachable while the phone says it is online, or busy: 429, 503) is tried
  // again by itself after the wait the server asked for (Retry-After), or RETRY_SECONDS: no page or reconnection needed.
  const RETRY_SECONDS = 5; // a request that finds no server costs nothing: the table sees its round go soon after
  let sending = false;
  let retry = 0;
  async function send() {
    if (sending || !navigator.onLine) return;
    sending = true;
    clearTimeout(retry);
    let stored = false;
    try {
      for (;;) {
        const item = load().find((i) => !held(i.game) || i.game === releasedHere());
        if (!item) break;
        let [outcome, body, wait] = await post(item);
        if (outcome === "expired" && (await renewToken(item))) [outcome, body, wait] = await post(item);
        unreachable = outcome === "offline" && navigator.onLine;
        if (outcome !== "done" && outcome !== "refused") { // still offline, or not now: it waits
          retry = setTimeout(send, (wait || RETRY_SECONDS) * 1000);
          break;
        }
        store(load().filter((i) => i.id !== item.id));
        if (outcome === "refused") {
          hold(item.game, true);
          return again(item);
        }
        stored = stored || item.kind === "round" || body.stored === true;
      }
    } finally {
      sending = false;
    }
    show();
    if (stored && table) location.assign(table); // the game as stored now, with every round sent
    else document.dispatchEvent(new CustomEvent("live:check"));
  }

  const samePage = (a, b) => new URL(a, location.href).pathname === new URL(b, location.href).pathname;

  async function post(item) {
    const body = new FormData();
    for (const [name, value] of item.fields) body.append(name, value);
    let answer;
    try {
      answer = await fetch(item.action, {
        method: "POST", body, credentials: "same-origin",
        headers: item.kind === "mine" ? { Accept: "application/json" } : {},
      });
    } catch { return ["offline", {}, 0]; }
    const json = (answer.headers.get("Content-Type") || "").includes("json");
    const said = json ? await answer.json().catch(() => ({})) : {};
    if (item.kind === "round" ? answer.redirected && samePage(answer.url, item.game) : answer.ok && json) return ["done", said];
    if (answer.status === 400) return ["expired", said];
    if ([404, 409, 412, 422].includes(answer.status) || (answer.status === 200 && !answer.redirected)) return ["refused", said];
    return ["later", said, Math.min(Number(answer.headers.get("Retry-After")) || 0, 300)];
  }

  // the CSRF token of a fresh round form, for a write kept from a page whose token has been renewed since
  async function renewToken(item) {
    try {
      const page = await (await fetch(item.action, { credentials: "same-origin" })).text();
      const token = new DOMParser().parseFromString(page, "text/html").querySelector("input[name=csrf_token]")?.value;
      if (!token) return false;
      item.fields = item.fields.map(([name, value]) => [name, name === "csrf_token" ? token : value]);
      return true;
    } catch { return false; }
  }

  // the table screen of a game whose refusal was shown: the person has moved on, its other writes may go
  function releasedHere() {
    if (!table || main.dataset.liveForm || location.pathname !== new URL(table, location.href).pathname) return null;
    hold(table, false);
    return table;
  }

  function again(item) {
    const plain = Object.assign(document.createElement("form"), { method: "post", action: item.action });
    plain.hidden = true;
    for (const [name, value] of item.fields) {
      plain.append(Object.assign(document.createElement("input"), { type: "hidden", name, value }));
    }
    document.body.append(plain);
    plain.submit();
  }

  catchUp();
  show();
  document.documentElement.dataset.offlineKeeper = "ready"; // for the tests: a Save from now on may be kept
  window.addEventListener("online", () => { show(); send(); });
  window.addEventListener("offline", show);
  if (navigator.onLine) send();
})();
