// TimelineBand: injected lag, shaded across every lane.

import ClickGuardGObject

/// Lag the demo injected: a stall or a handler lag shaded across all lanes
/// (the main loop was blocked), an async load across its control's lane.
package struct TimelineBand: Sendable {
  /// The lag's shape (the log's `lag` line `kind`).
  package enum Kind: String, Sendable {
    /// The main loop was blocked (nothing was processed).
    case stall
    /// The navigation handler slept (the main loop was blocked too).
    case handler
    /// The handler's async load ran (the main loop went on).
    case async

    /// Whether the main loop was blocked meanwhile (the band is hatched).
    var blocksMainLoop: Bool { self != .async }

    /// The band's label, in the reader's language.
    var label: String {
      switch self {
      // TRANSLATORS: the timeline's band for a blocked main loop.
      case .stall: localized("stall")
      case .handler: localized("handler lag")
      case .async: localized("async load")
      }
    }
  }

  /// The lag's shape.
  package let kind: Kind
  /// When it began (`CLOCK_MONOTONIC` ms).
  let startMs: Double
  /// When it ended.
  let endMs: Double
  /// What set it off (`next-click`, `periodic`, or a control's name).
  let trigger: String

  /// A band.
  package init(kind: Kind, startMs: Double, endMs: Double, trigger: String) {
    self.kind = kind
    self.startMs = startMs
    self.endMs = endMs
    self.trigger = trigger
  }

  /// Its label: `stall 1000 ms`.
  var label: String {
    localized("{lag} {ms} ms").filling(["lag": kind.label, "ms": String(Int((endMs - startMs).rounded()))])
  }
}
