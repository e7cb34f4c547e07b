#!/usr/bin/env bash
# GPU checks (measured DRAM bytes, fusion reasons and compile modes, noise) through the CLI, one run at a time, each result document
# kept in /tmp/gpu-validate and tarred, with the runs' data directory, into
# ${OUT:-.}/gpu-validate.tgz after every step (so a call cut short still brings its runs back;
# `kernelscope serve --data-dir` on them shows the pages, e.g. for screenshots). Run from the repository root on a CUDA host with the
# project's wheels on PYTHONPATH (scripts/gpu_wheels.sh) and Nsight Compute on PATH:
#
#     scripts/gpu_validate.sh core      # probe, add_relu (2**26 + DRAM; 1e6: modes, noise), reasons
#     scripts/gpu_validate.sh heldout   # measured vs logical DRAM bytes with data over 4x L2
#     scripts/gpu_validate.sh recheck   # probe twice, add_relu 2**26 (+ DRAM) and 1e6 modes
#     scripts/gpu_validate.sh bundles   # harness bundles of two-mode runs, for tests/data
#
# The real-scale snippets are the recorded ones, tests/data/h200_scale_bundles/NAME/snippet.py.
set -u
TARGET=${OUT:-.}
OUT=/tmp/gpu-validate
scale() { echo "tests/data/h200_scale_bundles/$1/snippet.py"; }
DATA=/tmp/ks-validate
export PYTHONUNBUFFERED=1 KERNELSCOPE_CACHE_DIR=/tmp/ks-cache
mkdir -p "$OUT" "$DATA"
step() {  # step NAME LIMIT_S kernelscope-run-args...
  local name=$1 limit=$2
  shift 2
  local t0=$SECONDS
  timeout "$limit" python3 -m backend.cli run --device cuda --sandbox none --data-dir "$DATA" \
    --json --quiet "$@" > "$OUT/$name.json" 2> "$OUT/$name.err"
  echo "$name: exit $? in $((SECONDS - t0)) s"
  tar czf "$TARGET/gpu-validate.tgz" -C /tmp gpu-validate ks-validate ks-cache
}
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
ncu --version | tail -1
case "${1:-core}" in
core)
  t0=$SECONDS
  python3 -m backend.harness.device_probe --device cuda > "$OUT/probe.json"
  echo "probe: exit $? in $((SECONDS - t0)) s"; cat "$OUT/probe.json"
  step add_relu_2p26_dram 150 examples/add_relu.py --sizes 67108864 --measure dram
  step add_relu_1m_modes 150 examples/add_relu.py --sizes 1048576 --compile-mode default,reduce-overhead
  step add_relu_1m_again 100 examples/add_relu.py --sizes 1048576
  python3 - <<'PY' &
import time, torch
a = torch.randn(8192, 8192, device="cuda")
end = time.time() + 45
while time.time() < end:
    a @ a
    torch.cuda.synchronize()
PY
  hog=$!
  sleep 3
  step add_relu_1m_gpu_busy 100 examples/add_relu.py --sizes 1048576
  kill $hog 2>/dev/null; wait $hog 2>/dev/null
  step graph_break 100 examples/graph_break.py
  step train_step 150 "$(scale train_step)"
  step gemm_epilogue_modes 240 "$(scale gemm_epilogue)" --compile-mode default,max-autotune-no-cudagraphs
  ;;
recheck)
  for i in 1 2; do python3 -m backend.harness.device_probe --device cuda; done | tee "$OUT/probes.jsonl"
  step add_relu_2p26_dram 150 examples/add_relu.py --sizes 67108864 --measure dram
  step add_relu_1m_modes 150 examples/add_relu.py --sizes 1048576 --compile-mode default,reduce-overhead
  ;;
bundles)
  record() {  # record NAME SNIPPET SIZE MODES
    mkdir -p "$OUT/$1"
    cp "$2" "$OUT/$1/snippet.py"
    timeout 240 python3 -m backend.harness --snippet "$OUT/$1/snippet.py" --bundle "$OUT/$1/bundle" \
      --device cuda --size "$3" --compile-mode "$4" > "$OUT/$1/stdout.txt" 2> "$OUT/$1/stderr.txt"
    echo "$1: exit $?"
    tar czf "$TARGET/gpu-validate.tgz" -C /tmp gpu-validate ks-validate ks-cache
  }
  record add_relu_1m_reduce_overhead examples/add_relu.py 1048576 default,reduce-overhead
  record gemm_epilogue_two_modes "$(scale gemm_epilogue)" 8192 default,max-autotune-no-cudagraphs
  ;;
heldout)
  step gelu_chain_dram 120 examples/gelu_chain.py --sizes 67108864 --measure dram
  step softmax_residual_dram 120 examples/softmax_residual.py --sizes 65536 --measure dram
  step layernorm_residual_dram 120 examples/layernorm_residual.py --sizes 65536 --measure dram
  step broadcast_bias_dram 120 examples/broadcast_bias.py --sizes 32768 --measure dram
  step mlp_bias_gelu_dram 120 examples/mlp_bias_gelu.py --sizes 16384 --measure dram
  step inplace_and_views_dram 120 examples/inplace_and_views.py --sizes 8192 --measure dram
  ;;
esac
ls -la "$OUT" "$TARGET"
