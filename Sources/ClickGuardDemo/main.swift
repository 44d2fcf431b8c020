// clickguard-demo: the desktop demo's entry point. Everything else lives in
// ClickGuardDemoKit, so tests can import it.

import ClickGuardDemoKit

#if canImport(Glibc)
  import Glibc
#endif

exit(MainActor.assumeIsolated { DemoApplication.main() })
