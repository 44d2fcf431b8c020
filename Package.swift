// swift-tools-version:6.0
// ClickGuard: stop repeated clicks from firing the same action twice, in
// Swift and GTK 3 on Linux. Licensed under the Apache License 2.0 (LICENSE).
import PackageDescription

let package = Package(
  name: "ClickGuard",
  products: [
    .library(name: "ClickGuard", targets: ["ClickGuard"]),
    .library(name: "ClickGuardGtk", targets: ["ClickGuardGtk"]),
    // The GTK 3 module: GTK3_MODULES=/abs/path/libclickguard-gtk-module.so.
    .library(name: "clickguard-gtk-module", type: .dynamic, targets: ["ClickGuardGtkModule"]),
    // The benchmarks: make bench (see BENCHMARKS.md).
    .executable(name: "clickguard-bench", targets: ["ClickGuardBench"]),
    // The desktop demo (make demo) and its scripted showcase driver.
    .executable(name: "clickguard-demo", targets: ["ClickGuardDemo"]),
    .executable(name: "clickguard-showcase", targets: ["ClickGuardShowcase"]),
    // The command: clickguard run / report / doctor (docs/command.md).
    .executable(name: "clickguard", targets: ["ClickGuardCommand"]),
    // The settings window: session switch, rules file, try-it pad.
    .executable(name: "clickguard-settings", targets: ["ClickGuardSettings"]),
    // Renders the man pages and bash completions from the programs' option
    // tables at install time (scripts/install.sh); not installed itself.
    .executable(name: "clickguard-manual", targets: ["ClickGuardManual"]),
  ],
  targets: [
    .systemLibrary(
      name: "CGtk", path: "Modules/CGtk", pkgConfig: "gtk+-3.0",
      providers: [.apt(["libgtk-3-dev"])]),
    // libhandy 1: GNOME's preference rows, for the settings window only.
    .systemLibrary(
      name: "CHandy", path: "Modules/CHandy", pkgConfig: "libhandy-1",
      providers: [.apt(["libhandy-1-dev"])]),
    .target(name: "ClickGuard"),
    // MainLoopBridge calls libdispatch's main-queue hooks; a program that
    // does not import Foundation would otherwise not link libdispatch.
    .target(
      name: "ClickGuardGtk", dependencies: ["ClickGuard", "CGtk"],
      linkerSettings: [.linkedLibrary("dispatch")]),
    .target(name: "ClickGuardGtkModule", dependencies: ["ClickGuardGtk", "CGtk"]),
    // libc calls the benchmarks need that Glibc does not import (malloc.h).
    .systemLibrary(name: "CBenchSupport", path: "Modules/CBenchSupport"),
    .executableTarget(
      name: "ClickGuardBench",
      dependencies: ["ClickGuard", "ClickGuardGtk", "ClickGuardGtkModule", "CGtk", "CBenchSupport"],
      exclude: ["first-frame.c"]),
    // The demo: a library (options, log, app) with thin executables on top.
    .target(name: "ClickGuardDemoKit", dependencies: ["ClickGuard", "ClickGuardGtk", "CGtk"]),
    .executableTarget(name: "ClickGuardDemo", dependencies: ["ClickGuardDemoKit"]),
    // The clickguard command: option parsing, log reports, rule suggestions
    // and the doctor's checks in a library, so tests reach them; the
    // executable only calls it. It imports FoundationEssentials (JSON), never
    // Foundation, whose ICU data (37 MB) the static build would carry.
    .target(
      name: "ClickGuardCommandKit", dependencies: ["ClickGuardGtkModule", "ClickGuardGtk", "ClickGuard", "CGtk"]),
    .executableTarget(name: "ClickGuardCommand", dependencies: ["ClickGuardCommandKit"]),
    // The settings window: a library (window, rules file edits, try-it pad),
    // so tests reach it, under a thin executable.
    .target(
      name: "ClickGuardSettingsKit",
      dependencies: [
        "ClickGuardCommandKit", "ClickGuardGtkModule", "ClickGuardGtk", "ClickGuard", "CGtk", "CHandy",
      ]),
    .executableTarget(name: "ClickGuardSettings", dependencies: ["ClickGuardSettingsKit"]),
    .executableTarget(
      name: "ClickGuardManual", dependencies: ["ClickGuardCommandKit", "ClickGuardDemoKit", "ClickGuardSettingsKit"]),
    // Drives the built demo from outside (subprocess, xdotool, its JSON log):
    // the showcase and the demo's tests share it. Kept out of the app, which
    // then starts without Foundation.
    .target(name: "ClickGuardDemoDriver", dependencies: ["ClickGuardDemoKit", "ClickGuardGtk"]),
    .executableTarget(
      name: "ClickGuardShowcase",
      dependencies: ["ClickGuard", "ClickGuardCommandKit", "ClickGuardDemoDriver", "ClickGuardDemoKit"]),
    // The harness the test targets share: GTK in the test process (main
    // loop, mapped windows, real X input, counted signals), child processes,
    // display checks and JSON-lines logs. Only test targets depend on it.
    .target(
      name: "ClickGuardTestSupport", dependencies: ["ClickGuardGtk", "ClickGuard", "CGtk"],
      path: "Tests/ClickGuardTestSupport"),
    .testTarget(name: "ClickGuardTests", dependencies: ["ClickGuard", "ClickGuardTestSupport"]),
    .testTarget(
      name: "ClickGuardGtkTests", dependencies: ["ClickGuardGtk", "ClickGuard", "CGtk", "ClickGuardTestSupport"]),
    .testTarget(
      name: "ClickGuardGtkModuleTests",
      dependencies: ["ClickGuardGtkModule", "ClickGuardGtk", "ClickGuard", "CGtk", "ClickGuardTestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ClickGuardDemoKitTests",
      dependencies: ["ClickGuardDemoKit", "ClickGuardDemoDriver", "ClickGuardTestSupport"]),
    .testTarget(
      name: "ClickGuardCommandKitTests",
      dependencies: ["ClickGuardCommandKit", "ClickGuardGtkModule", "ClickGuardTestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ClickGuardSettingsKitTests",
      dependencies: [
        "ClickGuardSettingsKit", "ClickGuardCommandKit", "ClickGuardGtkModule", "ClickGuardGtk",
        "ClickGuardTestSupport",
      ],
      exclude: ["Fixtures"]),
    // Builds every ```swift block of README.md, docs/ and the DocC articles
    // against this package (in a package of its own under
    // .build/readme-snippets), and runs `make docs`: no dependencies here.
    .testTarget(name: "ReadmeSnippetTests"),
  ],
  swiftLanguageModes: [.v6]
)
