// DemoPages: the home page and the details pages, each built from the same
// page.ui layout so their primary buttons share one spot on screen.

import CGtk
import ClickGuard
import ClickGuardGObject
import ClickGuardGtk

/// Wraps a builder widget, turning a wrapping error into a start error.
@MainActor
func adopt<C>(_ make: () throws(ControlError) -> C) throws(DemoStartError) -> C {
  do {
    return try make()
  } catch {
    throw DemoStartError(localized("demo layout: {error}").filling(["error": error.description]))
  }
}

/// The shared layout: a page box whose first child is the primary button.
@MainActor
private struct PageLayout {
  let builder: UIBuilder
  let root: WidgetPointer
  let primary: WidgetPointer
  let extras: WidgetPointer

  init(resources: String, page: String, primaryName: String, primaryLabel: String) throws(DemoStartError) {
    builder = try UIBuilder(resources: resources, name: "page.ui")
    root = try builder.widget("page")
    primary = try builder.widget("primary")
    extras = try builder.widget("extras")
    gtk_widget_set_name(root, page + "-page")
    gtk_widget_set_name(primary, primaryName)
    gtk_button_set_label(primary.cast(), primaryLabel)
    setAccessibleName(root, DemoWidgets.pageAccessibleName(page))
  }
}

/// The root page: "Open details", its unguarded and GAction twins, a switch
/// and a check button.
@MainActor
final class HomePage {
  /// The page's container.
  let root: WidgetPointer
  /// The guarded "Open details".
  let openDetails: Button
  /// The unguarded twin (policy exempt).
  let openDetailsUnguarded: Button
  /// The GtkActionable twin (`app.open-details`).
  let openDetailsAction: Button
  /// A switch (skipped by default).
  let notifications: Switch
  /// A check button (skipped by default).
  let remember: CheckButton
  private let builders: [UIBuilder]

  init(resources: String) throws(DemoStartError) {
    let layout = try PageLayout(
      resources: resources, page: DemoWidgets.homePage, primaryName: DemoWidgets.openDetails.name,
      primaryLabel: localized("Open details"))
    let extras = try UIBuilder(resources: resources, name: "home-extras.ui")
    gtk_container_add(layout.extras.cast(), try extras.widget("home-extras"))
    root = layout.root
    let primary = layout.primary
    let unguarded = try extras.widget(DemoWidgets.openDetailsUnguarded.name)
    let actionable = try extras.widget(DemoWidgets.openDetailsAction.name)
    let switchWidget = try extras.widget(DemoWidgets.notificationsSwitch.name)
    let check = try extras.widget(DemoWidgets.rememberCheck.name)
    openDetails = try adopt { () throws(ControlError) in try Button(adopting: primary) }
    openDetailsUnguarded = try adopt { () throws(ControlError) in try Button(adopting: unguarded) }
    openDetailsAction = try adopt { () throws(ControlError) in try Button(adopting: actionable) }
    notifications = try adopt { () throws(ControlError) in try Switch(adopting: switchWidget) }
    remember = try adopt { () throws(ControlError) in try CheckButton(adopting: check) }
    openDetailsUnguarded.policy = .exempt
    // While its click's load runs: the busy pointer, the busy state for
    // screen readers, and a flash for each click dropped meanwhile.
    openDetails.busyFeedback = BusyFeedback(busy: .shown, flashesDroppedClicks: true)
    builders = [layout.builder, extras]
  }
}

/// A details page: "Add to cart" at the spot of "Open details", "Add to
/// wishlist" further down, and their counts.
@MainActor
final class DetailsPage {
  /// The navigator's page name.
  let name: String
  /// The page's container.
  let root: WidgetPointer
  /// The button at the spot of "Open details".
  let action: Button
  /// Its name in logs and counters.
  let actionName: String
  /// "Add to wishlist": a second guarded button with its own gate.
  let wishlist: Button
  /// Its name in logs and counters.
  let wishlistName: String
  private let countLabel: WidgetPointer
  private let wishlistLabel: WidgetPointer
  private var count = 0
  private var wishlistCount = 0
  private let builders: [UIBuilder]

  init(resources: String, name: String) throws(DemoStartError) {
    self.name = name
    let widget = DemoWidgets.detailsAction(page: name)
    let layout = try PageLayout(
      resources: resources, page: name, primaryName: widget.name, primaryLabel: localized("Add to cart"))
    let extras = try UIBuilder(resources: resources, name: "details-extras.ui")
    gtk_container_add(layout.extras.cast(), try extras.widget("details-extras"))
    root = layout.root
    countLabel = try extras.widget("details-count")
    wishlistLabel = try extras.widget("details-wishlist-count")
    let primary = layout.primary
    action = try adopt { () throws(ControlError) in try Button(adopting: primary) }
    action.setAccessibleName(widget.localizedAccessibleName)
    actionName = widget.name
    let wishlistWidget = try extras.widget("details-wishlist")
    wishlist = try adopt { () throws(ControlError) in try Button(adopting: wishlistWidget) }
    wishlistName = DemoWidgets.detailsWishlist(page: name).name
    builders = [layout.builder, extras]
    showCounts()
  }

  /// Counts one "Add to cart" and shows it.
  func countAction() {
    count += 1
    showCounts()
  }

  /// Counts one "Add to wishlist" and shows it.
  func countWishlist() {
    wishlistCount += 1
    showCounts()
  }

  private func showCounts() {
    gtk_label_set_text(
      countLabel.cast(),
      localizedPlural("Added to cart: {count} time", "Added to cart: {count} times", count: count).filling([
        "count": String(count)
      ]))
    gtk_label_set_text(
      wishlistLabel.cast(),
      localizedPlural("Added to wishlist: {count} time", "Added to wishlist: {count} times", count: wishlistCount)
        .filling(["count": String(wishlistCount)]))
  }

  /// The page's title in the navigation bar, in English (the log's).
  var title: String {
    name == DemoWidgets.detailsPage ? "Details" : "Details (\(copy))"
  }

  /// The page's title in the navigation bar, in the reader's language.
  var localizedTitle: String {
    name == DemoWidgets.detailsPage
      ? localized("Details") : localized("Details ({copy})").filling(["copy": String(copy)])
  }

  /// Which copy of the details page this is (`2` for `details-2`).
  private var copy: Substring { name.dropFirst(DemoWidgets.detailsPage.count + 1) }
}
