# French (France) catalogue of the game (assets/i18n/en.ftl has the notes).

## Why a share code is refused (inside "Ce replay ne peut pas être affiché : …").

error-code-empty = le code est vide
error-code-too-long = le code fait { $length } caractères, plus que n’importe quelle partie ({ $max })
error-code-text = ce n’est pas un code de partie (lettres, chiffres, - et _)
error-code-short = le code est tronqué
error-code-checksum = le code est endommagé (sa somme de contrôle ne correspond pas)
error-code-version = le code est en version { $version } ; ce jeu lit les versions { $first } à { $last }
error-code-generator = le code a été distribué par le générateur { $generator }, que ce jeu ne connaît pas
error-code-config = dans le code, { $reason }
error-code-too-many-moves = le code contient { $moves } coups, plus que { $max }
error-code-moves = la partie du code ne peut pas être jouée : { $reason }

## A board or a target that cannot be played.

error-config-size = la taille de plateau { $size } n’est pas prise en charge : choisissez entre { $min } et { $max }
error-config-rows = un plateau de { $rows } lignes n’est pas pris en charge : choisissez entre { $min } et { $max }
error-config-cols = un plateau de { $cols } colonnes n’est pas pris en charge : choisissez entre { $min } et { $max }
error-config-target = l’objectif { $target } n’est pas une puissance de deux d’au moins { $min } (par exemple 2048)
error-config-unreachable = l’objectif { $target } est hors d’atteinte sur un plateau { $board }, dont la plus grande tuile est { $largest }

## A saved game that does not hold together.

error-restore-tile-count = { $found } cases alors que le plateau en a { $expected }
error-restore-tile = { $value } n’est pas une valeur de tuile
error-restore-score = le score { $score } est hors limites
error-restore-status = l’état enregistré ne correspond pas au plateau
error-restore-rng = l’état du générateur aléatoire est vide

## Moves that cannot be played back.

error-history-other-board = son point de départ est un autre plateau
error-history-after-end = le coup { $number } vient après la fin de la partie
error-history-no-change = le coup { $number } ne changerait pas le plateau
error-history-mismatch = ses coups mènent à une autre partie
error-history-packing = ses coups sont endommagés
error-history-not-seed = son début ne correspond pas à la partie issue de sa graine

## Keys named in words (the others are the letter, digit, arrow or sign on the key).

key-enter = Entrée
key-space = Espace
key-escape = Échap
key-backspace = Retour arrière
key-home = Début
key-end = Fin
key-page-up = Pg préc.
key-page-down = Pg suiv.
key-comma = Virgule
key-period = Point

## The line of keys under the board: "U annuler", parts joined by dots.

help-key = { $key } { $action }
# The game takes keys by their place on the keyboard: on the AZERTY keyboards of France, the
# US layout's W A S D are Z Q S D.
help-move = Flèches ou ZQSD pour déplacer
help-move-touch = Flèches, ZQSD ou glisser pour déplacer
help-undo = annuler
help-new-game = nouvelle partie
help-options = options
help-quit = quitter
help-close = fermer
help-play = lire
help-replay = revoir
help-share = partager
help-statistics = statistiques
help-history = historique
help-rows-columns = ↑ ↓ lignes  ·  ← → colonnes
help-select = ↑ ↓ choisir
help-boards = ← → plateau
help-coach-summary = Tab et Entrée : voir un coup dans le replay  ·  Échap fermer

## The board in play, "Gagné !" and "Partie terminée !".

play-won-title = Gagné !
play-won-line = Vous avez atteint { $target }.
play-keep-going = Continuer
play-new-game = Nouvelle partie
play-over-title = Partie terminée !
play-over-line = Score : { $score }, meilleure tuile : { $tile }.
play-try-again = Réessayer
play-replay = Revoir
play-share = Partager
play-coach = Coach

## "Nouvelle partie ?"

new-game-title = Nouvelle partie ?
new-game-line = Cette partie sera conservée dans l’historique.
new-game-start = Nouvelle partie
new-game-keep-playing = Continuer

## The options.

options-title = Options
# A part’s heading names its keys: "Thème (touche T)", "Taille du plateau (touches 3–8)".
options-heading-key = { $part } (touche { $key })
options-heading-range = { $part } (touches { $first }–{ $last })
options-heading-pair = { $part } (touches { $first } et { $second })
options-heading-arrows = { $part } : { $keys }
options-size = Taille du plateau
options-shape = Lignes et colonnes
options-target = Objectif
options-theme = Thème
options-motion = Animations
options-coach = Coach
# The board chosen, under the square sizes.
options-shape-line = { $rows ->
        [one] { $rows } ligne
       *[other] { $rows } lignes
    }, { $cols ->
        [one] { $cols } colonne
       *[other] { $cols } colonnes
    }
options-size-name = Plateau de { $rows } sur { $cols }
options-rows-fewer = Lig. −
options-rows-fewer-name = Une ligne de moins (actuellement { $shape })
options-rows-more = Lig. +
options-rows-more-name = Une ligne de plus (actuellement { $shape })
options-cols-fewer = Col. −
options-cols-fewer-name = Une colonne de moins (actuellement { $shape })
options-cols-more = Col. +
options-cols-more-name = Une colonne de plus (actuellement { $shape })
options-target-name = Objectif { $target }
options-theme-system = Système
options-theme-system-name = Thème du système
options-theme-light = Clair
options-theme-light-name = Thème clair
options-theme-dark = Sombre
options-theme-dark-name = Thème sombre
options-theme-contrast = Contraste élevé
options-theme-contrast-name = Thème à contraste élevé
options-motion-system = Système
options-motion-system-name = Animations selon le système
options-motion-full = Complètes
options-motion-full-name = Animations complètes
options-motion-reduced = Réduites
options-motion-reduced-name = Animations réduites
options-motion-off = Aucune
options-motion-off-name = Aucune animation
options-coach-on = Activé
options-coach-on-name = Coach activé
options-coach-off = Désactivé
options-coach-off-name = Coach désactivé
# The language button shows the language spoken; while it follows the system’s, it says so.
language-name = Français
options-language-system = { $language } (système)
options-language-name = Langue : { $language }
options-language-system-name = Langue : { $language }, celle du système
options-history = Historique
options-statistics = Statistiques
options-export = Exporter
options-export-name = Exporter une sauvegarde
options-import = Importer
options-import-name = Importer une sauvegarde
options-done = Terminé
options-language-heading = Langue

## Dates: when a game of the history started ($month 1 to 12, $mm and $dd "01", $day "1",
## $hour and $minute "05", $year "2026").

# The French short form: 05/01/2026 14:05.
date-time = { $dd }/{ $mm }/{ $year } { $hour }:{ $minute }
date-beyond = une date hors du calendrier
# A day, without the time (the daily's): the same parts as date-time.
date-day = { $dd }/{ $mm }/{ $year }

## Counts said in many places.

count-moves = { $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    }
count-games = { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }
count-undos = { $undos ->
        [one] { $undos } annulation
       *[other] { $undos } annulations
    }

## The history of games.

history-title = Historique
# A game of the list as it is drawn, in columns.
history-row = { $when }   { $shape }   { $score }   max { $tile }   { count-moves }
history-row-ai = { history-row }   IA
# The same game as a screen reader hears it.
history-row-name = { $when }, { $rows } sur { $cols }, score { $score }, meilleure tuile { $tile }, { count-moves }
history-row-name-ai = { history-row-name }, jouée par l’IA
history-none = Aucune partie pour l’instant. Les parties que vous terminez, ou que vous remplacez par une nouvelle, apparaissent ici.
history-replay = Revoir
history-replay-name = Revoir la partie sélectionnée
history-share = Partager
history-share-name = Partager la partie sélectionnée
history-statistics = Statistiques
history-close = Fermer
# The count by the title, as drawn.
history-shown-one = 1 partie
history-shown-some = { $first }–{ $last } sur { $games } parties

## The statistics of one board shape.

stats-title = Statistiques
stats-none = Aucune partie en { $rows } sur { $cols } pour l’instant.
stats-summary = Plateaux de { $rows } sur { $cols } : { count-games }, { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    } ({ $percent } %), meilleur score { $best }, score moyen { $average }.
stats-tile-games = { $tile } dans { count-games }
stats-tiles = Meilleure tuile atteinte : { $tiles }.
stats-recent = { $count ->
        [one] Dernier score : { $scores }.
       *[other] { $count } derniers scores, du plus ancien au plus récent : { $scores }.
    }
stats-previous = Plateau précédent
stats-next = Plateau suivant
stats-history = Historique
stats-close = Fermer
# As drawn.
stats-tiles-heading = Meilleure tuile atteinte
stats-scores-heading = { $count ->
        [one] Score de la dernière partie
       *[other] Scores des { $count } dernières parties
    }

## The replay viewer.

viewer-title = Replay
viewer-position = Coup { $shown } sur { $moves }, score { $score }, { count-undos }.
viewer-playing = Lecture en vitesse { $speed }.
viewer-paused = En pause.
viewer-play = Lire
viewer-pause = Pause
viewer-first = Retour au début
viewer-back = Un coup en arrière
viewer-forward = Un coup en avant
viewer-last = Aller à la fin
viewer-speed = Vitesse { $speed }
viewer-speed-max = Max
viewer-play-on = Jouer ici
viewer-play-on-name = Reprendre la partie à partir d’ici
viewer-share = Partager
viewer-close = Fermer

## The coach’s summary of the game.

coach-title = Coach
coach-none = Aucun coup de cette partie n’est encore évalué : le coach évalue vos propres coups quand il est activé (options, touche { $key }).
coach-counts = { $rated ->
        [one] { $rated } coup évalué
       *[other] { $rated } coups évalués
    } : { $best ->
        [one] { $best } meilleur
       *[other] { $best } meilleurs
    }, { $good ->
        [one] { $good } bon
       *[other] { $good } bons
    }, { $inaccuracies ->
        [one] { $inaccuracies } imprécision
       *[other] { $inaccuracies } imprécisions
    }, { $mistakes ->
        [one] { $mistakes } erreur
       *[other] { $mistakes } erreurs
    }.
coach-clean = Aucune imprécision ni erreur : bien joué !
coach-worst = Les coups les plus coûteux ; chacun ouvre le replay juste avant ce coup :
coach-move = Coup { $number } : { $played }, { $verdict } ({ $best } était le meilleur)
coach-close = Fermer

## Moves and the coach’s words on them.

direction-up = Haut
direction-down = Bas
direction-left = Gauche
direction-right = Droite
verdict-best = meilleur coup
verdict-good = bon coup
verdict-inaccuracy = imprécision
verdict-mistake = erreur
# Drawn under the board for a moment, and said after the move’s sentence.
remark-best = Coach : { $played }, le meilleur coup.
remark-good = Coach : { $played }, un bon coup ({ $best } était le meilleur).
remark-inaccuracy = Coach : { $played }, une imprécision ; { $best } était le meilleur ({ $key } pour comparer).
remark-mistake = Coach : { $played }, une erreur ; { $best } était le meilleur ({ $key } pour comparer).

## What a screen reader hears.

# Between the items of a list said in one sentence.
list-separator = {", "}
say-by = { $rows } sur { $cols }
say-place = ligne { $row } colonne { $col }
say-undid = Annulé : { $direction }, score { $score }.
say-merge = deux { $half } fusionnés en { $value }
say-merges = { $first } et { $second }
say-spawn = nouveau { $value } en { $place }
say-score = score { $score }
say-move = { $direction } : { $parts }.
say-empty = vide
say-status = Score { $score }, record { $best }, { count-moves }, plateau { $shape }, objectif { $target }.
say-row = Ligne { $row } : { $cells }.
say-tile = { $value } en { $place }
say-new-game = Nouvelle partie : { $tiles }.
say-won = Gagné ! Vous avez atteint { $target }. Continuez, ou commencez une nouvelle partie.
say-over = Partie terminée. Score { $score }, meilleure tuile { $tile }. Réessayez avec Nouvelle partie.
say-reading = { $board } Score { $score }.
say-new-game-question = { new-game-title } { new-game-line } { key-enter } : nouvelle partie. Échap : continuer à jouer.
say-options = Options.
say-coach = Coach.

## Notices: a line under the board for a few seconds.

notice-replay-refused = Ce replay ne peut pas être affiché : { $reason }.
notice-coach-unrated = Le coach n’a encore évalué aucun coup de cette partie.
notice-coach-off = Le coach est désactivé : activez-le dans les options ({ $options }, puis { $coach }).
notice-unrecorded-history = Cette partie a commencé avant l’enregistrement des parties : elle n’est pas dans l’historique.
notice-unrecorded-replay = Cette partie a commencé avant l’enregistrement des parties : elle n’a pas de replay.
notice-unrecorded-share = Cette partie a commencé avant l’enregistrement des parties : elle ne peut pas être partagée.
notice-record-refused = L’enregistrement de cette partie ne peut pas être rejoué : { $reason }.
notice-played-on = Reprise à partir du coup { $move } ; la partie remplacée est dans l’historique.
notice-nothing-to-share = Il n’y a encore aucune partie à partager.
notice-guest = Une autre fenêtre joue sur ce plateau : celle-ci commence sa propre partie.
notice-guest-played = Une autre fenêtre joue sur ce plateau : la partie jouée ici continue de son côté.
notice-guest-tab = Un autre onglet joue sur ce plateau : celui-ci commence sa propre partie.
notice-guest-tab-played = Un autre onglet joue sur ce plateau : la partie jouée ici continue de son côté.
notice-save-failed = La partie ne peut pas être sauvegardée ici ; le jeu continue.
notice-ai-network-missing = L'évaluation apprise de l'IA est introuvable : elle joue selon ses règles intégrées.
notice-ai-network-damaged = L'évaluation apprise de l'IA est endommagée : elle joue selon ses règles intégrées.
notice-shared-desktop = Le code de la partie est dans le presse-papiers (et affiché dans le terminal) : ouvrez-le avec --replay.
notice-shared-printed = Pas de presse-papiers ici : le code de la partie est affiché dans le terminal.
notice-shared-link = Un lien vers cette partie est dans le presse-papiers.
notice-shared-none = Ce navigateur ne donne pas accès au presse-papiers à la page.
notice-backup-made = Sauvegarde créée : { count-games }.
notice-backup-saved = Sauvegarde enregistrée : { count-games }, dans { $path }.
notice-backup-not-saved = La sauvegarde n’a pas pu être écrite dans { $path } : { $reason }.
notice-no-file-dialog = Ce bureau n’a pas de fenêtre de choix de fichier (portail XDG ou zenity) : g2048 --export FICHIER et --import FICHIER font de même.
notice-backup-unlisted = Les parties en cours n’ont pas pu être listées pour la sauvegarde.
notice-import-busy = Une importation est encore en cours ; réessayez dans un instant.
notice-import-refused = Ce fichier ne peut pas être importé : { $reason }.
notice-import-partly = La sauvegarde n’a pas pu être importée entièrement ({ $reason }) ; tout ce qui était là est conservé.
notice-imported = Import terminé : { $new ->
        [one] { $new } nouvelle partie
       *[other] { $new } nouvelles parties
    }{ $boards ->
        [0] {""}
        [one] , { $boards } partie en cours
       *[other] , { $boards } parties en cours
    }{ $history ->
        [0] {""}
       *[other] , { $history } dans l’historique
    }.
# $what: which document it was.
notice-set-aside = { $what ->
        [options] Vos options n’ont pas pu être utilisées et ont été mises de côté.
        [best] Vos meilleurs scores n’ont pas pu être utilisés et ont été mis de côté.
        [history] Votre historique de parties n’a pas pu être utilisé et a été mis de côté.
        [undo] Votre historique d’annulations n’a pas pu être utilisé et a été mis de côté.
        [earlier] Votre partie précédente n’a pas pu être utilisée et a été mise de côté.
        [import] Votre importation inachevée n’a pas pu être utilisée et a été mise de côté.
        [ranked] Vos comptes du classement n’ont pas pu être utilisés et ont été mis de côté.
       *[game] Votre partie sauvegardée n’a pas pu être utilisée et a été mise de côté.
    }
notice-left-alone = { $what ->
        [options] Vos options n’ont pas pu être utilisées ; elles restent telles quelles.
        [best] Vos meilleurs scores n’ont pas pu être utilisés ; ils restent tels quels.
        [history] Votre historique de parties n’a pas pu être utilisé ; il reste tel quel.
        [undo] Votre historique d’annulations n’a pas pu être utilisé ; il reste tel quel.
        [earlier] Votre partie précédente n’a pas pu être utilisée ; elle reste telle quelle.
        [import] Votre importation inachevée n’a pas pu être utilisée ; elle reste telle quelle.
        [ranked] Vos comptes du classement n’ont pas pu être utilisés ; ils restent tels quels.
       *[game] Votre partie sauvegardée n’a pas pu être utilisée ; elle reste telle quelle.
    }
notice-newer-saves = Vos sauvegardes viennent d’une version plus récente de 2048 : celle-ci en lit ce qu’elle connaît et laisse le reste tel quel.
notice-not-understood = Une sauvegarde trop grande pour cette version est laissée telle quelle.
notice-unreadable = Une sauvegarde ne peut pas être lue pour l’instant : elle est laissée telle quelle et relue à la prochaine sauvegarde.
notice-not-file = Ce qui se trouve à la place d’une sauvegarde n’est pas un fichier : il est laissé tel quel, et cette sauvegarde n’est pas conservée.
notice-damaged = Une sauvegarde endommagée est laissée telle quelle.
notice-no-lock = Les sauvegardes ne peuvent pas être verrouillées ici, donc rien n’est sauvegardé : aucune partie d’une autre fenêtre ne peut être perdue.
notice-no-claim = Ce plateau ne peut pas être réservé ici : cette fenêtre joue sa propre partie, gardée dans l’historique.
notice-storage-refused = Le navigateur n’a pas enregistré la dernière modification ({ $reason }) : ce qui était enregistré reste, et elle sera enregistrée avec la suivante.
notice-rebuilt = Votre partie sauvegardée était endommagée : elle a été reconstruite à partir de ses coups.
notice-merged-back = { $count ->
        [one] Une sauvegarde mise de côté par une version antérieure a été relue et réintégrée.
       *[other] { $count } sauvegardes mises de côté par une version antérieure ont été relues et réintégrées.
    }

## Why a backup file is refused (inside "Ce fichier ne peut pas être importé : …").

error-backup-too-large = il est plus volumineux que n’importe quelle sauvegarde
error-backup-not-backup = ce n’est pas une sauvegarde de 2048
error-backup-newer = il a été créé par une version plus récente du jeu (sauvegarde en version { $version } ; ce jeu lit la version { $reads })
error-backup-damaged = il est endommagé ({ $reason })
error-backup-impossible = il contient une partie impossible
error-backup-cut-short = tronqué
error-backup-version = sa version est absente ou erronée
error-backup-content = son contenu n’est pas celui d’une sauvegarde
error-backup-json = ce n’est pas du JSON valide
error-backup-check = sa somme de contrôle ne correspond pas à son contenu
error-backup-dated = { $count ->
        [one] il contient une partie datée d’après sa création
       *[other] il contient { $count } parties datées d’après sa création
    }

## Why the game’s storage failed (inside the notices above).

error-storage-none = le navigateur ne donne aucun stockage à cette page
error-storage-unreadable = la sauvegarde n’a pas pu être lue
error-storage-full = le stockage du navigateur est plein ou a refusé l’écriture
error-storage-change = le stockage du navigateur a refusé la modification
error-storage-untouchable = un document qui n’a pu être ni lu ni mis de côté n’est pas écrasé
error-storage-not-file = ce qui s’y trouve n’est pas un fichier
error-storage-no-lock = les sauvegardes n’ont pas pu être verrouillées
error-storage-not-understood = une sauvegarde que cette version ne comprend pas est laissée telle quelle
error-storage-read-only = l’export d’une sauvegarde n’écrit rien
# The system’s own words for an error.
error-io = { $reason }

## The coach’s bars (E): how the four moves compared.

bars-title = Vous avez joué { $played } : { $verdict }
bars-you = { $arrow } vous
bars-cannot = impossible
bars-best = meilleur
# $percent comes written with its decimals ("3,1").
bars-shortfall = −{ $percent } % { $verdict }

## The header: the boxes’ names (capitals as in the original), the intro, the buttons.

header-best = RECORD
header-score = SCORE
header-moves = COUPS
header-intro = Fusionnez jusqu’à { $target } !
header-ai = IA
header-undo = Annuler
header-new-game = Nouvelle partie
header-options = Options
say-board = Plateau
# Under "Partie terminée !" with the coach on.
over-coach = Coach : { $best ->
        [one] { $best } meilleur coup
       *[other] { $best } meilleurs coups
    } sur { $rated ->
        [one] { $rated } évalué
       *[other] { $rated } évalués
    }, { $mistakes ->
        [one] { $mistakes } erreur
       *[other] { $mistakes } erreurs
    }.

## The web page around the game (web/index.html fills these in before the game starts).

page-canvas = Jeu 2048
page-loading = Chargement de 2048…
page-failed = Le jeu n’a pas pu démarrer : { $error }
page-no-canvas = Le jeu ne peut pas démarrer : cette page n’a pas de <canvas id="bevy"> où dessiner.
page-no-webgl2 = Le jeu ne peut pas démarrer : il nécessite WebGL2, que ce navigateur a désactivé ou ne prend pas en charge.
page-mirror = 2048, pour les lecteurs d’écran
# What the keys on the board do, for a screen reader: each letter is the key’s.
page-keys = Les flèches font glisser les tuiles. B lit le plateau, U annule, R lance une nouvelle partie, I donne un indice, P fait jouer l’IA, O ouvre les options, X le bilan du coach.
page-game = Jeu
page-undo = Annuler
page-hint = Indice
page-ai = L’IA joue
page-read = Lire le plateau
page-coach = Bilan du coach
page-update = Nouvelle version
page-reload = Recharger

## Le défi du jour : une partie par jour UTC, la même pour tout le monde (4×4 jusqu’à 2048) ; seule
## la première partie du jour compte, les suivantes sont des essais. $date : un jour écrit par date-day.

header-daily = Défi du { $date } !
header-daily-practice = Défi du { $date } : essai
daily-result = Défi du { $date } : score { $score }, meilleure tuile { $tile }, { count-moves }, { count-undos }.
daily-result-practice = Défi du { $date }, partie d’essai : score { $score }, meilleure tuile { $tile }, { count-moves }, { count-undos } (seule la première partie du jour compte).
# Said when a daily's replay opens: its moves were played again from the day's seed.
daily-checked = Défi du { $date } : score { $score }, vérifié.
daily-not-that-day = Cette partie n’est pas le défi du { $date } : elle ne part pas de la graine de ce jour-là.
options-daily = Défi du jour
options-daily-play = Jouer
options-daily-play-name = Jouer le défi du jour ({ $date })
options-daily-practice = Rejouer
options-daily-practice-name = Rejouer le défi du jour ({ $date }) pour s’entraîner : sa première partie, la seule qui compte, est déjà jouée
history-row-daily = { $row }   Défi
history-row-practice = { $row }   Essai
history-row-name-daily = { $name }, défi du { $date }
history-row-name-practice = { $name }, défi du { $date } (partie d’essai)
stats-dailies = Défis du jour : { $days ->
        [one] { $days } jour joué
       *[other] { $days } jours joués
    }, { $streak ->
        [one] { $streak } d’affilée
       *[other] { $streak } d’affilée
    }, meilleur score { $best } le { $date }.

## Chance et habileté, lues dans l’enregistrement d’une partie finie.

review-later = La chance et l’habileté s’évaluent une fois la partie finie.
review-reading = Évaluation de la chance et de l’habileté… { $percent } %
review-figures-even = Les coups ont gardé { $skill } % de la valeur des meilleurs coups ; les tuiles sont tombées comme en moyenne.
review-figures-better = Les coups ont gardé { $skill } % de la valeur des meilleurs coups ; les tuiles sont tombées { $luck } % mieux qu’en moyenne.
review-figures-worse = Les coups ont gardé { $skill } % de la valeur des meilleurs coups ; les tuiles sont tombées { $luck } % moins bien qu’en moyenne.
review-no-moves = Les coups de cette partie n’ont pas été gardés : sa chance et son habileté ne peuvent pas être évaluées.
history-selected = Partie choisie : { $reading }

## Une course contre un fantôme (une partie enregistrée, ou l’IA, de la même graine).

race-ahead = { $lead } d’avance sur le fantôme
race-behind = { $lead } de retard sur le fantôme
race-level = À égalité avec le fantôme
race-ghost-line = Fantôme : { $score } points, coup { $shown } sur { $moves }
race-ai-line = IA : { $score } points, coup { $shown }
race-won = Course gagnée !
race-lost = Le fantôme a gagné la course
race-tie = Course à égalité
race-you = Vous : { $score } points, meilleure tuile { $tile }, { count-moves }.
race-ghost = Fantôme : { $score } points, meilleure tuile { $tile }, { count-moves }.
race-ai = IA : { $score } points, meilleure tuile { $tile }, { count-moves }.
race-ended-yours = Votre partie est terminée.
race-ended-ghost = Le fantôme n’a plus de coups.
race-ended-ai = La partie de l’IA est terminée.
race-rematch = Revanche
race-share = Partager
race-close = Fermer
help-rematch = revanche
help-race = course
viewer-race = Course
viewer-race-name = Faire la course contre le fantôme de cette partie
history-race = Course
history-race-name = Faire la course contre le fantôme de la partie sélectionnée

## The ranked daily (docs/server.md)
ranked-title = Défi du jour classé
ranked-today = Aujourd’hui
ranked-yesterday = Hier
ranked-no-server = Aucun serveur du classement n’est défini : le jeu ne contacte personne. (Sur ordinateur : --server ADDRESS.)
ranked-connecting = Connexion à { $server }…
ranked-down = Le serveur du classement est injoignable ({ $reason }). Nouvelle tentative…
ranked-you = Vous jouez sous le nom { $name }.
ranked-you-unnamed = Vous jouez encore sans nom.
ranked-you-hidden = Votre nom a été masqué : N en choisit un autre.
ranked-no-account = Votre première partie classée crée votre compte.
ranked-ranks-from = Les parties d’un nouveau compte sont classées à partir du lendemain : les vôtres à partir du { $day }.
ranked-refused = Le serveur a répondu : { $reason }
ranked-running = Aujourd’hui, { $day } : { $players ->
        [one] { $players } joueur, parties encore en cours
       *[other] { $players } joueurs, parties encore en cours
    }
ranked-final = Classement final du { $day } : { $players ->
        [one] { $players } joueur
       *[other] { $players } joueurs
    }
ranked-empty = Aucune partie classée pour l’instant.
ranked-row = { $rank }. { $name } : { $score } points, meilleure tuile { $tile }, { $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    }
ranked-row-playing = { $rank }. { $name } : { $score } points, meilleure tuile { $tile }, { $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    }, en cours
ranked-no-name = (sans nom)
ranked-name-not-drawn = (nom dans une autre écriture)
ranked-watch = Regarder : { $row }
ranked-your-place = Votre rang : { $rank }
ranked-play = Jouer la partie classée du jour
ranked-resume = Reprendre la partie classée
ranked-leave = Revenir à ma partie
ranked-close = Fermer
ranked-play-short = Jouer
ranked-resume-short = Reprendre
ranked-leave-short = Ma partie
ranked-not-here = Impossible en partie classée : ni annulation, ni indice, ni IA.
ranked-account-unsaved = Votre compte du classement n’a pas pu être enregistré : il risque de ne pas survivre à cette session.
ranked-bad-answer = La réponse du serveur du classement n’a pas pu être utilisée.
help-ranked-play = jouer
ranked-name = Changer de nom
ranked-name-title = Votre nom dans le classement
ranked-name-typed = Nom : { $name }
ranked-name-rules = De 3 à 20 lettres, chiffres, espaces, - _ ou . ; doit être unique. Entrée l’envoie, Échap revient en arrière.
ranked-name-send = Envoyer
ranked-name-needs-account = Jouez d’abord une partie classée : elle crée votre compte.
help-ranked-send = envoyer
