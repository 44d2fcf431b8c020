// The C entry points of libclickguard-gtk-module.so: what GTK calls when the
// module is named in GTK3_MODULES (or GTK_MODULES, or --gtk-module=). The
// work itself is GtkModule.start(), in this target.

import CGtk
import ClickGuardGObject
import ClickGuardGtk

/// GModule's load hook: keeps the module loaded for the life of the process.
/// Swift code registers runtime metadata and GTK keeps pointers to the class
/// handler, so unloading it would leave both dangling. It also gives the host
/// its crash handling back (see ``HostCrashHandling``).
/// - Returns: `NULL`: loading may go on.
@_cdecl("g_module_check_init")
public func clickGuardModuleCheckInit(_ module: OpaquePointer?) -> UnsafePointer<CChar>? {
  HostCrashHandling.restore()
  if let module { g_module_make_resident(module) }
  return nil
}

/// GTK's module entry point, called once from `gtk_init` on GTK's thread
/// (with `*argc == 0`). Guards every button in the process; a second call,
/// or a second copy of the module, is harmless.
@_cdecl("gtk_module_init")
public func clickGuardGtkModuleInit(
  _ argc: UnsafeMutablePointer<Int32>?,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) {
  startOnGtkThread()
}

/// GTK's per-display hook, called when a display opens. Starting is
/// idempotent, so this only matters if `gtk_module_init` did not run.
@_cdecl("gtk_module_display_init")
public func clickGuardGtkModuleDisplayInit(_ display: OpaquePointer?) {
  startOnGtkThread()
}

/// Starts the module on the main thread; on any other thread it refuses
/// with one message in GLib's log (GTK belongs to the thread that called
/// `gtk_init`, and ClickGuard's state to the main actor).
private func startOnGtkThread() {
  guard cg_is_main_thread() != 0 else {
    cg_log_message(localized("GTK was initialized off the main thread; the module stays idle"))
    return
  }
  MainActor.assumeIsolated { _ = GtkModule.start() }
}
