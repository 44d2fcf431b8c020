# probe_support: what the demo's AT-SPI probes share (busy-probe.py,
# timeline-probe.py): starting the demo once the accessibility bus is up,
# spinning GLib's main context so AT-SPI events arrive, finding an object by
# its accessible name and role, waiting for a condition, and a real click
# (xdotool) at the middle of an object.
import subprocess
import time

import pyatspi
from gi.repository import GLib

context = GLib.MainContext.default()


def busy_events(name):
    """The busy state changes (1 busy, 0 idle) of objects named `name`, in
    the order they arrive while the main context spins."""
    events = []
    pyatspi.Registry.registerEventListener(
        lambda event: events.append(event.detail1) if event.source.name == name else None,
        "object:state-changed:busy")
    return events


def start_demo(argv):
    """Starts the demo; the accessibility bus and registry start on first
    use, so they are up first, or its GTK finds no bus to register on."""
    pyatspi.Registry.getDesktop(0).childCount
    return subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def spin(seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        while context.iteration(False):
            pass
        time.sleep(0.01)


def find(name, role):
    """The first object of any application named `name` with the role
    `role` (`push button`), or None."""
    for app in pyatspi.Registry.getDesktop(0):
        if app is None:
            continue
        for found in pyatspi.utils.findAllDescendants(
                app, lambda a: a.name == name and a.getRoleName() == role):
            return found
    return None


def wait_for(condition, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        spin(0.05)
    return False


def click(accessible):
    """Moves the pointer to the middle of the extents AT-SPI reports for
    `accessible` and clicks there."""
    box = accessible.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    x, y = box.x + box.width // 2, box.y + box.height // 2
    subprocess.run(["xdotool", "mousemove", str(x), str(y)], check=True)
    spin(0.1)
    subprocess.run(["xdotool", "click", "1"], check=True)
