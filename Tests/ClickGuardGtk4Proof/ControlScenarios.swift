import CGtk4
import ClickGuardGtk4

/// An entry whose Return handler stalls the main loop 250 ms, Return
/// pressed three times fast.
struct StalledEntry: ProofScenario {
  func makeControl(in proof: Proof) -> WidgetPointer {
    let submit = { @MainActor in
      proof.result.actions += 1
      proof.stall(ms: 250)
    }
    guard proof.isGuarded else {
      let plain = gtk_entry_new()!
      Signal.connect(plain, "activate") { _ in submit() }
      return plain
    }
    let entry = Entry()
    entry.onActivate(submit)
    proof.keep(entry)
    return entry.widget
  }

  func input(window: String) -> [String] { keys("Return", on: window, count: 3) }
  var inputCount: Int { 3 }
}

/// A list box of one tall row whose activation stalls 250 ms: clicked five
/// times fast, each click 30 px from the last (GTK takes clicks in one spot
/// for a double click, which does not activate the row), or activated by
/// Return three times fast.
struct StalledListRow: ProofScenario {
  var byKeys = false

  func makeControl(in proof: Proof) -> WidgetPointer {
    let open: @MainActor (Int) -> Void = { _ in
      proof.result.actions += 1
      proof.stall(ms: 250)
    }
    let row = gtk_label_new("Report.pdf")!
    gtk_widget_set_size_request(row, 200, 100)
    guard proof.isGuarded else {
      let plain = gtk_list_box_new()!
      gtk_list_box_append(OpaquePointer(plain), row)
      Signal.connect(
        plain, "row-activated",
        withArgument: { _, _ in
          open(0)
          return 0
        })
      return plain
    }
    let list = ListBox()
    list.append(row)
    list.onRowActivated(open)
    proof.keep(list)
    return list.widget
  }

  func input(window: String) -> [String] {
    byKeys ? keys("Return", on: window, count: 3) : clicks(on: window, atX: [60, 90, 120, 150, 180], delay: 40)
  }

  var inputCount: Int { byKeys ? 3 : 5 }

  func focus(_ control: WidgetPointer) {
    // The row takes the keyboard focus, as Tab or a click gives it.
    if let row = gtk_list_box_get_row_at_index(OpaquePointer(control), 0) {
      gtk_widget_grab_focus(UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self))
    }
  }
}

/// A check button whose handler stalls 150 ms, clicked four times fast:
/// skipped by default, judged when its policy is guarded.
struct StalledCheckButton: ProofScenario {
  var isGuarded: Bool

  func makeControl(in proof: Proof) -> WidgetPointer {
    let told = proof.stalledStateHandler(ms: 150)
    guard proof.isGuarded else {
      let plain = gtk_check_button_new_with_label("Bold")!
      Signal.connect(plain, "toggled") { _ in told(gtk_check_button_get_active(plain.cast()).isTrue) }
      return plain
    }
    let check = CheckButton(label: "Bold")
    if isGuarded { check.settings.policy = .guarded }
    check.onToggle(told)
    proof.keep(check)
    return check.widget
  }

  func input(window: String) -> [String] { clicks(on: window, count: 4, delay: 40) }
  var inputCount: Int { 4 }

  func finish(_ control: WidgetPointer, in proof: Proof) {
    proof.result.active = gtk_check_button_get_active(control.cast()).isTrue
  }
}

/// A switch whose handler stalls 150 ms, clicked four times fast, with
/// animations off (each click flips it at once): skipped by default,
/// judged when its policy is guarded.
struct StalledSwitch: ProofScenario {
  var isGuarded: Bool

  func makeControl(in proof: Proof) -> WidgetPointer {
    cg_object_set_bool(UnsafeMutableRawPointer(gtk_settings_get_default()), "gtk-enable-animations", 0)
    let told = proof.stalledStateHandler(ms: 150)
    guard proof.isGuarded else {
      let plain = gtk_switch_new()!
      Signal.connect(
        plain, "state-set",
        boolean: { _, state in
          told(state)
          return false
        })
      return plain
    }
    let toggleSwitch = Switch()
    if isGuarded { toggleSwitch.settings.policy = .guarded }
    toggleSwitch.onToggle(told)
    proof.keep(toggleSwitch)
    return toggleSwitch.widget
  }

  func input(window: String) -> [String] { clicks(on: window, count: 4, delay: 40) }
  var inputCount: Int { 4 }

  func finish(_ control: WidgetPointer, in proof: Proof) {
    proof.result.active = gtk_switch_get_active(OpaquePointer(control)).isTrue
    proof.result.switchState = gtk_switch_get_state(OpaquePointer(control)).isTrue
  }
}

/// xdotool's clicks along the window's middle line, one at each of `xs`, `delay` ms apart.
func clicks(on window: String, atX xs: [Int], delay: Int) -> [String] {
  xs.flatMap { x in
    ["mousemove", "--window", window, "\(x)", "60", "click", "1", "sleep", "\(Double(delay) / 1000)"]
  }
}

/// xdotool's presses of `key` to the window: `count`, 60 ms apart.
func keys(_ key: String, on window: String, count: Int) -> [String] {
  ["key", "--window", window, "--repeat", "\(count)", "--delay", "60", key]
}

/// A list view of one tall item whose activation stalls 250 ms, activated
/// by Return three times fast, or, with single-click activation, clicked
/// five times fast (each press activates the item).
struct StalledListViewItem: ProofScenario {
  var byClicks = false

  func makeControl(in proof: Proof) -> WidgetPointer {
    let model = gtk_string_list_new(nil)!
    gtk_string_list_append(model, "Report.pdf")
    let factory = gtk_signal_list_item_factory_new()!
    Signal.connect(
      UnsafeMutableRawPointer(factory), "setup",
      withArgument: { _, item in
        let label = gtk_label_new("Report.pdf")!
        gtk_widget_set_size_request(label, 200, 100)
        gtk_list_item_set_child(OpaquePointer(item), label)
        return 0
      })
    let view = gtk_list_view_new(gtk_no_selection_new(model), factory)!
    gtk_list_view_set_single_click_activate(OpaquePointer(view), byClicks ? 1 : 0)
    let open: @MainActor (Int) -> Void = { _ in
      proof.result.actions += 1
      proof.stall(ms: 250)
    }
    guard proof.isGuarded else {
      Signal.connect(view, "activate", uint: { _, position in open(Int(position)) })
      return view
    }
    let list = try! ListView(adopting: view)
    list.onActivate(open)
    proof.keep(list)
    return view
  }

  func input(window: String) -> [String] {
    byClicks ? clicks(on: window, atX: [60, 90, 120, 150, 180], delay: 40) : keys("Return", on: window, count: 3)
  }

  var inputCount: Int { byClicks ? 5 : 3 }
}

/// A radio group of three check buttons side by side, PDF checked, whose
/// handler stalls 150 ms for each choice: PNG, SVG, PNG, SVG clicked fast.
/// Skipped by default; judged as one control when its members' policy is guarded.
struct StalledRadioGroup: ProofScenario {
  var isGuarded: Bool
  private static let labels = ["PDF", "PNG", "SVG"]

  func makeControl(in proof: Proof) -> WidgetPointer {
    let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    gtk_box_set_homogeneous(row.cast(), 1)
    let chosen: @MainActor (Int, Bool) -> Void = { index, isActive in
      guard isActive else { return }
      proof.result.actions += 1
      proof.result.toldChoice = index
      proof.stall(ms: 150)
    }
    var first: CheckButton?
    for (index, label) in Self.labels.enumerated() {
      guard proof.isGuarded else {
        let plain = gtk_check_button_new_with_label(label)!
        if index > 0 { gtk_check_button_set_group(plain.cast(), gtk_widget_get_first_child(row)?.cast()) }
        Signal.connect(plain, "toggled") { _ in chosen(index, gtk_check_button_get_active(plain.cast()).isTrue) }
        gtk_box_append(row.cast(), plain)
        continue
      }
      let radio = CheckButton(label: label)
      if let first { radio.joinGroup(of: first) } else { first = radio }
      if isGuarded { radio.settings.policy = .guarded }
      radio.onToggle { chosen(index, $0) }
      proof.keep(radio)
      gtk_box_append(row.cast(), radio.widget)
    }
    if let pdf = gtk_widget_get_first_child(row) { gtk_check_button_set_active(pdf.cast(), 1) }
    proof.result.actions = 0
    return row
  }

  func input(window: String) -> [String] { clicks(on: window, atX: [120, 200, 120, 200], delay: 40) }
  var inputCount: Int { 4 }

  func finish(_ control: WidgetPointer, in proof: Proof) {
    var radio = gtk_widget_get_first_child(control)
    var index = 0
    while let current = radio {
      if gtk_check_button_get_active(current.cast()).isTrue { proof.result.choice = index }
      radio = gtk_widget_get_next_sibling(current)
      index += 1
    }
  }
}
