#!/usr/bin/env python3
"""fence: a PyGObject GTK 3 app that knows nothing of ClickGuard, for the
module tests of the fresh-content fence. Its window holds a notebook whose
"Next page" button switches to a page with a "Page action" button at the same
spot, a "Delete…" button that opens a modal dialog placed so that its default
button ("Confirm") is under the pointer, a menu bar with a "File" menu,
a combo box, and a tall "Pop…" button whose popover's "Pop action" button opens
under the pointer. With --assistant its only window is instead a GtkAssistant
whose first page's "Next step" button moves on to a page with a "Step action"
button at the same spot. It prints where its widgets are, counts what happens,
and exits 0 on SIGTERM, SIGINT or after --seconds.

stdout, one line each, flushed at once:
  ready next=X,Y delete=X,Y menu=X,Y combo=X,Y pop=X,Y   (screen centres)
  ready step=X,Y                (with --assistant)
  paged N / page-action N       (the notebook switched / the new page's button)
  opened N / confirmed N        (the dialog opened / its default button)
  dialog confirm=X,Y            (where the dialog's default button is)
  menu-shown beta=X,Y           (the menu popped up; its item "Beta")
  combo-shown three=X,Y         (the combo box's list popped up; its item "Three")
  popped N / pop-action N       (the popover opened / its button)
  popover action=X,Y            (where the popover's button is)
  stepped N / step-action N     (the assistant moved on / the new page's button)
  menu-item beta N / combo three N
  final paged=N page-action=N opened=N confirmed=N menu=N combo=N popped=N pop-action=N
        stepped=N step-action=N text=T
      (text: what the last dialog's entry held, with spaces as _)
"""
import signal
import sys

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

counts = {
    "paged": 0,
    "page-action": 0,
    "opened": 0,
    "confirmed": 0,
    "menu": 0,
    "combo": 0,
    "popped": 0,
    "pop-action": 0,
    "stepped": 0,
    "step-action": 0,
}
state = {"text": ""}


def say(line):
    print(line, flush=True)


def screen_centre(widget):
    allocation = widget.get_allocation()
    toplevel = widget.get_toplevel()
    wx, wy = widget.translate_coordinates(toplevel, allocation.width // 2, allocation.height // 2)
    _, ox, oy = toplevel.get_window().get_origin()
    return ox + wx, oy + wy


def count(label):
    counts[label] += 1
    say("%s %d" % (label, counts[label]))


class Fixture:
    def __init__(self, seconds, assistant):
        self.dialog = None
        GLib.timeout_add_seconds(seconds, self.quit)
        for number in (signal.SIGTERM, signal.SIGINT):
            GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, number, self.quit)
        if assistant:
            self.build_assistant()
        else:
            self.build_window()

    def build_window(self):
        window = Gtk.Window(title="fence")
        window.set_default_size(640, 240)
        self.window = window
        box = Gtk.Box(spacing=20)

        # Two pages whose buttons fill the same spot.
        self.notebook = Gtk.Notebook()
        self.notebook.set_show_tabs(False)
        self.notebook.set_size_request(200, 200)
        self.next = Gtk.Button(label="Next page")
        self.next.connect("clicked", self.next_page)
        self.notebook.append_page(self.next, None)
        action = Gtk.Button(label="Page action")
        action.connect("clicked", lambda *_: count("page-action"))
        self.notebook.append_page(action, None)
        box.pack_start(self.notebook, False, False, 0)

        self.delete = Gtk.Button(label="Delete…")
        self.delete.set_size_request(120, 60)
        self.delete.set_valign(Gtk.Align.CENTER)
        self.delete.connect("clicked", self.open_dialog)
        self.delete.set_can_default(True)
        box.pack_start(self.delete, False, False, 0)

        menu = Gtk.Menu()
        for name in ("Alpha", "Beta"):
            item = Gtk.MenuItem(label=name)
            if name == "Beta":
                item.connect("activate", lambda *_: self.counted("menu", "menu-item beta"))
                self.beta = item
            menu.append(item)
        menu.show_all()
        menu.connect("show", lambda *_: GLib.timeout_add(100, self.report_item, "menu-shown beta", self.beta))
        # A menu bar: its menus open on the press, for press-and-drag.
        self.menu_button = Gtk.MenuItem(label="File")
        self.menu_button.set_submenu(menu)
        bar = Gtk.MenuBar()
        bar.append(self.menu_button)
        bar.set_valign(Gtk.Align.CENTER)
        box.pack_start(bar, False, False, 0)

        self.combo = Gtk.ComboBoxText()
        for name in ("One", "Two", "Three"):
            self.combo.append_text(name)
        self.combo.set_active(0)
        self.combo.set_valign(Gtk.Align.CENTER)
        self.combo.connect("changed", self.combo_changed)
        self.combo.connect("notify::popup-shown", self.combo_popup)
        box.pack_start(self.combo, False, False, 0)

        # A tall opener whose popover's button covers the opener's centre.
        self.pop = Gtk.Button(label="Pop…")
        self.pop.set_size_request(120, 200)
        self.pop.set_valign(Gtk.Align.CENTER)
        self.pop.connect("clicked", self.open_popover)
        self.popover = Gtk.Popover(relative_to=self.pop, position=Gtk.PositionType.BOTTOM)
        pop_action = Gtk.Button(label="Pop action")
        pop_action.set_size_request(100, 100)
        pop_action.connect("clicked", lambda *_: count("pop-action"))
        pop_action.show()
        self.popover.add(pop_action)
        self.pop_action = pop_action
        box.pack_start(self.pop, False, False, 0)

        window.add(box)
        self.widgets = (("next", self.next), ("delete", self.delete), ("menu", self.menu_button),
                        ("combo", self.combo), ("pop", self.pop))
        self.show(window)
        self.delete.grab_focus()

    def build_assistant(self):
        """Two custom pages whose buttons fill the same spot."""
        assistant = Gtk.Assistant(title="fence")
        assistant.set_default_size(400, 300)
        self.window = assistant
        self.step = Gtk.Button(label="Next step")
        self.step.set_size_request(200, 120)
        self.step.connect("clicked", self.next_step)
        step_action = Gtk.Button(label="Step action")
        step_action.set_size_request(200, 120)
        step_action.connect("clicked", lambda *_: count("step-action"))
        for page in (self.step, step_action):
            assistant.append_page(page)
            assistant.set_page_type(page, Gtk.AssistantPageType.CUSTOM)
            assistant.set_page_complete(page, True)
        self.widgets = (("step", self.step),)
        self.show(assistant)

    def show(self, window):
        # Ready once the fence on a program's first window (the double-click
        # time after it appeared) is over, as a person would click.
        window.connect("map-event", lambda *_: GLib.timeout_add(600, self.report_ready) and False)
        window.connect("destroy", lambda *_: Gtk.main_quit())
        window.show_all()
        window.move(100, 100)

    def counted(self, label, line):
        counts[label] += 1
        say("%s %d" % (line, counts[label]))

    def next_page(self, *_):
        count("paged")
        self.notebook.set_current_page(1)

    def next_step(self, *_):
        count("stepped")
        self.window.next_page()

    def open_popover(self, *_):
        count("popped")
        # Point below the opener's centre's top half: the popover's button,
        # below the arrow, then covers the centre.
        allocation = self.pop.get_allocation()
        rect = Gdk.Rectangle()
        rect.x, rect.y, rect.width, rect.height = allocation.width // 2, allocation.height // 2 - 50, 1, 1
        self.popover.set_pointing_to(rect)
        self.popover.popup()
        GLib.timeout_add(400, self.report_item, "popover action", self.pop_action)

    def open_dialog(self, *_):
        count("opened")
        dialog = Gtk.Dialog(title="Delete?", transient_for=self.window, modal=True)
        dialog.add_button("Cancel", Gtk.ResponseType.CANCEL)
        confirm = dialog.add_button("Confirm", Gtk.ResponseType.OK)
        confirm.set_size_request(120, 60)
        dialog.set_default_response(Gtk.ResponseType.OK)
        entry = Gtk.Entry(activates_default=True)
        dialog.get_content_area().pack_start(entry, False, False, 0)
        dialog.connect("response", self.dialog_response, entry)
        dialog.show_all()
        entry.grab_focus()
        # Put the default button where the pointer is: on the opener.
        ox, oy = screen_centre(self.delete)
        allocation = confirm.get_allocation()
        bx, by = confirm.translate_coordinates(dialog, allocation.width // 2, allocation.height // 2)
        dialog.move(ox - bx, oy - by)
        self.dialog = dialog
        GLib.timeout_add(200, self.report_item, "dialog confirm", confirm)

    def dialog_response(self, dialog, response, entry):
        state["text"] = entry.get_text()
        if response == Gtk.ResponseType.OK:
            count("confirmed")
        dialog.destroy()
        self.dialog = None

    def combo_changed(self, combo):
        if combo.get_active_text() == "Three":
            self.counted("combo", "combo three")

    def combo_popup(self, combo, _):
        if not combo.get_property("popup-shown"):
            return
        GLib.timeout_add(100, self.report_combo_item)

    def report_combo_item(self):
        """The combo box's list is a GtkMenu in a popup window; its third item
        is "Three"."""
        for window in Gtk.Window.list_toplevels():
            menu = window.get_child()
            if window.get_window_type() == Gtk.WindowType.POPUP and isinstance(menu, Gtk.Menu) and menu.get_mapped():
                items = menu.get_children()
                if len(items) == 3:
                    self.report_item("combo-shown three", items[2])
        return False

    def report_item(self, prefix, widget):
        if not widget.get_mapped():
            return False
        x, y = screen_centre(widget)
        say("%s=%d,%d" % (prefix, x, y))
        return False

    def report_ready(self):
        line = "ready"
        for name, widget in self.widgets:
            x, y = screen_centre(widget)
            line += " %s=%d,%d" % (name, x, y)
        say(line)
        return False

    def quit(self, *_):
        if self.dialog is not None:
            state["text"] = self.dialog.get_content_area().get_children()[0].get_text()
        self.window.destroy()
        return False


def main():
    seconds = 30
    arguments = sys.argv[1:]
    if "--seconds" in arguments:
        seconds = int(arguments[arguments.index("--seconds") + 1])
    Fixture(seconds, "--assistant" in arguments)
    Gtk.main()
    say(
        "final %s text=%s"
        % (" ".join("%s=%d" % item for item in counts.items()), state["text"].replace(" ", "_"))
    )
    sys.exit(0)


if __name__ == "__main__":
    main()
