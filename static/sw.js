// The service worker, served from the app's root as /sw.js so its scope is every page.
// Scores come fresh from the server whenever it answers; without a connection the games list, a game's
// table screen and its round form open as this phone last saw them (static/offline.js keeps the rounds
// entered meanwhile), and the rules, the deal lookup and the static files open from the cache; any
// other page then says plainly that the scorekeeper cannot be reached, instead of the browser's error page.
"use strict";

const VERSION = "4"; // bump with every change to this file or to what it keeps
const PREFIX = "scorekeeper-";
const CACHE = `${PREFIX}v${VERSION}`;
// The score pages as last seen, by address: one household's only. Every page says whose it is
// (scorekeeper/views/pwa.py); a page with another tag empties this cache before anything is kept.
const PAGES = `${PREFIX}pages`;
const HOUSEHOLD = "Scorekeeper-Household";

// resolved against the scope, so the app works mounted under a path prefix too
const at = (path) => new URL(path, self.registration.scope).href;
const OFFLINE = at("offline");
const KEPT_PAGES = [at("rules"), at("deal")];
const RULES_PARTS = at("rules/"); // should the reference grow into several pages, keep them all
const STATIC = at("static/");
const MANIFEST = at("manifest.webmanifest");
const LANGUAGE = at("language/");
const WHOSE = at("sw/household"); // where PAGES notes whose pages it holds (never a real address)
// the games list, a game's table screen and its round form, relative to the scope
const SCORE_PAGES = [/^$/, /^games\/[^/]+$/, /^games\/[^/]+\/rounds\/new$/];
const scorePage = (url) => url.startsWith(at("")) && SCORE_PAGES.some((page) => page.test(url.slice(at("").length)));

self.addEventListener("install", (event) => {
  event.waitUntil(keepForOffline().then(() => self.skipWaiting()));
});

// The pages kept for offline use, and whatever styles, scripts and icons they link, as they are today.
// Only the offline page is a must; a page or icon that fails now is kept on its next visit instead.
async function keepForOffline() {
  const cache = await caches.open(CACHE);
  const assets = new Set([MANIFEST]);
  const kept = (url) => url.startsWith(STATIC) || url.startsWith(RULES_PARTS);
  const keep = async (page) => {
    const response = await fetch(page);
    if (!response.ok) throw new Error(`${page} answered ${response.status}`);
    const html = await response.clone().text();
    await cache.put(page, response);
    for (const [, link] of html.matchAll(/(?:href|src)="([^"#?]+)[^"]*"/g)) {
      const url = new URL(link, page).href;
      if (kept(url)) assets.add(url);
    }
  };
  await Promise.all([keep(OFFLINE), ...KEPT_PAGES.map((page) => keep(page).catch(() => undefined))]);
  await Promise.all([...assets].map((url) => cache.add(url).catch(() => undefined)));
}

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    // the pages kept by an older worker go too: they name static files that only its cache held
    .then((names) => Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE)
      .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    // a round sent with no network: the offline page, and the form keeps its values (pwa.js);
    // what the server answers to a POST is never cached, but a sign-in's answer may say whose pages come now
    if (request.mode === "navigate") {
      event.respondWith(fetch(request).then((response) => {
        event.waitUntil(noteWhose(response));
        return response;
      }).catch(offlinePage));
    }
    return;
  }
  const bare = url.origin + url.pathname;
  if (KEPT_PAGES.includes(bare) || bare.startsWith(RULES_PARTS) || bare === MANIFEST || bare.startsWith(STATIC)) {
    event.respondWith(freshOrKept(event));
  } else if (request.mode === "navigate" && scorePage(bare)) {
    event.respondWith(freshOrLastSeen(event));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).then((response) => {
      event.waitUntil(noteWhose(response));
      // a new language: keep the offline page and the reference pages in it from now on
      if (bare.startsWith(LANGUAGE)) event.waitUntil(refresh([OFFLINE, ...KEPT_PAGES]));
      return response;
    }).catch(offlinePage));
  }
  // anything else (the JSON API) goes to the network untouched
});

// A network that hangs (a weak signal at the table) should not leave the rules blank for a minute:
// after this long the kept copy answers, and the fresh one still refreshes the cache when it arrives.
const PATIENCE_MS = 4000;

function within(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("too slow")), ms);
    promise.then((value) => { clearTimeout(timer); resolve(value); },
      (error) => { clearTimeout(timer); reject(error); });
  });
}

async function freshOrKept(event) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  const keep = (response) => {
    if (response.ok && response.type === "basic") return cache.put(request, response.clone());
    return undefined;
  };
  const network = fetch(request);
  try {
    const response = await within(network, PATIENCE_MS);
    event.waitUntil(Promise.resolve(keep(response)));
    return response;
  } catch (error) {
    event.waitUntil(network.then(keep).catch(() => {})); // a late answer still refreshes the copy
    // the deal lookup with other numbers than last time: the plain lookup still answers offline
    const kept = await cache.match(request, { ignoreVary: true })
      || await cache.match(request, { ignoreVary: true, ignoreSearch: true });
    if (kept) return kept;
    if (request.mode === "navigate") return offlinePage();
    throw error;
  }
}

async function offlinePage() {
  const kept = await caches.match(OFFLINE, { ignoreVary: true });
  return kept || new Response("Offline: the scorekeeper cannot be reached. Try again when the connection is back.",
    { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

async function refresh(urls) {
  const cache = await caches.open(CACHE);
  await Promise.all(urls.map((url) => fetch(url).then((response) => {
    if (response.ok) return cache.put(url, response);
    return undefined;
  }).catch(() => undefined)));
}

// A score page: always the server's answer while it answers (never an old copy while online, however slow);
// the copy last seen at this very address only when the network fails.
async function freshOrLastSeen(event) {
  const request = event.request;
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const pages = await caches.open(PAGES);
    return (await pages.match(request.url, { ignoreVary: true })) || offlinePage();
  }
  // a redirect (signed out, a game over) or a refusal is not the page to keep
  const copy = response.ok && response.type === "basic" && !response.redirected ? response.clone() : null;
  event.waitUntil(noteWhose(response).then(async (mayKeep) => {
    if (copy && mayKeep) await (await caches.open(PAGES)).put(request.url, copy);
  }));
  return response;
}

// Whose pages the server's answer says these are: when another household's (or nobody's, signed out), the
// pages kept so far are thrown away before anything else is kept. Resolves to whether the answer may be kept.
async function noteWhose(response) {
  const whose = response.headers.get(HOUSEHOLD);
  if (!whose) return false; // a redirect or another answer that does not say: keep nothing from it
  const pages = await caches.open(PAGES);
  const noted = await pages.match(WHOSE);
  if (noted && (await noted.text()) === whose) return true;
  await caches.delete(PAGES);
  await (await caches.open(PAGES)).put(WHOSE, new Response(whose));
  return true;
}
