import CGLib

#if canImport(Glibc)
  import Glibc
#endif

/// The gettext domain of every ClickGuard message, and where its catalogs
/// are found.
///
/// Messages are literals given to ``localized(_:)`` or
/// ``localizedPlural(_:_:count:)`` (`make pot` extracts them); values go in
/// after translation through named placeholders (``Swift/String/filling(_:)``).
/// Text kept in English as data (an option's help, which the man pages use
/// too) is marked with ``translatable(_:)`` and translated where it is shown:
/// by ``translated(_:)``, or by GOption through ``translateFunction``.
package enum Translations {
  /// The gettext domain.
  package static let domain = "clickguard"
  /// Overrides where the catalogs are read from (tests, a build tree).
  package static let directoryVariable = "CLICKGUARD_LOCALEDIR"

  /// Binds the domain once, on first use, from any thread.
  fileprivate static let bound: Bool = {
    let directory = getenv(directoryVariable).map { String(cString: $0) } ?? installedDirectory()
    bindtextdomain(domain, directory)
    bind_textdomain_codeset(domain, "UTF-8")
    return true
  }()

  /// Binds the domain to its catalogs, for code that looks its texts up
  /// through gettext itself (GtkBuilder's translatable properties).
  package static func bind() { _ = bound }

  /// GLib's translate function for this domain (GOption's `--help`): the
  /// catalog's text, or `text` itself. The empty string stays empty (the
  /// catalog would give its header).
  package static let translateFunction: GTranslateFunc = { text, _ in
    guard let text, text.pointee != 0 else { return text }
    _ = bound
    return UnsafePointer(g_dgettext(domain, text))
  }

  /// `share/locale` in the nearest ancestor of the file this code was loaded
  /// from (the program, or the module in an app); else `/usr/share/locale`.
  static func installedDirectory() -> String {
    if var path = loadedFile(), path.hasPrefix("/") {
      while let slash = path.lastIndex(of: "/"), slash != path.startIndex {
        path = String(path[..<slash])
        var status = stat()
        if stat(path + "/share/locale", &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
          return path + "/share/locale"
        }
      }
    }
    return "/usr/share/locale"
  }

  private static func loadedFile() -> String? {
    let address = UInt(bitPattern: #dsohandle)
    guard let maps = fopen("/proc/self/maps", "re") else { return nil }
    defer { fclose(maps) }
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(line) }
    while getline(&line, &capacity, maps) > 0, let line {
      let text = String(cString: line)
      let fields = text.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
      let range = fields.first?.split(separator: "-").compactMap { UInt($0, radix: 16) } ?? []
      guard fields.count == 6, range.count == 2, range[0] <= address, address < range[1] else { continue }
      return fields[5].trimmingPrefix(while: { $0 == " " }).split(separator: "\n").first.map(String.init)
    }
    return nil
  }
}

/// `text` in the reader's language, or `text` when it has no translation.
/// Only literals: `make pot` finds every call.
package func localized(_ text: StaticString) -> String {
  translated(translatable(text))
}

/// `text` as it is, marked for `make pot`: English kept as data, translated
/// where it is shown (``translated(_:)``, GOption's `--help`).
package func translatable(_ text: StaticString) -> String {
  text.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
}

/// `text`, marked with ``translatable(_:)`` where it was written, in the
/// reader's language; text without a translation comes back as it is.
package func translated(_ text: String) -> String {
  guard !text.isEmpty else { return text }
  _ = Translations.bound
  // gettext may hand back its argument: copy the result while it lives.
  return text.withCString { String(cString: g_dgettext(Translations.domain, $0)) }
}

/// `singular` or `plural`, as the reader's language counts `count`
/// (ngettext's plural forms), translated.
package func localizedPlural(_ singular: StaticString, _ plural: StaticString, count: Int) -> String {
  _ = Translations.bound
  let one = translatable(singular)
  let many = translatable(plural)
  return one.withCString { one in
    many.withCString { many in
      String(cString: g_dngettext(Translations.domain, one, many, gulong(max(count, 0))))
    }
  }
}

extension String {
  /// The text with each `{name}` replaced by its value.
  package func filling(_ values: KeyValuePairs<String, String>) -> String {
    var text = self
    for (name, value) in values { text = text.replacing("{\(name)}", with: value) }
    return text
  }
}
