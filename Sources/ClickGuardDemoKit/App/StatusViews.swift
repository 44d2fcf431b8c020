// The window's live status: the counters table, the navigation depth and
// history line, and the log pane (a GtkTextView).

import CGtk
import ClickGuardGObject
import ClickGuardGtk

/// Shows the counters table and the navigation history.
///
/// The table is a GtkGrid: a row per control, a column per count, each
/// column's title saying in its tooltip what it counts. The fence's drops
/// per page are on the line above it, with the history.
@MainActor
final class CountersView {
  private let grid: WidgetPointer
  private let historyLabel: WidgetPointer
  private let fenceLabel: WidgetPointer
  /// Each shown control's cells: its name, then one per column.
  private var rows: [String: [WidgetPointer]] = [:]
  /// The counts shown.
  private(set) var board: TallyBoard
  private var moves = 0
  private var refused = 0

  init(grid: WidgetPointer, historyLabel: WidgetPointer, fenceLabel: WidgetPointer, controls: [String]) {
    self.grid = grid
    self.historyLabel = historyLabel
    self.fenceLabel = fenceLabel
    board = TallyBoard(names: controls)
    let titles =
      [(localized("Control"), localized("The page control, by its name in the log."))]
      + TallyBoard.columns.map { (translated($0.title), translated($0.meaning)) }
    for (column, title) in titles.enumerated() {
      let label = Self.cell(title.0, column: column)
      gtk_widget_set_tooltip_text(label, title.1)
      gtk_style_context_add_class(gtk_widget_get_style_context(label), "cg-counters-title")
      gtk_grid_attach(grid.cast(), label, Int32(column), 0, 1, 1)
    }
    gtk_widget_set_tooltip_text(fenceLabel, translated(TallyBoard.fenceMeaning))
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
    let text = localized("Depth {depth} · {stack}    ({moves} navigations, {refused} refused)").filling([
      "depth": String(stack.count), "stack": stack.joined(separator: " › "), "moves": String(moves),
      "refused": String(refused),
    ])
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
    for name in board.names {
      let cells = rows[name] ?? addRow(name)
      for (cell, count) in zip(cells.dropFirst(), board.cells(of: name)) {
        gtk_label_set_text(cell.cast(), String(count))
      }
    }
    gtk_label_set_text(fenceLabel.cast(), board.fenceLine)
  }

  /// A new row for `name`, at the bottom.
  private func addRow(_ name: String) -> [WidgetPointer] {
    let row = Int32(rows.count + 1)
    let cells = ([name] + TallyBoard.columns.map { _ in "0" }).enumerated().map { Self.cell($1, column: $0) }
    for (column, cell) in cells.enumerated() {
      gtk_grid_attach(grid.cast(), cell, Int32(column), row, 1, 1)
      gtk_widget_show(cell)
    }
    rows[name] = cells
    return cells
  }

  /// A cell: a control's name on the left, a count on the right.
  private static func cell(_ text: String, column: Int) -> WidgetPointer {
    let label = gtk_label_new(text)!
    gtk_label_set_xalign(label.cast(), column == 0 ? 0 : 1)
    return label
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
