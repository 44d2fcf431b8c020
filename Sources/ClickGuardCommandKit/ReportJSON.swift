// ReportJSON: `clickguard report --json`: the same summary as the text, as
// one JSON object for scripts.

import FoundationEssentials

/// The report as JSON.
public struct ReportJSON: Codable, Sendable {
  /// One entry of the most-repeated list.
  public struct Repeated: Codable, Sendable {
    /// The widget.
    public var widget: WidgetIdentity
    /// Its repeats (dropped or would drop).
    public var repeats: Int
    /// Its judged activations.
    public var activations: Int
  }

  /// The files read (`-`: standard input).
  public var sources: [String]
  /// The decision lines read.
  public var decisions: Int
  /// The first lines of each source that are not decisions
  /// (``LogReport/keptBadLines`` at most per source).
  public var badLines: [BadLine]
  /// How many lines are not decisions, in all.
  public var badLineCount: Int
  /// Every widget's counts.
  public var widgets: [WidgetTally]
  /// The widgets repeated most, most first.
  public var mostRepeated: [Repeated]
  /// The suggested rules.
  public var suggestedRules: [SuggestedRule]

  /// The JSON of `report` with `rules`, listing the `top` widgets repeated
  /// most.
  public init(_ report: LogReport, rules: [SuggestedRule], top: Int) {
    sources = report.sources
    decisions = report.decisionCount
    badLines = report.badLines
    badLineCount = report.badLineCount
    widgets = report.tallies
    mostRepeated = report.mostRepeated(top).map {
      Repeated(widget: $0.widget, repeats: $0.repeats, activations: $0.judged)
    }
    suggestedRules = rules
  }

  /// The JSON text, keys sorted, indented.
  public var text: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "{}" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
