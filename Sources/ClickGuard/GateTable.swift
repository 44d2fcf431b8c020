// GateTable: the dispatcher's tables of gates — per control (an open-
// addressing hash table keyed by the control's identity) and per group (an
// array indexed by the group key's interned id).

/// Maps each ``ControlID`` to a value, looked up on every decision.
///
/// Open addressing with linear probing over one array of keys and one of
/// values; lookups return the slot, so a gate is judged in place, without
/// copying it out and back. Identities are addresses: distinct, spread and
/// chosen by nobody outside the process, so a multiplicative (Fibonacci) hash
/// is enough and no flooding defence is needed. Removal shifts the following
/// entries back, so there are no tombstones and probes stay short however
/// many controls come and go. Key 0 marks an empty slot; a control whose
/// identity is 0 is kept in one extra slot after the table.
struct ControlTable<Value> {
  private var keys: [UInt]
  private var values: [Value]
  /// `capacity - 1`; the capacity is a power of two.
  private var mask: Int
  /// `64 - log2(capacity)`: the hash is the product's top bits.
  private var shift: Int
  private var hasZeroKey = false
  /// How many controls have a value.
  private(set) var count = 0
  /// What empty slots hold.
  private let vacant: Value

  private static var minimumCapacity: Int { 16 }

  /// An empty table; `vacant` fills unused slots.
  init(vacant: Value) {
    self.vacant = vacant
    keys = Array(repeating: 0, count: Self.minimumCapacity)
    values = Array(repeating: vacant, count: Self.minimumCapacity + 1)
    mask = Self.minimumCapacity - 1
    shift = 64 - Self.minimumCapacity.trailingZeroBitCount
  }

  /// The slot of `control`'s value, or `nil` when it has none.
  @inline(__always)
  func slot(of control: ControlID) -> Int? {
    let key = control.rawValue
    if key == 0 { return hasZeroKey ? mask + 1 : nil }
    var slot = home(key)
    while true {
      let found = keys[slot]
      if found == key { return slot }
      if found == 0 { return nil }
      slot = (slot &+ 1) & mask
    }
  }

  /// The value in `slot` (from ``slot(of:)`` or ``insert(_:for:)``).
  subscript(slot: Int) -> Value {
    @inline(__always) _read { yield values[slot] }
    @inline(__always) _modify { yield &values[slot] }
  }

  /// The value of `control`, or `nil` when it has none.
  func value(for control: ControlID) -> Value? {
    slot(of: control).map { values[$0] }
  }

  /// Stores `value` for `control`, which must have none yet.
  /// - Returns: the slot it went to.
  mutating func insert(_ value: Value, for control: ControlID) -> Int {
    let key = control.rawValue
    if key == 0 {
      hasZeroKey = true
      count += 1
      values[mask + 1] = value
      return mask + 1
    }
    // At most three quarters full, so probes stay short.
    if (count + 1) * 4 > (mask + 1) * 3 { grow() }
    var slot = home(key)
    while keys[slot] != 0 { slot = (slot &+ 1) & mask }
    keys[slot] = key
    values[slot] = value
    count += 1
    return slot
  }

  /// Removes `control`'s value.
  /// - Returns: the value removed, or `nil` when it had none.
  @discardableResult
  mutating func remove(_ control: ControlID) -> Value? {
    guard let slot = slot(of: control) else { return nil }
    let removed = values[slot]
    values[slot] = vacant
    count -= 1
    if control.rawValue == 0 {
      hasZeroKey = false
      return removed
    }
    // Backward shift: move each following entry of the run into the hole
    // when the hole lies between its home slot and where it sits.
    var hole = slot
    var next = (slot + 1) & mask
    while keys[next] != 0 {
      let home = home(keys[next])
      if (next &- home) & mask >= (next &- hole) & mask {
        keys[hole] = keys[next]
        values[hole] = values[next]
        values[next] = vacant
        hole = next
      }
      next = (next + 1) & mask
    }
    keys[hole] = 0
    return removed
  }

  /// Removes every value.
  mutating func removeAll() {
    self = ControlTable(vacant: vacant)
  }

  @inline(__always)
  private func home(_ key: UInt) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
  }

  private mutating func grow() {
    let oldKeys = keys
    let oldValues = values
    let capacity = (mask + 1) * 2
    keys = Array(repeating: 0, count: capacity)
    values = Array(repeating: vacant, count: capacity + 1)
    mask = capacity - 1
    shift = 64 - capacity.trailingZeroBitCount
    values[capacity] = oldValues[oldKeys.count]
    for (index, key) in oldKeys.enumerated() where key != 0 {
      var slot = home(key)
      while keys[slot] != 0 { slot = (slot &+ 1) & mask }
      keys[slot] = key
      values[slot] = oldValues[index]
    }
  }
}

/// Maps each ``GroupKey`` to a value: an array indexed by the key's interned
/// id (ids are small and dense: one per distinct group name in the process).
struct GroupTable<Value> {
  private var values: [Value?] = []
  /// How many groups have a value.
  private(set) var count = 0

  /// The slot of `group`'s value, or `nil` when it has none.
  @inline(__always)
  func slot(of group: GroupKey) -> Int? {
    let slot = Int(group.id)
    return slot < values.count && values[slot] != nil ? slot : nil
  }

  /// The value in `slot` (from ``slot(of:)`` or ``insert(_:for:)``).
  subscript(slot: Int) -> Value {
    @inline(__always) _read { yield values[slot]! }
    @inline(__always) _modify { yield &values[slot]! }
  }

  /// The value of `group`, or `nil` when it has none.
  func value(for group: GroupKey) -> Value? {
    slot(of: group).map { values[$0]! }
  }

  /// Stores `value` for `group`, which must have none yet.
  /// - Returns: the slot it went to.
  mutating func insert(_ value: Value, for group: GroupKey) -> Int {
    let slot = Int(group.id)
    if slot >= values.count { values += Array(repeating: nil, count: slot + 1 - values.count) }
    values[slot] = value
    count += 1
    return slot
  }

  /// Removes every value.
  mutating func removeAll() {
    values.removeAll()
    count = 0
  }
}
