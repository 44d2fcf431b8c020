#!/usr/bin/env bash
# Writes packaging/clickguard-module.order: the functions of the installed
# module that run while a GTK 3 app starts with it, one symbol a line, for
# lld's --symbol-ordering-file (make static). Laid out together, they are
# read from a few pages instead of pages spread over the whole Swift
# runtime, so each app that loads the module maps less of it.
#
# It runs the C window the module-cost benchmark starts (Sources/ClickGuardBench/first-frame.c)
# to its first frame with the module, under valgrind's callgrind, and keeps
# every function of the module that ran. Symbols that later disappear are
# skipped by the linker; run it again after changing what the module does at
# start-up (make module-order). Needs a display (make module-order uses Xvfb).
#
#   scripts/module-order.sh MODULE
set -euo pipefail
cd "$(dirname "$0")/.."

module=$(realpath "${1:?usage: scripts/module-order.sh MODULE (the built libclickguard-gtk-module.so)}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cc -O2 -o "$work/first-frame" Sources/ClickGuardBench/first-frame.c $(pkg-config --cflags --libs gtk+-3.0)
NO_AT_BRIDGE=1 GTK3_MODULES="$module" valgrind --tool=callgrind --demangle=no \
  --callgrind-out-file="$work/callgrind.out" "$work/first-frame" >/dev/null 2>"$work/valgrind.log" || {
  cat "$work/valgrind.log" >&2
  exit 1
}
# callgrind_annotate lines: "COUNT (PERCENT)  FILE:SYMBOL [OBJECT]"; keep the
# module's symbols, without callgrind's recursion suffix ('2).
callgrind_annotate --inclusive=no --threshold=100 "$work/callgrind.out" \
  | grep -F "[$module]" \
  | sed -E 's/^ *[0-9,]+ \([^)]*\) +//; s/ \[[^]]*\]$//; s/^[^:]*://; s/'"'"'[0-9]+$//' \
  | grep -v '^0x' | sort -u >packaging/clickguard-module.order
echo "module-order: $(wc -l <packaging/clickguard-module.order) functions in packaging/clickguard-module.order"
