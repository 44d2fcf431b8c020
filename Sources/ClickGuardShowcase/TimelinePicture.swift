// TimelinePicture: a demo log's timeline as a PNG — what the showcase saves
// beside each run's log, and the pictures in the docs.

import ClickGuardDemoKit

/// Draws the timeline of a demo log into a PNG.
package enum TimelinePicture {
  /// The picture's width in pixels.
  package static let width = 1200

  /// The path of the picture for the log at `logPath`: the same name with
  /// `.jsonl` replaced by `-timeline.png`.
  package static func path(forLog logPath: String) -> String {
    (logPath.hasSuffix(".jsonl") ? String(logPath.dropLast(".jsonl".count)) : logPath) + "-timeline.png"
  }

  /// Draws the timeline of the log at `logPath`, under `title` if given,
  /// and writes it to `pngPath` (default: ``path(forLog:)``).
  /// - Returns: the image drawn (its layout says where everything went).
  /// - Throws: ``ShowcaseError`` when the log cannot be read or the PNG
  ///   cannot be written.
  @discardableResult
  package static func write(
    log logPath: String, to pngPath: String? = nil, title: String? = nil, theme: TimelineTheme = .light,
    width: Int = width
  ) throws -> TimelineImage {
    let events: TimelineLogEvents
    do {
      events = try TimelineLogEvents(path: logPath)
    } catch {
      throw ShowcaseError(description: "cannot read \(logPath): \(error)")
    }
    let model = events.model()
    let image = TimelineImage(
      model, theme: theme, width: width, height: TimelineImage.height(for: model, titled: title != nil), title: title)
    let target = pngPath ?? path(forLog: logPath)
    if let failure = image.writePNG(to: target) {
      throw ShowcaseError(description: "cannot write \(target): \(failure)")
    }
    return image
  }
}
