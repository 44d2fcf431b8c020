#!/usr/bin/env bash
# Prints ClickGuard's version, read from its one source,
# Sources/ClickGuard/ClickGuardVersion.swift (what every program's --version
# prints). The Makefile and scripts/deb.sh take the package's version from here.
set -euo pipefail
cd "$(dirname "$0")/.."

source_file=Sources/ClickGuard/ClickGuardVersion.swift
version=$(sed -n 's/^ *public static let current = "\([^"]*\)"$/\1/p' "$source_file")
if [ -z "$version" ]; then
  echo "version: no 'public static let current = \"…\"' line in $source_file" >&2
  exit 1
fi
echo "$version"
