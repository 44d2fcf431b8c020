import CGtk4

/// A pointer to any GTK 4 widget, as the C API hands it out.
public typealias WidgetPointer = UnsafeMutablePointer<GtkWidget>
