// ProcessGroup: starting a child as the leader of a new process group, so
// a test can end it and everything it started (an app and its D-Bus
// session, a compositor and its helpers) with one signal.

import ClickGuardTestSupport
import Foundation

/// Starts processes as leaders of process groups of their own.
enum ProcessGroup {
  /// Starts `argv` (`argv[0]` a path) as the leader of a new process group
  /// (its id is the process's), standard input from /dev/null, standard
  /// output and error into the file `output`, appended to when `append`,
  /// else truncated.
  /// - Returns: the process id, which is also the group's.
  static func spawn(
    _ argv: [String], environment: [String: String], output: String, append: Bool = false
  ) throws -> pid_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC), 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let arguments = argv.map { strdup($0) } + [nil]
    let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in arguments + variables { free(pointer) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, argv[0], &actions, &attributes, arguments, variables)
    guard status == 0 else { throw HarnessError("cannot start \(argv[0]): \(String(cString: strerror(status)))") }
    return pid
  }
}
