// DemoWidgets: the names of the demo's pages and interactive widgets, with
// their accessible names. The app, its layout log line, the tests and the
// showcase driver all use this table.

import ClickGuardGObject

/// A named interactive widget of the demo.
package struct DemoWidget: Hashable, Sendable {
  /// The stable name: GtkBuilder id, widget name, log `control` name.
  package let name: String
  /// `home`, `details`, `chrome` (navigation bar), `panel` or `timeline`.
  let area: String
  /// The English accessible name, marked translatable; `{page}` stands for
  /// ``page``.
  private let accessibleTemplate: String
  /// The details page the widget is on, or empty.
  private let page: String

  /// A widget named `name` in `area`; `accessibleName` is English, marked
  /// with `translatable`, with `{page}` for `page`.
  init(name: String, accessibleName: String, area: String, page: String = "") {
    self.name = name
    self.area = area
    accessibleTemplate = accessibleName
    self.page = page
  }

  /// What assistive technologies read, in English (as under the C locale).
  package var accessibleName: String { accessibleTemplate.filling(["page": page]) }

  /// What assistive technologies read, in the reader's language.
  var localizedAccessibleName: String { translated(accessibleTemplate).filling(["page": page]) }
}

/// The demo's pages and widgets.
package enum DemoWidgets {
  /// The guarded button that opens a details page.
  package static let openDetails = DemoWidget(
    name: "open-details", accessibleName: translatable("Open details"), area: "home")
  /// Its unguarded twin (policy exempt): shows the bug.
  package static let openDetailsUnguarded = DemoWidget(
    name: "open-details-unguarded", accessibleName: translatable("Open details (unguarded)"), area: "home")
  /// The GtkActionable twin: navigates through the `app.open-details` GAction.
  package static let openDetailsAction = DemoWidget(
    name: "open-details-action", accessibleName: translatable("Open details (GAction)"), area: "home")
  /// A switch (skipped by default: toggles freely).
  package static let notificationsSwitch = DemoWidget(
    name: "notifications-switch", accessibleName: translatable("Notifications"), area: "home")
  /// A check button (skipped by default: toggles freely).
  package static let rememberCheck = DemoWidget(
    name: "remember-check", accessibleName: translatable("Remember my choice"), area: "home")
  /// The navigation bar's back button.
  package static let back = DemoWidget(name: "back", accessibleName: translatable("Back"), area: "chrome")

  /// The button at the spot of "Open details" on the details page `page`
  /// (`details`, `details-2`, …).
  package static func detailsAction(page: String) -> DemoWidget {
    DemoWidget(
      name: "\(page)-action", accessibleName: translatable("Add to cart ({page})"), area: page, page: page)
  }

  /// Whether `name` is a details page's "Add to cart" button, on any page.
  package static func isDetailsAction(_ name: String) -> Bool {
    name.hasPrefix(detailsPage) && name.hasSuffix("-action")
  }

  /// The second guarded button on the details page `page`, "Add to
  /// wishlist": a different control from "Add to cart", with its own gate.
  package static func detailsWishlist(page: String) -> DemoWidget {
    DemoWidget(
      name: "\(page)-wishlist", accessibleName: translatable("Add to wishlist ({page})"), area: page, page: page)
  }

  /// The page controls listed in the per-control combo, in order; the
  /// details pages' buttons are tuned together as `details-action` and
  /// `details-wishlist`.
  static let tunable: [DemoWidget] = [
    openDetails, openDetailsUnguarded, openDetailsAction, notificationsSwitch, rememberCheck,
    detailsAction(page: "details"), detailsWishlist(page: "details"), back,
  ]

  /// The controls panel's widgets (GtkBuilder ids in demo.ui).
  static let panel: [DemoWidget] = [
    ("guard-switch", translatable("Click guard")),
    ("observe-check", translatable("Observe only")),
    ("interval-spin", translatable("Global interval (ms)")),
    ("control-combo", translatable("Control to tune")),
    ("control-policy-combo", translatable("Policy of the selected control")),
    ("control-interval-spin", translatable("Interval of the selected control (ms)")),
    ("control-follow-global-check", translatable("Selected control follows the global interval")),
    ("fence-switch", translatable("Spill-over fence")),
    ("stall-spin", translatable("Main-loop stall (ms)")),
    ("stall-every-spin", translatable("Stall period (ms)")),
    ("stall-arm-button", translatable("Stall on the next click")),
    ("handler-lag-spin", translatable("Handler lag (ms)")),
    ("async-spin", translatable("Async load delay (ms)")),
    ("transition-spin", translatable("Transition (ms)")),
    ("navigate-later-check", translatable("Navigate on the next main-loop turn")),
    ("reset-button", translatable("Reset counters")),
    ("log-view", translatable("Decision and navigation log")),
  ].map { DemoWidget(name: $0.0, accessibleName: $0.1, area: "panel") }

  /// The note under the stall settings, shown when the panel cut a
  /// periodic stall short of its period. Hidden at start; its accessible
  /// name is its text.
  static let stallNote = DemoWidget(name: "stall-note", accessibleName: "", area: "panel")

  /// The root page's name.
  static let homePage = "home"
  /// The first details page's name; more are `details-2`, `details-3`, …
  package static let detailsPage = "details"

  /// The details page name for the `index`-th copy on the stack (1-based).
  static func detailsPageName(_ index: Int) -> String {
    index <= 1 ? detailsPage : "\(detailsPage)-\(index)"
  }

  /// The accessible name of page `page`, in the reader's language.
  static func pageAccessibleName(_ page: String) -> String {
    page == homePage ? localized("Home page") : localized("Details page ({page})").filling(["page": page])
  }
}
