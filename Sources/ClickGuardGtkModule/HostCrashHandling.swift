import CGtk

#if canImport(Glibc)
  import Glibc
#endif

/// Leaves the host app's crash handling as it was before the module loaded.
///
/// Loading the module starts the Swift runtime, which installs its crash
/// handler (a backtracer that prints "Program crashed" and carries on) for
/// every crash signal the process left at its default. In an app we never
/// compiled that changes how it dies: a C program that stops at its first
/// Gtk-CRITICAL under `G_DEBUG=fatal-criticals` would exit 0 instead, and a
/// crash would no longer end in the kernel's default action (core dump). The
/// runtime only takes signals that were at their default, so giving each of
/// those back its default disposition restores exactly what was there.
enum HostCrashHandling {
  /// The signals the Swift runtime's crash handler takes.
  static let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGQUIT]

  /// Resets every crash signal the Swift runtime took to its default.
  /// - Returns: the signals reset.
  @discardableResult
  static func restore() -> [Int32] {
    let taken = crashSignals.filter { cg_signal_handled_by_swift_runtime($0) != 0 }
    for signal in taken { cg_signal_set_default(signal) }
    return taken
  }
}
