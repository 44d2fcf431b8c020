import ClickGuard

/// A control whose action is its `activate` signal: ``MenuItem`` (a click,
/// its mnemonic or its accelerator) and ``Entry`` (Return).
@MainActor
public protocol ActivatableControl: Control {}

extension ActivatableControl {
  /// Runs `action` for every activation let through.
  @discardableResult
  public func onActivate(_ action: @escaping @MainActor () -> Void) -> ActionConnection {
    connect("activate", action)
  }

  /// Runs the async `action` for every activation let through; the gate
  /// stays closed until it completes (or the maximum busy time passes).
  @discardableResult
  public func onActivate(_ action: @escaping @MainActor () async -> Void) -> ActionConnection {
    connectAsync("activate", action)
  }
}
