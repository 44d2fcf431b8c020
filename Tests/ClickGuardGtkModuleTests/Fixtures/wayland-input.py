#!/usr/bin/env python3
"""wayland-input: real pointer and keyboard input for the Wayland module
tests, injected through mutter's remote desktop API (the one GNOME Remote
Desktop uses), so GTK gets wl_pointer and wl_keyboard events stamped by the
compositor like a person's.

Usage: wayland-input.py BUS_ADDRESS (the compositor's private D-Bus bus)

It opens an org.gnome.Mutter.RemoteDesktop session joined to a ScreenCast
stream of the primary monitor (absolute pointer motion needs a stream: its
coordinates are the monitor's pixels), starts it, and prints `started`. The
session, and with it the virtual pointer and keyboard, lives as long as this
process: start it before the apps, so their seat has a pointer and a keyboard
from the start (devices added to a running app lose the first events while
it binds them).

Then it reads one line per command on stdin and runs it, printing `ok` (or
`error MESSAGE`) when done; the steps of one line are separated by `;` and
timed here, so a burst's gaps are not a pipe's:
  move X Y          absolute pointer motion to monitor pixel X, Y
  down / up         the left button
  key KEYSYM down|up   a key by X keysym (hex 0xff0d or decimal)
  sleep MS          wait
Stdin closed: it stops the session and exits 0.
"""
import sys
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

BTN_LEFT = 0x110
REMOTE = "org.gnome.Mutter.RemoteDesktop"
CAST = "org.gnome.Mutter.ScreenCast"
SESSION = REMOTE + ".Session"


def main():
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    bus = Gio.DBusConnection.new_for_address_sync(sys.argv[1], flags, None, None)

    def call(name, path, interface, method, arguments=None, reply=None):
        reply_type = GLib.VariantType(reply) if reply else None
        return bus.call_sync(name, path, interface, method, arguments, reply_type, Gio.DBusCallFlags.NONE, 5000, None)

    session = call(REMOTE, "/org/gnome/Mutter/RemoteDesktop", REMOTE, "CreateSession", None, "(o)")[0]
    session_id = call(
        REMOTE, session, "org.freedesktop.DBus.Properties", "Get", GLib.Variant("(ss)", (SESSION, "SessionId")), "(v)"
    )[0]
    cast = call(
        CAST,
        "/org/gnome/Mutter/ScreenCast",
        CAST,
        "CreateSession",
        GLib.Variant("(a{sv})", ({"remote-desktop-session-id": GLib.Variant("s", session_id)},)),
        "(o)",
    )[0]
    # "": the primary monitor (the headless compositor's one virtual monitor).
    stream = call(CAST, cast, CAST + ".Session", "RecordMonitor", GLib.Variant("(sa{sv})", ("", {})), "(o)")[0]
    call(REMOTE, session, SESSION, "Start")

    def notify(method, signature, values):
        call(REMOTE, session, SESSION, method, GLib.Variant(signature, values))

    # mutter makes the virtual keyboard and pointer on their first use, and
    # only then gives the seat those capabilities: an app running by then
    # would lose the first key press while it binds the new keyboard. Use
    # both now, before any app starts (Shift alone types nothing).
    notify("NotifyKeyboardKeysym", "(ub)", (0xFFE1, True))
    notify("NotifyKeyboardKeysym", "(ub)", (0xFFE1, False))
    notify("NotifyPointerMotionAbsolute", "(sdd)", (stream, 0.0, 0.0))
    print("started", flush=True)

    for line in sys.stdin:
        try:
            for step in line.split(";"):
                words = step.split()
                if not words:
                    continue
                if words[0] == "move":
                    notify("NotifyPointerMotionAbsolute", "(sdd)", (stream, float(words[1]), float(words[2])))
                elif words[0] in ("down", "up"):
                    notify("NotifyPointerButton", "(ib)", (BTN_LEFT, words[0] == "down"))
                elif words[0] == "key":
                    notify("NotifyKeyboardKeysym", "(ub)", (int(words[1], 0), words[2] == "down"))
                elif words[0] == "sleep":
                    time.sleep(float(words[1]) / 1000)
                else:
                    raise ValueError("unknown step: " + step.strip())
            print("ok", flush=True)
        except (GLib.Error, ValueError, IndexError) as error:
            print("error " + str(error).replace("\n", " "), flush=True)
    try:
        call(REMOTE, session, SESSION, "Stop")
    except GLib.Error:
        pass


if __name__ == "__main__":
    main()
