// The time sources: the manual test clock only moves forward and only when
// told, ClickClock reads any standard-library clock from its origin, the
// system clock never goes back, and ClickInstant arithmetic.

import ClickGuardTestSupport
import Testing

@testable import ClickGuard

struct ClockTests {
  @Test func manualClockMovesOnlyForwardAndOnlyWhenTold() {
    let clock = ManualClock(start: .milliseconds(5))
    #expect(clock.now == .ms(5))
    #expect(clock.now == .ms(5))
    clock.advance(by: .milliseconds(-3))
    clock.advance(by: .zero)
    #expect(clock.now == .ms(5))
    clock.advance(to: .ms(2))
    #expect(clock.now == .ms(5))
    clock.advance(to: .ms(8))
    #expect(clock.now == .ms(8))
    clock.advance(by: .microseconds(1500))
    #expect(clock.now.nanoseconds == 9_500_000)
    #expect(ManualClock().now == ManualClock.Instant(nanoseconds: 0))
  }

  @Test func manualClockWakesSleepersWhenTimePassesTheirDeadline() async throws {
    let clock = ManualClock()
    let sleeper = Task { try await clock.sleep(until: .ms(100), tolerance: nil) }
    await Task.yield()
    clock.advance(to: .ms(99))
    clock.advance(to: .ms(100))
    try await sleeper.value
    #expect(clock.now == .ms(100))
  }

  @Test func clickClockReadsItsClockFromTheMomentItWasWrapped() {
    let manual = ManualClock(start: .seconds(7))
    let clock = ClickClock(manual)
    #expect(clock.now == .ms(0))
    manual.advance(by: .milliseconds(250))
    #expect(clock.now == .ms(250))
  }

  @Test func systemClockNeverGoesBack() {
    let clock = ClickClock.system
    var previous = clock.now
    var wentBack = false
    for _ in 0..<1000 {
      let now = clock.now
      if now < previous { wentBack = true }
      previous = now
    }
    #expect(!wentBack)
    #expect(previous.nanoseconds >= 0)
  }

  @Test func instantArithmetic() {
    let start = ClickInstant.ms(1000)
    let later = start.advanced(by: .milliseconds(250))
    #expect(later == .ms(1250))
    #expect(start + .milliseconds(250) == later)
    #expect(start.duration(to: later) == .milliseconds(250))
    #expect(later.duration(to: start) == .milliseconds(-250))
    #expect(start < later)
  }

  @Test func durationsInMilliseconds() {
    #expect(Duration.milliseconds(3).nanoseconds == 3_000_000)
    #expect(Duration.nanoseconds(-7).nanoseconds == -7)
    #expect(ClickInterval.milliseconds(roundingUp: 1) == 1)
    #expect(ClickInterval.milliseconds(roundingUp: 2_000_000) == 2)
    #expect(ClickInterval.milliseconds(roundingUp: -5) == 0)
    let start = ClickInstant.ms(1000)
    #expect(start.milliseconds(roundedUpTo: start.advanced(by: .nanoseconds(1))) == 1)
    #expect(start.milliseconds(roundedUpTo: .ms(1250)) == 250)
    #expect(ClickInstant.ms(1250).milliseconds(roundedUpTo: start) == 0)
  }

  @Test func instantsSaturate() throws {
    let latest = ClickInstant(sinceOrigin: .seconds(Int64.max))
    let earliest = ClickInstant(sinceOrigin: .seconds(Int64.min))
    #expect(latest + (try ClickInterval(milliseconds: 1)) == latest)
    #expect(earliest.milliseconds(roundedUpTo: latest) == Int64.max / 1_000_000)
    #expect(latest.milliseconds(roundedUpTo: earliest) == 0)
  }
}
