// DemoOptions and DemoCommandLine: every option's range, the messages that
// name the option and what it accepts, and argv as GOption reads it (the
// demo's own entries in a bare option context; --help and GTK's options are
// checked on the built demo in DemoProcessTests).

import ClickGuardGtk
import XCTest

@testable import ClickGuardDemoKit

final class OptionParsingTests: XCTestCase {
  private func parse(_ arguments: [String]) throws -> DemoOptions {
    try MainActor.assumeIsolated { try DemoCommandLine.parse(arguments) }
  }

  private func error(_ arguments: [String]) -> OptionError? {
    do {
      _ = try parse(arguments)
      return nil
    } catch {
      return error as? OptionError
    }
  }

  func testDefaults() throws {
    let options = try parse([])
    XCTAssertEqual(options, DemoOptions())
    XCTAssertEqual(options.intervalMs, 500)
    XCTAssertEqual(options.transitionMs, 250)
    XCTAssertTrue(options.guardEnabled)
    XCTAssertTrue(options.fenceEnabled)
    XCTAssertFalse(options.observeOnly)
    XCTAssertNil(options.logFile)
    XCTAssertEqual(options.arguments, [])
  }

  func testEveryOptionIsRead() throws {
    let options = try parse([
      "--interval-ms", "250", "--stall-ms=800", "--stall-every-ms", "2000", "--handler-lag-ms", "300",
      "--async-ms", "700", "--transition-ms", "0", "--no-fence", "--observe", "--log-file", "/tmp/x.jsonl",
      "--screenshot=/tmp/s.png", "--quit-after-first-frame", "--navigate-later",
    ])
    XCTAssertEqual(options.intervalMs, 250)
    XCTAssertEqual(options.stallMs, 800)
    XCTAssertEqual(options.stallEveryMs, 2000)
    XCTAssertEqual(options.handlerLagMs, 300)
    XCTAssertEqual(options.asyncMs, 700)
    XCTAssertEqual(options.transitionMs, 0)
    XCTAssertFalse(options.fenceEnabled)
    XCTAssertTrue(options.observeOnly)
    XCTAssertEqual(options.logFile, ByteString("/tmp/x.jsonl"))
    XCTAssertEqual(options.screenshot, ByteString("/tmp/s.png"))
    XCTAssertTrue(options.quitAfterFirstFrame)
    XCTAssertTrue(options.navigateLater)
    XCTAssertEqual(try parse(options.arguments), options, "arguments give back the same options")
  }

  func testRangeEdgesAreAccepted() throws {
    XCTAssertEqual(try parse(["--interval-ms", "0"]).intervalMs, 0)
    XCTAssertEqual(try parse(["--interval-ms", "60000"]).intervalMs, 60000)
    XCTAssertEqual(try parse(["--interval-ms", "+40"]).intervalMs, 40)
    XCTAssertEqual(try parse(["--stall-ms", "10000"]).stallMs, 10000)
    XCTAssertEqual(try parse(["--stall-every-ms", "0"]).stallEveryMs, 0)
    XCTAssertEqual(try parse(["--stall-every-ms", "100"]).stallEveryMs, 100)
    XCTAssertEqual(try parse(["--transition-ms", "5000"]).transitionMs, 5000)
  }

  func testNegativeValueNamesTheOptionAndRange() {
    let failure = error(["--interval-ms", "-5"])
    XCTAssertEqual(failure?.option, "--interval-ms")
    XCTAssertEqual(failure?.description, "--interval-ms: -5 is out of range (accepted: 0 to 60000 ms)")
    XCTAssertEqual(error(["--interval-ms=-5"])?.option, "--interval-ms")
  }

  func testNonNumberNamesTheOptionAndRange() {
    XCTAssertEqual(
      error(["--interval-ms", "abc"])?.description,
      "--interval-ms: 'abc' is not a whole number of milliseconds (accepted: 0 to 60000 ms)")
    for bad in ["1.5", "", "1e3", "0x10", "٣", "--", "5ms"] {
      XCTAssertEqual(error(["--async-ms=\(bad)"])?.option, "--async-ms", "value '\(bad)'")
    }
  }

  func testOutOfRangeNamesTheOptionAndRange() {
    XCTAssertEqual(
      error(["--interval-ms", "60001"])?.description, "--interval-ms: 60001 is out of range (accepted: 0 to 60000 ms)")
    XCTAssertEqual(
      error(["--stall-ms", "10001"])?.description, "--stall-ms: 10001 is out of range (accepted: 0 to 10000 ms)")
    XCTAssertEqual(
      error(["--stall-every-ms", "50"])?.description,
      "--stall-every-ms: 50 is out of range (accepted: 0 (one-shot on the next click) or 100 to 60000 ms)")
    XCTAssertEqual(error(["--transition-ms", "99999999999999999999999"])?.option, "--transition-ms")
  }

  func testMissingValueAndEmptyPath() {
    XCTAssertEqual(
      error(["--interval-ms"])?.description, "--interval-ms: needs a value (accepted: 0 to 60000 ms)")
    XCTAssertEqual(error(["--log-file"])?.option, "--log-file")
    XCTAssertEqual(error(["--log-file="])?.option, "--log-file")
  }

  func testUnknownOptionsFlagsWithValuesAndStrayArguments() {
    XCTAssertEqual(error(["--interval"])?.option, "--interval")
    XCTAssertEqual(error(["--no-guard=yes"])?.description, "--no-guard: takes no value")
    XCTAssertNil(error(["--"])?.option)
    XCTAssertNotNil(error(["file.txt"]))
    XCTAssertNotNil(error(["-x"]))
    XCTAssertNotNil(error(["--", "file.txt"]))
  }

  func testObserveNeedsTheGuard() {
    XCTAssertEqual(error(["--observe", "--no-guard"])?.option, "--observe")
  }

  /// A periodic stall as long as its period, or longer, would freeze the
  /// app: refused, naming both options and what is accepted.
  func testAPeriodicStallMustBeShorterThanItsPeriod() throws {
    for (stall, every) in [("2000", "1500"), ("1500", "1500"), ("10000", "100")] {
      let failure = error(["--stall-ms", stall, "--stall-every-ms", every])
      XCTAssertEqual(failure?.option, "--stall-ms", "\(stall)/\(every)")
      XCTAssertEqual(
        failure?.description,
        "--stall-ms: \(stall) is not shorter than --stall-every-ms \(every): a periodic stall as long as its "
          + "period would freeze the app (accepted: --stall-ms less than --stall-every-ms, "
          + "or --stall-every-ms 0 for one stall on the next click)")
    }
    XCTAssertEqual(try parse(["--stall-ms", "1499", "--stall-every-ms", "1500"]).stallMs, 1499)
    XCTAssertEqual(try parse(["--stall-ms", "10000", "--stall-every-ms", "0"]).stallMs, 10000)
    XCTAssertEqual(try parse(["--stall-every-ms", "100"]).stallMs, 0)
  }

  func testStallLimitClampsBelowThePeriod() {
    XCTAssertEqual(StallLimit.clamp(stallMs: 10_000, everyMs: 1500), 1499)
    XCTAssertEqual(StallLimit.clamp(stallMs: 1499, everyMs: 1500), 1499)
    XCTAssertEqual(StallLimit.clamp(stallMs: 10_000, everyMs: 0), 10_000, "one-shot: no limit")
    XCTAssertNil(StallLimit.longest(everyMs: 0))
  }

  func testLaterValuesWinAsInGOption() throws {
    XCTAssertEqual(try parse(["--interval-ms", "100", "--interval-ms", "200"]).intervalMs, 200)
  }

  func testAPathThatLooksLikeAnOptionIsRefused() {
    XCTAssertEqual(
      error(["--log-file", "--help"])?.description,
      "--log-file: '--help' looks like an option, not a file path; write ./--help for a file of that name")
    XCTAssertEqual(error(["--screenshot=-x.png"])?.option, "--screenshot")
    XCTAssertNil(error(["--log-file", "./--help"]))
  }

  func testEverySpecHasHelpAndAValidDefault() {
    XCTAssertEqual(Set(OptionSpec.all.map(\.name)).count, OptionSpec.all.count)
    for spec in OptionSpec.all {
      XCTAssertFalse(spec.help.isEmpty, spec.name)
      if case .milliseconds(let range, let defaultValue) = spec.kind {
        XCTAssertTrue(range.contains(defaultValue), spec.name)
        XCTAssertTrue(spec.fullHelp.contains(range.text), spec.name)
        XCTAssertEqual(spec.argumentName, "MS")
      }
    }
  }
}
