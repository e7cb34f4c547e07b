#!/usr/bin/env bash
# The H200 measurements of a whole suite and of the edit loop (docs/benchmarks.md), in parts
# that fit one device call each; every part appends to files under ${OUT:-.} as it goes, so a
# call cut short still brings back what it measured. From the repository root on a CUDA host
# with the project's wheels on PYTHONPATH (scripts/gpu_wheels.sh):
#
#     scripts/gpu_suite.sh first    # fused passes, the edit loop (10 add_relu submits), problems 01-10
#     scripts/gpu_suite.sh second   # problems 11-34
#     scripts/gpu_suite.sh all      # problems 01-34 through one server (LIMIT_S, default 560)
#     SPARES=4 scripts/gpu_suite.sh ...  # spares per slot (default: the server's)
set -u
TARGET=${OUT:-.}
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee -a "$TARGET/log.txt"
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)" | tee -a "$TARGET/log.txt"
suite() {  # suite FIRST LAST LIMIT_S: bench/suite problems numbered FIRST..LAST
  local problems=()
  for n in $(seq -w "$1" "$2"); do problems+=(bench/suite/"$n"_*.py); done
  timeout "$3" python3 bench/bench_suite.py --device cuda ${SPARES:+--spares $SPARES} --out "$TARGET/rows.jsonl" "${problems[@]}" 2>&1 | tee -a "$TARGET/suite.txt"
}
case "${1:-first}" in
first)
  timeout 90 python3 bench/bench_fused_passes.py 2>&1 | tee "$TARGET/fused_passes.txt"
  timeout 200 python3 bench/bench_warm.py --device cuda --gaps 0,10,1,9,2,8,3,7,5 2>&1 | tee "$TARGET/gaps.txt"
  suite 1 10 270 ;;
second)
  suite 11 34 560 ;;
all)
  suite 1 34 "${LIMIT_S:-560}" ;;
esac
