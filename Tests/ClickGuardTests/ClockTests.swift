// The time sources: ManualClock only moves forward and only when told,
// SystemClock never goes back, MonotonicInstant arithmetic, and the
// saturating Duration-to-nanoseconds conversion.

import Testing

@testable import ClickGuard

struct ClockTests {
  @Test func manualClockMovesOnlyForwardAndOnlyWhenTold() {
    let clock = ManualClock(start: .ms(5))
    #expect(clock.now() == .ms(5))
    #expect(clock.now() == .ms(5))
    clock.advance(by: .milliseconds(-3))
    clock.advance(by: .zero)
    #expect(clock.now() == .ms(5))
    clock.advance(to: .ms(2))
    #expect(clock.now() == .ms(5))
    clock.advance(to: .ms(8))
    #expect(clock.now() == .ms(8))
    clock.advance(by: .microseconds(1500))
    #expect(clock.now().nanoseconds == 9_500_000)
    #expect(ManualClock().now() == MonotonicInstant(nanoseconds: 0))
  }

  @Test func systemClockNeverGoesBack() {
    let clock = SystemClock()
    var previous = clock.now()
    var wentBack = false
    for _ in 0..<1000 {
      let now = clock.now()
      if now < previous { wentBack = true }
      previous = now
    }
    #expect(!wentBack)
    #expect(previous.nanoseconds > 0)
  }

  @Test func instantArithmetic() {
    let start = MonotonicInstant.ms(1000)
    let later = start.advanced(by: .milliseconds(250))
    #expect(later == .ms(1250))
    #expect(later.duration(since: start) == .milliseconds(250))
    #expect(start.duration(since: later) == .milliseconds(-250))
    #expect(start < later)
    #expect(MonotonicInstant.ms(1500).description == "1.5s")
  }

  @Test func durationToNanosecondsSaturates() {
    #expect(Duration.milliseconds(3).wholeNanoseconds == 3_000_000)
    #expect(Duration.nanoseconds(-7).wholeNanoseconds == -7)
    #expect(Duration.seconds(Int64.max).wholeNanoseconds == .max)
    #expect(Duration.seconds(Int64.min).wholeNanoseconds == .min)
    #expect(Duration.nanoseconds(Int64.max).wholeNanoseconds == .max)
  }
}
