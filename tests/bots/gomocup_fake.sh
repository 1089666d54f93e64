#!/bin/sh
# A Gomocup (pbrain) brain for referee tests: plays the first empty point, row by row.
# usage: gomocup_fake.sh good|hasty|slow-start|silent-start|refuse|garbage|hang|crash|occupied [MARKER]
#   hasty         as upstream Rapfi: a TURN that arrives within 10 ms of its last answer loses its
#                 TURN word and is answered `ERROR Unknown command: x,y`; otherwise plays as good
#   slow-start    takes 0.5 s to answer START and 1.5 s to read INFO max_memory (as Rapfi, which
#                 sizes and clears its table there), then plays as good
#   silent-start  never answers START (a child sleeps in its group)
#   refuse        answers START with ERROR
#   garbage   answers a move with a line that is not `x,y`
#   hang      never answers a move (a child sleeps in its group)
#   crash     exits 3 when asked for a move
#   occupied  answers with the opponent's last stone
# MARKER is only there so tests can find stray processes with pgrep -f.
mode=$1
[ -n "$BOT_PGID_FILE" ] && cut -d' ' -f5 "/proc/$$/stat" >> "$BOT_PGID_FILE"
stones=" "
last=""
answered_ns=0
answer() {
    case $mode in
        garbage) echo "MESSAGE about to misbehave"; echo "banana"; return ;;
        hang) sleep 600; return ;;
        crash) exit 3 ;;
        occupied) if [ -n "$last" ]; then echo "$last"; return; fi ;;
    esac
    y=0
    while [ $y -lt 15 ]; do
        x=0
        while [ $x -lt 15 ]; do
            case "$stones" in
                *" $x,$y "*) ;;
                *)
                    stones="$stones$x,$y "
                    echo "MESSAGE first empty point"
                    echo "$x,$y"
                    answered_ns=$(date +%s%N)
                    return
                    ;;
            esac
            x=$((x + 1))
        done
        y=$((y + 1))
    done
}
in_board=0
while IFS= read -r line; do
    line=$(printf '%s' "$line" | tr -d '\r')
    if [ $in_board = 1 ]; then
        case "$line" in
            DONE) in_board=0; answer ;;
            *) point=${line%,*}; stones="$stones$point "; last=$point ;;
        esac
        continue
    fi
    case "$line" in
        "START "*)
            case $mode in
                refuse) echo "ERROR unsupported size" ;;
                silent-start) sleep 600 ;;
                slow-start) sleep 0.5; echo OK ;;
                *) echo OK ;;
            esac
            ;;
        "INFO max_memory "*) if [ "$mode" = slow-start ]; then sleep 1.5; fi ;;
        INFO*) ;;
        BEGIN) answer ;;
        "TURN "*)
            point=${line#TURN }
            if [ "$mode" = hasty ] && [ $(( $(date +%s%N) - answered_ns )) -lt 10000000 ]; then
                echo "ERROR Unknown command: $point"
                continue
            fi
            stones="$stones$point "; last=$point; answer ;;
        BOARD) in_board=1 ;;
        END) exit 0 ;;
        *) echo "UNKNOWN $line" ;;
    esac
done
