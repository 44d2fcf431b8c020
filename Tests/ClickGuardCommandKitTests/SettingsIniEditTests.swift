// SettingsIniSwitch's edit of a settings.ini, on the file itself: a key it
// adds goes after the group's last key, so the comment lines that end the
// group stay the next group's (GKeyFile alone would put the key after them); a
// value GTK cannot read is left as it is, and so is a file GKeyFile would
// write back with another line changed.

import CGLib
import ClickGuardAppSupport
import ClickGuardGObject
import Foundation
import Testing

@Suite struct SettingsIniEditTests {
  /// `text` written to a settings.ini in a directory of its own.
  private func file(_ text: String) throws -> (SettingsIniSwitch, URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("settings-ini-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent("settings.ini")
    try Data(text.utf8).write(to: url)
    return (SettingsIniSwitch(path: ByteString(url.path)), url)
  }

  /// `enable` on a file of `original` fails with a message naming the file,
  /// holding `reason` and saying it is left as it is; and it is, byte for byte.
  private func assertEnableRefuses(
    _ original: String, saying reason: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let (editor, url) = try file(original)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    #expect(sourceLocation: sourceLocation) {
      try editor.enable()
    } throws: { error in
      let message = (error as? SettingsIniSwitch.Failure)?.message ?? ""
      return message.contains(url.path) && message.contains(reason) && message.contains("left as it is")
    }
    #expect(
      try Data(contentsOf: url) == Data(original.utf8), "the file is as it was, byte for byte",
      sourceLocation: sourceLocation)
  }

  @Test func aCommentAboveTheNextGroupStaysThereWhenGtkModulesIsAdded() throws {
    let original = "[Settings]\ngtk-theme-name=Adwaita\n# about Other\n\n[Other]\nkey=value\n"
    let (editor, url) = try file(original)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let enabled = try editor.enable()
    #expect(enabled?.before == nil)
    #expect(enabled?.after == "clickguard")
    #expect(
      try String(contentsOf: url, encoding: .utf8)
        == "[Settings]\ngtk-theme-name=Adwaita\ngtk-modules=clickguard\n# about Other\n\n[Other]\nkey=value\n")
    _ = try editor.disable()
    #expect(try String(contentsOf: url, encoding: .utf8) == original, "disable gives the file back byte for byte")
  }

  @Test func aKeyIsAddedAfterTheHeaderOfASettingsGroupWithNoKeysAndAtTheEndOfTheLastGroup() throws {
    let (empty, emptyURL) = try file("[Settings]\n# nothing yet\n[Other]\nkey=value\n")
    defer { try? FileManager.default.removeItem(at: emptyURL.deletingLastPathComponent()) }
    _ = try empty.enable()
    #expect(
      try String(contentsOf: emptyURL, encoding: .utf8)
        == "[Settings]\ngtk-modules=clickguard\n# nothing yet\n\n[Other]\nkey=value\n",
      "GKeyFile writes a blank line before each group")

    let (last, lastURL) = try file("[Other]\nkey=value\n\n[Settings]\ngtk-theme-name=Adwaita\n# the end")
    defer { try? FileManager.default.removeItem(at: lastURL.deletingLastPathComponent()) }
    _ = try last.enable()
    #expect(last.modules == "clickguard")
    let text = try String(contentsOf: lastURL, encoding: .utf8)
    #expect(text.contains("gtk-theme-name=Adwaita\ngtk-modules=clickguard\n# the end"), "\(text)")
  }

  @Test func aValueWithAnEscapeGKeyFileRefusesIsLeftAsItIsWithAMessage() throws {
    // GKeyFile reads `\u` as a backslash and a u with an error (GTK skips
    // the value); written back it would become `\\u`.
    let original = "[Settings]\ngtk-modules=my\\umodule\n"
    let (editor, url) = try file(original)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    #expect(editor.modules == nil, "GTK reads no gtk-modules here")
    try assertEnableRefuses(original, saying: "backslash escape")
  }

  @Test func disableKeepsAnEmptySettingsGroupThatHoldsAComment() throws {
    // GKeyFile removes the comment lines that end a group with the group.
    let original = "[Settings]\n# keep me\n"
    let (editor, url) = try file(original)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    _ = try editor.enable()
    _ = try editor.disable()
    #expect(try String(contentsOf: url, encoding: .utf8) == original)
  }

  @Test func aFileWhoseOtherLinesGKeyFileWouldChangeIsLeftAsItIsWithAMessage() throws {
    // GKeyFile reads this theme name as "Adwaita" and a CR (the last CR is
    // the line end), and writes it back so that it reads as "Adwaita".
    let original = "[Settings]\ngtk-theme-name=Adwaita\r\r\n"
    let keyFile = g_key_file_new()
    defer { g_key_file_free(keyFile) }
    #expect(g_key_file_load_from_data(keyFile, original, gsize(original.utf8.count), G_KEY_FILE_NONE, nil) != 0)
    let value = g_key_file_get_value(keyFile, "Settings", "gtk-theme-name", nil)
    defer { g_free(value) }
    #expect(value.map { String(cString: $0) } == "Adwaita\r")
    try assertEnableRefuses(original, saying: "carriage return")
  }

  @Test func disableKeepsAFileOfBlankCharactersAPersonWrote() throws {
    // Removed only when nothing but GKeyFile's own blank lines is left.
    let original = "\u{0C}\n \t\n"
    let (editor, url) = try file(original)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    _ = try editor.enable()
    _ = try editor.disable()
    // GKeyFile keeps the blank line it wrote before the [Settings] group
    // enable added.
    #expect(try Data(contentsOf: url) == Data((original + "\n").utf8), "the file is kept, its lines as they were")
  }

  @Test func aFileWithAGroupTwiceIsLeftAsItIsWithAMessage() throws {
    // GKeyFile reads the second [A] into the first and writes them as one,
    // the comment "# two" above [Settings]'s.
    let original = "[A]\nk=v\n[Settings]\n# about settings\ngtk-theme-name=X\n[A]\n# two\nj=w\n"
    try assertEnableRefuses(original, saying: "the group [A] twice")
    // A key twice: GKeyFile keeps one line of the two.
    try assertEnableRefuses(
      "[Settings]\ngtk-theme-name=X\n# mine\ngtk-theme-name = Y\n", saying: "the key gtk-theme-name twice")
  }

  @Test func aKeyNameEndingInAVerticalTabIsAnotherKey() throws {
    // GKeyFile trims a key's trailing space as g_ascii_isspace sees it,
    // which leaves a vertical tab: this is not gtk-modules.
    let original = "[Settings]\ngtk-modules\u{0B}=a\n"
    let (editor, url) = try file(original)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    #expect(try editor.enable()?.before == nil)
    #expect(try String(contentsOf: url, encoding: .utf8) == original + "gtk-modules=clickguard\n")
    _ = try editor.disable()
    #expect(try Data(contentsOf: url) == Data(original.utf8), "disable gives the file back byte for byte")
  }
}
