#!/bin/sh
# wayland-session: the headless Wayland compositor of the Wayland module
# tests, run by `dbus-run-session -- wayland-session.sh NAME [gnome-shell]`
# with XDG_RUNTIME_DIR set to a directory of the test's own. It writes the
# private bus's address to $XDG_RUNTIME_DIR/bus, starts PipeWire (mutter's
# ScreenCast streams, which absolute pointer motion needs, are PipeWire
# streams), then becomes the compositor: headless, one 1024x768 virtual
# monitor, its socket $XDG_RUNTIME_DIR/NAME. Its settings come from a key
# file of its own (GSettings' keyfile backend): org.gnome.mutter
# center-new-windows, so each window is centred on the monitor, which the
# monitor's centre then always hits, and no hot corner (GNOME Shell opens
# its overview when the pointer reaches the top left corner).
# By default the compositor is mutter, Wayland only. With `gnome-shell` it
# is GNOME Shell with Xwayland, as in a GNOME session (gsd-xsettings, which
# publishes org.gtk.Settings, needs an X display), and a private stand-in
# for the system bus ($XDG_RUNTIME_DIR/system_bus): where /run/systemd/seats
# exists the shell asks logind on the system bus and does not start without
# one. The test ends the whole process group.
set -eu
printf '%s\n' "$DBUS_SESSION_BUS_ADDRESS" > "$XDG_RUNTIME_DIR/bus"
mkdir -p "$XDG_RUNTIME_DIR/config/glib-2.0/settings"
printf '[org/gnome/mutter]\ncenter-new-windows=true\n\n[org/gnome/desktop/interface]\nenable-hot-corners=false\n' \
  > "$XDG_RUNTIME_DIR/config/glib-2.0/settings/keyfile"
pipewire &
export GSETTINGS_BACKEND=keyfile XDG_CONFIG_HOME="$XDG_RUNTIME_DIR/config"
if [ "${2:-mutter}" = gnome-shell ]; then
  export DBUS_SYSTEM_BUS_ADDRESS="unix:path=$XDG_RUNTIME_DIR/system_bus"
  dbus-daemon --session --nofork --address="$DBUS_SYSTEM_BUS_ADDRESS" --print-address=3 \
    3>"$XDG_RUNTIME_DIR/system_bus.address" &
  tries=0
  while [ ! -s "$XDG_RUNTIME_DIR/system_bus.address" ]; do
    tries=$((tries + 1)); [ "$tries" -le 100 ] || { echo "wayland-session: no system bus" >&2; exit 1; }
    sleep 0.05
  done
  exec gnome-shell --headless --wayland --virtual-monitor 1024x768 --wayland-display "$1"
fi
exec mutter --headless --wayland --no-x11 --virtual-monitor 1024x768 --wayland-display "$1"
