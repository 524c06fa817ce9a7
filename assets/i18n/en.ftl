# The game's words in English: what it draws, what a screen reader hears, what the page says.
# Every other language's catalogue (assets/i18n/*.ftl) has the same messages; docs/i18n.md says
# how they are checked. Numbers given as numbers are grouped as the language writes them
# ("1,204") and choose plural forms; tile values, targets and years are given as text.

## Why a share code is refused (inside "This replay cannot be shown: …").

error-code-empty = the code is empty
error-code-too-long = the code is { $length } characters long, more than any game ({ $max })
error-code-text = this is not a game code (letters, digits, - and _)
error-code-short = the code is cut short
error-code-checksum = the code is damaged (its checksum does not match)
error-code-version = the code is of version { $version }; this game reads versions { $first } to { $last }
error-code-generator = the code was dealt by generator { $generator }, which this game does not know
error-code-config = the code's { $reason }
error-code-too-many-moves = the code holds { $moves } moves, more than { $max }
error-code-moves = the code's game cannot be played: { $reason }

## A board or a target that cannot be played.

error-config-size = board size { $size } is not supported: choose { $min } to { $max }
error-config-rows = { $rows } rows are not supported: choose { $min } to { $max }
error-config-cols = { $cols } columns are not supported: choose { $min } to { $max }
error-config-target = target { $target } is not a power of two of at least { $min } (e.g. 2048)
error-config-unreachable = target { $target } cannot be reached on a { $board } board, whose largest tile is { $largest }

## A saved game that does not hold together.

error-restore-tile-count = { $found } cells where the board has { $expected }
error-restore-tile = { $value } is not a tile value
error-restore-score = score { $score } is out of range
error-restore-status = the saved status does not fit the board
error-restore-rng = the random number state is empty

## Moves that cannot be played back.

error-history-other-board = it starts on another board
error-history-after-end = move { $number } comes after the game ended
error-history-no-change = move { $number } would not change the board
error-history-mismatch = its moves lead to another game
error-history-packing = its moves are damaged
error-history-not-seed = its start is not the game its seed makes

## Keys named in words (the others are the letter, digit, arrow or sign on the key).

key-enter = Enter
key-space = Space
key-escape = Esc
key-backspace = Backspace
key-home = Home
key-end = End
key-page-up = Page Up
key-page-down = Page Down
key-comma = Comma
key-period = Period

## The line of keys under the board: each part is a key and what it does ("U undo"), parts
## joined by dots.

help-key = { $key } { $action }
help-move = Arrows or WASD to move
help-move-touch = Arrows, WASD or swipe to move
help-undo = undo
help-new-game = new game
help-options = options
help-quit = quit
help-close = close
help-play = play
help-replay = replay
help-share = share
help-statistics = statistics
help-history = history
help-rows-columns = ↑ ↓ rows  ·  ← → columns
help-select = ↑ ↓ select
help-boards = ← → board
help-coach-summary = Tab and Enter: see a move in the replay  ·  Esc close

## The board in play, "You win!" and "Game over!".

play-won-title = You win!
play-won-line = You reached { $target }.
play-keep-going = Keep going
play-new-game = New game
play-over-title = Game over!
play-over-line = Score { $score }, best tile { $tile }.
play-try-again = Try again
play-replay = Replay
play-share = Share
play-coach = Coach

## "Start a new game?"

new-game-title = Start a new game?
new-game-line = This game will be kept in the history.
new-game-start = New game
new-game-keep-playing = Keep playing

## The options.

options-title = Options
# A part's heading names its keys: "Theme (key T)", "Board size (keys 3–8)".
options-heading-key = { $part } (key { $key })
options-heading-range = { $part } (keys { $first }–{ $last })
options-heading-pair = { $part } (keys { $first } and { $second })
options-heading-arrows = { $part }: { $keys }
options-size = Board size
options-shape = Rows and columns
options-target = Target
options-theme = Theme
options-motion = Animations
options-coach = Move coach
# The board chosen, under the square sizes.
options-shape-line = { $rows ->
        [one] { $rows } row
       *[other] { $rows } rows
    }, { $cols ->
        [one] { $cols } column
       *[other] { $cols } columns
    }
options-size-name = Board { $rows } by { $cols }
options-rows-fewer = Rows −
options-rows-fewer-name = One row fewer (now { $shape })
options-rows-more = Rows +
options-rows-more-name = One row more (now { $shape })
options-cols-fewer = Cols −
options-cols-fewer-name = One column fewer (now { $shape })
options-cols-more = Cols +
options-cols-more-name = One column more (now { $shape })
options-target-name = Target { $target }
options-theme-system = System
options-theme-system-name = System theme
options-theme-light = Light
options-theme-light-name = Light theme
options-theme-dark = Dark
options-theme-dark-name = Dark theme
options-theme-contrast = High contrast
options-theme-contrast-name = High contrast theme
options-motion-system = System
options-motion-system-name = Animations as the system asks
options-motion-full = Full
options-motion-full-name = Full animations
options-motion-reduced = Reduced
options-motion-reduced-name = Reduced animations
options-motion-off = Off
options-motion-off-name = No animations
options-coach-on = On
options-coach-on-name = Coach on
options-coach-off = Off
options-coach-off-name = Coach off
# The language's own name, as the options show it.
language-name = English
# The language button shows the language spoken; while it follows the system's, it says so.
options-language-system = { $language } (system)
options-language-name = Language: { $language }
options-language-system-name = Language: { $language }, as the system's
options-history = History
options-statistics = Statistics
options-export = Export
options-export-name = Export a backup
options-import = Import
options-import-name = Import a backup
options-done = Done
options-language-heading = Language

## Dates: when a game of the history started, on the player's clock. $month is 1 to 12 (to
## choose a month's name), $mm and $dd are the month and day as "01", $day as "1", $hour and
## $minute as "05", $year as "2026".

# English has no one way to write a date (Dec 1, 2026 or 1 Dec 2026): the ISO form reads the
# same everywhere.
date-time = { $year }-{ $mm }-{ $dd } { $hour }:{ $minute }
date-beyond = a date beyond the calendar
# A day, without the time (the daily's): the same parts as date-time.
date-day = { $year }-{ $mm }-{ $dd }

## Counts said in many places.

count-moves = { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }
count-games = { $games ->
        [one] { $games } game
       *[other] { $games } games
    }
count-undos = { $undos ->
        [one] { $undos } undo
       *[other] { $undos } undos
    }

## The history of games.

history-title = History
# A game of the list as it is drawn, in columns.
history-row = { $when }   { $shape }   { $score }   best { $tile }   { count-moves }
history-row-ai = { history-row }   AI
# The same game as a screen reader hears it.
history-row-name = { $when }, { $rows } by { $cols }, score { $score }, best tile { $tile }, { count-moves }
history-row-name-ai = { history-row-name }, played by the AI
history-none = No games yet. Games you finish, or replace with a new one, show here.
history-replay = Replay
history-replay-name = Replay the selected game
history-share = Share
history-share-name = Share the selected game
history-statistics = Statistics
history-close = Close
# The count by the title, as drawn.
history-shown-one = 1 game
history-shown-some = { $first }–{ $last } of { $games } games

## The statistics of one board shape.

stats-title = Statistics
stats-none = No { $rows } by { $cols } games yet.
stats-summary = { $rows } by { $cols } boards: { count-games }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    } ({ $percent } %), best score { $best }, average score { $average }.
stats-tile-games = { $tile } in { count-games }
stats-tiles = Best tile reached: { $tiles }.
stats-recent = { $count ->
        [one] Last score: { $scores }.
       *[other] Last { $count } scores, oldest first: { $scores }.
    }
stats-previous = Previous board
stats-next = Next board
stats-history = History
stats-close = Close
# As drawn.
stats-tiles-heading = Best tile reached
stats-scores-heading = { $count ->
        [one] Score of the last game
       *[other] Scores of the last { $count } games
    }

## The replay viewer.

viewer-title = Replay
# Where the replay is: said, and drawn under the board before the viewer's keys.
viewer-position = Move { $shown } of { $moves }, score { $score }, { count-undos }.
viewer-playing = Playing at { $speed }.
viewer-paused = Paused.
viewer-play = Play
viewer-pause = Pause
viewer-first = Back to the start
viewer-back = Back one move
viewer-forward = Forward one move
viewer-last = To the end
viewer-speed = Speed { $speed }
viewer-speed-max = Max
viewer-play-on = Play on
viewer-play-on-name = Play on from here
viewer-share = Share
viewer-close = Close

## The coach's summary of the game.

coach-title = Coach
coach-none = No move of this game is rated yet: the coach rates your own moves while it is on (options, key { $key }).
coach-counts = { $rated ->
        [one] 1 move rated
       *[other] { $rated } moves rated
    }: { $best } best, { $good } good, { $inaccuracies ->
        [one] 1 inaccuracy
       *[other] { $inaccuracies } inaccuracies
    }, { $mistakes ->
        [one] 1 mistake
       *[other] { $mistakes } mistakes
    }.
coach-clean = No inaccuracy and no mistake: well played.
coach-worst = The moves that gave up most; each opens the replay just before it:
coach-move = Move { $number }: { $played }, { $verdict } ({ $best } was best)
coach-close = Close

## Moves and the coach's words on them.

direction-up = Up
direction-down = Down
direction-left = Left
direction-right = Right
verdict-best = best
verdict-good = good
verdict-inaccuracy = inaccuracy
verdict-mistake = mistake
# Drawn under the board for a moment, and said after the move's sentence.
remark-best = Coach: { $played }, the best move.
remark-good = Coach: { $played }, a good move ({ $best } was best).
remark-inaccuracy = Coach: { $played }, an inaccuracy; { $best } was best ({ $key } compares).
remark-mistake = Coach: { $played }, a mistake; { $best } was best ({ $key } compares).

## What a screen reader hears.

# Between the items of a list said in one sentence.
list-separator = {", "}
# A board's size as a screen reader says it: "4×6" on screen.
say-by = { $rows } by { $cols }
say-place = row { $row } column { $col }
say-undid = Undid { $direction }, score { $score }.
# Not "two 8s": espeak-ng reads that "eight z".
say-merge = two { $half } tiles merged into { $value }
say-merges = { $first } and { $second }
say-spawn = new { $value } in { $place }
say-score = score { $score }
say-move = { $direction }: { $parts }.
say-empty = empty
say-status = Score { $score }, best { $best }, { count-moves }, { $shape } board to { $target }.
say-row = Row { $row }: { $cells }.
say-tile = { $value } in { $place }
say-new-game = New game: { $tiles }.
say-won = You win! You reached { $target }. Keep going, or start a new game.
say-over = Game over. Score { $score }, best tile { $tile }. Try again with New Game.
say-reading = { $board } Score { $score }.
say-new-game-question = { new-game-title } { new-game-line } { key-enter }: new game. Escape: keep playing.
say-options = Options.
say-coach = Coach.

## Notices: a line under the board for a few seconds.

notice-replay-refused = This replay cannot be shown: { $reason }.
notice-coach-unrated = The coach has not rated a move of this game yet.
notice-coach-off = The coach is off: turn it on in the options ({ $options }, then { $coach }).
notice-unrecorded-history = This game began before games were recorded: it is not in the history.
notice-unrecorded-replay = This game began before games were recorded: it has no replay.
notice-unrecorded-share = This game began before games were recorded: it cannot be shared.
notice-record-refused = This game's record cannot be replayed: { $reason }.
notice-played-on = Playing on from move { $move }; the game it replaced is in the history.
notice-nothing-to-share = There is no game to share yet.
notice-guest = Another window plays this board: this one plays a new game of its own.
notice-guest-played = Another window plays this board: the game played here goes on as its own.
notice-guest-tab = Another tab plays this board: this one plays a new game of its own.
notice-guest-tab-played = Another tab plays this board: the game played here goes on as its own.
notice-save-failed = The game cannot be saved here; it plays on.
notice-ai-network-missing = The AI's learned evaluation is missing: it plays by its built-in rules.
notice-ai-network-damaged = The AI's learned evaluation is damaged: it plays by its built-in rules.
notice-shared-desktop = The game's code is on the clipboard (and printed): open it with --replay.
notice-shared-printed = No clipboard here: the game's code is printed in the terminal.
notice-shared-link = A link to this game is on the clipboard.
notice-shared-none = This browser gives no clipboard to the page.
notice-backup-made = Backup made: { count-games }.
notice-backup-saved = Backup saved: { count-games }, in { $path }.
notice-backup-not-saved = The backup could not be written to { $path }: { $reason }.
notice-no-file-dialog = This desktop has no file dialog (an XDG desktop portal or zenity): g2048 --export FILE and --import FILE do the same.
notice-backup-unlisted = The games in progress could not be listed for the backup.
notice-import-busy = An import is still under way; try again in a moment.
notice-import-refused = This file cannot be imported: { $reason }.
notice-import-partly = The backup could not all be imported ({ $reason }); all that was here is kept.
notice-imported = Imported: { $new ->
        [one] 1 new game
       *[other] { $new } new games
    }{ $boards ->
        [0] {""}
        [one] , 1 game in progress
       *[other] , { $boards } games in progress
    }{ $history ->
        [0] {""}
       *[other] , { $history } into the history
    }.
# $what: which document it was.
notice-set-aside = { $what ->
        [options] Your options could not be used and were set aside.
        [best] Your best scores could not be used and were set aside.
        [history] Your history of games could not be used and was set aside.
        [undo] Your undo history could not be used and was set aside.
        [earlier] Your earlier game could not be used and was set aside.
        [import] Your unfinished import could not be used and was set aside.
        [ranked] Your ranked accounts could not be used and were set aside.
       *[game] Your saved game could not be used and was set aside.
    }
notice-left-alone = { $what ->
        [options] Your options could not be used; they are left as they were.
        [best] Your best scores could not be used; they are left as they were.
        [history] Your history of games could not be used; it is left as it was.
        [undo] Your undo history could not be used; it is left as it was.
        [earlier] Your earlier game could not be used; it is left as it was.
        [import] Your unfinished import could not be used; it is left as it was.
        [ranked] Your ranked accounts could not be used; they are left as they were.
       *[game] Your saved game could not be used; it is left as it was.
    }
notice-newer-saves = Your saves come from a newer version of 2048: this one reads what it knows of them and leaves the rest as it is.
notice-not-understood = A save too large for this version is left as it is.
notice-unreadable = A save cannot be read just now: it is left as it is and read again at the next save.
notice-not-file = Something that is not a file is where a save should be: it is left as it is, and that save is not kept.
notice-damaged = A damaged save is left as it is.
notice-no-lock = The saves cannot be locked here, so nothing is saved: no other window's games can be lost.
notice-no-claim = This board cannot be claimed here: this window plays a game of its own, kept in the history.
notice-storage-refused = The browser did not save the last change ({ $reason }): what was saved before stays, and it is saved again with the next one.
notice-rebuilt = Your saved game was damaged: it was rebuilt from its moves.
notice-merged-back = { $count ->
        [one] A save an earlier version set aside was read again and merged back.
       *[other] { $count } saves an earlier version set aside were read again and merged back.
    }

## Why a backup file is refused (inside "This file cannot be imported: …").

error-backup-too-large = it is larger than any backup
error-backup-not-backup = it is not a 2048 backup
error-backup-newer = it was made by a newer version of the game (backup version { $version }; this one reads version { $reads })
error-backup-damaged = it is damaged ({ $reason })
error-backup-impossible = it holds an impossible game
error-backup-cut-short = cut short
error-backup-version = its version is missing or wrong
error-backup-content = what it holds is not a backup's
error-backup-json = it is not valid JSON
error-backup-check = its check does not match what it holds
error-backup-dated = { $count ->
        [one] it holds a game dated after it was made
       *[other] it holds { $count } games dated after it was made
    }

## Why the game's storage failed (inside the notices above).

error-storage-none = the browser gives this page no storage
error-storage-unreadable = the save could not be read
error-storage-full = the browser's storage is full or refused the write
error-storage-change = the browser's storage refused the change
error-storage-untouchable = a document that could be neither read nor set aside is not written over
error-storage-not-file = what is there is not a file
error-storage-no-lock = the saves could not be locked
error-storage-not-understood = a save this version does not understand is left as it is
error-storage-read-only = a backup's export writes nothing
# The system's own words for an error.
error-io = { $reason }

## The coach's bars (E): how the four moves compared.

bars-title = You played { $played }, { $verdict }
bars-you = { $arrow } you
bars-cannot = cannot move
bars-best = best
# $percent comes written with its decimals ("3.1").
bars-shortfall = −{ $percent } % { $verdict }

## The header: the boxes' names (capitals in the original), the intro, the buttons.

header-best = BEST
header-score = SCORE
header-moves = MOVES
header-intro = Join the tiles, get to { $target }!
header-ai = AI
header-undo = Undo
header-new-game = New Game
header-options = Options
say-board = Board
# Under "Game over!" with the coach on.
over-coach = Coach: { $best } of { $rated ->
        [one] 1 rated move
       *[other] { $rated } rated moves
    } best, { $mistakes ->
        [one] 1 mistake
       *[other] { $mistakes } mistakes
    }.

## The web page around the game (web/index.html fills these in before the game starts).

page-canvas = 2048 game
page-loading = Loading 2048…
page-failed = The game could not start: { $error }
page-no-canvas = The game cannot start: this page has no <canvas id="bevy"> to draw on.
page-no-webgl2 = The game cannot start: it needs WebGL2, which this browser has turned off or lacks.
page-mirror = 2048, for screen readers
# What the keys on the board do, for a screen reader: each letter is the key's.
page-keys = Arrow keys slide the tiles. B reads the board, U undoes, R starts a new game, I gives a hint, P lets the AI play, O opens the options, X the coach's summary.
page-game = Game
page-undo = Undo
page-hint = Hint
page-ai = AI plays
page-read = Read the board
page-coach = Coach's summary
page-update = New version
page-reload = Reload

## The daily game: one game a UTC day, the same for everyone (4×4 to 2048); the day's first game
## counts, later ones are practice. $date is a day as date-day writes it.

header-daily = Daily of { $date }!
header-daily-practice = Daily of { $date }: practice
daily-result = Daily of { $date }: { $score } points, best tile { $tile }, { count-moves }, { count-undos }.
daily-result-practice = Practice on the daily of { $date }: { $score } points, best tile { $tile }, { count-moves }, { count-undos } (the day's first game is the one that counts).
# Said when a daily's replay opens: its moves were played again from the day's seed.
daily-checked = Daily of { $date }: { $score } points, checked.
daily-not-that-day = This game is not the daily of { $date }: it does not start from that day's seed.
options-daily = Today's daily
options-daily-play = Play
options-daily-play-name = Play today's daily ({ $date })
options-daily-practice = Practice
options-daily-practice-name = Practice on today's daily ({ $date }): its first game is already played
history-row-daily = { $row }   Daily
history-row-practice = { $row }   Practice
history-row-name-daily = { $name }, the daily of { $date }
history-row-name-practice = { $name }, practice on the daily of { $date }
stats-dailies = Dailies: { $days ->
        [one] 1 day
       *[other] { $days } days
    }, { $streak ->
        [one] 1 in a row
       *[other] { $streak } in a row
    }, best { $best } on { $date }.

## Luck and skill, read from a finished game's record (docs/ai.md): $skill is the share of the
## best moves' value that the moves kept, in percent; $luck how much better or worse than on
## average the new tiles fell, in percent (of what where they fell could change).

review-later = Luck and skill are worked out once the game is over.
review-reading = Working out luck and skill… { $percent }%
review-figures-even = The moves kept { $skill }% of the best moves' value; the tiles fell as on average.
review-figures-better = The moves kept { $skill }% of the best moves' value; the tiles fell { $luck }% better than average.
review-figures-worse = The moves kept { $skill }% of the best moves' value; the tiles fell { $luck }% worse than average.
review-no-moves = This game's moves were not kept, so its luck and skill cannot be worked out.
# Under the history's list: the selected game's luck and skill ($reading is a review-* line).
history-selected = Selected game: { $reading }

## A race against a ghost (a recorded game, or the AI, from the same seed, one of its moves for
## each of the player's): $lead is the difference of the two scores, without its sign. The
## lead is shown in the header and said after each move.

race-ahead = { $lead } ahead of the ghost
race-behind = { $lead } behind the ghost
race-level = Level with the ghost
# Over the ghost's small board.
race-ghost-line = Ghost: { $score } points, move { $shown } of { $moves }
race-ai-line = AI: { $score } points, move { $shown }
# The race's card.
race-won = You won the race!
race-lost = The ghost won the race
race-tie = The race is a tie
race-you = You: { $score } points, best tile { $tile }, { count-moves }.
race-ghost = Ghost: { $score } points, best tile { $tile }, { count-moves }.
race-ai = AI: { $score } points, best tile { $tile }, { count-moves }.
race-ended-yours = Your game is over.
race-ended-ghost = The ghost's moves ran out.
race-ended-ai = The AI's game is over.
race-rematch = Rematch
race-share = Share your run
race-close = Close
help-rematch = rematch
help-race = race
viewer-race = Race
viewer-race-name = Race this game's ghost
history-race = Race
history-race-name = Race the selected game's ghost

## The ranked daily (docs/server.md)
ranked-title = Ranked daily
ranked-today = Today
ranked-yesterday = Yesterday
ranked-no-server = No ranked server is set: the game calls no one. (On the desktop: --server ADDRESS.)
ranked-connecting = Connecting to { $server }…
ranked-down = The ranked server cannot be reached ({ $reason }). Trying again…
ranked-you = You play as { $name }.
ranked-you-unnamed = You play without a name yet.
ranked-you-hidden = Your name was hidden: N picks another.
ranked-no-account = Your first ranked game makes your account.
ranked-ranks-from = A new account's games rank from the next day: yours from { $day }.
ranked-refused = The server said: { $reason }
ranked-running = Today, { $day }: { $players ->
        [one] 1 player, games still running
       *[other] { $players } players, games still running
    }
ranked-final = Final table of { $day }: { $players ->
        [one] 1 player
       *[other] { $players } players
    }
ranked-empty = No ranked game yet.
ranked-row = { $rank }. { $name }: { $score } points, best tile { $tile }, { $moves } moves
ranked-row-playing = { $rank }. { $name }: { $score } points, best tile { $tile }, { $moves } moves, playing
ranked-no-name = (no name)
ranked-name-not-drawn = (name in another script)
ranked-watch = Watch: { $row }
ranked-your-place = Your place: { $rank }
ranked-play = Play today's ranked game
ranked-resume = Resume the ranked game
ranked-leave = Back to my game
ranked-close = Close
ranked-play-short = Play
ranked-resume-short = Resume
ranked-leave-short = My game
ranked-not-here = Not in a ranked game: no undo, no hint, no AI.
ranked-account-unsaved = Your ranked account could not be saved: it may not outlast this run.
ranked-bad-answer = The ranked server's answer could not be used.
help-ranked-play = play
ranked-name = Change name
ranked-name-title = Your name on the tables
ranked-name-typed = Name: { $name }
ranked-name-rules = 3 to 20 letters, digits, spaces, - _ or . ; unique. Enter sends it, Esc goes back.
ranked-name-send = Send
ranked-name-needs-account = Play a ranked game first: it makes your account.
help-ranked-send = send
