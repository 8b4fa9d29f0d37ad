// The score grid follows the game (live.js draws the page anew when a round is saved on another phone): the grid's
// box keeps where it was scrolled to, so a player reading the sixth column is not thrown back to the first.
"use strict";

(() => {
  let left = 0, top = 0;
  document.addEventListener("scroll", (event) => {
    if (event.target instanceof Element && event.target.matches(".grid-box")) {
      ({ scrollLeft: left, scrollTop: top } = event.target);
    }
  }, true);
  document.addEventListener("live:swapped", () => {
    const box = document.querySelector(".grid-box");
    if (box) { box.scrollLeft = left; box.scrollTop = top; }
  });
})();
