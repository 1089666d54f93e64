#!/bin/sh
# An NBoard Othello engine for referee tests; its moves come from the reversi
# bot at REVERSI. Like a real engine it writes status lines, and on every
# `set game` a stale "=== A1" (from a search the GUI no longer wants) that the
# referee must skip until the pong.
# usage: nboard_fake.sh REVERSI good|hang|crash|garbage|illegal [MARKER]
REVERSI=$1
mode=$2
[ -n "$BOT_PGID_FILE" ] && cut -d' ' -f5 "/proc/$$/stat" >> "$BOT_PGID_FILE"
. "$(dirname "$0")/othello_history.sh"
while IFS= read -r line; do
    line=$(printf '%s' "$line" | tr -d '\r')
    case "$line" in
        "nboard "*) echo "set myname Fake" ;;
        "set game "*)
            reset_game
            rest=${line#*BO\[}
            rest=${rest#*\]}
            for token in $(printf '%s' "$rest" | grep -o '[BW]\[[A-Za-z0-9]*\]'); do
                square=${token#?[}
                square=${square%]}
                square_xy "$square"
                plies="$plies$xy
"
                count=$((count + 1))
            done
            echo "=== A1"
            ;;
        "ping "*) echo "pong ${line#ping }" ;;
        go)
            echo "status thinking"
            case $mode in
                hang) sleep 600 ;;
                crash) exit 3 ;;
                garbage) echo "=== zz"; continue ;;
                illegal) echo "=== D4/0.00/0.1"; continue ;;
            esac
            best_move $((count % 2))
            echo "=== $(xy_square $move) 0.00 0.0"
            echo "status waiting"
            ;;
        quit) exit 0 ;;
        *) ;;
    esac
done
