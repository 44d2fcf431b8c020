import CGtk
import ClickGuard

/// Judges a GtkTreeView row or a GtkIconView item activated by a
/// double-click.
///
/// The views activate inside their `button-press-event` class handler (a
/// tree view on the second press, as its click gesture counts; an icon view
/// on GDK's `GDK_2BUTTON_PRESS`), which emits the `row-activated` /
/// `item-activated` the app connects to. Those are run-last: the app's
/// handlers run before any class handler. So an override of
/// `button-press-event` brackets the press, an emission hook (which runs
/// before every handler) judges an activation made inside the bracket
/// (``ActivationJudge/allows(_:)``, the same control and action as by
/// keyboard: ``ViewItems``), and a drop blocks the view's handlers of that
/// signal until the press is handled. Views that activate on a single click
/// (on release) are left alone.
@MainActor
final class ViewDoubleClicks {
  /// The handlers of a view blocked for a dropped activation.
  private struct BlockedHandlers {
    var view: gpointer
    var ids: [gulong]
  }

  /// The view whose press is being handled, if any.
  private var pressedView: gpointer?
  private var blocked: [BlockedHandlers] = []
  /// Where input stands: the press an activation comes from.
  private let input: InputTracker
  /// What an activation is judged by.
  private let judge: ActivationJudge

  /// The double-click path of `runtime`: its input tracker and its judge.
  init(runtime: GuardRuntime) {
    input = runtime.input
    judge = runtime.judge
  }

  /// Brackets the presses of each view class and hooks its activation
  /// signal, once GTK has initialised it (``ClassSetupQueue``).
  func install(when classes: ClassSetupQueue) {
    classes.whenInitialized("GtkTreeView") { self.intercept(type: $0, signal: "row-activated") }
    classes.whenInitialized("GtkIconView") { self.intercept(type: $0, signal: "item-activated") }
  }

  private func intercept(type: GType, signal: String) {
    cg_override_class_handler_boolean_pointer("button-press-event", type, viewPressOverride)
    EmissionHook.add(signal, on: type) { emission in
      guard emission.parameters.count > 1,
        let path = g_value_get_boxed(emission.parameters.baseAddress.map { $0 + 1 })
      else { return true }
      self.pathActivated(
        emission.instance, signalID: emission.signalID, path: OpaquePointer(path), name: signal)
      return true
    }
  }

  /// A press on a view is being handled by the view's class handler: an
  /// activation it makes is judged in the emission hook, and the handlers
  /// blocked for a dropped one are unblocked once the press is handled.
  fileprivate func viewPressed(_ view: gpointer, event: gpointer) -> gboolean {
    guard judge.routes(view) else { return cg_chain_up_boolean_pointer(view, event) }
    let outer = pressedView
    pressedView = view
    let handled = cg_chain_up_boolean_pointer(view, event)
    pressedView = outer
    for handlers in blocked where handlers.view == view { Signal.unblockHandlers(handlers.ids, of: view) }
    blocked.removeAll { $0.view == view }
    return handled
  }

  /// A view emits `row-activated` / `item-activated` (`signalID`, `name`)
  /// for `path`: judged when it comes from a press on that view (a
  /// double-click). A drop blocks the view's handlers of the signal until
  /// the press is handled, so none of the app's handlers run.
  private func pathActivated(_ view: gpointer, signalID: guint, path: OpaquePointer, name: String) {
    guard pressedView == view else { return }
    let time = input.current?.time ?? 0
    let target = ViewItems.activation(
      of: path, in: view, signal: name, input: .stamped(time: time), runtime: input.runtime)
    guard !judge.allows(target) else { return }
    blocked.append(BlockedHandlers(view: view, ids: Signal.blockHandlers(of: view, signalID: signalID)))
  }
}

/// GtkTreeView's and GtkIconView's `button-press-event` class-handler
/// override.
private let viewPressOverride: @convention(c) (gpointer?, gpointer?, gpointer?) -> gboolean = { instance, event, _ in
  guard let instance, let event else { return 0 }
  // GTK emits event signals on its own thread, the main one.
  let view = CallbackArgument(instance)
  let press = CallbackArgument(event)
  return MainActor.assumeIsolated { GuardRuntime.shared.doubleClicks.viewPressed(view.value, event: press.value) }
}
