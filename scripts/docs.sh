#!/usr/bin/env bash
# Builds the DocC documentation of ClickGuard and ClickGuardGtk into
# out/docs/<module> with the toolchain's own docc: no plugin. The symbol
# graphs come from the compiler (-emit-symbol-graph) in a build of those two
# modules under .build/docs, so the ordinary debug build is left as it is.
# ClickGuardGtk's graph includes the core's symbols, which it re-exports.
# Fails when docc warns: the documentation builds with zero warnings.
# Called by `make docs`; OUT=dir puts it elsewhere.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
out=${OUT:-out/docs}
scratch=.build/docs
mkdir -p "$scratch"
graphs=$PWD/$scratch/symbol-graphs
modules=(ClickGuard ClickGuardGtk)

docc=$(dirname "$(readlink -f "$(command -v "$swift")")")/docc
[ -x "$docc" ] || docc=$(command -v docc || true)
if [ -z "$docc" ] || [ ! -x "$docc" ]; then
  echo "docs: no docc beside $swift or on PATH; a Swift 5.9 or later toolchain has one" >&2
  exit 1
fi

# The build's own output (SwiftPM's notes about GTK's pkg-config flags among
# it) is shown only when the build fails.
build_graphs() {
  mkdir -p "$graphs"
  if ! "$swift" build --scratch-path "$scratch" --target ClickGuardGtk \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >"$scratch/build.log" 2>&1; then
    cat "$scratch/build.log" >&2
    echo "docs: building ClickGuard and ClickGuardGtk for their symbol graphs failed" >&2
    exit 1
  fi
}
build_graphs
# The compiler writes a graph only when it compiles the module: a build that
# was up to date after the graphs were removed has none, so start over.
for module in "${modules[@]}"; do
  if [ ! -f "$graphs/$module.symbols.json" ]; then
    rm -rf "$scratch"
    build_graphs
    break
  fi
done

warnings=0
for module in "${modules[@]}"; do
  # The module's own graph and its extensions of other modules' types.
  input=$scratch/graphs-$module
  rm -rf "$input" "$out/$module"
  mkdir -p "$input" "$out"
  cp "$graphs/$module.symbols.json" "$input/"
  cp "$graphs/$module"@*.symbols.json "$input/" 2>/dev/null || true
  log=$scratch/docc-$module.log
  status=0
  "$docc" convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$input" \
    --fallback-display-name "$module" --fallback-bundle-identifier "io.github.clickguard.$module" \
    --output-path "$out/$module" >"$log" 2>&1 || status=$?
  grep -v '^[[:space:]]*$' "$log" || true
  count=$(grep -c '^warning:' "$log" || true)
  warnings=$((warnings + count))
  if [ "$status" -ne 0 ]; then
    echo "docs: docc failed on $module (status $status)" >&2
    exit 1
  fi
done
if [ "$warnings" -ne 0 ]; then
  echo "docs: $warnings DocC warning(s); the documentation must build without any" >&2
  exit 1
fi
echo "docs: ${modules[*]} in $out/ (no warnings); to read them: python3 -m http.server -d $out/ClickGuardGtk, then open http://localhost:8000/documentation/clickguardgtk"
