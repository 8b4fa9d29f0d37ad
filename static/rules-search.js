// Filters the rules reference as you type and marks the words found, forgiving case, accents, endings and a typo.
// Loaded by static/search.js when the box is first touched; works offline (the service worker keeps it).
"use strict";
(() => {
  const box = document.querySelector(".reference .search");
  if (!box || box.dataset.ready !== undefined) return;
  const input = box.querySelector("input");
  const status = box.querySelector("p");
  const UNIT = "h3, h4, p, li, dt, dd, tr, caption, figure";
  const WORD = /[\p{L}\p{N}]+/gu;
  const fold = (s) => s.normalize("NFD").replace(/\p{M}/gu, "").replace(/ß/g, "ss").toLowerCase();
  const lang = document.documentElement.lang;
  // one ending cut, longest first (folded: Czech -ů is -u), leaving 3+ letters: markers/marker, doppi/doppio,
  // duplos/dupla, značky/značkám, Steine/Steinen; English -es after s, x, z, ch, sh; German -n after l, r
  const ENDS = ({ it: "i e o a", cs: "ami ach ech ich ove am em ou um y e u a i o",
    pt: "oes aes es as os ao s a o", de: "en es e n s" }[lang] ?? "es s").split(" ");
  const stem = (w) => {
    const cut = ENDS.find((end) => w.length - end.length > 2 && w.endsWith(end)
      && !(lang === "de" && end === "n" && !/[lr]n$/.test(w)) && !(lang === "en" && end === "es" && !/(s|x|z|ch|sh)es$/.test(w)));
    return cut ? w.slice(0, -cut.length) : w;
  };
  // at most one letter changed, left out, added, or two side by side swapped (Damerau–Levenshtein ≤ 1)
  const near = (a, b) => {
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    const rest = (s, k) => s.slice(i + k);
    return rest(a, 1) === rest(b, 1) || rest(a, 0) === rest(b, 1) || rest(a, 1) === rest(b, 0)
      || (a[i] === b[i + 1] && a[i + 1] === b[i] && rest(a, 2) === rest(b, 2));
  };
  const words = new Map(); // every word here, folded: its stem
  const unit = (el) => {
    const text = fold(el.textContent);
    const own = new Set(text.match(WORD));
    for (const w of own) words.set(w, stem(w));
    return { el, text, own };
  };
  const others = box.parentElement.querySelectorAll(":scope > .lead, :scope > .toc");
  const sections = [...document.querySelectorAll(".reference section")].map((section) => {
    const head = section.querySelector("header");
    const inside = [...section.querySelectorAll("*")].filter((el) => !head.contains(el));
    return { section, title: unit(head), blocks: inside.filter((el) => el.querySelector(UNIT)),
      leaves: inside.filter((el) => el.matches(UNIT) && !el.querySelector(UNIT)).map(unit) };
  });
  const texts = sections.flatMap((s) => [s.title, ...s.leaves].map((u) => u.text));
  // what a typed word finds: itself in a text, a word of its stem; a typo only if neither is here (no flood)
  const query = (typed) => {
    const root = stem(typed);
    const find = (ok) => new Set([...words].filter(([w, s]) => ok(w, s)).map(([w]) => w));
    let found = find((w, s) => s === root && root.length > 2);
    if (!found.size && typed.length > 3 && !texts.some((t) => t.includes(typed))) {
      found = find((w, s) => near(typed, w) || (root.length > 3 && near(root, s)));
    }
    return { typed, found, hit: (w) => (typed.length > 1 && w.includes(typed)) || found.has(w) };
  };
  const holds = (u, q) => u.text.includes(q.typed) || [...q.found].some((w) => u.own.has(w));

  let marks = [];
  // whole words marked, in text nodes only: a paragraph's links and emphasis stay
  const mark = (el, queries) => {
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const nodes = [];
    while (walk.nextNode()) nodes.push(walk.currentNode);
    for (const node of nodes) {
      for (const m of [...node.data.matchAll(WORD)].reverse()) { // from the end: offsets stay true
        if (!queries.some((q) => q.hit(fold(m[0])))) continue;
        node.splitText(m.index + m[0].length);
        const mk = document.createElement("mark");
        mk.append(node.splitText(m.index));
        node.after(mk);
        marks.push(mk);
      }
    }
  };

  const run = () => {
    const parents = marks.map((m) => m.parentNode);
    for (const m of marks) m.replaceWith(...m.childNodes);
    for (const p of parents) p.normalize();
    marks = [];
    const queries = [...new Set(fold(input.value).split(/\s+/).filter(Boolean))].map(query);
    const any = queries.length > 0;
    let count = 0;
    for (const { section, title, leaves, blocks } of sections) {
      const whole = any && queries.every((q) => holds(title, q));
      if (whole) count += 1, mark(title.el, queries);
      const shown = [];
      for (const leaf of leaves) {
        const el = leaf.el;
        if (whole || !any || !queries.every((q) => holds(leaf, q))) continue;
        count += 1;
        mark(el, queries);
        shown.push(el, el.closest("dd")?.previousElementSibling);
        if (el.matches("h3, h4, dt, caption")) shown.push(...headed(el));
        shown.push(...(el.closest("table")?.querySelectorAll("caption, thead tr") ?? []));
      }
      for (const { el } of leaves) el.hidden = any && !whole && !shown.includes(el);
      for (const el of blocks) el.hidden = any && !whole && !shown.some((x) => x && el.contains(x));
      section.hidden = any && !whole && !shown.length;
    }
    for (const el of others) el.hidden = any;
    status.textContent = !any ? "" : count ? box.dataset.count.replace("{n}", count) : box.dataset.none;
    status.classList.toggle("none", any && !count);
  };
  // a term, caption or subheading brings what it heads
  function headed(el) {
    const out = [];
    for (let n = el.nextElementSibling; n && !n.matches(el.tagName) && !(el.matches("dt") && out.length); n = n.nextElementSibling) {
      out.push(n, ...n.querySelectorAll(UNIT));
    }
    return out;
  }
  input.addEventListener("input", run);
  run(); // what was typed while this loaded, or restored by the browser
  box.dataset.ready = "";
})();
