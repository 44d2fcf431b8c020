// LocalFiles: the few file-system questions and reads the command needs
// (does a path exist, a small file's text, the executable's directory, the
// working directory), answered by GLib, so the command needs no Foundation
// for them.

import CGtk
import ClickGuardGtk

/// Files and directories of this machine, seen from the running process.
package enum LocalFiles {
  /// Whether something exists at `path` (a symbolic link: its target).
  package static func exists(_ path: String) -> Bool {
    g_file_test(path, G_FILE_TEST_EXISTS) != 0
  }

  /// The whole text of the file at `path` (read to its end, so `/proc`
  /// files, which have no size, work too), or `nil` when it cannot be read.
  package static func text(atPath path: String) -> String? {
    var contents: UnsafeMutablePointer<gchar>?
    var length: gsize = 0
    guard g_file_get_contents(path, &contents, &length, nil) != 0, let contents else { return nil }
    defer { g_free(contents) }
    return text(contents, length)
  }

  /// The directory of the running executable (symbolic links resolved),
  /// or of `argv[0]` when `/proc/self/exe` cannot be read.
  package static func executableDirectory() -> String {
    let executable = FileName.currentExecutable() ?? CommandLine.arguments[0]
    guard let directory = g_path_get_dirname(executable) else { return "." }
    defer { g_free(directory) }
    return String(cString: directory)
  }

  /// The working directory, byte for byte.
  package static func currentDirectory() -> ByteString {
    guard let directory = g_get_current_dir() else { return "." }
    defer { g_free(directory) }
    return ByteString(cString: directory)
  }

  /// `length` bytes at `contents`, decoded as UTF-8 (invalid bytes become
  /// U+FFFD).
  private static func text(_ contents: UnsafeMutablePointer<gchar>, _ length: gsize) -> String {
    let bytes = UnsafeRawBufferPointer(start: contents, count: Int(length))
    return String(decoding: bytes, as: UTF8.self)
  }
}
