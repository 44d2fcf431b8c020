#!/bin/sh
# wayland-session: the headless Wayland compositor of the Wayland module
# tests, run by `dbus-run-session -- wayland-session.sh NAME` with
# XDG_RUNTIME_DIR set to a directory of the test's own. It writes the private
# bus's address to $XDG_RUNTIME_DIR/bus, starts PipeWire (mutter's ScreenCast
# streams, which absolute pointer motion needs, are PipeWire streams), then
# becomes mutter: headless, Wayland only, one 1024x768 virtual monitor, its
# socket $XDG_RUNTIME_DIR/NAME. Its settings come from a key file of its own
# (GSettings' keyfile backend): org.gnome.mutter center-new-windows, so each
# window is centred on the monitor, which the monitor's centre then always
# hits. The test ends the whole process group.
set -eu
printf '%s\n' "$DBUS_SESSION_BUS_ADDRESS" > "$XDG_RUNTIME_DIR/bus"
mkdir -p "$XDG_RUNTIME_DIR/config/glib-2.0/settings"
printf '[org/gnome/mutter]\ncenter-new-windows=true\n' > "$XDG_RUNTIME_DIR/config/glib-2.0/settings/keyfile"
pipewire &
GSETTINGS_BACKEND=keyfile XDG_CONFIG_HOME="$XDG_RUNTIME_DIR/config" exec mutter --headless --wayland --no-x11 --virtual-monitor 1024x768 --wayland-display "$1"
