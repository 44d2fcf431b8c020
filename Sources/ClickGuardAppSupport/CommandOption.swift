// CommandOption: one option of a clickguard subcommand as data (name, value
// placeholder, help), from which GOptionParser builds GOption entries: the
// GTK layer's OptionEntry, which the demo's options are too.

import ClickGuardGtk

/// One long option of a `clickguard` subcommand.
package typealias CommandOption = OptionEntry
