#!/usr/bin/python3
# Reads the demo's click timeline and its log pane through AT-SPI, as a
# screen reader would, after one real click (xdotool at the extents AT-SPI
# reports) on the button named BUTTON: the timeline's accessible description
# and the log pane's text. The objects are found by their accessible names
# and roles (the timeline's heading is a label of the same name).
# Runs inside dbus-run-session (the accessibility bus comes with it).
# Usage: timeline-probe.py BUTTON TIMELINE LOG DEMO [ARGS...]; prints one JSON
# object.
import json
import sys
import time

from probe_support import click, find, spin, start_demo, wait_for

button_name, timeline_name, log_name = sys.argv[1:4]
demo = start_demo(sys.argv[4:])


def log_text(log):
    text = log.queryText()
    return text.getText(0, text.characterCount)


result = {"found": [], "before": None, "description": None, "log": None}
try:
    objects = {}
    end = time.monotonic() + 30
    while len(objects) < 3 and time.monotonic() < end:
        for name, role in ((button_name, "push button"), (timeline_name, "drawing area"), (log_name, "text")):
            if name not in objects:
                found = find(name, role)
                if found is not None:
                    objects[name] = found
        spin(0.2)
    result["found"] = sorted(objects)
    if len(objects) == 3:
        timeline = objects[timeline_name]
        result["before"] = timeline.description
        click(objects[button_name])
        # The timeline says what is in view on its next tick; the page's
        # transition ends a little later.
        wait_for(lambda: timeline.description != result["before"], 5)
        spin(1)
        result["description"] = timeline.description
        result["log"] = log_text(objects[log_name])
finally:
    demo.terminate()
    demo.wait(10)
print(json.dumps(result))
