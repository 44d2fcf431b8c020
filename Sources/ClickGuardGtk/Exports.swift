// The core's types (ClickInterval, ControlSettings, ClickDispatcher, …) are
// part of this module's API: `import ClickGuardGtk` alone is enough.
@_exported import ClickGuard
// The toolkit-neutral GLib/GObject support (signals, closures, main loop,
// file names) the GTK layer is written on.
@_exported import ClickGuardGObject
