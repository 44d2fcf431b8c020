// The core's types (ClickInterval, ControlSettings, ClickDispatcher, …) and
// the toolkit-neutral ones both GTK layers share (TicketHold,
// ActionConnection, ControlError) are part of this module's API:
// `import ClickGuardGtk4` alone is enough.
@_exported import ClickGuard
@_exported import ClickGuardGObject
