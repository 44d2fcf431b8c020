// UIBuilder: loads one GtkBuilder .ui file from the resources folder and
// hands out its widgets by id, with errors that name the file and the id.
// Its translatable texts come from the clickguard gettext domain.

import CGtk
import ClickGuardGObject
import ClickGuardGtk

/// The demo could not start; ``status`` is the exit status to use.
package struct DemoStartError: Error, CustomStringConvertible {
  /// What went wrong, in the reader's language.
  package let description: String
  /// The exit status (see ``DemoExitStatus``).
  package let status: Int32

  init(_ description: String, status: Int32 = DemoExitStatus.failure) {
    self.description = description
    self.status = status
  }
}

/// One loaded .ui file. Keeps the GtkBuilder (and so its objects) alive.
@MainActor
final class UIBuilder {
  private let builder: UnsafeMutablePointer<GtkBuilder>
  private let file: String

  /// Loads `name` from `resources`, its `translatable="yes"` texts in the
  /// reader's language.
  /// - Throws: ``DemoStartError`` with GtkBuilder's message.
  init(resources: String, name: String) throws(DemoStartError) {
    file = resources + "/" + name
    builder = gtk_builder_new()
    Translations.bind()
    gtk_builder_set_translation_domain(builder, Translations.domain)
    var error: UnsafeMutablePointer<GError>?
    if gtk_builder_add_from_file(builder, file, &error) == 0 {
      let message = messageTaking(&error)
      g_object_unref(builder.raw)
      throw DemoStartError(localized("cannot load {file}: {message}").filling(["file": file, "message": message]))
    }
  }

  isolated deinit {
    g_object_unref(builder.raw)
  }

  /// The object with `id`.
  /// - Throws: ``DemoStartError`` naming the file and id.
  func object(_ id: String) throws(DemoStartError) -> gpointer {
    guard let object = gtk_builder_get_object(builder, id) else {
      throw DemoStartError(localized("{file} has no object with id '{id}'").filling(["file": file, "id": id]))
    }
    return UnsafeMutableRawPointer(object)
  }

  /// The widget with `id`; its widget name is set to `id` too (for CSS).
  /// - Throws: ``DemoStartError`` when it is missing or not a widget.
  func widget(_ id: String) throws(DemoStartError) -> WidgetPointer {
    let object = try object(id)
    guard GObjectType.isA(object, gtk_widget_get_type()) else {
      throw DemoStartError(localized("{file}: '{id}' is not a widget").filling(["file": file, "id": id]))
    }
    let widget = object.assumingMemoryBound(to: GtkWidget.self)
    gtk_widget_set_name(widget, id)
    return widget
  }
}
