// Pages that need no more than the service worker: register it where the browser allows (HTTPS or localhost).
"use strict";
if ("serviceWorker" in navigator && window.isSecureContext) {
  window.addEventListener("load", () => {
    const manifest = document.querySelector("link[rel=manifest]");
    const url = new URL("sw.js", manifest ? manifest.href : location.origin + "/");
    navigator.serviceWorker.register(url.href).catch(() => { /* online only, nothing breaks */ });
  });
}
