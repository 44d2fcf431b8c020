import CGtk4
import ClickGuardGtk4

/// Three pages, home, list and details, under a header bar with a back
/// button: ClickGuard's ``StackNavigator`` and ``Button`` when guarded;
/// plain GTK 4's GtkStack, GtkHeaderBar and GtkButton otherwise, whose
/// naive handlers keep their own history and set the visible child each time.
///
/// "Open details" loads the page for 250 ms (an await: the app's lag, or
/// with `stallsToOpen` a main loop blocked that long), then pushes "details",
/// whose "Edit" button fills the spot "Open details" had; the back button
/// pops, then the app stalls 250 ms (the page it returns to refreshing).
/// The plain stack switches pages at once, and so does the navigator when the
/// app stalls: the page is there for the very next queued click.
@MainActor
private final class PageStack {
  let content: WidgetPointer
  /// How many navigations the handlers made.
  private(set) var navigations = 0
  private let proof: Proof
  private let stallsToOpen: Bool
  private let navigator: StackNavigator?
  private var plainHistory = ["home"]
  private var plainStack: WidgetPointer?

  init(proof: Proof, stallsToOpen: Bool) {
    self.proof = proof
    self.stallsToOpen = stallsToOpen
    content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    guard proof.isGuarded else {
      navigator = nil
      buildPlain()
      return
    }
    let open = Button(label: "Open details")
    gtk_widget_set_vexpand(open.widget, 1)
    let navigator = StackNavigator(root: "home", page: open.widget, title: "Home", durationMs: stallsToOpen ? 0 : 250)
    try? navigator.addPage("list", widget: gtk_label_new("List"), title: "List")
    try? navigator.addPage("details", widget: Self.editButton(in: proof), title: "Details")
    self.navigator = navigator
    proof.keep(open)
    if stallsToOpen {
      open.onClick { [unowned self, unowned navigator] in
        stallToLoad()
        navigator.push("details")
      }
    } else {
      open.onClick { [unowned self, unowned navigator] in
        await load()
        navigator.push("details")
      }
    }
    navigator.addObserver { [unowned self] event in
      switch event {
      case .navigated(let change):
        navigations += 1
        if change.move == .pop { proof.stall(ms: 250) }
      case .inputDropped:
        proof.result.fencedPresses = (proof.result.fencedPresses ?? 0) + 1
      default: break
      }
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
    for (name, page) in [("home", open), ("list", gtk_label_new("List")!), ("details", Self.editButton(in: proof))] {
      gtk_stack_add_named(OpaquePointer(stack), page, name)
    }
    plainStack = stack
    Signal.connect(open, "clicked") { [unowned self] _ in
      guard !stallsToOpen else {
        stallToLoad()
        show("details")
        return
      }
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

  /// The details page's "Edit" button, filling the page: counts its clicks.
  private static func editButton(in proof: Proof) -> WidgetPointer {
    let edit = proof.button(label: "Edit") { [unowned proof] in
      proof.result.freshClicks = (proof.result.freshClicks ?? 0) + 1
    }
    gtk_widget_set_vexpand(edit, 1)
    return edit
  }

  /// The app loading a page with the main loop blocked: one action, 250 ms.
  private func stallToLoad() {
    proof.result.actions += 1
    proof.stall(ms: 250)
  }

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
///
/// With `stallsToOpen` the clicks queue while the main loop is blocked and
/// reach the details page that appeared meanwhile (its "Edit" button at the
/// same spot: the spill-over); with `clicksAgain`, 800 ms after the burst a
/// person clicks "Edit" on purpose. The pointer drifts as a hand does
/// (``driftingClicks(on:x:y:count:delay:)``).
final class LaggingNavigation: ProofScenario {
  private let startingAt: [String]
  private let stallsToOpen: Bool
  private let clicksAgain: Bool
  private var pages: PageStack?

  init(startingAt: [String] = [], stallsToOpen: Bool = false, clicksAgain: Bool = false) {
    self.startingAt = startingAt
    self.stallsToOpen = stallsToOpen
    self.clicksAgain = clicksAgain
  }

  func makeControl(in proof: Proof) -> WidgetPointer {
    let pages = PageStack(proof: proof, stallsToOpen: stallsToOpen)
    pages.open(startingAt)
    self.pages = pages
    return pages.content
  }

  /// The middle of the home page below the header bar, or the back button at the header bar's start.
  func input(window: String) -> [String] {
    guard startingAt.isEmpty else { return clicks(on: window, x: 30, y: 22, count: 5, delay: 40) }
    guard stallsToOpen else { return clicks(on: window, x: 120, y: 84, count: 5, delay: 40) }
    let again = ["sleep", "0.8", "mousemove_relative", "1", "0", "click", "1"]
    return driftingClicks(on: window, x: 120, y: 84, count: 5, delay: 40) + (clicksAgain ? again : [])
  }

  var inputCount: Int { clicksAgain ? 6 : 5 }

  func finish(_ control: WidgetPointer, in proof: Proof) {
    proof.result.navigations = pages?.navigations
    proof.result.depth = pages?.depth
  }
}
