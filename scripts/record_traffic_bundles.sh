#!/usr/bin/env bash
# Every kernel's own traffic, on a GPU host: harness bundles of the traffic models (bench/traffic_models) and the
# recorded scale snippets (tests/data/h200_scale_bundles/*/snippet.py), one run at a time,
# each with its peak device memory (nvidia-smi, whole GPU), and Nsight Compute's DRAM bytes
# per kernel for the split-launch and convolution models. Everything lands in
# ${OUT:-.}/traffic.tgz after every step, so a call cut short still brings its runs back.
set -u
TARGET=${OUT:-.}
B=/tmp/traffic
mkdir -p "$B"
export PYTHONUNBUFFERED=1 TORCHINDUCTOR_CACHE_DIR=/tmp/inductor-traffic
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$B/gpu.txt"
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)" | tee -a "$B/gpu.txt"
record() {  # record NAME SNIPPET [harness args...]
  local name=$1 snippet=$2
  shift 2
  mkdir -p "$B/$name"
  cp "$snippet" "$B/$name/snippet.py"
  nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 200 > "$B/$name/smi.txt" &
  local smi=$! t0=$SECONDS
  timeout 300 python3 -m backend.harness --snippet "$B/$name/snippet.py" --bundle "$B/$name/bundle" \
    --device cuda "$@" > "$B/$name/stdout.txt" 2> "$B/$name/stderr.txt"
  local rc=$?
  kill $smi 2>/dev/null
  echo "$name: exit $rc in $((SECONDS - t0)) s, peak $(sort -n "$B/$name/smi.txt" | tail -1) MiB"
  tar czf "$TARGET/traffic.tgz" -C /tmp traffic
}
ncu_pass() {  # ncu_pass NAME: Nsight Compute's DRAM bytes per kernel of a recorded run
  local name=$1 t0=$SECONDS
  timeout 400 ncu --csv --nvtx --nvtx-include EAGER/ --nvtx-include COMPILED/ --clock-control none \
    --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum \
    --target-processes all python3 -m backend.harness --ncu-pass --snippet "$B/$name/snippet.py" \
    --bundle "$B/$name/ncu-bundle" --device cuda > "$B/$name/ncu.csv" 2> "$B/$name/ncu.err"
  echo "$name ncu: exit $? in $((SECONDS - t0)) s"
  tar czf "$TARGET/traffic.tgz" -C /tmp traffic
}
[ $# -gt 0 ] || set -- models scale ncu
for which in "$@"; do
  case $which in
  models) for f in bench/traffic_models/*.py; do record "$(basename "$f" .py)" "$f"; done ;;
  scale) for f in tests/data/h200_scale_bundles/*/snippet.py; do
      name=$(basename "$(dirname "$f")"); [ "$name" = kernelbench_style_max_autotune ] && continue
      record "scale_$name" "$f"; done ;;
  ncu) for name in relu_huge conv_bn_relu scale_conv_epilogue mha_block; do ncu_pass "$name"; done ;;
  esac
done
