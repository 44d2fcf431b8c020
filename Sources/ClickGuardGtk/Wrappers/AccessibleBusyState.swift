// AccessibleBusyState: ATK's busy state for a control whose action runs,
// both as the state-changed event and in the state set AT-SPI reads.

import CGtk

/// Tells assistive technologies that a control is busy.
///
/// ATK has no call that adds a state to a widget's accessible: its state
/// set is built on every query by the accessible class's `ref_state_set`.
/// So each accessible class of a busy control gets a `ref_state_set` that
/// runs the class's own and adds `ATK_STATE_BUSY` while the widget's
/// ``BusyIndicator`` is busy; the change itself is announced with
/// `atk_object_notify_state_change` (AT-SPI's `object:state-changed:busy`).
@MainActor
enum AccessibleBusyState {
  fileprivate typealias StateSet = UnsafeMutablePointer<AtkStateSet>
  fileprivate typealias RefStateSet = @convention(c) (UnsafeMutablePointer<AtkObject>?) -> StateSet?

  /// A replaced class's own `ref_state_set`, kept on its GType: classes,
  /// and so this, live as long as the process.
  private final class Original {
    let refStateSet: RefStateSet
    init(_ refStateSet: @escaping RefStateSet) { self.refStateSet = refStateSet }
  }

  /// While an accessible's state set is being built: the class to look for
  /// the next original at or above, as a class's own `ref_state_set` chains
  /// up to its parent's (which may be ours too).
  private final class ChainPosition {
    let above: GType
    init(_ above: GType) { self.above = above }
  }

  private static let originalQuark = GuardRuntime.quark("clickguard-ref-state-set")
  private static let chainQuark = GuardRuntime.quark("clickguard-ref-state-set-chain")

  /// Announces that `widget` became busy or idle.
  static func notify(_ widget: WidgetPointer, busy: Bool) {
    guard let accessible = gtk_widget_get_accessible(widget) else { return }
    adopt(classOf: accessible)
    atk_object_notify_state_change(accessible, AtkState(ATK_STATE_BUSY.rawValue), busy ? 1 : 0)
  }

  /// Puts the busy-aware `ref_state_set` in `accessible`'s class, once.
  private static func adopt(classOf accessible: UnsafeMutablePointer<AtkObject>) {
    let type = cg_type_of(accessible)
    guard original(of: type) == nil, let klass = g_type_class_peek(type) else { return }
    let atkClass = klass.assumingMemoryBound(to: AtkObjectClass.self)
    // A class made after its parent was adopted inherited ours already.
    guard let own = atkClass.pointee.ref_state_set, cg_ref_state_set_is(atkClass, busyAwareRefStateSet) == 0
    else { return }
    g_type_set_qdata(type, originalQuark, Unmanaged.passRetained(Original(own)).toOpaque())
    atkClass.pointee.ref_state_set = busyAwareRefStateSet
  }

  /// The own `ref_state_set` of `type`, if it was replaced.
  fileprivate static func original(of type: GType) -> RefStateSet? {
    guard let data = g_type_get_qdata(type, originalQuark) else { return nil }
    return Unmanaged<Original>.fromOpaque(data).takeUnretainedValue().refStateSet
  }

  /// Where the build of `accessible`'s state set stands, if one is under way.
  fileprivate static func chainPosition(of accessible: UnsafeMutablePointer<AtkObject>) -> GType? {
    guard let data = g_object_get_qdata(accessible.cast(to: GObject.self), chainQuark) else { return nil }
    return Unmanaged<ChainPosition>.fromOpaque(data).takeUnretainedValue().above
  }

  /// Notes where the build of `accessible`'s state set stands; `nil` when it ends.
  fileprivate static func setChainPosition(_ above: GType?, of accessible: UnsafeMutablePointer<AtkObject>) {
    let data = above.map { Unmanaged.passRetained(ChainPosition($0)).toOpaque() }
    g_object_set_qdata_full(accessible.cast(to: GObject.self), chainQuark, data, releaseChainPosition)
  }

  /// Whether the widget behind `accessible` shows busy.
  fileprivate static func isBusy(_ accessible: UnsafeMutablePointer<AtkObject>) -> Bool {
    guard GObjectType.isA(accessible, gtk_accessible_get_type()),
      let widget = gtk_accessible_get_widget(accessible.cast(to: GtkAccessible.self))
    else { return false }
    return BusyIndicator.existing(on: widget.raw)?.isBusy ?? false
  }
}

/// Releases an accessible's chain position when it is replaced or removed.
private let releaseChainPosition: @convention(c) (gpointer?) -> Void = { data in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// The `ref_state_set` of adopted classes: the nearest original at or above
/// where the build of this state set stands, plus the busy state when the
/// outermost call ends.
private let busyAwareRefStateSet: AccessibleBusyState.RefStateSet = { accessible in
  guard let accessible else { return nil }
  let object = CallbackArgument(accessible)
  let states = MainActor.assumeIsolated {
    let accessible = object.value
    let outer = AccessibleBusyState.chainPosition(of: accessible)
    var type = outer ?? cg_type_of(accessible)
    while type != 0, AccessibleBusyState.original(of: type) == nil { type = g_type_parent(type) }
    guard let original = AccessibleBusyState.original(of: type) else {
      return CallbackArgument(atk_state_set_new())
    }
    AccessibleBusyState.setChainPosition(g_type_parent(type), of: accessible)
    let states = original(accessible)
    AccessibleBusyState.setChainPosition(outer, of: accessible)
    if outer == nil, AccessibleBusyState.isBusy(accessible), let states {
      atk_state_set_add_state(states, AtkStateType(ATK_STATE_BUSY.rawValue))
    }
    return CallbackArgument(states)
  }
  return states.value
}
