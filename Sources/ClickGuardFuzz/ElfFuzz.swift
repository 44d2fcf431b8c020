import ClickGuardAppSupport
import ClickGuardCommandKit
import ClickGuardGObject

/// The ELF dependency reader on any bytes, as a file it opens.
///
/// Invariants (with AddressSanitizer for the reads themselves): it returns
/// `nil` for anything that is not ELF; every name it gives is bytes of the
/// file, without a NUL, and there are no more names than dynamic entries
/// fit in the file.
enum ElfFuzz {
  static func run(_ input: UnsafeRawBufferPointer) {
    let path = FuzzScratch.write(input, to: "program")
    guard let names = ElfDependencies.needed(byFile: ByteString(path)) else { return }
    guard input.starts(with: [0x7f, 0x45, 0x4c, 0x46]) else {
      fatalError("elf: names read from a file that is not ELF")
    }
    guard names.count <= input.count / 8 else { fatalError("elf: \(names.count) names from \(input.count) bytes") }
    for name in names where name.utf8.contains(0) || name.utf8.count > input.count {
      fatalError("elf: a name that is not in the file: \(name.debugDescription)")
    }
  }
}
