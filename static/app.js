// Progressive enhancement only: every page works without this file.
"use strict";

function init() {
  // Ask before destructive buttons (undo a round).
  for (const form of document.querySelectorAll("form[data-confirm]")) {
    form.addEventListener("submit", (event) => {
      if (!window.confirm(form.dataset.confirm)) event.preventDefault();
    });
  }
  setUpRoundForm();
  setUpPicker();
  setUpSending();
}

document.addEventListener("DOMContentLoaded", init);
// live.js put another phone's version of the page in place: the new buttons need their handlers
document.addEventListener("live:swapped", init);

// Each seat's Send (and the blocked mark) goes to the server on its own, in the background; live.js then
// brings in what the other phones sent. What was sent counts as untouched from then on.
function setUpSending() {
  const whose = document.querySelector("form.whose");
  if (whose) { // choosing is enough: no OK to tap
    whose.querySelector("button").hidden = true;
    whose.querySelector("select").addEventListener("change", () => whose.requestSubmit());
  }
  const form = document.getElementById("round-form");
  if (!form) return;
  async function send(button) {
    const data = new FormData(form);
    data.set("seat", button.value);
    for (const old of form.querySelectorAll(".sent-error")) old.remove();
    let body = {};
    try {
      const r = await fetch(form.action, { method: "POST", body: data, headers: { Accept: "application/json" } });
      body = await r.json();
      if (r.ok) {
        // a mark sends only itself: the rest stays this phone's own
        const sent = button.value === "double_end" ? "input[name=ended_on_double]"
          : button.value === "engine" ? "select[name=engine] option"
          : `[data-seat="${button.value}"] input, input[type=radio]`;
        for (const i of form.querySelectorAll(sent)) {
          if (i.tagName === "OPTION") i.defaultSelected = i.selected;
          else if (i.type === "radio" || i.type === "checkbox") i.defaultChecked = i.checked; else i.defaultValue = i.value;
        }
        if (body.stored) return window.location.assign(document.querySelector("main").dataset.table);
        return document.dispatchEvent(new CustomEvent("live:check"));
      }
    } catch (e) {
      body = { error: document.querySelector("template.live-words")?.dataset.unsent };
    }
    const texts = Object.values(body.errors || {});
    for (const text of texts.length ? texts : [body.error]) {
      const p = Object.assign(document.createElement("p"), { className: "error sent-error", textContent: text || "" });
      (button.closest(".seat") || button.parentNode).append(p);
    }
  }
  for (const b of form.querySelectorAll("button.send")) {
    b.addEventListener("click", (e) => { e.preventDefault(); send(b); });
  }
  const blocked = form.querySelector("input[name=went_out][value=blocked]");
  const mark = form.querySelector("button.send[value=blocked]");
  if (blocked && mark) {
    mark.hidden = true; // choosing "blocked" sends itself
    for (const radio of form.querySelectorAll("input[name=went_out]")) {
      radio.addEventListener("change", () => { if (radio === blocked || blocked.defaultChecked) send(mark); });
    }
  }
  // a scoring house rule's "ended on a double": ticking it sends it, as choosing "blocked" does
  const doubled = form.querySelector("input[name=ended_on_double]");
  const doubleMark = form.querySelector("button.send[value=double_end]");
  if (doubled && doubleMark) {
    doubleMark.hidden = true;
    doubled.addEventListener("change", () => send(doubleMark));
  }
  // the double that started the round (missing-engine house rule): choosing it sends it
  const started = form.querySelector("select[name=engine]");
  const engineMark = form.querySelector("button.send[value=engine]");
  if (started && engineMark) {
    engineMark.hidden = true;
    started.addEventListener("change", () => send(engineMark));
  }
}

function setUpRoundForm() {
  const form = document.getElementById("round-form");
  if (!form) return;
  if ("unsent" in form.dataset) {
    // refused: typed here, not stored; live.js must keep them
    delete form.dataset.unsent;
    for (const i of form.querySelectorAll("input:not([type=hidden])")) {
      if (i.type === "radio" || i.type === "checkbox") {
        if (i.checked) { i.defaultChecked = false; i.checked = true; }
      } else if (i.value !== "") {
        const typed = i.value;
        i.defaultValue = "";
        i.value = typed;
      }
    }
  }
  const goneOut = (radio, onlyEmpty) => {
    const target = radio.dataset.target && document.getElementById(radio.dataset.target);
    const tilesField = target && target.dataset.tiles && document.getElementById(target.dataset.tiles);
    for (const field of [target, tilesField]) {
      if (field && !(onlyEmpty && field.value)) field.value = "0"; // out: no tiles, no pips
    }
  };
  // then on to the first field still empty ("I am Ana": her Send), or to Save once every value is in
  const onward = (radio) => {
    const row = radio.closest(".seat");
    if (row && row.classList.contains("me")) return row.querySelector("button.send")?.focus();
    const empty = [...form.querySelectorAll("input.pips")].find((f) => !f.disabled && !f.value.trim() && f.getClientRects().length);
    if (empty) return empty.focus();
    if (row) document.getElementById("save-round")?.focus();
  };
  for (const radio of form.querySelectorAll("input[name=went_out]")) {
    radio.addEventListener("change", () => { goneOut(radio, false); onward(radio); });
  }
  // tapped before this script ran: empty fields say 0, typed ones stay
  const tapped = form.querySelector("input[name=went_out]:checked");
  if (tapped) goneOut(tapped, true);
}

function setUpPicker() {
  const dialog = document.getElementById("picker");
  if (!dialog || typeof dialog.showModal !== "function") return;
  const sumText = dialog.querySelector(".picker-sum");
  const title = dialog.querySelector("#picker-title");
  // the sentences come translated from the page: "{pips} pips · {tiles} tiles"
  const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, key) => String(values[key]));
  layOutTiles(dialog);
  const tiles = [...dialog.querySelectorAll(".tiles button")];
  const doubleBlank = Number(dialog.dataset.doubleBlank || 0);
  for (const tile of tiles) {
    // the page sends only the tile ("12-5"); a double-blank counts what the game says
    const [high, low] = tile.getAttribute("aria-label").split("-").map(Number);
    tile.dataset.pips = String(high === 0 && low === 0 ? doubleBlank : high + low);
    tile.setAttribute("aria-pressed", "false");
  }
  const chosen = new Map(); // field id -> set of tile indexes, so reopening shows the same hand
  let field = null;

  const total = () => tiles.reduce((sum, t) => sum + (t.getAttribute("aria-pressed") === "true" ? Number(t.dataset.pips) : 0), 0);
  const count = () => tiles.filter((t) => t.getAttribute("aria-pressed") === "true").length;
  // above the sum each tile counted, in the order tapped: a tap takes it away
  const strip = dialog.querySelector(".picked");
  const show = () => {
    sumText.textContent = fill(dialog.dataset.sum, { pips: total(), tiles: count() });
    strip.replaceChildren(...[...chosen.get(field.id)].map((i) => {
      const chip = Object.assign(document.createElement("button"), { type: "button", textContent: tiles[i].ariaLabel });
      chip.ariaLabel = fill(strip.dataset.remove, { tile: chip.textContent });
      chip.onclick = () => tiles[i].click();
      return chip;
    }));
  };

  tiles.forEach((tile, i) => {
    tile.addEventListener("click", () => {
      const on = tile.getAttribute("aria-pressed") !== "true";
      tile.setAttribute("aria-pressed", String(on));
      const picked = chosen.get(field.id);
      if (on) picked.add(i); else picked.delete(i);
      show();
    });
  });
  dialog.querySelector(".picker-clear").addEventListener("click", () => {
    tiles.forEach((t) => t.setAttribute("aria-pressed", "false"));
    chosen.get(field.id).clear();
    show();
  });
  dialog.addEventListener("close", () => {
    if (dialog.returnValue === "use" && field) {
      field.value = String(total());
      // some games record the tiles left too
      const tilesField = field.dataset.tiles && document.getElementById(field.dataset.tiles);
      if (tilesField) tilesField.value = String(count());
      // tiles left: that player did not go out after all
      const out = document.querySelector(`input[name=went_out][data-target="${field.id}"]`);
      if (out && out.checked && total() > 0) out.checked = false;
      field.focus();
    }
  });
  for (const button of document.querySelectorAll("button.calc")) {
    button.hidden = false;
    const row = button.closest(".seat");
    button.addEventListener("click", () => {
      field = row.querySelector("input.pips");
      if (!chosen.has(field.id)) chosen.set(field.id, new Set());
      const picked = chosen.get(field.id);
      tiles.forEach((t, i) => t.setAttribute("aria-pressed", String(picked.has(i))));
      title.textContent = fill(dialog.dataset.title, { name: row.querySelector(".seat-name").textContent });
      dialog.returnValue = "";
      show();
      dialog.showModal();
      import(dialog.dataset.camera).then((m) => m.setUp(row)); // its camera, loaded when first needed
    });
  }
}

// Every tile of the set, highest first, drawn here rather than sent with every round page; the engine double is
// on the table, so disabled. Above them a button per number shows only the tiles with that end.
function layOutTiles(dialog) {
  const box = dialog.querySelector(".tiles");
  const filter = dialog.querySelector(".tile-filter");
  if (box.children.length) return;
  const engine = dialog.dataset.engine === "" ? null : Number(dialog.dataset.engine);
  for (let high = Number(dialog.dataset.set); high >= 0; high--) {
    const number = Object.assign(document.createElement("button"), { type: "button", textContent: String(high) });
    number.dataset.end = String(high);
    number.setAttribute("aria-pressed", "false");
    filter.append(number);
    for (let low = high; low >= 0; low--) {
      const tile = Object.assign(document.createElement("button"), { type: "button", disabled: high === engine && low === engine });
      tile.setAttribute("aria-label", `${high}-${low}`);
      tile.append(String(high), document.createElement("b"), String(low));
      box.append(tile);
    }
  }
  filter.addEventListener("click", (event) => {
    const chosen = event.target.closest("button");
    if (!chosen) return;
    for (const b of filter.children) b.setAttribute("aria-pressed", String(b === chosen));
    const end = chosen.dataset.end;
    for (const tile of box.children) tile.hidden = end !== "" && !tile.getAttribute("aria-label").split("-").includes(end);
  });
}
