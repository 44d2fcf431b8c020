// swift-tools-version:6.0
// ClickGuard: stop repeated clicks from firing the same action twice, in
// Swift and GTK 3 on Linux.
import PackageDescription

let package = Package(
  name: "ClickGuard",
  products: [
    .library(name: "ClickGuard", targets: ["ClickGuard"]),
    .library(name: "ClickGuardGtk", targets: ["ClickGuardGtk"]),
  ],
  targets: [
    .systemLibrary(
      name: "CGtk", path: "Modules/CGtk", pkgConfig: "gtk+-3.0",
      providers: [.apt(["libgtk-3-dev"])]),
    .target(name: "ClickGuard"),
    .target(name: "ClickGuardGtk", dependencies: ["ClickGuard", "CGtk"]),
    .testTarget(name: "ClickGuardTests", dependencies: ["ClickGuard"]),
    .testTarget(name: "ClickGuardGtkTests", dependencies: ["ClickGuardGtk", "ClickGuard", "CGtk"]),
  ],
  swiftLanguageModes: [.v6]
)
