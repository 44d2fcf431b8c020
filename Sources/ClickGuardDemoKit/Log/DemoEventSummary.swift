// The one-line, human-readable form of each DemoEvent, for the log pane (and
// the timeline's hover text), in the reader's language. The values in it are
// the log's own words (control and page names, outcomes, reasons, settings),
// as the JSON log has them.

import ClickGuardGObject

extension DemoEvent {
  /// A short line for people, or `nil` for events the pane leaves out.
  package var summary: String? {
    switch self {
    case .start(_, let pid, _, let options):
      return options.arguments.isEmpty
        ? localized("started (pid {pid}) with defaults").filling(["pid": String(pid)])
        : localized("started (pid {pid}) {arguments}").filling([
          "pid": String(pid), "arguments": options.arguments.joined(separator: " "),
        ])
    case .layout(let reason, _, _, let top, let widgets, _):
      let visible = widgets.filter(\.visible).count
      return localizedPlural(
        "layout ({reason}): {count} widget visible on '{page}'",
        "layout ({reason}): {count} widgets visible on '{page}'",
        count: visible
      ).filling(["reason": reason, "count": String(visible), "page": top])
    case .decision(let control, let action, _, let outcome, let reason, _, let source, let time, _):
      // Every word of it is the log's: nothing to translate.
      let why = reason.map { " (\($0))" } ?? ""
      let at = time.map { " t=\($0)" } ?? ""
      let actionText = action == "clicked" ? "" : " [\(action)]"
      return "\(control)\(actionText): \(outcome)\(why) \(source)\(at)"
    case .gate:
      return nil
    case .action(let control, let does):
      return "\(control) → \(does)"
    case .navigation(let move, let from, let to, let depth, _, let control):
      return Self.by(
        control,
        localized("navigation {move} {from} → {to}, depth {depth}").filling([
          "move": move, "from": from, "to": to, "depth": String(depth),
        ]))
    case .navigationRefused(let reason, let message, let control, _):
      return Self.by(
        control, localized("navigation refused ({reason}): {message}").filling(["reason": reason, "message": message]))
    case .fenceDrop(let page, let reason, _):
      return localized("fence dropped a press on '{page}' ({reason})").filling(["page": page, "reason": reason])
    case .toggle(let control, let active):
      return (active ? localized("{control} toggled on") : localized("{control} toggled off"))
        .filling(["control": control])
    case .lag(let kind, let ms, let trigger):
      return localized("lag: {kind} {ms} ms ({trigger})").filling([
        "kind": kind, "ms": String(ms), "trigger": trigger,
      ])
    case .lagDone(let kind, _, let lasted):
      return localized("lag: {kind} over after {ms} ms").filling(["kind": kind, "ms": String(Int(lasted.rounded()))])
    case .setting(let name, let value):
      return localized("setting {name} = {value}").filling(["name": name, "value": value.encoded])
    case .firstFrame(let process, _):
      return localized("first frame after {ms} ms").filling(["ms": String(Int(process))])
    case .screenshot(let path, _, _, let error):
      return error.map { localized("screenshot failed: {error}").filling(["error": $0]) }
        ?? localized("screenshot saved to {path}").filling(["path": path])
    case .quit(let reason):
      return localized("quit ({reason})").filling(["reason": reason])
    case .timeline(let snapshot):
      return localizedPlural(
        "timeline ({reason}): {count} mark in view", "timeline ({reason}): {count} marks in view",
        count: snapshot.marks.count
      ).filling(["reason": snapshot.reason, "count": String(snapshot.marks.count)])
    }
  }

  /// `line`, naming the control that asked for it when one did.
  private static func by(_ control: String?, _ line: String) -> String {
    guard let control else { return line }
    return localized("{line} (by {control})").filling(["line": line, "control": control])
  }
}
