"""What the browser tests share besides their fixtures: the server's limits and the page
timeouts, snippets that fail in telling ways, and a browser session that fails a test on
any uncaught page error or Content-Security-Policy violation."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tests.browser.live import Server

MAX_SNIPPET_BYTES = 2048
# One page step (load, click, render). A wait ends as soon as its state is there, so the
# bound only decides when a test gives up: 20 s failed tests on a 2-core box shared with
# two busy processes and the suite's other workers, where loading the 4.8 MB Plotly or a
# figure's first render took longer; a broken page still fails, a minute later.
TIMEOUT_MS = 60_000
RUN_TIMEOUT_MS = 180_000  # one real run from submit to result
RUN_URL = re.compile(r"/r/([A-Za-z0-9_-]+)$")


def run_id_of(url: str) -> str:
    match = RUN_URL.search(url)
    assert match, f"not a run permalink: {url}"
    return match.group(1)


FAILING_CODE = """import torch

def fn(a):
    return a.nope()

def inputs():
    return [torch.ones(3)]
"""
FAILING_LINE = "    return a.nope()"

XSS_TITLE = '<img src=x onerror="window.__xss=1">'
XSS_WORD = "zebrafinch"  # only in the XSS snippet's code: the history text filter finds it
XSS_CODE = f"""# {XSS_WORD}: markup in the title, the output and the error must stay text
import torch

print("<script>window.__xss=2</script>")
raise ValueError("<b>bold</b><script>window.__xss=3</script>")
"""


class BrowserSession:
    """Opens fresh contexts on the server (the permalink test wants a second one)."""

    def __init__(self, browser: Any, server: Server) -> None:
        self.browser, self.server = browser, server
        self.contexts: list[Any] = []
        self.page_errors: list[str] = []

    def new_context(self, **options: Any) -> Any:
        viewport = {"width": 1280, "height": 800}
        options = {"viewport": viewport, "base_url": self.server.url, **options}
        context = self.browser.new_context(**options)
        context.set_default_timeout(TIMEOUT_MS)
        context.on("page", self._watch)
        self.contexts.append(context)
        return context

    def new_page(self, **options: Any) -> Any:
        return self.new_context(**options).new_page()

    def _watch(self, page: Any) -> None:
        page.on("pageerror", lambda error: self.page_errors.append(f"{page.url}: {error}"))
        page.on("console", lambda message: self._csp_violation(page, message))

    def _csp_violation(self, page: Any, message: Any) -> None:
        """Whatever the Content-Security-Policy blocked (an inline script or style, a
        script from elsewhere) is a part of the page that silently does not work."""
        if message.type == "error" and "Content Security Policy" in message.text:
            self.page_errors.append(f"{page.url}: {message.text}")

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@dataclass
class LiveRun:
    """The add+relu run, submitted once through the New run page and followed live.
    `page` is that page, still open on the permalink; `progress_seen` what its progress
    card said while the run was going."""

    id: str
    page: Any
    progress_seen: str
    steps_seen: list[str]
