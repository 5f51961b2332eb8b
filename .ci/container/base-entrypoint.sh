#!/bin/sh
# The stand-in base image's entrypoint, doing what the official node image's does: a first
# argument that is an option or not a command is an argument to node; then exec, so the
# command (node, for Glow's CMD) replaces this shell and is PID 1.
set -e
if [ "${1#-}" != "$1" ] || ! command -v "$1" >/dev/null 2>&1; then
  set -- node "$@"
fi
exec "$@"
