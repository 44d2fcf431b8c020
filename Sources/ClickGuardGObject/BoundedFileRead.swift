#if canImport(Glibc)
  import Glibc
#endif

/// Reads a small settings file whole, never blocking: the module reads its
/// rules file inside `gtk_init`, so whatever the path names must not keep the
/// app from starting. Only a regular file of at most `limit` bytes is read:
/// `stat` first, so a device or FIFO is never opened (opening one can block or
/// act), then `open` with `O_NONBLOCK | O_NOCTTY | O_CLOEXEC` and `fstat`, which
/// counts (the path may change in between). At most `limit + 1` bytes are read,
/// so a file that grows is refused all the same.
package enum BoundedFileRead {
  /// Why a file was not read.
  package enum Refusal: Error, Hashable, Sendable {
    /// Nothing is at the path (`ENOENT`).
    case missing
    /// It is not a regular file: a FIFO, a device, a socket, a directory.
    case notRegular(String)
    /// It is a regular file over the limit.
    case tooLarge
    /// The system refused (`strerror`): permissions, an I/O error, …
    case failed(String)
  }

  /// The bytes of the regular file `name`, or why it was refused.
  package static func contents(of name: ByteString, limit: Int) -> Result<[UInt8], Refusal> {
    var status = stat()
    guard name.withCString({ stat($0, &status) }) == 0 else { return .failure(systemRefusal()) }
    if let refusal = refusal(of: status, limit: limit) { return .failure(refusal) }
    let descriptor = name.withCString { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
    guard descriptor >= 0 else { return .failure(systemRefusal()) }
    defer { close(descriptor) }
    guard fstat(descriptor, &status) == 0 else { return .failure(systemRefusal()) }
    if let refusal = refusal(of: status, limit: limit) { return .failure(refusal) }
    var failure: Refusal?
    let bytes = [UInt8](unsafeUninitializedCapacity: limit + 1) { buffer, count in
      count = 0
      while count <= limit {
        let got = read(descriptor, buffer.baseAddress! + count, limit + 1 - count)
        if got > 0 {
          count += got
        } else if got == 0 {
          break
        } else if errno != EINTR {
          failure = systemRefusal()
          break
        }
      }
    }
    if let failure { return .failure(failure) }
    return bytes.count > limit ? .failure(.tooLarge) : .success(bytes)
  }

  /// Why `status` is refused, or `nil` for a regular file within the limit.
  private static func refusal(of status: stat, limit: Int) -> Refusal? {
    switch status.st_mode & S_IFMT {
    case S_IFREG: status.st_size > limit ? .tooLarge : nil
    case S_IFIFO: .notRegular(translatable("a FIFO"))
    case S_IFCHR: .notRegular(translatable("a character device"))
    case S_IFBLK: .notRegular(translatable("a block device"))
    case S_IFSOCK: .notRegular(translatable("a socket"))
    case S_IFDIR: .notRegular(translatable("a directory"))
    default: .notRegular(translatable("an unknown kind of file"))
    }
  }

  private static func systemRefusal() -> Refusal {
    errno == ENOENT ? .missing : .failed(String(cString: strerror(errno)))
  }
}
