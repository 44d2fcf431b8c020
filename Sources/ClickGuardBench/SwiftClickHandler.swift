// A Swift closure connected to `clicked` the way a Swift GTK binding
// connects one: boxed, behind a C trampoline that enters the main actor with
// `MainActor.assumeIsolated`, released by GLib with the connection. The
// unguarded Swift baselines of rows 2 and 5 use it.

import CBenchSupport
import CGtk

/// A boxed Swift `clicked` handler. Immutable; its closure is only called
/// on the main actor (GTK's thread), from ``clickTrampoline``.
final class SwiftClickHandler: @unchecked Sendable {
  /// The handler.
  let body: @MainActor () -> Void

  private init(_ body: @escaping @MainActor () -> Void) {
    self.body = body
  }

  /// Connects `body` to `widget`'s `clicked`; GLib releases it with the
  /// connection.
  @MainActor
  static func connect(_ widget: Widget, _ body: @escaping @MainActor () -> Void) {
    let box = Unmanaged.passRetained(SwiftClickHandler(body)).toOpaque()
    cgb_signal_connect_void(widget, "clicked", clickTrampoline, box, releaseHandler, GConnectFlags(rawValue: 0))
  }
}

/// The C trampoline: GTK emits `clicked` on its own thread, the main one.
private let clickTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
  guard let data else { return }
  let handler = Unmanaged<SwiftClickHandler>.fromOpaque(data).takeUnretainedValue()
  MainActor.assumeIsolated { handler.body() }
}

/// GLib's destroy notify: drops the retain taken at connect.
private let releaseHandler: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<SwiftClickHandler>.fromOpaque(data).release()
}
