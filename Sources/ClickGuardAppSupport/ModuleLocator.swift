// ModuleLocator: where `clickguard run` finds the GTK module, in the order
// the installation contract fixes: $CLICKGUARD_MODULE, the build tree beside
// the command, then the installed file under the command's prefix. Pure:
// the caller says which files exist.

import ClickGuardGObject

/// Where the ClickGuard GTK module is, for `clickguard run` and `doctor`.
///
/// The places, in order:
/// 1. `$CLICKGUARD_MODULE` (a path);
/// 2. `libclickguard-gtk-module.so` beside the `clickguard` executable (the
///    build tree);
/// 3. `<exe dir>/../lib/<multiarch>/gtk-3.0/modules/libclickguard.so`;
/// 4. `<exe dir>/../lib/gtk-3.0/modules/libclickguard.so`.
package struct ModuleLocator: Sendable {
  /// One place looked at.
  package struct Candidate: Equatable, Sendable {
    /// The file.
    package let path: String
    /// Why it is looked at, in the reader's words (`CLICKGUARD_MODULE`,
    /// `build tree, beside clickguard`).
    package let origin: String
  }

  /// The variable that names the module file.
  package static let variable = "CLICKGUARD_MODULE"
  /// The module's file name in a build tree.
  package static let buildFileName = "libclickguard-gtk-module.so"
  /// The module's file name when installed, which GTK loads by the name
  /// `clickguard`.
  package static let installedFileName = "libclickguard.so"

  /// The places, in the order they are tried.
  package let candidates: [Candidate]

  /// The places for a command in `executableDirectory`, with `environment`
  /// and the Debian multiarch triplet `multiarch` (`x86_64-linux-gnu`).
  package init(environment: [String: String], executableDirectory: String, multiarch: String = Self.multiarch) {
    var candidates: [Candidate] = []
    if let path = environment[Self.variable], !path.isEmpty {
      candidates.append(Candidate(path: path, origin: Self.variable))
    }
    let prefix = Self.parent(of: executableDirectory)
    let installed = localized("installed, beside clickguard's prefix")
    candidates += [
      Candidate(
        path: executableDirectory + "/" + Self.buildFileName, origin: localized("build tree, beside clickguard")),
      Candidate(path: prefix + "/lib/" + multiarch + "/gtk-3.0/modules/" + Self.installedFileName, origin: installed),
      Candidate(path: prefix + "/lib/gtk-3.0/modules/" + Self.installedFileName, origin: installed),
    ]
    self.candidates = candidates
  }

  /// The module file: the first candidate for which `exists` is true.
  /// A `$CLICKGUARD_MODULE` that does not exist is an error, not skipped:
  /// the person asked for that file.
  /// - Throws: ``CommandFailure`` listing the places looked at.
  package func module(exists: (String) -> Bool) throws(CommandFailure) -> String {
    if let named = candidates.first, named.origin == Self.variable, !exists(named.path) {
      throw CommandFailure(
        localized("{variable}={path} does not exist (accepted: the path of the ClickGuard GTK module)").filling([
          "variable": Self.variable, "path": named.path,
        ]), status: ExitStatus.failure)
    }
    if let found = candidates.first(where: { exists($0.path) }) { return found.path }
    throw CommandFailure(
      localized("cannot find the ClickGuard GTK module; looked at:") + "\n"
        + candidates.map { "  \($0.path) (\($0.origin))" }.joined(separator: "\n") + "\n"
        + localized("Install it (make install), or set {variable} to its path.").filling(["variable": Self.variable]),
      status: ExitStatus.failure)
  }

  /// The Debian multiarch triplet of the machine this was built for.
  package static var multiarch: String {
    #if arch(x86_64)
      "x86_64-linux-gnu"
    #elseif arch(arm64)
      "aarch64-linux-gnu"
    #elseif arch(i386)
      "i386-linux-gnu"
    #elseif arch(arm)
      "arm-linux-gnueabihf"
    #elseif arch(powerpc64le)
      "powerpc64le-linux-gnu"
    #elseif arch(s390x)
      "s390x-linux-gnu"
    #else
      "riscv64-linux-gnu"
    #endif
  }

  /// The directory above `directory` (`/usr/bin` → `/usr`).
  static func parent(of directory: String) -> String {
    var parts = directory.split(separator: "/", omittingEmptySubsequences: true)
    guard !parts.isEmpty else { return "" }
    parts.removeLast()
    return "/" + parts.joined(separator: "/")
  }
}
