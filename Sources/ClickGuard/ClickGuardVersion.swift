/// ClickGuard's version, in one place: every program prints it for `--version`.
public enum ClickGuardVersion {
  /// The version; `make deb` reads this line for the Debian package.
  public static let current = "0.1.0"
}
