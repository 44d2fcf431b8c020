#!/usr/bin/python3
# Reads the demo's "Open details" button through AT-SPI, as a screen reader
# would, around one real click (xdotool at the extents AT-SPI reports):
# whether its state set says busy, and the busy state-change events.
# Runs inside dbus-run-session (the accessibility bus comes with it).
# Usage: busy-probe.py DEMO [ARGS...]; prints one JSON object.
import json
import subprocess
import sys
import time

import pyatspi
from gi.repository import GLib

NAME = "Open details"
events = []
pyatspi.Registry.registerEventListener(
    lambda event: events.append(event.detail1) if event.source.name == NAME else None,
    "object:state-changed:busy")
context = GLib.MainContext.default()
# The accessibility bus and registry start on first use: up before the demo
# starts, or its GTK finds no bus to register on.
pyatspi.Registry.getDesktop(0).childCount
demo = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def spin(seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        while context.iteration(False):
            pass
        time.sleep(0.01)


def find():
    for app in pyatspi.Registry.getDesktop(0):
        if app is None:
            continue
        for found in pyatspi.utils.findAllDescendants(
                app, lambda a: a.getRoleName() == "push button" and a.name == NAME):
            return found
    return None


def wait_for(condition, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        spin(0.05)
    return False


result = {"found": False, "busyBefore": None, "busySeen": False, "busyCleared": False, "events": events}
try:
    button = None
    end = time.monotonic() + 30
    while button is None and time.monotonic() < end:
        button = find()
        spin(0.2)
    if button is not None:
        result["found"] = True
        def busy():
            return button.getState().contains(pyatspi.STATE_BUSY)
        result["busyBefore"] = busy()
        box = button.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        x, y = box.x + box.width // 2, box.y + box.height // 2
        subprocess.run(["xdotool", "mousemove", str(x), str(y)], check=True)
        spin(0.1)
        subprocess.run(["xdotool", "click", "1"], check=True)
        result["busySeen"] = wait_for(busy, 5)
        result["focusable"] = button.getState().contains(pyatspi.STATE_FOCUSABLE)
        result["sensitive"] = button.getState().contains(pyatspi.STATE_SENSITIVE)
        result["busyCleared"] = wait_for(lambda: not busy(), 15)
        spin(0.3)
finally:
    demo.terminate()
    demo.wait(10)
print(json.dumps(result))
