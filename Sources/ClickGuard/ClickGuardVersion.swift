// ClickGuardVersion: ClickGuard's version, in one place. Every program
// prints it for --version, and the Makefile reads it from this file for the
// Debian package's version.

/// ClickGuard's version.
///
/// ```swift
/// print("clickguard \(ClickGuardVersion.current)")   // clickguard 0.1.0
/// ```
public enum ClickGuardVersion {
  /// The version, as `clickguard --version` prints it and the Debian
  /// package carries it (`make deb` reads this line).
  public static let current = "0.1.0"
}
