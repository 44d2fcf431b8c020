// The rules language (RulesFile, for the rules-file row) for every file of
// the bench, beside the module it configures.
@_exported import ClickGuardRules
