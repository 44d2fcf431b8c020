#!/usr/bin/env bash
# Builds the Debian package clickguard_<version>_<arch>.deb from the
# release artifacts make static built: scripts/install.sh stages them under
# /usr (the module in GTK's own module directory, so GTK3_MODULES=clickguard
# and gtk-modules=clickguard find it, with the manual pages, completions,
# AppStream metadata, the DEP-5 copyright, and GNOME's switch: the
# io.github.clickguard schema in /usr/share/glib-2.0/schemas, which
# libglib2.0-0's dpkg file trigger on that directory compiles at install and
# removal, and clickguard.desktop in gsd-xsettings' gtk-modules directory,
# whose removal gsd-xsettings sees at once, so apps started after `apt
# remove` are not asked to load a module that is gone (docs/module.md,
# "Switching ClickGuard on", has the two exceptions measured with gsd 43)),
# then this adds what a Debian
# package carries besides: the changelog (packaging/changelog, a native
# package's changelog.gz), the lintian overrides (packaging/debian), Depends
# from dpkg-shlibdeps, the control file and DEBIAN/md5sums. Prints its path
# and size. `apt install ./clickguard_<version>_<arch>.deb` installs it.
#
#   scripts/deb.sh BUILD_DIR OUT_DIR
#
# The version is ClickGuard's own (scripts/version.sh); packaging/changelog's
# newest entry must be for it. DEB_COMPRESSION=none (or gzip) builds it
# faster, larger (the tests do).
set -euo pipefail
cd "$(dirname "$0")/.."

build=${1:?usage: scripts/deb.sh BUILD_DIR OUT_DIR}
out=${2:?usage: scripts/deb.sh BUILD_DIR OUT_DIR}
version=$(scripts/version.sh)
changelog_version=$(sed -n '1s/^clickguard (\([^)]*\)).*/\1/p' packaging/changelog)
if [ "$changelog_version" != "$version" ]; then
  echo "deb: packaging/changelog's newest entry is for '$changelog_version', but ClickGuard's version is" \
    "$version (Sources/ClickGuard/ClickGuardVersion.swift): add an entry for $version at the top" >&2
  exit 1
fi
arch=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage="$work/debian/clickguard"

DESTDIR="$stage" PREFIX=/usr MODULEDIR= scripts/install.sh "$build" >/dev/null
doc="$stage/usr/share/doc/clickguard"
gzip -9n <packaging/changelog >"$doc/changelog.gz"
install -D -m 644 packaging/debian/lintian-overrides "$stage/usr/share/lintian/overrides/clickguard"

# dpkg-shlibdeps works in a source tree: debian/control names the package,
# debian/clickguard is its staged root. --warnings=0: it would list the GTK
# libraries the module links but calls nothing of, which libgtk-3-0 pulls
# in anyway.
mkdir -p "$stage/DEBIAN"
printf 'Source: clickguard\n\nPackage: clickguard\nArchitecture: any\n' >"$work/debian/control"
mapfile -t binaries < <(cd "$work" && find debian/clickguard -type f \( -name '*.so' -o -perm -u+x \))
depends=$(cd "$work" && dpkg-shlibdeps --warnings=0 -O "${binaries[@]}" | sed -n 's/^shlibs:Depends=//p')
# The module's packed relocations (RELR) need glibc 2.36's loader, a
# version need without a symbol, which dpkg-shlibdeps does not count.
depends=$(echo "$depends" | sed -E 's/libc6 \(>= 2\.(3[0-5]|[12][0-9])\)/libc6 (>= 2.36)/')

cat >"$stage/DEBIAN/control" <<EOF
Package: clickguard
Version: $version
Architecture: $arch
Maintainer: ClickGuard maintainers <maintainers@users.noreply.github.com>
Installed-Size: $(du -sk --exclude=DEBIAN "$stage" | cut -f1)
Depends: $depends
Section: x11
Priority: optional
Description: stop repeated clicks from running an action twice in GTK 3 apps
 ClickGuard drops the repeats of a click on one control (a trembling hand,
 a bouncing mouse button, impatient clicks while an app lags) so the action
 runs once. It comes as a GTK 3 module that guards any GTK 3 app without
 changing it: 'clickguard enable' switches it on for every GTK 3 app of
 your session, running ones included (GNOME, Xfce, or settings.ini
 elsewhere); 'clickguard run APP' guards one app. GTK 4 apps are not
 covered: GTK 4 has no modules.
 .
 The package holds the module, the clickguard command (run an app guarded,
 report on its decision log, check the set-up) and a demo.
EOF

# Every file's checksum, for dpkg --verify and debsums.
(cd "$stage" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) \
  >"$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/md5sums"

mkdir -p "$out"
deb="$out/clickguard_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Z"${DEB_COMPRESSION:-xz}" --build "$stage" "$deb" >/dev/null
echo "deb: $deb ($(du -h "$deb" | cut -f1), $(stat -c %s "$deb") bytes; installed: $(du -sh --exclude=DEBIAN "$stage" | cut -f1))"
