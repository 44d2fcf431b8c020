// StackNavigator: idempotent navigation and the spill-over fence, with real
// clicks under injected handler lag.

import CGtk
import ClickGuard
import ClickGuardTestSupport
import Foundation
import XCTest

@testable import ClickGuardGtk

final class NavigatorTests: XCTestCase {
  /// Two pages whose buttons fill the same spot, in a shown window.
  @MainActor
  private struct Fixture {
    let navigator: StackNavigator
    let open: Button
    let detailsButton: Button
    let window: WidgetPointer

    init() {
      open = Button(label: "Open details")
      detailsButton = Button(label: "Details action")
      navigator = StackNavigator(root: "home", page: open.widget, title: "Home")
      try? navigator.addPage("details", widget: detailsButton.widget, title: "Details")
      window = GtkHarness.showWindow(navigator.stack, width: 300, height: 200)
    }
  }

  func testPushIsIdempotentAndPopsBack() throws {
    try onMain {
      try GtkHarness.start()
      GtkHarness.freshDispatcher()
      let fixture = Fixture()
      defer { GtkHarness.close(fixture.window) }
      let navigator = fixture.navigator
      XCTAssertEqual(try navigator.push("details").get().depth, 2)
      XCTAssertEqual(navigator.push("details"), .failure(.alreadyOnTop("details")))
      if case .failure(.unknownPage("nowhere", _)) = navigator.push("nowhere") {} else { XCTFail("unknown page") }
      GtkHarness.pump(until: { !navigator.isTransitionRunning }, timeout: 2)
      XCTAssertEqual(try navigator.pop().get().to, "home")
      XCTAssertEqual(navigator.pop(), .failure(.atRoot))
      XCTAssertThrowsError(try navigator.addPage("details", widget: gtk_label_new("x"), title: "again"))
      XCTAssertEqual(navigator.history.rejections["already-on-top"], 1)
    }
  }

  /// Keeps clicking the spot of "Open details" while its handler lags 1 s:
  /// with the fence, the details page's button at that spot never fires;
  /// without it, it does.
  func testSpillOverClicksNeverReachTheNextPage() throws {
    try onMain {
      try GtkHarness.start()
      for fenced in [true, false] {
        GtkHarness.freshDispatcher()
        let fixture = Fixture()
        fixture.navigator.fenceSettings.isEnabled = fenced
        var navigations = 0
        var detailsActions = 0
        fixture.open.onClick {
          usleep(1_000_000)
          if case .success = fixture.navigator.push("details") { navigations += 1 }
        }
        fixture.detailsButton.onClick { detailsActions += 1 }
        GtkHarness.click(fixture.open.widget, count: 12, delayMs: 150)
        GtkHarness.pump(for: 0.8)
        GtkHarness.close(fixture.window)
        XCTAssertEqual(navigations, 1, "fenced: \(fenced)")
        if fenced {
          XCTAssertEqual(detailsActions, 0, "spill-over reached the details page")
        } else {
          XCTAssertGreaterThan(detailsActions, 0, "without the fence the spill-over should happen")
        }
      }
    }
  }
}
