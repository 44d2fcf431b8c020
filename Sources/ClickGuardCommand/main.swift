// clickguard: the command's entry point. Everything else lives in
// ClickGuardCommandKit, so tests can import it.

import ClickGuardCommandKit

#if canImport(Glibc)
  import Glibc
#endif

exit(MainActor.assumeIsolated { ClickGuardTool.main(CommandLine.arguments) })
