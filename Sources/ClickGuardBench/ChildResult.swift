/// What a child process (this executable in a child mode, or another
/// program) reported.
struct ChildResult {
  /// Exit status (-1 when it could not be started).
  var status: Int32
  /// The `key value` lines it printed.
  var values: [String: String]
  /// Everything it printed on stdout.
  var output: String
}
