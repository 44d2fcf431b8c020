import CGtk
import ClickGuard
import ClickGuardAppSupport
import ClickGuardCommandKit
import ClickGuardGtk
import ClickGuardRules

/// The settings window: ClickGuard's session switch, the profile and window
/// written to the rules file's `[default]` group, the try-it pad, and the
/// apps whose clicks ClickGuard ignored (from its decision log), each with
/// an exempt toggle that writes the app's own group.
///
/// Every change to the rules file loads it afresh, keeping the person's
/// other lines and comments, and writes it back through a replacement file
/// (``RulesFileEdit``); a file that cannot be parsed is left alone, and
/// every failure is shown in the window. Every control carries an
/// accessible name.
@MainActor
package final class SettingsWindow {
  /// How long after the last change of the profile or window the rules
  /// file is written: a spin button held down writes once.
  package static let saveDelayMs = 400
  /// The switch's words, also its accessible name.
  package static let switchTitle = "Ignore repeated clicks in GTK 3 apps"

  /// The toplevel.
  package let window: WidgetPointer
  /// ClickGuard on or off for the session.
  package let sessionSwitch: Switch
  /// What the switch did last, or the session's status.
  package let switchReport: WidgetPointer
  /// The profile (a GtkComboBoxText whose ids are ``GuardProfile`` values).
  package let profileChooser: WidgetPointer
  /// The window in milliseconds (a GtkSpinButton).
  package let windowSpin: WidgetPointer
  /// Where the rules file is, and what its last write did.
  package let rulesMessage: WidgetPointer
  /// The try-it pad.
  package let tryIt: TryItPad
  /// The apps ClickGuard ignored clicks in (a GtkListBox).
  package let appsList: WidgetPointer
  /// What the list shows, or why it is empty.
  package let appsNote: WidgetPointer
  /// Reads the log again.
  package let refreshApps: Button
  /// Each listed app's exempt toggle (a GtkCheckButton), by program.
  package private(set) var exemptToggles: [String: WidgetPointer] = [:]

  private let rules: RulesFileLocation
  private let log: FileName?
  private let session: SessionSwitch
  private var saveSource: UInt32 = 0
  /// Set while the window itself sets a control, whose signal then does nothing.
  private var isUpdating = false

  /// Builds the window (not yet shown).
  /// - Parameters:
  ///   - application: the GtkApplication it belongs to, or `nil` (tests).
  ///   - rules: the rules file it writes.
  ///   - log: the decision log it lists apps from, or `nil` when none is on.
  ///   - session: the session switch.
  package init(
    application: UnsafeMutablePointer<GtkApplication>?, rules: RulesFileLocation, log: FileName?,
    session: SessionSwitch
  ) {
    self.rules = rules
    self.log = log
    self.session = session
    window = application.map { gtk_application_window_new($0) } ?? gtk_window_new(GTK_WINDOW_TOPLEVEL)
    gtk_window_set_title(window.cast(), "ClickGuard Settings")
    gtk_window_set_default_size(window.cast(), 620, -1)
    sessionSwitch = Switch()
    switchReport = Self.wrappingLabel("")
    profileChooser = gtk_combo_box_text_new()
    windowSpin = gtk_spin_button_new_with_range(0, 60_000, 10)
    rulesMessage = Self.wrappingLabel("")
    tryIt = TryItPad()
    appsList = gtk_list_box_new()
    appsNote = Self.wrappingLabel("")
    refreshApps = Button(label: "Refresh the list")
    layOut()
    connect()
    showStatus(nil)
    loadRules()
    listApps()
  }

  /// Shows the window, the switch focused.
  package func show() {
    gtk_widget_show_all(window)
    gtk_widget_grab_focus(sessionSwitch.widget)
  }

  // MARK: Layout

  private func layOut() {
    let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 10)!
    for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top] {
      side(content, 18)
    }
    gtk_widget_set_margin_bottom(content, 18)

    let switchRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
    let switchLabel = gtk_label_new(Self.switchTitle)!
    gtk_label_set_xalign(switchLabel.cast(), 0)
    gtk_label_set_mnemonic_widget(switchLabel.cast(), sessionSwitch.widget)
    gtk_widget_set_hexpand(switchLabel, 1)
    gtk_widget_set_valign(sessionSwitch.widget, GTK_ALIGN_CENTER)
    sessionSwitch.setAccessibleName(Self.switchTitle)
    add(switchLabel, to: switchRow)
    add(sessionSwitch.widget, to: switchRow)
    add(switchRow, to: content)
    gtk_label_set_selectable(switchReport.cast(), 1)
    setAccessibleName(switchReport, "What the switch did")
    add(switchReport, to: content)

    add(Self.heading("How clicks are judged"), to: content)
    let grid = gtk_grid_new()!
    gtk_grid_set_row_spacing(grid.cast(), 8)
    gtk_grid_set_column_spacing(grid.cast(), 12)
    for profile in GuardProfile.allCases {
      gtk_combo_box_text_append(profileChooser.cast(), profile.rawValue, profile.title)
    }
    setAccessibleName(profileChooser, "Profile")
    gtk_widget_set_hexpand(profileChooser, 1)
    setAccessibleName(windowSpin, "Window in milliseconds")
    let profileLabel = gtk_label_new_with_mnemonic("_Profile")!
    gtk_label_set_mnemonic_widget(profileLabel.cast(), profileChooser)
    let windowLabel = gtk_label_new_with_mnemonic("_Window (ms)")!
    gtk_label_set_mnemonic_widget(windowLabel.cast(), windowSpin)
    for label in [profileLabel, windowLabel] { gtk_label_set_xalign(label.cast(), 0) }
    gtk_grid_attach(grid.cast(), profileLabel, 0, 0, 1, 1)
    gtk_grid_attach(grid.cast(), profileChooser, 1, 0, 1, 1)
    gtk_grid_attach(grid.cast(), windowLabel, 0, 1, 1, 1)
    gtk_grid_attach(grid.cast(), windowSpin, 1, 1, 1, 1)
    gtk_widget_set_halign(windowSpin, GTK_ALIGN_START)
    add(grid, to: content)
    setAccessibleName(rulesMessage, "Rules file")
    add(rulesMessage, to: content)

    add(Self.heading("Try it"), to: content)
    add(tryIt.pad.widget, to: content)
    add(tryIt.result, to: content)

    add(Self.heading("Apps ClickGuard ignored clicks in"), to: content)
    add(appsNote, to: content)
    gtk_list_box_set_selection_mode(appsList.cast(), GTK_SELECTION_NONE)
    setAccessibleName(appsList, "Apps ClickGuard ignored clicks in")
    let appsScroll = gtk_scrolled_window_new(nil, nil)!
    gtk_scrolled_window_set_policy(appsScroll.cast(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_min_content_height(appsScroll.cast(), 60)
    gtk_scrolled_window_set_max_content_height(appsScroll.cast(), 160)
    gtk_scrolled_window_set_propagate_natural_height(appsScroll.cast(), 1)
    gtk_container_add(appsScroll.cast(), appsList)
    setAccessibleName(appsScroll, "List of apps")
    add(appsScroll, to: content)
    refreshApps.setAccessibleName("Refresh the list of apps")
    gtk_widget_set_halign(refreshApps.widget, GTK_ALIGN_START)
    add(refreshApps.widget, to: content)

    // Never taller than the screen: the whole content scrolls if it must.
    let scroll = gtk_scrolled_window_new(nil, nil)!
    gtk_scrolled_window_set_policy(scroll.cast(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_propagate_natural_height(scroll.cast(), 1)
    gtk_scrolled_window_set_max_content_height(scroll.cast(), 660)
    gtk_container_add(scroll.cast(), content)
    setAccessibleName(scroll, "ClickGuard settings")
    gtk_container_add(window.cast(), scroll)
  }

  private func add(_ child: WidgetPointer, to box: WidgetPointer) {
    gtk_container_add(box.cast(), child)
  }

  private static func heading(_ text: String) -> WidgetPointer {
    let label = gtk_label_new(nil)!
    gtk_label_set_markup(label.cast(), "<b>\(text)</b>")
    gtk_label_set_xalign(label.cast(), 0)
    gtk_widget_set_margin_top(label, 8)
    return label
  }

  private static func wrappingLabel(_ text: String) -> WidgetPointer {
    let label = gtk_label_new(text)!
    gtk_label_set_line_wrap(label.cast(), 1)
    gtk_label_set_max_width_chars(label.cast(), 70)
    gtk_label_set_xalign(label.cast(), 0)
    return label
  }

  // MARK: Behaviour

  private func connect() {
    sessionSwitch.onToggle { [weak self] isOn in self?.switchSession(on: isOn) }
    Signal.connect(profileChooser.raw, "changed") { [weak self] _ in self?.profileChanged() }
    Signal.connect(windowSpin.raw, "value-changed") { [weak self] _ in self?.windowChanged() }
    refreshApps.onClick { [weak self] in self?.listApps() }
  }

  /// The rules file's path, as messages show it.
  package var rulesPath: String { rules.path }

  /// The profile chosen.
  package var profile: GuardProfile {
    swiftString(gtk_combo_box_get_active_id(profileChooser.cast())).flatMap(GuardProfile.init(rawValue:)) ?? .lag
  }

  /// The window chosen, in milliseconds.
  package var windowMs: Int { Int(gtk_spin_button_get_value_as_int(windowSpin.cast())) }

  private func switchSession(on isOn: Bool) {
    guard !isUpdating else { return }
    do throws(CommandFailure) {
      let lines = isOn ? try session.enable() : try session.disable()
      showStatus(lines)
    } catch {
      showStatus(["Not switched: \(error.message)"])
    }
  }

  /// Shows `lines` (what the switch did) or the status, and sets the switch
  /// to whether ClickGuard is in force now.
  private func showStatus(_ lines: [String]?) {
    let status = session.status()
    let shown = (lines ?? []) + (lines == nil ? status.lines : status.lines.suffix(1))
    gtk_label_set_text(switchReport.cast(), shown.joined(separator: "\n"))
    // Set after the switch's own signal is done with its change.
    MainLoop.idle { [weak self] in
      guard let self, self.sessionSwitch.isActive != status.inForce else { return }
      self.isUpdating = true
      self.sessionSwitch.isActive = status.inForce
      self.isUpdating = false
    }
  }

  private func profileChanged() {
    guard !isUpdating else { return }
    isUpdating = true
    gtk_spin_button_set_value(windowSpin.cast(), Double(profile.defaultWindowMs))
    isUpdating = false
    settingsChanged()
  }

  private func windowChanged() {
    guard !isUpdating else { return }
    settingsChanged()
  }

  private func settingsChanged() {
    tryIt.configure(profile: profile, windowMs: windowMs)
    MainLoop.remove(saveSource)
    saveSource = MainLoop.after(ms: Self.saveDelayMs) { [weak self] in
      guard let self else { return }
      self.saveSource = 0
      self.saveDefaults()
    }
  }

  /// Writes the profile and window now, if a change is waiting.
  package func saveNow() {
    guard saveSource != 0 else { return }
    MainLoop.remove(saveSource)
    saveSource = 0
    saveDefaults()
  }

  private func saveDefaults() {
    edit { edit in
      edit.set("default", RuleKey.profile.rawValue, profile.rawValue)
      edit.set("default", RuleKey.intervalMs.rawValue, String(windowMs))
      return "Saved profile=\(profile.rawValue) and \(RuleKey.intervalMs.rawValue)=\(windowMs) in [default]"
    }
  }

  /// Loads the rules file afresh, changes it with `body`, writes it, and
  /// shows what was done or why not.
  private func edit(_ body: (RulesFileEdit) -> String) {
    do throws(RulesFileEditError) {
      let edit = try RulesFileEdit(location: rules)
      let done = body(edit)
      try edit.save()
      gtk_label_set_text(rulesMessage.cast(), "\(done) of \(rules.path); running apps follow it.")
    } catch {
      gtk_label_set_text(rulesMessage.cast(), "Not saved: \(error)")
    }
  }

  /// Sets the controls from the rules file's `[default]` group.
  private func loadRules() {
    isUpdating = true
    defer { isUpdating = false }
    var chosen = GuardProfile.lag
    var window: Int?
    do throws(RulesFileEditError) {
      let edit = try RulesFileEdit(location: rules)
      chosen = edit.value("default", RuleKey.profile.rawValue).flatMap(GuardProfile.init(rawValue:)) ?? .lag
      window = edit.value("default", RuleKey.intervalMs.rawValue).flatMap { Int($0) }
      gtk_label_set_text(rulesMessage.cast(), "Rules file: \(rules.path)")
    } catch {
      gtk_label_set_text(rulesMessage.cast(), "\(error)")
    }
    gtk_combo_box_set_active_id(profileChooser.cast(), chosen.rawValue)
    gtk_spin_button_set_value(windowSpin.cast(), Double(window ?? chosen.defaultWindowMs))
    tryIt.configure(profile: profile, windowMs: windowMs)
  }

  /// Lists the apps of the decision log, each with its exempt toggle.
  package func listApps() {
    gtk_container_foreach(appsList.cast(), { child, _ in gtk_widget_destroy(child) }, nil)
    exemptToggles = [:]
    guard let log else {
      gtk_label_set_text(
        appsNote.cast(),
        "ClickGuard's decision log is off, so there is nothing to list. Set CLICKGUARD_LOG to a file in the "
          + "session's environment (see docs/module.md, \"The log\") to see here the apps it ignored clicks in.")
      return
    }
    let apps: IgnoredApps
    switch IgnoredApps.read(log: log) {
    case .failure(let error):
      gtk_label_set_text(appsNote.cast(), "The decision log cannot be read: \(error)")
      return
    case .success(let read):
      apps = read
    }
    gtk_label_set_text(
      appsNote.cast(),
      apps.apps.isEmpty
        ? "No ignored clicks in \(log.displayName) yet."
        : "From \(log.displayName). Exempt an app to let every click through in it (mode=off in its group).")
    let file = try? RulesFileEdit(location: rules)
    for app in apps.apps {
      let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
      let text = "\(app.program): \(app.ignored) click\(app.ignored == 1 ? "" : "s") ignored"
      let label = gtk_label_new(text)!
      gtk_label_set_xalign(label.cast(), 0)
      gtk_widget_set_hexpand(label, 1)
      let toggle = gtk_check_button_new_with_label("Exempt")!
      setAccessibleName(toggle, "Exempt \(app.program)")
      if !RulesFileKeys.isProgramGroupName(app.program) {
        gtk_widget_set_sensitive(toggle, 0)
        gtk_widget_set_tooltip_text(toggle, "This program's name cannot name a rules file group")
      }
      gtk_toggle_button_set_active(toggle.cast(), file?.value(app.program, RuleKey.mode.rawValue) == "off" ? 1 : 0)
      let program = app.program
      Signal.connect(toggle.raw, "toggled") { [weak self] button in
        self?.setExempt(
          program, gtk_toggle_button_get_active(button.assumingMemoryBound(to: GtkToggleButton.self)) != 0)
      }
      add(label, to: row)
      add(toggle, to: row)
      gtk_list_box_insert(appsList.cast(), row, -1)
      if let listRow = gtk_widget_get_parent(row) {
        gtk_list_box_row_set_activatable(listRow.cast(), 0)
        setAccessibleName(listRow, text)
      }
      exemptToggles[program] = toggle
    }
    gtk_widget_show_all(appsList)
  }

  private func setExempt(_ program: String, _ exempt: Bool) {
    edit { edit in
      if exempt {
        edit.set(program, RuleKey.mode.rawValue, "off")
        return "Exempted \(program) (mode=off in [\(program)])"
      }
      edit.remove(program, RuleKey.mode.rawValue)
      return "Guarding \(program) again (mode removed from [\(program)])"
    }
  }
}

/// What the window checks before it writes a program's group.
package enum RulesFileKeys {
  /// Whether `program` can name its own program group: the module reads
  /// `[program]` back as that program's (``RuleGroupName``), and GKeyFile
  /// can write it (no brackets, no line break).
  package static func isProgramGroupName(_ program: String) -> Bool {
    RuleGroupName(parsing: program) == .program(program)
      && !program.contains(where: { $0 == "[" || $0 == "]" || $0.isNewline })
  }
}
