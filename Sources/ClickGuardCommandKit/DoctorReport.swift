// DoctorReport: `clickguard doctor`'s text, from DoctorFacts: GTK, the
// module `clickguard run` uses, the module GTK loads by name, whether
// ClickGuard is switched on for every app, and the settings in force with
// where each came from. Ends with the problems found, if any.

import ClickGuardAppSupport
import ClickGuardGObject
import ClickGuardRules

/// The doctor's findings as text, and the problems among them.
package struct DoctorReport: Sendable {
  /// The text, section by section.
  package private(set) var lines: [String] = []
  /// The problems found, one line each (empty: none).
  package private(set) var problems: [String] = []

  /// Examines `facts`, describing the settings of `program` (`nil`: a
  /// program without a group of its own) and, when given, which GTK the
  /// program's file links (`toolkit`: the name asked about, the toolkit
  /// and the file looked at).
  package init(
    _ facts: DoctorFacts, program: String?,
    toolkit: (name: String, found: (toolkit: ProgramToolkit, path: ByteString?))? = nil
  ) {
    gtk(facts)
    if let toolkit { self.toolkit(of: toolkit.name, toolkit.found.toolkit, at: toolkit.found.path) }
    display(facts)
    let runModule = moduleForRun(facts)
    let byName = moduleByName(facts)
    if runModule == nil && byName == nil {
      problems.append(localized("no ClickGuard module found: install it (make install) or set CLICKGUARD_MODULE"))
    }
    switchedOn(facts, byName: byName)
    settings(facts.settings(program), program: program, logFile: facts.logFile)
    lines.append("")
    if problems.isEmpty {
      lines.append(localized("No problems found."))
    } else {
      lines.append(localized("Problems:"))
      lines += problems.map { "  - " + $0 }
    }
  }

  /// The text as printed.
  package var text: String { lines.joined(separator: "\n") + "\n" }

  /// The program's toolkit: a GTK 4 program is a problem nothing here
  /// can solve, and says so.
  private mutating func toolkit(of name: String, _ toolkit: ProgramToolkit, at path: ByteString?) {
    section(localized("The program '{program}'").filling(["program": name]))
    guard let path else {
      lines.append(localized("  not found in PATH: which GTK it uses is not checked"))
      return
    }
    let file: KeyValuePairs = ["file": path.displayName]
    switch toolkit {
    case .gtk4:
      lines.append(localized("  {file} links libgtk-4.so.1: a GTK 4 program").filling(file))
      problems.append(ProgramToolkit.gtk4Warning(path))
    case .gtk3:
      lines.append(localized("  {file} links libgtk-3.so.0: a GTK 3 program, which ClickGuard covers").filling(file))
    case .neither:
      lines.append(
        localized(
          "  {file} links neither libgtk-3.so.0 nor libgtk-4.so.1 itself (a GTK 3 app that has a library of its own link GTK is covered)"
        ).filling(file))
    case .unknown:
      lines.append(
        localized("  {file} is not an ELF program (a script, a device): which GTK it uses is not checked").filling(file)
      )
    }
  }

  private mutating func section(_ title: String) {
    if !lines.isEmpty { lines.append("") }
    lines.append(title)
  }

  private mutating func gtk(_ facts: DoctorFacts) {
    section("GTK")
    lines.append(
      localized("  GTK {gtk}, GLib {glib} (the libraries this process runs with)").filling([
        "gtk": facts.gtkVersion, "glib": facts.glibVersion,
      ]))
    let directory = facts.gtkLibraryDirectory
    lines.append(
      (directory.measured
        ? localized("  GTK's library directory: {path} (where libgtk-3.so.0 is loaded from)")
        : localized("  GTK's library directory: {path} (a guess: libgtk-3.so.0 not seen mapped)"))
        .filling(["path": directory.path]))
  }

  /// Which backend GDK picks here (the variables that choose it, the
  /// display it opened) and where GTK on it takes its settings from.
  private mutating func display(_ facts: DoctorFacts) {
    section(localized("Display"))
    let variables = ["GDK_BACKEND", "WAYLAND_DISPLAY", "DISPLAY"].map { name in
      facts.environment[name].map { "\(name)=\($0)" } ?? localized("{variable} not set").filling(["variable": name])
    }
    lines.append("  " + variables.joined(separator: ", "))
    guard let display = facts.display else {
      lines.append(localized("  GDK opens no display here: GTK apps started from here cannot show a window"))
      return
    }
    lines.append(
      localized("  GDK opens {display}: {backend}").filling([
        "display": display.name, "backend": display.backend.words,
      ]))
    lines.append(
      localized("  GTK's settings there (gtk-modules among them) come from {source}").filling([
        "source": display.settingsSource
      ]))
  }

  /// The module `clickguard run` loads, or `nil`.
  private mutating func moduleForRun(_ facts: DoctorFacts) -> String? {
    section(localized("Module for 'clickguard run' (first found wins)"))
    let locator = ModuleLocator(environment: facts.environment, executableDirectory: facts.executableDirectory)
    for candidate in locator.candidates {
      lines.append(
        (facts.exists(candidate.path)
          ? localized("  found     {path} ({origin})") : localized("  not found {path} ({origin})"))
          .filling(["path": candidate.path, "origin": candidate.origin]))
    }
    do {
      let module = try locator.module(exists: facts.exists)
      lines.append(localized("  clickguard run loads {module}").filling(["module": module]))
      return module
    } catch {
      lines.append(
        localized("  clickguard run finds no module: {reason}").filling([
          "reason": error.message.split(separator: "\n").first.map(String.init) ?? ""
        ]))
      return nil
    }
  }

  /// The file GTK loads for `clickguard`, or `nil`.
  private mutating func moduleByName(_ facts: DoctorFacts) -> String? {
    section(localized("Module by name (GTK3_MODULES=clickguard, gtk-modules=clickguard)"))
    let search = GtkModuleSearch(
      gtkPath: facts.environment["GTK_PATH"], exePrefix: facts.environment["GTK_EXE_PREFIX"],
      libraryDirectory: facts.gtkLibraryDirectory.path)
    lines.append(localized("  GTK 3 looks for libclickguard.so (then .la) in, in order:"))
    lines += search.directories.map { "    " + $0 }
    if let found = search.find("clickguard", exists: facts.exists) {
      lines.append(localized("  GTK would load {path}").filling(["path": found]))
      return found
    }
    lines.append(
      localized(
        "  Not in GTK's module directories: GTK would try libclickguard.so on the system library path, and fail unless it is there. Install the module (make install) or add its prefix's lib/gtk-3.0 to GTK_PATH."
      ))
    return nil
  }

  private mutating func switchedOn(_ facts: DoctorFacts, byName: String?) {
    section(localized("Switched on for every app?"))
    var sources: [(name: String, list: GtkModuleList)] = []
    for variable in ["GTK3_MODULES", "GTK_MODULES"] {
      guard let value = facts.environment[variable], !value.isEmpty else {
        lines.append(localized("  {variable}: not set").filling(["variable": variable]))
        continue
      }
      let list = GtkModuleList(ByteString(value))
      lines.append("  \(variable)=\(value): " + Self.verdict(list))
      sources.append((variable, list))
    }
    let files = GtkSettingsFiles(
      prefix: GtkSettingsFiles.prefix(libraryDirectory: facts.gtkLibraryDirectory.path),
      configDirectories: facts.systemConfigDirectories, userConfigDirectory: facts.userConfigDirectory)
    lines.append(localized("  settings.ini files GTK reads (a later file's gtk-modules overrides an earlier one's):"))
    var values: [String: String?] = [:]
    for path in files.paths {
      let exists = facts.exists(path)
      let value = exists ? facts.gtkModulesSetting(path) : nil
      values[path] = value
      lines.append(
        "    \(path): "
          + (!exists
            ? localized("no file") : value.map { "gtk-modules=\($0)" } ?? localized("does not set gtk-modules")))
    }
    var fileList: GtkModuleList?
    var filePath = ""
    if let (path, value) = files.inForce(values) {
      let list = GtkModuleList(ByteString(value))
      lines.append(
        localized("  gtk-modules in force: {value} (from {file}): {verdict}").filling([
          "value": value, "file": path, "verdict": Self.verdict(list),
        ]))
      fileList = list
      filePath = path
    }
    // The display's gtk-modules (XSETTINGS, org.gtk.Settings), when it sets
    // one, wins over the files; GTK3_MODULES and GTK_MODULES load besides.
    var displayList: GtkModuleList?
    if let (display, value) = facts.displayModules {
      let list = GtkModuleList(value.map { ByteString($0) })
      lines.append(
        value.map {
          localized("  display {display}: gtk-modules={value} ({origin}): {verdict}").filling([
            "display": display, "value": $0,
            "origin": facts.display?.modulesOrigin ?? localized("a settings daemon's XSETTINGS, over the files"),
            "verdict": Self.verdict(list),
          ])
        } ?? localized("  display {display}: sets no gtk-modules").filling(["display": display]))
      if value != nil { displayList = list }
    } else {
      lines.append(localized("  no display to ask for its gtk-modules (XSETTINGS on X11, org.gtk.Settings on Wayland)"))
    }
    if let displayList {
      sources.append((localized("the display's gtk-modules"), displayList))
      if fileList?.hasClickGuard == true && !displayList.hasClickGuard {
        lines.append(
          localized("  {file} names ClickGuard, but the display's gtk-modules wins over the files: it is not in force")
            .filling(["file": filePath]))
      }
    } else if let fileList {
      sources.append(("gtk-modules", fileList))
    }
    let on = sources.filter { $0.list.hasClickGuard }
    guard !on.isEmpty else {
      lines.append(
        localized(
          "  ClickGuard is not in force for GTK 3 apps started from here: 'clickguard enable' switches it on, 'clickguard run APP' runs one app with it."
        ))
      problems.append(
        displayList != nil
          ? localized(
            "ClickGuard is not in force for GTK 3 apps started from here (the display's gtk-modules, which wins over settings.ini, does not name it): run 'clickguard enable'"
          )
          : localized("ClickGuard is not in force for GTK 3 apps started from here: run 'clickguard enable'"))
      return
    }
    let names = on.map(\.name).dropFirst().reduce(on[0].name) {
      localized("{earlier} and {last}").filling(["earlier": $0, "last": $1])
    }
    lines.append(
      localized("  ClickGuard is switched on by {switches} for apps started from here.").filling(["switches": names]))
    for (name, list) in on {
      for entry in list.entries where GtkModuleList.isClickGuard(entry) {
        if entry.hasPrefix("/") {
          let path = entry.displayName
          if !facts.exists(path) {
            problems.append(
              localized("{switch} names {file}, which does not exist").filling(["switch": name, "file": path]))
          }
        } else if byName == nil {
          problems.append(
            localized("{switch} loads '{module}' by name, but GTK cannot find libclickguard.so").filling([
              "switch": name, "module": entry.displayName,
            ]))
        }
      }
    }
    let count = on.reduce(0) { $0 + $1.list.entries.filter(GtkModuleList.isClickGuard).count }
    if count > 1 {
      problems.append(
        localized(
          "ClickGuard is named {count} times ({switches}): if they are different files, both load and guard twice"
        )
        .filling(["count": String(count), "switches": on.map(\.name).joined(separator: ", ")]))
    }
  }

  private mutating func settings(_ inForce: SettingsInForce, program: String?, logFile: DoctorFacts.LogFile?) {
    section(
      program.map { localized("Settings in force for the program '{program}'").filling(["program": $0]) }
        ?? localized("Settings in force for a program without a group of its own (--program NAME for one)"))
    let file = inForce.file
    let status =
      switch file.status {
      case .missing: localized("no file")
      case .loaded: localized("read")
      case .unusable: localized("cannot be used")
      }
    lines.append(
      (file.location.isExplicit
        ? localized("  rules file: {file} ({status}, named by {variable})")
        : localized("  rules file: {file} ({status})"))
        .filling(["file": file.location.path, "status": status, "variable": RulesFileLocation.variable]))
    let width = inForce.entries.map { "\($0.key) = \($0.value)".count }.max() ?? 0
    for entry in inForce.entries {
      lines.append("  " + "\(entry.key) = \(entry.value)".padded(to: width) + "  (\(entry.origin))")
    }
    let module = inForce.environment
    if let log = module.log {
      let target =
        switch log {
        case .standardError: localized("standard error")
        case .file(let name): logFile?.name ?? name.displayName
        }
      lines.append(
        localized("  decision log: {target} ({variable})").filling([
          "target": target, "variable": ModuleConfiguration.logVariable,
        ]))
      if let problem = logFile?.problem {
        lines.append("    " + problem)
        problems.append(problem)
      }
    } else {
      lines.append(
        localized("  decision log: none ({variable} not set)").filling(["variable": ModuleConfiguration.logVariable]))
    }
    if module.stallAfterClick > .zero {
      lines.append(
        localized("  stall after each click: {ms} ms ({variable})").filling([
          "ms": String(module.stallAfterClick.milliseconds), "variable": ModuleConfiguration.stallVariable,
        ]))
    }
    if module.periodicStall > .zero {
      lines.append(
        localized("  periodic stall: {ms} ms every {every} ms ({variable})").filling([
          "ms": String(module.periodicStall.milliseconds), "every": String(module.periodicEvery.milliseconds),
          "variable": ModuleConfiguration.periodicStallVariable,
        ]))
    }
    let rules = inForce.widgetRules.anyProgram + inForce.widgetRules.thisProgram
    if rules.isEmpty {
      lines.append(localized("  widget rules: none"))
    } else {
      lines.append(localized("  widget rules that apply here (a program's own over '*'):"))
      for rule in rules { lines.append("    [\(rule.groupName)] " + Self.describe(rule.values)) }
    }
    let warnings = inForce.warnings
    if !warnings.isEmpty {
      lines.append(
        localized("  warnings (the module prints the first 10 too, and uses the defaults for those values):"))
      lines += warnings.map { "    " + $0 }
      problems += warnings
    }
  }

  /// Whether the module list `list` loads ClickGuard, in words.
  private static func verdict(_ list: GtkModuleList) -> String {
    list.hasClickGuard ? localized("loads ClickGuard") : localized("no ClickGuard")
  }

  /// A widget rule's values, `key=value` each, with where they come from.
  static func describe(_ values: RuleValues) -> String {
    var parts: [String] = []
    var origins: [String] = []
    func add<Value>(_ key: String, _ sourced: SourcedValue<Value>?, _ text: (Value) -> String) {
      guard let sourced else { return }
      parts.append("\(key)=\(text(sourced.value))")
      if case .file(let path, let line, _) = sourced.origin { origins.append("\(path):\(line)") }
    }
    add("policy", values.policy) { $0.rawValue }
    add("mode", values.mode) { $0.rawValue }
    add("interval-ms", values.interval) { "\($0.milliseconds)" }
    add("max-busy-ms", values.maxBusy) { "\($0.milliseconds)" }
    add("fence", values.fence) { "\($0)" }
    add("settle-ms", values.settle) { "\($0.milliseconds)" }
    let from = origins.first.map { " (\($0))" } ?? ""
    return (parts.isEmpty ? "no values" : parts.joined(separator: ", ")) + from
  }
}
