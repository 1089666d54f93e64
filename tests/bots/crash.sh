#!/bin/sh
# Answers a legal-looking move, then exits with a failure status (Botzone: RE).
[ -n "$BOT_PGID_FILE" ] && cut -d' ' -f5 "/proc/$$/stat" >> "$BOT_PGID_FILE"
read -r line
echo '{"response":{"x":1,"y":1}}'
exit 3
