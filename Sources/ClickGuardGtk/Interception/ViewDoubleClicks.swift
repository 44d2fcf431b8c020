import CGtk
import ClickGuard

/// Judges a GtkTreeView row or GtkIconView item activated by a double-click.
///
/// The views emit run-last `row-activated` / `item-activated` from their
/// `button-press-event` class handler, so an override brackets the press, an
/// emission hook (before every handler) judges an activation inside it, and
/// a drop blocks the view's handlers until the press is handled.
@MainActor
final class ViewDoubleClicks {
  private struct BlockedHandlers {
    var view: gpointer
    var ids: [gulong]
  }

  /// The view whose press is being handled, if any.
  private var pressedView: gpointer?
  private var blocked: [BlockedHandlers] = []
  private let input: InputTracker
  private let judge: ActivationJudge

  init(runtime: GuardRuntime) {
    input = runtime.input
    judge = runtime.judge
  }

  /// Brackets each view class's presses and hooks its activation signal once it exists.
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

  /// Runs the view's press handler; handlers blocked during it are unblocked after.
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

  /// Judges an activation made by a press on the view; a drop blocks its handlers.
  private func pathActivated(_ view: gpointer, signalID: guint, path: OpaquePointer, name: String) {
    guard pressedView == view else { return }
    let target = ViewItems.activation(
      of: path, in: view, signal: name, input: input.attribution(of: .doubleClick), runtime: input.runtime)
    guard !judge.allows(target) else { return }
    blocked.append(BlockedHandlers(view: view, ids: Signal.blockHandlers(of: view, signalID: signalID)))
  }
}

/// The views' `button-press-event` override; GTK emits it on the main thread.
private let viewPressOverride: @convention(c) (gpointer?, gpointer?, gpointer?) -> gboolean = { instance, event, _ in
  guard let instance, let event else { return 0 }
  let view = CallbackArgument(instance)
  let press = CallbackArgument(event)
  return MainActor.assumeIsolated { GuardRuntime.shared.doubleClicks.viewPressed(view.value, event: press.value) }
}
