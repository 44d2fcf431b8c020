// The rules file: parsing with GKeyFile, one warning per problem with its
// line, precedence between groups and the environment, and which widget
// rule matches — all without a display.

import ClickGuardRules
import XCTest

@testable import ClickGuard
@testable import ClickGuardGtk

final class RulesFileTests: XCTestCase {
  private let path = "/home/ana/.config/clickguard/clickguard.conf"

  private func parse(_ text: String, explicit: Bool = false) -> RulesFile {
    RulesFile(parsing: Array(text.utf8), location: RulesFileLocation(path: path, isExplicit: explicit))
  }

  private func inForce(_ text: String, program: String = "app", environment: [String: String] = [:])
    -> SettingsInForce
  {
    SettingsInForce(program: program, environment: environment, file: parse(text))
  }

  // MARK: Parsing

  func testTheContractsExampleParsesWithoutWarnings() {
    let file = parse(
      """
      [default]
      mode=enforce            # enforce | observe | off
      interval-ms=500         # 0..60000
      max-busy-ms=10000       # >= interval, <= 60000
      fence=true              # true | false
      settle-ms=400           # 0..5000 (default: gtk-double-click-time)

      # a program, by g_get_prgname()
      [gnome-calculator]
      interval-ms=300

      # a widget of that program, by selector
      [gnome-calculator: label=7]
      policy=exempt                 # guarded | exempt

      # a widget of any program
      [*: type=GtkSpinButton]
      policy=exempt
      """)
    XCTAssertEqual(file.status, .loaded)
    XCTAssertEqual(file.warnings, [])
    XCTAssertEqual(file.rules.defaults.mode?.value, .enforce)
    XCTAssertEqual(file.rules.defaults.interval?.value.milliseconds, 500)
    XCTAssertEqual(file.rules.defaults.interval?.origin, .file(path: path, line: 3, group: "default"))
    XCTAssertEqual(file.rules.defaults.maxBusy?.value.milliseconds, 10_000)
    XCTAssertEqual(file.rules.defaults.fence?.value, true)
    XCTAssertEqual(file.rules.defaults.settle?.value.milliseconds, 400)
    XCTAssertEqual(file.rules.programs["gnome-calculator"]?.interval?.value.milliseconds, 300)
    XCTAssertEqual(
      file.rules.widgetRules.map(\.groupName), ["gnome-calculator: label=7", "*: type=GtkSpinButton"])
    XCTAssertEqual(file.rules.widgetRules.first?.values.policy?.value, .exempt)
    XCTAssertEqual(
      file.rules.widgetRules.first?.values.policy?.origin,
      .file(path: path, line: 14, group: "gnome-calculator: label=7"))
  }

  func testGroupNames() {
    XCTAssertEqual(RuleGroupName(parsing: "default"), .defaults)
    XCTAssertEqual(RuleGroupName(parsing: "gnome-calculator"), .program("gnome-calculator"))
    XCTAssertEqual(
      RuleGroupName(parsing: "gnome-calculator: label=7"),
      .widget(program: "gnome-calculator", RuleSelector(.label, "7")))
    XCTAssertEqual(
      RuleGroupName(parsing: "*:type = GtkSpinButton"), .widget(program: nil, RuleSelector(.type, "GtkSpinButton")))
    XCTAssertEqual(RuleGroupName(parsing: "app: label=a=b"), .widget(program: "app", RuleSelector(.label, "a=b")))
    for bad in ["*", "", "app: colour=red", "app: label=", ": label=7", "app: label", "app=x"] {
      XCTAssertNil(RuleGroupName(parsing: bad), bad)
    }
  }

  func testABadValueWarnsOnceWithFileLineKeyAndWhatIsAccepted() {
    let file = parse(
      """
      [default]
      interval-ms=200

      [app]
      mode=loud
      interval-ms = fast
      settle-ms=5001
      fence=maybe
      """)
    XCTAssertEqual(file.warnings.count, 4, "\(file.warnings)")
    XCTAssertEqual(file.warnings.map(\.line), [5, 6, 7, 8])
    XCTAssertEqual(
      file.warnings[0].description,
      "\(path):5: [app] mode=\"loud\" is not accepted (accepted: enforce, observe or off); "
        + "it is ignored and the default applies")
    XCTAssertTrue(file.warnings[1].description.contains("interval-ms=\"fast\""))
    XCTAssertTrue(file.warnings[1].description.contains("whole milliseconds from 0 to 60000"))
    XCTAssertTrue(file.warnings[2].description.contains("from 0 to 5000"))
    XCTAssertTrue(file.warnings[3].description.contains("true or false"))
    // The bad interval falls back to the group below.
    let settings = SettingsInForce(program: "app", environment: [:], file: file)
    XCTAssertEqual(settings.guardConfiguration.interval.milliseconds, 200)
    XCTAssertEqual(settings.guardConfiguration.mode, .enforce)
  }

  func testRangeBounds() {
    for (key, value, isAccepted) in [
      ("interval-ms", "0", true), ("interval-ms", "60000", true), ("interval-ms", "60001", false),
      ("interval-ms", "-1", false), ("interval-ms", "1.5", false), ("interval-ms", "", false),
      ("max-busy-ms", "60000", true), ("max-busy-ms", "60001", false), ("settle-ms", "0", true),
      ("settle-ms", "5000", true), ("settle-ms", "5001", false), ("mode", "Observe", true),
      ("mode", "OFF", true), ("fence", "false", true), ("fence", "TRUE", true),
      // The environment's words too (issue 21: one vocabulary); a word neither takes is refused.
      ("fence", "on", true), ("fence", "yes", false),
    ] {
      let file = parse("[default]\n\(key)=\(value)\n")
      XCTAssertEqual(file.warnings.isEmpty, isAccepted, "\(key)=\(value): \(file.warnings)")
    }
    XCTAssertEqual(parse("[app: label=x]\npolicy=guarded\n").warnings, [])
    XCTAssertEqual(parse("[app: label=x]\npolicy=automatic\n").warnings.count, 1)
  }

  func testAMaxBusyShorterThanTheIntervalOfItsGroupIsIgnored() {
    let file = parse("[default]\ninterval-ms=800\nmax-busy-ms=300\n")
    XCTAssertEqual(file.warnings.map(\.line), [3])
    XCTAssertTrue(file.warnings[0].message.contains("max-busy-ms=300 is shorter than interval-ms=800"))
    XCTAssertNil(file.rules.defaults.maxBusy)
    XCTAssertEqual(file.rules.defaults.interval?.value.milliseconds, 800)
  }

  func testUnknownKeysGroupsAndSelectorsWarnNamingWhatIsAccepted() {
    let file = parse(
      """
      [default]
      intervall-ms=300
      policy=exempt

      [app: colour=red]
      policy=exempt

      [app: label=OK]
      speed=3
      """)
    XCTAssertEqual(file.warnings.map(\.line), [2, 3, 5, 9])
    XCTAssertTrue(file.warnings[0].message.contains("\"intervall-ms\""))
    XCTAssertTrue(file.warnings[0].message.contains("mode, interval-ms, max-busy-ms, fence, settle-ms"))
    XCTAssertTrue(file.warnings[1].message.contains("policy belongs in a widget group"))
    XCTAssertTrue(file.warnings[2].message.contains("[app: colour=red]"))
    XCTAssertTrue(file.warnings[2].message.contains("id, name, accessible, label, type, class"))
    XCTAssertTrue(file.warnings[3].message.contains("policy"))
    XCTAssertEqual(file.rules.widgetRules.map(\.groupName), ["app: label=OK"])
  }

  func testAFileGKeyFileCannotParseWarnsOnceWithItsLineAndGivesNoRules() {
    let file = parse("[default]\ninterval-ms=300\n[app]   # a comment after a group\nmode=off\n")
    XCTAssertEqual(file.status, .unusable)
    XCTAssertEqual(file.warnings.count, 1)
    XCTAssertEqual(file.warnings.first?.line, 3)
    XCTAssertTrue(file.warnings.first?.message.contains("using the defaults throughout") ?? false)
    XCTAssertEqual(file.rules, RuleSet())
    XCTAssertEqual(
      SettingsInForce(program: "app", environment: [:], file: file).guardConfiguration, GuardConfiguration())
  }

  func testAValueThatIsNotUTF8Warns() {
    let file = RulesFile(
      parsing: Array("[default]\nmode=".utf8) + [0xFF] + Array("\ninterval-ms=250\n".utf8),
      location: RulesFileLocation(path: path, isExplicit: false))
    XCTAssertEqual(file.warnings.map(\.line), [2])
    XCTAssertEqual(file.rules.defaults.interval?.value.milliseconds, 250)
  }

  func testTheDirectoriesOnTheWayGoFromTheFilesUpToTheRootOrDot() {
    func steps(_ path: String) -> [String] {
      RulesFileLocation(path: path, isExplicit: true).directoriesOnTheWay.map {
        "\($0.directory.displayName) \(String(decoding: $0.below, as: UTF8.self))"
      }
    }
    XCTAssertEqual(
      steps("/home/ana/.config/clickguard/clickguard.conf"),
      [
        "/home/ana/.config/clickguard clickguard.conf", "/home/ana/.config clickguard", "/home/ana .config",
        "/home ana", "/ home",
      ])
    XCTAssertEqual(steps("/clickguard.conf"), ["/ clickguard.conf"])
    XCTAssertEqual(steps("clickguard.conf"), [". clickguard.conf"])
    XCTAssertEqual(steps("rules//clickguard.conf"), ["rules/ clickguard.conf", ". rules"])
  }

  func testAFileThatCannotBeUsedAnyMoreKeepsTheSettingsInForce() {
    let warning = RulesFileWarning(
      path: path, line: nil, message: "cannot be parsed (x); using the defaults throughout")
    XCTAssertEqual(
      RulesFileWarning.keepingSettingsInForce([warning]).map(\.message),
      ["cannot be parsed (x); the settings in force stay until it is fixed"])
  }

  func testAMissingFileIsSilentAtTheDefaultPlaceAndWarnsWhenNamed() {
    let missing = "/nonexistent/clickguard/clickguard.conf"
    let atDefault = RulesFile(reading: RulesFileLocation(path: missing, isExplicit: false))
    XCTAssertEqual(atDefault.status, .missing)
    XCTAssertEqual(atDefault.warnings, [])
    let named = RulesFile(reading: RulesFileLocation(path: missing, isExplicit: true))
    XCTAssertEqual(named.status, .missing)
    XCTAssertEqual(named.warnings.count, 1)
    XCTAssertTrue(named.warnings.first?.description.hasPrefix(missing + ": cannot be read") ?? false)
    let directory = RulesFile(reading: RulesFileLocation(path: "/", isExplicit: false))
    XCTAssertEqual(directory.status, .unusable)
    XCTAssertEqual(directory.warnings.count, 1)
  }

  func testTheLocation() {
    XCTAssertEqual(
      RulesFileLocation(environment: [:], configDirectory: "/home/ana/.config"),
      RulesFileLocation(path: "/home/ana/.config/clickguard/clickguard.conf", isExplicit: false))
    XCTAssertEqual(
      RulesFileLocation(environment: ["CLICKGUARD_CONFIG": "/tmp/r.conf"], configDirectory: "/x"),
      RulesFileLocation(path: "/tmp/r.conf", isExplicit: true))
  }

  func testLinesOfGroupsAndKeys() {
    let text = KeyFileText("# c\n[a]\nk=1\n  [b]  \n k = 2\n#k=3\n[a]\nk=4\n")
    XCTAssertEqual(text.line(ofGroup: "a"), 7)
    XCTAssertEqual(text.line(ofGroup: "b"), 4)
    XCTAssertEqual(text.line(ofKey: "k", inGroup: "a"), 8)
    XCTAssertEqual(text.line(ofKey: "k", inGroup: "b"), 5)
    XCTAssertNil(text.line(ofKey: "j", inGroup: "a"))
    XCTAssertNil(text.line(ofGroup: "c"))
  }

  // MARK: Precedence

  func testTheProgramGroupOverridesDefaultAndTheEnvironmentOverridesBoth() {
    let text = "[default]\ninterval-ms=300\nmode=observe\nmax-busy-ms=5000\n[app]\ninterval-ms=700\n"
    let fileOnly = inForce(text)
    XCTAssertEqual(fileOnly.guardConfiguration.interval.milliseconds, 700)
    XCTAssertEqual(fileOnly.guardConfiguration.mode, .observe)
    XCTAssertEqual(fileOnly.guardConfiguration.maxBusy.milliseconds, 5000)
    XCTAssertEqual(inForce(text, program: "other").guardConfiguration.interval.milliseconds, 300)

    let overridden = inForce(text, environment: ["CLICKGUARD_INTERVAL_MS": "150", "CLICKGUARD_MODE": "enforce"])
    XCTAssertEqual(overridden.guardConfiguration.interval.milliseconds, 150)
    XCTAssertEqual(overridden.guardConfiguration.mode, .enforce)
    XCTAssertEqual(
      overridden.entries.map { "\($0.key)=\($0.value) \($0.origin)" },
      [
        "mode=enforce CLICKGUARD_MODE", "interval-ms=150 CLICKGUARD_INTERVAL_MS",
        "max-busy-ms=5000 \(path):4 [default]", "fence=true built-in default",
        "settle-ms=gtk-double-click-time built-in default", "profile=lag built-in default",
        "feedback=off built-in default",
      ])
    // A rejected variable does not override the file.
    let rejected = inForce(text, environment: ["CLICKGUARD_INTERVAL_MS": "fast"])
    XCTAssertEqual(rejected.guardConfiguration.interval.milliseconds, 700)
    XCTAssertEqual(rejected.warnings.count, 1)
  }

  func testTheFenceVariablesOverrideTheFileAndReachTheModule() {
    let text = "[default]\nfence=false\nsettle-ms=300\n"
    let fileOnly = inForce(text).moduleConfiguration.fence
    XCTAssertEqual(fileOnly, FenceSettings(isEnabled: false, settle: try ClickInterval(milliseconds: 300)))
    let overridden = inForce(text, environment: ["CLICKGUARD_FENCE": "on", "CLICKGUARD_SETTLE_MS": "250"])
    XCTAssertEqual(
      overridden.moduleConfiguration.fence, FenceSettings(isEnabled: true, settle: try ClickInterval(milliseconds: 250))
    )
    XCTAssertEqual(
      overridden.entries.dropFirst(3).prefix(2).map { "\($0.key)=\($0.value) \($0.origin)" },
      ["fence=true CLICKGUARD_FENCE", "settle-ms=250 CLICKGUARD_SETTLE_MS"])
    XCTAssertEqual(inForce("").moduleConfiguration.fence, FenceSettings())
  }

  func testWithoutAFileEverySettingIsTheBuiltInDefault() {
    let settings = inForce("")
    XCTAssertEqual(settings.guardConfiguration, GuardConfiguration())
    XCTAssertEqual(settings.entries.map(\.origin), Array(repeating: .builtIn, count: 7))
    XCTAssertEqual(
      settings.entries.map(\.value), ["enforce", "500", "10000", "true", "gtk-double-click-time", "lag", "off"])
    XCTAssertFalse(settings.moduleConfiguration.rules.hasWidgetRules)
  }

  func testAMaxBusyBelowTheIntervalInForceIsRaisedToIt() {
    let settings = inForce("[default]\nmax-busy-ms=300\n", environment: ["CLICKGUARD_INTERVAL_MS": "900"])
    XCTAssertEqual(settings.guardConfiguration.maxBusy.milliseconds, 900)
  }

  // MARK: Widget rules

  private let calculatorRules = """
    [*: type=GtkSpinButton]
    policy=exempt

    [*: label=7]
    interval-ms=100
    mode=observe

    [calc: label=7]
    policy=exempt
    interval-ms=50

    [calc: class=slow]
    interval-ms=2000

    [calc: id=load_button]
    interval-ms=2500

    [calc: name=digit]
    policy=guarded

    [calc: accessible=Load file]
    max-busy-ms=30000

    [other: label=7]
    policy=guarded
    """

  func testTheProgramsWidgetGroupOverridesTheAnyProgramGroupKeyByKey() {
    let rules = parse(calculatorRules).rules.forProgram("calc")
    let seven = rules.values(for: WidgetDescription(label: "7", typeNames: ["GtkButton", "GtkBin"]))
    XCTAssertEqual(seven.policy?.value, .exempt)
    XCTAssertEqual(seven.interval?.value.milliseconds, 50)
    XCTAssertEqual(seven.mode?.value, .observe)
    XCTAssertEqual(seven.mode?.origin, .file(path: path, line: 6, group: "*: label=7"))
    XCTAssertEqual(
      seven.controlSettings,
      ControlSettings(policy: .exempt, interval: try ClickInterval(milliseconds: 50), mode: .observe))
    // In another program only the `*` group and that program's apply.
    let elsewhere = parse(calculatorRules).rules.forProgram("other")
      .values(for: WidgetDescription(label: "7"))
    XCTAssertEqual(elsewhere.policy?.value, .guarded)
    XCTAssertEqual(elsewhere.interval?.value.milliseconds, 100)
  }

  func testEverySelectorKindMatches() {
    let rules = parse(calculatorRules).rules.forProgram("calc")
    XCTAssertEqual(
      rules.values(for: WidgetDescription(typeNames: ["GtkSpinButton", "GtkEntry", "GtkWidget"])).policy?.value, .exempt
    )
    XCTAssertEqual(
      rules.values(for: WidgetDescription(styleClasses: ["flat", "slow"])).interval?.value.milliseconds, 2000)
    XCTAssertEqual(rules.values(for: WidgetDescription(builderID: "load_button")).interval?.value.milliseconds, 2500)
    XCTAssertEqual(rules.values(for: WidgetDescription(name: "digit")).policy?.value, .guarded)
    XCTAssertEqual(
      rules.values(for: WidgetDescription(accessibleName: "Load file")).maxBusy?.value.milliseconds, 30_000)
    // The later group wins: id after class.
    let both = WidgetDescription(builderID: "load_button", styleClasses: ["slow"])
    XCTAssertEqual(rules.values(for: both).interval?.value.milliseconds, 2500)
    XCTAssertTrue(rules.values(for: WidgetDescription(label: "8", typeNames: ["GtkButton"])).isEmpty)
    XCTAssertEqual(rules.selectorKinds, [.type, .label, .class, .id, .name, .accessible])
    XCTAssertEqual(parse("[x: label=a]\n").rules.forProgram("calc").hasWidgetRules, false)
  }

  func testALabelMatchesWithOrWithoutItsMnemonic() {
    let rules = parse("[app: label=Export]\npolicy=exempt\n[app: label=Save _As]\npolicy=exempt\n").rules
      .forProgram("app")
    XCTAssertEqual(rules.values(for: WidgetDescription(label: "_Export")).policy?.value, .exempt)
    XCTAssertEqual(rules.values(for: WidgetDescription(label: "Export")).policy?.value, .exempt)
    XCTAssertEqual(rules.values(for: WidgetDescription(label: "Save __As")).policy?.value, .exempt)
    XCTAssertTrue(rules.values(for: WidgetDescription(label: "Exports")).isEmpty)
  }

  func testWidgetGroupsBeatTheEnvironment() {
    let settings = inForce("[app: label=Load]\ninterval-ms=2000\n", environment: ["CLICKGUARD_INTERVAL_MS": "300"])
    XCTAssertEqual(settings.guardConfiguration.interval.milliseconds, 300)
    XCTAssertEqual(
      settings.moduleConfiguration.rules.values(for: WidgetDescription(label: "Load")).interval?.value.milliseconds,
      2000)
  }
}
