// Two demo logs recorded under Xvfb with real clicks (make showcase), kept
// as fixed events for the timeline's rendering tests: the `layout`,
// `first-frame` and `quit` lines are left out, and the gates' `accepted`
// and `finished` lines are written in where the dispatcher logs them.

/// Recorded demo logs.
enum TimelineFixtures {
  /// Scenario 4, guard on: `--async-ms 1500 --transition-ms 0`, 6 clicks on
  /// open-details 200 ms apart: 1 accepted, 5 dropped as busy, 1 navigation.
  static let asyncLoad = #"""
    {"type":"start","seq":1,"mono_ms":3176001.779,"app_id":"io.github.clickguard.Demo","pid":15799,"resources":"/work/wt-timeline/Resources","options":{"interval_ms":500,"stall_ms":0,"stall_every_ms":0,"handler_lag_ms":0,"async_ms":1500,"transition_ms":0,"navigate_later":false,"guard":true,"observe":false,"fence":true,"log_file":"/tmp/scall/e2e-4-on.jsonl","screenshot":null,"quit_after_first_frame":false}}
    {"type":"decision","seq":4,"mono_ms":3176385.404,"control":"open-details","action":"clicked","kind":"button","outcome":"accepted","reason":null,"gate":"0x5631cd573a40/clicked","source":"user","event_time":3176384,"runs_action":true}
    {"type":"gate","seq":4,"mono_ms":3176385.404,"control":"open-details","transition":"accepted","interval_ms":500,"at_ms":3176385.404,"until_ms":3186385.404}
    {"type":"action","seq":5,"mono_ms":3176386.065,"control":"open-details","does":"navigate"}
    {"type":"lag","seq":6,"mono_ms":3176386.449,"kind":"async","ms":1500,"trigger":"open-details"}
    {"type":"decision","seq":7,"mono_ms":3176589.152,"control":"open-details","action":"clicked","kind":"button","outcome":"dropped","reason":"busy","gate":"0x5631cd573a40/clicked","source":"user","event_time":3176588,"runs_action":false}
    {"type":"decision","seq":8,"mono_ms":3176789.622,"control":"open-details","action":"clicked","kind":"button","outcome":"dropped","reason":"busy","gate":"0x5631cd573a40/clicked","source":"user","event_time":3176788,"runs_action":false}
    {"type":"decision","seq":9,"mono_ms":3176989.648,"control":"open-details","action":"clicked","kind":"button","outcome":"dropped","reason":"busy","gate":"0x5631cd573a40/clicked","source":"user","event_time":3176988,"runs_action":false}
    {"type":"decision","seq":10,"mono_ms":3177189.666,"control":"open-details","action":"clicked","kind":"button","outcome":"dropped","reason":"busy","gate":"0x5631cd573a40/clicked","source":"user","event_time":3177189,"runs_action":false}
    {"type":"decision","seq":11,"mono_ms":3177390.049,"control":"open-details","action":"clicked","kind":"button","outcome":"dropped","reason":"busy","gate":"0x5631cd573a40/clicked","source":"user","event_time":3177389,"runs_action":false}
    {"type":"navigation","seq":12,"mono_ms":3177894.875,"move":"push","from":"home","to":"details","depth":2,"stack":["home","details"],"control":"open-details"}
    {"type":"gate","seq":12,"mono_ms":3177894.875,"control":"open-details","transition":"finished","interval_ms":500,"at_ms":3177894.875,"until_ms":3178394.875}
    """#

  /// Scenario 5, guard on: `--handler-lag-ms 1000`, 30 clicks 100 ms apart:
  /// 1 accepted, the handler lag, 1 navigation, then 29 presses fenced
  /// (18 clicks; a double click's two presses share one event time).
  static let spillOver = #"""
    {"type":"start","seq":1,"mono_ms":3186287.005,"app_id":"io.github.clickguard.Demo","pid":16142,"resources":"/work/wt-timeline/Resources","options":{"interval_ms":500,"stall_ms":0,"stall_every_ms":0,"handler_lag_ms":1000,"async_ms":0,"transition_ms":250,"navigate_later":false,"guard":true,"observe":false,"fence":true,"log_file":"/tmp/scall/e2e-5-on.jsonl","screenshot":null,"quit_after_first_frame":false}}
    {"type":"decision","seq":4,"mono_ms":3186618.336,"control":"open-details","action":"clicked","kind":"button","outcome":"accepted","reason":null,"gate":"0x5606d2cd0a40/clicked","source":"user","event_time":3186617,"runs_action":true}
    {"type":"gate","seq":4,"mono_ms":3186618.336,"control":"open-details","transition":"accepted","interval_ms":500,"at_ms":3186618.336,"until_ms":3196618.336}
    {"type":"action","seq":5,"mono_ms":3186619.001,"control":"open-details","does":"navigate"}
    {"type":"lag","seq":6,"mono_ms":3186619.341,"kind":"handler","ms":1000,"trigger":"open-details"}
    {"type":"navigation","seq":7,"mono_ms":3187620.833,"move":"push","from":"home","to":"details","depth":2,"stack":["home","details"],"control":"open-details"}
    {"type":"gate","seq":7,"mono_ms":3187620.833,"control":"open-details","transition":"finished","interval_ms":500,"at_ms":3187620.833,"until_ms":3188120.833}
    {"type":"fence-drop","seq":8,"mono_ms":3187820.603,"page":"details","reason":"transition","event_time":3187820}
    {"type":"fence-drop","seq":10,"mono_ms":3187920.815,"page":"details","reason":"settling","event_time":3187920}
    {"type":"fence-drop","seq":11,"mono_ms":3188021.07,"page":"details","reason":"settling","event_time":3188020}
    {"type":"fence-drop","seq":12,"mono_ms":3188021.708,"page":"details","reason":"settling","event_time":3188020}
    {"type":"fence-drop","seq":13,"mono_ms":3188121.291,"page":"details","reason":"settling","event_time":3188120}
    {"type":"fence-drop","seq":14,"mono_ms":3188121.933,"page":"details","reason":"settling","event_time":3188120}
    {"type":"fence-drop","seq":15,"mono_ms":3188221.475,"page":"details","reason":"continuing-burst","event_time":3188221}
    {"type":"fence-drop","seq":16,"mono_ms":3188321.736,"page":"details","reason":"continuing-burst","event_time":3188321}
    {"type":"fence-drop","seq":17,"mono_ms":3188322.265,"page":"details","reason":"continuing-burst","event_time":3188321}
    {"type":"fence-drop","seq":18,"mono_ms":3188421.991,"page":"details","reason":"continuing-burst","event_time":3188421}
    {"type":"fence-drop","seq":19,"mono_ms":3188422.475,"page":"details","reason":"continuing-burst","event_time":3188421}
    {"type":"fence-drop","seq":20,"mono_ms":3188522.234,"page":"details","reason":"continuing-burst","event_time":3188521}
    {"type":"fence-drop","seq":21,"mono_ms":3188622.47,"page":"details","reason":"continuing-burst","event_time":3188622}
    {"type":"fence-drop","seq":22,"mono_ms":3188622.994,"page":"details","reason":"continuing-burst","event_time":3188622}
    {"type":"fence-drop","seq":23,"mono_ms":3188722.716,"page":"details","reason":"continuing-burst","event_time":3188722}
    {"type":"fence-drop","seq":24,"mono_ms":3188723.246,"page":"details","reason":"continuing-burst","event_time":3188722}
    {"type":"fence-drop","seq":25,"mono_ms":3188824.418,"page":"details","reason":"continuing-burst","event_time":3188822}
    {"type":"fence-drop","seq":26,"mono_ms":3188924.754,"page":"details","reason":"continuing-burst","event_time":3188924}
    {"type":"fence-drop","seq":27,"mono_ms":3188925.513,"page":"details","reason":"continuing-burst","event_time":3188924}
    {"type":"fence-drop","seq":28,"mono_ms":3189024.927,"page":"details","reason":"continuing-burst","event_time":3189024}
    {"type":"fence-drop","seq":29,"mono_ms":3189025.616,"page":"details","reason":"continuing-burst","event_time":3189024}
    {"type":"fence-drop","seq":30,"mono_ms":3189126.1,"page":"details","reason":"continuing-burst","event_time":3189125}
    {"type":"fence-drop","seq":31,"mono_ms":3189226.448,"page":"details","reason":"continuing-burst","event_time":3189226}
    {"type":"fence-drop","seq":32,"mono_ms":3189226.994,"page":"details","reason":"continuing-burst","event_time":3189226}
    {"type":"fence-drop","seq":33,"mono_ms":3189328.475,"page":"details","reason":"continuing-burst","event_time":3189328}
    {"type":"fence-drop","seq":34,"mono_ms":3189328.984,"page":"details","reason":"continuing-burst","event_time":3189328}
    {"type":"fence-drop","seq":35,"mono_ms":3189426.844,"page":"details","reason":"continuing-burst","event_time":3189426}
    {"type":"fence-drop","seq":36,"mono_ms":3189527.035,"page":"details","reason":"continuing-burst","event_time":3189526}
    {"type":"fence-drop","seq":37,"mono_ms":3189527.556,"page":"details","reason":"continuing-burst","event_time":3189526}
    """#
}
