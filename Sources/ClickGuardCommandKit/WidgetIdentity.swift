import ClickGuardGtk

/// One widget of one program, as the decision log describes it: the
/// program and the log's ``WidgetDescription`` of the widget (the one type
/// the log writer and the rules read off widgets). Widgets with the same
/// description (two "OK" buttons of one program) count as one: a rule would
/// match them both.
package struct WidgetIdentity: Hashable, Comparable, Codable, Sendable {
  /// The program (`g_get_prgname`), or `nil` when the log did not say.
  package var program: String?
  /// The widget as the log described it: its type, builder id, label and
  /// accessible name.
  package var widget: WidgetDescription

  /// The GType name.
  package var type: String { widget.typeName }
  /// The GtkBuilder id.
  package var id: String? { widget.builderID }
  /// The label.
  package var label: String? { widget.label }
  /// The accessible name.
  package var accessible: String? { widget.accessibleName }

  /// The widget of `line`.
  package init(_ line: DecisionLogLine) {
    self.init(
      program: line.program, type: line.widget ?? "?", id: line.id.nonEmpty, label: line.label.nonEmpty,
      accessible: line.accessible.nonEmpty)
  }

  /// A widget described by hand.
  package init(program: String?, type: String, id: String? = nil, label: String? = nil, accessible: String? = nil) {
    self.program = program
    widget = WidgetDescription(typeName: type, builderID: id, label: label, accessibleName: accessible)
  }

  /// The report's JSON names: the log's (`type` for its `widget`).
  private enum CodingKeys: String, CodingKey {
    case program, type, id, label, accessible
  }

  /// Reads a widget written by ``encode(to:)``.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      program: try container.decodeIfPresent(String.self, forKey: .program),
      type: try container.decode(String.self, forKey: .type),
      id: try container.decodeIfPresent(String.self, forKey: .id),
      label: try container.decodeIfPresent(String.self, forKey: .label),
      accessible: try container.decodeIfPresent(String.self, forKey: .accessible))
  }

  /// Writes the program and the log's four fields; an absent one is left
  /// out.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(program, forKey: .program)
    try container.encode(type, forKey: .type)
    try container.encodeIfPresent(id, forKey: .id)
    try container.encodeIfPresent(label, forKey: .label)
    try container.encodeIfPresent(accessible, forKey: .accessible)
  }

  /// How a person recognises it: `"Save" GtkButton` (its label, as shown:
  /// `_Save` is "Save"), `accessible "Zoom in" GtkButton`, `#save_button
  /// GtkButton` (builder id), or the type alone.
  package var displayName: String {
    if let label { return "\"\(WidgetDescription.shown(label))\" \(type)" }
    if let accessible { return "accessible \"\(accessible)\" \(type)" }
    if let id { return "#\(id) \(type)" }
    return "unnamed \(type)"
  }

  /// The selector a rule names it by (contracts: `id=`, `label=`,
  /// `accessible=`): the builder id first, which does not change with the
  /// language, then the label, then the accessible name. `nil` when none can
  /// be written in a key-file group name (no `[`, `]` or line breaks).
  package var selector: String? {
    let choices = [("id", id), ("label", label), ("accessible", accessible)]
    for case (let key, let value?) in choices where Self.fitsGroupName(value) {
      return "\(key)=\(value)"
    }
    return nil
  }

  /// Whether `value` can stand in a GKeyFile group name.
  static func fitsGroupName(_ value: String) -> Bool {
    !value.isEmpty
      && !value.contains { $0 == "[" || $0 == "]" || $0.isNewline || $0.asciiValue.map { $0 < 32 } == true }
  }

  package static func < (lhs: WidgetIdentity, rhs: WidgetIdentity) -> Bool {
    (lhs.program ?? "", lhs.displayName, lhs.id ?? "") < (rhs.program ?? "", rhs.displayName, rhs.id ?? "")
  }
}

extension Optional where Wrapped == String {
  /// The string, or `nil` when it is empty.
  fileprivate var nonEmpty: String? {
    flatMap { $0.isEmpty ? nil : $0 }
  }
}
