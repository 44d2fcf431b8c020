#!/usr/bin/env bash
# Installs the Debian packages ClickGuard needs to build, test and run the
# demo, when any is missing. Says what it does; does nothing when all are there.
set -euo pipefail
# python3-gi and gir1.2-gtk-3.0 run the module tests' PyGObject fixture app.
# dpkg-dev's dpkg-shlibdeps works out the .deb's Depends (make deb, make test);
# lintian checks the .deb, appstream (appstreamcli) the demo's metainfo, and
# man-db (man, groff) renders the manual pages (make deb, make test).
# Extra packages a target needs (make soak: valgrind) come as arguments.
packages=(libgtk-3-dev pkg-config xvfb xauth xdotool gcc make python3-gi gir1.2-gtk-3.0 dpkg-dev
  lintian appstream man-db "$@")
# xsettingsd publishes a display's GTK settings (XSETTINGS), for the test of
# clickguard doctor reading gtk-modules from the display.
packages+=(xsettingsd)
# gnome-settings-daemon's gsd-xsettings publishes gtk-modules from its
# gtk-modules .desktop files and GSettings, for the tests of clickguard
# enable/disable/status and doctor in a GNOME session (DesktopSwitchTests).
packages+=(gnome-settings-daemon)
# libglib2.0-bin's glib-compile-schemas compiles ClickGuard's GSettings schema
# (make install, DesktopSwitchTests). Xfce's xfsettingsd (xfce4-settings)
# publishes gtk-modules from xfconf, which xfconf's xfconf-query reads and
# writes beside clickguard enable/disable/status (DesktopSwitchTests).
packages+=(libglib2.0-bin xfce4-settings xfconf)
# libgtk-4-bin's gtk4-launch is a GTK 4 program, which clickguard run and
# doctor --program must say ClickGuard does not cover (Gtk4ProgramTests).
# libgtk-4-dev builds the GTK 4 layer (ClickGuardGtk4) and its proof program.
packages+=(libgtk-4-bin libgtk-4-dev)
# The real-app tests (RealAppTests) drive these Debian GTK 3 apps; xclip
# reads back what they copy, dbus-run-session gives each a session bus.
packages+=(mousepad geany gedit thunar galculator zenity xclip dbus)
# A person's repeats (DeliberateRepeatTests): a calculator keypad and a
# GtkUIManager editor (its accelerators are GtkActions).
packages+=(qalculate-gtk pluma)
# The labelled corpus (CorpusTests, Fixtures/corpus) drives these Debian
# GTK 3 apps (each links libgtk-3): calculators (qalculate-gtk, mate-calc),
# an editor (pluma, whose actions are GtkActions), image viewers (eog,
# ristretto), a diff viewer (meld), a file manager (caja), a game
# (gnome-mines) and a character map (gucharmap). It finds their widgets and
# reads outcomes back over AT-SPI (python3-pyatspi, at-spi2-core's bus), and
# its injector (Fixtures/corpus/inject.c) sends XTEST input and reads the X
# server's timestamps back from XInput 2 raw events (libxtst-dev, libxi-dev).
packages+=(qalculate-gtk mate-calc pluma eog ristretto meld caja gnome-mines gucharmap
  python3-pyatspi at-spi2-core libxtst-dev libxi-dev)
# The Wayland module tests run a headless mutter on a private bus
# (dbus-daemon's dbus-run-session), whose ScreenCast stream (absolute pointer
# motion for its remote desktop input) needs PipeWire.
packages+=(mutter pipewire dbus-daemon)
# The GNOME session test (GnomeSessionTests) runs a headless gnome-shell with
# Xwayland (xwayland), on which gsd-xsettings publishes gtk-modules.
packages+=(gnome-shell xwayland)
# desktop-file-validate checks the settings window's desktop file, whose
# icon comes from adwaita-icon-theme (SettingsProcessTests).
packages+=(desktop-file-utils adwaita-icon-theme)
# strace kills a writer at each of its file system calls, for the
# crash-consistency tests (CrashConsistencyTests).
packages+=(strace)
# The demo's busy-feedback test reads its button through AT-SPI as a screen
# reader would: python3-pyatspi, with at-spi2-core's accessibility bus and
# registry (BusyAccessibilityTests).
packages+=(python3-pyatspi at-spi2-core)
# libhandy-1-dev gives the settings window GNOME's preference rows and
# header bar (HdyPreferencesPage, HdyActionRow) on GTK 3.
packages+=(libhandy-1-dev)
# gettext's xgettext and msgfmt make the translation template (make pot) and
# the .mo catalogs (make install, make deb); locales' localedef makes the
# German locale the translation tests run under (TranslationTests).
packages+=(gettext locales)
# at-spi2-core (the accessibility bus) and python3-pyatspi let a test read
# the settings window as a screen reader does (SettingsProcessTests).
packages+=(at-spi2-core python3-pyatspi)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ! command -v swift >/dev/null 2>&1; then
  echo "deps: the Swift toolchain (swift) is not on PATH; install Swift 6 first: https://swift.org/install" >&2
  exit 1
fi
[ ${#missing[@]} -eq 0 ] && exit 0
echo "deps: installing missing Debian packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then sudo=(); elif command -v sudo >/dev/null; then sudo=(sudo); else
  echo "deps: need root or sudo to run apt-get install ${missing[*]}" >&2; exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "deps: installed ${missing[*]}"
