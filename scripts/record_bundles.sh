#!/usr/bin/env bash
# Record harness bundles on a GPU host, for tests/data/h200_bundles: every example, add_relu
# at 2**24 and 2**26, and kernelbench_style under max-autotune (bench/bench_memory.py --keep
# records the real-scale corpus). Run from the repository root; writes bundles.tgz into
# ${OUT:-.}. Three recordings run at once: a bundle's counts and bytes do not depend on
# timing, only its durations do.
set -u
export PYTHONUNBUFFERED=1 TORCHINDUCTOR_COMPILE_THREADS=4 TORCHINDUCTOR_CACHE_DIR=/tmp/inductor-record
python3 -c "import torch, triton; print(torch.__version__, triton.__version__, torch.cuda.get_device_name())"
B=/tmp/bundles
rm -rf "$B"
record() {  # record NAME SNIPPET [harness args...]
  local name=$1 snippet=$2
  shift 2
  mkdir -p "$B/$name"
  cp "$snippet" "$B/$name/snippet.py"
  python3 -m backend.harness --snippet "$B/$name/snippet.py" --bundle "$B/$name/bundle" "$@" \
    > "$B/$name/stdout.txt" 2> "$B/$name/stderr.txt"
  echo "$name exit $?"
}
export -f record
export B
{
  for example in examples/*.py; do echo "$(basename "$example" .py) $example"; done
  echo "add_relu_2p24 examples/add_relu.py --size 16777216"
  echo "add_relu_2p26 examples/add_relu.py --size 67108864"
  echo "kernelbench_style_max_autotune examples/kernelbench_style.py --compile-mode max-autotune-no-cudagraphs"
} | xargs -P "${PARALLEL:-3}" -L 1 bash -c 'record "$@"' _
tar czf "${OUT:-.}/bundles.tgz" -C /tmp bundles
