// ProgramLauncher: the side of `clickguard run` that touches the process:
// finds the module, sets the variables and replaces itself with the program
// (execvp), so the program's exit status and signals are its own. Every
// value goes on as the bytes it came as: the program's path and arguments,
// the other entries of GTK3_MODULES, the --log and --config paths.

import ClickGuardAppSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Starts a program with the ClickGuard module, in place of `clickguard`.
package enum ProgramLauncher {
  /// Sets the module's variables and `GTK3_MODULES` (and takes ClickGuard
  /// out of `GTK_MODULES`), then executes
  /// `options.command` (searched in `PATH` as the shell does). Returns only
  /// when that fails.
  /// - Throws: ``CommandFailure``: the module is not found
  ///   (``ExitStatus/failure``), the program is not found
  ///   (``ExitStatus/notFound``) or cannot be executed
  ///   (``ExitStatus/cannotExecute``).
  package static func exec(_ options: RunOptions) throws(CommandFailure) -> Never {
    try options.checkPaths(
      isRegularFile: { FileKind.at($0) == .regularFile }, directoryExists: { FileKind.at($0) == .directory })
    let environment = ProcessEnvironment.bytes()
    let locator = ModuleLocator(
      environment: ProcessEnvironment.current(), executableDirectory: LocalFiles.executableDirectory())
    // CLICKGUARD_MODULE's path is looked at and passed on as its bytes.
    let named = environment[ModuleLocator.variable]
    func bytes(of candidate: String) -> ByteString {
      if let named, candidate == String(decoding: named.bytes, as: UTF8.self) { return named }
      return ByteString(candidate)
    }
    let module = absolute(bytes(of: try locator.module { FileKind.at(bytes(of: $0)) != nil }))
    guard !module.bytes.contains(UInt8(ascii: ":")) else {
      throw CommandFailure(
        "the module path \(module.displayName) contains ':', which GTK3_MODULES cannot hold "
          + "(accepted: a path without ':')",
        status: ExitStatus.failure)
    }
    for (name, value) in options.environment { set(name, value) }
    set("GTK3_MODULES", GtkModuleList(environment["GTK3_MODULES"]).leading(with: module).value)
    // GTK 3 reads GTK_MODULES too: a ClickGuard there would load a second
    // copy. The other modules there stay.
    if let legacy = environment["GTK_MODULES"], GtkModuleList(legacy).hasClickGuard {
      let others = GtkModuleList(legacy).withoutClickGuard
      if others.entries.isEmpty { unsetenv("GTK_MODULES") } else { set("GTK_MODULES", others.value) }
    }

    let program = options.command[0]
    let toolkit = ProgramToolkit.of(program)
    if toolkit.toolkit == .gtk4, let path = toolkit.path {
      ClickGuardTool.printError("run: warning: " + ProgramToolkit.gtk4Warning(path))
    }
    var arguments = options.command.map { $0.duplicatedCString() } + [nil]
    _ = program.withCString { execvp($0, &arguments) }
    let failure = errno
    for argument in arguments { free(argument) }
    let reason = String(cString: strerror(failure))
    if failure == ENOENT {
      throw CommandFailure(
        "run: cannot find the program '\(program.displayName)' (\(reason)); give a command in PATH or a path to it",
        status: ExitStatus.notFound)
    }
    throw CommandFailure(
      "run: cannot execute '\(program.displayName)' (\(reason))", status: ExitStatus.cannotExecute)
  }

  /// Sets the variable `name` to `value`'s bytes.
  private static func set(_ name: String, _ value: ByteString) {
    _ = value.withCString { setenv(name, $0, 1) }
  }

  /// `path`, made absolute against the working directory: GTK loads a
  /// module by path only when the path is absolute.
  static func absolute(_ path: ByteString) -> ByteString {
    path.hasPrefix("/") ? path : LocalFiles.currentDirectory() + "/" + path
  }
}
