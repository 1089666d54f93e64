# Sourced by the GTP and NBoard fakes: the game as Botzone plies ("x y",
# passes "-1 -1", Black first) and a move from the reversi bot given as $REVERSI.
plies=""
count=0
reset_game() { plies=""; count=0; }
# add_ply COLOUR(0 black, 1 white) X Y: a pass first if the colour is not to move.
add_ply() {
    if [ "$1" != $((count % 2)) ]; then
        plies="$plies-1 -1
"
        count=$((count + 1))
    fi
    plies="$plies$2 $3
"
    count=$((count + 1))
}
# square_xy SQUARE: sets $xy to "3 2" for "d3", "-1 -1" for a pass (no subprocess:
# the NBoard fake reads a whole game every turn).
square_xy() {
    case "$1" in
        [Pp][Aa]|[Pp][Ss]|[Pp][Aa][Ss][Ss]) xy="-1 -1"; return ;;
    esac
    row=${1#?}
    case "$1" in
        [aA]*) xy="0" ;; [bB]*) xy="1" ;; [cC]*) xy="2" ;; [dD]*) xy="3" ;;
        [eE]*) xy="4" ;; [fF]*) xy="5" ;; [gG]*) xy="6" ;; *) xy="7" ;;
    esac
    xy="$xy $((row - 1))"
}
# xy_square X Y: "3 2" -> "d3"
xy_square() {
    if [ "$1" = -1 ]; then echo pass; return; fi
    printf "\\$(printf '%03o' $((97 + $1)))$(($2 + 1))\n"
}
# best_move COLOUR: asks the reversi bot (simple I/O), records the move and
# leaves it in $move as "x y" (no subshell, so the history is kept).
best_move() {
    if [ "$1" != $((count % 2)) ]; then
        plies="$plies-1 -1
"
        count=$((count + 1))
    fi
    if [ "$1" = 0 ]; then
        input="$((1 + count / 2))
-1 -1
$plies"
    else
        input="$(((count + 1) / 2))
$plies"
    fi
    move=$(printf "%s" "$input" | "$REVERSI" --time 0.02 2>/dev/null | head -n 1)
    plies="$plies$move
"
    count=$((count + 1))
}
