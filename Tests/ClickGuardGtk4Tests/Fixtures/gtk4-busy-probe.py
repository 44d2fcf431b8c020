#!/usr/bin/python3
# Reads the GTK 4 proof's "Save" button through AT-SPI, as a screen reader
# would, while the proof clicks it once and its async action runs: whether
# its state set says busy, whether it stays focusable and sensitive, and the
# busy state-change events. Runs inside dbus-run-session (the accessibility
# bus comes with it).
# Usage: gtk4-busy-probe.py PROOF SCENARIO on|off; prints one JSON object.
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../ClickGuardDemoKitTests/Fixtures"))
import pyatspi  # noqa: E402
from probe_support import busy_events, find, spin, start_demo  # noqa: E402

NAME = "Save"
events = busy_events(NAME)
proof = start_demo(sys.argv[1:])

result = {"found": False, "busySeen": False, "busyCleared": False, "events": events,
          "focusable": None, "sensitive": None}
try:
    button = None
    end = time.monotonic() + 20
    while button is None and time.monotonic() < end and proof.poll() is None:
        button = find(NAME, "push button")
        spin(0.05)
    if button is not None:
        result["found"] = True
        while proof.poll() is None and time.monotonic() < end:
            try:
                state = button.getState()
            except Exception:
                break  # the proof ended
            if state.contains(pyatspi.STATE_BUSY):
                result["busySeen"] = True
                result["focusable"] = state.contains(pyatspi.STATE_FOCUSABLE)
                result["sensitive"] = state.contains(pyatspi.STATE_SENSITIVE)
            elif result["busySeen"]:
                result["busyCleared"] = True
            spin(0.05)
    proof.wait(20)
    spin(0.5)
finally:
    if proof.poll() is None:
        proof.terminate()
        proof.wait(10)
print(json.dumps(result))
