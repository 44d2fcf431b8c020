import CGtk
import ClickGuard

/// The fence of one content widget (a window, dialog, popover or page) that
/// appeared: its ``SpillOverFence`` and whether ClickGuard judges input
/// for it even without the global install (a ``StackNavigator`` page).
///
/// Kept in the widget's qdata with a destroy notify, like
/// ``WidgetGuardState``: it goes with the widget.
@MainActor
final class FencedContent {
  /// The state machine judging presses aimed at this content.
  var fence: SpillOverFence
  /// Whether a wrapper (``StackNavigator``) fences this content itself, so
  /// it is judged whether or not the global install is on.
  var isManaged = false
  /// The monotonic clock's milliseconds (`CLOCK_MONOTONIC`) when the content
  /// appeared with no reading of the input clock (Wayland, before any
  /// event): the input clock's reading then, once an event shows the input
  /// clock is that clock (``ContentFence``).
  var appearedOnMonotonicClock: EventTimestamp?

  /// The fence that counts it among its live content.
  private let owner: ContentFence

  private init(fence: SpillOverFence, owner: ContentFence) {
    self.fence = fence
    self.owner = owner
    owner.liveContentCount += 1
  }

  fileprivate func contentFinalized() {
    owner.liveContentCount -= 1
  }

  private static let quark = GuardRuntime.quark("clickguard-fence")

  /// The fence on `content`, or `nil` when it has none.
  static func existing(on content: gpointer) -> FencedContent? {
    guard let data = g_object_get_qdata(content.assumingMemoryBound(to: GObject.self), quark) else { return nil }
    return Unmanaged<FencedContent>.fromOpaque(data).takeUnretainedValue()
  }

  /// The fence on `content`, attached now (disarmed, counted by `owner`) if
  /// it has none.
  static func attached(to content: gpointer, owner: ContentFence) -> FencedContent {
    if let state = existing(on: content) { return state }
    let state = FencedContent(fence: SpillOverFence(), owner: owner)
    g_object_set_qdata_full(
      content.assumingMemoryBound(to: GObject.self), quark, Unmanaged.passRetained(state).toOpaque(),
      releaseFencedContent)
    return state
  }
}

/// The qdata destroy notify: the content widget is being finalized.
private let releaseFencedContent: @convention(c) (gpointer?) -> Void = { data in
  guard let data else { return }
  let state = Unmanaged<FencedContent>.fromOpaque(data)
  // GTK finalizes widgets on its own thread, the main one.
  MainActor.assumeIsolated { state.takeUnretainedValue().contentFinalized() }
  state.release()
}
