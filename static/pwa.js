// Progressive web app: service worker registration and the wake lock (see the PWA issue).
