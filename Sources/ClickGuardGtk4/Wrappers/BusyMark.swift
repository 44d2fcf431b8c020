import CGtk4
import ClickGuard

/// A control shown busy while its async action runs: the style class
/// ``styleClass`` and the accessible busy state, both cleared by
/// ``clear()`` or when the longest busy time passes (the gate reopens then
/// too, so the control never looks busy while it takes clicks). Holds a
/// weak reference: a widget gone meanwhile is left alone.
@MainActor
final class BusyMark {
  /// The style class a busy control carries, for themes to style.
  static let styleClass = "clickguard-busy"
  /// The widget's type, for messages after it may be gone.
  let typeName: String
  private var weak = GWeakRef()
  /// The timeout that clears the mark at the longest busy time.
  private var capTimeout: UInt32 = 0

  /// Marks `widget` busy for at most `longest`.
  init(on widget: WidgetPointer, atMost longest: ClickInterval) {
    typeName = swiftString(g_type_name(cg_type_of(widget))) ?? "widget"
    g_weak_ref_init(&weak, widget)
    gtk_widget_add_css_class(widget, Self.styleClass)
    cg4_set_accessible_busy(widget, 1)
    let milliseconds = Int(longest.duration / .milliseconds(1))
    capTimeout = MainLoop.after(ms: milliseconds) { [weak self] in
      self?.capTimeout = 0
      self?.clear()
    }
  }

  /// The action ended, or may no longer hold the control: it looks and
  /// reads idle again.
  func clear() {
    MainLoop.remove(capTimeout)
    capTimeout = 0
    guard let object = g_weak_ref_get(&weak) else { return }
    defer { g_object_unref(object) }
    let widget = object.assumingMemoryBound(to: GtkWidget.self)
    gtk_widget_remove_css_class(widget, Self.styleClass)
    cg4_set_accessible_busy(widget, 0)
  }

  isolated deinit {
    g_weak_ref_clear(&weak)
  }
}
