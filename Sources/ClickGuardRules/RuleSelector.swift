import ClickGuardGtk

/// Which widgets a widget group of the rules file applies to: one property
/// and the value it must have, for example `label=7` or `type=GtkSpinButton`.
package struct RuleSelector: Hashable, Sendable, CustomStringConvertible {
  /// The property a selector looks at: a part of the widget's
  /// description (its raw value is the selector's key, `id`, `label`, …).
  package typealias Kind = WidgetDescription.Part

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
  package func matches(_ widget: WidgetDescription) -> Bool {
    switch kind {
    case .id: widget.builderID == value
    case .name: widget.name == value
    case .accessible: widget.accessibleName == value
    case .label: widget.label.map { $0 == value || WidgetDescription.shown($0) == value } ?? false
    case .type: widget.typeNames.contains(value)
    case .class: widget.styleClasses.contains(value)
    }
  }
}
