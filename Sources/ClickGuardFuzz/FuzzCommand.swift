#if CLICKGUARD_LIBFUZZER
  import CLibFuzzer
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// The target libFuzzer calls; set once, before the driver starts.
nonisolated(unsafe) private var chosenTarget: FuzzTarget?

/// libFuzzer's callback: runs the chosen target on one input.
private let testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
  chosenTarget?.run(UnsafeRawBufferPointer(start: data, count: size))
  return 0
}

/// The command line of `clickguard-fuzz`: `TARGET [ARGUMENT…]`.
enum FuzzCommand {
  static func main(_ arguments: [String]) -> Int32 {
    guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
      let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
      print("usage: clickguard-fuzz TARGET [libFuzzer option…] [CORPUS…]  (TARGET: \(names))")
      return 2
    }
    chosenTarget = target
    #if CLICKGUARD_LIBFUZZER
      // libFuzzer reads its own options and corpora; it sees the target's
      // name as the program's.
      var argc = Int32(arguments.count - 1)
      var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv + 1
      return LLVMFuzzerRunDriver(&argc, &argv, testOneInput)
    #else
      return replay(target, arguments.dropFirst(2))
    #endif
  }

  /// Runs `target` once over each file given, and each file of each
  /// directory given (not recursively).
  private static func replay(_ target: FuzzTarget, _ paths: ArraySlice<String>) -> Int32 {
    var count = 0
    for path in paths {
      for file in files(at: path) {
        guard let bytes = contents(of: file) else {
          print("clickguard-fuzz: cannot read \(file)")
          return 1
        }
        bytes.withUnsafeBytes { target.run($0) }
        count += 1
      }
    }
    print("clickguard-fuzz \(target.rawValue): \(count) inputs replayed, every invariant held")
    return 0
  }

  private static func files(at path: String) -> [String] {
    guard let directory = opendir(path) else { return [path] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
      }
      if !name.hasPrefix(".") { names.append(path + "/" + name) }
    }
    return names.sorted()
  }

  private static func contents(of path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&chunk, 1, chunk.count, file)
      bytes += chunk[..<count]
      if count < chunk.count { return ferror(file) == 0 ? bytes : nil }
    }
  }
}
