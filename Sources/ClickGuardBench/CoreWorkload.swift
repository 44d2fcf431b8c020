import ClickGuard
import ClickGuardSeededRandom

/// The core workload: which controls are activated, in which order, with
/// which event times.
///
/// Shape (the "stall, then burst" pattern of prior-art.md, scaled to the
/// benchmark's pace): rounds over the 1 000 controls in a shuffled order; for
/// each control a burst — one click that is accepted and finished, then three
/// repeats right behind it (dropped: within the interval); half of the bursts
/// carry event times, and 40% of those have two more repeats queued to the
/// end of the round, stamped with the burst's event time (dropped by the
/// event-time rule, however late they are processed). One control in ten
/// performs a GAction (`app.open-details`) instead of `clicked`, one in ten
/// shares a group gate (20 groups).
///
/// The interval (``interval``) is the default scaled down to the pace at
/// which the benchmark clicks (a round of all the controls takes far longer
/// than it, a burst far less) — so a gate reopens between rounds and closes within a
/// burst, whether time comes from the system clock or from the supplied
/// instants. The decision logic does not depend on the scale of the numbers.
struct CoreWorkload {
  /// How many controls the workload clicks.
  static let controls = 1000
  /// The interval every gate uses.
  static let interval = try! ClickInterval(.microseconds(20))
  /// Virtual time per activation in the supplied-instant runs.
  static let step = Duration.nanoseconds(40)

  /// The activations, in order.
  let ops: [CoreOp]
  /// Each control's activation, without its event time.
  let templates: [Activation]
  /// The action each control performs, as the classic models see it.
  let actionNames: [String]
  /// Each control's identity.
  let controlIDs: [ControlID]

  /// Builds `decisions` activations from `seed`.
  init(decisions: Int, seed: UInt64 = 0x5eed_c11c) {
    var rng = SplitMix64(seed: seed)
    var templates: [Activation] = []
    var names: [String] = []
    var ids: [ControlID] = []
    let groups = (0..<20).map { GroupKey("toolbar.group-\($0)") }
    for i in 0..<Self.controls {
      // GObject-like addresses: 16-byte aligned, spread over a heap range.
      let id = ControlID(UInt(0x5555_5500_0000 + i * 0x1a0))
      let action: ActionName = i % 10 == 7 ? "app.open-details" : .clicked
      var settings = ControlSettings()
      if i % 10 == 3 { settings.group = groups[(i / 10) % groups.count] }
      templates.append(Activation(control: id, action: action, kind: .button, settings: settings, source: .user))
      names.append(action.rawValue)
      ids.append(id)
    }
    var ops: [CoreOp] = []
    ops.reserveCapacity(decisions)
    var order = Array(0..<Self.controls)
    var round: UInt32 = 0
    while ops.count < decisions {
      round += 1
      order.shuffle(using: &rng)
      var tails: [CoreOp] = []
      let eventTime = 10_000 &+ round &* 1000
      for c in order {
        let withEvent = rng.next() % 2 == 0
        let time: UInt32 = withEvent ? eventTime : 0
        ops.append(CoreOp(control: c, eventTime: time, finishes: true))
        for _ in 0..<3 { ops.append(CoreOp(control: c, eventTime: time, finishes: false)) }
        if withEvent, rng.next() % 10 < 4 {
          tails.append(CoreOp(control: c, eventTime: time, finishes: false))
          tails.append(CoreOp(control: c, eventTime: time, finishes: false))
        }
      }
      ops.append(contentsOf: tails)
    }
    self.ops = Array(ops.prefix(decisions))
    self.templates = templates
    actionNames = names
    controlIDs = ids
  }

  /// The interval in seconds, as the classic models keep it.
  static var intervalSeconds: Double {
    let parts = interval.duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }
}
