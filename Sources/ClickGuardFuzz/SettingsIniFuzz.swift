import CGLib
import ClickGuardAppSupport
import ClickGuardGObject

/// `clickguard enable` and then `disable` on a settings.ini of any bytes,
/// through the real editor and the real writer, in a private directory.
///
/// Invariants: a file that cannot be edited is left byte for byte as it
/// was; an edit keeps every group, key, value and comment that is not
/// ClickGuard's (as GKeyFile reads them), keeps every comment line in order,
/// and lists ClickGuard after the modules the file listed; `disable` after
/// `enable` gives back the groups, keys, values and comments of the file
/// before (an empty [Settings] group aside: disable removes the group when
/// it leaves it empty, and a gtk-modules key that named no module).
enum SettingsIniFuzz {
  static func run(_ input: UnsafeRawBufferPointer) {
    let path = FuzzScratch.write(input, to: "settings.ini")
    let original = Array(input)
    let before = KeyFileSnapshot(original)
    let editor = SettingsIniSwitch(path: ByteString(path))
    let enabled: (before: String?, after: String)?
    do {
      enabled = try editor.enable()
    } catch {
      guard FuzzScratch.read(path) == original else { fatalError("settings-ini: a failed enable changed the file") }
      return
    }
    guard let before else { fatalError("settings-ini: enable edited a file GKeyFile cannot read") }
    guard enabled != nil else {
      guard FuzzScratch.read(path) == original else { fatalError("settings-ini: enable changed a file it left alone") }
      return
    }
    guard let edited = FuzzScratch.read(path), let after = KeyFileSnapshot(edited) else {
      fatalError("settings-ini: the edited file is gone or unreadable")
    }
    // A [Settings] group enable had to add is ClickGuard's too (GKeyFile
    // reports the file's top comment as the comment of its first group).
    let hadSettings = before.entries.contains { $0.group == "Settings" && $0.key == nil }
    let kept = after.entries.filter { !$0.isModules && (hadSettings || $0.group != "Settings" || $0.key != nil) }
    guard kept == before.entries.filter({ !$0.isModules }) else {
      fatalError("settings-ini: enable changed what is not ClickGuard's:\n\(before.entries)\n---\n\(after.entries)")
    }
    switch before.modules {
    case .unreadable:
      fatalError("settings-ini: enable replaced a gtk-modules value it could not read")
    case .absent, .text:
      let listed = before.modules.text.map { GtkModuleList(ByteString($0)).entries } ?? []
      guard case .text(let now) = after.modules, GtkModuleList(ByteString(now)).entries == listed + ["clickguard"]
      else {
        fatalError("settings-ini: gtk-modules went from \(before.modules) to \(after.modules)")
      }
    }
    let comments = commentLines(original)
    guard isSubsequence(comments, of: commentLines(edited)) else {
      fatalError("settings-ini: a comment line was lost")
    }
    do {
      _ = try editor.disable()
    } catch {
      fatalError("settings-ini: disable failed after enable: \(error.message)")
    }
    let restored = FuzzScratch.read(path) ?? []
    // disable removes a [Settings] group it leaves with no key and no
    // comment line, so one the file had so may go too: GTK reads nothing in
    // it. Every comment line stays (checked below).
    // With the group gone, GKeyFile reads a comment above it (the file's top
    // comment, say) as the next group's: the lines stay, checked below.
    // A gtk-modules key that named no module (`gtk-modules=`, `:`) is
    // removed with ClickGuard's entry: GTK loads none either way. GKeyFile
    // then reads a comment above it as the next key's: the lines stay,
    // checked below.
    let namedNone = before.modules.asGtkReadsIt == []
    let hadEmptySettings =
      hadSettings
      && !before.entries.contains { $0.group == "Settings" && $0.key != nil && !(namedNone && $0.isModules) }
    func comparable(_ entries: [KeyFileSnapshot.Entry]) -> [KeyFileSnapshot.Entry] {
      entries.filter { !(namedNone && $0.isModules) }.map(\.withoutModulesValue)
    }
    let withoutSettings = comparable(before.entries)
      .filter { !(hadEmptySettings && $0.group == "Settings" && $0.key == nil) }.map(\.withoutComment)
    // gtk-modules is compared as GTK reads it: GKeyFile writes the value
    // it was given with its own escapes (a bare CR becomes `\r`), and the
    // list loses its empty entries (`a:` comes back as `a`).
    guard let again = KeyFileSnapshot(restored), again.modules.asGtkReadsIt == before.modules.asGtkReadsIt,
      comparable(again.entries) == comparable(before.entries)
        || ((hadEmptySettings || namedNone) && comparable(again.entries).map(\.withoutComment) == withoutSettings)
    else {
      fatalError(
        "settings-ini: disable after enable did not restore the file:\n\(before.entries)\n---\n\(KeyFileSnapshot(restored)?.entries ?? [])"
      )
    }
    guard isSubsequence(comments, of: commentLines(restored)) else {
      fatalError("settings-ini: disable after enable lost a comment line")
    }
  }

  /// The lines whose first non-blank byte is `#`, without the CRs that end
  /// them: GKeyFile keeps a comment line byte for byte but for a CR before
  /// its LF, which it takes for a CRLF line end (one per round trip).
  private static func commentLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).filter {
      $0.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } == UInt8(ascii: "#")
    }.map(\.withoutTrailingCRs)
  }

  private static func isSubsequence(_ lines: [ArraySlice<UInt8>], of other: [ArraySlice<UInt8>]) -> Bool {
    var rest = other[...]
    for line in lines {
      guard let index = rest.firstIndex(where: { $0.elementsEqual(line) }) else { return false }
      rest = rest[(index + 1)...]
    }
    return true
  }
}

/// What GKeyFile reads in a file: each group's comment, and each key's
/// raw value and comment, in order.
struct KeyFileSnapshot {
  struct Entry: Equatable, CustomStringConvertible {
    var group: String
    var key: String?
    var value: [UInt8]?
    var comment: String?

    var isModules: Bool { group == "Settings" && key == "gtk-modules" }
    /// The entry, without its raw value when it is `gtk-modules`.
    var withoutModulesValue: Entry {
      guard isModules else { return self }
      var entry = self
      entry.value = nil
      return entry
    }
    /// The entry without its comment.
    var withoutComment: Entry {
      var entry = self
      entry.comment = nil
      return entry
    }
    var description: String {
      "[\(group)] \(key ?? "(group)")=\(value.map { String(decoding: $0, as: UTF8.self) } ?? "") #\(comment ?? "")"
    }
  }

  /// The `gtk-modules` key of `[Settings]`.
  enum Modules: Equatable {
    case absent
    case text(String)
    case unreadable

    var text: String? { if case .text(let text) = self { text } else { nil } }

    /// The modules GTK loads of it: empty entries (`a::b`, `a:`) are none,
    /// and an empty value is no value.
    var asGtkReadsIt: [ByteString]? {
      switch self {
      case .absent: []
      case .text(let text): GtkModuleList(ByteString(text)).entries
      case .unreadable: nil
      }
    }
  }

  var entries: [Entry] = []
  var modules = Modules.absent

  /// Reads `bytes` as `clickguard enable` does; `nil` when GKeyFile cannot.
  init?(_ bytes: [UInt8]) {
    let file = g_key_file_new()
    defer { g_key_file_free(file) }
    let flags = GKeyFileFlags(rawValue: G_KEY_FILE_KEEP_COMMENTS.rawValue | G_KEY_FILE_KEEP_TRANSLATIONS.rawValue)
    let loaded = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        g_key_file_load_from_data(file, $0.baseAddress, gsize($0.count), flags, nil)
      }
    }
    guard loaded != 0 else { return nil }
    entries.append(
      Entry(group: "", key: nil, value: nil, comment: Self.comment(g_key_file_get_comment(file, nil, nil, nil))))
    var groupCount: gsize = 0
    let groups = g_key_file_get_groups(file, &groupCount)
    defer { g_strfreev(groups) }
    for groupIndex in 0..<Int(groupCount) {
      guard let groupName = groups?[groupIndex] else { continue }
      let group = String(cString: groupName)
      entries.append(Entry(group: group, comment: Self.comment(g_key_file_get_comment(file, groupName, nil, nil))))
      var keyCount: gsize = 0
      let keys = g_key_file_get_keys(file, groupName, &keyCount, nil)
      defer { g_strfreev(keys) }
      for keyIndex in 0..<Int(keyCount) {
        guard let keyName = keys?[keyIndex] else { continue }
        entries.append(
          Entry(
            group: group, key: String(cString: keyName),
            value: Self.bytes(g_key_file_get_value(file, groupName, keyName, nil)),
            comment: Self.comment(g_key_file_get_comment(file, groupName, keyName, nil))))
      }
    }
    if g_key_file_has_key(file, "Settings", "gtk-modules", nil) != 0 {
      modules = Self.take(g_key_file_get_string(file, "Settings", "gtk-modules", nil)).map(Modules.text) ?? .unreadable
    }
  }

  private static func bytes(_ text: UnsafeMutablePointer<gchar>?) -> [UInt8]? {
    guard let text else { return nil }
    defer { g_free(text) }
    return Array(UnsafeRawBufferPointer(start: text, count: strlen(text)))
  }

  /// A comment's lines without blank ones, which GKeyFile adds and drops
  /// around groups as it writes a file out, and without the CRs that end
  /// them (GKeyFile takes one for a CRLF line end on each round trip).
  private static func comment(_ text: UnsafeMutablePointer<gchar>?) -> String? {
    guard let bytes = bytes(text) else { return nil }
    let lines = bytes.split(separator: UInt8(ascii: "\n")).map(\.withoutTrailingCRs).filter { line in
      !line.allSatisfy { [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains($0) }
    }
    return lines.isEmpty ? nil : lines.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
  }

  private static func take(_ text: UnsafeMutablePointer<gchar>?) -> String? {
    guard let text else { return nil }
    defer { g_free(text) }
    return String(decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)), as: UTF8.self)
  }
}

extension ArraySlice<UInt8> {
  /// The line without the CRs at its end.
  fileprivate var withoutTrailingCRs: ArraySlice<UInt8> {
    self[..<(lastIndex { $0 != UInt8(ascii: "\r") }.map { $0 + 1 } ?? startIndex)]
  }
}
