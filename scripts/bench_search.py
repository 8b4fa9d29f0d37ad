"""The rules search's time per keystroke: each rules page in each language, opened in Chromium at 360 px, the box
touched (the matcher loads), then a word typed letter by letter, a typo, an inflected form and a word nowhere on
the page. Prints the median and the slowest keystroke per page, in ms, as the page's own script measured them
(performance.now around one input event). Figures only: nothing is asserted.

    .venv/bin/python scripts/bench_search.py
"""

from __future__ import annotations

import logging
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.conftest import make_app  # noqa: E402  (the app as the tests build it, on a throwaway database)

PAGES = ["/rules", "/rules/variants", "/rules/super-domino", "/rules/chicken-foot"]
LANGUAGES = ["en", "it", "cs", "pt", "de"]
TYPED = ["d", "do", "dou", "doub", "doubl", "double", "markr", "dobles", "kostkam", "Steinen", "zqxjvk"]
ONE_KEYSTROKE = """word => {
  const box = document.querySelector('.search input');
  const start = performance.now();
  box.value = word;
  box.dispatchEvent(new Event('input'));
  return performance.now() - start;
}"""


def main() -> None:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # the figures, not a line per request
    app = make_app(Path(tempfile.mkdtemp()))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 360, "height": 740})
        print(f"{'page':<22} {'lang':<4} {'median ms':>9} {'slowest ms':>10}")
        for path in PAGES:
            for language in LANGUAGES:
                page.goto(f"{base}{path}?lang={language}")
                page.focus(".search input")
                page.wait_for_selector(".search[data-ready]", state="attached")
                times = [page.evaluate(ONE_KEYSTROKE, word) for word in TYPED]
                print(f"{path:<22} {language:<4} {statistics.median(times):>9.1f} {max(times):>10.1f}")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
