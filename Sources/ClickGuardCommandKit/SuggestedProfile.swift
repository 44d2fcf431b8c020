// SuggestedProfile: the bounce profile for a program whose toggles bounce
// (clicked again faster than a person means to, let through because the
// lag profile skips toggles), with the evidence, ready to paste.

/// A rules-file program group that switches a program to the bounce
/// profile.
package struct SuggestedProfile: Codable, Equatable, Sendable {
  /// The program; `nil` when the log did not name it (or no group name can
  /// hold it): the suggestion is then for `[default]`.
  package var program: String?
  /// Its toggles that bounced.
  package var widgets: [WidgetIdentity]
  /// The clicks on them that came less than ``windowMs`` after the one
  /// before.
  package var bounces: Int
  /// The shortest such gap (ms).
  package var shortestGapMs: Int
  /// The window the bounces are counted in (ms): the profile's default.
  package var windowMs: Int

  /// The group as key-file text: a comment with the evidence, the group,
  /// the key.
  package var text: String {
    let names = widgets.map(\.displayName).joined(separator: ", ")
    return """
      # \(program ?? "Every program"): toggles clicked again within \(windowMs) ms \(bounces) times \
      (shortest \(shortestGapMs) ms), let through as toggles are by default: \(names)
      [\(program ?? "default")]
      profile=bounce
      """
  }
}
