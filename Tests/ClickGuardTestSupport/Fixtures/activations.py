#!/usr/bin/env python3
"""activations: a PyGObject GTK 3 app that knows nothing of ClickGuard, for
the module tests of the activation paths that are not buttons. It is a
GtkApplication whose window holds a form entry, a list box, a flow box, a
tree view, an icon view, a second entry with words, a spin button, a scale
and a combo box, with two GAction accelerators; it prints where
its widgets are once drawn, counts what happens, and exits 0 on SIGTERM,
SIGINT or after --seconds. With --late-views the tree view and the icon
view are created only after the window has appeared (so GTK initialises
their classes long after start-up), and `ready` is printed after that.

stdout, one line each, flushed at once:
  ready entry=X,Y row1=X,Y row2=X,Y child1=X,Y tree=X,Y icon=X,Y words=X,Y
        spinup=X,Y scaleleft=X,Y scaleright=X,Y combo=X,Y
      (screen centres; spinup: the spin button's + button; scaleleft and
      scaleright: near the ends of the scale)
  submitted N            (the entry's `activate`: Return submits the form)
  row rK N               (GtkListBox row-activated on row K)
  child cK N             (GtkFlowBox child-activated on child K)
  tree tK N              (GtkTreeView row-activated on row K)
  icon iK N              (GtkIconView item-activated on item K)
  exported N / undone N  (win.export Ctrl+E, win.undo Ctrl+Z; win.disabled,
                          Ctrl+D, is disabled)
  final submitted=N rows=N,N,N children=N,N tree=N,N icons=N,N exported=N undone=N text=T
        words=T spin=N scale=N combo=N   (combo: the active item's index)
      (text, words: the entries' texts, with spaces as _)
"""
import signal
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gio, Gtk  # noqa: E402

counts = {"submitted": 0, "exported": 0, "undone": 0}
rows = [0, 0, 0]
children = [0, 0]
tree_rows = [0, 0]
icons = [0, 0]


def say(line):
    print(line, flush=True)


def centre(name, widget):
    allocation = widget.get_allocation()
    return point(name, widget, allocation.width // 2, allocation.height // 2)


def point(name, widget, x, y):
    """`widget`'s point (x, y), in screen coordinates."""
    toplevel = widget.get_toplevel()
    wx, wy = widget.translate_coordinates(toplevel, x, y)
    _, ox, oy = toplevel.get_window().get_origin()
    return " %s=%d,%d" % (name, ox + wx, oy + wy)


def tree_centre(name, view, row):
    """The centre of `row`'s cell, in screen coordinates."""
    rect = view.get_cell_area(Gtk.TreePath.new_from_indices([row]), view.get_column(0))
    bx, by = view.convert_bin_window_to_widget_coords(rect.x + rect.width // 2, rect.y + rect.height // 2)
    toplevel = view.get_toplevel()
    wx, wy = view.translate_coordinates(toplevel, bx, by)
    _, ox, oy = toplevel.get_window().get_origin()
    return " %s=%d,%d" % (name, ox + wx, oy + wy)


class Activations(Gtk.Application):
    def __init__(self, seconds, late_views):
        super().__init__(application_id=None, flags=Gio.ApplicationFlags.NON_UNIQUE)
        self.seconds = seconds
        self.late_views = late_views
        self.window = None
        self.text = ""
        self.final_words = ""
        self.final_spin = 0
        self.final_scale = 0
        self.final_combo = 0

    def do_activate(self):
        window = Gtk.ApplicationWindow(application=self, title="activations")
        window.set_default_size(360, 700)
        self.window = window
        for name, label, accel in [("export", "exported", "<Primary>e"), ("undo", "undone", "<Primary>z")]:
            action = Gio.SimpleAction.new(name, None)
            action.connect("activate", self.count, label)
            window.add_action(action)
            self.set_accels_for_action("win." + name, [accel])
        # A disabled action with an accelerator: GTK does not run it.
        disabled = Gio.SimpleAction.new("disabled", None)
        disabled.set_enabled(False)
        window.add_action(disabled)
        self.set_accels_for_action("win.disabled", ["<Primary>d"])

        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
        self.entry = Gtk.Entry()
        self.entry.connect("activate", self.count, None, "submitted")
        box.pack_start(self.entry, False, False, 0)

        self.list = Gtk.ListBox()
        self.list.set_activate_on_single_click(False)  # a click only moves the cursor
        for index in range(3):
            self.list.add(Gtk.Label(label="Row %d" % (index + 1)))
        self.list.connect("row-activated", self.row_activated)
        box.pack_start(self.list, False, False, 0)

        self.flow = Gtk.FlowBox()
        self.flow.set_activate_on_single_click(False)
        self.flow.set_min_children_per_line(2)
        for index in range(2):
            self.flow.add(Gtk.Label(label="Child %d" % (index + 1)))
        self.flow.connect("child-activated", self.child_activated)
        box.pack_start(self.flow, False, False, 0)

        self.box = box
        if not self.late_views:
            self.add_views()

        # Deliberate repeats: a word double-clicked, a spin button held, a
        # scale dragged, a combo box's item chosen by press, drag, release.
        self.words = Gtk.Entry(text="alpha beta gamma delta epsilon zeta")
        box.pack_start(self.words, False, False, 0)
        self.spin = Gtk.SpinButton.new_with_range(0, 1000, 1)
        box.pack_start(self.spin, False, False, 0)
        self.scale = Gtk.Scale.new_with_range(Gtk.Orientation.HORIZONTAL, 0, 100, 1)
        self.scale.set_draw_value(False)
        box.pack_start(self.scale, False, False, 0)
        self.combo = Gtk.ComboBoxText()
        for label in ("One", "Two", "Three"):
            self.combo.append_text(label)
        self.combo.set_active(0)
        box.pack_start(self.combo, False, False, 0)

        window.add(box)
        # Ready once the fence on a program's first window (the double-click
        # time after it appeared) is over, as a person would click.
        window.connect("map-event", lambda *_: GLib.timeout_add(600, self.appeared) and False)
        window.show_all()
        window.move(100, 100)
        GLib.timeout_add_seconds(self.seconds, self.quit)
        for number in (signal.SIGTERM, signal.SIGINT):
            GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, number, self.quit)

    def add_views(self):
        """The tree view and the icon view, after the list and flow boxes."""
        store = Gtk.ListStore(str)
        for index in range(2):
            store.append(["Tree %d" % (index + 1)])
        self.tree = Gtk.TreeView(model=store)
        self.tree.append_column(Gtk.TreeViewColumn("Name", Gtk.CellRendererText(), text=0))
        self.tree.connect("row-activated", self.tree_activated)
        self.box.pack_start(self.tree, False, False, 0)
        self.box.reorder_child(self.tree, 3)

        self.icons = Gtk.IconView(model=store)
        self.icons.set_text_column(0)
        self.icons.set_columns(2)
        self.icons.connect("item-activated", self.icon_activated)
        self.box.pack_start(self.icons, False, False, 0)
        self.box.reorder_child(self.icons, 4)
        self.tree.show()
        self.icons.show()

    def appeared(self):
        if self.late_views:
            self.add_views()
            GLib.timeout_add(300, self.report_ready)
        else:
            self.report_ready()
        return False

    def count(self, *arguments):
        label = arguments[-1]
        counts[label] += 1
        say("%s %d" % (label, counts[label]))

    def row_activated(self, box, row):
        rows[row.get_index()] += 1
        say("row r%d %d" % (row.get_index() + 1, rows[row.get_index()]))

    def child_activated(self, box, child):
        children[child.get_index()] += 1
        say("child c%d %d" % (child.get_index() + 1, children[child.get_index()]))

    def tree_activated(self, view, path, column):
        index = path.get_indices()[0]
        tree_rows[index] += 1
        say("tree t%d %d" % (index + 1, tree_rows[index]))

    def icon_activated(self, view, path):
        index = path.get_indices()[0]
        icons[index] += 1
        say("icon i%d %d" % (index + 1, icons[index]))

    def report_ready(self):
        line = "ready" + centre("entry", self.entry)
        for index in range(3):
            line += centre("row%d" % (index + 1), self.list.get_row_at_index(index))
        for index in range(2):
            line += centre("child%d" % (index + 1), self.flow.get_child_at_index(index))
        line += tree_centre("tree1", self.tree, 0) + tree_centre("tree2", self.tree, 1)
        for index in range(2):
            _, rect = self.icons.get_cell_rect(Gtk.TreePath.new_from_indices([index]), None)
            toplevel = self.icons.get_toplevel()
            wx, wy = self.icons.translate_coordinates(toplevel, rect.x + rect.width // 2, rect.y + rect.height // 2)
            _, ox, oy = toplevel.get_window().get_origin()
            line += " icon%d=%d,%d" % (index + 1, ox + wx, oy + wy)
        line += centre("words", self.words)
        line += point("spinup", self.spin, self.spin.get_allocated_width() - 12, self.spin.get_allocated_height() // 2)
        height = self.scale.get_allocated_height() // 2
        line += point("scaleleft", self.scale, 12, height)
        line += point("scaleright", self.scale, self.scale.get_allocated_width() - 12, height)
        line += centre("combo", self.combo)
        say(line)
        return False

    def quit(self, *_):
        self.text = self.entry.get_text() if self.window is not None else ""
        if self.window is not None:
            self.final_words = self.words.get_text()
            self.final_spin = self.spin.get_value_as_int()
            self.final_scale = int(self.scale.get_value())
            self.final_combo = self.combo.get_active()
        if self.window is not None:
            self.window.destroy()
        super().quit()
        return False


def main():
    seconds = 30
    arguments = sys.argv[1:]
    if "--seconds" in arguments:
        seconds = int(arguments[arguments.index("--seconds") + 1])
    app = Activations(seconds, "--late-views" in arguments)
    status = app.run([sys.argv[0]])
    text = app.text.replace(" ", "_")
    say(
        "final submitted=%d rows=%s children=%s tree=%s icons=%s exported=%d undone=%d text=%s"
        " words=%s spin=%d scale=%d combo=%d"
        % (
            counts["submitted"],
            ",".join(map(str, rows)),
            ",".join(map(str, children)),
            ",".join(map(str, tree_rows)),
            ",".join(map(str, icons)),
            counts["exported"],
            counts["undone"],
            text,
            app.final_words.replace(" ", "_"),
            app.final_spin,
            app.final_scale,
            app.final_combo,
        )
    )
    sys.exit(status)


if __name__ == "__main__":
    main()
