# German catalogue of the game (assets/i18n/en.ftl has the notes).
# Anrede: du. Begriffe: Kachel (tile), Spielfeld (board), Zug (move), Verlauf (history),
# Replay, Coach, Backup, KI (AI).

## Warum ein Teilen-Code abgelehnt wird (in „Dieses Replay kann nicht gezeigt werden: …“).

error-code-empty = der Code ist leer
error-code-too-long = der Code ist { $length } Zeichen lang, länger als jedes Spiel ({ $max })
error-code-text = das ist kein Spielcode (Buchstaben, Ziffern, - und _)
error-code-short = der Code ist unvollständig
error-code-checksum = der Code ist beschädigt (seine Prüfsumme stimmt nicht)
error-code-version = der Code hat Version { $version }; dieses Spiel liest die Versionen { $first } bis { $last }
error-code-generator = der Code wurde von Generator { $generator } ausgeteilt, den dieses Spiel nicht kennt
error-code-config = der Code ist ungültig: { $reason }
error-code-too-many-moves = der Code enthält { $moves } Züge, mehr als { $max }
error-code-moves = das Spiel im Code lässt sich nicht abspielen: { $reason }

## Ein Spielfeld oder Ziel, das sich nicht spielen lässt.

error-config-size = Spielfeldgröße { $size } wird nicht unterstützt: wähle { $min } bis { $max }
error-config-rows = { $rows ->
        [one] { $rows } Zeile wird nicht unterstützt: wähle { $min } bis { $max }
       *[other] { $rows } Zeilen werden nicht unterstützt: wähle { $min } bis { $max }
    }
error-config-cols = { $cols ->
        [one] { $cols } Spalte wird nicht unterstützt: wähle { $min } bis { $max }
       *[other] { $cols } Spalten werden nicht unterstützt: wähle { $min } bis { $max }
    }
error-config-target = Ziel { $target } ist keine Zweierpotenz von mindestens { $min } (z. B. 2048)
error-config-unreachable = Ziel { $target } ist auf einem { $board }-Spielfeld nicht erreichbar: die größte Kachel dort ist { $largest }

## Ein gespeichertes Spiel, das nicht stimmig ist.

error-restore-tile-count = { $found } Felder, obwohl das Spielfeld { $expected } hat
error-restore-tile = { $value } ist kein Kachelwert
error-restore-score = Punktestand { $score } liegt außerhalb des gültigen Bereichs
error-restore-status = der gespeicherte Status passt nicht zum Spielfeld
error-restore-rng = der Zustand des Zufallsgenerators ist leer

## Züge, die sich nicht abspielen lassen.

error-history-other-board = der Anfang liegt auf einem anderen Spielfeld
error-history-after-end = Zug { $number } kommt nach dem Spielende
error-history-no-change = Zug { $number } würde das Spielfeld nicht verändern
error-history-mismatch = die Züge führen zu einem anderen Spiel
error-history-packing = die Züge sind beschädigt
error-history-not-seed = der Anfang passt nicht zum Seed des Spiels

## Tasten mit Namen (die übrigen zeigen Buchstabe, Ziffer, Pfeil oder Zeichen der Taste).

key-enter = Eingabe
key-space = Leertaste
key-escape = Esc
key-backspace = Rücktaste
key-home = Pos1
key-end = Ende
key-page-up = Bild auf
key-page-down = Bild ab
key-comma = Komma
key-period = Punkt

## Die Tastenzeile unter dem Spielfeld: jeweils Taste und Wirkung („U rückgängig“), durch
## Punkte getrennt.

help-key = { $key } { $action }
help-move = Pfeile oder WASD zum Schieben
help-move-touch = Pfeile, WASD oder Wischen zum Schieben
help-undo = rückgängig
help-new-game = neues Spiel
help-options = Optionen
help-quit = beenden
help-close = schließen
help-play = abspielen
help-replay = Replay
help-share = teilen
help-statistics = Statistik
help-history = Verlauf
help-rows-columns = ↑ ↓ Zeilen  ·  ← → Spalten
help-select = ↑ ↓ auswählen
help-boards = ← → Spielfeld
help-coach-summary = Tab und Eingabe: Zug im Replay ansehen  ·  Esc schließen

## Das laufende Spiel, „Gewonnen!“ und „Spiel vorbei!“.

play-won-title = Gewonnen!
play-won-line = Du hast { $target } erreicht.
play-keep-going = Weiterspielen
play-new-game = Neues Spiel
play-over-title = Spiel vorbei!
play-over-line = { $score } Punkte, höchste Kachel { $tile }.
play-try-again = Nochmal
play-replay = Replay
play-share = Teilen
play-coach = Coach

## „Neues Spiel starten?“

new-game-title = Neues Spiel starten?
new-game-line = Dieses Spiel bleibt im Verlauf erhalten.
new-game-start = Neues Spiel
new-game-keep-playing = Weiterspielen

## Die Optionen.

options-title = Optionen
# Die Überschrift eines Teils nennt seine Tasten: „Design (Taste T)“.
options-heading-key = { $part } (Taste { $key })
options-heading-range = { $part } (Tasten { $first }–{ $last })
options-heading-pair = { $part } (Tasten { $first } und { $second })
options-heading-arrows = { $part }: { $keys }
options-size = Spielfeldgröße
options-shape = Zeilen und Spalten
options-target = Ziel
options-theme = Design
options-motion = Animationen
options-coach = Zug-Coach
# Das gewählte Spielfeld, unter den quadratischen Größen.
options-shape-line = { $rows ->
        [one] { $rows } Zeile
       *[other] { $rows } Zeilen
    }, { $cols ->
        [one] { $cols } Spalte
       *[other] { $cols } Spalten
    }
options-size-name = Spielfeld { $rows } mal { $cols }
options-rows-fewer = Zl. −
options-rows-fewer-name = Eine Zeile weniger (jetzt { $shape })
options-rows-more = Zl. +
options-rows-more-name = Eine Zeile mehr (jetzt { $shape })
options-cols-fewer = Sp. −
options-cols-fewer-name = Eine Spalte weniger (jetzt { $shape })
options-cols-more = Sp. +
options-cols-more-name = Eine Spalte mehr (jetzt { $shape })
options-target-name = Ziel { $target }
options-theme-system = System
options-theme-system-name = Design des Systems
options-theme-light = Hell
options-theme-light-name = Helles Design
options-theme-dark = Dunkel
options-theme-dark-name = Dunkles Design
options-theme-contrast = Hoher Kontrast
options-theme-contrast-name = Design mit hohem Kontrast
options-motion-system = System
options-motion-system-name = Animationen wie im System eingestellt
options-motion-full = Voll
options-motion-full-name = Alle Animationen
options-motion-reduced = Reduziert
options-motion-reduced-name = Reduzierte Animationen
options-motion-off = Aus
options-motion-off-name = Keine Animationen
options-coach-on = An
options-coach-on-name = Coach an
options-coach-off = Aus
options-coach-off-name = Coach aus
# Der Sprachknopf zeigt die gesprochene Sprache; folgt sie der des Systems, sagt er es.
language-name = Deutsch
options-language-system = { $language } (System)
options-language-name = Sprache: { $language }
options-language-system-name = Sprache: { $language }, wie im System
options-history = Verlauf
options-statistics = Statistik
options-export = Export
options-export-name = Backup exportieren
options-import = Import
options-import-name = Backup importieren
options-done = Fertig
options-language-heading = Sprache

## Datum: wann ein Spiel des Verlaufs begann, nach der Uhr des Spielers.

date-time = { $dd }.{ $mm }.{ $year }, { $hour }:{ $minute }
date-beyond = ein Datum außerhalb des Kalenders
# Ein Tag ohne Uhrzeit (der des Tagesspiels): dieselben Teile wie bei date-time.
date-day = { $dd }.{ $mm }.{ $year }

## Anzahlen, die an vielen Stellen vorkommen.

count-moves = { $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    }
count-games = { $games ->
        [one] { $games } Spiel
       *[other] { $games } Spiele
    }
count-undos = { $undos ->
        [one] { $undos } Rücknahme
       *[other] { $undos } Rücknahmen
    }

## Der Verlauf der Spiele.

history-title = Verlauf
# Ein Spiel der Liste, wie es gezeichnet wird, in Spalten.
history-row = { $when }   { $shape }   { $score }   max. { $tile }   { count-moves }
history-row-ai = { history-row }   KI
# Dasselbe Spiel, wie ein Screenreader es vorliest.
history-row-name = { $when }, { $rows } mal { $cols }, { $score } Punkte, höchste Kachel { $tile }, { count-moves }
history-row-name-ai = { history-row-name }, gespielt von der KI
history-none = Noch keine Spiele. Spiele, die du beendest oder durch ein neues ersetzt, erscheinen hier.
history-replay = Replay
history-replay-name = Replay des ausgewählten Spiels
history-share = Teilen
history-share-name = Ausgewähltes Spiel teilen
history-statistics = Statistik
history-close = Schließen
# Die Anzahl neben dem Titel, wie gezeichnet.
history-shown-one = 1 Spiel
history-shown-some = { $first }–{ $last } von { $games } Spielen

## Die Statistik einer Spielfeldform.

stats-title = Statistik
stats-none = Noch keine Spiele auf dem Spielfeld { $rows } mal { $cols }.
stats-summary = Spielfeld { $rows } mal { $cols }: { count-games }, { $wins ->
        [one] { $wins } Sieg
       *[other] { $wins } Siege
    } ({ $percent } %), bester Punktestand { $best }, Durchschnitt { $average }.
stats-tile-games = { $games ->
        [one] { $tile } in { $games } Spiel
       *[other] { $tile } in { $games } Spielen
    }
stats-tiles = Höchste erreichte Kachel: { $tiles }.
stats-recent = { $count ->
        [one] Letztes Ergebnis: { $scores }.
       *[other] Die letzten { $count } Ergebnisse, ältestes zuerst: { $scores }.
    }
stats-previous = Vorheriges Spielfeld
stats-next = Nächstes Spielfeld
stats-history = Verlauf
stats-close = Schließen
# Wie gezeichnet.
stats-tiles-heading = Höchste erreichte Kachel
stats-scores-heading = { $count ->
        [one] Ergebnis des letzten Spiels
       *[other] Ergebnisse der letzten { $count } Spiele
    }

## Der Replay-Betrachter.

viewer-title = Replay
viewer-position = Zug { $shown } von { $moves }, { $score } Punkte, { count-undos }.
viewer-playing = Wiedergabe, Tempo { $speed }.
viewer-paused = Pausiert.
viewer-play = Start
viewer-pause = Pause
viewer-first = Zurück zum Anfang
viewer-back = Einen Zug zurück
viewer-forward = Einen Zug vor
viewer-last = Zum Ende
viewer-speed = Tempo { $speed }
viewer-speed-max = Max
viewer-play-on = Spielen
viewer-play-on-name = Ab hier weiterspielen
viewer-share = Teilen
viewer-close = Schließen

## Die Zusammenfassung des Coachs.

coach-title = Coach
coach-none = Noch kein Zug dieses Spiels ist bewertet: Der Coach bewertet deine eigenen Züge, solange er an ist (Optionen, Taste { $key }).
coach-counts = { $rated ->
        [one] 1 Zug bewertet
       *[other] { $rated } Züge bewertet
    }: { $best } optimal, { $good } gut, { $inaccuracies ->
        [one] 1 Ungenauigkeit
       *[other] { $inaccuracies } Ungenauigkeiten
    }, { $mistakes ->
        [one] 1 Fehler
       *[other] { $mistakes } Fehler
    }.
coach-clean = Keine Ungenauigkeit und kein Fehler: gut gespielt!
coach-worst = Die Züge, die am meisten verschenkt haben; jeder öffnet das Replay kurz davor:
coach-move = Zug { $number }: { $played }, { $verdict } ({ $best } war am besten)
coach-close = Schließen

## Züge und was der Coach dazu sagt.

direction-up = Hoch
direction-down = Runter
direction-left = Links
direction-right = Rechts
verdict-best = optimal
verdict-good = gut
verdict-inaccuracy = ungenau
verdict-mistake = Fehler
# Kurz unter dem Spielfeld gezeigt und nach dem Satz zum Zug gesagt.
remark-best = Coach: { $played }, der beste Zug.
remark-good = Coach: { $played }, ein guter Zug ({ $best } war am besten).
remark-inaccuracy = Coach: { $played }, eine Ungenauigkeit; { $best } war am besten ({ $key }: Vergleich).
remark-mistake = Coach: { $played }, ein Fehler; { $best } war am besten ({ $key }: Vergleich).

## Was ein Screenreader vorliest.

# Zwischen den Teilen einer Aufzählung in einem Satz.
list-separator = {", "}
say-by = { $rows } mal { $cols }
say-place = Zeile { $row } Spalte { $col }
say-undid = { $direction } zurückgenommen, { $score } Punkte.
say-merge = zwei { $half }er ergeben { $value }
say-merges = { $first } und { $second }
say-spawn = neue { $value } in { $place }
say-score = { $score } Punkte
say-move = { $direction }: { $parts }.
say-empty = leer
say-status = { $score } Punkte, Rekord { $best }, { count-moves }, Spielfeld { $shape }, Ziel { $target }.
say-row = Zeile { $row }: { $cells }.
say-tile = { $value } in { $place }
say-new-game = Neues Spiel: { $tiles }.
say-won = Gewonnen! Du hast { $target } erreicht. Spiel weiter oder starte ein neues Spiel.
say-over = Spiel vorbei. { $score } Punkte, höchste Kachel { $tile }. Mit Neues Spiel versuchst du es noch einmal.
say-reading = { $board } { $score } Punkte.
say-new-game-question = { new-game-title } { new-game-line } { key-enter }: neues Spiel. Esc: weiterspielen.
say-options = Optionen.
say-coach = Coach.

## Hinweise: eine Zeile unter dem Spielfeld für ein paar Sekunden.

notice-replay-refused = Dieses Replay kann nicht gezeigt werden: { $reason }.
notice-coach-unrated = Der Coach hat noch keinen Zug dieses Spiels bewertet.
notice-coach-off = Der Coach ist aus: Schalte ihn in den Optionen ein ({ $options }, dann { $coach }).
notice-unrecorded-history = Dieses Spiel begann, bevor Spiele aufgezeichnet wurden: Es steht nicht im Verlauf.
notice-unrecorded-replay = Dieses Spiel begann, bevor Spiele aufgezeichnet wurden: Es hat kein Replay.
notice-unrecorded-share = Dieses Spiel begann, bevor Spiele aufgezeichnet wurden: Es kann nicht geteilt werden.
notice-record-refused = Die Aufzeichnung dieses Spiels lässt sich nicht abspielen: { $reason }.
notice-played-on = Ab Zug { $move } geht es weiter; das ersetzte Spiel steht im Verlauf.
notice-nothing-to-share = Es gibt noch kein Spiel zum Teilen.
notice-guest = Ein anderes Fenster spielt auf diesem Spielfeld: Dieses hier startet ein eigenes neues Spiel.
notice-guest-played = Ein anderes Fenster spielt auf diesem Spielfeld: Das hier gespielte Spiel läuft eigenständig weiter.
notice-guest-tab = Ein anderer Tab spielt auf diesem Spielfeld: Dieser hier startet ein eigenes neues Spiel.
notice-guest-tab-played = Ein anderer Tab spielt auf diesem Spielfeld: Das hier gespielte Spiel läuft eigenständig weiter.
notice-save-failed = Das Spiel kann hier nicht gespeichert werden; es läuft trotzdem weiter.
notice-ai-network-missing = Die gelernte Bewertung der KI fehlt: Sie spielt nach ihren eingebauten Regeln.
notice-ai-network-damaged = Die gelernte Bewertung der KI ist beschädigt: Sie spielt nach ihren eingebauten Regeln.
notice-shared-desktop = Der Code des Spiels ist in der Zwischenablage (und wurde ausgegeben): Öffne ihn mit --replay.
notice-shared-printed = Keine Zwischenablage vorhanden: Der Code des Spiels steht im Terminal.
notice-shared-link = Ein Link zu diesem Spiel ist in der Zwischenablage.
notice-shared-none = Dieser Browser gibt der Seite keinen Zugriff auf die Zwischenablage.
notice-backup-made = Backup erstellt: { count-games }.
notice-backup-saved = Backup gespeichert: { count-games }, in { $path }.
notice-backup-not-saved = Das Backup konnte nicht nach { $path } geschrieben werden: { $reason }.
notice-no-file-dialog = Dieser Desktop hat keinen Dateidialog (XDG-Desktop-Portal oder zenity): g2048 --export DATEI und --import DATEI tun dasselbe.
notice-backup-unlisted = Die laufenden Spiele konnten nicht für das Backup erfasst werden.
notice-import-busy = Ein Import läuft noch; versuch es gleich noch einmal.
notice-import-refused = Diese Datei kann nicht importiert werden: { $reason }.
notice-import-partly = Das Backup konnte nicht vollständig importiert werden ({ $reason }); alles Bisherige bleibt erhalten.
notice-imported = Importiert: { $new ->
        [one] 1 neues Spiel
       *[other] { $new } neue Spiele
    }{ $boards ->
        [0] {""}
        [one] , 1 laufendes Spiel
       *[other] , { $boards } laufende Spiele
    }{ $history ->
        [0] {""}
       *[other] , { $history } in den Verlauf
    }.
# $what: welches Dokument es war.
notice-set-aside = { $what ->
        [options] Deine Optionen konnten nicht verwendet werden und wurden beiseitegelegt.
        [best] Deine Bestwerte konnten nicht verwendet werden und wurden beiseitegelegt.
        [history] Dein Spielverlauf konnte nicht verwendet werden und wurde beiseitegelegt.
        [undo] Dein Rückgängig-Verlauf konnte nicht verwendet werden und wurde beiseitegelegt.
        [earlier] Dein früheres Spiel konnte nicht verwendet werden und wurde beiseitegelegt.
        [import] Dein abgebrochener Import konnte nicht verwendet werden und wurde beiseitegelegt.
        [ranked] Deine Ranglisten-Konten konnten nicht verwendet werden und wurden beiseitegelegt.
       *[game] Dein gespeichertes Spiel konnte nicht verwendet werden und wurde beiseitegelegt.
    }
notice-left-alone = { $what ->
        [options] Deine Optionen konnten nicht verwendet werden; sie bleiben unverändert.
        [best] Deine Bestwerte konnten nicht verwendet werden; sie bleiben unverändert.
        [history] Dein Spielverlauf konnte nicht verwendet werden; er bleibt unverändert.
        [undo] Dein Rückgängig-Verlauf konnte nicht verwendet werden; er bleibt unverändert.
        [earlier] Dein früheres Spiel konnte nicht verwendet werden; es bleibt unverändert.
        [import] Dein abgebrochener Import konnte nicht verwendet werden; er bleibt unverändert.
        [ranked] Deine Ranglisten-Konten konnten nicht verwendet werden; sie bleiben unverändert.
       *[game] Dein gespeichertes Spiel konnte nicht verwendet werden; es bleibt unverändert.
    }
notice-newer-saves = Deine Spielstände stammen von einer neueren Version von 2048: Diese liest, was sie davon kennt, und lässt den Rest, wie er ist.
notice-not-understood = Ein Spielstand, der für diese Version zu groß ist, bleibt, wie er ist.
notice-unreadable = Ein Spielstand kann gerade nicht gelesen werden: Er bleibt, wie er ist, und wird beim nächsten Speichern erneut gelesen.
notice-not-file = Wo ein Spielstand sein sollte, liegt keine Datei: Sie bleibt, wie sie ist, und dieser Spielstand wird nicht gespeichert.
notice-damaged = Ein beschädigter Spielstand bleibt, wie er ist.
notice-no-lock = Die Spielstände lassen sich hier nicht sperren, daher wird nichts gespeichert: So geht kein Spiel eines anderen Fensters verloren.
notice-no-claim = Dieses Spielfeld kann hier nicht reserviert werden: Dieses Fenster spielt ein eigenes Spiel, das im Verlauf bleibt.
notice-storage-refused = Der Browser hat die letzte Änderung nicht gespeichert ({ $reason }): Was gespeichert war, bleibt, und sie wird mit der nächsten gespeichert.
notice-rebuilt = Dein gespeichertes Spiel war beschädigt: Es wurde aus seinen Zügen wiederhergestellt.
notice-merged-back = { $count ->
        [one] Ein Spielstand, den eine frühere Version beiseitegelegt hatte, wurde erneut gelesen und wieder übernommen.
       *[other] { $count } Spielstände, die eine frühere Version beiseitegelegt hatte, wurden erneut gelesen und wieder übernommen.
    }

## Warum eine Backup-Datei abgelehnt wird (in „Diese Datei kann nicht importiert werden: …“).

error-backup-too-large = sie ist größer als jedes Backup
error-backup-not-backup = sie ist kein 2048-Backup
error-backup-newer = sie wurde von einer neueren Version des Spiels erstellt (Backup-Version { $version }; diese liest Version { $reads })
error-backup-damaged = sie ist beschädigt ({ $reason })
error-backup-impossible = sie enthält ein unmögliches Spiel
error-backup-cut-short = unvollständig
error-backup-version = die Version fehlt oder ist falsch
error-backup-content = der Inhalt ist kein Backup
error-backup-json = kein gültiges JSON
error-backup-check = die Prüfsumme passt nicht zum Inhalt
error-backup-dated = { $count ->
        [one] sie enthält ein Spiel, das nach ihrer Erstellung datiert ist
       *[other] sie enthält { $count } Spiele, die nach ihrer Erstellung datiert sind
    }

## Warum der Speicher des Spiels versagt hat (in den Hinweisen oben).

error-storage-none = der Browser gibt dieser Seite keinen Speicher
error-storage-unreadable = der Spielstand konnte nicht gelesen werden
error-storage-full = der Speicher des Browsers ist voll oder hat das Schreiben verweigert
error-storage-change = der Speicher des Browsers hat die Änderung verweigert
error-storage-untouchable = ein Dokument, das weder gelesen noch beiseitegelegt werden konnte, wird nicht überschrieben
error-storage-not-file = dort liegt keine Datei
error-storage-no-lock = die Spielstände konnten nicht gesperrt werden
error-storage-not-understood = ein Spielstand, den diese Version nicht versteht, bleibt, wie er ist
error-storage-read-only = der Export einer Sicherung schreibt nichts
# Die Fehlermeldung des Systems selbst.
error-io = { $reason }

## Die Balken des Coachs (E): wie die vier Züge abschneiden.

bars-title = Du hast { $played } gespielt: { $verdict }
bars-you = { $arrow } du
bars-cannot = nicht möglich
bars-best = bester Zug
# $percent kommt mit Nachkommastellen („3,1“).
bars-shortfall = −{ $percent } % { $verdict }

## Der Kopf: die Namen der Kästen (in Großbuchstaben), die Einleitung, die Knöpfe.

header-best = REKORD
header-score = PUNKTE
header-moves = ZÜGE
header-intro = Verbinde Kacheln zur { $target }!
header-ai = KI
header-undo = Zurück
header-new-game = Neues Spiel
header-options = Optionen
say-board = Spielfeld
# Unter „Spiel vorbei!“, wenn der Coach an ist.
over-coach = Coach: { $best } von { $rated ->
        [one] 1 bewerteten Zug
       *[other] { $rated } bewerteten Zügen
    } optimal, { $mistakes ->
        [one] 1 Fehler
       *[other] { $mistakes } Fehler
    }.

## Die Webseite um das Spiel (web/index.html setzt diese ein, bevor das Spiel startet).

page-canvas = Spiel 2048
page-loading = 2048 wird geladen…
page-failed = Das Spiel konnte nicht starten: { $error }
page-no-canvas = Das Spiel kann nicht starten: Diese Seite hat kein <canvas id="bevy">, auf das es zeichnen kann.
page-no-webgl2 = Das Spiel kann nicht starten: Es braucht WebGL2, das dieser Browser abgeschaltet hat oder nicht unterstützt.
page-mirror = 2048 für Screenreader
# Was die Tasten auf dem Spielfeld tun, für einen Screenreader: jeder Buchstabe ist die Taste.
page-keys = Die Pfeiltasten schieben die Kacheln. B liest das Spielfeld vor, U nimmt einen Zug zurück, R startet ein neues Spiel, I gibt einen Tipp, P lässt die KI spielen, O öffnet die Optionen, X die Zusammenfassung des Coachs.
page-game = Spiel
page-undo = Rückgängig
page-hint = Tipp
page-ai = KI spielt
page-read = Spielfeld vorlesen
page-coach = Zusammenfassung des Coachs
page-update = Neue Version
page-reload = Neu laden

## Das Tagesspiel: ein Spiel pro UTC-Tag, für alle dasselbe (4×4 bis 2048); es zählt das erste
## Spiel des Tages, weitere sind Übung. $date ist ein Tag, wie date-day ihn schreibt.

header-daily = Tagesspiel vom { $date }!
header-daily-practice = Tagesspiel { $date }: Übung
daily-result = Tagesspiel vom { $date }: { $score } Punkte, höchste Kachel { $tile }, { count-moves }, { count-undos }.
daily-result-practice = Übung zum Tagesspiel vom { $date }: { $score } Punkte, höchste Kachel { $tile }, { count-moves }, { count-undos } (es zählt nur das erste Spiel des Tages).
# Gesagt, wenn das Replay eines Tagesspiels öffnet: Seine Züge wurden vom Seed des Tages aus nachgespielt.
daily-checked = Tagesspiel vom { $date }: { $score } Punkte, geprüft.
daily-not-that-day = Dieses Spiel ist nicht das Tagesspiel vom { $date }: Es beginnt nicht mit dem Seed dieses Tages.
options-daily = Heutiges Tagesspiel
options-daily-play = Spielen
options-daily-play-name = Heutiges Tagesspiel spielen ({ $date })
options-daily-practice = Üben
options-daily-practice-name = Mit dem heutigen Tagesspiel üben ({ $date }): Das Spiel, das zählt, ist schon gespielt
history-row-daily = { $row }   Tagesspiel
history-row-practice = { $row }   Übung
history-row-name-daily = { $name }, Tagesspiel vom { $date }
history-row-name-practice = { $name }, Übung zum Tagesspiel vom { $date }
stats-dailies = Tagesspiele: an { $days ->
        [one] { $days } Tag
       *[other] { $days } Tagen
    } gespielt, { $streak ->
        [one] { $streak } Tag
       *[other] { $streak } Tage
    } in Folge, Rekord { $best } am { $date }.

## Glück und Können, aus der Aufzeichnung eines beendeten Spiels gelesen.

review-later = Glück und Können werden ermittelt, sobald das Spiel vorbei ist.
review-reading = Glück und Können werden ermittelt … { $percent } %
review-figures-even = Die Züge bewahrten { $skill } % des Werts der besten Züge; die Steine fielen wie im Durchschnitt.
review-figures-better = Die Züge bewahrten { $skill } % des Werts der besten Züge; die Steine fielen { $luck } % besser als im Durchschnitt.
review-figures-worse = Die Züge bewahrten { $skill } % des Werts der besten Züge; die Steine fielen { $luck } % schlechter als im Durchschnitt.
review-no-moves = Die Züge dieses Spiels wurden nicht gespeichert; Glück und Können lassen sich nicht ermitteln.
history-selected = Gewähltes Spiel: { $reading }

## Ein Rennen gegen einen Geist (ein aufgezeichnetes Spiel oder die KI, mit demselben Startwert).

race-ahead = { $lead } vor dem Geist
race-behind = { $lead } hinter dem Geist
race-level = Gleichauf mit dem Geist
race-ghost-line = Geist: { $score } Punkte, Zug { $shown } von { $moves }
race-ai-line = KI: { $score } Punkte, Zug { $shown }
race-won = Rennen gewonnen!
race-lost = Der Geist gewinnt das Rennen
race-tie = Das Rennen endet unentschieden
race-you = Du: { $score } Punkte, höchste Kachel { $tile }, { count-moves }.
race-ghost = Geist: { $score } Punkte, höchste Kachel { $tile }, { count-moves }.
race-ai = KI: { $score } Punkte, höchste Kachel { $tile }, { count-moves }.
race-ended-yours = Dein Spiel ist vorbei.
race-ended-ghost = Der Geist hat keine Züge mehr.
race-ended-ai = Das Spiel der KI ist vorbei.
race-rematch = Revanche
race-share = Teilen
race-close = Schließen
help-rematch = Revanche
help-race = Rennen
viewer-race = Rennen
viewer-race-name = Gegen den Geist dieses Spiels antreten
history-race = Rennen
history-race-name = Gegen den Geist des ausgewählten Spiels antreten

## The ranked daily (docs/server.md)
ranked-title = Ranglisten-Tagesspiel
ranked-today = Heute
ranked-yesterday = Gestern
ranked-no-server = Kein Ranglisten-Server eingestellt: Das Spiel verbindet sich mit niemandem. (Auf dem Desktop: --server ADDRESS.)
ranked-connecting = Verbindung zu { $server } wird aufgebaut…
ranked-down = Der Ranglisten-Server ist nicht erreichbar ({ $reason }). Neuer Versuch…
ranked-you = Du spielst als { $name }.
ranked-you-unnamed = Du spielst noch ohne Namen.
ranked-you-hidden = Dein Name wurde ausgeblendet: N wählt einen neuen.
ranked-no-account = Dein erstes Ranglistenspiel legt dein Konto an.
ranked-ranks-from = Die Spiele eines neuen Kontos zählen ab dem nächsten Tag für die Rangliste: deine ab dem { $day }.
ranked-refused = Der Server meldet: { $reason }
ranked-running = Heute, { $day }: { $players ->
        [one] { $players } Spieler, Spiele laufen noch
       *[other] { $players } Spieler, Spiele laufen noch
    }
ranked-final = Endstand vom { $day }: { $players ->
        [one] { $players } Spieler
       *[other] { $players } Spieler
    }
ranked-empty = Noch kein Ranglistenspiel.
ranked-row = { $rank }. { $name }: { $score } Punkte, höchste Kachel { $tile }, { $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    }
ranked-row-playing = { $rank }. { $name }: { $score } Punkte, höchste Kachel { $tile }, { $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    }, spielt noch
ranked-no-name = (ohne Namen)
ranked-name-not-drawn = (Name in anderer Schrift)
ranked-watch = Ansehen: { $row }
ranked-your-place = Dein Platz: { $rank }
ranked-play = Heutiges Ranglistenspiel spielen
ranked-resume = Ranglistenspiel fortsetzen
ranked-leave = Zurück zu meinem Spiel
ranked-close = Schließen
ranked-play-short = Spielen
ranked-resume-short = Weiter
ranked-leave-short = Mein Spiel
ranked-not-here = Nicht im Ranglistenspiel: kein Rückgängig, kein Tipp, keine KI.
ranked-account-unsaved = Dein Ranglisten-Konto konnte nicht gespeichert werden: Es übersteht diesen Programmlauf womöglich nicht.
ranked-bad-answer = Die Antwort des Ranglisten-Servers konnte nicht verwendet werden.
help-ranked-play = spielen
ranked-name = Namen ändern
ranked-name-title = Dein Name in den Ranglisten
ranked-name-typed = Name: { $name }
ranked-name-rules = 3 bis 20 Buchstaben, Ziffern, Leerzeichen, - _ oder . ; darf noch nicht vergeben sein. Eingabe sendet ihn, Esc führt zurück.
ranked-name-send = Senden
ranked-name-needs-account = Spiel zuerst ein Ranglistenspiel: Es legt dein Konto an.
help-ranked-send = senden
