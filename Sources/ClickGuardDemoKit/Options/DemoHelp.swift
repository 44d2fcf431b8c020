// DemoHelp: the paragraphs of the demo's --help besides the options: the
// summary under the usage line and the notes at the end. The manual page
// (clickguard-manual) renders the same text.

/// The demo's --help text besides its options (``OptionSpec/all``).
package enum DemoHelp {
  /// The paragraph `--help` shows under the usage line (and the manual
  /// page's description).
  package static let summary =
    "Shows ClickGuard stopping repeated clicks on one control from firing its action twice, "
    + "with lag injected on demand."

  /// The notes at the end of `--help`, one line each as `title: text`;
  /// the manual page gives each a section of its own.
  package static let notes: [(title: String, text: String)] = [
    (
      "Exit status",
      "\(DemoExitStatus.success) done, \(DemoExitStatus.failure) cannot run (resources; a --log-file or "
        + "--screenshot target refused or not writable), \(DemoExitStatus.usage) bad command line, "
        + "\(DemoExitStatus.noDisplay) no display."
    ),
    (
      "Resources",
      "looked up in $\(ResourceLocator.environmentVariable), <prefix>/share/clickguard, the build tree, "
        + "then the source tree."
    ),
    (
      "Files",
      "a screenshot replaces only a regular file (or makes a new one); the log also appends to a character "
        + "device or a pipe; anything else is refused and left as it is."
    ),
    (
      "Signals",
      "SIGUSR1 saves another --screenshot; SIGUSR2 logs another layout line; SIGTERM and SIGINT quit cleanly."
    ),
  ]
}
