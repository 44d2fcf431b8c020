// The one-line, human-readable form of each DemoEvent, for the log pane.

extension DemoEvent {
  /// A short line for people, or `nil` for events the pane leaves out.
  package var summary: String? {
    switch self {
    case .start(_, let pid, _, let options):
      return "started (pid \(pid)) "
        + (options.arguments.isEmpty ? "with defaults" : options.arguments.joined(separator: " "))
    case .layout(let reason, _, _, let top, let widgets, _):
      return "layout (\(reason)): \(widgets.filter(\.visible).count) widgets visible on '\(top)'"
    case .decision(let control, let action, _, let outcome, let reason, _, let source, let time, _):
      let why = reason.map { " (\($0))" } ?? ""
      let at = time.map { " t=\($0)" } ?? ""
      let actionText = action == "clicked" ? "" : " [\(action)]"
      return "\(control)\(actionText): \(outcome)\(why) \(source)\(at)"
    case .gate:
      return nil
    case .action(let control, let does):
      return "\(control) → \(does)"
    case .navigation(let move, let from, let to, let depth, _, let control):
      return "navigation \(move) \(from) → \(to), depth \(depth)" + (control.map { " (by \($0))" } ?? "")
    case .navigationRefused(let reason, let message, let control, _):
      return "navigation refused (\(reason)): \(message)" + (control.map { " (by \($0))" } ?? "")
    case .fenceDrop(let page, let reason, _):
      return "fence dropped a press on '\(page)' (\(reason))"
    case .toggle(let control, let active):
      return "\(control) toggled \(active ? "on" : "off")"
    case .lag(let kind, let ms, let trigger):
      return "lag: \(kind) \(ms) ms (\(trigger))"
    case .lagDone(let kind, _, let lasted):
      return "lag: \(kind) over after \(Int(lasted.rounded())) ms"
    case .setting(let name, let value):
      return "setting \(name) = \(value.encoded)"
    case .firstFrame(let process, _):
      return "first frame after \(Int(process)) ms"
    case .screenshot(let path, _, _, let error):
      return error.map { "screenshot failed: \($0)" } ?? "screenshot saved to \(path)"
    case .quit(let reason):
      return "quit (\(reason))"
    case .timeline(let snapshot):
      return "timeline (\(snapshot.reason)): \(snapshot.marks.count) marks in view"
    }
  }
}
