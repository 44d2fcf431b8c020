// ProgramLauncher: the side of `clickguard run` that touches the process:
// finds the module, sets the variables and replaces itself with the program
// (execvp), so the program's exit status and signals are its own.

#if canImport(Glibc)
  import Glibc
#endif

/// Starts a program with the ClickGuard module, in place of `clickguard`.
public enum ProgramLauncher {
  /// Sets the module's variables and `GTK3_MODULES` (and takes ClickGuard
  /// out of `GTK_MODULES`), then executes
  /// `options.command` (searched in `PATH` as the shell does). Returns only
  /// when that fails.
  /// - Throws: ``CommandFailure``: the module is not found
  ///   (``ExitStatus/failure``), the program is not found
  ///   (``ExitStatus/notFound``) or cannot be executed
  ///   (``ExitStatus/cannotExecute``).
  public static func exec(_ options: RunOptions) throws(CommandFailure) -> Never {
    try options.checkPaths(fileExists: LocalFiles.exists, directoryExists: LocalFiles.isDirectory)
    let environment = ProcessEnvironment.current()
    let locator = ModuleLocator(environment: environment, executableDirectory: LocalFiles.executableDirectory())
    let module = absolute(try locator.module(exists: LocalFiles.exists))
    guard !module.contains(":") else {
      throw CommandFailure(
        "the module path \(module) contains ':', which GTK3_MODULES cannot hold (accepted: a path without ':')",
        status: ExitStatus.failure)
    }
    for (name, value) in options.environment { setenv(name, value, 1) }
    setenv("GTK3_MODULES", GtkModuleList(environment["GTK3_MODULES"]).leading(with: module).value, 1)
    // GTK 3 reads GTK_MODULES too: a ClickGuard there would load a second
    // copy. The other modules there stay.
    if let legacy = environment["GTK_MODULES"], GtkModuleList(legacy).hasClickGuard {
      let others = GtkModuleList(legacy).withoutClickGuard
      if others.entries.isEmpty { unsetenv("GTK_MODULES") } else { setenv("GTK_MODULES", others.value, 1) }
    }

    let program = options.command[0]
    var arguments: [UnsafeMutablePointer<CChar>?] = options.command.map { strdup($0) } + [nil]
    execvp(program, &arguments)
    let failure = errno
    for argument in arguments { free(argument) }
    let reason = String(cString: strerror(failure))
    if failure == ENOENT {
      throw CommandFailure(
        "run: cannot find the program '\(program)' (\(reason)); give a command in PATH or a path to it",
        status: ExitStatus.notFound)
    }
    throw CommandFailure("run: cannot execute '\(program)' (\(reason))", status: ExitStatus.cannotExecute)
  }

  /// `path`, made absolute against the working directory: GTK loads a
  /// module by path only when the path is absolute.
  static func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : LocalFiles.currentDirectory() + "/" + path
  }
}
