#!/bin/sh
# Prints without end (megabytes per second).
[ -n "$BOT_PGID_FILE" ] && cut -d' ' -f5 "/proc/$$/stat" >> "$BOT_PGID_FILE"
read -r line
yes '{"response":{"x":1,"y":1}} and some more text to fill the pipe quickly'
