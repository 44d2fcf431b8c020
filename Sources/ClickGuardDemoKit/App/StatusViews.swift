// The window's live status: the counters table, the navigation depth and
// history line, and the log pane (a GtkTextView).

import CGtk
import ClickGuardGtk

/// Shows the counters table and the navigation history.
@MainActor
final class CountersView {
  private let countersLabel: WidgetPointer
  private let historyLabel: WidgetPointer
  /// The counts shown.
  private(set) var board: TallyBoard
  private var moves = 0
  private var refused = 0

  init(countersLabel: WidgetPointer, historyLabel: WidgetPointer, controls: [String]) {
    self.countersLabel = countersLabel
    self.historyLabel = historyLabel
    board = TallyBoard(names: controls)
    refresh()
  }

  /// Adds `event` up and redraws the table.
  func record(_ event: DemoEvent) {
    switch event {
    case .decision, .action, .toggle, .navigation, .navigationRefused, .fenceDrop:
      board.record(event)
      if case .navigation = event { moves += 1 }
      if case .navigationRefused = event { refused += 1 }
      refresh()
    default:
      break
    }
  }

  /// Shows the navigator's stack.
  func showStack(_ stack: [String]) {
    let text =
      "Depth \(stack.count) · " + stack.joined(separator: " › ") + "    (\(moves) navigations, \(refused) refused)"
    gtk_label_set_text(historyLabel.cast(), text)
  }

  /// Zeroes the counts.
  func reset() {
    board.reset()
    moves = 0
    refused = 0
    refresh()
  }

  private func refresh() {
    gtk_label_set_text(countersLabel.cast(), board.rendered())
  }
}

/// The log pane: the last few hundred events as one line each.
@MainActor
final class LogView {
  private let buffer: OpaquePointer
  private let view: WidgetPointer
  private let startMs: Double
  private let keepLines: Int32 = 400

  init(view: WidgetPointer, startMs: Double) {
    self.view = view
    self.startMs = startMs
    buffer = OpaquePointer(gtk_text_view_get_buffer(view.cast()))
  }

  /// Appends `event`'s summary, stamped with the time since start.
  func append(_ event: DemoEvent, at ms: Double) {
    guard let summary = event.summary else { return }
    let seconds = (ms - startMs) / 1000
    let stamp = String(Int(seconds)) + "." + String(Int((seconds * 1000).rounded()) % 1000).leftPadded(3)
    let buffer = UnsafeMutablePointer<GtkTextBuffer>(buffer)
    var end = GtkTextIter()
    gtk_text_buffer_get_end_iter(buffer, &end)
    let prefix = gtk_text_buffer_get_char_count(buffer) > 0 ? "\n" : ""
    gtk_text_buffer_insert(buffer, &end, prefix + "+" + stamp + "s  " + summary, -1)
    let lines = gtk_text_buffer_get_line_count(buffer)
    if lines > keepLines {
      var start = GtkTextIter()
      var cut = GtkTextIter()
      gtk_text_buffer_get_start_iter(buffer, &start)
      gtk_text_buffer_get_iter_at_line(buffer, &cut, lines - keepLines)
      gtk_text_buffer_delete(buffer, &start, &cut)
    }
    gtk_text_buffer_get_end_iter(buffer, &end)
    let mark = gtk_text_buffer_get_insert(buffer)
    gtk_text_buffer_place_cursor(buffer, &end)
    gtk_text_view_scroll_mark_onscreen(view.cast(), mark)
  }
}

extension String {
  /// The string with zeros in front up to `width` characters.
  func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
