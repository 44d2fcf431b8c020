import CGtk
import ClickGuardGObject
import ClickGuardGtk
import ClickGuardRules

#if canImport(Glibc)
  import Glibc
#endif

/// Watches the rules file with a `GFileMonitor` (inotify) on its directory,
/// which sees saves, renames over it, creation and removal alike, with no
/// idle wakeup. GLib would poll for a missing directory, so the nearest
/// existing ancestor is watched until it appears. A short timeout gathers
/// one save's events into one reading (``RulesFile``).
@MainActor
final class RulesFileWatch {
  /// How long after an event the file is read.
  private static let gatherMs = 20

  private let location: RulesFileLocation
  /// The directories from the file's up to the root, nearest first.
  private let directories: [ByteString]
  /// The path component below each of ``directories``.
  private let components: [[UInt8]]
  private let onChange: @MainActor (RulesFile) -> Void
  private var monitor: UnsafeMutablePointer<GFileMonitor>?
  /// Which of ``directories`` is watched (0: the file's own).
  private var watchedLevel = 0
  private var pendingRead: UInt32 = 0

  /// Starts watching; `onChange` gets the file as read after each change.
  init(location: RulesFileLocation, onChange: @escaping @MainActor (RulesFile) -> Void) {
    self.location = location
    self.onChange = onChange
    let steps = location.directoriesOnTheWay
    directories = steps.map(\.directory)
    components = steps.map(\.below)
    watch()
  }

  func stop() {
    unwatch()
    MainLoop.remove(pendingRead)
    pendingRead = 0
  }

  /// Watches the nearest existing directory on the way to the file.
  private func watch() {
    unwatch()
    guard let level = directories.indices.first(where: { Self.isDirectory(directories[$0]) }) else { return }
    let directory = directories[level].withCString { g_file_new_for_path($0) }
    defer { g_object_unref(UnsafeMutableRawPointer(directory)) }
    var error: UnsafeMutablePointer<GError>?
    guard let monitor = g_file_monitor_directory(directory, G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
      let reason = messageTaking(&error)
      GtkModule.logMessage(
        localized("{file}: changes are not followed ({reason}); restart the app to apply them").filling([
          "file": location.path, "reason": reason,
        ]))
      return
    }
    self.monitor = monitor
    watchedLevel = level
    Signal.connectFileChanged(monitor.raw) { [weak self] file, other, event in
      self?.changed(file, other, event)
    }
  }

  private func unwatch() {
    guard let monitor else { return }
    g_file_monitor_cancel(monitor)
    g_object_unref(monitor.raw)
    self.monitor = nil
  }

  private func changed(_ file: gpointer?, _ other: gpointer?, _ event: GFileMonitorEvent) {
    // A write is read once done (CHANGES_DONE_HINT), not at each chunk.
    guard event != G_FILE_MONITOR_EVENT_CHANGED, event != G_FILE_MONITOR_EVENT_PRE_UNMOUNT else { return }
    let names = [file, other].compactMap { $0.flatMap(Self.baseName) }
    let wanted = components[watchedLevel]
    if watchedLevel > 0 {
      // A directory on the way appeared or went: watch anew, and read.
      guard names.contains(wanted) || event == G_FILE_MONITOR_EVENT_DELETED else { return }
      watch()
    } else {
      if event == G_FILE_MONITOR_EVENT_DELETED, file.flatMap(Self.path) == directories[0].bytes {
        watch()
      } else if !names.contains(wanted) {
        return
      }
    }
    guard pendingRead == 0 else { return }
    pendingRead = MainLoop.after(ms: Self.gatherMs) { [weak self] in
      guard let self else { return }
      self.pendingRead = 0
      self.onChange(RulesFile(reading: self.location))
    }
  }

  private static func isDirectory(_ name: ByteString) -> Bool {
    var status = stat()
    return name.withCString { stat($0, &status) } == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  private static func baseName(_ file: gpointer) -> [UInt8]? {
    guard let name = g_file_get_basename(OpaquePointer(file)) else { return nil }
    defer { g_free(name) }
    return Array(ByteString(cString: name).bytes)
  }

  private static func path(_ file: gpointer) -> [UInt8]? {
    guard let path = g_file_get_path(OpaquePointer(file)) else { return nil }
    defer { g_free(path) }
    return ByteString(cString: path).bytes
  }
}

extension ModuleSession {
  /// Applies each change of the rules file (``applyRules(of:)``), under
  /// `environment`, which wins; a bad file keeps the last settings and warns once.
  func followRules(at location: RulesFileLocation, program: String, environment: [String: String]) {
    rulesWatch = RulesFileWatch(location: location) { [weak self] file in
      guard let self else { return }
      if file.status == .unusable {
        self.warnOnce(file.warnings, keeping: true)
        return
      }
      self.warnOnce(file.warnings, keeping: false)
      self.applyRules(of: SettingsInForce(program: program, environment: environment, file: file).moduleConfiguration)
    }
  }

  /// Logs `warnings` unless logged last; `keeping` says the settings in force stay.
  private func warnOnce(_ warnings: [RulesFileWarning], keeping: Bool) {
    guard warnings != lastRulesWarnings else { return }
    lastRulesWarnings = warnings
    let reworded = keeping ? RulesFileWarning.keepingSettingsInForce(warnings) : warnings
    for line in RulesFileWarning.logLines(reworded) { GtkModule.logMessage(line) }
  }
}
