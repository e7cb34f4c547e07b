#!/usr/bin/env bash
# Record the CPU harness bundles in tests/data/cpu_bundles: the real-scale corpus's shapes
# shrunk for a 2-core CPU (each folder's snippet.py). Run from the repository root with the
# project's venv; re-record whenever the bundle format or the harness's accounting changes.
set -eu
for dir in tests/data/cpu_bundles/*/; do
  rm -rf "$dir/bundle"
  .venv/bin/python -m backend.harness --snippet "$dir/snippet.py" --bundle "$dir/bundle" \
    --device cpu > /dev/null 2>&1
  # the snippet's path as the repository names it, not this machine's checkout
  sed -i "s#$PWD/tests/data/#tests/data/#g" "$dir/bundle/bundle.json"
  echo "$(basename "$dir"): $(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['status'])" "$dir/bundle/bundle.json")"
done
