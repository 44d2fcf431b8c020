// TallyBoard+Text: the counters table as text, for test messages and the
// table's own test (the window shows it as a GtkGrid).

@testable import ClickGuardDemoKit

extension TallyBoard {
  /// The table as text (for a monospace font).
  func rendered() -> String {
    let header = ["Control"] + Self.columns.map(\.title)
    var rows = [header]
    for name in names {
      rows.append([name] + cells(of: name).map(String.init))
    }
    let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    var lines = rows.map { row in
      row.enumerated().map { column, cell in
        column == 0
          ? cell + String(repeating: " ", count: widths[column] - cell.count)
          : String(repeating: " ", count: widths[column] - cell.count) + cell
      }.joined(separator: " ")
    }
    lines.append(fenceLine)
    return lines.joined(separator: "\n")
  }
}
