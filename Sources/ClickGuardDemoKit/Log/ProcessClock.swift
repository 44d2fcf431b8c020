// ProcessClock: monotonic milliseconds for log lines, and how long ago this
// process started (for the first-frame benchmark). Never the wall clock.

import CGtk

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Monotonic time as the demo reports it.
package enum ProcessClock {
  /// GLib's monotonic time (`g_get_monotonic_time`, `CLOCK_MONOTONIC` on
  /// Linux) in milliseconds with a microsecond fraction: the clock GDK and
  /// GLib's main loop use, comparable across processes on one machine.
  package static func monotonicMs() -> Double {
    Double(g_get_monotonic_time()) / 1000
  }

  /// Milliseconds since this process was started by the kernel, or `nil` when
  /// `/proc/self/stat` cannot be read. The kernel counts process start in
  /// boot-time clock ticks (10 ms on most systems), so this is compared with
  /// `CLOCK_BOOTTIME`, the monotonic clock that includes suspend.
  static func msSinceProcessStart() -> Double? {
    guard let startTicks = processStartTicks() else { return nil }
    let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    guard ticksPerSecond > 0 else { return nil }
    return read(CLOCK_BOOTTIME) - Double(startTicks) * 1000 / ticksPerSecond
  }

  /// Field 22 (`starttime`) of `/proc/self/stat`.
  static func processStartTicks() -> UInt64? {
    guard let file = fopen("/proc/self/stat", "r") else { return nil }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 2048)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
    let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return startTicks(fromStatLine: line)
  }

  /// Parses `starttime` out of a `/proc/<pid>/stat` line. The command name
  /// (field 2) is in parentheses and may hold spaces, so fields are counted
  /// after the last `)`.
  static func startTicks(fromStatLine line: String) -> UInt64? {
    guard let close = line.lastIndex(of: ")") else { return nil }
    let rest = line[line.index(after: close)...].split(separator: " ")
    // rest[0] is field 3 (state); starttime is field 22.
    guard rest.count > 19 else { return nil }
    return UInt64(rest[19])
  }

  private static func read(_ clock: clockid_t) -> Double {
    var spec = timespec()
    clock_gettime(clock, &spec)
    return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1_000_000
  }
}
