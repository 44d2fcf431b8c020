// clickguard: the command's entry point. Everything else lives in
// ClickGuardCommandKit, so tests can import it.

import ClickGuardAppSupport
import ClickGuardCommandKit

#if canImport(Glibc)
  import Glibc
#endif

// The raw argv, byte for byte: CommandLine.arguments would have repaired
// bytes that are not UTF-8 into U+FFFD, changing paths and arguments.
let arguments = (0..<Int(CommandLine.argc)).compactMap { index in
  CommandLine.unsafeArgv[index].map { ByteString(cString: $0) }
}
exit(MainActor.assumeIsolated { ClickGuardTool.main(arguments) })
