// DoctorFacts.LogFile: what is at the path CLICKGUARD_LOG names (by stat,
// which never blocks on a FIFO) and whether the module can log there: a
// FIFO logs only while a reader has it open, a device or a directory not
// at all. `clickguard doctor` lists these as problems.

import ClickGuardRules

extension DoctorFacts {
  /// The file `CLICKGUARD_LOG` names, as the file system has it.
  package struct LogFile: Equatable, Sendable {
    /// The path, for messages.
    package var name: String
    /// What is there (`stat`, which does not block on a FIFO), or `nil`:
    /// nothing yet.
    package var kind: FileKind?
    /// Whether the directory it would be created in exists.
    package var directoryExists: Bool

    /// A log file fact.
    package init(name: String, kind: FileKind?, directoryExists: Bool) {
      self.name = name
      self.kind = kind
      self.directoryExists = directoryExists
    }

    /// `CLICKGUARD_LOG`'s file as this machine has it, or `nil` when the
    /// variable is unset, empty or `-` (standard error).
    static func current(_ value: ByteString?) -> LogFile? {
      guard let value, !value.isEmpty, value != "-" else { return nil }
      let directory = value.directoryPart.map { $0.isEmpty ? "/" : $0 } ?? "."
      return LogFile(
        name: value.displayName, kind: FileKind.at(value), directoryExists: FileKind.at(directory) == .directory)
    }

    /// Why the module cannot log there, or `nil` when it can.
    package var problem: String? {
      let variable = ModuleConfiguration.logVariable
      let accepted = "accepted: a regular file, or one it can create in an existing directory; - for standard error"
      switch kind {
      case .regularFile: return nil
      case .fifo:
        return "\(variable)=\(name) is a FIFO: the module writes to it only while a reader has it open, "
          + "and with none it logs nothing (\(accepted))"
      case .some(let kind): return "\(variable)=\(name) is \(kind.words) (\(accepted))"
      case nil:
        return directoryExists ? nil : "\(variable)=\(name): its directory does not exist (\(accepted))"
      }
    }
  }
}
