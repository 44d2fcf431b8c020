// The settings window in this process, under Xvfb, driven by real X input
// (xdotool) through the real GTK main loop: the try-it pad's counts, the
// exempt toggle's group in the rules file (the person's comment kept), a
// file that does not parse left alone, accessible names, and the window's
// size against a 1366×768 screen. The session switch is a stand-in here;
// SettingsProcessTests runs the real one in the built program.

import CGtk
import ClickGuard
import ClickGuardCommandKit
import ClickGuardCounts
import ClickGuardGtk
import ClickGuardRules
import ClickGuardSettingsKit
import ClickGuardTestSupport
import Foundation
import XCTest

final class SettingsWindowTests: XCTestCase {
  private var scratch: URL!

  override func setUpWithError() throws {
    scratch = FileManager.default.temporaryDirectory.appendingPathComponent("clickguard-settings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: scratch)
  }

  /// A session switch that only records what it was asked.
  private static let standInSwitch = SessionSwitch(
    enable: { ["switched on (stand-in)"] }, disable: { ["switched off (stand-in)"] },
    status: { (["status (stand-in)"], false) })

  /// The rules file's location in the scratch directory, holding `text`
  /// when given.
  private static func rules(_ text: String?, in scratch: URL) throws -> RulesFileLocation {
    let url = scratch.appendingPathComponent("clickguard/clickguard.conf")
    if let text {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: false, encoding: .utf8)
    }
    return RulesFileLocation(path: url.path, isExplicit: true)
  }

  /// A counts folder in which each of `programs` had one click ignored today.
  private static func counts(of programs: [String], in scratch: URL) -> String {
    let directory = scratch.appendingPathComponent("state/clickguard/ignored-clicks").path
    for program in programs {
      let counts = IgnoredClickCounts(program: program, directory: directory)
      _ = counts.add()
      counts.write()
    }
    return directory
  }

  /// A settings window, shown and mapped at (40, 40), with the X focus.
  @MainActor
  private static func shownWindow(
    rules: RulesFileLocation, counts: String? = nil, defaultSize: Bool = false, session: SessionSwitch? = nil
  ) throws -> SettingsWindow {
    try GtkHarness.start()
    GtkHarness.freshDispatcher()
    let window = SettingsWindow(
      application: nil, rules: rules, counts: counts ?? "/nonexistent/clickguard-counts",
      session: session ?? Self.standInSwitch)
    // Taller than its default, so that the mouse reaches the apps' rows.
    if !defaultSize { gtk_window_set_default_size(window.window.cast(), Int32(SettingsWindow.defaultSize.width), 980) }
    window.show()
    gtk_window_move(window.window.cast(), 40, 40)
    GtkHarness.pump(until: { gtk_widget_get_mapped(window.tryIt.pad.widget) != 0 }, timeout: 5)
    GtkHarness.pump(for: 0.3)
    if let gdkWindow = gtk_widget_get_window(window.window) {
      GtkHarness.xdotool(["windowfocus", "--sync", String(gdk_x11_window_get_xid(gdkWindow))])
    }
    GtkHarness.pump(for: 0.2)
    return window
  }

  @MainActor
  private static func choose(_ window: SettingsWindow, _ profile: GuardProfile, windowMs: Int) {
    window.choose(profile)
    gtk_spin_button_set_value(window.windowSpin.cast(), Double(windowMs))
    GtkHarness.pump(for: 0.05)
  }

  @MainActor
  private static func text(_ label: WidgetPointer) -> String {
    swiftString(gtk_label_get_text(label.cast())) ?? ""
  }

  func testTheTryItPadCountsOneOfABurstUnderBounceAndEveryOneOfSlowClicks() throws {
    let scratch: URL = scratch
    try onMain {
      let window = try Self.shownWindow(rules: try Self.rules("# my settings\n[default]\nmode=enforce\n", in: scratch))
      defer { gtk_widget_destroy(window.window) }
      let pad = window.tryIt.pad.widget
      // The control run: no window, every click of the burst counts.
      Self.choose(window, .bounce, windowMs: 0)
      GtkHarness.click(pad, count: 5, delayMs: 80)
      GtkHarness.pump(for: 0.5)
      XCTAssertEqual(Self.text(window.tryIt.result), "You clicked 5 times; 5 counted")
      GtkHarness.pump(for: 1.7)  // a pause: the next click starts a new burst
      Self.choose(window, .bounce, windowMs: 500)
      GtkHarness.click(pad, count: 5, delayMs: 80)
      GtkHarness.pump(for: 0.5)
      XCTAssertEqual(Self.text(window.tryIt.result), "You clicked 5 times; 1 counted")
      XCTAssertEqual(accessibleName(of: window.tryIt.result), "You clicked 5 times; 1 counted")
      GtkHarness.pump(for: 1.7)
      GtkHarness.click(pad, count: 5, delayMs: 700)
      GtkHarness.pump(for: 0.5)
      XCTAssertEqual(Self.text(window.tryIt.result), "You clicked 5 times; 5 counted")
      // The choice is written to [default], the comment and mode kept.
      window.saveNow()
      let written = try String(contentsOfFile: window.rulesPath, encoding: .utf8)
      XCTAssertTrue(written.contains("# my settings"), written)
      XCTAssertTrue(written.contains("mode=enforce"), written)
      XCTAssertTrue(written.contains("profile=bounce"), written)
      XCTAssertTrue(written.contains("interval-ms=500"), written)
      XCTAssertTrue(Self.text(window.rulesMessage).hasPrefix("Saved"), Self.text(window.rulesMessage))
    }
  }

  func testTheExemptToggleWritesTheAppsGroupAndKeepsTheUsersComment() throws {
    let scratch: URL = scratch
    try onMain {
      let location = try Self.rules("# ClickGuard, as I set it up\n[default]\ninterval-ms=400\n", in: scratch)
      let window = try Self.shownWindow(
        rules: location, counts: Self.counts(of: ["gedit", "mousepad"], in: scratch))
      defer { gtk_widget_destroy(window.window) }
      let toggle = try XCTUnwrap(window.exemptSwitches["gedit"], "gedit is listed").widget
      XCTAssertNotNil(window.exemptSwitches["mousepad"])
      XCTAssertEqual(gtk_switch_get_active(toggle.cast()), 0)
      GtkHarness.click(toggle, count: 1, delayMs: 0)
      GtkHarness.pump(for: 0.3)
      XCTAssertEqual(gtk_switch_get_active(toggle.cast()), 1)
      var written = try String(contentsOfFile: location.path, encoding: .utf8)
      XCTAssertTrue(written.contains("# ClickGuard, as I set it up"), written)
      XCTAssertTrue(written.contains("interval-ms=400"), written)
      let exempted = RulesFile(parsing: Array(written.utf8), location: location)
      XCTAssertEqual(exempted.warnings, [])
      XCTAssertEqual(exempted.rules.forProgram("gedit").values.mode?.value, .off)
      XCTAssertNil(exempted.rules.forProgram("mousepad").values.mode)
      // Off again: the group goes, the rest stays.
      GtkHarness.click(toggle, count: 1, delayMs: 0)
      GtkHarness.pump(for: 0.3)
      written = try String(contentsOfFile: location.path, encoding: .utf8)
      XCTAssertFalse(written.contains("[gedit]"), written)
      XCTAssertTrue(written.contains("# ClickGuard, as I set it up"), written)
      XCTAssertTrue(written.contains("interval-ms=400"), written)
    }
  }

  func testAFileThatDoesNotParseIsShownAndLeftAsItIs() throws {
    let scratch: URL = scratch
    try onMain {
      let broken = "[default\nmode=enforce\n"
      let location = try Self.rules(broken, in: scratch)
      let window = try Self.shownWindow(rules: location, counts: Self.counts(of: ["gedit"], in: scratch))
      defer { gtk_widget_destroy(window.window) }
      XCTAssertTrue(Self.text(window.rulesMessage).contains("cannot be parsed"), Self.text(window.rulesMessage))
      Self.choose(window, .bounce, windowMs: 350)
      window.saveNow()
      XCTAssertTrue(Self.text(window.rulesMessage).hasPrefix("Not saved"), Self.text(window.rulesMessage))
      XCTAssertEqual(window.problemText, "Your change was not saved. Details says why.")
      let toggle = try XCTUnwrap(window.exemptSwitches["gedit"]).widget
      GtkHarness.click(toggle, count: 1, delayMs: 0)
      GtkHarness.pump(for: 0.3)
      XCTAssertTrue(Self.text(window.rulesMessage).hasPrefix("Not saved"), Self.text(window.rulesMessage))
      XCTAssertEqual(try String(contentsOfFile: location.path, encoding: .utf8), broken)
    }
  }

  /// Switched on where the desktop does not take ClickGuard up (gsd-xsettings
  /// running since before the install), the window says so a few seconds
  /// later, with what to do in Details; where nothing explains it, it says nothing.
  func testSwitchingOnWhereTheDesktopDoesNotTakeItUpSaysWhatToDo() throws {
    let scratch: URL = scratch
    try onMain {
      let location = try Self.rules(nil, in: scratch)
      for advice in [["restart the settings daemon (stand-in)"], []] {
        let session = SessionSwitch(
          enable: { ["switched on (stand-in)"] }, disable: { ["switched off (stand-in)"] },
          status: { (["status (stand-in)"], false) }, adviceWhenNotTakenUp: { advice })
        let window = try Self.shownWindow(rules: location, defaultSize: true, session: session)
        defer { gtk_widget_destroy(window.window) }
        GtkHarness.click(window.sessionSwitch.widget, count: 1, delayMs: 0)
        GtkHarness.pump(for: 1)
        XCTAssertNil(window.problemText, "not before the desktop had time to take it up")
        GtkHarness.pump(for: 2.5)
        if advice.isEmpty {
          XCTAssertNil(window.problemText)
        } else {
          XCTAssertEqual(
            window.problemText, "ClickGuard is switched on, but GNOME has not taken it up yet. Details says what to do."
          )
          XCTAssertTrue(Self.text(window.switchReport).contains(advice[0]), Self.text(window.switchReport))
          XCTAssertTrue(
            Self.text(window.switchReport).contains("switched on (stand-in)"), Self.text(window.switchReport))
        }
      }
    }
  }

  func testASymbolicLinkIsNotReplaced() throws {
    let scratch: URL = scratch
    try onMain {
      let target = scratch.appendingPathComponent("dotfiles.conf")
      try "[default]\nmode=enforce\n".write(to: target, atomically: true, encoding: .utf8)
      let location = try Self.rules(nil, in: scratch)
      try FileManager.default.createDirectory(
        atPath: (location.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(atPath: location.path, withDestinationPath: target.path)
      let window = try Self.shownWindow(rules: location)
      defer { gtk_widget_destroy(window.window) }
      Self.choose(window, .bounce, windowMs: 350)
      window.saveNow()
      XCTAssertTrue(Self.text(window.rulesMessage).contains("symbolic link"), Self.text(window.rulesMessage))
      XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: location.path), target.path)
      XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "[default]\nmode=enforce\n")
    }
  }

  func testEveryControlHasAnAccessibleNameAndTheWindowFitsA1366By768Screen() throws {
    let scratch: URL = scratch
    try onMain {
      let programs = (1...25).map { "app\($0)" }
      let window = try Self.shownWindow(
        rules: try Self.rules(nil, in: scratch), counts: Self.counts(of: programs, in: scratch), defaultSize: true)
      defer { gtk_widget_destroy(window.window) }
      XCTAssertEqual(window.exemptSwitches.count, 25)
      var unnamed: [String] = []
      var controls = 0
      Self.walk(window.window) { widget in
        guard gtk_widget_get_can_focus(widget) != 0 else { return }
        controls += 1
        if accessibleName(of: widget).isEmpty {
          unnamed.append(swiftString(g_type_name(cg_type_of(widget.raw))) ?? "?")
        }
      }
      XCTAssertGreaterThan(controls, 30)
      XCTAssertEqual(unnamed, [], "controls without an accessible name")
      var width: Int32 = 0
      var height: Int32 = 0
      gtk_window_get_size(window.window.cast(), &width, &height)
      XCTAssertLessThanOrEqual(width, 1366, "window \(width)×\(height)")
      XCTAssertLessThanOrEqual(height, 768 - 40, "window \(width)×\(height), with room for a panel")
      for widget in [
        window.sessionSwitch.widget, window.windowSpin, window.bellSwitch.widget, window.tryIt.pad.widget,
        window.refreshApps.widget,
      ] + Array(window.profileButtons.values) {
        XCTAssertNotEqual(gtk_widget_get_mapped(widget), 0)
      }
    }
  }

  /// Presses Tab (real X keys) until the focus is on `target` or on the
  /// row that holds it, at most `limit` times.
  @MainActor
  private static func tab(to target: WidgetPointer, in window: SettingsWindow, limit: Int = 60) -> Bool {
    for _ in 0..<limit {
      if let focus = gtk_window_get_focus(window.window.cast()),
        focus == target || gtk_widget_is_ancestor(target, focus) != 0
      {
        return true
      }
      GtkHarness.xdotool(["key", "Tab"])
      GtkHarness.pump(for: 0.05)
    }
    return false
  }

  func testEverySettingIsReachedAndChangedByKeyboardAlone() throws {
    let scratch: URL = scratch
    try onMain {
      let location = try Self.rules("[default]\n", in: scratch)
      let window = try Self.shownWindow(rules: location, counts: Self.counts(of: ["gedit"], in: scratch))
      defer { gtk_widget_destroy(window.window) }
      XCTAssertEqual(
        gtk_window_get_focus(window.window.cast()), window.sessionSwitch.widget, "the switch starts focused")
      let file = { (try? String(contentsOfFile: location.path, encoding: .utf8)) ?? "" }
      // Without a key press nothing is written.
      XCTAssertFalse(file().contains("profile=bounce"))
      let bounce = try XCTUnwrap(window.profileButtons[.bounce])
      XCTAssertTrue(Self.tab(to: bounce, in: window), "Tab reaches the bounce choice")
      GtkHarness.xdotool(["key", "space"])
      GtkHarness.pump(for: 0.2)
      XCTAssertEqual(window.profile, .bounce)
      window.saveNow()
      XCTAssertTrue(file().contains("profile=bounce"), file())
      XCTAssertTrue(Self.tab(to: window.bellSwitch.widget, in: window), "Tab reaches the bell")
      GtkHarness.xdotool(["key", "space"])
      GtkHarness.pump(for: 0.4)
      XCTAssertTrue(file().contains("feedback=bell"), file())
      XCTAssertTrue(Self.tab(to: window.tryIt.pad.widget, in: window), "Tab reaches the pad")
      GtkHarness.xdotool(["key", "space"])
      GtkHarness.pump(for: 0.6)
      XCTAssertEqual(Self.text(window.tryIt.result), "You clicked 1 time; 1 counted")
      let exempt = try XCTUnwrap(window.exemptSwitches["gedit"]).widget
      XCTAssertTrue(Self.tab(to: exempt, in: window), "Tab reaches gedit's Exempt switch")
      GtkHarness.xdotool(["key", "space"])
      GtkHarness.pump(for: 0.4)
      XCTAssertTrue(file().contains("[gedit]") && file().contains("mode=off"), file())
      XCTAssertTrue(Self.tab(to: window.details, in: window), "Tab comes round to Details")
    }
  }

  /// Calls `body` with `widget` and every widget inside it.
  @MainActor
  private static func walk(_ widget: WidgetPointer, _ body: (WidgetPointer) -> Void) {
    body(widget)
    guard GObjectType.isA(widget.raw, gtk_container_get_type()) else { return }
    var list = gtk_container_get_children(widget.cast())
    let head = list
    defer { g_list_free(head) }
    while let node = list {
      if let child = node.pointee.data { walk(child.assumingMemoryBound(to: GtkWidget.self), body) }
      list = node.pointee.next
    }
  }
}
