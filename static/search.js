// Filters the rules reference as you type and marks the words it found. Forgiving: accents and case aside,
// a plural or inflected form, or one typo in a longer word still finds the paragraph. Works offline.
"use strict";
(() => {
  const box = document.querySelector(".reference .search");
  if (!box) return;
  const input = box.querySelector("input");
  const status = box.querySelector("p");
  const UNIT = "h3, h4, p, li, dt, dd, tr, caption, figure";
  const fold = (s) => s.normalize("NFD").replace(/\p{M}/gu, "").replace(/ß/g, "ss").toLowerCase();
  const WORD = /[\p{L}\p{N}]+/gu;

  // Plural and case endings, longest first, as they look once folded (Czech -ů is -u, Portuguese -ões is -oes).
  // One ending is cut, and only when three letters stay: enough for "markers"/"marker", "doppi"/"doppio",
  // "duplos"/"dupla", "značky"/"značkám", "Stein"/"Steinen" to meet; not a full stemmer, on purpose.
  const ENDINGS = {
    en: ["ies", "es", "s"], // "es" only after s, x, z, ch, sh (below): "doubles" keeps its e
    it: ["i", "e", "o", "a"], // doppio/doppi, regola/regole
    cs: ["ami", "ach", "ech", "ich", "ove", "am", "em", "ou", "um", "y", "e", "u", "a", "i", "o"],
    pt: ["oes", "aes", "es", "as", "os", "ao", "s", "a", "o"], // marcadores, duplos, rodada/rodadas
    de: ["en", "es", "e", "n", "s"], // Steine/Steinen, Zug/Zuges, Marker/Markern; -n only after l or r (below)
  };
  const lang = (document.documentElement.lang || "en").slice(0, 2);
  const endings = ENDINGS[lang] ?? ENDINGS.en;
  const stem = (word) => {
    for (const end of endings) {
      if (word.length - end.length < 3 || !word.endsWith(end)) continue;
      if (lang === "en" && end === "es" && !/(s|x|z|ch|sh)es$/.test(word)) continue;
      if (lang === "de" && end === "n" && !/[lr]n$/.test(word)) continue; // "Stein" is no plural
      return end === "ies" ? word.slice(0, -3) + "y" : word.slice(0, -end.length);
    }
    return word;
  };
  // Damerau–Levenshtein (optimal string alignment) distance, but only "at most one?": cheap and enough.
  const nearby = (a, b) => {
    if (a === b) return true;
    if (Math.abs(a.length - b.length) > 1) return false;
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
    if (a.length === b.length) {
      if (a.slice(i + 1) === b.slice(i + 1)) return true; // one letter changed
      return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // two swapped
    }
    const [short, long] = a.length < b.length ? [a, b] : [b, a];
    return short.slice(i) === long.slice(i + 1); // one letter left out or added
  };

  // A text folded letter by letter, with where each folded letter came from, so a mark lands on the real text.
  const folded = (text) => {
    let out = "";
    const from = [];
    for (let i = 0; i < text.length; ) {
      const ch = String.fromCodePoint(text.codePointAt(i));
      const f = fold(ch);
      for (let k = 0; k < f.length; k += 1) from.push(i);
      out += f;
      i += ch.length;
    }
    from.push(text.length);
    return { out, from };
  };
  const wordsOf = (text) => new Set(text.match(WORD) ?? []);

  const others = box.parentElement.querySelectorAll(":scope > .lead, :scope > .toc");
  const vocabulary = new Map(); // every folded word on the page -> its stem
  const sections = [...document.querySelectorAll(".reference section")].map((section) => {
    const head = section.querySelector("header");
    const inside = [...section.querySelectorAll("*")].filter((el) => !head.contains(el));
    const leaves = inside.filter((el) => el.matches(UNIT) && !el.querySelector(UNIT)).map((el) => {
      const text = fold(el.textContent);
      return { el, text, words: wordsOf(text) };
    });
    const title = fold(head.textContent);
    for (const { words } of [...leaves, { words: wordsOf(title) }]) {
      for (const w of words) vocabulary.set(w, stem(w));
    }
    return { section, head, title, titleWords: wordsOf(title), leaves,
      blocks: inside.filter((el) => el.querySelector(UNIT)) };
  });
  const everyText = sections.flatMap(({ title, leaves }) => [title, ...leaves.map((l) => l.text)]);

  // What a typed word finds: the text itself, or a page word of the same stem; only when neither is anywhere on
  // the page does it forgive one typo (words of 4+ letters), so a real word never drags its neighbours along.
  const understand = (typed) => {
    const own = stem(typed);
    const alike = (w, s) => typed.length >= 3 && own.length >= 3 && s === own;
    let accepted = [...vocabulary].filter(([w, s]) => alike(w, s)).map(([w]) => w);
    if (!accepted.length && typed.length >= 4 && !everyText.some((t) => t.includes(typed))) {
      accepted = [...vocabulary].filter(([w, s]) => nearby(typed, w) || (own.length >= 4 && nearby(own, s)))
        .map(([w]) => w);
    }
    return { typed, words: new Set(accepted) };
  };
  const holds = (text, words, query) => query.typed && (text.includes(query.typed)
    || [...query.words].some((w) => words.has(w)));

  // Marks go round the found words in the text nodes only, so links and emphasis inside a paragraph stay.
  let marked = [];
  const unmark = () => {
    const parents = new Set();
    for (const mark of marked) {
      parents.add(mark.parentNode);
      mark.replaceWith(...mark.childNodes);
    }
    for (const p of parents) p?.normalize();
    marked = [];
  };
  const mark = (el, all) => {
    const queries = all.filter((q) => q.typed.length > 1); // every "a" on the page marked helps nobody
    if (!queries.length) return;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const nodes = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n);
    for (const node of nodes) {
      const { out, from } = folded(node.data);
      const spans = [];
      for (const q of queries) {
        for (let at = out.indexOf(q.typed); at >= 0; at = out.indexOf(q.typed, at + 1)) {
          spans.push([at, at + q.typed.length]);
        }
        for (const m of out.matchAll(WORD)) {
          if (q.words.has(m[0])) spans.push([m.index, m.index + m[0].length]);
        }
      }
      if (!spans.length) continue;
      spans.sort((a, b) => b[0] - a[0]); // from the end, so earlier offsets stay true
      let end = Infinity;
      for (const [start, stop] of spans) {
        if (stop > end) continue; // overlaps one already marked
        const tail = node.splitText(from[stop]);
        const word = node.splitText(from[start]);
        const m = document.createElement("mark");
        word.replaceWith(m);
        m.append(word);
        marked.push(m);
        end = start;
        if (!tail.data) tail.remove();
      }
    }
  };

  input.addEventListener("input", () => {
    unmark();
    const queries = [...new Set(fold(input.value).split(/\s+/).filter(Boolean))].map(understand);
    let count = 0;
    for (const { section, head, title, titleWords, leaves, blocks } of sections) {
      const whole = queries.length > 0 && queries.every((q) => holds(title, titleWords, q));
      if (whole) {
        count += 1;
        mark(head, queries);
      }
      const shown = [];
      for (const { el, text, words } of leaves) {
        if (whole || !queries.length || !queries.every((q) => holds(text, words, q))) continue;
        count += 1;
        mark(el, queries);
        shown.push(el, el.closest("dd")?.previousElementSibling);
        if (el.matches("h3, h4, dt, caption")) shown.push(...headed(el));
        shown.push(...(el.closest("table")?.querySelectorAll("caption, thead tr") ?? []));
      }
      for (const { el } of leaves) el.hidden = queries.length > 0 && !whole && !shown.includes(el);
      for (const el of blocks) el.hidden = queries.length > 0 && !whole && !shown.some((x) => x && el.contains(x));
      section.hidden = queries.length > 0 && !whole && !shown.length;
    }
    for (const el of others) el.hidden = queries.length > 0;
    status.textContent = !queries.length ? "" : count ? box.dataset.count.replace("{n}", count) : box.dataset.none;
    status.classList.toggle("none", queries.length > 0 && !count);
  });

  // a term, caption or subheading brings what it heads
  function headed(el) {
    const out = [];
    for (let n = el.nextElementSibling; n && !n.matches(el.tagName) && !(el.matches("dt") && out.length); n = n.nextElementSibling) {
      out.push(n, ...n.querySelectorAll(UNIT));
    }
    return out;
  }
  box.hidden = false;
  if (input.value) input.dispatchEvent(new Event("input")); // restored by the browser
})();
