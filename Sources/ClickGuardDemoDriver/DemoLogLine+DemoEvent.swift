// DemoLogLine+DemoEvent: a decoded log line back as the DemoEvent the demo
// wrote, for readers that rebuild what the demo saw (the timeline).

import ClickGuardDemoKit

extension DemoLogLine {
  /// The event this line records, for the types the timeline draws
  /// (`start`, `decision`, `gate`, `action`, `lag`, `navigation`,
  /// `navigation-refused`, `fence-drop`, `toggle`, `setting`); `nil` for other types
  /// or a line missing a field its type needs.
  package var event: DemoEvent? {
    switch type {
    case "start":
      var demoOptions = DemoOptions()
      if let options {
        demoOptions.intervalMs = options.intervalMs
        demoOptions.transitionMs = options.transitionMs
        demoOptions.fenceEnabled = options.fence
      }
      return .start(appID: "", pid: 0, resources: "", options: demoOptions)
    case "decision":
      guard let control, let outcome else { return nil }
      return .decision(
        control: control, action: action ?? "clicked", kind: kind ?? "", outcome: outcome, reason: reason,
        gate: gate, source: source ?? "", eventTime: eventTime, runsAction: runsAction ?? false)
    case "gate":
      guard let control, let transition, let atMs else { return nil }
      return .gate(
        control: control, transition: transition, intervalMs: intervalMs ?? 0, atMs: atMs, untilMs: untilMs)
    case "action":
      guard let control else { return nil }
      return .action(control: control, does: does ?? "")
    case "lag":
      guard let kind, let ms else { return nil }
      return .lag(kind: kind, ms: ms, trigger: trigger ?? "")
    case "navigation":
      guard let move, let to else { return nil }
      return .navigation(
        move: move, from: from ?? "", to: to, depth: depth ?? 0, stack: stack ?? [], control: control)
    case "navigation-refused":
      return .navigationRefused(reason: reason ?? "", message: message ?? "", control: control, top: top ?? "")
    case "fence-drop":
      return .fenceDrop(page: page ?? "", reason: reason ?? "", eventTime: eventTime)
    case "toggle":
      guard let control, let active else { return nil }
      return .toggle(control: control, active: active)
    case "setting":
      guard let name, let value else { return nil }
      return .setting(name: name, value: value)
    default:
      return nil
    }
  }
}
