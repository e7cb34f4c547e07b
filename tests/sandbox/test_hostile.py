"""Every snippet of tests/data/bad, the hostile ones included, through the real worker
path under bubblewrap: each ends with a clear message and nothing is harmed. Each runs in
a spare started ahead of need (a slot's keeper, as the server runs them), and after each
run and the keeper's close: no connection reached a listener on the host, no process of
the run or of the next spare is left, no work directory or cgroup, nothing planted outside
the sandbox shows up in what the run stored. Then add_relu still succeeds, in a spare
pre-warmed inside the sandbox.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.limits import RunLimits
from backend.result import RunResult
from backend.store.repository import Store
from backend.worker import cgroup as memory_cgroup
from backend.worker import sandbox
from backend.worker.cgroup import MemoryCgroup
from backend.worker.execute import execute_run
from backend.worker.process import WorkerSetup
from backend.worker.spare_policy import SparePolicy
from backend.worker.spares import SpareKeeper, SpareOptions, keeper_for
from tests.helpers import wait_for
from tests.paths import BAD_SNIPPETS, EXAMPLES_DIR
from tests.sandbox.escapes import Listener, processes_touching

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("real_sandbox")]

MEMORY_MB = 1024  # torch imports in ~400 MiB; memory_hog grabs 256 MiB at a time
# snippet -> (status, error kind, words the message must contain)
EXPECTED = {
    "fork_bomb": ("failed", "process_limit", "process limit"),
    "memory_hog": ("crashed", "memory_limit", f"memory limit of {MEMORY_MB} MiB"),
    "network": ("failed", "exception", "no network access"),
    "reads_files": ("succeeded", None, ""),
    "huge_output": ("failed", "output_limit", "printed more than"),
    "infinite_loop": ("timed_out", "timeout", "It was running line"),
    "segfault": ("crashed", "crash", "segmentation fault on line 4"),
    "hard_exit": ("crashed", "crash", "exited with code 3"),
    "syntax_error": ("failed", "syntax_error", "expected ':'"),
    "raises": ("failed", "exception", "RuntimeError on line 6"),
    "no_function": ("failed", "no_entry_point", "Define `fn(...)`"),
    "ambiguous": ("failed", "ambiguous_entry_point", "`double` (line 5)"),
}
READ_SECRETS = """
import errno


def fn(a):
    for path in {paths!r}:
        try:
            with open(path) as f:
                print(path, "READ", f.read())
        except OSError as exc:
            print(path, errno.errorcode[exc.errno])
    return a


def inputs():
    return (1,)
"""


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("sandbox-data")


@pytest.fixture(scope="module")
def module_store(data_dir: Path) -> Iterator[Store]:
    """The store this module's runs are recorded in, in its `data_dir`."""
    with Store.open(data_dir) as opened:
        yield opened


@pytest.fixture(scope="module")
def secrets(data_dir: Path) -> Iterator[tuple[str, list[Path]]]:
    """A secret in the data dir, its database's folder, $HOME and the host's /tmp."""
    token = f"SECRET-{os.urandom(8).hex()}"  # the content: never in a stored run
    name = f"kernelscope-sandbox-secret-{os.urandom(4).hex()}.txt"
    places = [
        data_dir / "secret.txt",
        data_dir / "cache" / "secret.db",
        Path.home() / name,
        Path(tempfile.gettempdir()) / name,
    ]
    for path in places:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(token)
    yield token, places
    for path in places:
        path.unlink(missing_ok=True)


def run(
    store: Store,
    data_dir: Path,
    code: str,
    prewarm: bool = False,
    timeout_s: float = 60.0,
    memory_mb: int | None = None,
) -> RunResult:
    """`code` through a slot's spare, under bwrap; the keeper is closed afterwards (its next
    spare with it). Without `prewarm` the spare is a bare process: the hostile snippets are
    about the sandbox, not speed."""
    run_id = store.create_run(code)
    limits = RunLimits(sandbox="bwrap", timeout_s=timeout_s, memory_mb=memory_mb)
    setup = WorkerSetup(data_dir, limits=limits)
    keeper = keeper_for(setup, SpareOptions(prewarm=prewarm, policy=SparePolicy(count=1)), "slot")
    assert keeper is not None
    try:
        wait_for_spare(keeper)
        result = execute_run(store, run_id, setup, spares=keeper)
    finally:
        keeper.close()
    assert keeper.taken == 1  # the run ran in the spare, not in a process of its own
    return result


def wait_for_spare(keeper: SpareKeeper, timeout_s: float = 300.0) -> None:
    def ready() -> bool:
        spare = keeper.spare()
        return spare is not None and spare.wait_ready(0.2)

    wait_for(ready, timeout_s, "a spare becomes ready")


def assert_nothing_harmed(
    result: RunResult, data_dir: Path, listener: Listener, uids: list[int], secret: str
) -> None:
    assert listener.connections() == 0
    assert processes_touching(data_dir / "work") == []
    assert uids and all(sandbox._pids_of_uid(uid) == [] for uid in uids)
    assert secret not in result.model_dump_json()
    assert list((data_dir / "work").glob("*")) == []  # the run's, and the next spare's
    if (cgroups := memory_cgroup.memory_hierarchy()) is not None:
        parent = cgroups[0] / memory_cgroup.CGROUP_PARENT
        left = [path for uid in uids for path in parent.glob(f"*-{uid}")]
        assert not left, f"cgroups left behind: {left}"


def memory_cap_or_skip() -> None:
    cgroup, why = MemoryCgroup.create(f"check-{os.getpid()}", 64)
    if cgroup is None:
        pytest.skip(f"memory_hog needs a memory cgroup and none can be made here: {why}")
    cgroup.remove()


@pytest.mark.parametrize("name", list(EXPECTED))
def test_bad_snippet_ends_clearly_and_harms_nothing(
    name: str,
    module_store: Store,
    data_dir: Path,
    listener: Listener,
    secrets: tuple[str, list[Path]],
    real_sandbox: list[int],
) -> None:
    status, kind, words = EXPECTED[name]
    code = (BAD_SNIPPETS / f"{name}.py").read_text()
    timeout_s, memory_mb = 60.0, None
    if name == "network":  # the corpus aims at a server on 8000: aim at our listener
        code = code.replace("8000", str(listener.port))
    if name == "memory_hog":
        memory_cap_or_skip()
        memory_mb = MEMORY_MB
    if name == "infinite_loop":
        timeout_s = 15.0
    result = run(module_store, data_dir, code, timeout_s=timeout_s, memory_mb=memory_mb)
    assert (result.status, result.error and result.error.kind) == (status, kind), result.error
    assert result.error is None or words in result.error.message
    assert not any(note.startswith("ran without a sandbox") for note in result.notes)
    assert_nothing_harmed(result, data_dir, listener, real_sandbox, secrets[0])
    if name == "reads_files":  # it found its own files only, and no server variable
        assert "/etc/shadow" not in result.output.stdout and "/root/" not in result.output.stdout
        assert ".db" not in result.output.stdout and "\n{}\n" in result.output.stdout


def test_planted_secrets_are_not_there(
    module_store: Store,
    data_dir: Path,
    listener: Listener,
    secrets: tuple[str, list[Path]],
    real_sandbox: list[int],
) -> None:
    token, places = secrets
    paths = [str(p) for p in places] + ["/etc/shadow", str(data_dir / "kernelscope.db")]
    result = run(module_store, data_dir, READ_SECRETS.format(paths=paths))
    assert result.status == "succeeded", result.error
    seen = dict(line.rsplit(" ", 1) for line in result.output.stdout.splitlines() if line)
    assert {seen[p] for p in paths} <= {"ENOENT", "EACCES"}, seen
    assert_nothing_harmed(result, data_dir, listener, real_sandbox, token)


def test_add_relu_still_succeeds_after_the_hostile_runs(
    module_store: Store,
    data_dir: Path,
    listener: Listener,
    secrets: tuple[str, list[Path]],
    real_sandbox: list[int],
) -> None:
    code = (EXAMPLES_DIR / "add_relu.py").read_text()
    result = run(module_store, data_dir, code, prewarm=True, timeout_s=300.0)
    assert result.status == "succeeded", result.error
    assert result.prewarm_s is not None and result.prewarm_s > 0  # warmed inside the sandbox
    eager, compiled = result.variants["eager"], result.variants["compiled"]
    assert (eager.kernel_count, eager.transfer_count) == (2, 5)
    assert (compiled.kernel_count, compiled.transfer_count) == (1, 3)
    assert not any("without a sandbox" in note for note in result.notes)
    assert_nothing_harmed(result, data_dir, listener, real_sandbox, secrets[0])
