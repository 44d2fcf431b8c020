import CGtk4
import ClickGuard

/// A navigator over a GtkStack: push, pop, pop-to-root, replace; named pages;
/// history; a header bar whose guarded back button pops. The same calls as
/// the GTK 3 layer's navigator, with the same refusals and events.
///
/// Navigation is idempotent: pushing the page on top, or during a
/// transition, is a reported no-op, so the repeated clicks of a lagging
/// "Open" button push its page once. Each newly shown page and the header
/// bar are fenced by the fresh-content fence, with or without ``GlobalGuard``:
/// clicks queued while the app lagged do not land on the page that appeared.
@MainActor
public final class StackNavigator: StackNavigating {
  /// The GtkStack holding the pages.
  public let stack: WidgetPointer
  /// A GtkHeaderBar showing the top page's title and the back button.
  public let headerBar: WidgetPointer
  /// The guarded back button, which pops; shown above the root only.
  public let backButton: Button
  /// The stack of pages, known pages and counters.
  public var history: NavigationHistory { navigation.history }
  /// How the fence treats each newly shown page (``SpillOverFence/defaultSettle``
  /// by default); off lets input reach the top page at once.
  public var fenceSettings = FenceSettings(settle: SpillOverFence.defaultSettle) {
    didSet {
      guard !fenceSettings.isEnabled else { return }
      for content in fencedContent { fences.disarm(content) }
    }
  }

  private let titleLabel: WidgetPointer
  private let navigation: PageNavigation
  private var dropObserver: ObservationToken?
  /// The process's fence, which guards the pages.
  private let fences = GtkClickGuard.runtime.fences

  /// Creates a navigator showing `root`.
  /// - Parameters:
  ///   - root: the root page's name.
  ///   - page: the root page's widget.
  ///   - title: the title shown in the header bar on that page.
  ///   - durationMs: how long pages take to slide in (set others on ``stack``).
  public init(root: String, page: WidgetPointer, title: String, durationMs: UInt32 = 250) {
    stack = gtk_stack_new()
    g_object_ref_sink(stack)
    gtk_stack_set_transition_type(OpaquePointer(stack), GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT)
    gtk_stack_set_transition_duration(OpaquePointer(stack), durationMs)
    gtk_stack_set_hhomogeneous(OpaquePointer(stack), 0)
    gtk_stack_set_vhomogeneous(OpaquePointer(stack), 0)
    headerBar = gtk_header_bar_new()
    g_object_ref_sink(headerBar)
    titleLabel = gtk_label_new(title)
    gtk_widget_add_css_class(titleLabel, "title")
    gtk_header_bar_set_title_widget(OpaquePointer(headerBar), titleLabel)
    backButton = Button(label: "Back")
    gtk_header_bar_pack_start(OpaquePointer(headerBar), backButton.widget)
    navigation = PageNavigation(root: root, title: title)
    gtk_stack_add_named(OpaquePointer(stack), page, root)
    gtk_stack_set_visible_child_name(OpaquePointer(stack), root)
    backButton.onClick { [weak self] in self?.pop() }
    Signal.notify(stack, property: "transition-running") { [weak self] _ in self?.transitionChanged() }
    GtkClickGuard.runtime.installPlumbing()
    fences.manage(stack)
    dropObserver = fences.droppedPresses.add { [weak self] content, reason, eventTime in
      self?.fenceDropped(content, reason: reason, eventTime: eventTime)
    }
    updateChrome()
  }

  isolated deinit {
    if let dropObserver { fences.droppedPresses.remove(dropObserver) }
    g_object_unref(headerBar)
    g_object_unref(stack)
  }

  /// Adds a page.
  /// - Throws: ``NavigatorError`` when the name is taken (GtkStack would only warn).
  public func addPage(_ name: String, widget: WidgetPointer, title: String) throws(NavigatorError) {
    try navigation.addPage(name, title: title)
    gtk_stack_add_named(OpaquePointer(stack), widget, name)
  }

  /// Whether a transition is animating now.
  package var isTransitionRunning: Bool { gtk_stack_get_transition_running(OpaquePointer(stack)) != 0 }

  /// Calls `body` with every navigator event.
  @discardableResult
  public func addObserver(_ body: @escaping @MainActor (NavigatorEvent) -> Void) -> ObservationToken {
    navigation.addObserver(body)
  }

  /// Stops calling the observer `token` names.
  public func removeObserver(_ token: ObservationToken) {
    navigation.removeObserver(token)
  }

  /// Performs `request` and shows the page it leaves on top, sliding back for a pop.
  @discardableResult
  public func navigate(_ request: NavigationRequest) -> Result<NavigationChange, NavigationRejection> {
    navigation.perform(request, transitionRunning: isTransitionRunning) { change, forward in
      let type = gtk_stack_get_transition_type(OpaquePointer(stack))
      let played = forward ? type : GtkStackTransitionType(StackTransition(rawValue: type.rawValue).reversed.rawValue)
      gtk_stack_set_visible_child_full(OpaquePointer(stack), change.to, played)
      updateChrome()
      guard fenceSettings.isEnabled else { return }
      for content in fencedContent {
        fences.appeared(content, settings: fenceSettings, managed: true, transitionRunning: isTransitionRunning)
      }
    }
  }

  private func transitionChanged() {
    guard !isTransitionRunning else { return }
    for content in fencedContent { fences.transitionFinished(content) }
  }

  /// The top page and the header bar: what a new page puts in front of a person.
  private var fencedContent: [WidgetPointer] {
    [gtk_stack_get_visible_child(OpaquePointer(stack)), headerBar].compactMap { $0 }
  }

  private func fenceDropped(_ content: WidgetPointer, reason: SpillOverFence.Reason, eventTime: EventTimestamp?) {
    guard fencedContent.contains(content) else { return }
    navigation.report(.inputDropped(page: history.top, reason: reason, eventTime: eventTime))
  }

  private func updateChrome() {
    gtk_label_set_text(OpaquePointer(titleLabel), navigation.topTitle)
    gtk_widget_set_visible(backButton.widget, history.depth > 1 ? 1 : 0)
  }
}
