#!/bin/sh
# Passes in a game without passes.
[ -n "$BOT_PGID_FILE" ] && cut -d' ' -f5 "/proc/$$/stat" >> "$BOT_PGID_FILE"
read -r line
echo '{"response":{"x":-1,"y":-1}}'
