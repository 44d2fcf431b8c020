// ControlRegistry: the demo's named widgets — wrapped page controls with
// their dispatcher identities, and panel widgets — for log names, the layout
// line and the per-control settings.

import CGtk
import ClickGuard
import ClickGuardGtk

/// Knows every named widget of the demo.
@MainActor
final class ControlRegistry {
  /// Every named widget, in registration order (the layout line's order).
  private(set) var widgets: [NamedWidget] = []
  private var namesByID: [ControlID: String] = [:]
  private var tunable: [String: [Control]] = [:]
  private var templates: [String: ControlSettings] = [:]

  /// Registers a wrapped control under `name`; `tuneAs` groups controls the
  /// panel tunes together (every details page's button).
  func register(_ control: Control, _ widget: DemoWidget, tuneAs: String? = nil) {
    register(
      control, name: widget.name, accessibleName: widget.localizedAccessibleName, area: widget.area, tuneAs: tuneAs)
  }

  /// Registers a wrapped control; `accessibleName` is in the reader's
  /// language.
  func register(_ control: Control, name: String, accessibleName: String, area: String, tuneAs: String? = nil) {
    control.setAccessibleName(accessibleName)
    gtk_widget_set_name(control.widget, name)
    widgets.append(NamedWidget(name: name, area: area, widget: control.widget))
    namesByID[control.id] = name
    let key = tuneAs ?? name
    if let template = templates[key] { control.settings = template }
    tunable[key, default: []].append(control)
  }

  /// Registers a plain widget (the panel's).
  func register(widget: WidgetPointer, _ named: DemoWidget) {
    setAccessibleName(widget, named.localizedAccessibleName)
    widgets.append(NamedWidget(name: named.name, area: named.area, widget: widget))
  }

  /// The name of the control `id`, or its address when unknown.
  func name(of id: ControlID) -> String {
    namesByID[id] ?? id.description
  }

  /// The settings of the tunable control (or group) `name`.
  func settings(of name: String) -> ControlSettings {
    templates[name] ?? tunable[name]?.first?.settings ?? ControlSettings()
  }

  /// Sets the settings of the tunable control (or group) `name`, including
  /// members registered later.
  func setSettings(_ settings: ControlSettings, of name: String) {
    templates[name] = settings
    for control in tunable[name] ?? [] { control.settings = settings }
  }
}
