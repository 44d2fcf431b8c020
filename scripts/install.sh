#!/usr/bin/env bash
# Installs ClickGuard's already-built release artifacts (make static builds
# them: the GTK module, the clickguard command and the demo, each with the
# Swift runtime linked in) under $PREFIX, staged in $DESTDIR:
#
#   bin/clickguard, bin/clickguard-demo, bin/clickguard-settings
#   $MODULEDIR/libclickguard.so         GTK3_MODULES=clickguard loads it by name
#   share/clickguard/                   the demo's .ui files and CSS
#   share/applications/                 the demo's and the settings window's desktop files
#   share/metainfo/                     the demo's AppStream metadata
#   share/man/man1/                     clickguard.1.gz, clickguard-demo.1.gz, clickguard-settings.1.gz
#   share/bash-completion/completions/  clickguard, clickguard-demo
#   share/doc/clickguard/               README.md, docs/, copyright (DEP-5)
#   share/locale/LL/LC_MESSAGES/        clickguard.mo, each po/LINGUAS language (msgfmt)
#   share/glib-2.0/schemas/             io.github.clickguard.gschema.xml, ClickGuard's switch
#   $GSDMODULEDIR/clickguard.desktop    names that switch to GNOME's gsd-xsettings
#
# The manual pages and completions are rendered by the build's
# clickguard-manual from the option tables the programs parse with, so they
# list what --help lists.
#
# MODULEDIR defaults to GTK's own module directory
# (`pkg-config --variable=libdir gtk+-3.0`/gtk-3.0/modules) when PREFIX is
# GTK's prefix (/usr), else to $PREFIX/lib/gtk-3.0/modules, which GTK
# searches when GTK_PATH=$PREFIX/lib/gtk-3.0 is set (docs/module.md,
# "Install"). Called by make install, make deb and the install tests.
#
# GNOME's switch (`clickguard enable` sets io.github.clickguard enabled;
# docs/module.md, "Switching ClickGuard on"): the schema goes to
# $PREFIX/share/glib-2.0/schemas, compiled there when DESTDIR is empty (a
# .deb leaves that to libglib2.0's dpkg trigger on /usr/share/glib-2.0/schemas).
# gsd-xsettings reads its gtk-modules .desktop files from one fixed
# directory, /usr/lib/gnome-settings-daemon-3.0/gtk-modules, which is
# GSDMODULEDIR's default when PREFIX is /usr. For any other prefix it
# defaults to none (GSDMODULEDIR=none): an install under /usr/local writes
# nothing in /usr, and clickguard enable then uses gsd's enabled-gtk-modules
# list, which gsd reads when it starts (the next login).
# GSDMODULEDIR=/usr/lib/gnome-settings-daemon-3.0/gtk-modules installs the
# file there anyway.
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

if [ -z "${GSDMODULEDIR:-}" ]; then
  if [ "$prefix" = /usr ]; then GSDMODULEDIR=/usr/lib/gnome-settings-daemon-3.0/gtk-modules; else GSDMODULEDIR=none; fi
fi
[ "$GSDMODULEDIR" != none ] || GSDMODULEDIR=

for artifact in libclickguard-gtk-module.so clickguard clickguard-demo clickguard-settings clickguard-manual; do
  if [ ! -f "$build/$artifact" ]; then
    echo "install: $build/$artifact is missing; build it first with make static" >&2
    exit 1
  fi
done

root="$destdir$prefix"
completions="$root/share/bash-completion/completions"
install -d "$root/bin" "$destdir$MODULEDIR" "$root/share/clickguard" "$root/share/applications" \
  "$root/share/metainfo" "$root/share/man/man1" "$completions" "$root/share/doc/clickguard/docs/images"
# Stripped: the symbol tables are for debuggers, not for running; so is
# .comment, the compilers' version strings.
install -m 755 "$build/clickguard" "$build/clickguard-demo" "$root/bin/"
"$strip" --remove-section=.comment "$root/bin/clickguard" "$root/bin/clickguard-demo"
install -m 755 "$build/clickguard-settings" "$root/bin/"
"$strip" --remove-section=.comment "$root/bin/clickguard-settings"
install -m 644 "$build/libclickguard-gtk-module.so" "$destdir$MODULEDIR/libclickguard.so"
"$strip" --strip-unneeded --remove-section=.comment "$destdir$MODULEDIR/libclickguard.so"
install -m 644 Resources/*.ui Resources/demo.css "$root/share/clickguard/"
# The translations (po/LINGUAS), compiled here: the programs and the module
# find them beside the installed code (share/locale).
for lang in $(grep -v '^#' po/LINGUAS); do
  install -d "$root/share/locale/$lang/LC_MESSAGES"
  msgfmt --check -o "$root/share/locale/$lang/LC_MESSAGES/clickguard.mo" "po/$lang.po"
  chmod 644 "$root/share/locale/$lang/LC_MESSAGES/clickguard.mo"
done
install -m 644 Resources/io.github.clickguard.Demo.desktop "$root/share/applications/"
install -m 644 Resources/io.github.clickguard.Settings.desktop "$root/share/applications/"
install -m 644 Resources/io.github.clickguard.Demo.metainfo.xml "$root/share/metainfo/"
# gzip -n: no name or time stamp inside, so the same pages give the same bytes.
for page in clickguard clickguard-demo; do
  "$build/clickguard-manual" "$page.1" | gzip -9n >"$root/share/man/man1/$page.1.gz"
  "$build/clickguard-manual" "$page.bash" >"$completions/$page"
  chmod 644 "$root/share/man/man1/$page.1.gz" "$completions/$page"
done
"$build/clickguard-manual" clickguard-settings.1 | gzip -9n >"$root/share/man/man1/clickguard-settings.1.gz"
chmod 644 "$root/share/man/man1/clickguard-settings.1.gz"
install -m 644 packaging/debian/copyright README.md "$root/share/doc/clickguard/"
install -m 644 docs/*.md "$root/share/doc/clickguard/docs/"
install -m 644 docs/images/*.png "$root/share/doc/clickguard/docs/images/"
# The schema first: a gsd-xsettings that reads the .desktop file of a schema
# it cannot find aborts.
schemas="$root/share/glib-2.0/schemas"
install -D -m 644 packaging/gnome/io.github.clickguard.gschema.xml "$schemas/io.github.clickguard.gschema.xml"
if [ -z "$destdir" ]; then glib-compile-schemas "$schemas"; fi
if [ -n "$GSDMODULEDIR" ]; then
  install -D -m 644 packaging/gnome/clickguard.desktop "$destdir$GSDMODULEDIR/clickguard.desktop"
fi

echo "install: $root/bin/clickguard, $root/bin/clickguard-demo, $destdir$MODULEDIR/libclickguard.so"
if [ -n "$GSDMODULEDIR" ]; then
  echo "install: $schemas/io.github.clickguard.gschema.xml, $destdir$GSDMODULEDIR/clickguard.desktop (GNOME's switch)"
else
  echo "install: $schemas/io.github.clickguard.gschema.xml; no gsd-xsettings .desktop file" \
    "(it belongs in /usr/lib/gnome-settings-daemon-3.0/gtk-modules: GSDMODULEDIR=that puts it there)"
fi
case "$MODULEDIR" in
  "$(pkg-config --variable=libdir gtk+-3.0)"/gtk-3.0/modules) ;;
  *)
    echo "install: GTK finds the module by name with GTK_PATH=${MODULEDIR%/modules} (docs/module.md, \"Install\")"
    ;;
esac
