#!/usr/bin/env bash
# Writes the tables of counts that docs/module.md quotes (activations
# without and with the module, in the fixture apps, real Debian apps and
# under Wayland) to out/docs-tables.md, from one run of the suites that
# drive those apps: each test prints one `without`/`with` pair, and this
# script gathers them into tables, so no table is copied by hand from test
# output. Needs a display server (make docs-tables runs it under Xvfb) and
# a debug build with tests (swift build --build-tests).
#
#   scripts/docs-tables.sh [OUT]     (default out/docs-tables.md)
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
out=${1:-out/docs-tables.md}
mkdir -p "$(dirname "$out")"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
"$swift" test --skip-build --filter 'ActivationPathTests|RealAppTests|WaylandModuleTests' >"$log" 2>&1 || status=$?
python3 - "$log" "$out" <<'PY'
import re, sys
log, out = sys.argv[1], sys.argv[2]
tables = {"Activation paths (fixture apps)": {}, "Real apps": {}, "Wayland": {}}
for line in open(log, encoding="utf-8", errors="replace"):
    line = line.rstrip("\n")
    m = re.match(r"realapp: (.+?) without=(.*) with=(.*)$", line)
    if m:
        tables["Real apps"][m.group(1)] = (m.group(2), m.group(3))
        continue
    m = re.match(r"(Wayland )?(.+?) (without|with) the module: (.*)$", line)
    if m:
        table = tables["Wayland" if m.group(1) else "Activation paths (fixture apps)"]
        pair = table.setdefault(m.group(2), ["", ""])
        pair[0 if m.group(3) == "without" else 1] = m.group(4).removeprefix("final ")
with open(out, "w", encoding="utf-8") as f:
    f.write("# Counts without and with the module\n\nWritten by scripts/docs-tables.sh.\n")
    for title, rows in tables.items():
        f.write(f"\n## {title}\n\n| test | without the module | with the module |\n|---|---|---|\n")
        for name, (without, with_) in sorted(rows.items()):
            # Of `key=value` lines, only the keys whose values differ.
            a, b = dict(t.split("=", 1) for t in without.split() if "=" in t), dict(t.split("=", 1) for t in with_.split() if "=" in t)
            keys = [k for k in a if a.get(k) != b.get(k)]
            if keys:
                without, with_ = (" ".join(f"{k}={d.get(k, '')}" for k in keys) for d in (a, b))
            f.write(f"| {name.removeprefix('ActivationPathTests.')} | {without} | {with_} |\n")
print(f"docs-tables: {sum(len(r) for r in tables.values())} rows in {out}")
PY
if [ "$status" -ne 0 ]; then
  echo "docs-tables: some tests failed (status $status); the tables hold what the passing ones printed" >&2
  exit "$status"
fi
