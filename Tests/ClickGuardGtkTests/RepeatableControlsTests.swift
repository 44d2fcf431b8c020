// What makes a button one people press again on purpose
// (RepeatableControls), read from real widgets, and what that does to real
// clicks: a keypad key clicked again at a person's pace acts each time, a
// bounce on it once, another button's repeat once; without ClickGuard each
// click acts.

import CGtk
import ClickGuard
import ClickGuardTestSupport
import XCTest

@testable import ClickGuardGtk

final class RepeatableControlsTests: XCTestCase {
  /// The names of GActions, GtkActions and icons that say their action is
  /// one people repeat, and some that do not.
  func testNamesThatSayAnActionIsRepeated() {
    let repeated = [
      "win.next-change", "EditUndo", "go-up-symbolic", "zoom-in", "app.redo", "media-skip-forward", "GoBack",
    ]
    for name in repeated {
      XCTAssertTrue(RepeatableNames.isRepeatName(name), name)
    }
    for name in ["document-open", "FileNew", "go-home", "list-add", "win.save", "edit-delete", "nextcloud"] {
      XCTAssertFalse(RepeatableNames.isRepeatName(name), name)
    }
    XCTAssertEqual(RepeatableNames.words(of: "win.nextChange-2"), ["win", "next", "change", "2"])
  }

  /// A grid of one-character keys makes each of its buttons a key, "DEL"
  /// and "AC" too; a row of named buttons does not; a lone "+" is a
  /// stepper, a zoom icon a repeatable action.
  func testAKeypadsButtonsAStepperAndAZoomIconAreRepeatable() throws {
    try onMain {
      try GtkHarness.start()
      let keys = ["7", "8", "9", "4", "5", "6", "1", "2", "3", "0", "DEL", "AC"]
      let (grid, keypad) = Self.keypad(keys)
      let names: [String] = ["Open", "Save", "Print", "Next", "Help", "Quit"]
      let named = names.map { gtk_button_new_with_label($0)! }
      let row = GtkHarness.box(named)
      let stepper = gtk_button_new_with_label("+")!
      let mnemonics: [String] = ["_Undo", "Zoom In", "›"]
      let labelled = mnemonics.map { gtk_button_new_with_mnemonic($0)! }
      let zoom = gtk_button_new_from_icon_name("zoom-in-symbolic", GTK_ICON_SIZE_BUTTON)!
      let window = GtkHarness.showWindow(
        GtkHarness.box([grid, row, GtkHarness.box([stepper, zoom] + labelled)], vertical: true))
      defer { GtkHarness.close(window) }
      for (label, key) in zip(keys, keypad) { XCTAssertTrue(RepeatableControls.isRepeatable(key), label) }
      for button in named { XCTAssertFalse(RepeatableControls.isRepeatable(button)) }
      XCTAssertTrue(RepeatableControls.isRepeatable(stepper))
      XCTAssertTrue(RepeatableControls.isRepeatable(zoom))
      for button in labelled { XCTAssertTrue(RepeatableControls.isRepeatable(button)) }
    }
  }

  /// A keypad key is in place while shown and sensitive, not once it is
  /// insensitive; its scene changes when a window appears.
  func testAKeyIsInPlaceWhileShownAndSensitive() throws {
    try onMain {
      try GtkHarness.start()
      GtkHarness.withGlobalGuard {
        let (grid, keypad) = Self.keypad(["1", "2", "3", "4", "5", "6"])
        let window = GtkHarness.showWindow(grid)
        defer { GtkHarness.close(window) }
        let key = keypad[0]
        let before = Self.facts(of: UnsafeMutableRawPointer(key))
        XCTAssertTrue(before.isRepeatable)
        XCTAssertTrue(before.isInPlace)
        gtk_widget_set_sensitive(key, 0)
        XCTAssertFalse(Self.facts(of: UnsafeMutableRawPointer(key)).isInPlace)
        gtk_widget_set_sensitive(key, 1)
        let dialog = GtkHarness.showWindow(gtk_label_new("fresh")!)
        defer { GtkHarness.close(dialog) }
        XCTAssertNotEqual(Self.facts(of: UnsafeMutableRawPointer(key)).scene, before.scene)
      }
    }
  }

  /// A page of controls switched in a stack changes a key's scene; an
  /// icon swapped in a stack (a calculator's status icon) does not, so a
  /// key whose action swaps one still acts on each of a person's repeats,
  /// as it does without ClickGuard.
  func testAnIconSwappedInAStackIsNoFreshContent() throws {
    try onMain {
      try GtkHarness.start()
      for guarded in [false, true] {
        _ = GtkHarness.freshDispatcher()
        if guarded { GlobalGuard.install() }
        defer { if guarded { GlobalGuard.uninstall() } }
        let (grid, keypad) = Self.keypad(["1", "2", "3", "4", "5", "6"])
        let icons = gtk_stack_new()!
        let asIcons: UnsafeMutablePointer<GtkStack> = icons.cast()
        gtk_stack_add_named(asIcons, gtk_image_new_from_icon_name("dialog-information", GTK_ICON_SIZE_BUTTON), "idle")
        gtk_stack_add_named(asIcons, gtk_image_new_from_icon_name("dialog-warning", GTK_ICON_SIZE_BUTTON), "typed")
        let pages = gtk_stack_new()!
        let asPages: UnsafeMutablePointer<GtkStack> = pages.cast()
        gtk_stack_add_named(asPages, GtkHarness.box([gtk_button_new_with_label("First")!]), "first")
        gtk_stack_add_named(asPages, GtkHarness.box([gtk_button_new_with_label("Second")!]), "second")
        let window = GtkHarness.showWindow(GtkHarness.box([grid, icons, pages], vertical: true))
        defer { GtkHarness.close(window) }
        GtkHarness.pump(for: 0.8)  // past the fence's settle time
        let key = UnsafeMutableRawPointer(keypad[0])
        let before = Self.facts(of: key).scene
        gtk_stack_set_visible_child_name(asIcons, "typed")
        if guarded {
          XCTAssertEqual(Self.facts(of: key).scene, before, "an icon swapped is no content")
        }
        gtk_stack_set_visible_child_name(asPages, "second")
        if guarded {
          XCTAssertNotEqual(Self.facts(of: key).scene, before, "a page switched is content")
        }
        gtk_stack_set_visible_child_name(asIcons, "idle")
        GtkHarness.pump(for: 0.8)
        var shown = "idle"
        Signal.connect(keypad[0], "clicked") { _ in
          shown = shown == "idle" ? "typed" : "idle"
          gtk_stack_set_visible_child_name(asIcons, shown)
        }
        let one = GtkHarness.count("clicked", on: keypad[0])
        GtkHarness.click(keypad[0], count: 3, delayMs: 250)
        GtkHarness.pump(for: 0.8)
        XCTAssertEqual(one.count, 3, guarded ? "each of a person's repeats acts" : "without ClickGuard")
      }
    }
  }

  /// "0" of a keypad clicked three times 250 ms apart acts three times; a
  /// bounce, three clicks 40 ms apart, once; "Open" clicked three times
  /// 150 ms apart once (all three inside the 500 ms interval, with room
  /// for a loaded machine). Without ClickGuard every click acts.
  func testAKeyClickedAgainActsEachTimeAndABounceOnce() throws {
    try onMain {
      try GtkHarness.start()
      for guarded in [false, true] {
        let counts = try Self.clickKeypadAndOpen(guarded: guarded)
        if guarded {
          XCTAssertEqual(counts.repeated, 3, "a person's repeats on a key all act")
          XCTAssertEqual(counts.bounced, 1, "a bounce on a key acts once")
          XCTAssertEqual(counts.open, 1, "another button's repeats within the interval act once")
        } else {
          XCTAssertEqual([counts.repeated, counts.bounced, counts.open], [3, 3, 3], "without ClickGuard")
        }
      }
    }
  }

  /// Clicks "0" of a keypad 3 times 250 ms apart, then 3 times 40 ms apart
  /// (after a pause), and "Open" 3 times 150 ms apart; guarded, through
  /// ``GlobalGuard`` with the default configuration.
  @MainActor
  private static func clickKeypadAndOpen(guarded: Bool) throws -> (repeated: Int, bounced: Int, open: Int) {
    _ = GtkHarness.freshDispatcher()
    if guarded { GlobalGuard.install() }
    defer { if guarded { GlobalGuard.uninstall() } }
    let (grid, keypad) = keypad(["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "+", "DEL"])
    let open = gtk_button_new_with_label("Open")!
    let window = GtkHarness.showWindow(GtkHarness.box([grid, open], vertical: true))
    defer { GtkHarness.close(window) }
    GtkHarness.pump(for: 0.8)  // past the fence's settle time
    let zero = GtkHarness.count("clicked", on: keypad[9])
    GtkHarness.click(keypad[9], count: 3, delayMs: 250)
    GtkHarness.pump(for: 0.8)
    let repeated = zero.count
    GtkHarness.click(keypad[9], count: 3, delayMs: 40)
    GtkHarness.pump(for: 0.8)
    let opened = GtkHarness.count("clicked", on: open)
    GtkHarness.click(open, count: 3, delayMs: 150)
    GtkHarness.pump(for: 0.8)
    return (repeated, zero.count - repeated, opened.count)
  }

  /// A 3-wide grid of buttons labelled `labels`, and the buttons.
  @MainActor
  private static func keypad(_ labels: [String]) -> (WidgetPointer, [WidgetPointer]) {
    let grid = gtk_grid_new()!
    let asGrid = UnsafeMutableRawPointer(grid).assumingMemoryBound(to: GtkGrid.self)
    var buttons: [WidgetPointer] = []
    for (index, label) in labels.enumerated() {
      let button = gtk_button_new_with_label(label)!
      gtk_grid_attach(asGrid, button, Int32(index % 3), Int32(index / 3), 1, 1)
      buttons.append(button)
    }
    return (grid, buttons)
  }

  /// The repeat facts of `button` now, in the scene the process's fence
  /// has seen.
  @MainActor
  private static func facts(of button: gpointer) -> RepeatFacts {
    RepeatableControls.facts(of: button, state: nil, appearances: GuardRuntime.shared.fences.appearances)
  }
}
