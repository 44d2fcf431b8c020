// GLibGlue: the demo's own thin GObject plumbing — pointer casts, signal
// connections with boxed Swift closures, and main-loop sources (timeouts,
// idles, Unix signals). Everything runs on GTK's thread, the main actor.

import CGtk

extension UnsafeMutablePointer {
  /// The same object seen as another C type (GTK's cast macros).
  @inline(__always)
  func cast<T>(to _: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
  }

  /// The same object as a `gpointer`.
  @inline(__always)
  var raw: gpointer { UnsafeMutableRawPointer(self) }
}

/// Holds a closure for GLib, released by GLib's destroy notify. Only ever
/// called on the main actor, hence unchecked.
final class ClosureBox<Body>: @unchecked Sendable {
  let body: Body
  init(_ body: Body) { self.body = body }
}

private let releaseClosure: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}

private let releaseSourceData: GDestroyNotify = { data in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}

typealias InstanceHandler = @MainActor (gpointer) -> Void
typealias ArgumentHandler = @MainActor (gpointer, gpointer?) -> Int32

private let instanceTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { instance, data in
  guard let instance, let data else { return }
  let box = Unmanaged<ClosureBox<InstanceHandler>>.fromOpaque(data).takeUnretainedValue()
  nonisolated(unsafe) let object = instance
  MainActor.assumeIsolated { box.body(object) }
}

/// `gint (*)(gpointer instance, gpointer argument, gpointer data)`: also
/// fits `void` signals with one pointer argument (`notify`, `activate` of a
/// GSimpleAction), whose return value is ignored.
private let argumentTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Int32 = {
  instance, argument, data in
  guard let instance, let data else { return 0 }
  let box = Unmanaged<ClosureBox<ArgumentHandler>>.fromOpaque(data).takeUnretainedValue()
  nonisolated(unsafe) let object = instance
  nonisolated(unsafe) let value = argument
  return MainActor.assumeIsolated { box.body(object, value) }
}

/// Signal connections with Swift closures.
@MainActor
enum Signal {
  /// Connects `body` to a `void (instance)` signal (`clicked`, `toggled`,
  /// `value-changed`, `changed`, `activate` of an application).
  @discardableResult
  static func connect(
    _ instance: gpointer, _ signal: String, after: Bool = false, _ body: @escaping InstanceHandler
  ) -> UInt {
    connectRaw(instance, signal, unsafeBitCast(instanceTrampoline, to: GCallback.self), ClosureBox(body), after: after)
  }

  /// Connects `body` to a signal with one pointer argument and an int or
  /// boolean result (`draw`, `handle-local-options`), or a `void` result
  /// (`notify::…`, `GSimpleAction::activate`).
  @discardableResult
  static func connect(
    _ instance: gpointer, _ signal: String, after: Bool = false, withArgument body: @escaping ArgumentHandler
  ) -> UInt {
    connectRaw(instance, signal, unsafeBitCast(argumentTrampoline, to: GCallback.self), ClosureBox(body), after: after)
  }

  /// Connects `body` to `notify::property`.
  @discardableResult
  static func notify(_ instance: gpointer, _ property: String, _ body: @escaping InstanceHandler) -> UInt {
    connect(
      instance, "notify::" + property,
      withArgument: { object, _ in
        body(object)
        return 0
      })
  }

  private static func connectRaw(
    _ instance: gpointer, _ signal: String, _ callback: GCallback, _ box: AnyObject, after: Bool
  ) -> UInt {
    let data = Unmanaged.passRetained(box).toOpaque()
    let id = g_signal_connect_data(
      instance, signal, callback, data, releaseClosure, after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0))
    if id == 0 { Unmanaged<AnyObject>.fromOpaque(data).release() }
    return UInt(id)
  }
}

private typealias SourceBody = @MainActor () -> Bool

private let sourceTrampoline: @convention(c) (gpointer?) -> gboolean = { data in
  guard let data else { return 0 }
  let box = Unmanaged<ClosureBox<SourceBody>>.fromOpaque(data).takeUnretainedValue()
  return MainActor.assumeIsolated { box.body() } ? 1 : 0
}

/// Main-loop sources with Swift closures.
@MainActor
enum MainLoop {
  /// Calls `body` every `ms` milliseconds while it returns `true`.
  /// - Returns: the source id (for ``remove(_:)``).
  @discardableResult
  static func every(ms: Int, _ body: @escaping @MainActor () -> Bool) -> UInt32 {
    let data = Unmanaged.passRetained(ClosureBox<SourceBody>(body)).toOpaque()
    return g_timeout_add_full(G_PRIORITY_DEFAULT, guint(max(ms, 1)), sourceTrampoline, data, releaseSourceData)
  }

  /// Calls `body` once after `ms` milliseconds.
  @discardableResult
  static func after(ms: Int, _ body: @escaping @MainActor () -> Void) -> UInt32 {
    every(ms: ms) {
      body()
      return false
    }
  }

  /// Calls `body` once when the loop is idle.
  static func idle(_ body: @escaping @MainActor () -> Void) {
    let data = Unmanaged.passRetained(
      ClosureBox<SourceBody>({
        body()
        return false
      })
    ).toOpaque()
    g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, sourceTrampoline, data, releaseSourceData)
  }

  /// Calls `body` whenever the process receives `signal` (SIGTERM, SIGUSR1…).
  static func onUnixSignal(_ signal: Int32, _ body: @escaping @MainActor () -> Void) {
    let data = Unmanaged.passRetained(
      ClosureBox<SourceBody>({
        body()
        return true
      })
    ).toOpaque()
    g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, sourceTrampoline, data, releaseSourceData)
  }

  /// Removes a source made by ``every(ms:_:)`` or ``after(ms:_:)``.
  static func remove(_ id: UInt32) {
    if id != 0 { g_source_remove(id) }
  }
}
