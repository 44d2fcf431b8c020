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
  /// stays closed until it returns or throws (or the maximum busy time
  /// passes). A thrown error is written to GLib's log.
  @discardableResult
  public func onActivate(_ action: @escaping @MainActor () async throws -> Void) -> ActionConnection {
    connectAsync("activate", action)
  }
}
