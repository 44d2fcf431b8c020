// clickguard-manual: writes the manual pages and bash completions of the
// programs ClickGuard installs, rendered from the option tables those
// programs parse their command lines with, so none can drift from --help.
// Not installed: scripts/install.sh runs it from the build.
//
//   clickguard-manual clickguard.1 | clickguard-demo.1 | clickguard-settings.1 | clickguard.bash | clickguard-demo.bash

import ClickGuardCommandKit

#if canImport(Glibc)
  import Glibc
#endif

/// Every file it writes, by name.
let outputs: [(name: String, text: () -> String)] = [
  ("clickguard.1", { CommandManual.page.roff }), ("clickguard-demo.1", { DemoManual.page.roff }),
  ("clickguard-settings.1", { SettingsManual.page.roff }),
  ("clickguard.bash", { CompletionScript.clickguard.script }),
  ("clickguard-demo.bash", { DemoManual.completion.script }),
]

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let output = outputs.first(where: { $0.name == arguments.first }) else {
  let names = outputs.map(\.name).joined(separator: " | ")
  let usage = "usage: clickguard-manual \(names)\n(writes that file to standard output)\n"
  _ = usage.utf8CString.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
  exit(2)
}
print(output.text(), terminator: "")
