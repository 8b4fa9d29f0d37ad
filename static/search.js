// Filters the rules reference as you type: what holds every word, accents and case aside, stays. Works offline.
"use strict";
(() => {
  const box = document.querySelector(".reference .search");
  if (!box) return;
  const input = box.querySelector("input");
  const status = box.querySelector("p");
  const UNIT = "h3, h4, p, li, dt, dd, tr, caption, figure";
  const fold = (s) => s.normalize("NFD").replace(/\p{M}/gu, "").replace(/ß/g, "ss").toLowerCase();
  const others = box.parentElement.querySelectorAll(":scope > .lead, :scope > .toc");
  const sections = [...document.querySelectorAll(".reference section")].map((section) => {
    const head = section.querySelector("header");
    const inside = [...section.querySelectorAll("*")].filter((el) => !head.contains(el));
    const leaves = inside.filter((el) => el.matches(UNIT) && !el.querySelector(UNIT));
    return { section, title: fold(head.textContent), leaves: leaves.map((el) => [el, fold(el.textContent)]),
      blocks: inside.filter((el) => el.querySelector(UNIT)) };
  });
  // a term, caption or subheading brings what it heads
  const headed = (el) => {
    const out = [];
    for (let n = el.nextElementSibling; n && !n.matches(el.tagName) && !(el.matches("dt") && out.length); n = n.nextElementSibling) {
      out.push(n, ...n.querySelectorAll(UNIT));
    }
    return out;
  };

  input.addEventListener("input", () => {
    const words = fold(input.value).split(/\s+/).filter(Boolean);
    let count = 0;
    for (const { section, title, leaves, blocks } of sections) {
      const whole = words.every((w) => title.includes(w));
      if (whole && words.length) count += 1;
      const shown = [];
      for (const [el, text] of leaves) {
        if (whole || !words.every((w) => text.includes(w))) continue;
        count += 1;
        shown.push(el, el.closest("dd")?.previousElementSibling);
        if (el.matches("h3, h4, dt, caption")) shown.push(...headed(el));
        shown.push(...(el.closest("table")?.querySelectorAll("caption, thead tr") ?? []));
      }
      for (const [el] of leaves) el.hidden = !whole && !shown.includes(el);
      for (const el of blocks) el.hidden = !whole && !shown.some((x) => x && el.contains(x));
      section.hidden = !whole && !shown.length;
    }
    for (const el of others) el.hidden = words.length > 0;
    status.textContent = !words.length ? "" : count ? box.dataset.count.replace("{n}", count) : box.dataset.none;
    status.classList.toggle("none", words.length > 0 && !count);
  });
  box.hidden = false;
  if (input.value) input.dispatchEvent(new Event("input")); // restored by the browser
})();
