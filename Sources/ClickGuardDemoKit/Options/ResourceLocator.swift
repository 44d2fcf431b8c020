// ResourceLocator: finds the folder holding demo.ui, demo.css and the other
// resources, whatever the working directory, in a build tree or installed.

import ClickGuardGtk

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where the demo looks for its resources, in order, and what it found.
///
/// 1. `$CLICKGUARD_RESOURCES`, when set (and then only there: a wrong value
///    is an error, not a silent fallback);
/// 2. `<executable dir>/../share/clickguard` (after `make install`);
/// 3. every ancestor of the executable's real path that holds
///    `Resources/demo.ui` (a build tree: `.build/debug/clickguard-demo`);
/// 4. the source tree this file was compiled from (`#filePath`).
package struct ResourceLocator: Sendable {
  /// The file that marks a resources folder.
  static let markerFile = "demo.ui"
  /// The environment variable that overrides the search.
  static let environmentVariable = "CLICKGUARD_RESOURCES"

  /// The value of `$CLICKGUARD_RESOURCES`, if set.
  var override: String?
  /// The executable's real path (symlinks resolved), if known.
  var executablePath: String?
  /// A source file of this module, for the source-tree fallback.
  var sourceFilePath: String
  /// Whether a file exists (injected for tests).
  var fileExists: @Sendable (String) -> Bool

  /// This file's path when it was compiled: the source-tree fallback. (A
  /// `#filePath` default argument would be the caller's file instead.)
  static let compiledSourcePath = #filePath

  /// A locator for this process: reads the environment and
  /// `/proc/self/exe`.
  static func forCurrentProcess() -> ResourceLocator {
    ResourceLocator(
      override: getenv(environmentVariable).map { String(cString: $0) },
      executablePath: ByteString.currentExecutable(), sourceFilePath: compiledSourcePath,
      fileExists: { access($0, R_OK) == 0 })
  }

  /// Creates a locator from explicit inputs.
  package init(
    override: String?, executablePath: String?, sourceFilePath: String,
    fileExists: @escaping @Sendable (String) -> Bool
  ) {
    self.override = override
    self.executablePath = executablePath
    self.sourceFilePath = sourceFilePath
    self.fileExists = fileExists
  }

  /// The folders searched, in order.
  package var candidates: [String] {
    if let override, !override.isEmpty { return [Self.normalize(override)] }
    var result: [String] = []
    if let executablePath {
      let binDir = Self.parent(executablePath)
      result.append(Self.normalize(binDir + "/../share/clickguard"))
      var dir = binDir
      while true {
        result.append(Self.normalize(dir + "/Resources"))
        let up = Self.parent(dir)
        if up == dir { break }
        dir = up
      }
    }
    // Sources/ClickGuardDemoKit/Options/ResourceLocator.swift → package root.
    var root = Self.parent(sourceFilePath)
    for _ in 0..<3 { root = Self.parent(root) }
    result.append(Self.normalize(root + "/Resources"))
    var seen = Set<String>()
    return result.filter { seen.insert($0).inserted }
  }

  /// The first candidate holding ``markerFile``.
  /// - Throws: ``ResourceError`` listing every folder tried.
  func locate() throws(ResourceError) -> String {
    let folders = candidates
    if let found = folders.first(where: { fileExists($0 + "/" + Self.markerFile) }) { return found }
    throw ResourceError(searched: folders, viaEnvironment: override.map { !$0.isEmpty } ?? false)
  }

  /// The folder holding `path` (`/` for a top-level entry).
  package static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Collapses `.`, `..` and repeated slashes without touching the disk.
  static func normalize(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        if !parts.isEmpty && parts.last != ".." {
          parts.removeLast()
        } else if !path.hasPrefix("/") {
          parts.append(part)
        }
        continue
      }
      parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
  }
}

/// The demo's resources were not found.
package struct ResourceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Every folder tried, in order.
  let searched: [String]
  /// Whether the search was pinned by `$CLICKGUARD_RESOURCES`.
  let viaEnvironment: Bool

  /// What went wrong and what to do, in the reader's language.
  package var description: String {
    (viaEnvironment
      ? localized(
        "{variable}={folder} does not contain {file}; looked in: {folders}; set {variable} to the folder holding {file}"
      )
      : localized(
        "cannot find the demo's resources ({file}); looked in: {folders}; set {variable} to the folder holding {file}"))
      .filling([
        "variable": ResourceLocator.environmentVariable, "folder": searched.first ?? "",
        "file": ResourceLocator.markerFile, "folders": searched.joined(separator: ", "),
      ])
  }
}
