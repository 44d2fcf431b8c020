/// A setting's value together with where it came from. `Value` is unconstrained
/// (the conformances below are conditional): a constrained parameter makes the
/// runtime search every conformance record of the module at every app's start.
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
