// The new-game form's "Who deals first": each choice names the player typed in its field, as the names are typed
// (or tapped in from the suggestions); a field left empty has nobody to offer, unless it is the one chosen.
// A seat the chosen game does not have (game-choice.js hides it) offers nobody either.
// Without this script the choices name the fields ("Player 3", as their placeholders do) or, once the form comes
// back, the names typed (forms/games.py, name_the_dealers).
"use strict";

(() => {
  const select = document.querySelector("select[name=first_dealer]");
  if (!select) return;
  const form = select.form;

  function name() {
    const typed = [...select.options].filter((o) => o.value).map((o) => {
      const field = form.querySelector(`input[name="players-${o.value}"]`);
      return [o, field ? field.value.trim().replace(/\s+/g, " ") : "", !field || field.closest("[hidden]")];
    });
    const any = typed.some(([, name]) => name);
    for (const [option, name, away] of typed) {
      option.textContent = name || option.dataset.unnamed;
      // hidden and disabled: some phones' pickers show hidden options all the same
      option.hidden = option.disabled = (away || (any && !name)) && !option.selected;
    }
  }

  form.addEventListener("input", name);
  // after game-choice.js has shown the chosen game's seats: on a change of game, and once every script has run
  form.addEventListener("change", name);
  document.addEventListener("DOMContentLoaded", name);
  name();
})();
