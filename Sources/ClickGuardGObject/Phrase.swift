/// Words for people with values in them, kept as English data and said in
/// the reader's language only where they are shown.
///
/// A message that goes both into a log (which stays English) and onto the
/// screen is built once as a phrase, from an English literal marked with
/// ``translatable(_:)`` and its values: ``description`` gives the English,
/// ``translated`` the reader's language, with each `{placeholder}` filled in
/// the same language (a value that is a phrase itself is said in it too).
package struct Phrase: Equatable, Sendable, CustomStringConvertible {
  /// A placeholder's value.
  package indirect enum Value: Equatable, Sendable {
    /// Text that is never translated: a path, a number, the system's reason.
    case text(String)
    /// Words of their own, said in the same language as the phrase.
    case phrase(Phrase)
  }

  /// The English, with `{placeholders}`.
  private let english: String
  private let values: [String: Value]
  /// Whether the catalog is asked for ``english`` (not for a verbatim text).
  private let isMarked: Bool

  /// `english` (a literal marked with ``translatable(_:)``) with its placeholders
  /// filled from `values`.
  package init(_ english: String, _ values: [String: Value] = [:]) {
    self.english = english
    self.values = values
    isMarked = true
  }

  /// Text said as it is in every language: the system's reason, already in
  /// the locale's language.
  package init(verbatim text: String) {
    english = text
    values = [:]
    isMarked = false
  }

  /// The phrase in English.
  package var description: String {
    isMarked ? fill(english) { $0.description } : english
  }

  /// The phrase in the reader's language.
  package var translated: String {
    isMarked ? fill(ClickGuardGObject.translated(english)) { $0.translated } : english
  }

  /// `template` with each `{name}` of ``values`` replaced in one pass, so
  /// a value holding braces (a path) is left as it is.
  private func fill(_ template: String, _ say: (Phrase) -> String) -> String {
    var text = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      text += rest[..<open]
      let name = String(rest[rest.index(after: open)..<close])
      switch values[name] {
      case .text(let words)?: text += words
      case .phrase(let phrase)?: text += say(phrase)
      case nil: text += rest[open...close]
      }
      rest = rest[rest.index(after: close)...]
    }
    return text + rest
  }
}
