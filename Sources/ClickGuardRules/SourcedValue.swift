/// A setting's value together with where it came from.
///
/// `Value` carries no constraint of its own; the conformances below are
/// conditional. With a constrained parameter, the Swift runtime checks the
/// constraint when it first builds the type's metadata, by searching every
/// conformance record in the module: once per setting's value type, at the
/// start of every app the module is loaded into.
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
