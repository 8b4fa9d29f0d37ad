// Counting a hand from a photo: imported by app.js when the pip calculator opens (and linked on the page of a phone
// that said whose it is, whose row has its own camera), so that the round page itself stays light. The photo is
// sent to POST /api/v1/count and shown at the top of the calculator with every tile found outlined and labelled;
// the tiles found are tapped on the calculator's tile sheet, so its sum, its strip of tiles (a tap takes one away),
// its sheet (a tap adds a missed one) and its "Use" all work as they do by hand. Tapping a box in the photo chooses
// that tile: the next tile tapped on the sheet puts it right, and the box's × takes it away. Nothing is kept unless
// the player turns on "Keep the photo with the round" before "Use 47": then the photo sent to be counted and the
// tiles used go to POST /games/<id>/photos before the calculator closes, and the token it answers goes into the
// row's hidden field photo-<seat>, which the round's save (or that seat's Send) links to the round.

let words = null; // the sentences in the page's language and the stylesheet's address (GET /camera.json)
let current = null; // the photo shown now: a second photo replaces it
let row = null; // the round form's row the calculator is open for (its .seat)
const SENT_SIDE = 1600; // the long side of the photo sent, in pixels

// Called by app.js each time the calculator opens, with the row it opens for: the first time, the words and the
// stylesheet are fetched and the calculator gets its camera (not sent with every round page: tests/web/test_pwa.py
// weighs it).
export async function setUp(forRow) {
  if (forRow) row = forRow;
  if (!words) {
    const answer = await fetch("/camera.json", { credentials: "same-origin", headers: { Accept: "application/json" } });
    words = await answer.json();
    if (!document.querySelector(`link[href="${words.css}"]`)) {
      // the camera is added once its sheet is in: unstyled for a moment, its file input was a bare 390 x 27 strip
      const sheet = Object.assign(document.createElement("link"), { rel: "stylesheet", href: words.css });
      await new Promise((done) => {
        sheet.onload = sheet.onerror = done;
        document.head.append(sheet);
      });
    }
  }
  const dialog = document.getElementById("picker");
  if (dialog && !dialog.querySelector(".camera")) {
    const label = Object.assign(document.createElement("label"), { className: "camera" });
    const input = Object.assign(document.createElement("input"), { type: "file", accept: "image/*" });
    input.setAttribute("capture", "environment"); // the phone's camera app, facing away, rather than its files
    input.ariaLabel = words.camera;
    label.append(input);
    dialog.querySelector("#picker-title").before(label);
    wire(input);
  }
  return words;
}

function wire(input) {
  input.addEventListener("change", () => count(input));
  input.closest("label").hidden = false;
}

// the "I am Ana" phone's own row has its camera in the page (this script is linked there alone)
for (const input of document.querySelectorAll(".seat.me .camera input")) wire(input);

const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, key) => String(values[key]));
// the sheet names a tile high end first: "12-5"
const tileName = ([a, b]) => `${Math.max(a, b)}-${Math.min(a, b)}`;

// Every photo chosen goes through here: from the calculator's own camera, or from a row's ("I am Ana").
export async function count(input) {
  const file = input.files && input.files[0];
  if (!file) return;
  const dialog = document.getElementById("picker");
  if (!dialog.open) {
    // a row's camera: open the calculator for that row first, as its tile counter button does
    input.closest(".seat")?.querySelector("button.calc")?.click();
  }
  try {
    await setUp();
  } catch {
    return; // no answer from the server: the calculator works by hand as ever
  }
  current?.closed();
  const photo = (current = new Photo(dialog));
  input.value = ""; // the same photo chosen again counts again
  const body = new FormData();
  photo.blob = await photo.draw(file);
  body.append("photo", photo.blob, "hand.jpg");
  body.append("set", dialog.dataset.set);
  let answer, result;
  try {
    answer = await fetch("/api/v1/count", { method: "POST", body, credentials: "same-origin" });
    result = await answer.json();
  } catch {
    return photo.failed(words.unreachable);
  }
  if (!answer.ok) return photo.failed(result.error || words.unreachable);
  photo.found(result);
}

class Photo {
  constructor(dialog) {
    this.dialog = dialog;
    this.sheet = dialog.querySelector(".tiles");
    this.use = dialog.querySelector(".picker-actions [value=use]");
    this.useText = this.use.dataset.text || this.use.textContent;
    this.use.dataset.text = this.useText;
    dialog.querySelector("figure.photo")?.remove(); // one photo at a time
    this.figure = document.createElement("figure");
    this.figure.className = "photo";
    this.frame = Object.assign(document.createElement("div"), { className: "frame" });
    this.canvas = document.createElement("canvas");
    this.caption = document.createElement("figcaption");
    this.caption.setAttribute("aria-live", "polite");
    this.frame.append(this.canvas);
    this.figure.append(this.frame, this.caption);
    dialog.querySelector("#picker-title").after(this.figure);
    this.boxes = [];
    this.chosen = null;
    this.onSheet = (event) => this.sheetTapped(event);
    this.sheet.addEventListener("click", this.onSheet, true); // before the sheet's own toggle
    this.onChange = () => this.follow();
    dialog.addEventListener("click", this.onChange); // after every tap: the strip or Clear may have taken tiles away
    this.onUse = (event) => this.used(event);
    this.use.addEventListener("click", this.onUse);
    dialog.addEventListener("close", () => this.closed(), { once: true });
  }

  // The photo drawn on a canvas, not shown as an <img> of the file (the page's rules allow no blob: images), turned
  // upright as its EXIF says; what is sent is that drawing, a few hundred KB rather than the camera's several MB
  // (the counter works at 1,200 px). A file the phone cannot draw is sent as it is: the answer says what it is.
  async draw(file) {
    this.caption.textContent = words.counting;
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
      const scale = Math.min(1, SENT_SIDE / Math.max(bitmap.width, bitmap.height));
      this.canvas.width = Math.round(bitmap.width * scale);
      this.canvas.height = Math.round(bitmap.height * scale);
      this.canvas.getContext("2d").drawImage(bitmap, 0, 0, this.canvas.width, this.canvas.height);
      bitmap.close();
      return await new Promise((done) => this.canvas.toBlob((blob) => done(blob || file), "image/jpeg", 0.9));
    } catch {
      this.canvas.hidden = true;
      return file;
    }
  }

  failed(message) {
    this.caption.textContent = message;
    this.caption.className = "error";
    this.caption.setAttribute("role", "alert");
  }

  found(result) {
    this.caption.textContent = words.tap;
    // asked each time, off until the player turns it on: nothing is kept they did not ask to keep
    this.keep = Object.assign(document.createElement("label"), { className: "keep-photo" });
    this.keep.append(Object.assign(document.createElement("input"), { type: "checkbox" }), words.keep);
    this.dialog.querySelector(".picker-actions").before(this.keep);
    this.dialog.querySelector(".picker-clear").click(); // the photo's tiles replace what was tapped before
    result.tiles.forEach((tile, i) => {
      const [x, y, w, h] = result.boxes[i];
      const box = Object.assign(document.createElement("button"), { type: "button", className: "box" });
      // placed in hundredths of the photo: the boxes follow the photo at whatever size it is shown
      Object.assign(box.style, {
        left: `${(100 * x) / result.width}%`, top: `${(100 * y) / result.height}%`,
        width: `${(100 * w) / result.width}%`, height: `${(100 * h) / result.height}%`,
      });
      const label = document.createElement("span");
      const remove = Object.assign(document.createElement("button"), { type: "button", className: "remove", textContent: "×" });
      box.append(label);
      const entry = { box, label, remove, tile: tileName(tile) };
      box.addEventListener("click", () => this.choose(this.chosen === entry ? null : entry));
      remove.addEventListener("click", () => this.removeTile(entry));
      this.frame.append(box, remove);
      this.boxes.push(entry);
      this.press(entry.tile, true);
    });
    this.follow();
  }

  sheetButton(name) {
    return this.sheet.querySelector(`button[aria-label="${name}"]`);
  }

  // a tap on the sheet made from here: the sheet toggles the tile as for a finger, this does not take it as a fix
  press(name, on) {
    const button = this.sheetButton(name);
    if (!button || button.disabled || (button.getAttribute("aria-pressed") === "true") === on) return;
    this.pressing = true;
    button.click();
    this.pressing = false;
  }

  choose(entry) {
    this.chosen = entry;
    for (const e of this.boxes) e.box.setAttribute("aria-pressed", String(e === entry));
    this.follow();
  }

  // a tile tapped on the sheet while a box is chosen puts that box's tile right
  sheetTapped(event) {
    const button = event.target.closest("button");
    const entry = this.chosen;
    if (this.pressing || !button || !entry || button.getAttribute("aria-label") === entry.tile) return;
    this.chosen = null;
    const before = entry.tile;
    entry.tile = button.getAttribute("aria-label");
    entry.gone = false;
    // the old tile leaves the hand unless another box still shows it; the new one stays in it if already there
    if (!this.boxes.some((e) => e !== entry && !e.gone && e.tile === before)) this.press(before, false);
    if (button.getAttribute("aria-pressed") === "true") event.stopImmediatePropagation();
    queueMicrotask(() => this.choose(null));
  }

  removeTile(entry) {
    entry.gone = true;
    if (!this.boxes.some((e) => e !== entry && !e.gone && e.tile === entry.tile)) this.press(entry.tile, false);
    this.choose(null);
  }

  // the boxes, their labels and "Use 47" as the sheet now has them
  follow() {
    let total = 0;
    for (const button of this.sheet.querySelectorAll("button[aria-pressed=true]")) total += Number(button.dataset.pips);
    for (const e of this.boxes) {
      const button = this.sheetButton(e.tile);
      if (!button || button.getAttribute("aria-pressed") !== "true") e.gone = true; // taken away in the strip
      const [high, low] = e.tile.split("-");
      e.label.textContent = `${high}|${low}`;
      e.box.hidden = e.gone;
      e.box.ariaLabel = fill(words.box, { tile: e.tile });
      e.remove.ariaLabel = fill(words.remove, { tile: e.tile });
      e.remove.hidden = e.gone || this.chosen !== e;
      if (!e.remove.hidden) Object.assign(e.remove.style, { left: e.box.style.left, top: e.box.style.top });
    }
    if (this.boxes.length) this.use.textContent = fill(words.use, { pips: total });
  }

  // "Use 47": with keep on, the photo is kept first (the dialog closes with "use" once it is); with it off, a
  // photo kept earlier for this row is no longer the hand used, so the row forgets it
  async used(event) {
    const seat = row?.dataset.seat;
    const field = seat === undefined ? null : row.querySelector(`input[name="photo-${seat}"]`);
    if (!this.keep?.querySelector("input").checked || seat === undefined) {
      if (this.keep) field?.remove();
      return;
    }
    event.preventDefault();
    if (this.keeping) return;
    this.keeping = true;
    this.caption.className = "";
    this.caption.removeAttribute("role");
    this.caption.textContent = words.keeping;
    const body = new FormData();
    body.append("photo", this.blob, "hand.jpg");
    body.append("seat", seat);
    const tiles = [...this.sheet.querySelectorAll("button[aria-pressed=true]")];
    body.append("tiles", JSON.stringify(tiles.map((b) => b.getAttribute("aria-label").split("-").map(Number))));
    body.append("csrf_token", document.querySelector("#round-form input[name=csrf_token]")?.value || "");
    let answer, result;
    try {
      answer = await fetch(`${document.querySelector("main").dataset.table}/photos`, {
        method: "POST", body, credentials: "same-origin", headers: { Accept: "application/json" },
      });
      result = await answer.json();
    } catch {
      result = {};
    } finally {
      this.keeping = false;
    }
    if (!answer?.ok || !result.token) return this.failed(result.error || words.notKept);
    const kept = field || Object.assign(document.createElement("input"), { type: "hidden", name: `photo-${seat}` });
    kept.value = result.token;
    row.append(kept);
    this.dialog.close("use");
  }

  closed() {
    if (current === this) current = null;
    this.sheet.removeEventListener("click", this.onSheet, true);
    this.dialog.removeEventListener("click", this.onChange);
    this.use.removeEventListener("click", this.onUse);
    this.use.textContent = this.useText;
    this.figure.remove();
    this.keep?.remove();
  }
}
