import ClickGuard
import Testing

@MainActor @Test func smoke() {
  let clock = ManualClock()
  let d = ClickDispatcher(clock: clock)
  let a = Activation(control: ControlID(1))
  #expect(d.begin(a).outcome == .accepted)
}
