// The figures both benchmark programs take and print: clocks, medians,
// formatting, malloc's heap and the `key value` lines a child reports.

import CBenchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `CLOCK_MONOTONIC` in nanoseconds: the stopwatch every row times with.
public func monotonicNanoseconds() -> Int64 {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
}

/// CPU time this thread has used (`CLOCK_THREAD_CPUTIME_ID`) in
/// nanoseconds: what the CPU rows time with, so time the thread spends
/// preempted on a busy machine is not counted.
public func threadCPUNanoseconds() -> Int64 {
  var spec = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
  return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
}

/// The median of `values` (the mean of the middle two for an even count).
public func median(_ values: [Double]) -> Double {
  precondition(!values.isEmpty, "median of nothing")
  let sorted = values.sorted()
  let mid = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/// The `p`-th percentile (0…100, nearest rank) of `values`.
public func percentile(_ values: [Double], _ p: Double) -> Double {
  precondition(!values.isEmpty, "percentile of nothing")
  let sorted = values.sorted()
  let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
  return sorted[min(max(rank, 0), sorted.count - 1)]
}

/// Formats `value` with `digits` decimals.
public func fmt(_ value: Double, _ digits: Int = 1) -> String {
  String(format: "%.\(digits)f", value)
}

/// Formats `value` with `digits` decimals and its sign (`+1.5`, `-0.3`).
public func signed(_ value: Double, _ digits: Int = 1) -> String {
  (value >= 0 ? "+" : "") + fmt(value, digits)
}

/// Prints a `key value` line for the parent, which reads a child's stdout.
public func report(_ key: String, _ value: CustomStringConvertible) {
  print("\(key) \(value)")
}

/// Bytes in use in malloc's heap (mallinfo2).
public func heapInUse() -> Int { Int(cgb_heap_in_use()) }
