import CGtk
import CHandy
import ClickGuard
import ClickGuardAppSupport
import ClickGuardCommandKit
import ClickGuardCounts
import ClickGuardGtk
import ClickGuardRules

/// The settings window, in GNOME's style (libhandy's preference rows under
/// a header bar): the session switch, how clicks are judged, the window in
/// milliseconds and the bell (the rules file's `[default]` group), the
/// try-it pad, the apps whose clicks ClickGuard ignored this week (the
/// module's ``IgnoredClickCounts``), each with an Exempt switch that writes
/// the app's own group, and a *Details* row with
/// what only troubleshooting needs (where settings come from, file paths).
///
/// Every change to the rules file loads it afresh, keeping the person's
/// other lines and comments, and writes it back through a replacement file
/// (``RulesFileEdit``); a file that cannot be parsed is left alone. A
/// failure shows as a plain line under the switch, its cause in *Details*.
/// Every control carries an accessible name.
@MainActor
package final class SettingsWindow {
  /// How long after the last change of the profile or window the rules
  /// file is written: a spin button held down writes once.
  package static let saveDelayMs = 400
  /// The default size: inside a 1366×768 screen with a panel.
  package static let defaultSize = (width: 700, height: 720)

  /// The toplevel.
  package let window: WidgetPointer
  /// ClickGuard on or off for the session.
  package let sessionSwitch: Switch
  /// A plain line shown when something did not work (hidden otherwise).
  package let problem: WidgetPointer
  /// The two ways clicks are judged (GtkRadioButtons), by profile.
  package let profileButtons: [GuardProfile: WidgetPointer]
  /// The window in milliseconds (a GtkSpinButton).
  package let windowSpin: WidgetPointer
  /// Rings the bell when a click is ignored (`feedback=bell`).
  package let bellSwitch: Switch
  /// The try-it pad.
  package let tryIt: TryItPad
  /// The apps group's sentence: how many clicks were ignored, in how many apps.
  package let appsSummary: WidgetPointer
  /// Reads the list again.
  package let refreshApps: Button
  /// Removes the counts.
  package let clearCounts: Button
  /// The *Details* row (a HdyExpanderRow).
  package let details: WidgetPointer
  /// What the switch did last, and the session's status (in *Details*).
  package let switchReport: WidgetPointer
  /// Where the rules file is, and what its last write did (in *Details*).
  package let rulesMessage: WidgetPointer
  /// Each listed app's Exempt switch, by program.
  package private(set) var exemptSwitches: [String: Switch] = [:]

  private let rules: RulesFileLocation
  private let counts: String
  private let session: SessionSwitch
  private let appsGroup: WidgetPointer
  private var appRows: [WidgetPointer] = []
  private var saveSource: UInt32 = 0
  /// Set while the window itself sets a control, whose signal then does nothing.
  private var isUpdating = false

  /// Builds the window (not yet shown).
  /// - Parameters:
  ///   - application: the GtkApplication it belongs to, or `nil` (tests).
  ///   - rules: the rules file it writes.
  ///   - counts: the folder of the counts it lists apps from.
  ///   - session: the session switch.
  package init(
    application: UnsafeMutablePointer<GtkApplication>?, rules: RulesFileLocation,
    counts: String = IgnoredClickCounts.defaultDirectory(),
    session: SessionSwitch
  ) {
    hdy_init()
    self.rules = rules
    self.counts = counts
    self.session = session
    if let application {
      window = hdy_application_window_new()
      gtk_window_set_application(window.cast(), application)
    } else {
      window = hdy_window_new()
    }
    gtk_window_set_title(window.cast(), localized("ClickGuard Settings"))
    gtk_window_set_default_size(window.cast(), Int32(Self.defaultSize.width), Int32(Self.defaultSize.height))
    sessionSwitch = Switch()
    problem = Self.wrappingLabel("")
    let lag = gtk_radio_button_new(nil)!
    profileButtons = [.lag: lag, .bounce: gtk_radio_button_new_from_widget(lag.cast())]
    windowSpin = gtk_spin_button_new_with_range(0, 60_000, 10)
    bellSwitch = Switch()
    tryIt = TryItPad()
    appsSummary = hdy_action_row_new()
    refreshApps = Button(label: localized("Refresh"))
    clearCounts = Button(label: localized("Clear"))
    details = hdy_expander_row_new()
    switchReport = Self.wrappingLabel("")
    rulesMessage = Self.wrappingLabel("")
    appsGroup = hdy_preferences_group_new()
    layOut()
    connect()
    showStatus(nil)
    loadRules()
    listApps()
  }

  /// Shows the window, the switch focused.
  package func show() {
    gtk_widget_show_all(window)
    gtk_widget_set_visible(problem, gtk_label_get_text(problem.cast()).map { $0.pointee != 0 } == true ? 1 : 0)
    gtk_widget_grab_focus(sessionSwitch.widget)
  }

  // MARK: Layout

  private func layOut() {
    let page = hdy_preferences_page_new()!

    let main = hdy_preferences_group_new()!
    let switchRow = Self.row(
      localized("Ignore repeated clicks"),
      localized("In every GTK 3 app, a click repeated by accident does its work only once."))
    sessionSwitch.setAccessibleName(localized("Ignore repeated clicks"))
    Self.addSuffix(sessionSwitch.widget, to: switchRow)
    hdy_action_row_set_activatable_widget(switchRow.cast(), sessionSwitch.widget)
    add(switchRow, to: main)
    gtk_style_context_add_class(gtk_widget_get_style_context(problem), "error")
    for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_start, gtk_widget_set_margin_end] { side(problem, 8) }
    add(problem, to: main)
    hdy_preferences_row_set_title(details.cast(), localized("Details"))
    hdy_expander_row_set_subtitle(
      details.cast(), localized("Where ClickGuard's settings come from, for troubleshooting"))
    setAccessibleName(details, localized("Details"))
    let facts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
    for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start] {
      side(facts, 12)
    }
    gtk_widget_set_margin_end(facts, 12)
    for label in [switchReport, rulesMessage] {
      gtk_label_set_selectable(label.cast(), 1)
      add(label, to: facts)
    }
    setAccessibleName(switchReport, localized("Session"))
    setAccessibleName(rulesMessage, localized("Rules file"))
    gtk_container_add(details.cast(), facts)
    // The row GtkListBox wraps the facts in: its labels take the focus.
    if let factsRow = gtk_widget_get_parent(facts) {
      gtk_widget_set_can_focus(factsRow, 0)
      gtk_list_box_row_set_activatable(factsRow.cast(), 0)
    }
    add(details, to: main)

    add(main, to: page)

    let judged = Self.group(localized("How clicks are judged"))
    for profile in GuardProfile.allCases {
      let button = profileButtons[profile]!
      setAccessibleName(button, profile.title)
      let row = Self.row(profile.title, profile.explanation)
      hdy_action_row_add_prefix(row.cast(), button)
      hdy_action_row_set_activatable_widget(row.cast(), button)
      gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
      add(row, to: judged)
    }
    let windowRow = Self.row(
      localized("Time to ignore repeats"),
      localized("How long after a click a repeat is ignored, in milliseconds."))
    setAccessibleName(windowSpin, localized("Time to ignore repeats, in milliseconds"))
    Self.addSuffix(windowSpin, to: windowRow)
    hdy_action_row_set_activatable_widget(windowRow.cast(), windowSpin)
    add(windowRow, to: judged)
    let bellRow = Self.row(localized("Ring the bell when a click is ignored"), nil)
    bellSwitch.setAccessibleName(localized("Ring the bell when a click is ignored"))
    Self.addSuffix(bellSwitch.widget, to: bellRow)
    hdy_action_row_set_activatable_widget(bellRow.cast(), bellSwitch.widget)
    add(bellRow, to: judged)
    add(judged, to: page)

    // One row: what the last burst did, beside the pad.
    let tryGroup = Self.group(localized("Try it"))
    let tryRow = hdy_action_row_new()!
    setAccessibleName(tryRow, localized("Try it"))
    gtk_widget_set_hexpand(tryIt.result, 1)
    for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { side(tryIt.result, 12) }
    hdy_action_row_add_prefix(tryRow.cast(), tryIt.result)
    Self.addSuffix(tryIt.pad.widget, to: tryRow)
    hdy_action_row_set_activatable_widget(tryRow.cast(), tryIt.pad.widget)
    add(tryRow, to: tryGroup)
    add(tryGroup, to: page)

    gtk_container_add(appsGroup.cast(), appsSummary)
    hdy_preferences_group_set_title(appsGroup.cast(), localized("Apps"))
    refreshApps.setAccessibleName(localized("Refresh the list of apps"))
    clearCounts.setAccessibleName(localized("Clear the counts of ignored clicks"))
    Self.addSuffix(refreshApps.widget, to: appsSummary)
    Self.addSuffix(clearCounts.widget, to: appsSummary)
    add(appsGroup, to: page)

    let header = hdy_header_bar_new()!
    hdy_header_bar_set_title(header.cast(), localized("ClickGuard"))
    hdy_header_bar_set_show_close_button(header.cast(), 1)
    let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    add(header, to: content)
    gtk_widget_set_vexpand(page, 1)
    add(page, to: content)
    gtk_container_add(window.cast(), content)
  }

  private func add(_ child: WidgetPointer, to container: WidgetPointer) {
    gtk_container_add(container.cast(), child)
  }

  private static func group(_ title: String) -> WidgetPointer {
    let group = hdy_preferences_group_new()!
    hdy_preferences_group_set_title(group.cast(), title)
    return group
  }

  /// A preference row with a title and, under it, a sentence.
  private static func row(_ title: String, _ subtitle: String?) -> WidgetPointer {
    let row = hdy_action_row_new()!
    hdy_preferences_row_set_title(row.cast(), title)
    if let subtitle {
      hdy_action_row_set_subtitle(row.cast(), subtitle)
      hdy_action_row_set_subtitle_lines(row.cast(), 0)
    }
    hdy_action_row_set_title_lines(row.cast(), 0)
    setAccessibleName(row, title)
    return row
  }

  private static func addSuffix(_ widget: WidgetPointer, to row: WidgetPointer) {
    gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
    gtk_container_add(row.cast(), widget)
  }

  private static func wrappingLabel(_ text: String) -> WidgetPointer {
    let label = gtk_label_new(text)!
    gtk_label_set_line_wrap(label.cast(), 1)
    gtk_label_set_max_width_chars(label.cast(), 60)
    gtk_label_set_xalign(label.cast(), 0)
    return label
  }

  // MARK: Behaviour

  private func connect() {
    sessionSwitch.onToggle { [weak self] isOn in self?.switchSession(on: isOn) }
    bellSwitch.onToggle { [weak self] isOn in self?.bellChanged(isOn) }
    for button in profileButtons.values {
      Signal.connect(button.raw, "toggled") { [weak self] toggled in
        guard gtk_toggle_button_get_active(toggled.assumingMemoryBound(to: GtkToggleButton.self)) != 0 else { return }
        self?.profileChanged()
      }
    }
    Signal.connect(windowSpin.raw, "value-changed") { [weak self] _ in self?.windowChanged() }
    refreshApps.onClick { [weak self] in self?.listApps() }
    clearCounts.onClick { [weak self] in self?.clear() }
  }

  /// The rules file's path, as messages show it.
  package var rulesPath: String { rules.path }

  /// The profile chosen.
  package var profile: GuardProfile {
    GuardProfile.allCases.first { gtk_toggle_button_get_active(profileButtons[$0]!.cast()) != 0 } ?? .lag
  }

  /// Chooses `profile`, as a click on its row would.
  package func choose(_ profile: GuardProfile) {
    gtk_toggle_button_set_active(profileButtons[profile]!.cast(), 1)
  }

  /// The window chosen, in milliseconds.
  package var windowMs: Int { Int(gtk_spin_button_get_value_as_int(windowSpin.cast())) }

  /// The plain line about a failure, or `nil` when none is shown.
  package var problemText: String? {
    let text = swiftString(gtk_label_get_text(problem.cast())) ?? ""
    return text.isEmpty ? nil : text
  }

  private func showProblem(_ text: String?) {
    gtk_label_set_text(problem.cast(), text ?? "")
    gtk_widget_set_visible(problem, text == nil ? 0 : 1)
    if let text { setAccessibleName(problem, text) }
  }

  private func switchSession(on isOn: Bool) {
    guard !isUpdating else { return }
    do throws(CommandFailure) {
      let lines = isOn ? try session.enable() : try session.disable()
      showProblem(nil)
      showStatus(lines)
      if isOn { checkTakenUp(after: lines) }
    } catch {
      showProblem(
        isOn
          ? localized("ClickGuard could not be switched on. Details says why.")
          : localized("ClickGuard could not be switched off. Details says why."))
      showStatus([error.message])
    }
  }

  /// A few seconds after switching on: when ClickGuard is still not in
  /// force because the desktop has not taken it up, says so and what to do.
  private func checkTakenUp(after lines: [String]) {
    _ = MainLoop.after(ms: 3000) { [weak self] in
      guard let self, !self.session.status().inForce else { return }
      let advice = self.session.adviceWhenNotTakenUp()
      guard !advice.isEmpty else { return }
      self.showProblem(
        localized("ClickGuard is switched on, but GNOME has not taken it up yet. Details says what to do."))
      self.showStatus(lines + advice)
    }
  }

  /// Shows `lines` (what the switch did) and the status in *Details*, and
  /// sets the switch to whether ClickGuard is in force now.
  private func showStatus(_ lines: [String]?) {
    let status = session.status()
    let shown = (lines ?? []) + status.lines
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

  private func bellChanged(_ isOn: Bool) {
    guard !isUpdating else { return }
    edit { edit in
      if isOn {
        edit.set("default", RuleKey.feedback.rawValue, "bell")
      } else {
        edit.remove("default", RuleKey.feedback.rawValue)
      }
      return "\(RuleKey.feedback.rawValue)=\(isOn ? "bell" : "off") in [default]"
    }
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
      return "profile=\(profile.rawValue) and \(RuleKey.intervalMs.rawValue)=\(windowMs) in [default]"
    }
  }

  /// Loads the rules file afresh, changes it with `body` (which says what
  /// it set, for *Details*), writes it, and shows what was done or why not.
  private func edit(_ body: (RulesFileEdit) -> String) {
    do throws(RulesFileEditError) {
      let edit = try RulesFileEdit(location: rules)
      let done = body(edit)
      try edit.save()
      showProblem(nil)
      gtk_label_set_text(
        rulesMessage.cast(),
        localized("Saved {change} of {file}; running apps follow it.").filling(["change": done, "file": rules.path]))
    } catch {
      showProblem(localized("Your change was not saved. Details says why."))
      gtk_label_set_text(
        rulesMessage.cast(), localized("Not saved: {reason}").filling(["reason": error.description]))
    }
  }

  /// Sets the controls from the rules file's `[default]` group.
  private func loadRules() {
    isUpdating = true
    defer { isUpdating = false }
    var chosen = GuardProfile.lag
    var window: Int?
    var bell = false
    do throws(RulesFileEditError) {
      let edit = try RulesFileEdit(location: rules)
      chosen = edit.value("default", RuleKey.profile.rawValue).flatMap(GuardProfile.init(rawValue:)) ?? .lag
      window = edit.value("default", RuleKey.intervalMs.rawValue).flatMap { Int($0) }
      bell = edit.value("default", RuleKey.feedback.rawValue)?.lowercased() == "bell"
      gtk_label_set_text(rulesMessage.cast(), localized("Rules file: {file}").filling(["file": rules.path]))
    } catch {
      showProblem(localized("Your settings file cannot be read, so changes here are not saved. Details says why."))
      gtk_label_set_text(rulesMessage.cast(), error.description)
    }
    choose(chosen)
    gtk_spin_button_set_value(windowSpin.cast(), Double(window ?? chosen.defaultWindowMs))
    bellSwitch.isActive = bell
    tryIt.configure(profile: profile, windowMs: windowMs)
  }

  /// Lists the apps ClickGuard ignored clicks in this week, each with its
  /// Exempt switch.
  package func listApps() {
    for row in appRows { gtk_widget_destroy(row) }
    appRows = []
    exemptSwitches = [:]
    let apps = IgnoredClickCounts.readAll(in: counts, lastDays: 7)
    let clicks = apps.reduce(0) { $0 + $1.ignored }
    let summary =
      apps.isEmpty
      ? localized("No repeated clicks ignored this week")
      : localizedPlural(
        "ClickGuard ignored {clicks} repeated click in {apps} this week",
        "ClickGuard ignored {clicks} repeated clicks in {apps} this week", count: clicks
      ).filling([
        "clicks": String(clicks),
        "apps": localizedPlural("{count} app", "{count} apps", count: apps.count).filling(["count": String(apps.count)]
        ),
      ])
    hdy_preferences_row_set_title(appsSummary.cast(), summary)
    setAccessibleName(appsSummary, summary)
    hdy_action_row_set_title_lines(appsSummary.cast(), 0)
    hdy_action_row_set_subtitle(appsSummary.cast(), localized("An exempt app gets every click, repeats too."))
    hdy_action_row_set_subtitle_lines(appsSummary.cast(), 0)
    gtk_widget_set_sensitive(clearCounts.widget, apps.isEmpty ? 0 : 1)
    let file = try? RulesFileEdit(location: rules)
    for app in apps {
      let ignored = localizedPlural(
        "{count} repeated click ignored", "{count} repeated clicks ignored", count: app.ignored
      )
      .filling(["count": String(app.ignored)])
      let row = Self.row(app.program, ignored)
      let exempt = Switch()
      exempt.setAccessibleName(localized("Exempt {app}").filling(["app": app.program]))
      let label = gtk_label_new(localized("Exempt"))!
      gtk_style_context_add_class(gtk_widget_get_style_context(label), "dim-label")
      Self.addSuffix(label, to: row)
      Self.addSuffix(exempt.widget, to: row)
      if RulesFileKeys.isProgramGroupName(app.program) {
        hdy_action_row_set_activatable_widget(row.cast(), exempt.widget)
      } else {
        gtk_widget_set_sensitive(exempt.widget, 0)
        gtk_widget_set_tooltip_text(exempt.widget, localized("This app's name cannot be written in the settings file"))
      }
      exempt.isActive = file?.value(app.program, RuleKey.mode.rawValue) == "off"
      let program = app.program
      exempt.onToggle { [weak self] isOn in self?.setExempt(program, isOn) }
      gtk_container_add(appsGroup.cast(), row)
      appRows.append(row)
      exemptSwitches[program] = exempt
    }
    gtk_widget_show_all(appsGroup)
  }

  /// The summary row's words.
  package var appsSummaryText: String {
    swiftString(hdy_preferences_row_get_title(appsSummary.cast())) ?? ""
  }

  private func clear() {
    if !IgnoredClickCounts.clear(in: counts) {
      showProblem(localized("Some counts could not be cleared."))
    }
    listApps()
  }

  private func setExempt(_ program: String, _ exempt: Bool) {
    edit { edit in
      if exempt {
        edit.set(program, RuleKey.mode.rawValue, "off")
        return "mode=off in [\(program)]"
      }
      edit.remove(program, RuleKey.mode.rawValue)
      return "no mode in [\(program)]"
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
