import ClickGuardGtk

/// The words the module's settings accept, one vocabulary for the environment and
/// the rules file: a word the one accepts, the other accepts too. Matched after
/// trimming blanks, in any case.
package enum SettingWords {
  /// The words for on; ``offWords`` are their opposites.
  package static let onWords: Set<String> = ["on", "true", "1"]
  /// The words for off.
  package static let offWords: Set<String> = ["off", "false", "0"]

  /// What an on/off setting accepts, for the environment's messages.
  package static let switchAccepted = "on, off, true, false, 1 or 0"
  /// The same for the rules file, led by the `true`/`false` its documentation uses.
  package static let switchAcceptedInFile = "true or false (also on, off, 1 or 0)"
  package static let modeAccepted = "enforce, observe or off"
  package static let profileAccepted = "lag or bounce"
  package static let feedbackAccepted = "off or bell"

  /// Whether `text` says on or off; `nil` when it is neither.
  package static func isOn(_ text: String) -> Bool? {
    let word = text.trimmingKeyFileSpace().lowercased()
    if onWords.contains(word) { return true }
    if offWords.contains(word) { return false }
    return nil
  }

  /// The whole milliseconds `text` states, when in `range`: digits only (no sign,
  /// no fraction), for the `*_MS` variables and the `*-ms` keys alike.
  package static func milliseconds(_ text: String, in range: ClosedRange<Int>) -> ClickInterval? {
    let word = text.trimmingKeyFileSpace()
    guard !word.isEmpty, word.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(word),
      range.contains(number)
    else { return nil }
    return try? ClickInterval(milliseconds: number)
  }

  /// The mode `text` names, or `nil` when it names none.
  package static func mode(_ text: String) -> GuardMode? {
    GuardMode(rawValue: text.trimmingKeyFileSpace().lowercased())
  }

  /// The profile `text` names, or `nil` when it names none.
  package static func profile(_ text: String) -> GuardProfile? {
    GuardProfile(rawValue: text.trimmingKeyFileSpace().lowercased())
  }

  /// The feedback `text` names, or `nil` when it names none.
  package static func feedback(_ text: String) -> DropFeedback? {
    DropFeedback(rawValue: text.trimmingKeyFileSpace().lowercased())
  }
}

/// What a person notices when the module drops their click (`feedback=`,
/// `CLICKGUARD_FEEDBACK`).
package enum DropFeedback: String, Hashable, Sendable, CaseIterable {
  /// Nothing: the click just does not act. The default.
  case off
  /// The widget's error bell (`gtk_widget_error_bell`, honouring `gtk-error-bell`):
  /// for people who cannot see that a bounce was ignored.
  case bell
}

extension String {
  /// The string without the blanks GKeyFile leaves around a value. Cuts UTF-8 code
  /// units, not characters (the blanks are ASCII): it runs for every group and key.
  func trimmingKeyFileSpace() -> String {
    let bytes = utf8
    guard let first = bytes.firstIndex(where: { !$0.isKeyFileSpace }),
      let last = bytes.lastIndex(where: { !$0.isKeyFileSpace })
    else { return "" }
    return String(decoding: bytes[first...last], as: UTF8.self)
  }
}

extension UInt8 {
  /// A space, a tab, or a line break (`\r`, `\n`).
  var isKeyFileSpace: Bool {
    self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") || self == UInt8(ascii: "\r") || self == UInt8(ascii: "\n")
  }
}
