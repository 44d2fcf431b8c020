#!/usr/bin/python3
# Reads the demo's "Open details" button through AT-SPI, as a screen reader
# would, around one real click (xdotool at the extents AT-SPI reports):
# whether its state set says busy, and the busy state-change events.
# Runs inside dbus-run-session (the accessibility bus comes with it).
# Usage: busy-probe.py DEMO [ARGS...]; prints one JSON object.
import json
import sys
import time

import pyatspi
from probe_support import busy_events, click, find, spin, start_demo, wait_for

NAME = "Open details"
events = busy_events(NAME)
demo = start_demo(sys.argv[1:])


result = {"found": False, "busyBefore": None, "busySeen": False, "busyCleared": False, "events": events}
try:
    button = None
    end = time.monotonic() + 30
    while button is None and time.monotonic() < end:
        button = find(NAME, "push button")
        spin(0.2)
    if button is not None:
        result["found"] = True
        def busy():
            return button.getState().contains(pyatspi.STATE_BUSY)
        result["busyBefore"] = busy()
        click(button)
        result["busySeen"] = wait_for(busy, 5)
        result["focusable"] = button.getState().contains(pyatspi.STATE_FOCUSABLE)
        result["sensitive"] = button.getState().contains(pyatspi.STATE_SENSITIVE)
        result["busyCleared"] = wait_for(lambda: not busy(), 15)
        spin(0.3)
finally:
    demo.terminate()
    demo.wait(10)
print(json.dumps(result))
