// ClickGuardVersion: the version `clickguard --version` prints.

/// ClickGuard's version.
public enum ClickGuardVersion {
  /// The version, as `clickguard --version` prints it.
  public static let current = "0.1.0"
}
