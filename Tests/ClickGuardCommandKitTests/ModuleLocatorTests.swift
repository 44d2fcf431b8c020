// ModuleLocatorTests: `clickguard run` finds the module in the contract's
// order, refuses a $CLICKGUARD_MODULE that does not exist, and lists the
// places it looked when nothing is found. GtkModuleList keeps the entries
// already in GTK3_MODULES and drops other ClickGuard modules.

import ClickGuardAppSupport
import ClickGuardCommandKit
import Testing

@Suite struct ModuleLocatorTests {
  private let bin = "/opt/cg/bin"

  @Test func thePlacesComeInTheContractsOrder() {
    let locator = ModuleLocator(
      environment: ["CLICKGUARD_MODULE": "/x/m.so"], executableDirectory: bin, multiarch: "x86_64-linux-gnu")
    #expect(
      locator.candidates.map(\.path) == [
        "/x/m.so", "/opt/cg/bin/libclickguard-gtk-module.so",
        "/opt/cg/lib/x86_64-linux-gnu/gtk-3.0/modules/libclickguard.so", "/opt/cg/lib/gtk-3.0/modules/libclickguard.so",
      ])
  }

  @Test func theFirstExistingPlaceWins() throws {
    let locator = ModuleLocator(environment: [:], executableDirectory: bin, multiarch: "x86_64-linux-gnu")
    let installed: Set = [
      "/opt/cg/lib/gtk-3.0/modules/libclickguard.so", "/opt/cg/lib/x86_64-linux-gnu/gtk-3.0/modules/libclickguard.so",
    ]
    #expect(
      try locator.module { installed.contains($0) } == "/opt/cg/lib/x86_64-linux-gnu/gtk-3.0/modules/libclickguard.so")
    #expect(
      try locator.module { $0.hasSuffix("bin/libclickguard-gtk-module.so") }
        == "/opt/cg/bin/libclickguard-gtk-module.so")
  }

  @Test func aMissingNamedModuleIsAnErrorNotSkipped() {
    let locator = ModuleLocator(environment: ["CLICKGUARD_MODULE": "/nope.so"], executableDirectory: bin)
    #expect(throws: CommandFailure.self) { try locator.module { $0 != "/nope.so" } }
  }

  @Test func nothingFoundListsEveryPlace() {
    let locator = ModuleLocator(environment: [:], executableDirectory: bin)
    do {
      _ = try locator.module { _ in false }
      Issue.record("found a module where there is none")
    } catch {
      #expect(error.status == ExitStatus.failure)
      for candidate in locator.candidates { #expect(error.message.contains(candidate.path)) }
    }
  }

  @Test func existingModulesAreKeptAfterOursAndOtherClickGuardsDropped() {
    let list = GtkModuleList("canberra-gtk-module:clickguard::/usr/lib/gtk-3.0/modules/libclickguard.so:/b/libfoo.so")
    #expect(list.hasClickGuard)
    #expect(
      list.leading(with: "/build/libclickguard-gtk-module.so").value
        == "/build/libclickguard-gtk-module.so:canberra-gtk-module:/b/libfoo.so")
    #expect(GtkModuleList(nil).leading(with: "/m.so").value == "/m.so")
    #expect(!GtkModuleList("canberra-gtk-module").hasClickGuard)
  }
}
