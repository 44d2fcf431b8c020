#if canImport(Glibc)
  import Glibc
#endif

/// The parsers that are fuzzed, each with the invariants it must keep on
/// any input.
enum FuzzTarget: String, CaseIterable {
  /// The rules file: GKeyFile, our group names and selectors, the values
  /// and the line index of its warnings (``RulesFuzz``).
  case rules
  /// `clickguard enable`/`disable` editing a settings.ini (``SettingsIniFuzz``).
  case settingsIni = "settings-ini"
  /// The decision-log reader of `clickguard report` and the settings window
  /// (``LogFuzz``).
  case log
  /// The ELF dependency reader of `run` and `doctor --program` (``ElfFuzz``).
  case elf
  /// The command's option parsing from raw argument bytes (``OptionsFuzz``).
  case options

  /// Runs the parser on `input`; a broken invariant ends the process.
  func run(_ input: UnsafeRawBufferPointer) {
    switch self {
    case .rules: RulesFuzz.run(input)
    case .settingsIni: SettingsIniFuzz.run(input)
    case .log: LogFuzz.run(input)
    case .elf: ElfFuzz.run(input)
    case .options: OptionsFuzz.run(input)
    }
  }
}

/// A private directory for the targets that read or write real files,
/// removed when the process ends.
enum FuzzScratch {
  nonisolated(unsafe) private static var made: String?

  /// The directory (on /dev/shm when there is one: no disk writes).
  static var directory: String {
    if let made { return made }
    let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    var template = Array("\(base)/clickguard-fuzz-XXXXXX".utf8CString)
    let path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    made = path
    atexit { FuzzScratch.remove() }
    return path
  }

  /// Writes `bytes` to `name` in the directory and returns its path.
  static func write(_ bytes: UnsafeRawBufferPointer, to name: String) -> String {
    let path = directory + "/" + name
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    precondition(fd >= 0, "cannot write \(path)")
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      precondition(written > 0, "cannot write \(path)")
      offset += written
    }
    close(fd)
    return path
  }

  /// The bytes of `path`, or `nil` when it does not exist.
  static func read(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = Glibc.read(fd, &chunk, chunk.count)
      precondition(count >= 0, "cannot read \(path)")
      if count == 0 { return bytes }
      bytes += chunk[..<count]
    }
  }

  private static func remove() {
    guard let made, let directory = opendir(made) else { return }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
      }
      if name != "." && name != ".." { unlink(made + "/" + name) }
    }
    closedir(directory)
    rmdir(made)
  }
}
