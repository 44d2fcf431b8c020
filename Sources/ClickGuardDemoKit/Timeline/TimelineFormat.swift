// TimelineFormat: the timeline's numbers as text, without Foundation (the
// demo app does not link it).

/// Formats the timeline's times.
package enum TimelineFormat {
  /// `ms` as seconds with `decimals` decimals (0 to 3) and a sign:
  /// `+1.5 s`, `-0.25 s`, `+12 s`.
  package static func seconds(_ ms: Double, decimals: Int) -> String {
    let places = min(max(decimals, 0), 3)
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = Int64((abs(ms) / 1000 * scale).rounded())
    let whole = scaled / Int64(scale)
    let sign = ms < 0 && scaled != 0 ? "-" : "+"
    guard places > 0 else { return "\(sign)\(whole) s" }
    var fraction = String(scaled % Int64(scale))
    while fraction.count < places { fraction = "0" + fraction }
    return "\(sign)\(whole).\(fraction) s"
  }

  /// `ms` as whole milliseconds: `812 ms`.
  package static func milliseconds(_ ms: Double) -> String {
    "\(Int64(ms.rounded())) ms"
  }
}
