// XfconfSwitch: Xfce's gtk-modules. xfsettingsd publishes the xfconf
// property /Gtk/Modules of channel xsettings over XSETTINGS (over
// settings.ini) and follows its changes, so running GTK 3 apps see them.
// The property is read and written through xfconfd's D-Bus interface
// (org.xfce.Xfconf on the session bus), with GIO: no xfconf-query to run.

import CGtk
import ClickGuardGtk

/// Xfce's `gtk-modules`: the xfconf property `/Gtk/Modules` of channel
/// `xsettings`, a string of module names separated by `:`, as GTK reads it.
final class XfconfSwitch {
  /// xfconf's channel for xfsettingsd's XSETTINGS.
  static let channel = "xsettings"
  /// The property xfsettingsd publishes as `Gtk/Modules`.
  static let property = "/Gtk/Modules"
  /// How messages name the property.
  static let displayName = "xfconf \(channel) \(property)"

  private let bus: OpaquePointer

  /// A change that could not be made, worded for the user.
  struct Failure: Error {
    let message: String
  }

  /// The switch on the session bus (D-Bus starts xfconfd if need be);
  /// `nil` without a session bus.
  static func session() -> XfconfSwitch? {
    g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil).map(XfconfSwitch.init(bus:))
  }

  private init(bus: OpaquePointer) {
    self.bus = bus
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(bus))
  }

  /// The property's value; `nil` when it is not set.
  func modules() throws(Failure) -> String? {
    let exists = try call("PropertyExists", [])
    defer { g_variant_unref(exists) }
    let flag = g_variant_get_child_value(exists, 0)
    defer { g_variant_unref(flag) }
    guard g_variant_get_boolean(flag) != 0 else { return nil }
    let reply = try call("GetProperty", [])
    defer { g_variant_unref(reply) }
    let boxed = g_variant_get_child_value(reply, 0)
    defer { g_variant_unref(boxed) }
    let value = g_variant_get_variant(boxed)
    defer { g_variant_unref(value) }
    guard String(cString: g_variant_get_type_string(value)) == "s" else {
      throw Failure(
        message: localized("{property} is not a string; GTK takes a string of module names").filling([
          "property": Self.displayName
        ]))
    }
    return String(cString: g_variant_get_string(value, nil))
  }

  /// Adds `clickguard` after the modules listed (creating the property
  /// when it is not set). Returns the value before (`nil`: not set) and
  /// after, or `nil` when ClickGuard was listed already.
  func enable() throws(Failure) -> (before: String?, after: String)? {
    let before = try modules()
    guard let after = GtkModuleList.addingClickGuard(to: before) else { return nil }
    g_variant_unref(try call("SetProperty", [g_variant_new_variant(g_variant_new_string(after))]))
    return (before, after)
  }

  /// Removes every ClickGuard entry; the property too when nothing else is
  /// listed. Returns the value before and after (`nil`: removed), or `nil`
  /// when ClickGuard was not listed.
  func disable() throws(Failure) -> (before: String, after: String?)? {
    guard let before = try modules(), let after = GtkModuleList.removingClickGuard(from: before) else { return nil }
    if let rest = after {
      g_variant_unref(try call("SetProperty", [g_variant_new_variant(g_variant_new_string(rest))]))
    } else {
      g_variant_unref(try call("ResetProperty", [g_variant_new_boolean(0)]))
    }
    return (before, after)
  }

  /// Calls `method` of org.xfce.Xfconf with the channel, the property and
  /// `arguments` (floating, consumed), within 5 s; the reply.
  private func call(_ method: String, _ arguments: [OpaquePointer?]) throws(Failure) -> OpaquePointer {
    var children: [OpaquePointer?] =
      [g_variant_new_string(Self.channel), g_variant_new_string(Self.property)] + arguments
    let parameters = children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
    var error: UnsafeMutablePointer<GError>?
    let reply = g_dbus_connection_call_sync(
      bus, "org.xfce.Xfconf", "/org/xfce/Xfconf", "org.xfce.Xfconf", method, parameters, nil,
      G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error)
    guard let reply else {
      let reason = messageTaking(&error, or: localized("no answer"))
      let message =
        method == "GetProperty"
        ? localized("cannot read {property}: {reason}") : localized("cannot change {property}: {reason}")
      throw Failure(message: message.filling(["property": Self.displayName, "reason": reason]))
    }
    return reply
  }
}
