// TimelineFormat: the timeline's numbers as text, formatted by GLib
// (g_ascii_formatd: a dot whatever the locale).

import CGtk

/// Formats the timeline's times.
package enum TimelineFormat {
  /// `ms` as seconds with `decimals` decimals (0 to 3) and a sign:
  /// `+1.5 s`, `-0.25 s`, `+12 s`.
  package static func seconds(_ ms: Double, decimals: Int) -> String {
    var buffer = [gchar](repeating: 0, count: Int(G_ASCII_DTOSTR_BUF_SIZE))
    let text = buffer.withUnsafeMutableBufferPointer {
      String(cString: g_ascii_formatd($0.baseAddress, gint($0.count), "%.\(min(max(decimals, 0), 3))f", abs(ms) / 1000))
    }
    return (ms < 0 && text.contains { $0 != "0" && $0 != "." } ? "-" : "+") + text + " s"
  }

  /// `ms` as whole milliseconds: `812 ms`.
  package static func milliseconds(_ ms: Double) -> String {
    "\(Int64(ms.rounded())) ms"
  }
}
