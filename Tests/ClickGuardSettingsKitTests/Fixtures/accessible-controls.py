#!/usr/bin/python3
# Lists the controls of an app's windows as a screen reader sees them
# (AT-SPI, through pyatspi): one JSON object per focusable object, with its
# role and accessible name. Usage: accessible-controls.py PROGRAM-NAME [SECONDS]
import json
import sys
import time

import pyatspi

program = sys.argv[1]
deadline = time.monotonic() + (float(sys.argv[2]) if len(sys.argv) > 2 else 20)


def find_app():
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        if app is not None and app.name == program and app.childCount > 0:
            return app
    return None


app = None
while app is None and time.monotonic() < deadline:
    app = find_app()
    if app is None:
        time.sleep(0.2)
if app is None:
    print(json.dumps({"error": "no accessible app named " + program}))
    sys.exit(2)


def walk(node, depth=0):
    if node is None or depth > 60:
        return
    states = node.getState()
    if states.contains(pyatspi.STATE_FOCUSABLE) and states.contains(pyatspi.STATE_SHOWING):
        print(json.dumps({"role": node.getRoleName(), "name": node.name or ""}))
    for child in node:
        walk(child, depth + 1)


for window in app:
    walk(window)
