/// What a control's names and labels say about its repeats, for both GTK
/// layers' ``RepeatFacts``: people press a keypad's key, a stepper, Undo,
/// Redo or Zoom again on purpose.
///
/// Repeatable: a keypad's key, a stepper or arrow label, a label saying undo,
/// redo or zoom, or a name (GAction, GtkAction, icon, stock) saying undo,
/// redo, zoom, next, previous, back, go up or down, increase or decrease. A
/// worded "Next" or "Back" is as often a wizard's step, so only some label
/// words count.
package enum RepeatableNames {
  private static let repeatWords: Set<String> = [
    "undo", "redo", "zoom", "next", "previous", "prev", "forward", "back", "backward", "increase", "decrease",
  ]
  private static let labelWords: Set<String> = ["undo", "redo", "zoom", "increase", "decrease"]
  /// Repeatable only after `go` (`go-up`, `go-down`).
  private static let directionWords: Set<String> = ["up", "down"]
  private static let stepperLabels: Set<String> = ["+", "-", "−", "–", "›", "‹", "»", "«", "<", ">", "→", "←"]
  /// The fewest buttons a container needs to be taken for a keypad.
  package static let keypadButtons = 6

  /// Whether a control with these `names` and shown `label` is repeatable
  /// by them alone (a keypad key is told by its neighbours: ``isKeypad(labels:)``).
  package static func isRepeatable(names: [String], label: String?) -> Bool {
    if names.contains(where: isRepeatName) { return true }
    guard let label else { return false }
    return stepperLabels.contains(label) || words(of: label).contains(where: labelWords.contains)
  }

  /// Whether a container whose push buttons show `labels` is a keypad:
  /// ``keypadButtons`` or more, mostly one character each.
  package static func isKeypad(labels: [String?]) -> Bool? {
    guard labels.count >= keypadButtons else { return nil }
    let keys = labels.filter { $0?.count == 1 }.count
    return keys * 2 > labels.count
  }

  /// Whether a name (`win.next-change`, `EditUndo`, `go-up-symbolic`) says people repeat it.
  package static func isRepeatName(_ name: String) -> Bool {
    let words = Self.words(of: name)
    if words.contains(where: repeatWords.contains) { return true }
    return words.contains("go") && words.contains(where: directionWords.contains)
  }

  /// A label as shown: mnemonic marks removed, spaces trimmed; `nil` when empty.
  package static func shown(_ text: String?) -> String? {
    guard let text else { return nil }
    let shown = String(text.filter { $0 != "_" }.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace))
    return shown.isEmpty ? nil : String(shown.reversed())
  }

  /// The lowercase words of a name, split at punctuation and camel case.
  package static func words(of name: String) -> [String] {
    var words: [String] = []
    var word = ""
    var previousIsLower = false
    for character in name {
      guard character.isLetter || character.isNumber else {
        if !word.isEmpty { words.append(word) }
        word = ""
        previousIsLower = false
        continue
      }
      if character.isUppercase && previousIsLower {
        words.append(word)
        word = ""
      }
      word += character.lowercased()
      previousIsLower = character.isLowercase
    }
    if !word.isEmpty { words.append(word) }
    return words
  }
}
