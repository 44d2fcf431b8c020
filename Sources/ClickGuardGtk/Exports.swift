// `import ClickGuardGtk` is all an app writes: the core's types
// (ClickInterval, GroupKey, ClickDispatcher, …) appear in this module's API.
@_exported import ClickGuard
