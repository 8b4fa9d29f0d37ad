// Keeps a game's page up to date (the why is in README, "One table, many phones"): every 1.5 s while shown,
// and at once on waking or reconnecting, it asks whether the game changed (a 304 when not); a form with
// values typed here and not sent is never overwritten.
"use strict";

(() => {
  const main = document.querySelector("main[data-live-url]");
  if (!main) return;
  const words = document.querySelector("template.live-words")?.dataset || {};
  let timer = null, busy = false, stopped = false;

  function schedule() {
    clearTimeout(timer);
    if (!stopped && !document.hidden) timer = setTimeout(check, 1500);
  }

  async function check() {
    if (busy || stopped) return;
    busy = true;
    try {
      const r = await fetch(main.dataset.liveUrl,
        { headers: { "If-None-Match": `"${main.dataset.liveTag}"` }, cache: "no-store" });
      if (r.status === 200) {
        const { tag } = await r.json();
        if (tag && tag !== main.dataset.liveTag) await changed(tag);
      } else if (r.status === 404 || r.status === 401) stopped = true; // trashed, or signed out
    } catch (e) { /* offline: the next tick or the "online" event tries again */ } finally {
      busy = false;
      schedule();
    }
  }

  async function changed(tag) {
    const mode = main.dataset.liveForm;
    const form = document.getElementById("round-form");
    const touched = form ? [...form.querySelectorAll("input:not([type=hidden])")].filter((i) =>
      (i.type === "radio" || i.type === "checkbox") ? i.checked !== i.defaultChecked : i.value !== i.defaultValue) : [];
    const back = () => link(words.table, main.dataset.table);
    if (mode === "checker") return note(tag, words.changed, [back()]);
    const r = await fetch(location.href, { cache: "no-store" });
    const fresh = new DOMParser().parseFromString(await r.text(), "text/html").querySelector("main");
    if (!fresh) return;
    const same = !r.redirected && fresh.dataset.liveForm === mode && fresh.dataset.liveNumber === main.dataset.liveNumber;
    if (mode === "round" && same) return merge(fresh, form, touched, tag);
    if (mode === "correct" && same && fresh.dataset.liveSeen === main.dataset.liveSeen) {
      main.dataset.liveTag = tag; // another round changed: this correction is not affected
      return;
    }
    // a round undone elsewhere: show it reopened, or say so over what was typed
    const undone = fresh.querySelector("[data-undone]");
    if (!mode || (same && !touched.length)) return swap(fresh);
    if (undone && mode === "round" && !touched.length) return location.assign(r.url);
    if (!touched.length) return location.assign(main.dataset.table);
    if (undone) return note(tag, undone.textContent, [back()]);
    note(tag, mode === "round" ? main.dataset.liveEntered : words.changed, [compare(form), back()]);
  }

  function swap(fresh) {
    const y = window.scrollY;
    main.replaceChildren(...fresh.childNodes);
    for (const k of Object.keys(main.dataset)) delete main.dataset[k];
    Object.assign(main.dataset, fresh.dataset);
    window.scrollTo(0, y);
    document.dispatchEvent(new CustomEvent("live:swapped"));
  }

  // the same round still being filled in: what other phones sent goes into every field not touched here
  function merge(fresh, form, touched, tag) {
    const mine = new Set(touched.map((i) => i.name));
    for (const f of fresh.querySelectorAll("#round-form input:not([name=csrf_token])")) {
      const radio = f.type === "radio" ? `[value="${f.value}"]` : "";
      const input = form.querySelector(`input[name="${f.name}"]${radio}`);
      if (!input || mine.has(input.name) || input === document.activeElement) continue;
      if (f.type === "radio" || f.type === "checkbox") input.checked = input.defaultChecked = f.hasAttribute("checked");
      else input.value = input.defaultValue = f.getAttribute("value") || "";
    }
    for (const mark of fresh.querySelectorAll("[data-mark]")) {
      main.querySelector(`[data-mark="${mark.dataset.mark}"]`)?.replaceWith(mark);
    }
    // "I am Ana": Save becomes the main button once every value is in
    for (const id of ["send-mine", "save-round"]) {
      const button = document.getElementById(id), now = fresh.querySelector(`#${id}`);
      if (button && now) button.className = now.className;
    }
    main.dataset.liveTag = tag;
  }

  function note(tag, text, actions) {
    main.dataset.liveTag = tag;
    let box = main.querySelector(".live-banner");
    if (!box) {
      box = Object.assign(document.createElement("section"), { className: "live-banner card" });
      box.setAttribute("role", "alert");
      main.prepend(box);
    }
    const row = Object.assign(document.createElement("div"), { className: "live-actions" });
    row.append(...actions);
    box.replaceChildren(Object.assign(document.createElement("p"), { textContent: text || "" }), row);
    box.scrollIntoView({ block: "nearest" });
  }

  const link = (text, href) => Object.assign(document.createElement("a"), { className: "button", href, textContent: text });

  // sends the form as it is: the server answers with both versions side by side to choose from
  function compare(form) {
    const b = Object.assign(document.createElement("button"), { type: "button", className: "primary", textContent: words.compare });
    b.addEventListener("click", () => form?.requestSubmit());
    return b;
  }

  const now = () => { if (!document.hidden) { clearTimeout(timer); check(); } };
  for (const e of ["online", "focus", "pageshow"]) window.addEventListener(e, now);
  document.addEventListener("visibilitychange", now);
  document.addEventListener("live:check", now); // this phone just sent something: show it at once
  schedule();
})();
