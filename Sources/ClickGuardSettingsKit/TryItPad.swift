import CGtk
import ClickGuard
import ClickGuardGtk

/// The window's *try it* pad: a guarded button judged as the module would
/// judge an app's under the chosen profile and window
/// (``tryItConfiguration(profile:window:)``), and a line that says, for
/// the last burst of clicks on it, how many counted: "You clicked 5 times;
/// 1 counted".
///
/// A burst is the clicks that follow each other less than ``burstGap``
/// apart; the next click after a longer pause starts a new one.
@MainActor
package final class TryItPad {
  /// The pause that ends a burst.
  package static let burstGap = Duration.milliseconds(1500)

  /// The pad.
  package let pad: Button
  /// The line that tells the last burst's counts.
  package let result: WidgetPointer
  /// The last burst's clicks that counted and that were ignored.
  package private(set) var counted = 0
  package private(set) var ignored = 0
  private let dispatcher: ClickDispatcher
  private var lastClick: ClickInstant?
  private var observer: ObservationToken?

  /// A pad judged by `dispatcher` (the process's, ``GtkClickGuard/dispatcher``).
  package init(dispatcher: ClickDispatcher = GtkClickGuard.dispatcher) {
    self.dispatcher = dispatcher
    pad = Button(label: localized("Click here to try"))
    pad.setAccessibleName(localized("Try-it pad"))
    gtk_widget_set_size_request(pad.widget, 200, 56)
    result = gtk_label_new(localized("Click the pad the way you click a button: this shows which clicks count."))
    gtk_label_set_line_wrap(result.cast(), 1)
    gtk_label_set_xalign(result.cast(), 0)
    setAccessibleName(result, localized("Try-it result"))
    let id = pad.id
    observer = dispatcher.addObserver { [weak self] decision in
      guard decision.activation.control == id else { return }
      self?.count(decision)
    }
  }

  isolated deinit {
    if let observer { dispatcher.removeObserver(observer) }
  }

  /// Judges the pad's clicks under `profile` with `windowMs`.
  package func configure(profile: GuardProfile, windowMs: Int) {
    dispatcher.configuration = tryItConfiguration(profile: profile, window: windowMs)
    dispatcher.forget(control: pad.id)
  }

  private func count(_ decision: ClickDecision) {
    if let lastClick, lastClick.duration(to: decision.instant) > Self.burstGap {
      counted = 0
      ignored = 0
    }
    lastClick = decision.instant
    if decision.runsAction { counted += 1 } else { ignored += 1 }
    let total = counted + ignored
    let text = localizedPlural(
      "You clicked {clicks} time; {counted} counted", "You clicked {clicks} times; {counted} counted", count: total
    )
    .filling(["clicks": String(total), "counted": String(counted)])
    gtk_label_set_text(result.cast(), text)
    setAccessibleName(result, text)
  }
}
