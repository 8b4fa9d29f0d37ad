// Shows the rules search box; its matcher (static/rules-search.js, the box's data-src) loads once the box is
// first touched: most visits come from a dispute link and never search, and the page stays under 50 kB.
"use strict";
(() => {
  const box = document.querySelector(".reference .search");
  if (!box) return;
  const input = box.querySelector("input");
  const load = () => {
    if (box.querySelector("script")) return;
    const script = document.createElement("script");
    script.src = box.dataset.src;
    box.append(script);
  };
  input.addEventListener("focus", load);
  input.addEventListener("input", load);
  box.hidden = false;
  if (input.value) load(); // restored by the browser
})();
