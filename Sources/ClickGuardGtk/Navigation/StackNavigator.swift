import CGtk
import ClickGuard

/// A navigator over a GtkStack: push, pop, pop-to-root, replace; named pages;
/// history; a header bar whose guarded back button pops.
///
/// Navigation is idempotent: pushing the page on top, or during a transition,
/// is a reported no-op. Each newly shown page and the header bar are fenced
/// by the fresh-content fence, with or without ``GlobalGuard``.
@MainActor
public final class StackNavigator: StackNavigating {
  /// The GtkStack holding the pages.
  public let stack: WidgetPointer
  /// A GtkHeaderBar showing the top page's title and the back button.
  public let headerBar: WidgetPointer
  /// The guarded back button, which pops.
  public let backButton: Button
  /// The stack of pages, known pages and counters.
  public var history: NavigationHistory { navigation.history }
  /// How the fence treats each newly shown page (``SpillOverFence/defaultSettle``
  /// by default); off lets input reach the top page at once.
  public var fenceSettings = FenceSettings(settle: SpillOverFence.defaultSettle) {
    didSet {
      guard !fenceSettings.isEnabled else { return }
      for content in fencedContent { runtime.fences.disarm(content) }
    }
  }

  private let navigation: PageNavigation
  private var fenceObserver: ObservationToken?
  /// The process's runtime, whose fence guards the pages.
  private let runtime = GtkClickGuard.runtime

  /// Creates a navigator showing `root`.
  /// - Parameters:
  ///   - root: the root page's name.
  ///   - page: the root page's widget.
  ///   - title: the title shown in the header bar on that page.
  ///   - durationMs: how long pages take to slide in (set others on ``stack``).
  public init(root: String, page: WidgetPointer, title: String, durationMs: UInt32 = 250) {
    stack = gtk_stack_new()
    g_object_ref_sink(stack.raw)
    gtk_stack_set_transition_type(stack.cast(), GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT)
    gtk_stack_set_transition_duration(stack.cast(), durationMs)
    gtk_stack_set_homogeneous(stack.cast(), 0)
    headerBar = gtk_header_bar_new()
    g_object_ref_sink(headerBar.raw)
    gtk_header_bar_set_show_close_button(headerBar.cast(), 1)
    backButton = Button(label: "Back")
    backButton.setAccessibleName("Back")
    gtk_widget_set_no_show_all(backButton.widget, 1)
    gtk_header_bar_pack_start(headerBar.cast(), backButton.widget)
    navigation = PageNavigation(root: root, title: title)
    gtk_stack_add_named(stack.cast(), page, root)
    gtk_stack_set_visible_child_name(stack.cast(), root)
    backButton.onClick { [weak self] in self?.pop() }
    Signal.notify(stack.raw, property: "transition-running") { [weak self] _ in self?.transitionChanged() }
    runtime.installPlumbing()
    runtime.fences.manage(stack)
    fenceObserver = runtime.fences.fencedInputs.add { [weak self] fenced in self?.fenceDropped(fenced) }
    updateChrome()
  }

  isolated deinit {
    if let fenceObserver { runtime.fences.fencedInputs.remove(fenceObserver) }
    g_object_unref(headerBar.raw)
    g_object_unref(stack.raw)
  }

  /// Adds a page.
  /// - Throws: ``NavigatorError`` when the name is taken (GtkStack would only warn).
  public func addPage(_ name: String, widget: WidgetPointer, title: String) throws(NavigatorError) {
    try navigation.addPage(name, title: title)
    gtk_stack_add_named(stack.cast(), widget, name)
  }

  /// Whether a transition is animating now.
  package var isTransitionRunning: Bool { gtk_stack_get_transition_running(stack.cast()) != 0 }

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
      let type = gtk_stack_get_transition_type(stack.cast())
      let played = forward ? type : GtkStackTransitionType(StackTransition(rawValue: type.rawValue).reversed.rawValue)
      gtk_stack_set_visible_child_full(stack.cast(), change.to, played)
      updateChrome()
      guard fenceSettings.isEnabled else { return }
      for content in fencedContent {
        runtime.fences.appeared(
          content, defaults: fenceSettings, managed: true, transitionRunning: isTransitionRunning)
      }
    }
  }

  private func transitionChanged() {
    guard !isTransitionRunning else { return }
    for content in fencedContent { runtime.fences.transitionFinished(content) }
  }

  private var fencedContent: [WidgetPointer] {
    [gtk_stack_get_visible_child(stack.cast()), headerBar].compactMap { $0 }
  }

  private func updateChrome() {
    gtk_header_bar_set_title(headerBar.cast(), navigation.topTitle)
    if history.depth > 1 { gtk_widget_show(backButton.widget) } else { gtk_widget_hide(backButton.widget) }
  }

  private func fenceDropped(_ fenced: FencedInput) {
    guard case .fenced(let reason) = fenced.outcome, fencedContent.contains(fenced.content) else { return }
    navigation.report(.inputDropped(page: history.top, reason: reason, eventTime: fenced.eventTime))
  }
}
