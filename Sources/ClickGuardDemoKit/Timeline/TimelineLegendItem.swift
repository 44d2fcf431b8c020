// TimelineLegendItem: one entry of the timeline's legend.

import ClickGuardGObject

/// One entry of the legend: an outcome's mark, a bar, the lag band, the
/// navigation flag, or the line from a click to its judgement.
package enum TimelineLegendItem: Hashable, Sendable {
  /// An outcome's glyph.
  case outcome(TimelineOutcome)
  /// A span's bar.
  case span(TimelineSpan.Kind)
  /// The injected-lag band.
  case lag
  /// A navigation flag.
  case navigation
  /// A click's event mark joined to its processing mark.
  case delay

  /// Every entry, in the legend's order.
  package static let all: [TimelineLegendItem] =
    TimelineOutcome.allCases.map { .outcome($0) } + TimelineSpan.Kind.allCases.map { .span($0) } + [
      .lag, .navigation, .delay,
    ]

  /// The entry's words in English, as the `timeline` log line gives them.
  var label: String {
    switch self {
    case .outcome(let outcome): outcome.label
    case .span(let kind): kind.label
    case .lag: translatable("injected lag")
    case .navigation: translatable("navigation")
    case .delay: translatable("click made → judged")
    }
  }

  /// The entry's words as the legend shows them, in the reader's language.
  var text: String { translated(label) }
}
