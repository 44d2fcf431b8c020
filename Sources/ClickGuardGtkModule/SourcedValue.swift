/// A setting's value together with where it came from.
package struct SourcedValue<Value: Hashable & Sendable>: Hashable, Sendable {
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
