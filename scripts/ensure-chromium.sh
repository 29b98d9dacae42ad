#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through playwright-core (never a browser download).
# Installs it from Debian's packages when missing; needs root (CI and the dev machines are).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "› installing Chromium from Debian's packages" >&2
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >&2
