// ReportJSON: `clickguard report --json`: the same summary as the text, as
// one JSON object for scripts.

import FoundationEssentials

/// The report as JSON.
package struct ReportJSON: Codable, Sendable {
  /// One entry of the most-repeated list.
  package struct Repeated: Codable, Sendable {
    /// The widget.
    package var widget: WidgetIdentity
    /// Its repeats (dropped or would drop).
    package var repeats: Int
    /// Its judged activations.
    package var activations: Int
  }

  /// The files read (`-`: standard input).
  package var sources: [String]
  /// The decision lines read.
  package var decisions: Int
  /// The first lines of each source that are not decisions
  /// (``LogReport/keptBadLines`` at most per source).
  package var badLines: [BadLine]
  /// How many lines are not decisions, in all.
  package var badLineCount: Int
  /// Every widget's counts.
  package var widgets: [WidgetTally]
  /// The widgets repeated most, most first.
  package var mostRepeated: [Repeated]
  /// The suggested rules.
  package var suggestedRules: [SuggestedRule]
  /// The programs the bounce profile is suggested for.
  package var suggestedProfiles: [SuggestedProfile]

  /// The JSON of `report` with `rules` and `profiles`, listing the `top`
  /// widgets repeated most.
  package init(_ report: LogReport, rules: [SuggestedRule], profiles: [SuggestedProfile] = [], top: Int) {
    sources = report.sources
    decisions = report.decisionCount
    badLines = report.badLines
    badLineCount = report.badLineCount
    widgets = report.tallies
    mostRepeated = report.mostRepeated(top).map {
      Repeated(widget: $0.widget, repeats: $0.repeats, activations: $0.judged)
    }
    suggestedRules = rules
    suggestedProfiles = profiles
  }

  /// The JSON text, keys sorted, indented.
  package var text: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "{}" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
