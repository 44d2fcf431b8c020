// The wrappers for activations that are not button clicks — MenuItem (its
// accelerator), Entry (Return) and ListBox (a row by Return) — under real
// XTEST keys: a burst of five acts once through the wrapper, and five times
// on the same kind of widget connected plainly (no wrapper, no global
// install).

import CGtk
import ClickGuard
import ClickGuardTestSupport
import XCTest

@testable import ClickGuardGtk

final class ActivationWrapperTests: XCTestCase {
  /// Ctrl+E five times on a wrapped menu item's accelerator: once; Ctrl+D on
  /// a plain item beside it: five times.
  func testAMenuItemsAcceleratorBurstActsOnce() throws {
    try onMain {
      try GtkHarness.start()
      let dispatcher = GtkHarness.freshDispatcher()
      GtkHarness.debugDecisions(dispatcher)
      let export = MenuItem(label: "Export")
      var exported = 0
      export.onActivate { exported += 1 }
      let plain = gtk_menu_item_new_with_label("Delete")!
      let deleted = GtkHarness.count("activate", on: plain)

      let accelerators = gtk_accel_group_new()!
      defer { g_object_unref(accelerators) }
      gtk_widget_add_accelerator(
        export.widget, "activate", accelerators, guint(GDK_KEY_e), GDK_CONTROL_MASK, GTK_ACCEL_VISIBLE)
      gtk_widget_add_accelerator(plain, "activate", accelerators, guint(GDK_KEY_d), GDK_CONTROL_MASK, GTK_ACCEL_VISIBLE)
      let menu = gtk_menu_new()!
      gtk_menu_shell_append(menu.cast(), export.widget)
      gtk_menu_shell_append(menu.cast(), plain)
      let file = gtk_menu_item_new_with_label("File")!
      gtk_menu_item_set_submenu(file.cast(), menu)
      let bar = gtk_menu_bar_new()!
      gtk_menu_shell_append(bar.cast(), file)
      let window = GtkHarness.showWindow(GtkHarness.box([bar, gtk_label_new("menu")], vertical: true))
      defer { GtkHarness.close(window) }
      gtk_window_add_accel_group(window.cast(), accelerators)

      burst("ctrl+e", delayMs: 40)
      XCTAssertEqual(exported, 1, "the wrapped item acts once")
      XCTAssertEqual(dispatcher.counters(for: export.id, action: "activate")?.accepted, 1)
      burst("ctrl+d", delayMs: 40)
      XCTAssertEqual(deleted.count, 5, "a plain item acts on every press")
    }
  }

  /// Return five times in a wrapped entry: submitted once, and typing is
  /// untouched; in a plain entry: five times.
  func testReturnInAnEntrySubmitsOnce() throws {
    try onMain {
      try GtkHarness.start()
      GtkHarness.freshDispatcher()
      let search = Entry()
      var submitted = 0
      search.onActivate { submitted += 1 }
      let plain = gtk_entry_new()!
      let plainSubmitted = GtkHarness.count("activate", on: plain)
      let window = GtkHarness.showWindow(GtkHarness.box([search.widget, plain], vertical: true))
      defer { GtkHarness.close(window) }

      GtkHarness.focus(search.widget)
      GtkHarness.xdotool(["type", "--delay", "40", "gtk  3"])
      burst("Return")
      XCTAssertEqual(submitted, 1, "the wrapped entry submits once")
      XCTAssertEqual(search.text, "gtk  3", "typing is not judged")
      GtkHarness.focus(plain)
      burst("Return")
      XCTAssertEqual(plainSubmitted.count, 5, "a plain entry submits on every press")
    }
  }

  /// Return five times on a wrapped list's row: once; Down, then Return on
  /// the next row: that row acts too (its own gate); on a plain list: five
  /// times.
  func testReturnOnAListRowActsOnce() throws {
    try onMain {
      try GtkHarness.start()
      GtkHarness.freshDispatcher()
      let files = ListBox()
      var opened: [Int] = []
      files.onRowActivated { opened.append($0) }
      files.append(gtk_label_new("a.txt"))
      files.append(gtk_label_new("b.txt"))
      let plain = gtk_list_box_new()!
      gtk_container_add(plain.cast(), gtk_label_new("c.txt"))
      let plainOpened = GtkHarness.count("row-activated", on: plain, pointerArgument: true)
      let window = GtkHarness.showWindow(GtkHarness.box([files.widget, plain], vertical: true))
      defer { GtkHarness.close(window) }

      let first = gtk_list_box_get_row_at_index(files.widget.cast(), 0)!
      GtkHarness.focus(first.cast())
      burst("Return")
      XCTAssertEqual(opened, [0], "the wrapped list's row acts once")
      GtkHarness.xdotool(["key", "--delay", "80", "Down", "Return"])
      GtkHarness.pump(for: 0.3)
      XCTAssertEqual(opened, [0, 1], "the next row has its own gate")

      GtkHarness.focus(gtk_list_box_get_row_at_index(plain.cast(), 0)!.cast())
      burst("Return")
      XCTAssertEqual(plainOpened.count, 5, "a plain list activates on every press")
    }
  }
}

/// Presses `keys` five times, `delayMs` between key events (a combination
/// such as `ctrl+e` takes about twice that per press), then lets the loop
/// catch up.
@MainActor
private func burst(_ keys: String, delayMs: Int = 80) {
  GtkHarness.xdotool(["key", "--delay", String(delayMs), "--repeat", "5", keys])
  GtkHarness.pump(for: 0.5)
}
