import CGtk
import ClickGuardGtk
import ClickGuardRules

#if canImport(Glibc)
  import Glibc
#endif

/// Watches the rules file so that a change reaches the running app within
/// a moment: a `GFileMonitor` (inotify) on the file's directory, which
/// sees an editor's save, a replacement renamed over the file, a new file
/// and a removed one alike.
///
/// No timer runs while nothing changes: the monitor is woken by the kernel,
/// so the module adds no idle wakeup. (GLib would poll, every 4 s, for a
/// directory that does not exist yet; so while the file's directory is
/// missing, the nearest existing ancestor is watched instead, and the watch
/// moves down as the directories appear.) After an event about the file, a
/// 20 ms one-shot timeout gathers the events of one save (a rename over
/// the file comes as several) into one reading.
///
/// The file is read as at start-up (``RulesFile``: bounded, without
/// blocking) and handed to `onChange`.
@MainActor
final class RulesFileWatch {
  /// How long after an event the file is read: one save's events arrive
  /// together.
  private static let gatherMs = 20

  private let location: RulesFileLocation
  /// The directories from the file's up to the root, nearest first.
  private let directories: [ByteString]
  /// The path component below each of ``directories``: what appearing
  /// there brings the watch nearer to the file.
  private let components: [[UInt8]]
  private let onChange: @MainActor (RulesFile) -> Void
  private var monitor: UnsafeMutablePointer<GFileMonitor>?
  /// Which of ``directories`` is watched (0: the file's own).
  private var watchedLevel = 0
  private var pendingRead: UInt32 = 0

  /// Starts watching `location`'s directory; `onChange` gets the file as
  /// read after each change.
  init(location: RulesFileLocation, onChange: @escaping @MainActor (RulesFile) -> Void) {
    self.location = location
    self.onChange = onChange
    let steps = location.directoriesOnTheWay
    directories = steps.map(\.directory)
    components = steps.map(\.below)
    watch()
  }

  /// Stops watching.
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
      GtkModule.logMessage("\(location.path): changes are not followed (\(reason)); restart the app to apply them")
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

  /// One event from the monitor.
  private func changed(_ file: gpointer?, _ other: gpointer?, _ event: GFileMonitorEvent) {
    // A plain write is read once it is done (CHANGES_DONE_HINT), not at each
    // chunk (CHANGED).
    guard event != G_FILE_MONITOR_EVENT_CHANGED, event != G_FILE_MONITOR_EVENT_PRE_UNMOUNT else { return }
    let names = [file, other].compactMap { $0.flatMap(Self.baseName) }
    let wanted = components[watchedLevel]
    if watchedLevel > 0 {
      // A directory on the way appeared (or the watched one went): watch
      // anew, then read, as the file may already be there.
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

  /// A GFile's last path component, as bytes.
  private static func baseName(_ file: gpointer) -> [UInt8]? {
    guard let name = g_file_get_basename(OpaquePointer(file)) else { return nil }
    defer { g_free(name) }
    return Array(ByteString(cString: name).bytes)
  }

  /// A GFile's path, as bytes.
  private static func path(_ file: gpointer) -> [UInt8]? {
    guard let path = g_file_get_path(OpaquePointer(file)) else { return nil }
    defer { g_free(path) }
    return ByteString(cString: path).bytes
  }
}

extension ModuleSession {
  /// Follows the rules file at `location`: each change is read and its
  /// settings for `program`, under `environment` (which still wins), are
  /// applied to the running guard (``applyRules(of:)``). A file that cannot be
  /// read or parsed keeps the last good settings and warns once.
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

  /// Logs `warnings` unless they are the ones logged last; a bad file
  /// (`keeping`) also says that the settings in force stay.
  private func warnOnce(_ warnings: [RulesFileWarning], keeping: Bool) {
    guard warnings != lastRulesWarnings else { return }
    lastRulesWarnings = warnings
    let reworded = keeping ? RulesFileWarning.keepingSettingsInForce(warnings) : warnings
    for line in RulesFileWarning.logLines(reworded) { GtkModule.logMessage(line) }
  }
}
