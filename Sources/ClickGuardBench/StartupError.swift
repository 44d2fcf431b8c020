/// Why the demo start-up could not build or run its C baseline.
struct StartupError: Error, CustomStringConvertible {
  /// What went wrong.
  let description: String
}
