// The print view's button: the browser's own print dialog (without this script, its menu prints the page as well).
"use strict";

(() => {
  const button = document.querySelector("button[data-print]");
  if (!button) return;
  button.addEventListener("click", () => window.print());
  button.hidden = false;
})();
