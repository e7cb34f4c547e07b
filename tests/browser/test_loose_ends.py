"""The New run page's and the run page's loose ends, in Chromium against the real server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from backend.store.repository import Store
from scripts.import_bundles import import_bundle
from tests.browser.live import Server, open_new_run, paste_code

pytestmark = [pytest.mark.browser]
CPU_BUNDLES = Path(__file__).resolve().parents[1] / "data" / "cpu_bundles"


def imported(server: Server, name: str) -> str:
    with Store.open(server.data_dir) as store:
        return import_bundle(store, CPU_BUNDLES / name)


BROKEN = """import torch


def fn(x:
    return x


def inputs():
    return (torch.ones(4),)
"""


def test_a_syntax_error_is_refused_at_submit_and_its_line_marked(page: Any) -> None:
    open_new_run(page)
    paste_code(page, BROKEN)
    page.locator("#run").click()
    error = page.locator("#submit-error")
    expect(error).to_contain_text("Syntax error on line 4, column 7")
    expect(error).not_to_contain_text("body.code")  # the API's field path is for scripts
    marked = page.locator("#editor .cm-ks-error")
    expect(marked).to_have_count(1)
    expect(marked).to_contain_text("def fn(x:")
    assert page.url.endswith("/")  # no run was made to wait in the queue


def test_ctrl_enter_runs_from_anywhere_on_the_form(page: Any) -> None:
    open_new_run(page)
    paste_code(page, "  ")  # refused at once: the test needs the request, not a run
    page.locator("#title").fill("from the title field")
    page.locator("#title").focus()
    with page.expect_request(lambda r: r.url.endswith("/api/runs") and r.method == "POST") as sent:
        page.keyboard.press("ControlOrMeta+Enter")
    assert sent.value.post_data_json["title"] == "from the title field"
    expect(page.locator("#submit-error")).to_contain_text("The snippet is empty")
    page.locator("#sizes").focus()
    with page.expect_request(lambda r: r.url.endswith("/api/runs") and r.method == "POST"):
        page.keyboard.press("ControlOrMeta+Enter")


def test_ctrl_enter_in_the_editor_submits_once(page: Any) -> None:
    open_new_run(page)
    paste_code(page, "  ")
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.locator("#editor .cm-content").click()
    page.keyboard.press("ControlOrMeta+Enter")
    expect(page.locator("#submit-error")).to_contain_text("The snippet is empty")
    page.wait_for_timeout(300)  # a second submit would have been sent by now
    assert len(posts) == 1, posts


# ---- reasons on the run page ---------------------------------------------------------------


def test_the_break_banner_leads_with_plain_words(page: Any, server: Server) -> None:
    page.goto(f"/r/{imported(server, 'print_break')}")
    item = page.locator("#breaks li")
    expect(item).to_have_count(1)
    text = item.inner_text()
    assert text.startswith("line 7: a call to print()"), text
    expect(item.locator(".dynamo-reason")).to_have_text(
        " (Dynamo: Failed to trace builtin operator)"
    )
    hint = page.locator('#why-list li[data-kind="graph_break"] .hint')
    expect(hint.first).to_contain_text("remove the print")


def test_library_calls_are_named_lines_apart_and_try_it_offered_on_a_cpu(
    page: Any, server: Server
) -> None:
    page.goto(f"/r/{imported(server, 'mlp_two_layers')}")
    page.locator("#why-card[data-ready=true]").wait_for()
    items = page.locator("#why-list li")
    expect(items).to_have_count(2)
    first, h = items.nth(0), items.nth(1)
    expect(first).to_contain_text("addmm runs as a library call")
    expect(first).not_to_contain_text("add runs as")
    expect(h).to_contain_text("library call")
    expect(h).to_contain_text("reads h in memory")
    expect(h.locator("p.muted").first).to_have_text("In the snippet: line 8, line 9")
    expect(
        page.get_by_role("button", name="Try it: rerun with max-autotune-no-cudagraphs")
    ).to_be_visible()


# ---- Edit as new run keeps the experiment --------------------------------------------------

H200 = Path(__file__).resolve().parents[1] / "data"
REFUSED = {"error": {"status": 422, "kind": "held", "message": "held by the test", "field": None}}


def _import(server: Server, folder: str, **options: Any) -> str:
    with Store.open(server.data_dir) as store:
        return import_bundle(store, H200 / folder, **options)


def _sent_from_edit(page: Any, run_id: str) -> dict[str, Any]:
    """Open "Edit as new run" for `run_id`, press Run: the body the page sent (the test's
    route holds it back, so nothing is queued)."""
    page.route("**/api/runs", lambda route: route.fulfill(status=422, json=REFUSED))
    page.goto(f"/?from={run_id}")
    expect(page.locator("#forked")).to_contain_text(f"run {run_id}")
    with page.expect_request(lambda r: r.url.endswith("/api/runs") and r.method == "POST") as sent:
        page.locator("#run").click()
    body: dict[str, Any] = sent.value.post_data_json
    return body


def test_edit_keeps_max_autotune(page: Any, server: Server) -> None:
    run_id = _import(server, "h200_scale_bundles/kernelbench_style_max_autotune")
    body = _sent_from_edit(page, run_id)
    assert body["compile_mode"] == "max-autotune-no-cudagraphs" and "compile_modes" not in body


def test_edit_keeps_every_compile_mode_in_order(page: Any, server: Server) -> None:
    run_id = _import(server, "h200_mode_bundles/gemm_epilogue_two_modes")
    modes = [m["mode"] for m in server.get(f"/api/runs/{run_id}")["compiled_modes"]]
    assert len(modes) == 2
    assert _sent_from_edit(page, run_id)["compile_modes"] == modes


def test_edit_keeps_the_sweep_sizes(page: Any, server: Server) -> None:
    from backend.store.ids import new_run_id

    sweep_id = new_run_id()
    small = _import(server, "h200_bundles/add_relu_2p24", sweep_id=sweep_id)
    _import(server, "h200_bundles/add_relu_2p26", sweep_id=sweep_id)
    assert _sent_from_edit(page, small)["sizes"] == [2**24, 2**26]


def test_the_form_asks_for_reduce_overhead_and_several_modes(page: Any) -> None:
    page.route("**/api/runs", lambda route: route.fulfill(status=422, json=REFUSED))
    open_new_run(page)
    page.locator("#compile-mode").select_option("reduce-overhead")
    with page.expect_request(lambda r: r.url.endswith("/api/runs") and r.method == "POST") as sent:
        page.locator("#run").click()
    assert sent.value.post_data_json["compile_mode"] == "reduce-overhead"
    page.locator("input[name=also_mode][value=default]").check()
    chosen = page.locator("input[name=also_mode][value=reduce-overhead]")
    expect(chosen).to_be_disabled()  # the mode above is not offered again
    with page.expect_request(lambda r: r.url.endswith("/api/runs") and r.method == "POST") as sent:
        page.locator("#run").click()
    body = sent.value.post_data_json
    assert body["compile_modes"] == ["reduce-overhead", "default"] and "compile_mode" not in body
    page.locator("#compile-mode").select_option("default")  # chosen above: unticked, refused
    expect(page.locator("input[name=also_mode][value=default]")).not_to_be_checked()
    expect(page.locator("input[name=also_mode][value=default]")).to_be_disabled()
    expect(chosen).to_be_enabled()


def test_compare_shows_the_code_diff(page: Any, server: Server) -> None:
    a, b = imported(server, "print_break"), imported(server, "mlp_two_layers")
    page.goto(f"/compare/{a}/{b}")
    diff = page.locator("#code-diff")
    expect(diff).to_be_visible()
    expect(diff.locator("summary")).to_contain_text("only in A")
    expect(diff.locator(".diff-del").first).to_be_visible()
    expect(diff.locator(".diff-add", has_text="h = F.gelu(x @ w1 + b1)")).to_have_count(1)
    expect(diff.locator(".diff-del", has_text='print("halfway")')).to_have_count(1)


# ---- the details ---------------------------------------------------------------------------


def test_the_kernel_table_has_no_literal_null_around_it(page: Any, server: Server) -> None:
    page.goto(f"/r/{imported(server, 'mlp_two_layers')}")
    kernels = page.locator("#kernels")
    expect(kernels.locator("table")).to_be_visible()
    texts = page.evaluate(
        "[...document.getElementById('kernels').childNodes]"
        ".filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.textContent)"
    )
    assert texts == [], texts


def test_history_groups_a_sweep_and_compares_two_picked_runs(page: Any, server: Server) -> None:
    from backend.store.ids import new_run_id

    sweep_id = new_run_id()
    large = _import(server, "h200_bundles/add_relu_2p26", sweep_id=sweep_id)
    small = _import(server, "h200_bundles/add_relu_2p24", sweep_id=sweep_id)
    other = imported(server, "print_break")
    page.goto("/runs")
    sweep = page.locator(f"#runs tbody.sweep[data-sweep='{sweep_id}']")
    expect(sweep.locator("tr")).to_have_count(2)
    rows = sweep.locator("tr").evaluate_all("(rows) => rows.map((row) => row.dataset.run)")
    assert rows == [small, large]  # smallest first, together
    expect(sweep.locator(".sweep-label")).to_have_text("Sweep of 2 sizes (16,777,216, 67,108,864)")

    button = page.locator("#compare-picked")
    expect(button).to_be_disabled()
    page.get_by_label(f"Pick run {other} to compare").check()
    page.get_by_label(f"Pick run {small} to compare").check()
    page.get_by_label(f"Pick run {large} to compare").check()  # a third lets go of the first
    expect(page.get_by_label(f"Pick run {other} to compare")).not_to_be_checked()
    expect(button).to_be_enabled()
    button.click()
    page.wait_for_url(f"**/compare/{small}/{large}")


def test_a_phone_is_told_the_traffic_picture_scrolls_sideways(session: Any, server: Server) -> None:
    run_id = _import(server, "h200_bundles/add_relu")
    phone = session.new_page(viewport={"width": 390, "height": 844})
    phone.goto(f"/r/{run_id}")
    phone.locator("#traffic[data-drawn=compiled]").wait_for()
    box = phone.locator("#traffic-card .figure-scroll")
    wider = box.evaluate("(el) => el.scrollWidth > el.clientWidth + 1")
    assert wider, "the picture fits a 390 px phone: nothing to cue"
    cue = phone.locator("#traffic-scroll-cue")
    expect(cue).to_be_visible()
    box.evaluate("(el) => { el.scrollLeft = el.scrollWidth; }")
    expect(cue).to_be_hidden()

    wide = session.new_page()
    wide.goto(f"/r/{run_id}")
    wide.locator("#traffic[data-drawn=compiled]").wait_for()
    expect(wide.locator("#traffic-scroll-cue")).to_be_hidden()
