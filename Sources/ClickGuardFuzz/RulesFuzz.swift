import ClickGuardRules

/// The rules file's reader on any bytes.
///
/// Invariants: every warning's line is a line of the input; a file that is
/// not loaded gives no rules; a loaded file's rules, written out again in
/// canonical words, read back with no warning to the same rules (the
/// settings survive a re-rendering); and each group name that parses (the
/// selector parser) reads back the same from its canonical form.
enum RulesFuzz {
  private static let location = RulesFileLocation(path: "/fuzz/clickguard.conf", isExplicit: true)

  static func run(_ input: UnsafeRawBufferPointer) {
    let bytes = Array(input)
    let file = RulesFile(parsing: bytes, location: location)
    let lineCount = bytes.count { $0 == UInt8(ascii: "\n") } + 1
    for warning in file.warnings {
      if let line = warning.line, !(1...lineCount).contains(line) {
        fatalError("rules: warning on line \(line) of a \(lineCount)-line file: \(warning)")
      }
    }
    checkGroupName(String(decoding: bytes.prefix(4096), as: UTF8.self))
    guard file.status == .loaded else {
      guard file.rules == RuleSet() else { fatalError("rules: a file that did not load gave rules") }
      return
    }
    let text = render(file.rules)
    let again = RulesFile(parsing: Array(text.utf8), location: location)
    guard again.status == .loaded, again.warnings.isEmpty else {
      fatalError("rules: the re-rendered file does not read back cleanly: \(again.warnings)\n\(text)")
    }
    let textAgain = render(again.rules)
    guard textAgain == text else {
      fatalError("rules: the settings changed when re-rendered:\n\(text)\n---\n\(textAgain)")
    }
  }

  /// A group name read back from its canonical form is the same group.
  private static func checkGroupName(_ name: String) {
    guard let group = RuleGroupName(parsing: name) else { return }
    let canonical = render(group)
    guard RuleGroupName(parsing: canonical) == group else {
      fatalError("rules: group [\(name)] reads back as another from [\(canonical)]")
    }
  }

  private static func render(_ group: RuleGroupName, spaces: Int = 1) -> String {
    switch group {
    case .defaults: "default"
    case .program(let program): program
    case .widget(let program, let selector):
      (program ?? "*") + ":" + String(repeating: " ", count: spaces) + "\(selector)"
    }
  }

  /// The rules as a rules file in canonical words: `[default]`, the program
  /// groups by name, the widget groups in order (a selector written twice
  /// gets more blanks after its colon, so GKeyFile keeps the groups apart).
  static func render(_ rules: RuleSet) -> String {
    var lines: [String] = []
    func group(_ name: String, _ values: RuleValues) {
      lines.append("[\(name)]")
      if let mode = values.mode { lines.append("mode=\(mode.value.rawValue)") }
      if let interval = values.interval { lines.append("interval-ms=\(interval.value.milliseconds)") }
      if let maxBusy = values.maxBusy { lines.append("max-busy-ms=\(maxBusy.value.milliseconds)") }
      if let policy = values.policy { lines.append("policy=\(policy.value.rawValue)") }
      if let fence = values.fence { lines.append("fence=\(fence.value)") }
      if let settle = values.settle { lines.append("settle-ms=\(settle.value.milliseconds)") }
      if let profile = values.profile { lines.append("profile=\(profile.value.rawValue)") }
      if let feedback = values.feedback { lines.append("feedback=\(feedback.value.rawValue)") }
    }
    group("default", rules.defaults)
    for program in rules.programs.keys.sorted() { group(program, rules.programs[program]!) }
    var seen: [String: Int] = [:]
    for rule in rules.widgetRules {
      let name = render(.widget(program: rule.program, rule.selector))
      let repeats = seen[name, default: 0]
      seen[name] = repeats + 1
      group(render(.widget(program: rule.program, rule.selector), spaces: repeats + 1), rule.values)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
