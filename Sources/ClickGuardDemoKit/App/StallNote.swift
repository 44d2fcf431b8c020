// StallNote: the line under the panel's stall settings that says when a
// periodic stall was cut short of its period, and the stall spin button's
// tooltip that gives the rule.

import CGtk
import ClickGuardGObject
import ClickGuardGtk

/// Says in the panel that the stall was clamped below its period, and why.
@MainActor
final class StallNote {
  /// The note's label (hidden until a stall is clamped).
  let label: WidgetPointer

  /// Adds the note in a new row of the panel's grid, under `row` (the
  /// period's spin button), and the rule to `stallSpin`'s tooltip.
  init(below row: WidgetPointer, stallSpin: WidgetPointer) {
    label = gtk_label_new(nil)
    gtk_widget_set_name(label, DemoWidgets.stallNote.name)
    gtk_label_set_xalign(label.cast(), 0)
    gtk_label_set_line_wrap(label.cast(), 1)
    gtk_label_set_max_width_chars(label.cast(), 36)
    // Shown only when a stall is clamped, not by the window's show_all.
    gtk_widget_set_no_show_all(label, 1)
    if let grid = gtk_widget_get_parent(row), GObjectType.isA(grid.raw, gtk_grid_get_type()) {
      gtk_grid_insert_next_to(grid.cast(), row, GTK_POS_BOTTOM)
      gtk_grid_attach_next_to(grid.cast(), label, row, GTK_POS_BOTTOM, 2, 1)
    }
    gtk_widget_set_tooltip_text(
      stallSpin,
      localized(
        "A periodic stall is kept shorter than its period: one as long would leave the app no time to run, frozen for good."
      ))
  }

  /// Shows that the stall asked for, `asked`, was cut to `applied` below
  /// the period `everyMs`.
  func show(asked: Int, applied: Int, everyMs: Int) {
    let text = localized(
      "Stall cut to {applied} ms (asked {asked}): a periodic stall must be shorter than its period ({every} ms), or the app would freeze."
    ).filling(["applied": String(applied), "asked": String(asked), "every": String(everyMs)])
    gtk_label_set_text(label.cast(), text)
    setAccessibleName(label, text)
    gtk_widget_show(label)
  }

  /// Hides the note.
  func hide() {
    gtk_widget_hide(label)
    gtk_label_set_text(label.cast(), "")
    setAccessibleName(label, "")
  }
}
