#!/bin/sh
# Always answers (0,0): legal at most once, then on an occupied point.
[ -n "$BOT_PGID_FILE" ] && cut -d' ' -f5 "/proc/$$/stat" >> "$BOT_PGID_FILE"
read -r line
echo '{"response":{"x":0,"y":0}}'
