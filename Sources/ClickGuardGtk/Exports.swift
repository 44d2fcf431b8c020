// The core's types (ClickInterval, ControlSettings, ClickDispatcher, …) are
// part of this module's API: `import ClickGuardGtk` alone is enough.
@_exported import ClickGuard
