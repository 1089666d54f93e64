#!/bin/sh
# The legal TicTacToe bot of ttt_player.sh (JSON, turn by turn), 0.2 s per turn,
# so that a match lasts long enough to be interrupted.
# usage: slow_player.sh MARKER
sleep 0.2
exec "$(dirname "$0")/ttt_player.sh" json once "$1"
