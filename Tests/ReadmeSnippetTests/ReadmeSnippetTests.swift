// Every ```swift block in README.md, docs/*.md and the DocC articles
// (Sources/*/*.docc/*.md) builds against this package, so the README and
// the docs cannot drift from the API.
//
// How a block becomes compilable (there is no prelude: write each block
// complete as it stands, imports included):
// - The README block that starts with `// swift-tools-version` is the
//   README's Package.swift. It becomes the manifest of a small package,
//   .build/readme-snippets/App, which sits beside a link to this checkout
//   named clickguard-checkout: a checkout in a folder not named ClickGuard,
//   as a user's may be. The README's `path: "../ClickGuard"` is pointed at
//   it; everything else, `package: "ClickGuard"` included, is built as
//   written.
// - Every other block becomes the main.swift of an executable target of its
//   own (Snippet1, Snippet2, …: README.md's in order, then docs/*.md's by
//   file name, then the DocC articles' by path, in App/ReadmeBlocks: not
//   App/Snippets, which SwiftPM reads as snippet products), with the
//   dependencies of the README manifest's first target (a block that
//   imports ClickGuardGtk4 gets that product instead). The test appends
//   those targets to the manifest in place of the README's own.
// - `swift build` builds the package; its scratch directory stays under
//   .build, so a rerun only rebuilds what changed (from scratch: about 20 s
//   on 2 cores for ClickGuard, ClickGuardGtk and the blocks).
// Fences other than ```swift (sh, text, json) are not built.
// A block that does not build fails the test with the block, its file and
// line numbers and the compiler's messages about it.

import Foundation
import XCTest

final class ReadmeSnippetTests: XCTestCase {
  func testEverySwiftBlockOfTheReadmeAndTheDocsBuilds() throws {
    guard let swift = Toolchain.swiftOnPath() else {
      throw XCTSkip(
        "`swift` is not on PATH: cannot build the ```swift blocks of README.md and docs/*.md; put the toolchain on PATH"
      )
    }
    let readme = try SwiftBlock.all(inFile: "README.md")
    let manifests = readme.filter(\.isManifest)
    var snippets = readme.filter { !$0.isManifest }
    XCTAssertLessThanOrEqual(manifests.count, 1, "README.md should show one Package.swift, not \(manifests.count)")
    XCTAssertFalse(snippets.isEmpty, "README.md has no ```swift block to build")
    let docs = (try? FileManager.default.contentsOfDirectory(atPath: Checkout.root.appendingPathComponent("docs").path))
    for name in (docs ?? []).filter({ $0.hasSuffix(".md") }).sorted() {
      snippets += try SwiftBlock.all(inFile: "docs/\(name)").filter { !$0.isManifest }
    }
    for article in Checkout.doccArticles() {
      snippets += try SwiftBlock.all(inFile: article).filter { !$0.isManifest }
    }

    if let manifest = manifests.first {
      XCTAssertTrue(
        manifest.code.contains(SnippetPackage.readmePath),
        "README.md line \(manifest.firstLine): the Package.swift should depend on the checkout at "
          + "\(SnippetPackage.readmePath), which the test points at a checkout in a folder of another name")
    }
    let package = try SnippetPackage(manifest: manifests.first, snippets: snippets)
    let build = try Toolchain.run(swift, ["build", "--package-path", package.directory.path])
    guard build.status != 0 else { return }

    let failing = SnippetPackage.attribute(build.output, snippets: snippets)
    for (snippet, messages) in failing {
      XCTFail(
        """
        \(snippet.file) line \(snippet.firstLine): this ```swift block does not build.
        \(snippet.numbered)
        The compiler (its file:line turned into \(snippet.file)'s):
        \(messages.joined(separator: "\n"))
        """)
    }
    if failing.isEmpty {
      XCTFail(
        """
        `swift build` of the README's snippets failed (status \(build.status)) outside any snippet: the \
        README's Package.swift\(manifests.first.map { " (README.md line \($0.firstLine))" } ?? "") or the \
        package itself.
        \(manifests.first?.numbered ?? "")
        The build's output:
        \(build.output)
        """)
    }
  }

  func testBlocksAreFoundWithTheirReadmeLines() {
    let text = """
      # Title

      ```swift
      let a = 1
      ```

      - a list item:

        ```swift
        // swift-tools-version:6.0
        import PackageDescription
        ```

      ```sh
      make test
      ```
      """
    let blocks = SwiftBlock.all(in: text)
    XCTAssertEqual(blocks.map(\.firstLine), [4, 10])
    XCTAssertEqual(blocks.map(\.code), ["let a = 1", "// swift-tools-version:6.0\nimport PackageDescription"])
    XCTAssertEqual(blocks.map(\.isManifest), [false, true])
  }

  func testCompilerMessagesAreAttributedToTheirSnippetWithReadmeLines() {
    let snippets = [
      SwiftBlock(firstLine: 40, lines: ["import ClickGuardGtk", "let x = ClickInterval(milliseconds: 800)"]),
      SwiftBlock(firstLine: 90, lines: ["print(1)"]),
    ]
    let output = """
      [3/9] Compiling Snippet1 main.swift
      /tmp/App/ReadmeBlocks/Snippet1/main.swift:2:9: error: cannot find 'ClickInterval' in scope
      2 | let x = ClickInterval(milliseconds: 800)
        |         `- error: cannot find 'ClickInterval' in scope
      /tmp/App/ReadmeBlocks/Snippet1/main.swift:2:9: error: cannot find 'ClickInterval' in scope
      2 | let x = ClickInterval(milliseconds: 800)
        |         `- error: cannot find 'ClickInterval' in scope
      [4/9] Compiling Snippet2 main.swift
      """
    let failing = SnippetPackage.attribute(output, snippets: snippets)
    XCTAssertEqual(failing.map(\.snippet.firstLine), [40])
    XCTAssertEqual(
      failing.first?.messages.first, "README.md:41:9: error: cannot find 'ClickInterval' in scope")
    XCTAssertEqual(failing.first?.messages.count, 3)
  }
}

/// This checkout, found from this file's path.
enum Checkout {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // ReadmeSnippetTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// The DocC articles (`Sources/<target>/<target>.docc/*.md`), relative to
  /// the checkout, by path.
  static func doccArticles() -> [String] {
    let files = FileManager.default
    let sources = root.appendingPathComponent("Sources")
    var articles: [String] = []
    for target in ((try? files.contentsOfDirectory(atPath: sources.path)) ?? []).sorted() {
      let catalog = "Sources/\(target)/\(target).docc"
      let names = (try? files.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path)) ?? []
      articles += names.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
    }
    return articles
  }
}

/// A ```swift block of a Markdown file.
struct SwiftBlock: Equatable {
  /// The file, relative to the checkout (`README.md`, `docs/demo.md`).
  var file = "README.md"
  /// The 1-based line of the text where the block's code starts.
  let firstLine: Int
  /// The code, with the fence's own indentation taken off.
  let lines: [String]

  var code: String { lines.joined(separator: "\n") }

  /// Whether the block is a Package.swift.
  var isManifest: Bool {
    lines.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.hasPrefix("// swift-tools-version") ?? false
  }

  /// Whether the block is a GTK 4 program: it imports ClickGuardGtk4.
  var importsGtk4: Bool { lines.contains { $0.hasPrefix("import ClickGuardGtk4") } }

  /// The code with its file's line numbers, for failure messages.
  var numbered: String {
    lines.enumerated().map { "\(String(format: "%5d", firstLine + $0.offset)) | \($0.element)" }
      .joined(separator: "\n")
  }

  /// Every ```swift block of `file` (relative to the checkout), in order.
  static func all(inFile file: String) throws -> [SwiftBlock] {
    let text = try String(contentsOf: Checkout.root.appendingPathComponent(file), encoding: .utf8)
    return all(in: text, file: file)
  }

  /// Every ```swift block of `markdown`, in order.
  static func all(in markdown: String, file: String = "README.md") -> [SwiftBlock] {
    var blocks: [SwiftBlock] = []
    var open: (firstLine: Int, indent: Int, lines: [String])?
    for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if var block = open {
        if trimmed == "```" {
          blocks.append(SwiftBlock(file: file, firstLine: block.firstLine, lines: block.lines))
          open = nil
        } else {
          block.lines.append(String(line.dropFirst(min(block.indent, line.prefix { $0 == " " }.count))))
          open = block
        }
      } else if trimmed == "```swift" {
        open = (index + 2, line.prefix { $0 == " " }.count, [])
      }
    }
    return blocks
  }
}

/// The package the README's blocks are built in: .build/readme-snippets/App,
/// beside .build/readme-snippets/clickguard-checkout, a link to this
/// checkout.
struct SnippetPackage {
  let directory: URL

  /// The checkout's path as the README's Package.swift writes it.
  static let readmePath = #"path: "../ClickGuard""#
  /// The link to this checkout: its folder name is not the package's name.
  static let checkoutName = "clickguard-checkout"

  /// The manifest used when the README shows none.
  static let defaultManifest = """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "App",
      dependencies: [.package(name: "ClickGuard", path: "../ClickGuard")],
      targets: [.executableTarget(name: "App", dependencies: [.product(name: "ClickGuardGtk", package: "ClickGuard")])]
    )
    """

  /// Lays the package out, writing only the files whose text changed so
  /// that `swift build` rebuilds only those.
  init(manifest: SwiftBlock?, snippets: [SwiftBlock]) throws {
    let files = FileManager.default
    let scratch = Checkout.root.appendingPathComponent(".build/readme-snippets")
    directory = scratch.appendingPathComponent("App")
    try files.createDirectory(at: directory, withIntermediateDirectories: true)

    let link = scratch.appendingPathComponent(Self.checkoutName)
    if (try? files.destinationOfSymbolicLink(atPath: link.path)) != Checkout.root.path {
      try? files.removeItem(at: link)
      try files.createSymbolicLink(atPath: link.path, withDestinationPath: Checkout.root.path)
    }

    var targets: [String] = []
    let snippetsDirectory = directory.appendingPathComponent("ReadmeBlocks")
    for (index, snippet) in snippets.enumerated() {
      let name = "Snippet\(index + 1)"
      let folder = snippetsDirectory.appendingPathComponent(name)
      try files.createDirectory(at: folder, withIntermediateDirectories: true)
      try Self.write(snippet.code + "\n", to: folder.appendingPathComponent("main.swift"))
      // A GTK 4 block imports the GTK 4 layer instead: no program links both GTKs.
      let dependencies = snippet.importsGtk4 ? "gtk4Dependencies" : "readmeDependencies"
      targets.append(
        #"    .executableTarget(name: "\#(name)", dependencies: \#(dependencies), path: "ReadmeBlocks/\#(name)"),"#)
    }
    // Blocks removed from the Markdown files since the last run.
    let wanted = Set(snippets.indices.map { "Snippet\($0 + 1)" })
    for stale in (try? files.contentsOfDirectory(atPath: snippetsDirectory.path)) ?? [] where !wanted.contains(stale) {
      try files.removeItem(at: snippetsDirectory.appendingPathComponent(stale))
    }

    let checkoutPath = #"path: "../\#(Self.checkoutName)""#
    let readmeManifest = (manifest?.code ?? Self.defaultManifest)
      .replacingOccurrences(of: Self.readmePath, with: checkoutPath)
    let manifestText = """
      \(readmeManifest)

      // Added by ReadmeSnippetTests: every other ```swift block of README.md
      // and docs/*.md as an executable target of its own, with the README
      // target's dependencies.
      let readmeDependencies = package.targets.first?.dependencies ?? []
      let gtk4Dependencies: [Target.Dependency] = [.product(name: "ClickGuardGtk4", package: "ClickGuard")]
      package.products = []
      package.targets = [
      \(targets.joined(separator: "\n"))
      ]

      """
    try Self.write(manifestText, to: directory.appendingPathComponent("Package.swift"))
  }

  private static func write(_ text: String, to file: URL) throws {
    if (try? String(contentsOf: file, encoding: .utf8)) == text { return }
    try text.write(to: file, atomically: true, encoding: .utf8)
  }

  /// The compiler's messages about each snippet, with its paths and lines
  /// turned into its Markdown file's (each message once: the compiler may repeat
  /// one), for the snippets with an error, in order.
  static func attribute(_ output: String, snippets: [SwiftBlock]) -> [(snippet: SwiftBlock, messages: [String])] {
    var diagnostics: [Int: [[String]]] = [:]
    var hasError = Set<Int>()
    var current: Int?
    for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if let located = locate(line, snippets: snippets) {
        current = located.index
        diagnostics[located.index, default: []].append([located.text])
        if line.contains(": error:") { hasError.insert(located.index) }
      } else if line.hasPrefix("[") || line.hasPrefix("/") || line.hasPrefix("error:") || line.hasPrefix("warning:") {
        current = nil  // a build step, or a message about another file
      } else if let current, !line.isEmpty {
        diagnostics[current]![diagnostics[current]!.count - 1].append(line)
      }
    }
    return hasError.sorted().map { index in
      var seen = Set<[String]>()
      let unique = (diagnostics[index] ?? []).filter { seen.insert($0).inserted }
      return (snippet: snippets[index], messages: unique.flatMap { $0 })
    }
  }

  /// For `…/ReadmeBlocks/SnippetN/main.swift:L:C: …`, the snippet's index and
  /// the line with the Markdown file's path and line number.
  private static func locate(_ line: String, snippets: [SwiftBlock]) -> (index: Int, text: String)? {
    guard let marker = line.range(of: "ReadmeBlocks/Snippet"),
      let fileEnd = line.range(of: "/main.swift:", range: marker.upperBound..<line.endIndex),
      let number = Int(line[marker.upperBound..<fileEnd.lowerBound]), snippets.indices.contains(number - 1)
    else { return nil }
    let snippet = snippets[number - 1]
    let rest = line[fileEnd.upperBound...]
    let lineDigits = rest.prefix { $0.isNumber }
    guard let snippetLine = Int(lineDigits) else { return (number - 1, line) }
    let pathStart = line[..<marker.lowerBound].lastIndex(of: " ").map { line.index(after: $0) } ?? line.startIndex
    let markdownLine = snippet.firstLine + snippetLine - 1
    return (number - 1, line[..<pathStart] + "\(snippet.file):\(markdownLine)" + rest.dropFirst(lineDigits.count))
  }
}

/// Finding and running the Swift toolchain.
enum Toolchain {
  /// The `swift` executable on PATH, if any.
  static func swiftOnPath() -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/swift"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Runs `executable`, returning its exit status and its standard output
  /// and error together. Gives up (status -1) after `timeout` seconds.
  static func run(_ executable: String, _ arguments: [String], timeout: TimeInterval = 900) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    let output = String(decoding: data, as: UTF8.self)
    if process.terminationReason == .uncaughtSignal {
      return (-1, output + "\n(stopped after \(Int(timeout)) s, or killed by a signal)")
    }
    return (process.terminationStatus, output)
  }
}
