// Validation of settings: ClickInterval's constructors reject NaN, infinite,
// negative and too-long values, GuardConfiguration rejects an interval over
// 60 s and a maxBusy below the interval, every error names the setting and the
// value, and a failed set leaves the configuration unchanged.

import Testing

@testable import ClickGuard

struct ConfigurationTests {
  // MARK: ClickInterval

  @Test(arguments: [
    (Double.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf"), (-1, "-1.0"), (601, "601.0"),
    (-0.001, "-0.001"),
  ])
  func intervalFromSecondsRejects(seconds: Double, shown: String) throws {
    let error = try #require(throws: ConfigurationError.self) { try ClickInterval(seconds: seconds) }
    #expect(error.setting == "interval")
    #expect(error.value == "\(shown) s")
    #expect(error.description.contains("interval"))
    #expect(error.description.contains(shown))
    #expect(error.description == "interval: \(shown) s is not accepted (accepted: \(error.accepted))")
  }

  @Test func intervalFromSecondsNamesTheGivenSetting() throws {
    let error = try #require(throws: ConfigurationError.self) {
      try ClickInterval(seconds: .nan, setting: "maxBusy")
    }
    #expect(error.description.hasPrefix("maxBusy: nan s"))
  }

  @Test(arguments: [-5, -1, 600_001, Int.max, Int.min])
  func intervalFromMillisecondsRejects(milliseconds: Int) throws {
    let error = try #require(throws: ConfigurationError.self) {
      try ClickInterval(milliseconds: milliseconds)
    }
    #expect(error.setting == "interval")
    #expect(error.description.contains("interval"))
    #expect(error.description.contains("\(milliseconds) ms"))
  }

  @Test func intervalFromMillisecondsMinusFiveReadsClearly() throws {
    let error = try #require(throws: ConfigurationError.self) { try ClickInterval(milliseconds: -5) }
    #expect(error.description == "interval: -5 ms is not accepted (accepted: 0 ms to 600000 ms)")
  }

  @Test(arguments: [Duration.milliseconds(-1), .nanoseconds(-1), .seconds(601), .seconds(Int64.max)])
  func intervalFromDurationRejects(duration: Duration) throws {
    let error = try #require(throws: ConfigurationError.self) {
      try ClickInterval(duration, setting: "settleDelay")
    }
    #expect(error.setting == "settleDelay")
    #expect(error.description.contains("settleDelay"))
    #expect(error.description.contains("\(duration)"))
  }

  @Test func intervalAcceptsTheWholeRange() throws {
    #expect(try ClickInterval(seconds: 0) == .zero)
    #expect(try ClickInterval(seconds: 600) == .maximum)
    #expect(try ClickInterval(milliseconds: 0) == .zero)
    #expect(try ClickInterval(milliseconds: 600_000) == .maximum)
    #expect(try ClickInterval(.seconds(600)) == .maximum)
    #expect(try ClickInterval(seconds: 0.25).nanoseconds == 250_000_000)
    #expect(try ClickInterval(milliseconds: 1500).duration == .milliseconds(1500))
    #expect(try ClickInterval(.microseconds(1500)).nanoseconds == 1_500_000)
  }

  @Test func intervalMillisecondsRoundUpAndDescriptionReads() {
    #expect(ClickInterval.ns(1).milliseconds == 1)
    #expect(ClickInterval.ns(1_000_000).milliseconds == 1)
    #expect(ClickInterval.ns(1_000_001).milliseconds == 2)
    #expect(ClickInterval.ms(500).description == "500 ms")
    #expect(ClickInterval.ns(1_500_000).description == "1.5 ms")
    #expect(ClickInterval.ms(1) < .ms(2))
  }

  // MARK: GuardConfiguration

  @Test func defaults() {
    let configuration = GuardConfiguration()
    #expect(configuration.interval == .ms(500))
    #expect(configuration.maxBusy == .ms(10_000))
    #expect(configuration.mode == .enforce)
    #expect(configuration.skippedKinds == [.toggle, .switch])
    #expect(!configuration.guardsProgrammatic)
    #expect(GuardConfiguration.maximumInterval == .ms(60_000))
  }

  @Test func setIntervalAboveSixtySecondsIsRejected() throws {
    var configuration = GuardConfiguration()
    configuration.mode = .observe
    let before = configuration
    let error = try #require(throws: ConfigurationError.self) {
      try configuration.setInterval(.ms(60_001))
    }
    #expect(error.setting == "interval")
    #expect(error.description.contains("interval"))
    #expect(error.description.contains("60001 ms"))
    #expect(error.description.contains("60000 ms"))
    #expect(configuration == before)
    try configuration.setInterval(.ms(60_000))
    #expect(configuration.interval == .ms(60_000))
  }

  @Test func setIntervalRaisesMaxBusyWhenShorter() throws {
    var configuration = GuardConfiguration()
    try configuration.setInterval(.ms(20_000))
    #expect(configuration.interval == .ms(20_000))
    #expect(configuration.maxBusy == .ms(20_000))
    try configuration.setInterval(.ms(100))
    #expect(configuration.maxBusy == .ms(20_000))
  }

  @Test func setMaxBusyBelowTheIntervalIsRejected() throws {
    var configuration = GuardConfiguration()
    let before = configuration
    let error = try #require(throws: ConfigurationError.self) {
      try configuration.setMaxBusy(.ms(499))
    }
    #expect(error.setting == "maxBusy")
    #expect(error.description.contains("maxBusy"))
    #expect(error.description.contains("499 ms"))
    #expect(error.description.contains("500 ms"))
    #expect(configuration == before)
    try configuration.setMaxBusy(.ms(500))
    #expect(configuration.maxBusy == .ms(500))
  }

  @Test func initializerValidatesToo() throws {
    let tooLong = try #require(throws: ConfigurationError.self) {
      try GuardConfiguration(interval: .ms(61_000))
    }
    #expect(tooLong.setting == "interval")
    #expect(tooLong.description.contains("61000 ms"))
    let tooShort = try #require(throws: ConfigurationError.self) {
      try GuardConfiguration(interval: .ms(1000), maxBusy: .ms(999))
    }
    #expect(tooShort.setting == "maxBusy")
    #expect(tooShort.description.contains("999 ms"))

    let configuration = try GuardConfiguration(
      interval: .ms(300), maxBusy: .ms(4000), mode: .observe, skippedKinds: [], guardsProgrammatic: true)
    #expect(configuration.interval == .ms(300))
    #expect(configuration.maxBusy == .ms(4000))
    #expect(configuration.mode == .observe)
    #expect(configuration.skippedKinds.isEmpty)
    #expect(configuration.guardsProgrammatic)
  }
}
