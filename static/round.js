// The round page, enhanced: Enter walks the pips fields, and unlikely pips are asked about before they are saved or
// sent. Without this file the page works as before: Enter saves, and the server asks about unlikely pips itself.
"use strict";

(() => {
  const form = () => document.getElementById("round-form");

  // Enter in a pips field goes to the next empty one, not saving half a round; after the last, to how the round ended
  // until that is chosen, then to a field left empty; with every value in and the end chosen, it saves.
  document.addEventListener("keydown", (event) => {
    const field = event.target;
    const round = form();
    if (event.key !== "Enter" || event.isComposing || !round || !round.contains(field)) return;
    if (!(field instanceof HTMLInputElement) || !field.classList.contains("pips")) return;
    event.preventDefault();
    // "I am Ana": Enter in her own field sends her value, as her main button does
    const mine = field.closest(".seat.me")?.querySelector("button.send");
    if (mine) return mine.click();
    const fields = [...round.querySelectorAll("input.pips")].filter((f) => !f.disabled && f.getClientRects().length);
    const empty = fields.filter((f) => f !== field && !f.value.trim());
    const next = empty.find((f) => fields.indexOf(f) > fields.indexOf(field));
    const choices = [...round.querySelectorAll("input[name=went_out]")];
    const chosen = choices.some((c) => c.checked);
    const to = next || (chosen ? empty[0] : choices[0]);
    if (to) {
      to.focus();
      if (to.select) to.select();
      return;
    }
    const save = document.getElementById("save-round");
    if (!field.value.trim() || !save) return save?.focus();
    round.requestSubmit(save);
  });

  // "Really 1000 for João?": each value above what a hand plausibly holds this round, in the page's language
  function questions(round, seats) {
    const likely = Number(round.dataset.likely);
    const asked = [];
    for (const seat of seats) {
      const field = seat.querySelector("input.pips:not(.tiles-left)");
      const text = field ? field.value.trim() : "";
      if (!/^\d+$/.test(text) || !(Number(text) > likely)) continue;
      const name = seat.querySelector(".seat-name")?.textContent || "";
      asked.push(round.dataset.really.replace("{pips}", text).replace("{name}", name));
    }
    return asked;
  }

  // null: nothing to ask; else whether the player said the values are right
  function sure(round, seats) {
    const asked = questions(round, seats);
    return asked.length ? window.confirm(`${asked.join("\n")}\n${round.dataset.rarely}`) : null;
  }

  // asked before the form goes (and before pwa.js keeps it as sent); the server is told the answer
  document.addEventListener("submit", (event) => {
    const round = form();
    if (event.target !== round || !round.dataset.likely || event.submitter?.name === "confirmed") return;
    const answer = sure(round, round.querySelectorAll(".seat"));
    if (answer === null) return;
    if (!answer) {
      event.preventDefault();
      event.stopImmediatePropagation();
      return;
    }
    const yes = Object.assign(document.createElement("input"), { type: "hidden", name: "confirmed", value: "y" });
    round.append(yes);
    // held back after all (no connection: pwa.js): the next Save asks again about whatever is typed by then
    setTimeout(() => { if (event.defaultPrevented) yes.remove(); });
  }, true);

  // one seat's Send: the same question, for that seat alone, before app.js sends it
  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button.send") : null;
    const round = form();
    if (!button || !round || !round.contains(button) || !/^\d+$/.test(button.value)) return;
    if (sure(round, round.querySelectorAll(`.seat[data-seat="${button.value}"]`)) !== false) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);
})();
