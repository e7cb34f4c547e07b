"""Snippets that attack the reading side through what they hand back.

The harness runs in the snippet's own process, so a snippet finds its bundle directory and
its progress descriptor in its own `sys.argv` and can write anything there. Each snippet
below does that at import time, while the harness loads it, then either exits at once (the
worker reads whatever is in the bundle directory) or raises (the run ends as the snippet's
own failure). No torch work: each run costs bubblewrap, Python and torch's import.
"""

from __future__ import annotations

LINK = '<a href="https://evil.example">x</a>'
FORGED_SPEEDUP = 44_239.0

PRELUDE = r'''
import gzip, json, os, sys, zlib

BUNDLE = sys.argv[sys.argv.index("--bundle") + 1]
PROGRESS_FD = int(sys.argv[sys.argv.index("--progress-fd") + 1])
os.makedirs(BUNDLE, exist_ok=True)


def put(name, data):
    with open(os.path.join(BUNDLE, name), "wb") as f:
        f.write(data)


def value(id, name, role, writer=None):
    return {"id": id, "name": name, "role": role, "shape": [4], "dtype": "float32",
            "bytes": 16, "writer": writer}


def op(index, name, reads, writes):
    return {"index": index, "op": name, "view": False, "line": 3, "stack_lines": [3],
            "reads": reads, "writes": writes, "moves_data": True}


def timing(median_us):
    return {"median_us": median_us, "repeats": 1, "samples_us": [median_us],
            "method": "perf_counter"}


def forge(device=None, eager_us=10.0, compiled_us=10.0, tensor="b", graphs=(), traces=True):
    """A bundle.json shaped exactly like the harness's, with the numbers and names we like."""
    if traces:
        empty = gzip.compress(b'{"traceEvents": []}')
        put("eager_trace.json.gz", empty)
        put("compiled_trace.json.gz", empty)
    document = {
        "schema_version": 1, "snippet_file": "snippet.py", "status": "succeeded",
        "device": device or {"type": "cpu", "name": "cpu", "l2_cache_bytes": None, "note": None},
        "versions": {"torch": "2.13.0", "triton": None, "cuda": None, "driver": None,
                     "python": "3.12.3"},
        "size": None, "compile_mode": "default", "entry_point": "fn", "style": "fn_inputs",
        "notes": [], "inputs": [{"name": "a", "shape": [4], "dtype": "float32"}],
        "eager": {
            "ops": [op(0, "aten.add.Tensor", [0], [1]), op(1, "aten.relu.default", [1], [2])],
            "trace": "eager_trace.json.gz",
            "values": [value(0, "a", "input"), value(1, tensor, "intermediate", 0),
                       value(2, "output", "output", 1)],
            "timing": timing(eager_us),
        },
        "compile": {"seconds": 1.0, "mode": "default", "graph_count": 1, "graph_breaks": [],
                    "recompiles": 0},
        "compiled": {
            "launches": [{"index": 0, "graph": 0, "kernel": "cpp_fused_add_relu_0",
                          "backend": "cpp", "reads": [["in_ptr0", 0]],
                          "writes": [["out_ptr0", 1]]}],
            "trace": "compiled_trace.json.gz",
            "graphs": [{"index": i, "output_code": name} for i, name in enumerate(graphs)],
            "provenance": {},
            "values": [value(0, "a", "input"), value(1, "output", "output", 0)],
            "timing": timing(compiled_us),
        },
        "correctness": {"method": "relative_error", "max_abs_error": 0.0,
                        "max_rel_error": 0.0, "match": True, "note": None},
    }
    put("bundle.json", json.dumps(document).encode())


def progress(line):
    os.write(PROGRESS_FD, line + b"\n")


def done():
    os._exit(0)  # the worker now reads whatever the bundle directory holds
'''

# A 2 MB gzip file that inflates to 2 GiB, as the eager trace: 128 members of 16 MiB of zeros.
GZIP_BOMB = (
    PRELUDE
    + r"""
forge()
member = gzip.compress(bytes(16 << 20), compresslevel=9)
put("eager_trace.json.gz", member * 128)
done()
"""
)

# A schema-valid chain of 30,000 eager ops, each reading the one before: within the bytes
# and JSON-value limits, past the count of ops the analysis may walk.
CHAINED_OPS = (
    PRELUDE
    + r"""
forge()
document = json.load(open(os.path.join(BUNDLE, "bundle.json")))
count = 30_000
document["eager"]["ops"] = [op(i, "aten.add.Tensor", [i], [i + 1]) for i in range(count)]
document["eager"]["values"] = [value(0, "a", "input")] + [
    value(i + 1, f"v{i}", "intermediate", i) for i in range(count)
]
put("bundle.json", json.dumps(document).encode())
done()
"""
)

# Three sparse 1 GiB "generated code" files: no disk used inside the sandbox.
SPARSE_CODE = (
    PRELUDE
    + r"""
names = [f"output_code_{i}.py" for i in range(3)]
for name in names:
    with open(os.path.join(BUNDLE, name), "wb") as f:
        f.truncate(1 << 30)
forge(graphs=names)
done()
"""
)

# A progress line that is JSON but not an object, then the snippet's own error.
PROGRESS_NOT_AN_OBJECT = (
    PRELUDE
    + r"""
progress(b"[1]")
progress(b'"eager profile"')
progress(b'{"step": ["compiling"], "elapsed_s": 1}')
progress(b'{"step": "compiling", "elapsed_s": "soon"}')
raise RuntimeError("the snippet's own error, after its progress lines")
"""
)

# Progress steps of 1 MB each, one without a newline at all.
PROGRESS_HUGE_STEPS = (
    PRELUDE
    + r"""
step = "x" * (1 << 20)
for _ in range(3):
    progress(json.dumps({"step": step, "elapsed_s": 1.0}).encode())
os.write(PROGRESS_FD, b"y" * (8 << 20))  # 8 MiB and no newline: never a line
raise RuntimeError("the snippet's own error, after its progress lines")
"""
)

# Two seconds of progress lines, alternating between real steps.
PROGRESS_FLOOD = (
    PRELUDE
    + r"""
import time
lines = [b'{"step": "compiling", "elapsed_s": 1.0}', b'{"step": "eager warm-up", "elapsed_s": 1.0}']
block = b"\n".join(lines * 500) + b"\n"
until = time.monotonic() + 2.0
while time.monotonic() < until:
    os.write(PROGRESS_FD, block)
raise RuntimeError("the snippet's own error, after its progress lines")
"""
)

# A line just like the harness's, for a step far ahead: the step list must not jump to it.
PROGRESS_JUMP = (
    PRELUDE
    + r"""
progress(b'{"step": "timing", "elapsed_s": 0.5}')
raise RuntimeError("the snippet's own error, after its progress line")
"""
)

# "NVIDIA H200" on a CPU machine, and a speedup of 44,239x.
FORGED_DEVICE = (
    PRELUDE
    + f"""
forge(device={{"type": "cpu", "name": "NVIDIA H200", "l2_cache_bytes": 62914560, "note": None}},
      eager_us={FORGED_SPEEDUP}, compiled_us=1.0)
done()
"""
)

# The same, claiming a CUDA device on a machine that has none.
FORGED_CUDA = (
    PRELUDE
    + """
forge(device={"type": "cuda", "name": "NVIDIA H200", "l2_cache_bytes": 62914560, "note": None})
done()
"""
)

# A tensor named with an HTML link: it must reach the figures as text.
HTML_TENSOR = (
    PRELUDE
    + f"""
forge(tensor={LINK!r})
done()
"""
)

# More real data than the sandbox's work directory holds, in files under RLIMIT_FSIZE.
FILL_THE_DISK = (
    PRELUDE
    + r"""
chunk = os.urandom(1 << 20)
for i in range(64):
    with open(f"fill-{i}.bin", "wb") as f:
        for _ in range(4):
            f.write(chunk)
print("wrote 256 MiB")
"""
)

# More files than the work directory allows, each empty.
MANY_FILES = (
    PRELUDE
    + r"""
for i in range(200_000):
    open(f"f{i}", "wb").close()
print("made 200,000 files")
"""
)

# Every value claims 2^62 bytes (the schema allowed counts up to 2^62). The round
# trip of `b` then summed past 2^63, which SQLite cannot store: every report of the run was
# a 500 that its remote worker resent forever, holding the run and the worker.
HUGE_NUMBERS = (
    PRELUDE
    + r"""
forge()
document = json.load(open(os.path.join(BUNDLE, "bundle.json")))
for part in ("eager", "compiled"):
    for claimed in document[part]["values"]:
        claimed["bytes"] = 2**62
put("bundle.json", json.dumps(document).encode())
done()
"""
)
