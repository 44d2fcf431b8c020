// DoctorFacts.Display: the display GDK opens for `clickguard doctor` — its
// name and backend (X11, Wayland) — and where GTK on it takes its settings
// (gtk-modules among them) from: XSETTINGS on X11; on Wayland the
// org.gtk.Settings D-Bus service (gsd-xsettings) when it runs, else the
// settings.ini files alone.

import CGtk
import ClickGuardGObject

extension DoctorFacts {
  /// The display GDK opened, and the settings source GTK uses on it.
  package struct Display: Equatable, Sendable {
    /// A GDK backend.
    package enum Backend: String, Sendable {
      case x11 = "X11"
      case wayland = "Wayland"
      case other = "neither X11 nor Wayland"

      /// Its name, or for another backend what it is not, in the reader's
      /// language.
      package var words: String {
        self == .other ? localized("neither X11 nor Wayland") : rawValue
      }
    }

    /// The D-Bus service GTK on Wayland reads its settings from.
    package static let settingsService = "org.gtk.Settings"

    /// `gdk_display_get_name` (`:0`, `wayland-0`).
    package var name: String
    /// Which backend it is.
    package var backend: Backend
    /// On Wayland, whether ``settingsService`` has an owner on the session
    /// bus; `nil` elsewhere, or when there is no session bus to ask.
    package var hasSettingsService: Bool?

    /// A display fact.
    package init(name: String, backend: Backend, hasSettingsService: Bool? = nil) {
      self.name = name
      self.backend = backend
      self.hasSettingsService = hasSettingsService
    }

    /// The display `display` as GDK opened it.
    static func of(_ display: OpaquePointer) -> Display {
      let name = gdk_display_get_name(display).map { String(cString: $0) } ?? "?"
      if cg_display_is_wayland(display) != 0 {
        let owner = cg_session_bus_has_owner(settingsService)
        return Display(name: name, backend: .wayland, hasSettingsService: owner < 0 ? nil : owner == 1)
      }
      return Display(name: name, backend: cg_display_is_x11(display) != 0 ? .x11 : .other)
    }

    /// Where GTK on this display takes `gtk-modules` and its other settings
    /// from, besides the settings.ini files, in the reader's language.
    package var settingsSource: String {
      let source =
        switch backend {
        case .x11:
          localized("XSETTINGS (a settings daemon: gsd-xsettings, xsettingsd), over the settings.ini files")
        case .wayland:
          switch hasSettingsService {
          case true?:
            localized("the {service} D-Bus service (gsd-xsettings) on the session bus, over the settings.ini files")
          case false?:
            localized("the settings.ini files only: no {service} D-Bus service on the session bus")
          case nil:
            localized("the settings.ini files only: no session bus to find the {service} D-Bus service on")
          }
        case .other:
          localized("the settings.ini files")
        }
      return source.filling(["service": Self.settingsService])
    }

    /// What the display's own `gtk-modules` comes from, for the report, in
    /// the reader's language.
    package var modulesOrigin: String {
      backend == .wayland
        ? localized("the {service} service's Modules, over the files").filling(["service": Self.settingsService])
        : localized("a settings daemon's XSETTINGS, over the files")
    }
  }
}
