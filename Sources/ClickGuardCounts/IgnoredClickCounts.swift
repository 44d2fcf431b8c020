import CGLib
import ClickGuard
import ClickGuardGObject
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// How many clicks ClickGuard ignored, per program and day, for people to
/// read (the settings window): program names and numbers only.
///
/// One GKeyFile per program in ``defaultDirectory()`` (one `YYYY-MM-DD=N` per
/// day), so a program never rewrites another's counts; copies of one program
/// merge theirs under `flock` on the folder's `.lock` and replace it atomically.
///
/// Clicks are added in memory; the first arms a timer, after which a thread
/// of its own writes the sum, so the main loop never waits on the disk.
package final class IgnoredClickCounts: Sendable {
  /// How long after an ignored click the counts are written.
  package static let writeDelayMs = 5000
  /// How many days a file keeps.
  package static let keptDays = 8
  /// The longest program name kept, so the escaped file name stays under NAME_MAX.
  package static let programLimit = 64
  /// The largest file read back.
  package static let fileLimit = 4096
  static let group = "ignored-clicks"

  /// The folder the files are in.
  package let directory: String
  /// The program counted.
  package let program: String
  /// Clicks ignored since the last write, by day.
  private let pending = Mutex<[String: Int]>([:])
  /// Serialises the timer's thread's writes and the one at exit.
  private let writing = Mutex<Void>(())

  /// Counts for `program` in `directory` (``defaultDirectory()`` unless given).
  package init(program: String, directory: String = IgnoredClickCounts.defaultDirectory()) {
    var kept = ""
    for character in program {
      guard kept.utf8.count + character.utf8.count <= Self.programLimit else { break }
      kept.append(character)
    }
    self.program = kept
    self.directory = directory
  }

  /// `$XDG_STATE_HOME/clickguard/ignored-clicks`, or under `~/.local/state`.
  package static func defaultDirectory() -> String {
    let state = getenv("XDG_STATE_HOME").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil }
    let home = swiftString(g_get_home_dir()) ?? "/"
    return (state ?? home + "/.local/state") + "/clickguard/ignored-clicks"
  }

  /// The file of `program`, every byte but letters, digits, `.`, `_`, `+`, `-` as `%XX`.
  package static func file(of program: String, in directory: String) -> String {
    var name = ""
    for (index, byte) in program.utf8.enumerated() {
      let plain =
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
        || (byte == UInt8(ascii: ".") && index > 0)
      name += plain ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
    }
    return directory + "/" + name + ".counts"
  }

  static func day(offset: Int = 0) -> String {
    let now = g_date_time_new_now_local()!
    defer { g_date_time_unref(now) }
    let then = g_date_time_add_days(now, Int32(offset))!
    defer { g_date_time_unref(then) }
    let text = g_date_time_format(then, "%Y-%m-%d")!
    defer { g_free(text) }
    return String(cString: text)
  }

  /// Adds ignored clicks today; returns whether they are the first since the last write.
  package func add(_ clicks: Int = 1) -> Bool {
    let today = Self.day()
    return pending.withLock { pending in
      let first = pending.isEmpty
      pending[today, default: 0] += clicks
      return first
    }
  }

  /// Writes what was added since the last write, on this thread.
  package func write() {
    let taken = pending.withLock { pending in
      defer { pending = [:] }
      return pending
    }
    guard !taken.isEmpty else { return }
    writing.withLock { _ in merge(taken) }
  }

  /// Writes on a thread of its own.
  package func writeInBackground() {
    let box = Unmanaged.passRetained(self).toOpaque()
    let thread = g_thread_new(
      "clickguard-counts",
      { data in
        let counts = Unmanaged<IgnoredClickCounts>.fromOpaque(data!).takeRetainedValue()
        counts.write()
        return nil
      }, box)
    g_thread_unref(thread)
  }

  /// Adds `added` to the file under the lock; a failure loses these counts, never the file.
  private func merge(_ added: [String: Int]) {
    guard g_mkdir_with_parents(directory, 0o700) == 0 else { return }
    let lock = open(directory + "/.lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard lock >= 0 else { return }
    defer { close(lock) }
    guard flock(lock, LOCK_EX) == 0 else { return }
    let path = Self.file(of: program, in: directory)
    var days = Self.read(path)?.days ?? [:]
    for (day, count) in added { days[day] = min((days[day] ?? 0) + count, Int(Int32.max)) }
    let oldest = Self.day(offset: 1 - Self.keptDays)
    let text = Self.text(program: program, days: days.filter { $0.key >= oldest })
    try? AtomicFile.write(Array(text.utf8), toPath: ByteString(path), newFilePermissions: 0o600)
  }

  static func text(program: String, days: [String: Int]) -> String {
    let keyFile = g_key_file_new()!
    defer { g_key_file_free(keyFile) }
    g_key_file_set_string(keyFile, group, "program", program)
    for (day, count) in days.sorted(by: { $0.key > $1.key }) {
      g_key_file_set_int64(keyFile, group, day, gint64(count))
    }
    var length: gsize = 0
    let data = g_key_file_to_data(keyFile, &length, nil)!
    defer { g_free(data) }
    return String(cString: data)
  }

  /// One program's file as read back.
  package struct Program: Equatable, Sendable {
    /// The program name.
    package var program: String
    /// Clicks ignored, by day (`YYYY-MM-DD`).
    package var days: [String: Int]

    /// The clicks ignored in the last `days` days, today included.
    package func ignored(inLast count: Int) -> Int {
      let oldest = IgnoredClickCounts.day(offset: 1 - count)
      return days.filter { $0.key >= oldest }.values.reduce(0, +)
    }
  }

  /// The file at `path`, or `nil` when missing, too large, or not a whole counts file.
  package static func read(_ path: String) -> Program? {
    guard case .success(let bytes) = BoundedFileRead.contents(of: ByteString(path), limit: fileLimit) else {
      return nil
    }
    let keyFile = g_key_file_new()!
    defer { g_key_file_free(keyFile) }
    let loaded = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        g_key_file_load_from_data(keyFile, $0.baseAddress, gsize($0.count), G_KEY_FILE_NONE, nil)
      }
    }
    guard loaded != 0, let name = g_key_file_get_string(keyFile, group, "program", nil) else { return nil }
    defer { g_free(name) }
    var days: [String: Int] = [:]
    var count: gsize = 0
    guard let keys = g_key_file_get_keys(keyFile, group, &count, nil) else { return nil }
    defer { g_strfreev(keys) }
    for index in 0..<Int(count) {
      guard let key = keys[index].map({ String(cString: $0) }), key != "program" else { continue }
      guard key.utf8.count == 10, let value = g_key_file_get_value(keyFile, group, key, nil) else { return nil }
      defer { g_free(value) }
      guard let number = Int(String(cString: value)), number >= 0 else { return nil }
      days[key] = number
    }
    return Program(program: String(cString: name), days: days)
  }

  /// Every program with ignored clicks in the last `days` days, most first.
  package static func readAll(
    in directory: String = defaultDirectory(), lastDays days: Int = 7
  ) -> [(program: String, ignored: Int)] {
    guard let folder = g_dir_open(directory, 0, nil) else { return [] }
    defer { g_dir_close(folder) }
    var found: [(program: String, ignored: Int)] = []
    while let entry = g_dir_read_name(folder) {
      let name = String(cString: entry)
      guard name.hasSuffix(".counts"), let program = read(directory + "/" + name) else { continue }
      let ignored = program.ignored(inLast: days)
      if ignored > 0 { found.append((program.program, ignored)) }
    }
    return found.sorted { ($1.ignored, $0.program) < ($0.ignored, $1.program) }
  }

  /// Removes every counts file (the window's *Clear*); returns whether all went.
  @discardableResult
  package static func clear(in directory: String = defaultDirectory()) -> Bool {
    guard let folder = g_dir_open(directory, 0, nil) else { return true }
    defer { g_dir_close(folder) }
    var cleared = true
    while let entry = g_dir_read_name(folder) {
      let name = String(cString: entry)
      guard name.hasSuffix(".counts") else { continue }
      if unlink(directory + "/" + name) != 0 && errno != ENOENT { cleared = false }
    }
    return cleared
  }
}

/// Counts every click the dispatcher drops into ``IgnoredClickCounts`` (the
/// module runs it), and writes what is left at exit.
@MainActor
package final class IgnoredClickCounter {
  private let counts: IgnoredClickCounts
  private let dispatcher: ClickDispatcher
  private var observer: ObservationToken?
  private var timer: UInt32 = 0
  private static let atExit = Mutex<IgnoredClickCounts?>(nil)

  /// Counts the clicks `dispatcher` drops, as `program`'s.
  package init(program: String, dispatcher: ClickDispatcher) {
    counts = IgnoredClickCounts(program: program)
    self.dispatcher = dispatcher
    observer = dispatcher.addObserver { [weak self] decision in
      if case .dropped = decision.outcome { self?.ignored() }
    }
    let first = Self.atExit.withLock { current in
      defer { current = counts }
      return current == nil
    }
    if first { atexit { IgnoredClickCounter.atExit.withLock { $0 }?.write() } }
  }

  private func ignored() {
    guard counts.add(), timer == 0 else { return }
    timer = MainLoop.after(ms: IgnoredClickCounts.writeDelayMs) { [weak self] in
      guard let self else { return }
      self.timer = 0
      self.counts.writeInBackground()
    }
  }

  /// Stops counting and writes what is left, now.
  package func stop() {
    if let observer { dispatcher.removeObserver(observer) }
    observer = nil
    MainLoop.remove(timer)
    timer = 0
    counts.write()
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
