import CGtk

/// Runs the setup of a GTK class (overriding its class handlers, hooking its
/// signals) once GTK has initialised that class, instead of initialising it
/// up front.
///
/// A module loaded into every app would otherwise initialise GtkTreeView,
/// GtkIconView, GtkListBox, GtkFlowBox, GtkMenuItem and GtkSwitch in apps
/// that have none of them, which costs each app memory at start-up. The
/// setup must still run before any instance can be activated by input: a
/// widget is put into a window (`parent-set`) before it can be mapped, take
/// the focus or be clicked, and a menu item's accelerator acts only on an
/// item inside a menu. So an emission hook on GtkWidget's `parent-set`,
/// which runs before anything of the emission, sets up every class GTK has
/// initialised since, and removes itself once nothing is left to set up.
/// A class initialised already is set up at once.
@MainActor
final class ClassSetupQueue {
  /// A class waiting for GTK to initialise it.
  private struct Pending {
    var typeName: String
    var setup: @MainActor (GType) -> Void
  }

  private var pending: [Pending] = []

  /// Runs `setup` with the class's type as soon as the class named
  /// `typeName` (a GType name such as `GtkTreeView`) is initialised: now if
  /// it is, else before its first instance is put into a container.
  func whenInitialized(_ typeName: String, setup: @escaping @MainActor (GType) -> Void) {
    if let type = Self.initializedType(named: typeName) {
      setup(type)
      return
    }
    // The hook is in place while anything waits.
    let isHooked = !pending.isEmpty
    pending.append(Pending(typeName: typeName, setup: setup))
    guard !isHooked else { return }
    g_type_class_unref(g_type_class_ref(gtk_widget_get_type()))
    EmissionHook.add("parent-set", on: gtk_widget_get_type()) { [unowned self] _ in setUpInitialized() }
  }

  /// Sets up the classes initialised since the last call.
  /// - Returns: whether any are still waiting (the hook stays).
  private func setUpInitialized() -> Bool {
    var waiting: [Pending] = []
    var ready: [(Pending, GType)] = []
    for entry in pending {
      if let type = Self.initializedType(named: entry.typeName) {
        ready.append((entry, type))
      } else {
        waiting.append(entry)
      }
    }
    pending = waiting
    for (entry, type) in ready { entry.setup(type) }
    return !pending.isEmpty
  }

  /// The type named `name` if it is registered and its class initialised;
  /// looking does neither.
  private static func initializedType(named name: String) -> GType? {
    let type = g_type_from_name(name)
    guard type != 0, g_type_class_peek(type) != nil else { return nil }
    return type
  }
}
