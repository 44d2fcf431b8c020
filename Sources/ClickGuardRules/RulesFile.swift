import CGtk
import ClickGuardGObject
import ClickGuardGtk

#if canImport(Glibc)
  import Glibc
#endif

/// The rules file, read with GLib's `GKeyFile` and checked: its rules and one
/// ``RulesFileWarning`` per problem. A problem never stops anything: a bad value
/// or key is left out (the groups below it, or the default, apply), a bad group
/// is left out whole, an unreadable file gives no rules. A missing file is
/// silent at the default place, a warning where `CLICKGUARD_CONFIG` points.
package struct RulesFile: Hashable, Sendable {
  /// Whether the file was read.
  package enum Status: Hashable, Sendable {
    /// There is no file (a warning where `CLICKGUARD_CONFIG` points).
    case missing
    /// Read and parsed (its values may still have warnings).
    case loaded
    /// It exists but could not be read or parsed.
    case unusable
  }

  package var location: RulesFileLocation
  package var status: Status
  /// The rules it holds (none unless ``status`` is ``Status/loaded``).
  package var rules = RuleSet()
  /// Its problems, in file order.
  package var warnings: [RulesFileWarning] = []

  /// The largest rules file read, so the read at every app's start stays short;
  /// a larger one is refused whole, as a FIFO or a device is.
  package static let sizeLimit = 256 << 10

  /// ``sizeLimit`` as the messages say it.
  package static let sizeLimitText = "256 KiB"

  /// What a rules file must be, as the messages say it.
  static var acceptedFile: String {
    localized("a regular file of at most {size}").filling(["size": sizeLimitText])
  }

  /// Reads and checks the file at `location` (``BoundedFileRead``: never blocks).
  package init(reading location: RulesFileLocation) {
    switch BoundedFileRead.contents(of: location.fileName, limit: Self.sizeLimit) {
    case .success(let bytes):
      self.init(parsing: bytes, location: location)
    case .failure(let refusal):
      self.init(location: location, status: refusal == .missing ? .missing : .unusable)
      switch refusal {
      case .missing:
        if location.isExplicit {
          warn(
            line: nil,
            localized("cannot be read ({reason}); using the defaults throughout").filling([
              "reason": String(cString: strerror(ENOENT))
            ]))
        }
      case .notRegular(let kind):
        warn(
          line: nil,
          localized("is not read: it is {kind} (accepted: {accepted}); using the defaults throughout").filling([
            "kind": translated(kind), "accepted": Self.acceptedFile,
          ]))
      case .tooLarge:
        warn(
          line: nil,
          localized("is not read: it is over {size} (accepted: {accepted}); using the defaults throughout").filling([
            "size": Self.sizeLimitText, "accepted": Self.acceptedFile,
          ]))
      case .failed(let reason):
        warn(
          line: nil, localized("cannot be read ({reason}); using the defaults throughout").filling(["reason": reason]))
      }
    }
  }

  /// Checks the file's `contents` (as read from `location`).
  package init(parsing contents: [UInt8], location: RulesFileLocation) {
    self.init(location: location, status: .loaded)
    let keyFile = g_key_file_new()
    defer { g_key_file_free(keyFile) }
    let text = KeyFileText(bytes: contents)
    var error: UnsafeMutablePointer<GError>?
    let loaded = contents.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        g_key_file_load_from_data(keyFile, $0.baseAddress, gsize($0.count), G_KEY_FILE_NONE, &error)
      }
    }
    guard loaded != 0 else {
      let reason = messageTaking(&error)
      status = .unusable
      warn(
        line: Self.quotedLine(in: reason).flatMap(text.line(reading:)),
        localized("cannot be parsed ({reason}); using the defaults throughout").filling(["reason": reason]))
      return
    }
    var groupCount: gsize = 0
    guard let groups = g_key_file_get_groups(keyFile, &groupCount) else { return }
    defer { g_strfreev(groups) }
    // Room for every widget group, so the rules are not copied as the array grows.
    rules.widgetRules.reserveCapacity(
      (0..<Int(groupCount)).count { groups[$0].map { strchr($0, Int32(UInt8(ascii: ":"))) != nil } ?? false })
    for index in 0..<Int(groupCount) {
      guard let group = swiftString(groups[index]) else { continue }
      read(group: group, from: keyFile, text: text)
    }
  }

  private init(location: RulesFileLocation, status: Status) {
    self.location = location
    self.status = status
  }

  /// Checks one group and adds what it sets to ``rules``.
  private mutating func read(group: String, from keyFile: OpaquePointer?, text: KeyFileText) {
    guard let name = RuleGroupName(parsing: group) else {
      warn(
        line: text.line(ofGroup: group),
        localized("group [{group}] is not accepted (accepted: {accepted}); its keys are ignored").filling([
          "group": group, "accepted": RuleGroupName.accepted,
        ]))
      return
    }
    let accepted: [RuleKey]
    switch name {
    case .defaults, .program: accepted = RuleKey.programKeys
    case .widget: accepted = RuleKey.widgetKeys
    }
    var values = RuleValues()
    var keyCount: gsize = 0
    let keys = g_key_file_get_keys(keyFile, group, &keyCount, nil)
    defer { g_strfreev(keys) }
    for index in 0..<Int(keyCount) {
      guard let keyName = swiftString(keys?[index]) else { continue }
      let line = text.line(ofKey: keyName, inGroup: group)
      guard let key = RuleKey(rawValue: keyName), accepted.contains(key) else {
        let allowed = accepted.map(\.rawValue).joined(separator: ", ")
        let message =
          switch RuleKey(rawValue: keyName) {
          case .policy:
            localized(
              "[{group}] key \"{key}\" is not accepted here (policy belongs in a widget group) (accepted: {accepted}); it is ignored"
            )
          case .profile, .feedback:
            localized(
              "[{group}] key \"{key}\" is not accepted here ({key} belongs in a program group or [default]) (accepted: {accepted}); it is ignored"
            )
          default: localized("[{group}] key \"{key}\" is not accepted here (accepted: {accepted}); it is ignored")
          }
        warn(line: line, message.filling(["group": group, "key": keyName, "accepted": allowed]))
        continue
      }
      var error: UnsafeMutablePointer<GError>?
      guard let raw = g_key_file_get_string(keyFile, group, keyName, &error) else {
        let reason = messageTaking(&error)
        warn(
          line: line,
          localized("[{group}] {key}: {reason} (accepted: {accepted}); it is ignored").filling([
            "group": group, "key": keyName, "reason": reason, "accepted": key.accepted,
          ]))
        continue
      }
      let value = Self.withoutComment(String(cString: raw))
      g_free(raw)
      let origin = SettingOrigin.file(path: location.path, line: line ?? 0, group: group)
      if !key.apply(value, from: origin, to: &values) {
        warn(
          line: line,
          localized(
            "[{group}] {key}=\"{value}\" is not accepted (accepted: {accepted}); it is ignored and the default applies"
          ).filling(["group": group, "key": keyName, "value": value, "accepted": key.accepted]))
      }
    }
    if let interval = values.interval, let maxBusy = values.maxBusy, maxBusy.value < interval.value {
      // Line 0: GKeyFile read the key where the line index found none.
      let line: Int? = if case .file(_, let number, _) = maxBusy.origin, number > 0 { number } else { nil }
      warn(
        line: line,
        localized(
          "[{group}] max-busy-ms={maxBusy} is shorter than interval-ms={interval} (accepted: at least the interval, at most 60000); it is ignored and the default applies"
        ).filling([
          "group": group, "maxBusy": String(maxBusy.value.milliseconds),
          "interval": String(interval.value.milliseconds),
        ]))
      values.maxBusy = nil
    }
    add(values, to: name)
  }

  /// Adds a group's settings to ``rules``; a group that appears twice adds up, as in GKeyFile.
  private mutating func add(_ values: RuleValues, to name: RuleGroupName) {
    switch name {
    case .defaults:
      rules.defaults = checkedMaxBusy(values.overriding(rules.defaults))
    case .program(let program):
      rules.programs[program] = checkedMaxBusy(values.overriding(rules.programs[program] ?? RuleValues()))
    case .widget(let program, let selector):
      rules.widgetRules.append(WidgetRule(program: program, selector: selector, values: values))
    }
  }

  /// Two groups of one name (`[default]` and `[ default ]`) add up: a `max-busy-ms`
  /// from one shorter than the other's `interval-ms` is left out, as within one group.
  private mutating func checkedMaxBusy(_ merged: RuleValues) -> RuleValues {
    guard let interval = merged.interval, let maxBusy = merged.maxBusy, maxBusy.value < interval.value else {
      return merged
    }
    let line: Int? = if case .file(_, let number, _) = maxBusy.origin, number > 0 { number } else { nil }
    warn(
      line: line,
      localized(
        "max-busy-ms={maxBusy} is shorter than interval-ms={interval} set by another group of the same name (accepted: at least the interval, at most 60000); it is ignored and the default applies"
      ).filling(["maxBusy": String(maxBusy.value.milliseconds), "interval": String(interval.value.milliseconds)]))
    var checked = merged
    checked.maxBusy = nil
    return checked
  }

  private mutating func warn(line: Int?, _ message: String) {
    warnings.append(RulesFileWarning(path: location.path, line: line, message: message))
  }

  /// A value without a trailing comment (`enforce   # or observe` reads `enforce`;
  /// GKeyFile keeps the comment in the value): a `#` after a blank starts it.
  package static func withoutComment(_ value: String) -> String {
    let bytes = value.utf8
    var previous = UInt8(ascii: " ")
    for index in bytes.indices {
      let byte = bytes[index]
      if byte == UInt8(ascii: "#"), previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t") {
        return String(decoding: bytes[..<index], as: UTF8.self).trimmingKeyFileSpace()
      }
      previous = byte
    }
    return value.trimmingKeyFileSpace()
  }

  /// The line GLib quotes in a parse error (“…”), if any.
  private static func quotedLine(in message: String) -> String? {
    guard let open = message.firstIndex(of: "\u{201C}"), let close = message[open...].firstIndex(of: "\u{201D}") else {
      return nil
    }
    return String(message[message.index(after: open)..<close])
  }
}
