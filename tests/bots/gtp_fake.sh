#!/bin/sh
# A GTP Othello engine for referee tests (commands as Edax's GTP mode); its moves
# come from the reversi bot at REVERSI. Time commands get "? unknown command",
# as from engines that do not know them.
# usage: gtp_fake.sh REVERSI good|slow-start|silent-start|hang|crash|garbage|illegal|refuse-play [MARKER]
#   slow-start    takes 1.5 s to answer boardsize, then plays as good
#   silent-start  never answers boardsize (a child sleeps in its group)
REVERSI=$1
mode=$2
[ -n "$BOT_PGID_FILE" ] && cut -d' ' -f5 "/proc/$$/stat" >> "$BOT_PGID_FILE"
. "$(dirname "$0")/othello_history.sh"
colour_of() { case "$1" in b|B|black|BLACK) echo 0 ;; *) echo 1 ;; esac; }
while IFS= read -r line; do
    line=$(printf '%s' "$line" | tr -d '\r')
    set -- $line
    case "$1" in
        boardsize)
            case $mode in
                silent-start) sleep 600 ;;
                slow-start) sleep 1.5 ;;
            esac
            printf '=\n\n'
            ;;
        komi) printf '=\n\n' ;;
        clear_board) reset_game; printf '=\n\n' ;;
        play)
            if [ "$mode" = refuse-play ]; then printf '? illegal move\n\n'; continue; fi
            square_xy "$3"
            add_ply "$(colour_of "$2")" $xy
            printf '=\n\n'
            ;;
        genmove)
            case $mode in
                hang) sleep 600 ;;
                crash) exit 3 ;;
                garbage) printf '= banana\n\n'; continue ;;
                illegal) printf '= d4\n\n'; continue ;;
            esac
            best_move "$(colour_of "$2")"
            printf '= %s\n\n' "$(xy_square $move)"
            ;;
        quit) printf '=\n\n'; exit 0 ;;
        *) printf '? unknown command\n\n' ;;
    esac
done
