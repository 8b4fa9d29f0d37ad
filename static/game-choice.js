// The new-game form shows the chosen game's options and seats only: another game's panel and its larger seat limit
// mean nothing to this table. Without this script every game's are shown, and the server checks.
"use strict";

(() => {
  const choices = document.querySelectorAll("input[name=game]");
  if (!choices.length) return;
  const form = choices[0].form;

  function show() {
    const game = form.querySelector("input[name=game]:checked")?.value;
    if (!game) return;
    for (const el of form.querySelectorAll("[data-games]")) {
      const ours = el.dataset.games.split(" ").includes(game);
      // a name already typed stays in sight, so the refusal that counts it makes sense
      const typed = [...el.querySelectorAll("input[name^=players-]")].some((field) => field.value.trim());
      el.hidden = !ours && !typed;
    }
  }

  for (const choice of choices) choice.addEventListener("change", show);
  show();
})();
