// WidgetPointer: how ClickGuard's public API names a GTK widget.

import CGtk

/// A pointer to any GTK widget, as the C API hands it out.
public typealias WidgetPointer = UnsafeMutablePointer<GtkWidget>
