import CGLib
import ClickGuardGObject

#if canImport(Glibc)
  import Glibc
#endif

/// A path the user named for output (the demo's screenshots and log, the
/// settings window's rules file), and what is there now, looked at before
/// anything is written there.
///
/// A file the user names is written only where nothing is lost by it: a new
/// file, a regular file replaced whole (``AtomicFile``), or (the demo's
/// log) a character device or a pipe appended to. Everything else, a
/// directory, a block device, a socket, a path in a folder that does not
/// exist, is refused with ``refusal(for:)``. A symbolic link is followed (the
/// file it points to is the target, and the link stays a link) unless the
/// target is looked at with `followingLinks: false`: then the link itself is
/// the target, and refused.
package struct OutputTarget: Sendable {
  /// What is at a path.
  package enum Kind: Equatable, Sendable {
    /// Nothing yet, in a directory that exists.
    case absent
    /// A regular file, with these permission bits.
    case regularFile(permissions: mode_t)
    /// A character device: `/dev/null`, `/dev/full`, a terminal.
    case characterDevice
    /// A pipe (a FIFO, or a shell's `>(…)`).
    case pipe
    /// A directory.
    case directory
    /// A block device: a disk or a partition.
    case blockDevice
    /// A socket.
    case socket
    /// A symbolic link whose target does not exist.
    case danglingLink
    /// A symbolic link, looked at without following it.
    case symbolicLink
    /// The folder it would be in does not exist, or is not a folder: the
    /// words say which.
    case noDirectory(Phrase)
    /// The path cannot be looked at: the reason.
    case unreachable(Phrase)

    /// Whether it is a regular file.
    var isFile: Bool {
      if case .regularFile = self { return true }
      return false
    }

    /// What it is, in English words (`a character device`) marked for
    /// translation, when it is there and is not a regular file; `nil`
    /// otherwise.
    package var noun: String? {
      switch self {
      case .characterDevice: translatable("a character device")
      case .pipe: translatable("a pipe")
      case .directory: translatable("a directory")
      case .blockDevice: translatable("a block device")
      case .socket: translatable("a socket")
      case .symbolicLink: translatable("a symbolic link")
      case .absent, .regularFile, .danglingLink, .noDirectory, .unreachable: nil
      }
    }
  }

  /// The path as the user gave it.
  package let name: ByteString
  /// The path written to: ``name`` with a symbolic link followed.
  package let resolved: ByteString
  /// What is there.
  package let kind: Kind
  /// Whether a symbolic link at ``name`` is followed.
  let followsLinks: Bool

  /// Looks at `name` now; a symbolic link there is followed unless
  /// `followingLinks` is `false`.
  package init(_ name: ByteString, followingLinks: Bool = true) {
    self.name = name
    followsLinks = followingLinks
    var status = stat()
    guard name.withCString({ lstat($0, &status) }) == 0 else {
      let error = errno
      resolved = name
      kind = error == ENOENT || error == ENOTDIR ? Self.missing(name) : .unreachable(Self.reason(error))
      return
    }
    guard status.st_mode & S_IFMT == S_IFLNK, followingLinks else {
      resolved = name
      kind = Self.kind(of: status)
      return
    }
    let real = name.withCString { realpath($0, nil) }
    guard let real else {
      let error = errno
      resolved = name
      // A link with no path at its end, such as /dev/stderr to a pipe
      // (/proc/self/fd/2 -> pipe:[…]): what it opens is still known.
      guard name.withCString({ stat($0, &status) }) == 0 else {
        kind = error == ENOENT ? .danglingLink : .unreachable(Self.reason(error))
        return
      }
      let opened = Self.kind(of: status)
      kind =
        opened.isFile ? .unreachable(Phrase(translatable("is a link to a file with no path to replace it at"))) : opened
      return
    }
    defer { free(real) }
    resolved = ByteString(cString: real)
    guard resolved.withCString({ stat($0, &status) }) == 0 else {
      kind = .unreachable(Self.reason(errno))
      return
    }
    kind = Self.kind(of: status)
  }

  /// The folder the target is in (`.` for a bare file name).
  package var directory: ByteString {
    Self.directory(of: resolved)
  }

  /// Why the target is left alone, in words that follow its path;
  /// `accepted` says what the output may go to. `nil` for a target that is
  /// absent or a regular file.
  package func refusal(for accepted: Phrase) -> Phrase? {
    switch kind {
    case .absent, .regularFile:
      nil
    case .danglingLink:
      Phrase(
        translatable("is a symbolic link to a file that does not exist ({accepted})"),
        ["accepted": .phrase(accepted)])
    case .noDirectory(let words):
      words
    case .unreachable(let reason):
      Phrase(translatable("cannot be looked at: {reason}"), ["reason": .phrase(reason)])
    default:
      Phrase(
        translatable("is {kind}, not a regular file, and is left as it is ({accepted})"),
        ["kind": .phrase(Phrase(kind.noun ?? translatable("not a regular file"))), "accepted": .phrase(accepted)])
    }
  }

  private static func kind(of status: stat) -> Kind {
    switch status.st_mode & S_IFMT {
    case S_IFREG: .regularFile(permissions: status.st_mode & 0o7777)
    case S_IFCHR: .characterDevice
    case S_IFIFO: .pipe
    case S_IFDIR: .directory
    case S_IFBLK: .blockDevice
    case S_IFSOCK: .socket
    case S_IFLNK: .symbolicLink
    default: .unreachable(Phrase(translatable("an unknown kind of file")))
    }
  }

  /// `name` does not exist: either its folder exists (`absent`) or the
  /// folder is what is missing.
  private static func missing(_ name: ByteString) -> Kind {
    let folder = directory(of: name)
    var status = stat()
    guard folder.withCString({ stat($0, &status) }) == 0 else {
      let error = errno
      if error == ENOENT || error == ENOTDIR {
        return .noDirectory(
          Phrase(
            translatable("is in a directory that does not exist ({folder})"), ["folder": .text(folder.displayName)]))
      }
      return .unreachable(reason(error))
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      return .noDirectory(
        Phrase(translatable("is in {folder}, which is not a directory"), ["folder": .text(folder.displayName)]))
    }
    return .absent
  }

  private static func directory(of name: ByteString) -> ByteString {
    name.withCString { path in
      guard let folder = g_path_get_dirname(path) else { return ByteString(".") }
      defer { g_free(folder) }
      return ByteString(cString: folder)
    }
  }

  /// The system's reason for `error` (in the locale's language already).
  private static func reason(_ error: Int32) -> Phrase {
    Phrase(verbatim: String(cString: strerror(error)))
  }
}

/// A path the user named for output that cannot be written, or is left
/// alone because writing there would destroy what it is (a device, a
/// directory).
package struct OutputFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path as it can be shown (`g_filename_display_name`).
  package let path: String
  /// What is wrong, in words that follow the path: `is a directory, not a
  /// regular file, …`, `cannot be written: No space left on device`.
  package let problem: Phrase

  /// An error about `path` (as shown).
  package init(path: String, problem: Phrase) {
    self.path = path
    self.problem = problem
  }

  /// `'/tmp/x/full' is a character device, not a regular file, …`, in
  /// English (the demo's log says it so).
  package var description: String { "'\(path)' \(problem)" }

  /// The error in the reader's language, for a message.
  package var translated: String {
    localized("'{path}' {problem}").filling(["path": path, "problem": problem.translated])
  }
}
