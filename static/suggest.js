// The new-game form's suggested players: one tap puts a name in the next empty name field (opening "More players"
// when that is where it is). A name already at the table is marked and taps nothing, whoever typed it. Without
// this script the names are still offered by the fields' datalist.
"use strict";

(() => {
  const box = document.querySelector("[data-suggested]");
  if (!box) return;
  const form = box.closest("form");
  const fields = () => [...form.querySelectorAll(".names input")];
  const folded = (text) => text.trim().toLocaleLowerCase();
  const buttons = [...box.querySelectorAll("button[data-name]")];

  function mark() {
    const seated = new Set(fields().map((f) => folded(f.value)).filter(Boolean));
    for (const button of buttons) {
      const taken = seated.has(folded(button.dataset.name));
      button.setAttribute("aria-pressed", String(taken));
      button.disabled = taken;
    }
  }

  box.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-name]");
    if (!button || button.disabled) return;
    const empty = fields().find((f) => !f.value.trim());
    if (!empty) return;
    const more = empty.closest("details");
    if (more) more.open = true;
    empty.value = button.dataset.name;
    empty.dispatchEvent(new Event("input", { bubbles: true }));
    mark();
  });
  form.addEventListener("input", mark);
  box.hidden = false;
  mark();
})();
