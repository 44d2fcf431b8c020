#!/usr/bin/env python3
"""gtk-settings-service: a stand-in for gsd-xsettings on Wayland, for the
Wayland module tests. GTK 3 on Wayland takes gtk-modules (and the fontconfig
timestamp) from the org.gtk.Settings D-Bus service on the session bus, where
GNOME's settings daemon publishes them; there is no XSETTINGS.

Usage: gtk-settings-service.py BUS_ADDRESS MODULES

It owns org.gtk.Settings on that bus, serves /org/gtk/Settings with the
properties Modules (MODULES), FontconfigTimestamp and EnableAnimations, as
gsd-xsettings does, prints `ready` once the name is its own, and runs until
stdin closes.
"""
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

INTERFACE = """
<node name='/org/gtk/Settings'>
  <interface name='org.gtk.Settings'>
    <property name='FontconfigTimestamp' type='x' access='read'/>
    <property name='Modules' type='s' access='read'/>
    <property name='EnableAnimations' type='b' access='read'/>
  </interface>
</node>
"""


def main():
    address, modules = sys.argv[1], sys.argv[2]
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    bus = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)
    values = {
        "FontconfigTimestamp": GLib.Variant("x", 0),
        "Modules": GLib.Variant("s", modules),
        "EnableAnimations": GLib.Variant("b", True),
    }
    info = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]
    bus.register_object(
        "/org/gtk/Settings", info, None, lambda _c, _s, _p, _i, name: values.get(name), None
    )
    loop = GLib.MainLoop()
    Gio.bus_own_name_on_connection(
        bus,
        "org.gtk.Settings",
        Gio.BusNameOwnerFlags.NONE,
        lambda *_: print("ready", flush=True),
        lambda *_: (print("error name lost", flush=True), loop.quit()),
    )
    GLib.io_add_watch(GLib.IOChannel.unix_new(0), GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP, lambda *_: loop.quit())
    loop.run()


if __name__ == "__main__":
    main()
