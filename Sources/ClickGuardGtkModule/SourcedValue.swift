/// A setting's value together with where it came from.
///
/// `Value` carries no constraint of its own; the conformances below are
/// conditional. A constrained generic parameter makes the Swift runtime
/// check the constraint, by a search of every conformance in the module,
/// each time it first builds the type's metadata — five searches at every
/// app's start for the settings' value types.
package struct SourcedValue<Value> {
  /// The value.
  package var value: Value
  /// Where it was set.
  package var origin: SettingOrigin

  /// Pairs `value` with its `origin`.
  package init(_ value: Value, from origin: SettingOrigin) {
    self.value = value
    self.origin = origin
  }
}

extension SourcedValue: Equatable where Value: Equatable {}
extension SourcedValue: Hashable where Value: Hashable {}
extension SourcedValue: Sendable where Value: Sendable {}
