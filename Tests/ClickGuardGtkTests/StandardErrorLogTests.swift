// The decision log on standard error (CLICKGUARD_LOG=-, DecisionLog()) never
// holds up the main loop: a pipe whose reader stopped reading, full, takes
// no line, and real clicks are still judged at once, with a 5 ms ticker's
// longest gap as the hang check; once the reader drains the pipe, the next
// line goes out whole. The descriptor stays blocking, as the app has it.

import CGtk
import ClickGuard
import ClickGuardTestSupport
import XCTest

@testable import ClickGuardGtk

/// The ticker's state: when it last ran and its longest gap (µs).
nonisolated(unsafe) private var lastTick = 0
nonisolated(unsafe) private var longestGap = 0

final class StandardErrorLogTests: XCTestCase {
  func testAFullPipeOnStandardErrorDropsLinesAndNeverStallsTheMainLoop() throws {
    try onMain {
      try GtkHarness.start()
      var ends: [Int32] = [-1, -1]
      XCTAssertEqual(pipe(&ends), 0)
      defer { for end in ends { close(end) } }
      let (reader, writer) = (ends[0], ends[1])
      let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which Glibc's module does not export
      XCTAssertEqual(fcntl(writer, setPipeSize, 4096), 4096)
      // Fill it (non-blocking only while the test fills it), then leave the
      // write end blocking, as an app's stderr is.
      let flags = fcntl(writer, F_GETFL)
      XCTAssertEqual(fcntl(writer, F_SETFL, flags | O_NONBLOCK), 0)
      let filler = [UInt8](repeating: UInt8(ascii: "x"), count: 512)
      while filler.withUnsafeBytes({ Glibc.write(writer, $0.baseAddress, $0.count) }) > 0 {}
      XCTAssertEqual(errno, EAGAIN)
      XCTAssertEqual(fcntl(writer, F_SETFL, flags), 0)
      XCTAssertEqual(fcntl(writer, F_GETFL) & O_NONBLOCK, 0, "the descriptor blocks: a plain write would wait")
      var ready = pollfd(fd: writer, events: Int16(POLLOUT), revents: 0)
      XCTAssertEqual(poll(&ready, 1, 0), 0, "the pipe takes nothing: a plain write would wait for the reader")

      let dispatcher = GtkHarness.freshDispatcher()
      let log = DecisionLog(standardErrorDescriptor: writer)
      log.start(dispatcher)
      defer { log.stop() }
      let button = Button(label: "Open")
      let window = GtkHarness.showWindow(button.widget)
      defer { GtkHarness.close(window) }
      lastTick = g_get_monotonic_time()
      longestGap = 0
      let ticker = g_timeout_add(
        5,
        { _ in
          let now = g_get_monotonic_time()
          longestGap = max(longestGap, now - lastTick)
          lastTick = now
          return 1
        }, nil)
      defer { g_source_remove(ticker) }

      GtkHarness.click(button.widget, count: 40, delayMs: 20)
      GtkHarness.pump(for: 0.3)
      XCTAssertEqual(dispatcher.totals.accepted + dispatcher.totals.dropped, 40, "every click was judged")
      XCTAssertLessThan(longestGap, 250_000, "the main loop never waited for the pipe (longest gap \(longestGap) µs)")
      print("StandardErrorLogTests: longest main-loop gap \(longestGap / 1000) ms over 40 clicks into a full pipe")

      // The reader catches up: the next click's line goes out whole.
      var drained = [UInt8](repeating: 0, count: 65536)
      XCTAssertEqual(fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK), 0)
      var total = 0
      while case let count = read(reader, &drained, drained.count), count > 0 { total += count }
      XCTAssertEqual(total, 4096, "nothing but the filler: every line was dropped")
      usleep(600_000)  // past the button's interval
      GtkHarness.click(button.widget, count: 1, delayMs: 0)
      GtkHarness.pump(for: 0.3)
      let count = read(reader, &drained, drained.count)
      XCTAssertGreaterThan(count, 0)
      let text = String(decoding: drained[..<max(count, 0)], as: UTF8.self)
      XCTAssertTrue(text.hasPrefix("{") && text.hasSuffix("}\n"), "one whole line: \(text)")
      XCTAssertTrue(text.contains("\"outcome\":\"accepted\""), text)
    }
  }
}
