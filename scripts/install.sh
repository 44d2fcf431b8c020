#!/usr/bin/env bash
# Installs ClickGuard's already-built release artifacts (make static builds
# them: the GTK module, the clickguard command and the demo, each with the
# Swift runtime linked in) under $PREFIX, staged in $DESTDIR:
#
#   bin/clickguard, bin/clickguard-demo
#   $MODULEDIR/libclickguard.so         GTK3_MODULES=clickguard loads it by name
#   share/clickguard/                   the demo's .ui files and CSS
#   share/applications/                 the demo's desktop file
#   share/doc/clickguard/               README.md, docs/
#
# MODULEDIR defaults to GTK's own module directory
# (`pkg-config --variable=libdir gtk+-3.0`/gtk-3.0/modules) when PREFIX is
# GTK's prefix (/usr), else to $PREFIX/lib/gtk-3.0/modules, which GTK
# searches when GTK_PATH=$PREFIX/lib/gtk-3.0 is set (docs/module.md,
# "Install"). Called by make install, make deb and the install tests.
#
#   scripts/install.sh BUILD_DIR      (BUILD_DIR: where make static put the artifacts)
set -euo pipefail
cd "$(dirname "$0")/.."

build=${1:?usage: scripts/install.sh BUILD_DIR (the directory make static builds into)}
prefix=${PREFIX:-/usr/local}
destdir=${DESTDIR:-}
strip=${STRIP:-strip}
if [ -z "${MODULEDIR:-}" ]; then
  if [ "$prefix" = "$(pkg-config --variable=prefix gtk+-3.0)" ]; then
    MODULEDIR="$(pkg-config --variable=libdir gtk+-3.0)/gtk-3.0/modules"
  else
    MODULEDIR="$prefix/lib/gtk-3.0/modules"
  fi
fi

for artifact in libclickguard-gtk-module.so clickguard clickguard-demo; do
  if [ ! -f "$build/$artifact" ]; then
    echo "install: $build/$artifact is missing; build it first with make static" >&2
    exit 1
  fi
done

root="$destdir$prefix"
install -d "$root/bin" "$destdir$MODULEDIR" "$root/share/clickguard" "$root/share/applications" \
  "$root/share/doc/clickguard/docs/images"
# Stripped: the symbol tables are for debuggers, not for running.
install -m 755 "$build/clickguard" "$build/clickguard-demo" "$root/bin/"
"$strip" "$root/bin/clickguard" "$root/bin/clickguard-demo"
install -m 644 "$build/libclickguard-gtk-module.so" "$destdir$MODULEDIR/libclickguard.so"
"$strip" --strip-unneeded "$destdir$MODULEDIR/libclickguard.so"
install -m 644 Resources/*.ui Resources/demo.css "$root/share/clickguard/"
install -m 644 Resources/io.github.clickguard.Demo.desktop "$root/share/applications/"
install -m 644 README.md "$root/share/doc/clickguard/"
install -m 644 docs/*.md "$root/share/doc/clickguard/docs/"
install -m 644 docs/images/*.png "$root/share/doc/clickguard/docs/images/"

echo "install: $root/bin/clickguard, $root/bin/clickguard-demo, $destdir$MODULEDIR/libclickguard.so"
case "$MODULEDIR" in
  "$(pkg-config --variable=libdir gtk+-3.0)"/gtk-3.0/modules) ;;
  *)
    echo "install: GTK finds the module by name with GTK_PATH=${MODULEDIR%/modules} (docs/module.md, \"Install\")"
    ;;
esac
