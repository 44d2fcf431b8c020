// InstallHarness: what the install tests run — scripts/install.sh and
// scripts/deb.sh over the release artifacts `make static` built (make test
// builds them first), into this test process's scratch directory.

import Foundation

/// Installs and packages the installed build for the tests.
enum InstallHarness {
  /// The package's root directory (this file is in Tests/ClickGuardGtkModuleTests).
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// Where `make static` puts the module, the command and the demo:
  /// `$CLICKGUARD_INSTALL_BUILD` if set, else `.build/install/release`.
  static func staticBuild() throws -> String {
    let environment = ProcessInfo.processInfo.environment["CLICKGUARD_INSTALL_BUILD"] ?? ""
    let directory = environment.isEmpty ? packageRoot + "/.build/install/release" : environment
    for artifact in ["libclickguard-gtk-module.so", "clickguard", "clickguard-demo", "clickguard-manual"]
    where !FileManager.default.fileExists(atPath: directory + "/" + artifact) {
      throw HarnessError(
        "\(directory)/\(artifact) is missing: build the installed build first with `make static` (make test does)")
    }
    return directory
  }

  /// Runs scripts/install.sh into a fresh prefix under the scratch
  /// directory (PREFIX only: the module goes to `<prefix>/lib/gtk-3.0/modules`).
  /// - Returns: the prefix.
  static func install() throws -> String {
    let prefix = ModuleHarness.scratch.appendingPathComponent("prefix-\(UUID().uuidString)").path
    try run(["PREFIX=\(prefix)", "DESTDIR=", "MODULEDIR=", packageRoot + "/scripts/install.sh", try staticBuild()])
    return prefix
  }

  /// Runs scripts/deb.sh into a fresh directory, by default uncompressed,
  /// for speed (`compression`: dpkg-deb's -Z, `gzip` as lintian accepts).
  /// - Returns: the path of the .deb.
  static func buildDeb(compression: String = "none") throws -> String {
    let out = ModuleHarness.scratch.appendingPathComponent("deb-\(UUID().uuidString)").path
    try run(["DEB_COMPRESSION=\(compression)", packageRoot + "/scripts/deb.sh", try staticBuild(), out])
    let files = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".deb") }
    guard files.count == 1 else { throw HarnessError("scripts/deb.sh made \(files) in \(out)") }
    return out + "/" + files[0]
  }

  /// The directory GTK's libraries are in (`pkg-config --variable=libdir
  /// gtk+-3.0`, /usr/lib/x86_64-linux-gnu on Debian): the package puts the
  /// module in its gtk-3.0/modules.
  static func gtkLibraryDirectory() throws -> String {
    let result = ChildProcess.output(of: "/usr/bin/pkg-config", ["--variable=libdir", "gtk+-3.0"])
    let directory = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    guard result.status == 0, !directory.isEmpty else { throw HarnessError("pkg-config: \(result.output)") }
    return directory
  }

  /// The directory this test process loaded the Swift runtime from: the
  /// toolchain's, which nothing installed may need.
  static func toolchainLibraryDirectory() throws -> String {
    // Read to the end: /proc files report a size of 0.
    guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() else {
      throw HarnessError("cannot read /proc/self/maps")
    }
    let maps = String(decoding: data, as: UTF8.self)
    guard let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libswiftCore.so") }),
      let path = line.split(separator: " ").last
    else { throw HarnessError("this test process has no libswiftCore.so mapped") }
    return URL(fileURLWithPath: String(path)).deletingLastPathComponent().path
  }

  /// Runs dpkg with `arguments`, waiting up to 60 s while another dpkg or
  /// apt holds its lock.
  static func dpkg(_ arguments: [String]) throws {
    for _ in 0..<60 {
      let result = ChildProcess.output(of: "/usr/bin/dpkg", arguments)
      if result.status == 0 { return }
      guard result.output.contains("lock") else {
        throw HarnessError("dpkg \(arguments.joined(separator: " ")) failed (\(result.status)):\n\(result.output)")
      }
      sleep(1)
    }
    throw HarnessError("dpkg \(arguments.joined(separator: " ")): its lock stayed held for 60 s")
  }

  /// Runs `arguments` through /usr/bin/env; throws with its output when it fails.
  @discardableResult
  static func run(_ arguments: [String]) throws -> String {
    let result = ChildProcess.output(of: "/usr/bin/env", arguments)
    guard result.status == 0 else {
      throw HarnessError("\(arguments.joined(separator: " ")) failed (\(result.status)):\n\(result.output)")
    }
    return result.output
  }
}
