/// Which widgets a widget group of the rules file applies to: one property
/// and the value it must have, for example `label=7` or `type=GtkSpinButton`.
package struct RuleSelector: Hashable, Sendable, CustomStringConvertible {
  /// The property a selector looks at.
  package enum Kind: String, Hashable, Sendable, CaseIterable {
    /// The GtkBuilder id (`gtk_buildable_get_name`).
    case id
    /// The widget name (`gtk_widget_get_name`).
    case name
    /// The accessible name screen readers read.
    case accessible
    /// A button's or menu item's label (mnemonic underscores optional).
    case label
    /// A GType name the widget is (its type or an ancestor).
    case type
    /// A CSS style class on the widget.
    case `class`
  }

  /// The property.
  package var kind: Kind
  /// The value it must have (compared exactly).
  package var value: String

  /// A selector for widgets whose `kind` is `value`.
  package init(_ kind: Kind, _ value: String) {
    self.kind = kind
    self.value = value
  }

  /// `kind=value`, as written in the file.
  package var description: String { "\(kind.rawValue)=\(value)" }

  /// Whether `widget` is selected.
  package func matches(_ widget: WidgetTraits) -> Bool {
    switch kind {
    case .id: widget.builderID == value
    case .name: widget.name == value
    case .accessible: widget.accessibleName == value
    case .label: widget.label.map { $0 == value || Self.withoutMnemonics($0) == value } ?? false
    case .type: widget.typeNames.contains(value)
    case .class: widget.styleClasses.contains(value)
    }
  }

  /// A label as shown: `_Export` reads `Export`, `Save __As` reads `Save _As`.
  static func withoutMnemonics(_ label: String) -> String {
    var shown = ""
    var afterUnderscore = false
    for character in label {
      if character == "_", !afterUnderscore {
        afterUnderscore = true
        continue
      }
      afterUnderscore = false
      shown.append(character)
    }
    return shown
  }
}
