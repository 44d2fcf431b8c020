// SettingsIniSwitch's edit of a settings.ini, on the file itself: a key it
// adds goes after the group's last key, so the comment lines that end the
// group stay the next group's (GKeyFile alone would put the key after them); a
// value GTK cannot read is left as it is.

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
    #expect {
      try editor.enable()
    } throws: { error in
      let message = (error as? SettingsIniSwitch.Failure)?.message ?? ""
      return message.contains(url.path) && message.contains("backslash escape") && message.contains("left as it is")
    }
    #expect(try String(contentsOf: url, encoding: .utf8) == original)
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
}
