// StallLimit: a periodic stall must be shorter than its period. One as long
// as its period, or longer, leaves the main loop no turn between stalls: no
// frame is drawn and no input handled again, and the app is frozen for good.

import ClickGuardGObject

/// The rule between `--stall-ms` and `--stall-every-ms` (and the panel's
/// spin buttons for them).
package enum StallLimit {
  /// The longest stall allowed with a period of `everyMs` (0: one-shot, no
  /// limit but the option's range): `nil` when there is no limit.
  static func longest(everyMs: Int) -> Int? {
    everyMs > 0 ? everyMs - 1 : nil
  }

  /// `stallMs`, cut to the longest allowed with a period of `everyMs`.
  static func clamp(stallMs: Int, everyMs: Int) -> Int {
    longest(everyMs: everyMs).map { min(stallMs, $0) } ?? stallMs
  }

  /// Checks the command line's stall against its period.
  /// - Throws: ``OptionError`` naming both options and what is accepted.
  static func check(stallMs: Int, everyMs: Int) throws(OptionError) {
    guard clamp(stallMs: stallMs, everyMs: everyMs) != stallMs else { return }
    throw OptionError(
      option: "--stall-ms",
      message: localized(
        "{stall} is not shorter than --stall-every-ms {every}: a periodic stall as long as its period would freeze the app (accepted: --stall-ms less than --stall-every-ms, or --stall-every-ms 0 for one stall on the next click)"
      ).filling(["stall": String(stallMs), "every": String(everyMs)]))
  }
}
