import CGtk
import ClickGuard

/// A navigator over a GtkStack: push, pop, pop-to-root, replace; named pages;
/// history; a header bar whose guarded back button pops.
///
/// Navigation is idempotent: pushing the page on top, or during a transition,
/// is a reported no-op. Each newly shown page and the header bar are fenced
/// by the fresh-content fence, with or without ``GlobalGuard``.
@MainActor
public final class StackNavigator {
  /// The GtkStack holding the pages.
  public let stack: WidgetPointer
  /// A GtkHeaderBar showing the top page's title and the back button.
  public let headerBar: WidgetPointer
  /// The guarded back button, which pops.
  public let backButton: Button
  /// The stack of pages, known pages and counters.
  public private(set) var history: NavigationHistory
  /// How the fence treats each newly shown page (``SpillOverFence/defaultSettle``
  /// by default); off lets input reach the top page at once.
  public var fenceSettings = FenceSettings(settle: SpillOverFence.defaultSettle) {
    didSet {
      guard !fenceSettings.isEnabled else { return }
      for content in fencedContent { FencedContent.existing(on: content.raw)?.fence.disarm() }
    }
  }

  private var titles: [String: String] = [:]
  private let observers = ObserverList<@MainActor (NavigatorEvent) -> Void>()
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
    history = NavigationHistory(root: root)
    titles[root] = title
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
    guard history.register(name) else {
      throw NavigatorError(description: "a page named '\(name)' exists already; page names must be unique")
    }
    titles[name] = title
    gtk_stack_add_named(stack.cast(), widget, name)
  }

  /// The page on top.
  public var top: String { history.top }

  /// Whether a transition is animating now.
  package var isTransitionRunning: Bool { gtk_stack_get_transition_running(stack.cast()) != 0 }

  /// Pushes `page`; a reported no-op when it is on top, unknown, or a transition runs.
  @discardableResult
  public func push(_ page: String) -> Result<NavigationChange, NavigationRejection> {
    apply(history.push(page, transitionRunning: isTransitionRunning), forward: true)
  }

  /// Pops the top page; a no-op (reported) on the root.
  @discardableResult
  public func pop() -> Result<NavigationChange, NavigationRejection> {
    apply(history.pop(), forward: false)
  }

  /// Pops to the root page; a no-op (reported) on the root.
  @discardableResult
  public func popToRoot() -> Result<NavigationChange, NavigationRejection> {
    apply(history.popToRoot(), forward: false)
  }

  /// Replaces the top page with `page`.
  @discardableResult
  public func replace(with page: String) -> Result<NavigationChange, NavigationRejection> {
    apply(history.replace(with: page, transitionRunning: isTransitionRunning), forward: true)
  }

  /// Calls `body` with every navigator event.
  @discardableResult
  public func addObserver(_ body: @escaping @MainActor (NavigatorEvent) -> Void) -> ObservationToken {
    observers.add(body)
  }

  /// Stops calling the observer `token` names.
  public func removeObserver(_ token: ObservationToken) {
    observers.remove(token)
  }

  private func apply(
    _ result: Result<NavigationChange, NavigationRejection>, forward: Bool
  ) -> Result<NavigationChange, NavigationRejection> {
    switch result {
    case .failure(let rejection):
      report(.ignored(rejection))
    case .success(let change):
      let type = gtk_stack_get_transition_type(stack.cast())
      gtk_stack_set_visible_child_full(stack.cast(), change.to, forward ? type : reversed(type))
      updateChrome()
      if fenceSettings.isEnabled {
        for content in fencedContent {
          runtime.fences.appeared(
            content, defaults: fenceSettings, managed: true, transitionRunning: isTransitionRunning)
        }
      }
      report(.navigated(change))
    }
    return result
  }

  private func reversed(_ type: GtkStackTransitionType) -> GtkStackTransitionType {
    switch type {
    case GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT: GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT
    case GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT: GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT
    case GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT
    case GTK_STACK_TRANSITION_TYPE_SLIDE_UP_DOWN: GTK_STACK_TRANSITION_TYPE_SLIDE_DOWN
    default: type
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
    gtk_header_bar_set_title(headerBar.cast(), titles[history.top] ?? history.top)
    if history.depth > 1 { gtk_widget_show(backButton.widget) } else { gtk_widget_hide(backButton.widget) }
  }

  private func report(_ event: NavigatorEvent) {
    for observer in observers.observers { observer(event) }
  }

  private func fenceDropped(_ fenced: FencedInput) {
    guard case .fenced(let reason) = fenced.outcome, fencedContent.contains(fenced.content) else { return }
    report(.inputDropped(page: history.top, reason: reason, eventTime: fenced.eventTime))
  }
}

/// A page was added twice or was not a widget.
public struct NavigatorError: Error, Equatable, CustomStringConvertible {
  /// What went wrong, naming the page.
  public let description: String
}

/// Something the navigator did or refused, for logs and counters.
public enum NavigatorEvent: Sendable {
  /// A navigation happened.
  case navigated(NavigationChange)
  /// A navigation was refused (repeated push, push during a transition, …).
  case ignored(NavigationRejection)
  /// The fence dropped input aimed at `page`.
  case inputDropped(page: String, reason: SpillOverFence.Reason, eventTime: EventTimestamp?)
}
