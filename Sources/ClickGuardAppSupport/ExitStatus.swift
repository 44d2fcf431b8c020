// ExitStatus: the exit statuses of the clickguard command, in one place so
// the docs and the tests agree with the code.

/// The `clickguard` command's exit statuses. `clickguard run` replaces
/// itself with the program it runs, whose status is then the program's own.
package enum ExitStatus {
  /// Done.
  package static let success: Int32 = 0
  /// Could not do it: the module is not found, a log cannot be read, or
  /// `doctor` found a problem.
  package static let failure: Int32 = 1
  /// A bad command line: unknown option, missing or invalid value, no
  /// program to run.
  package static let usage: Int32 = 2
  /// `run`: the program was found but cannot be executed (as in the shell).
  package static let cannotExecute: Int32 = 126
  /// `run`: the program was not found (as in the shell).
  package static let notFound: Int32 = 127
}
