#!/usr/bin/env bash
# make sanitize: the core (ClickGuardTests), GTK-layer (ClickGuardGtkTests)
# and module suites (real apps, Wayland) under AddressSanitizer with
# LeakSanitizer, then under UndefinedBehaviorSanitizer. Each sanitizer
# builds in a scratch directory of its own (.build/asan, .build/ubsan), so
# the ordinary debug build is left alone. GTK tests run under Xvfb.
# Suppressions, each explained, are in scripts/sanitizers/.
set -euo pipefail
SWIFT=${SWIFT:-swift}
here=$(cd "$(dirname "$0")" && pwd)
# The module's suites load the module into GTK apps that are not built
# with a sanitizer. The UBSan module carries its runtime (a shared library)
# and loads anywhere; for ASan the test support preloads the toolchain's
# shared ASan runtime into each app it starts with the module
# (CLICKGUARD_TEST_ASAN_RUNTIME). Both run every module suite, the real
# Debian apps and the Wayland session among them, but the labelled corpus:
# its driver (corpus.py) starts the apps itself, without the preload.
core='ClickGuardTests\.|ClickGuardGtkTests\.'
module='ClickGuardGtkModuleTests\.(?!CorpusTests)'
# SANITIZE_SUITES sets the suites (a --filter regex) for every sanitizer.
suites=${SANITIZE_SUITES:-$core|$module}
# UBSan: Swift's own checks (overflow, bounds, unwrapping) trap in every
# build, and swift build refuses --sanitize=undefined on this target, so
# UBSan goes where Swift's checks do not: the C the suites run through our
# modules' inline helpers (Modules/*/shim.h), compiled by clang with
# -fsanitize=undefined (-Xcc) and linked with clang's UBSan runtime from the
# toolchain. A finding aborts the run (-fno-sanitize-recover).
clang_runtime=$(ls -d "$(dirname "$(readlink -f "$(command -v swiftc)")")"/../lib/clang/*/lib/linux | head -1)
for sanitizer in ${SANITIZERS:-address undefined}; do
  case $sanitizer in
    address)
      scratch=.build/asan
      flags=(--sanitize=address)
      child_runtime="$clang_runtime/libclang_rt.asan-x86_64.so" ;;
    undefined)
      scratch=.build/ubsan
      child_runtime=
      flags=(-Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
        -Xlinker "$clang_runtime/libclang_rt.ubsan_standalone-x86_64.so" -Xlinker -rpath="$clang_runtime") ;;
    *) echo "sanitize: $sanitizer: not a sanitizer this script runs (address, undefined)" >&2; exit 2 ;;
  esac
  start=$(date +%s)
  "$SWIFT" build --build-tests --scratch-path "$scratch" "${flags[@]}"
  built=$(date +%s)
  # halt_on_error / abort: a finding fails the run; the suppression files
  # hold only what GTK, GLib and their dependencies need. UBSan leaves
  # crash signals alone (handle_*=0): an app that crashes must end by its
  # signal, as without ClickGuard (ModuleProcessTests checks it).
  env ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:halt_on_error=1:suppressions=$here/sanitizers/asan.supp" \
    LSAN_OPTIONS="suppressions=$here/sanitizers/lsan.supp:print_suppressions=0" \
    UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_abort=0:handle_sigill=0:suppressions=$here/sanitizers/ubsan.supp" \
    CLICKGUARD_TEST_ASAN_RUNTIME="$child_runtime" SWIFT_BACKTRACE=enable=no NO_AT_BRIDGE=1 \
    xvfb-run -a -s "-screen 0 1280x1024x24 -ac" "$SWIFT" test --skip-build --scratch-path "$scratch" "${flags[@]}" --filter "$suites"
  echo "sanitize: $sanitizer: built in $((built - start)) s, tests in $(($(date +%s) - built)) s"
  echo "sanitize: $sanitizer: the suites ($suites) pass"
done
echo "make sanitize: passes under ${SANITIZERS:-address undefined}"
