// FileKind: what is at a path or behind a descriptor (a regular file, a
// FIFO, a device…), from stat, so the command can refuse what would block
// it or never end (a FIFO with no writer, /dev/zero) before reading.

#if canImport(Glibc)
  import Glibc
#endif

/// The type of a file, as `stat` reports it.
package enum FileKind: Equatable, Sendable {
  case regularFile, directory, fifo, characterDevice, blockDevice, socket, symbolicLink, other

  /// The kind of `mode` (`st_mode`).
  package init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regularFile
    case S_IFDIR: self = .directory
    case S_IFIFO: self = .fifo
    case S_IFCHR: self = .characterDevice
    case S_IFBLK: self = .blockDevice
    case S_IFSOCK: self = .socket
    case S_IFLNK: self = .symbolicLink
    default: self = .other
    }
  }

  /// The kind of what `path` names (a symbolic link: its target), or `nil`
  /// when nothing is there or it cannot be seen. `stat` never blocks on a
  /// FIFO, as `open` can.
  package static func at(_ path: ByteString) -> FileKind? {
    var status = stat()
    guard path.withCString({ stat($0, &status) }) == 0 else { return nil }
    return FileKind(mode: status.st_mode)
  }

  /// The kind of the open file `descriptor`, or `nil` when `fstat` fails.
  package static func of(descriptor: Int32) -> FileKind? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    return FileKind(mode: status.st_mode)
  }

  /// The kind in words, for messages: `a FIFO`, `a character device`.
  package var words: String {
    switch self {
    case .regularFile: "a regular file"
    case .directory: "a directory"
    case .fifo: "a FIFO"
    case .characterDevice: "a character device"
    case .blockDevice: "a block device"
    case .socket: "a socket"
    case .symbolicLink: "a symbolic link"
    case .other: "not a regular file"
    }
  }
}
