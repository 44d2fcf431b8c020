// GSettingsKey: one key of an installed GSettings schema, read and written
// through GLib's GSettings (the backend the environment chooses: dconf,
// GSETTINGS_BACKEND=keyfile, …). Looking a schema up first keeps GLib from
// aborting on one that is not installed.

import CGtk

#if canImport(Glibc)
  import Glibc
#endif

/// One key of an installed GSettings schema.
struct GSettingsKey {
  /// The schema's id (`io.github.clickguard`).
  let schema: String
  /// The key's name (`enabled`).
  let key: String

  /// Whether the schema is installed (in a compiled `gschemas.compiled` on
  /// the schema path) and has the key.
  var isInstalled: Bool {
    guard let source = g_settings_schema_source_get_default(),
      let found = g_settings_schema_source_lookup(source, schema, 1)
    else { return false }
    defer { g_settings_schema_unref(found) }
    return g_settings_schema_has_key(found, key) != 0
  }

  /// `gsettings set SCHEMA KEY VALUE`, for messages.
  func command(_ value: String) -> String { "gsettings set \(schema) \(key) \(value)" }

  /// Runs `body` with the schema's settings object; `nil` when the schema
  /// or key is not installed.
  private func with<Result>(_ body: (UnsafeMutablePointer<GSettings>) -> Result) -> Result? {
    guard isInstalled, let settings = g_settings_new(schema) else { return nil }
    defer { g_object_unref(settings) }
    let result = body(settings)
    g_settings_sync()
    return result
  }

  /// The boolean value, or `nil` when not installed.
  var boolean: Bool? { with { g_settings_get_boolean($0, key) != 0 } }

  /// Sets the boolean value; `false` when not installed or not writable.
  func set(_ value: Bool) -> Bool {
    with { g_settings_set_boolean($0, key, value ? 1 : 0) != 0 } ?? false
  }

  /// The string list value, or `nil` when not installed.
  var strings: [String]? {
    with { settings in
      guard let list = g_settings_get_strv(settings, key) else { return [] }
      defer { g_strfreev(list) }
      var values: [String] = []
      var index = 0
      while let item = list[index] {
        values.append(String(cString: item))
        index += 1
      }
      return values
    }
  }

  /// Sets the string list value; `false` when not installed or not writable.
  func set(_ values: [String]) -> Bool {
    with { settings in
      var pointers: [UnsafeMutablePointer<CChar>?] = values.map { strdup($0) } + [nil]
      defer { for pointer in pointers { free(pointer) } }
      return pointers.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
          g_settings_set_strv(settings, key, $0) != 0
        }
      }
    } ?? false
  }

  /// Whether the key holds its schema's default (no value of its own).
  var isDefault: Bool {
    with { settings in
      guard let value = g_settings_get_user_value(settings, key) else { return true }
      g_variant_unref(value)
      return false
    } ?? true
  }

  /// Drops the key's own value, so it reads its default again.
  func reset() {
    _ = with { g_settings_reset($0, key) }
  }
}
