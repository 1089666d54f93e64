#!/bin/sh
# A legal TicTacToe bot for referee tests: always the first empty point.
# usage: ttt_player.sh json|simple once|keep|stubborn|leave-child [MARKER]
#   once         turn-by-turn (one answer, exit)
#   keep         keep-running; leaves on the kill marker or end of input
#   stubborn     keep-running; ignores the kill marker, end of input and SIGTERM
#   leave-child  turn-by-turn, but leaves a sleeping child holding stdout
# MARKER is only there so tests can find stray processes with pgrep -f.
# With BOT_PGID_FILE set, the bot appends its process group id to that file.
mode=$1
style=$2
[ -n "$BOT_PGID_FILE" ] && cut -d' ' -f5 "/proc/$$/stat" >> "$BOT_PGID_FILE"

occupied=""
turns=0
answer() {
    turns=$((turns + 1))
    for y in 0 1 2; do
        for x in 0 1 2; do
            case " $occupied " in
                *" $x,$y "*) ;;
                *)
                    occupied="$occupied $x,$y"
                    if [ "$mode" = json ]; then
                        echo "{\"response\":{\"x\":$x,\"y\":$y},\"debug\":\"turn $turns pid $$\"}"
                    else
                        echo "$x $y"
                        echo "turn $turns pid $$"
                    fi
                    return
                    ;;
            esac
        done
    done
}

# Every "x y" / {"x":X,"y":Y} in a text as "x,y" words.
points_of() {
    if [ "$mode" = json ]; then
        printf '%s\n' "$1" | grep -o '"x":-\{0,1\}[0-9]*,"y":-\{0,1\}[0-9]*' |
            sed 's/"x":\(-\{0,1\}[0-9]*\),"y":\(-\{0,1\}[0-9]*\)/\1,\2/' | tr '\n' ' '
    else
        printf '%s\n' "$1" | sed 's/^ *\(-\{0,1\}[0-9]*\) \{1,\}\(-\{0,1\}[0-9]*\).*/\1,\2/' | tr '\n' ' '
    fi
}

if [ "$mode" = json ]; then
    read -r line
    occupied=$(points_of "$line")
else
    read -r n
    i=0
    while [ $i -lt $((2 * n - 1)) ]; do
        read -r line
        occupied="$occupied $(points_of "$line")"
        i=$((i + 1))
    done
fi

if [ "$style" = leave-child ]; then
    sleep 600 &
fi
answer
[ "$style" = once ] || [ "$style" = leave-child ] && exit 0

echo ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
while read -r line; do
    case "$line" in
        *BOTZONE_CONTROLLER_KILL*) break ;;
    esac
    occupied="$occupied $(points_of "$line")"
    answer
    echo ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
done
if [ "$style" = stubborn ]; then
    trap '' TERM HUP INT
    while :; do sleep 1; done
fi
exit 0
