import CGtk4
import ClickGuardGtk4

/// Three pages, home, list and details, under a header bar with a back
/// button: ClickGuard's ``StackNavigator`` and ``Button`` when guarded;
/// plain GTK 4's GtkStack, GtkHeaderBar and GtkButton otherwise, whose
/// naive handlers keep their own history and set the visible child each time.
///
/// "Open details" loads the page for 250 ms (an await: the app's lag), then
/// pushes "details"; the back button pops, then the app stalls 250 ms (the
/// page it returns to refreshing).
@MainActor
private final class PageStack {
  let content: WidgetPointer
  /// How many navigations the handlers made.
  private(set) var navigations = 0
  private let proof: Proof
  private let navigator: StackNavigator?
  private var plainHistory = ["home"]
  private var plainStack: WidgetPointer?

  init(proof: Proof) {
    self.proof = proof
    content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    guard proof.isGuarded else {
      navigator = nil
      buildPlain()
      return
    }
    let open = Button(label: "Open details")
    gtk_widget_set_vexpand(open.widget, 1)
    let navigator = StackNavigator(root: "home", page: open.widget, title: "Home")
    try? navigator.addPage("list", widget: gtk_label_new("List"), title: "List")
    try? navigator.addPage("details", widget: gtk_label_new("Details"), title: "Details")
    self.navigator = navigator
    proof.keep(open)
    open.onClick { [unowned self, unowned navigator] in
      await load()
      navigator.push("details")
    }
    navigator.addObserver { [unowned self] event in
      guard case .navigated(let change) = event else { return }
      navigations += 1
      if change.move == .pop { proof.stall(ms: 250) }
    }
    gtk_box_append(content.cast(), navigator.headerBar)
    gtk_box_append(content.cast(), navigator.stack)
  }

  private func buildPlain() {
    let stack = gtk_stack_new()!
    let headerBar = gtk_header_bar_new()!
    let back = gtk_button_new_with_label("Back")!
    gtk_header_bar_pack_start(OpaquePointer(headerBar), back)
    let open = gtk_button_new_with_label("Open details")!
    gtk_widget_set_vexpand(open, 1)
    for (name, page) in [("home", open), ("list", gtk_label_new("List")!), ("details", gtk_label_new("Details")!)] {
      gtk_stack_add_named(OpaquePointer(stack), page, name)
    }
    plainStack = stack
    Signal.connect(open, "clicked") { [unowned self] _ in
      Task { @MainActor in
        await load()
        show("details")
      }
    }
    Signal.connect(back, "clicked") { [unowned self] _ in
      guard plainHistory.count > 1 else { return }
      plainHistory.removeLast()
      show(nil)
      proof.stall(ms: 250)
    }
    gtk_box_append(content.cast(), headerBar)
    gtk_box_append(content.cast(), stack)
  }

  /// Pushes `pages` before the window shows, as the app's own start-up does.
  func open(_ pages: [String]) {
    for page in pages {
      if let navigator { navigator.push(page) } else { show(page) }
    }
    navigations = 0
  }

  /// How many pages the history holds (the root counts as 1).
  var depth: Int { navigator?.history.depth ?? plainHistory.count }

  /// The app loading a page: one action, 250 ms.
  private func load() async {
    proof.result.actions += 1
    proof.runningActions += 1
    try? await Task.sleep(for: .milliseconds(250))
    proof.runningActions -= 1
  }

  /// The plain stack's navigation: appends `page` (none: a pop) and shows the top.
  private func show(_ page: String?) {
    if let page { plainHistory.append(page) }
    gtk_stack_set_visible_child_name(OpaquePointer(plainStack), plainHistory.last!)
    navigations += 1
  }
}

/// "Open details" clicked five times fast while the page loads: a person
/// meant one push. With `startingAt` pages pushed first, the back button is
/// clicked five times fast instead: a person meant one step back.
final class LaggingNavigation: ProofScenario {
  private let startingAt: [String]
  private var pages: PageStack?

  init(startingAt: [String] = []) {
    self.startingAt = startingAt
  }

  func makeControl(in proof: Proof) -> WidgetPointer {
    let pages = PageStack(proof: proof)
    pages.open(startingAt)
    self.pages = pages
    return pages.content
  }

  /// The middle of the home page below the header bar, or the back button at the header bar's start.
  func input(window: String) -> [String] {
    startingAt.isEmpty
      ? clicks(on: window, x: 120, y: 84, count: 5, delay: 40) : clicks(on: window, x: 30, y: 22, count: 5, delay: 40)
  }

  var inputCount: Int { 5 }

  func finish(_ control: WidgetPointer, in proof: Proof) {
    proof.result.navigations = pages?.navigations
    proof.result.depth = pages?.depth
  }
}
