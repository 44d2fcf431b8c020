// swift-tools-version:6.0
// ClickGuard: stop repeated clicks from firing the same action twice, in
// Swift and GTK 3 on Linux. Licensed under the Apache License 2.0 (LICENSE).
import PackageDescription

let package = Package(
  name: "ClickGuard",
  products: [
    .library(name: "ClickGuard", targets: ["ClickGuard"]),
    .library(name: "ClickGuardGtk", targets: ["ClickGuardGtk"]),
    // The layer for GTK 4 apps (GTK 4 has no modules: the app imports it).
    .library(name: "ClickGuardGtk4", targets: ["ClickGuardGtk4"]),
    // The GTK 3 module: GTK3_MODULES=/abs/path/libclickguard-gtk-module.so.
    .library(name: "clickguard-gtk-module", type: .dynamic, targets: ["ClickGuardGtkModule"]),
    // The benchmarks: make bench, make soak.
    .executable(name: "clickguard-bench", targets: ["ClickGuardBench"]),
    .executable(name: "clickguard-bench-gtk4", targets: ["ClickGuardBenchGtk4"]),
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
    // One fuzz target per parser: libFuzzer under make fuzz, a replay of the
    // corpora (Tests/Fuzz/Corpus) in make test. Not installed.
    .executable(name: "clickguard-fuzz", targets: ["ClickGuardFuzz"]),
  ],
  targets: [
    // GLib, GObject, GIO and GModule: the C side of the toolkit-neutral layer.
    .systemLibrary(
      name: "CGLib", path: "Modules/CGLib", pkgConfig: "gio-2.0",
      providers: [.apt(["libglib2.0-dev"])]),
    // GTK 3 (its shim includes CGLib's, so GLib's types come from one module).
    .systemLibrary(
      name: "CGtk", path: "Modules/CGtk", pkgConfig: "gtk+-3.0",
      providers: [.apt(["libgtk-3-dev"])]),
    // GTK 4, for ClickGuardGtk4 only: no target links both GTK 3 and GTK 4,
    // which cannot share a process.
    .systemLibrary(
      name: "CGtk4", path: "Modules/CGtk4", pkgConfig: "gtk4",
      providers: [.apt(["libgtk-4-dev"])]),
    // libhandy 1: GNOME's preference rows, for the settings window only.
    .systemLibrary(
      name: "CHandy", path: "Modules/CHandy", pkgConfig: "libhandy-1",
      providers: [.apt(["libhandy-1-dev"])]),
    .target(name: "ClickGuard"),
    // Toolkit-neutral GLib/GObject support: closures, signals, emission
    // hooks, qdata, the main loop and its bridge to Swift's main queue,
    // strings and file names from C, JSON lines, bounded reads and atomic
    // writes of small files, and the activation scopes both GTK layers close
    // on the main loop (the core's tickets, hence its dependency). MainLoopBridge calls
    // libdispatch's main-queue hooks; a program that does not import
    // Foundation would otherwise not link libdispatch.
    .target(
      name: "ClickGuardGObject", dependencies: ["ClickGuard", "CGLib"],
      linkerSettings: [.linkedLibrary("dispatch")]),
    // The GTK 3 layer: interception, the fence, the Swift controls,
    // navigation, the decision log, the composition root.
    .target(name: "ClickGuardGtk", dependencies: ["ClickGuard", "ClickGuardGObject", "CGtk"]),
    // The GTK 4 layer: the same core, activation scopes and wrapper
    // vocabulary over GTK 4's class handlers and event controllers.
    .target(name: "ClickGuardGtk4", dependencies: ["ClickGuard", "ClickGuardGObject", "CGtk4"]),
    // The rules file and the CLICKGUARD_* variables, and where each setting
    // in force came from: read by the module, the command and the settings
    // window.
    .target(name: "ClickGuardRules", dependencies: ["ClickGuardGtk", "CGtk"]),
    // The per-program counts of ignored clicks in the user's state
    // directory: the module writes them, the settings window reads and
    // clears them. GLib only, no GTK.
    .target(name: "ClickGuardCounts", dependencies: ["ClickGuard", "ClickGuardGObject", "CGLib"]),
    // The GTK module: entry points, session, watches, crash handling.
    .target(
      name: "ClickGuardGtkModule", dependencies: ["ClickGuardRules", "ClickGuardCounts", "ClickGuardGtk", "CGtk"]),
    // What the programs share and the module never links: options
    // (GOption), output files, byte strings, the desktop's switch for the
    // module and the facts it reads.
    .target(
      name: "ClickGuardAppSupport", dependencies: ["ClickGuardRules", "ClickGuardGtk", "ClickGuardGObject", "CGtk"]),
    // libc calls the benchmarks need that Glibc does not import (malloc.h).
    .systemLibrary(name: "CBenchSupport", path: "Modules/CBenchSupport"),
    // The figures both bench programs take and print (clocks, medians, formats).
    .target(name: "ClickGuardBenchSupport", dependencies: ["CBenchSupport"]),
    .executableTarget(
      name: "ClickGuardBench",
      dependencies: [
        "ClickGuard", "ClickGuardGtk", "ClickGuardRules", "ClickGuardGtkModule", "CGtk", "CBenchSupport",
        "ClickGuardBenchSupport", "ClickGuardSeededRandom",
      ],
      exclude: ["first-frame.c"]),
    // The GTK 4 layer's bench rows, which clickguard-bench runs: a process
    // of its own, since GTK 4 cannot share one with GTK 3.
    .executableTarget(
      name: "ClickGuardBenchGtk4",
      dependencies: ["ClickGuardGtk4", "CGtk4", "CBenchSupport", "ClickGuardBenchSupport"]),
    // The demo: a library (options, log, app, timeline) under a thin
    // executable. It starts without Foundation: what needs Foundation
    // (driving it from outside) is the showcase's.
    .target(
      name: "ClickGuardDemoKit",
      dependencies: ["ClickGuardAppSupport", "ClickGuard", "ClickGuardGtk", "ClickGuardGObject", "CGtk"]),
    .executableTarget(name: "ClickGuardDemo", dependencies: ["ClickGuardDemoKit"]),
    // The clickguard command: option parsing, log reports, rule suggestions
    // and the doctor's checks in a library, so tests reach them; the
    // executable only calls it. It imports FoundationEssentials (JSON), never
    // Foundation, whose ICU data (37 MB) the static build would carry.
    .target(
      name: "ClickGuardCommandKit",
      dependencies: ["ClickGuardAppSupport", "ClickGuardRules", "ClickGuardGtk", "ClickGuard", "CGtk"]),
    .executableTarget(name: "ClickGuardCommand", dependencies: ["ClickGuardCommandKit"]),
    // The settings window: a library (window, rules file edits, try-it pad),
    // so tests reach it, under a thin executable.
    .target(
      name: "ClickGuardSettingsKit",
      dependencies: [
        "ClickGuardAppSupport", "ClickGuardCommandKit", "ClickGuardCounts", "ClickGuardRules", "ClickGuardGtk",
        "ClickGuard", "CGtk", "CHandy",
      ]),
    .executableTarget(name: "ClickGuardSettings", dependencies: ["ClickGuardSettingsKit"]),
    .executableTarget(
      name: "ClickGuardManual", dependencies: ["ClickGuardCommandKit", "ClickGuardDemoKit", "ClickGuardSettingsKit"]),
    // libFuzzer's driver, declared for clickguard-fuzz's libFuzzer build.
    .systemLibrary(name: "CLibFuzzer", path: "Modules/CLibFuzzer"),
    .executableTarget(
      name: "ClickGuardFuzz",
      dependencies: [
        "ClickGuardCommandKit", "ClickGuardRules", "ClickGuardAppSupport", "ClickGuardGObject", "CGLib", "CLibFuzzer",
      ]),
    // The showcase: drives the built demo from outside (subprocess, xdotool,
    // its JSON log, timeline pictures from it); the demo's tests import it.
    .executableTarget(
      name: "ClickGuardShowcase",
      dependencies: ["ClickGuard", "ClickGuardAppSupport", "ClickGuardDemoKit", "ClickGuardGtk"]),
    // The harness the test targets share: GTK in the test process (main
    // loop, mapped windows, real X input, counted signals), child processes,
    // display checks, JSON-lines logs, and the fixture apps run with the
    // module and the built command (Fixtures). Only test targets depend on it.
    .target(
      name: "ClickGuardTestSupport", dependencies: ["ClickGuardGtk", "ClickGuard", "CGtk"],
      path: "Tests/ClickGuardTestSupport", exclude: ["Fixtures"]),
    // The GTK 4 layer's proof: one GTK 4 window per run with real input
    // (xdotool), in a process of its own, since the test bundle links GTK 3
    // (Gtk4LayerTests runs it).
    .executableTarget(
      name: "ClickGuardGtk4Proof", dependencies: ["ClickGuardGtk4", "CGtk4"], path: "Tests/ClickGuardGtk4Proof"),
    // The seeded generator the randomized tests and the benchmarks share.
    .target(name: "ClickGuardSeededRandom", path: "Tests/ClickGuardSeededRandom"),
    .testTarget(
      name: "ClickGuardTests", dependencies: ["ClickGuard", "ClickGuardSeededRandom", "ClickGuardTestSupport"]),
    .testTarget(
      name: "ClickGuardGtkTests", dependencies: ["ClickGuardGtk", "ClickGuard", "CGtk", "ClickGuardTestSupport"]),
    // The GTK 4 layer, run in processes of their own (ClickGuardGtk4Proof):
    // this target links no GTK 4.
    .testTarget(name: "ClickGuardGtk4Tests", dependencies: ["ClickGuardTestSupport"], exclude: ["Fixtures"]),
    .testTarget(
      name: "ClickGuardRulesTests",
      dependencies: ["ClickGuardRules", "ClickGuardGtk", "ClickGuard", "ClickGuardTestSupport"]),
    .testTarget(
      name: "ClickGuardGtkModuleTests",
      dependencies: [
        "ClickGuardGtkModule", "ClickGuardCounts", "ClickGuardRules", "ClickGuardGtk", "ClickGuard", "CGtk",
        "ClickGuardTestSupport",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ClickGuardDemoKitTests",
      dependencies: ["ClickGuardDemoKit", "ClickGuardShowcase", "ClickGuardAppSupport", "ClickGuardTestSupport"],
      exclude: ["Fixtures"]),
    // The command's tests: its library in the test process, and the built
    // command run as a process (with the module in fixture apps, and the
    // desktop's switch in real sessions).
    .testTarget(
      name: "ClickGuardCommandKitTests",
      dependencies: [
        "ClickGuardCommandKit", "ClickGuardAppSupport", "ClickGuardGtkModule", "ClickGuardRules",
        "ClickGuardTestSupport",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ClickGuardSettingsKitTests",
      dependencies: [
        "ClickGuardSettingsKit", "ClickGuardCommandKit", "ClickGuardAppSupport", "ClickGuardCounts", "ClickGuardGtk",
        "ClickGuardTestSupport",
      ],
      exclude: ["Fixtures"]),
    // make install and make deb, checked from outside: the installed files,
    // the manual pages, the .deb and lintian.
    .testTarget(name: "ClickGuardInstallTests", dependencies: ["ClickGuard", "ClickGuardTestSupport"]),
    // Builds every ```swift block of README.md, docs/ and the DocC articles
    // against this package (in a package of its own under
    // .build/readme-snippets), and runs `make docs`: no dependencies here.
    .testTarget(name: "ReadmeSnippetTests"),
  ],
  swiftLanguageModes: [.v6]
)
