import CGtk
import ClickGuard

/// A navigator over a GtkStack: push, pop, pop-to-root, replace; named pages;
/// history; a header bar whose guarded back button pops.
///
/// Navigation is idempotent: pushing the page already on top, or pushing
/// while a transition runs, is a no-op that is counted and reported. Each
/// newly shown page is fenced (``SpillOverFence``): presses stamped before it
/// appeared, presses during its transition and its settle delay, and the rest
/// of a burst that began before it settled never reach it.
@MainActor
public final class StackNavigator {
  /// The GtkStack holding the pages.
  public let stack: WidgetPointer
  /// A GtkHeaderBar showing the top page's title and the back button.
  public let headerBar: WidgetPointer
  /// The back button (guarded; pops).
  public let backButton: Button
  /// The history: stack, known pages, counters.
  public private(set) var history: NavigationHistory
  /// The spill-over fence of the page on top. Change ``SpillOverFence/settle``
  /// to tune it.
  public var fence = SpillOverFence()
  /// Whether the spill-over fence judges input. Default: on.
  public var isFenceEnabled = true

  private var titles: [String: String] = [:]
  private let observers = ObserverList<@MainActor (NavigatorEvent) -> Void>()
  private var filterID: ObservationToken?

  /// Creates a navigator showing `root`.
  /// - Parameters:
  ///   - root: the root page's name.
  ///   - page: the root page's widget.
  ///   - title: the title shown in the header bar on that page.
  ///   - durationMs: how long pages take to slide in; another kind of
  ///     transition can be set on ``stack`` with GTK.
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
    filterID = InputFilter.add { [weak self] event in self?.filter(event) ?? false }
    updateChrome()
  }

  isolated deinit {
    if let filterID { InputFilter.remove(filterID) }
    g_object_unref(headerBar.raw)
    g_object_unref(stack.raw)
  }

  /// Adds a page.
  /// - Throws: ``NavigatorError`` when a page named `name` exists already
  ///   (GtkStack would only warn and add a second one).
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
  public var isTransitionRunning: Bool { gtk_stack_get_transition_running(stack.cast()) != 0 }

  /// Pushes `page`; a no-op (reported) when it is on top already, unknown, or
  /// a transition runs.
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

  /// Stops calling the observer `id` names.
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
      let window = gtk_widget_get_window(stack)
      let serverTime = window.map { cg_server_time($0) } ?? 0
      fence.pageAppeared(
        serverTime: EventTimestamp(gdkTime: serverTime), transitionRunning: isTransitionRunning,
        at: ClickClock.system.now)
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
    if !isTransitionRunning { fence.transitionFinished(at: ClickClock.system.now) }
  }

  private func updateChrome() {
    gtk_header_bar_set_title(headerBar.cast(), titles[history.top] ?? history.top)
    if history.depth > 1 { gtk_widget_show(backButton.widget) } else { gtk_widget_hide(backButton.widget) }
  }

  private func report(_ event: NavigatorEvent) {
    for observer in observers.observers { observer(event) }
  }

  /// The input filter: judges presses aimed at the stack or the header bar.
  private func filter(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
    guard isFenceEnabled, fence.isArmed else { return false }
    let type = gdk_event_get_event_type(event)
    let target: WidgetPointer?
    switch type {
    case GDK_BUTTON_PRESS, GDK_2BUTTON_PRESS, GDK_3BUTTON_PRESS, GDK_TOUCH_BEGIN:
      var data: gpointer?
      if let window = cg_event_window(event) { gdk_window_get_user_data(window, &data) }
      target = data?.assumingMemoryBound(to: GtkWidget.self)
    case GDK_KEY_PRESS:
      var data: gpointer?
      if let window = cg_event_window(event) { gdk_window_get_user_data(window, &data) }
      let toplevel = data?.assumingMemoryBound(to: GtkWidget.self)
      target = toplevel.flatMap {
        GObjectType.isA($0.raw, gtk_window_get_type()) ? gtk_window_get_focus($0.cast()) : nil
      }
    default:
      return false
    }
    guard let target, isInside(target) else { return false }
    let verdict = fence.judge(eventTime: EventTimestamp(gdkTime: gdk_event_get_time(event)), at: ClickClock.system.now)
    guard case .drop(let reason) = verdict else { return false }
    report(
      .inputDropped(page: history.top, reason: reason, eventTime: EventTimestamp(gdkTime: gdk_event_get_time(event))))
    return true
  }

  private func isInside(_ widget: WidgetPointer) -> Bool {
    widget == stack || widget == headerBar || gtk_widget_is_ancestor(widget, stack) != 0
      || gtk_widget_is_ancestor(widget, headerBar) != 0
  }
}
