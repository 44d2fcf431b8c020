// ParsedArguments: what GOptionParser read from one command line, in order,
// before any value is checked. Values and arguments are bytes, as given.

/// The options and the other arguments of one command line, as given.
package struct ParsedArguments: Equatable, Sendable {
  /// One option given: its name without dashes and its value (`nil` for a
  /// flag).
  package struct Given: Equatable, Sendable {
    /// The option's long name, without dashes.
    package let name: String
    /// The value as given (bytes), `nil` for a flag.
    package let value: ByteString?

    /// `--name` given with `value`.
    package init(_ name: String, _ value: ByteString?) {
      self.name = name
      self.value = value
    }
  }

  /// The options, in the order given (a repeated option appears each time).
  package var options: [Given] = []
  /// The arguments that are not options: files, or the program and its
  /// arguments. A `--` that ended the options is not among them.
  package var remaining: [ByteString] = []

  /// Nothing given.
  package init() {}

  /// The options and arguments given.
  package init(options: [Given], remaining: [ByteString]) {
    self.options = options
    self.remaining = remaining
  }

  /// The value of the last `--name` given, or `nil`.
  package func last(_ name: String) -> Given? {
    options.last { $0.name == name }
  }

  /// Whether the flag `--name` was given.
  package func has(_ name: String) -> Bool {
    options.contains { $0.name == name }
  }
}
