#!/usr/bin/env bash
# Runs the built ClickGuard demo when a display can be opened; otherwise says
# so and runs the scripted showcase (real clicks through xdotool) under Xvfb.
# Called by `make demo`, after the build; arguments go to the demo.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
xvfb=${XVFB:-xvfb-run -a -s "-screen 0 1280x1024x24 -ac"}
bin=$($swift build --show-bin-path)

if [ -n "${WAYLAND_DISPLAY:-}" ] || { [ -n "${DISPLAY:-}" ] && xdotool getdisplaygeometry >/dev/null 2>&1; }; then
  echo "demo: starting $bin/clickguard-demo $* (close the window to quit; --help lists the options)"
  exec "$bin/clickguard-demo" "$@"
fi

if [ -z "${DISPLAY:-}" ]; then
  echo "demo: no display (DISPLAY is unset)."
else
  echo "demo: no display (DISPLAY=$DISPLAY cannot be opened)."
fi
echo "demo: running the scripted showcase under Xvfb instead: real clicks on the demo under each lag shape."
mkdir -p out/showcase
eval "$xvfb" '"$bin/clickguard-showcase"' --demo '"$bin/clickguard-demo"' --out out/showcase
