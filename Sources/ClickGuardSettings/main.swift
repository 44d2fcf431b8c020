// clickguard-settings: ClickGuard's settings window (io.github.clickguard.Settings).
// Everything is in ClickGuardSettingsKit, where the tests reach it.

import ClickGuardSettingsKit

#if canImport(Glibc)
  import Glibc
#endif

exit(MainActor.assumeIsolated { SettingsApplication.main() })
