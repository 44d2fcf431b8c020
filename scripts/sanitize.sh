#!/usr/bin/env bash
# make sanitize: the core (ClickGuardTests), GTK-layer (ClickGuardGtkTests)
# and module (ClickGuardGtkModuleTests) suites under AddressSanitizer with
# LeakSanitizer, then under UndefinedBehaviorSanitizer. Each sanitizer
# builds in a scratch directory of its own (.build/asan, .build/ubsan), so
# the ordinary debug build is left alone. GTK tests run under Xvfb.
# Suppressions, each explained, are in scripts/sanitizers/.
set -euo pipefail
SWIFT=${SWIFT:-swift}
XVFB=${XVFB:-xvfb-run -a -s "-screen 0 1280x1024x24 -ac"}
here=$(cd "$(dirname "$0")" && pwd)
suites='ClickGuardTests\.|ClickGuardGtkTests\.|ClickGuardGtkModuleTests\.'
# The module tests load the module into C and Python GTK apps that are not
# built with ASan: the ASan runtime is preloaded into them, and they run
# with leak detection off (their own and GTK's leaks at exit are not ours);
# the test process itself keeps LeakSanitizer on.
asan_runtime=$(dirname "$(dirname "$(command -v "$SWIFT")")")/lib/clang/*/lib/linux/libclang_rt.asan-x86_64.so
for sanitizer in address undefined; do
  scratch=.build/$([ $sanitizer = address ] && echo asan || echo ubsan)
  start=$(date +%s)
  "$SWIFT" build --build-tests --scratch-path "$scratch" --sanitize=$sanitizer
  built=$(date +%s)
  # halt_on_error / abort: a finding fails the run; the suppression files
  # hold only what GTK, GLib and their dependencies need.
  env ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:halt_on_error=1:suppressions=$here/sanitizers/asan.supp" \
    LSAN_OPTIONS="suppressions=$here/sanitizers/lsan.supp:print_suppressions=0" \
    UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:suppressions=$here/sanitizers/ubsan.supp" \
    CLICKGUARD_TEST_CHILD_PRELOAD="$([ $sanitizer = address ] && echo $asan_runtime || true)" \
    SWIFT_BACKTRACE=enable=no \
    $XVFB "$SWIFT" test --skip-build --scratch-path "$scratch" --sanitize=$sanitizer --filter "$suites"
  echo "sanitize: $sanitizer: built in $((built - start)) s, tests in $(($(date +%s) - built)) s"
done
echo "make sanitize: the core, GTK-layer and module suites pass under ASan (with LSan) and UBSan"
