import CGtk
import ClickGuard

/// What one control shows while its gate is busy, and its own
/// ``BusyFeedback`` setting; kept in the widget's qdata, so it outlives a
/// wrapper and goes with the widget.
///
/// Busy from an accepted activation (``BusyFeedbackWatch``) until its action
/// finished or the maximum busy time passed; that cap needs a timer here, as
/// the dispatcher notes expiry only at the next judgement.
@MainActor
final class BusyIndicator {
  /// The control's own setting; `nil` follows the watch's
  /// ``BusyFeedbackWatch/globalFeedback``.
  var feedback: BusyFeedback? {
    didSet { watch.watchIfNeeded() }
  }
  /// The feedback in force for this control.
  var effectiveFeedback: BusyFeedback { feedback ?? watch.globalFeedback }

  /// Alive as long as this indicator, which is its qdata.
  let widget: WidgetPointer
  /// The busy gates, each with its maximum busy time's timer.
  private var busyGates: [GateKey: UInt32] = [:]
  private(set) var shownLook = BusyFeedback.Look.off
  /// The input windows whose pointer was replaced, with their own pointers.
  private var replacedCursors: [(window: OpaquePointer, cursor: OpaquePointer?)] = []
  private var flashEnd: UInt32 = 0

  /// The watch that hands it the control's gate transitions.
  private let watch: BusyFeedbackWatch
  private let control: ControlID

  private init(widget: WidgetPointer, watch: BusyFeedbackWatch) {
    self.widget = widget
    self.watch = watch
    control = ControlID(object: widget.raw)
    watch.setIndicator(self, for: control)
  }

  private static let quark = GuardRuntime.quark("clickguard-busy")

  static func existing(on widget: gpointer) -> BusyIndicator? {
    guard let data = g_object_get_qdata(widget.assumingMemoryBound(to: GObject.self), quark) else { return nil }
    return Unmanaged<BusyIndicator>.fromOpaque(data).takeUnretainedValue()
  }

  /// The indicator on `widget`, attached now (driven by `watch`) if it has
  /// none.
  static func attached(to widget: WidgetPointer, watch: BusyFeedbackWatch) -> BusyIndicator {
    if let indicator = existing(on: widget.raw) { return indicator }
    let indicator = BusyIndicator(widget: widget, watch: watch)
    g_object_set_qdata_full(
      widget.cast(to: GObject.self), quark, Unmanaged.passRetained(indicator).toOpaque(), releaseBusyIndicator)
    return indicator
  }

  /// The control's activation was accepted: busy until `transition`'s
  /// deadline at the latest.
  func gateAccepted(_ transition: GateTransition) {
    let look = effectiveFeedback.busy
    guard look != .off else { return }
    MainLoop.remove(busyGates[transition.gate] ?? 0)
    let cap = transition.until.map { transition.instant.duration(to: $0) } ?? .zero
    let gate = transition.gate
    busyGates[gate] = MainLoop.after(ms: Self.milliseconds(cap)) { [weak self] in
      // The source is finishing: forget its id before it is removed.
      self?.busyGates[gate] = 0
      self?.gateReopened(gate)
    }
    show(look)
  }

  func gateReopened(_ gate: GateKey) {
    guard let cap = busyGates.removeValue(forKey: gate) else { return }
    MainLoop.remove(cap)
    if busyGates.isEmpty { show(.off) }
  }

  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
  }

  /// Whether the control tells assistive technologies it is busy.
  var isBusy: Bool { shownLook != .off }

  private func show(_ look: BusyFeedback.Look) {
    guard look != shownLook else { return }
    let wasBusy = isBusy
    shownLook = look
    let style = gtk_widget_get_style_context(widget)
    if look == .off {
      gtk_style_context_remove_class(style, BusyFeedback.busyStyleClass)
    } else {
      gtk_style_context_add_class(style, BusyFeedback.busyStyleClass)
    }
    if look == .shown { replaceCursors() } else { restoreCursors() }
    if wasBusy != isBusy { AccessibleBusyState.notify(widget, busy: isBusy) }
  }

  /// Puts the busy pointer on the control's own or input-only windows (a button's event window).
  private func replaceCursors() {
    guard replacedCursors.isEmpty, let parent = gtk_widget_get_window(widget),
      let cursor = gdk_cursor_new_from_name(gtk_widget_get_display(widget), "progress")
    else { return }
    defer { g_object_unref(UnsafeMutableRawPointer(cursor)) }
    var windows: [OpaquePointer] = []
    if gtk_widget_get_has_window(widget) != 0 { windows.append(parent) }
    var list = gdk_window_get_children_with_user_data(parent, widget.raw)
    let head = list
    while let node = list {
      if let data = node.pointee.data { windows.append(OpaquePointer(data)) }
      list = node.pointee.next
    }
    g_list_free(head)
    for window in windows {
      g_object_ref(UnsafeMutableRawPointer(window))
      let own = gdk_window_get_cursor(window)
      if let own { g_object_ref(UnsafeMutableRawPointer(own)) }
      replacedCursors.append((window, own))
      gdk_window_set_cursor(window, cursor)
    }
  }

  private func restoreCursors() {
    for (window, own) in replacedCursors {
      if gdk_window_is_destroyed(window) == 0 { gdk_window_set_cursor(window, own) }
      if let own { g_object_unref(UnsafeMutableRawPointer(own)) }
      g_object_unref(UnsafeMutableRawPointer(window))
    }
    replacedCursors.removeAll()
  }

  /// Flashes a dropped click, when that is on.
  func droppedClick() {
    guard effectiveFeedback.flashesDroppedClicks else { return }
    watch.installFlashStyle(for: widget)
    gtk_style_context_add_class(gtk_widget_get_style_context(widget), BusyFeedback.droppedStyleClass)
    MainLoop.remove(flashEnd)
    flashEnd = MainLoop.after(ms: BusyFeedbackWatch.flashMilliseconds) { [weak self] in
      guard let self else { return }
      self.flashEnd = 0
      gtk_style_context_remove_class(gtk_widget_get_style_context(self.widget), BusyFeedback.droppedStyleClass)
    }
  }

  fileprivate func widgetFinalized() {
    for cap in busyGates.values { MainLoop.remove(cap) }
    busyGates.removeAll()
    MainLoop.remove(flashEnd)
    for (window, own) in replacedCursors {
      if let own { g_object_unref(UnsafeMutableRawPointer(own)) }
      g_object_unref(UnsafeMutableRawPointer(window))
    }
    replacedCursors.removeAll()
    watch.setIndicator(nil, for: control)
  }
}

/// The qdata destroy notify: the widget is being finalized, on the main thread.
private let releaseBusyIndicator: @convention(c) (gpointer?) -> Void = { data in
  guard let data else { return }
  let indicator = Unmanaged<BusyIndicator>.fromOpaque(data)
  MainActor.assumeIsolated { indicator.takeUnretainedValue().widgetFinalized() }
  indicator.release()
}
