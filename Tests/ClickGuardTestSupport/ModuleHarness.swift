// ModuleHarness: what the module's process tests run — the built
// libclickguard-gtk-module.so, the C fixture app (Fixtures/clickcount.c)
// compiled once, and a scratch directory. FixtureApp runs the fixture.

import Foundation

/// Finds the module and compiles the fixture once.
enum ModuleHarness {
  /// The built module: `$CLICKGUARD_MODULE_PATH` if set, else
  /// `libclickguard-gtk-module.so` beside the test executable (SwiftPM's bin
  /// directory, where `swift build --build-tests` puts it).
  static func modulePath() throws -> String {
    if let path = ProcessInfo.processInfo.environment["CLICKGUARD_MODULE_PATH"], !path.isEmpty {
      guard FileManager.default.fileExists(atPath: path) else {
        throw HarnessError("CLICKGUARD_MODULE_PATH=\(path) does not exist")
      }
      return path
    }
    let candidate = binDirectory.appendingPathComponent("libclickguard-gtk-module.so").path
    guard FileManager.default.fileExists(atPath: candidate) else {
      throw HarnessError(
        "libclickguard-gtk-module.so is not in \(binDirectory.path): build it first with "
          + "`swift build --build-tests` (make test does), or set CLICKGUARD_MODULE_PATH")
    }
    return candidate
  }

  /// The toolchain's shared ASan runtime when the module is built with
  /// AddressSanitizer (`make sanitize` sets `CLICKGUARD_TEST_ASAN_RUNTIME`),
  /// else `nil`.
  static var asanRuntime: String? {
    ProcessInfo.processInfo.environment["CLICKGUARD_TEST_ASAN_RUNTIME"].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// What a child that loads the module needs in its environment under
  /// ``asanRuntime``: Debian's apps are not built with ASan, so the runtime
  /// is preloaded. Leak checks stay in the test process (GTK's own
  /// allocations for the life of an app would be most of a child's report),
  /// and crash signals are left to the app, as without ClickGuard. Empty
  /// otherwise.
  static var sanitizerEnvironment: [String: String] {
    guard let runtime = asanRuntime else { return [:] }
    let preload = [runtime] + (ProcessInfo.processInfo.environment["LD_PRELOAD"].map { [$0] } ?? [])
    return [
      "LD_PRELOAD": preload.joined(separator: ":"),
      "ASAN_OPTIONS": "detect_leaks=0:halt_on_error=1:abort_on_error=0:handle_segv=0:handle_sigbus=0"
        + ":handle_sigfpe=0:handle_sigill=0:handle_abort=0:allow_user_segv_handler=1",
    ]
  }

  /// SwiftPM's bin directory, where `swift build --build-tests` puts the
  /// test executable, the module and the `clickguard` command.
  static var binDirectory: URL {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: executable).deletingLastPathComponent()
  }

  /// A directory for this test process's files, made once and removed
  /// when the process exits: the test classes share it (the compiled
  /// fixture, logs, rules files), so no one class may remove it.
  static let scratch: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clickguard-module-tests-\(getpid())", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: ModuleHarness.scratch) }
    return url
  }()

  /// The fixture binary, compiled on first use with cc and pkg-config.
  static func fixture() throws -> String {
    try compiledFixture.get()
  }

  /// The bounce fixture (Fixtures/bounce.c), compiled on first use.
  static func bounceFixture() throws -> String {
    try compiledBounceFixture.get()
  }

  private static let compiledFixture = compile("clickcount", packages: "gtk+-3.0")
  private static let compiledBounceFixture = compile("bounce", packages: "gtk+-3.0 x11")

  /// Compiles Fixtures/`name`.c against the pkg-config `packages` into
  /// the scratch directory.
  private static func compile(_ name: String, packages: String) -> Result<String, HarnessError> {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/\(name).c").path
    let output = scratch.appendingPathComponent(name).path
    let result = ChildProcess.output(
      of: "/bin/sh", ["-c", "cc -Wall -Werror -o '\(output)' '\(source)' $(pkg-config --cflags --libs \(packages))"])
    guard result.status == 0 else {
      return .failure(HarnessError("compiling \(source) failed (\(result.status)):\n\(result.output)"))
    }
    return .success(output)
  }
}
