// The dispatcher's gate tables against Swift's Dictionary: random inserts,
// lookups, in-place updates and removals (backward shift) over addresses
// that collide in the table, the control whose identity is 0, growth, and
// group keys by interned id.

import Testing

@testable import ClickGuard

struct GateTableTests {
  /// One seeded run of `steps` random operations over `universe` identities,
  /// checked against a Dictionary after every step.
  private func compareWithDictionary(seed: UInt64, steps: Int, universe: Int) {
    var rng = SplitMix64(seed: seed)
    var table = ControlTable(vacant: -1)
    var reference: [ControlID: Int] = [:]
    // 16-byte aligned addresses close together (GObjects from one allocator),
    // plus 0 and the largest identity.
    let ids = (0..<universe).map { ControlID(0x5555_0000_0000 + UInt($0) * 16) } + [ControlID(0), ControlID(.max)]
    for step in 0..<steps {
      let id = ids[Int(rng.next() % UInt64(ids.count))]
      switch rng.next() % 4 {
      case 0, 1:
        if let slot = table.slot(of: id) {
          table[slot] += 1
          reference[id]! += 1
        } else {
          let slot = table.insert(step, for: id)
          #expect(table[slot] == step)
          reference[id] = step
        }
      case 2:
        #expect(table.remove(id) == reference.removeValue(forKey: id))
      default:
        #expect(table.value(for: id) == reference[id])
      }
      #expect(table.count == reference.count)
    }
    for id in ids { #expect(table.value(for: id) == reference[id], "seed \(seed), \(id)") }
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func controlTableMatchesADictionary(seed: UInt64) {
    // Few identities: many removals inside probe runs. Many: growth.
    compareWithDictionary(seed: seed, steps: 4_000, universe: 24)
    compareWithDictionary(seed: seed &+ 100, steps: 20_000, universe: 3_000)
  }

  @Test func everyControlComesAndGoesAndTheTableEmpties() {
    var table = ControlTable(vacant: 0)
    let ids = (1...5_000).map { ControlID(UInt($0) * 0x1a0) }
    for (n, id) in ids.enumerated() { _ = table.insert(n, for: id) }
    #expect(table.count == ids.count)
    for (n, id) in ids.enumerated() { #expect(table.value(for: id) == n) }
    for id in ids.reversed() { #expect(table.remove(id) != nil) }
    #expect(table.count == 0)
    for id in ids { #expect(table.slot(of: id) == nil) }
    #expect(table.remove(ControlID(0)) == nil)
  }

  @Test func groupTableKeysByInternedID() {
    var table = GroupTable<String>()
    let late = GroupKey("gate-table-test.late")
    let early = GroupKey("gate-table-test.early")
    #expect(table.slot(of: late) == nil)
    let slot = table.insert("late", for: late)
    table[slot] += "!"
    #expect(table.value(for: late) == "late!")
    #expect(table.value(for: early) == nil)
    _ = table.insert("early", for: early)
    #expect(table.count == 2)
    table.removeAll()
    #expect(table.count == 0)
    #expect(table.value(for: late) == nil)
  }
}
