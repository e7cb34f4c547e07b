#!/usr/bin/env bash
# Record harness bundles of every example on a GPU host, for tests/data/h200_bundles.
# Run from the repository root; writes bundles.tgz into ${OUT:-.}.
set -u
export PYTHONUNBUFFERED=1 TORCHINDUCTOR_COMPILE_THREADS=4 TORCHINDUCTOR_CACHE_DIR=/tmp/inductor-record
python3 -c "import torch, triton; print(torch.__version__, triton.__version__, torch.cuda.get_device_name())"
B=/tmp/bundles
rm -rf "$B"
record() {  # record NAME EXAMPLE [harness args...]
  local name=$1 example=$2
  shift 2
  mkdir -p "$B/$name"
  cp "examples/$example.py" "$B/$name/snippet.py"
  python3 -m backend.harness --snippet "$B/$name/snippet.py" --bundle "$B/$name/bundle" "$@" \
    > "$B/$name/stdout.txt" 2> "$B/$name/stderr.txt"
  echo "$name exit $?"
}
for example in examples/*.py; do
  name=$(basename "$example" .py)
  record "$name" "$name"
done
record add_relu_2p24 add_relu --size 16777216
record add_relu_2p26 add_relu --size 67108864
tar czf "${OUT:-.}/bundles.tgz" -C /tmp bundles
