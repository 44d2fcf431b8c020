// ElfDependencies: the shared libraries a program names (DT_NEEDED), read
// from its ELF file with a few bounded reads, never by running it (`ldd`
// may execute the program). So `run` and `doctor` can tell a GTK 4 program,
// which no GTK module reaches, from a GTK 3 one.
import ClickGuardAppSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The `DT_NEEDED` entries of an ELF file (32 or 64 bits, either byte
/// order).
///
/// Only a regular file is opened (checked with `stat`, so a FIFO or a
/// device is never opened, then with `fstat` on the descriptor opened
/// `O_NONBLOCK`), and every read is bounded: the header, at most
/// ``maxProgramHeaders`` program headers, a dynamic section and a string
/// table of at most ``maxTableBytes`` each.
package enum ElfDependencies {
  static let maxProgramHeaders = 256
  static let maxTableBytes = 1 << 20

  /// The libraries `path` names, in order; `nil` when it is not a readable
  /// ELF file with a dynamic section (a script, a static program, a file
  /// that is not there).
  package static func needed(byFile path: ByteString) -> [String]? {
    guard FileKind.at(path) == .regularFile else { return nil }
    let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    guard FileKind.of(descriptor: descriptor) == .regularFile else { return nil }
    var reader = Reader(descriptor: descriptor)
    return reader.needed()
  }

  /// Reads one open ELF file.
  private struct Reader {
    let descriptor: Int32
    var is64 = true
    var bigEndian = false

    init(descriptor: Int32) {
      self.descriptor = descriptor
    }

    /// `count` bytes at `offset`, or `nil` when the file is shorter.
    func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
      guard count >= 0, count <= ElfDependencies.maxTableBytes, offset <= UInt64(Int64.max) else { return nil }
      var result = [UInt8](repeating: 0, count: count)
      var done = 0
      while done < count {
        let got = result.withUnsafeMutableBytes {
          pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset) + off_t(done))
        }
        if got > 0 {
          done += got
        } else if got < 0 && errno == EINTR {
          continue
        } else {
          return nil
        }
      }
      return result
    }

    /// The unsigned integer of `size` bytes at `offset` in `data`.
    func integer(_ data: [UInt8], _ offset: Int, _ size: Int) -> UInt64 {
      guard offset >= 0, offset + size <= data.count else { return 0 }
      let field = data[offset..<offset + size]
      return (bigEndian ? Array(field) : field.reversed()).reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// An address-sized field (8 bytes in a 64-bit file, else 4).
    func word(_ data: [UInt8], _ offset: Int) -> UInt64 { integer(data, offset, is64 ? 8 : 4) }

    mutating func needed() -> [String]? {
      guard let identity = bytes(at: 0, count: 16), identity[0..<4] == [0x7f, 0x45, 0x4c, 0x46],
        [1, 2].contains(identity[4]), [1, 2].contains(identity[5])
      else { return nil }
      is64 = identity[4] == 2
      bigEndian = identity[5] == 2
      guard let header = bytes(at: 0, count: is64 ? 64 : 52) else { return nil }
      let tableOffset = word(header, is64 ? 32 : 28)
      let entrySize = Int(integer(header, is64 ? 54 : 42, 2))
      let entryCount = Int(integer(header, is64 ? 56 : 44, 2))
      guard entryCount <= ElfDependencies.maxProgramHeaders, entrySize >= (is64 ? 56 : 32),
        let table = bytes(at: tableOffset, count: entrySize * entryCount)
      else { return nil }
      // (type, file offset, address, size in the file) of each segment.
      let segments = (0..<entryCount).map { index -> (UInt64, UInt64, UInt64, UInt64) in
        let base = index * entrySize
        return is64
          ? (integer(table, base, 4), word(table, base + 8), word(table, base + 16), word(table, base + 32))
          : (integer(table, base, 4), word(table, base + 4), word(table, base + 8), word(table, base + 16))
      }
      let dynamicType: UInt64 = 2
      let loadType: UInt64 = 1
      guard let dynamic = segments.first(where: { $0.0 == dynamicType }),
        let entries = bytes(at: dynamic.1, count: Int(min(dynamic.3, UInt64(ElfDependencies.maxTableBytes))))
      else { return nil }
      let entryBytes = is64 ? 16 : 8
      var neededOffsets: [UInt64] = []
      var stringsAddress: UInt64?
      var stringsSize: UInt64 = 0
      for base in stride(from: 0, to: entries.count - entryBytes + 1, by: entryBytes) {
        let tag = word(entries, base)
        let value = word(entries, base + entryBytes / 2)
        if tag == 0 { break }  // DT_NULL ends the table
        switch tag {
        case 1: neededOffsets.append(value)  // DT_NEEDED
        case 5: stringsAddress = value  // DT_STRTAB
        case 10: stringsSize = value  // DT_STRSZ
        default: break
        }
      }
      guard let stringsAddress, stringsSize <= UInt64(ElfDependencies.maxTableBytes),
        let load = segments.first(where: {
          $0.0 == loadType && $0.2 <= stringsAddress && stringsAddress - $0.2 < $0.3
        }),
        case (let start, false) = load.1.addingReportingOverflow(stringsAddress - load.2),
        let strings = bytes(at: start, count: Int(stringsSize))
      else { return nil }
      return neededOffsets.compactMap { offset in
        guard offset < UInt64(strings.count) else { return nil }
        let name = strings[Int(offset)...].prefix { $0 != 0 }
        return String(decoding: name, as: UTF8.self)
      }
    }
  }
}

/// Which GTK a program is built on, as its ELF file says.
package enum ProgramToolkit: Equatable, Sendable {
  /// It links `libgtk-3.so.0`: the ClickGuard module can guard it.
  case gtk3
  /// It links `libgtk-4.so.1`: GTK 4 has no modules, so nothing reaches it.
  case gtk4
  /// An ELF program linking neither directly (a GTK 3 app may still load
  /// GTK through a library of its own).
  case neither
  /// Not an ELF program that could be read: a script, a missing file.
  case unknown

  /// The toolkit of `program`, found in `PATH` as `execvp` would when it
  /// has no `/`; with it, the path looked at (`nil`: not found).
  package static func of(_ program: ByteString) -> (toolkit: ProgramToolkit, path: ByteString?) {
    guard let path = resolve(program) else { return (.unknown, nil) }
    guard let needed = ElfDependencies.needed(byFile: path) else { return (.unknown, path) }
    if needed.contains("libgtk-4.so.1") { return (.gtk4, path) }
    if needed.contains("libgtk-3.so.0") { return (.gtk3, path) }
    return (.neither, path)
  }

  /// `program` itself when it holds a `/`, else the first executable
  /// regular file of that name in `PATH` (default `/usr/local/bin:/usr/bin:/bin`).
  private static func resolve(_ program: ByteString) -> ByteString? {
    guard !program.isEmpty else { return nil }
    if program.bytes.contains(UInt8(ascii: "/")) { return program }
    let path = getenv("PATH").map { ByteString(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: UInt8(ascii: ":")) {
      let candidate = (directory.isEmpty ? "." : directory) + "/" + program
      if FileKind.at(candidate) == .regularFile, candidate.withCString({ access($0, X_OK) }) == 0 {
        return candidate
      }
    }
    return nil
  }

  /// The warning `run` and `doctor` give for a GTK 4 program at `path`.
  static func gtk4Warning(_ path: ByteString) -> String {
    "\(path.displayName) is a GTK 4 program (it links libgtk-4.so.1): ClickGuard does not cover GTK 4 apps, "
      + "because GTK 4 loads no modules; it runs unguarded"
  }
}
