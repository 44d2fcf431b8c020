// clickguard-fuzz: one fuzz target per parser ClickGuard runs on input a
// user or another program controls (FuzzTarget). Built by `make fuzz` with
// -sanitize=fuzzer,address, it hands the chosen target to libFuzzer
// (`clickguard-fuzz rules -max_total_time=60 CORPUS`); in the ordinary build it
// runs the target once over each input file or directory given
// (`clickguard-fuzz rules Tests/Fuzz/Corpus/rules`), which is how `make test`
// replays the corpora. A broken invariant stops the program (fatalError), so
// libFuzzer keeps the input as a crash.

#if canImport(Glibc)
  import Glibc
#endif

exit(FuzzCommand.main(CommandLine.arguments))
