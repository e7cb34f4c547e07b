#!/usr/bin/env bash
# Record harness bundles of the whole-model snippets (bench/models) on a GPU host, one at a
# time (each alone on the card), with the card's peak memory as nvidia-smi saw it. Writes
# NAME.tar.xz and log.txt into ${OUT:-.} as it goes. From the repository root:
#     scripts/record_model_bundles.sh gpt2_two_blocks gpt2_train_two_blocks ...
set -u
TARGET=${OUT:-.}
export PYTHONUNBUFFERED=1 TORCHINDUCTOR_CACHE_DIR=/tmp/inductor-record
python3 -c "import torch, triton, transformers; print('torch', torch.__version__, 'triton', triton.__version__, 'transformers', transformers.__version__, torch.cuda.get_device_name())" | tee -a "$TARGET/log.txt"
for name in "$@"; do
  dir=/tmp/models/$name
  rm -rf "$dir" && mkdir -p "$dir"
  cp "bench/models/$name.py" "$dir/snippet.py"
  nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 200 > "$dir/smi.txt" &
  smi=$!
  began=$(date +%s.%N)
  python3 -m backend.harness --snippet "$dir/snippet.py" --bundle "$dir/bundle" --device cuda \
    > "$dir/stdout.txt" 2> "$dir/stderr.txt"
  status=$?
  kill $smi
  peak=$(sort -n "$dir/smi.txt" | tail -1)
  echo "$name exit $status in $(python3 -c "import time; print(round(time.time() - $began, 1))") s, nvidia-smi peak ${peak} MiB" | tee -a "$TARGET/log.txt"
  tail -3 "$dir/stderr.txt" >> "$TARGET/log.txt"
  tar cJf "$TARGET/$name.tar.xz" -C /tmp/models "$name"
done
