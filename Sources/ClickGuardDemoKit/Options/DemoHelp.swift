// DemoHelp: the paragraphs of the demo's --help besides the options: the
// summary under the usage line and the notes at the end. The manual page
// (clickguard-manual) renders the same text, in English; --help shows it in
// the reader's language.

import ClickGuardGObject

/// The demo's --help text besides its options (``OptionSpec/all``).
package enum DemoHelp {
  /// The paragraph `--help` shows under the usage line (and the manual
  /// page's description), in English, marked translatable.
  package static let summary = translatable(
    "Shows ClickGuard stopping repeated clicks on one control from firing its action twice, with lag injected on demand."
  )

  /// The notes at the end of `--help`, one line each as `title: text`, in
  /// English; the manual page gives each a section of its own.
  package static let notes = notes(localized: false)

  /// ``notes`` in the reader's language.
  static var localizedNotes: [(title: String, text: String)] { notes(localized: true) }

  private static func notes(localized: Bool) -> [(title: String, text: String)] {
    [
      (
        translatable("Exit status"),
        translatable(
          "{success} done, {failure} cannot run (resources; a --log-file or --screenshot target refused or not writable), {usage} bad command line, {noDisplay} no display."
        )
      ),
      (
        translatable("Resources"),
        translatable(
          "looked up in {variable}, <prefix>/share/clickguard, the build tree, then the source tree.")
      ),
      (
        translatable("Files"),
        translatable(
          "a screenshot replaces only a regular file (or makes a new one); the log also appends to a character device or a pipe; anything else is refused and left as it is."
        )
      ),
      (
        translatable("Signals"),
        translatable(
          "SIGUSR1 saves another --screenshot; SIGUSR2 logs another layout line; SIGTERM and SIGINT quit cleanly.")
      ),
    ].map { title, text in
      (
        inLanguage(title, localized: localized),
        inLanguage(text, localized: localized).filling([
          "success": String(DemoExitStatus.success), "failure": String(DemoExitStatus.failure),
          "usage": String(DemoExitStatus.usage), "noDisplay": String(DemoExitStatus.noDisplay),
          "variable": "$" + ResourceLocator.environmentVariable,
        ])
      )
    }
  }
}

/// `text`, English marked translatable, in the reader's language when
/// `localized` (`--help`), else as it is (the manual page).
func inLanguage(_ text: String, localized: Bool) -> String {
  localized ? translated(text) : text
}
