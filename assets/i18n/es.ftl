# Catálogo en español del juego (assets/i18n/en.ftl tiene las notas).
# Español neutro: tuteo, sin vosotros; se entiende en España y en América Latina.

## Por qué se rechaza un código para compartir (dentro de "No se puede mostrar esta repetición: …").

error-code-empty = el código está vacío
error-code-too-long = el código tiene { $length } caracteres, más que cualquier partida ({ $max })
error-code-text = esto no es un código de partida (letras, cifras, - y _)
error-code-short = el código está incompleto
error-code-checksum = el código está dañado (su suma de comprobación no coincide)
error-code-version = el código es de la versión { $version }; este juego lee las versiones { $first } a { $last }
error-code-generator = el código fue repartido por el generador { $generator }, que este juego no conoce
error-code-config = en el código, { $reason }
error-code-too-many-moves = el código contiene { $moves } jugadas, más de { $max }
error-code-moves = la partida del código no se puede jugar: { $reason }

## Un tablero o un objetivo que no se puede jugar.

error-config-size = el tamaño de tablero { $size } no se admite: elige entre { $min } y { $max }
error-config-rows = no se admite ese número de filas ({ $rows }): elige entre { $min } y { $max }
error-config-cols = no se admite ese número de columnas ({ $cols }): elige entre { $min } y { $max }
error-config-target = el objetivo { $target } no es una potencia de dos igual o mayor que { $min } (p. ej., 2048)
error-config-unreachable = el objetivo { $target } no se puede alcanzar en un tablero de { $board }, cuya ficha más alta es { $largest }

## Una partida guardada que no es coherente.

error-restore-tile-count = { $found } casillas donde el tablero tiene { $expected }
error-restore-tile = { $value } no es un valor de ficha
error-restore-score = la puntuación { $score } está fuera de rango
error-restore-status = el estado guardado no corresponde al tablero
error-restore-rng = el estado del generador aleatorio está vacío

## Jugadas que no se pueden reproducir.

error-history-other-board = empieza en otro tablero
error-history-after-end = la jugada { $number } llega después del final de la partida
error-history-no-change = la jugada { $number } no cambiaría el tablero
error-history-mismatch = sus jugadas llevan a otra partida
error-history-packing = sus jugadas están dañadas
error-history-not-seed = su inicio no es la partida que genera su semilla

## Teclas nombradas con palabras (las demás son la letra, la cifra, la flecha o el signo de la tecla).

key-enter = Intro
key-space = Espacio
key-escape = Esc
key-backspace = Retroceso
key-home = Inicio
key-end = Fin
key-page-up = Re Pág
key-page-down = Av Pág
key-comma = Coma
key-period = Punto

## La línea de teclas bajo el tablero: cada parte es una tecla y lo que hace ("U deshacer"),
## partes unidas por puntos.

help-key = { $key } { $action }
help-move = Flechas o WASD para mover
help-move-touch = Flechas, WASD o deslizar para mover
help-undo = deshacer
help-new-game = nueva partida
help-options = opciones
help-quit = salir
help-close = cerrar
help-play = reproducir
help-replay = repetición
help-share = compartir
help-statistics = estadísticas
help-history = historial
help-rows-columns = ↑ ↓ filas  ·  ← → columnas
help-select = ↑ ↓ elegir
help-boards = ← → tablero
help-coach-summary = Tab e Intro: ver una jugada en la repetición  ·  Esc cerrar

## El tablero en juego, "¡Ganaste!" y "¡Fin del juego!".

play-won-title = ¡Ganaste!
play-won-line = Llegaste a { $target }.
play-keep-going = Continuar
play-new-game = Nueva partida
play-over-title = ¡Fin del juego!
play-over-line = Puntuación { $score }, ficha máxima { $tile }.
play-try-again = Reintentar
play-replay = Repetición
play-share = Compartir
play-coach = Tutor

## "¿Empezar otra partida?"

new-game-title = ¿Empezar otra partida?
new-game-line = Esta partida se guardará en el historial.
new-game-start = Nueva partida
new-game-keep-playing = Seguir jugando

## Las opciones.

options-title = Opciones
# El título de cada parte nombra sus teclas: "Tema (tecla T)", "Tamaño del tablero (teclas 3–8)".
options-heading-key = { $part } (tecla { $key })
options-heading-range = { $part } (teclas { $first }–{ $last })
options-heading-pair = { $part } (teclas { $first } y { $second })
options-heading-arrows = { $part }: { $keys }
options-size = Tamaño del tablero
options-shape = Filas y columnas
options-target = Objetivo
options-theme = Tema
options-motion = Animaciones
options-coach = Tutor de jugadas
# El tablero elegido, bajo los tamaños cuadrados.
options-shape-line = { $rows ->
        [one] { $rows } fila
       *[other] { $rows } filas
    }, { $cols ->
        [one] { $cols } columna
       *[other] { $cols } columnas
    }
options-size-name = Tablero de { $rows } por { $cols }
options-rows-fewer = Filas −
options-rows-fewer-name = Una fila menos (ahora { $shape })
options-rows-more = Filas +
options-rows-more-name = Una fila más (ahora { $shape })
options-cols-fewer = Col. −
options-cols-fewer-name = Una columna menos (ahora { $shape })
options-cols-more = Col. +
options-cols-more-name = Una columna más (ahora { $shape })
options-target-name = Objetivo { $target }
options-theme-system = Sistema
options-theme-system-name = Tema del sistema
options-theme-light = Claro
options-theme-light-name = Tema claro
options-theme-dark = Oscuro
options-theme-dark-name = Tema oscuro
options-theme-contrast = Alto contraste
options-theme-contrast-name = Tema de alto contraste
options-motion-system = Sistema
options-motion-system-name = Animaciones según el sistema
options-motion-full = Completas
options-motion-full-name = Animaciones completas
options-motion-reduced = Reducidas
options-motion-reduced-name = Animaciones reducidas
options-motion-off = Ninguna
options-motion-off-name = Sin animaciones
options-coach-on = Sí
options-coach-on-name = Tutor activado
options-coach-off = No
options-coach-off-name = Tutor desactivado
# El botón del idioma muestra el idioma en uso; mientras sigue al del sistema, lo dice.
language-name = Español
options-language-system = { $language } (sistema)
options-language-name = Idioma: { $language }
options-language-system-name = Idioma: { $language }, el del sistema
options-history = Historial
options-statistics = Estadísticas
options-export = Exportar
options-export-name = Exportar una copia de seguridad
options-import = Importar
options-import-name = Importar una copia de seguridad
options-done = Listo
options-language-heading = Idioma

## Fechas: cuándo empezó una partida del historial, según el reloj del jugador. $month va de 1
## a 12, $mm y $dd son el mes y el día como "01", $day como "1", $hour y $minute como "05",
## $year como "2026".

# Día/mes/año, como se escribe en España y en América Latina.
date-time = { $dd }/{ $mm }/{ $year } { $hour }:{ $minute }
date-beyond = una fecha fuera del calendario
# Un día, sin la hora (el del reto diario): las mismas partes que date-time.
date-day = { $dd }/{ $mm }/{ $year }

## Cantidades que se dicen en muchos sitios.

count-moves = { $moves ->
        [one] { $moves } jugada
       *[other] { $moves } jugadas
    }
count-games = { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    }
count-undos = { $undos ->
        [one] { $undos } jugada deshecha
       *[other] { $undos } jugadas deshechas
    }

## El historial de partidas.

history-title = Historial
# Una partida de la lista tal como se dibuja, en columnas.
history-row = { $when }   { $shape }   { $score }   máx. { $tile }   { count-moves }
history-row-ai = { history-row }   IA
# La misma partida tal como la oye un lector de pantalla.
history-row-name = { $when }, { $rows } por { $cols }, puntuación { $score }, ficha máxima { $tile }, { count-moves }
history-row-name-ai = { history-row-name }, jugada por la IA
history-none = Aún no hay partidas. Aquí aparecen las partidas que terminas o que sustituyes por una nueva.
history-replay = Repetición
history-replay-name = Ver la repetición de la partida elegida
history-share = Compartir
history-share-name = Compartir la partida elegida
history-statistics = Estadísticas
history-close = Cerrar
# La cuenta junto al título, tal como se dibuja.
history-shown-one = 1 partida
history-shown-some = { $first }–{ $last } de { $games } partidas

## Las estadísticas de una forma de tablero.

stats-title = Estadísticas
stats-none = Aún no hay partidas en tableros de { $rows } por { $cols }.
stats-summary = Tableros de { $rows } por { $cols }: { count-games }, { $wins ->
        [one] { $wins } victoria
       *[other] { $wins } victorias
    } ({ $percent } %), mejor puntuación { $best }, puntuación media { $average }.
stats-tile-games = { $tile } en { count-games }
stats-tiles = Ficha máxima alcanzada: { $tiles }.
stats-recent = { $count ->
        [one] Última puntuación: { $scores }.
       *[other] Últimas { $count } puntuaciones, de la más antigua a la más reciente: { $scores }.
    }
stats-previous = Tablero anterior
stats-next = Tablero siguiente
stats-history = Historial
stats-close = Cerrar
# Tal como se dibuja.
stats-tiles-heading = Ficha máxima alcanzada
stats-scores-heading = { $count ->
        [one] Puntuación de la última partida
       *[other] Puntuaciones de las últimas { $count } partidas
    }

## El visor de repeticiones.

viewer-title = Repetición
viewer-position = Jugada { $shown } de { $moves }, puntuación { $score }, { count-undos }.
viewer-playing = Reproduciendo (velocidad { $speed }).
viewer-paused = En pausa.
viewer-play = Ver
viewer-pause = Pausa
viewer-first = Volver al inicio
viewer-back = Una jugada atrás
viewer-forward = Una jugada adelante
viewer-last = Ir al final
viewer-speed = Velocidad { $speed }
viewer-speed-max = Máx
viewer-play-on = Jugar
viewer-play-on-name = Seguir jugando desde aquí
viewer-share = Copiar
viewer-close = Cerrar

## El resumen de la partida que hace el tutor.

coach-title = Tutor
coach-none = Aún no hay ninguna jugada valorada en esta partida: el tutor valora tus propias jugadas mientras está activado (opciones, tecla { $key }).
coach-counts = { $rated ->
        [one] 1 jugada valorada
       *[other] { $rated } jugadas valoradas
    }: { $best ->
        [one] 1 mejor
       *[other] { $best } mejores
    }, { $good ->
        [one] 1 buena
       *[other] { $good } buenas
    }, { $inaccuracies ->
        [one] 1 imprecisión
       *[other] { $inaccuracies } imprecisiones
    }, { $mistakes ->
        [one] 1 error
       *[other] { $mistakes } errores
    }.
coach-clean = Ni una imprecisión ni un error: bien jugado.
coach-worst = Las jugadas que más costaron; cada una abre la repetición justo antes de ella:
coach-move = Jugada { $number }: { $played }, { $verdict } ({ $best } era la mejor)
coach-close = Cerrar

## Las jugadas y lo que dice de ellas el tutor.

direction-up = Arriba
direction-down = Abajo
direction-left = Izquierda
direction-right = Derecha
verdict-best = mejor
verdict-good = buena
verdict-inaccuracy = imprecisión
verdict-mistake = error
# Se dibuja un momento bajo el tablero, y se dice después de la frase de la jugada.
remark-best = Tutor: { $played }, la mejor jugada.
remark-good = Tutor: { $played }, una buena jugada ({ $best } era la mejor).
remark-inaccuracy = Tutor: { $played }, una imprecisión; { $best } era la mejor ({ $key } para comparar).
remark-mistake = Tutor: { $played }, un error; { $best } era la mejor ({ $key } para comparar).

## Lo que oye un lector de pantalla.

# Entre los elementos de una lista dicha en una sola frase.
list-separator = {", "}
say-by = { $rows } por { $cols }
say-place = fila { $row } columna { $col }
say-undid = Jugada deshecha: { $direction }, puntuación { $score }.
say-merge = dos { $half } se unen en { $value }
say-merges = { $first } y { $second }
say-spawn = nuevo { $value } en { $place }
say-score = puntuación { $score }
say-move = { $direction }: { $parts }.
say-empty = vacía
say-status = Puntuación { $score }, récord { $best }, { count-moves }, tablero de { $shape } con objetivo { $target }.
say-row = Fila { $row }: { $cells }.
say-tile = { $value } en { $place }
say-new-game = Nueva partida: { $tiles }.
say-won = ¡Ganaste! Llegaste a { $target }. Sigue jugando o empieza una partida nueva.
say-over = Fin del juego. Puntuación { $score }, ficha máxima { $tile }. Vuelve a intentarlo con Nueva partida.
say-reading = { $board } Puntuación { $score }.
say-new-game-question = { new-game-title } { new-game-line } { key-enter }: nueva partida. Escape: seguir jugando.
say-options = Opciones.
say-coach = Tutor.

## Avisos: una línea bajo el tablero durante unos segundos.

notice-replay-refused = No se puede mostrar esta repetición: { $reason }.
notice-coach-unrated = El tutor aún no ha valorado ninguna jugada de esta partida.
notice-coach-off = El tutor está desactivado: actívalo en las opciones ({ $options } y luego { $coach }).
notice-unrecorded-history = Esta partida empezó antes de que se registraran las partidas: no está en el historial.
notice-unrecorded-replay = Esta partida empezó antes de que se registraran las partidas: no tiene repetición.
notice-unrecorded-share = Esta partida empezó antes de que se registraran las partidas: no se puede compartir.
notice-record-refused = El registro de esta partida no se puede reproducir: { $reason }.
notice-played-on = Sigues jugando desde la jugada { $move }; la partida sustituida está en el historial.
notice-nothing-to-share = Aún no hay ninguna partida para compartir.
notice-guest = Este tablero ya se juega en otra ventana: aquí empieza una partida nueva.
notice-guest-played = Este tablero ya se juega en otra ventana: la partida de aquí sigue por su cuenta.
notice-guest-tab = Este tablero ya se juega en otra pestaña: aquí empieza una partida nueva.
notice-guest-tab-played = Este tablero ya se juega en otra pestaña: la partida de aquí sigue por su cuenta.
notice-save-failed = La partida no se puede guardar aquí; el juego continúa.
notice-ai-network-missing = Falta la evaluación aprendida de la IA: juega con sus reglas integradas.
notice-ai-network-damaged = La evaluación aprendida de la IA está dañada: juega con sus reglas integradas.
notice-shared-desktop = El código de la partida está en el portapapeles (y en la terminal): ábrelo con --replay.
notice-shared-printed = No hay portapapeles: el código de la partida se muestra en la terminal.
notice-shared-link = Enlace a esta partida copiado al portapapeles.
notice-shared-none = Este navegador no da a la página acceso al portapapeles.
notice-backup-made = Copia de seguridad creada: { count-games }.
notice-backup-saved = Copia de seguridad guardada: { count-games }, en { $path }.
notice-backup-not-saved = No se pudo escribir la copia de seguridad en { $path }: { $reason }.
notice-no-file-dialog = Este escritorio no tiene diálogo de archivos (portal XDG o zenity): g2048 --export ARCHIVO y --import ARCHIVO hacen lo mismo.
notice-backup-unlisted = No se pudo obtener la lista de partidas en curso para la copia de seguridad.
notice-import-busy = Todavía hay una importación en curso; inténtalo de nuevo en un momento.
notice-import-refused = No se puede importar este archivo: { $reason }.
notice-import-partly = No se pudo importar toda la copia de seguridad ({ $reason }); se conserva todo lo que había aquí.
notice-imported = Importado: { $new ->
        [one] 1 partida nueva
       *[other] { $new } partidas nuevas
    }{ $boards ->
        [0] {""}
        [one] , 1 partida en curso
       *[other] , { $boards } partidas en curso
    }{ $history ->
        [0] {""}
       *[other] , { $history } al historial
    }.
# $what: qué documento era.
notice-set-aside = { $what ->
        [options] No se pudieron usar tus opciones y se han dejado aparte.
        [best] No se pudieron usar tus mejores puntuaciones y se han dejado aparte.
        [history] No se pudo usar tu historial de partidas y se ha dejado aparte.
        [undo] No se pudo usar tu historial para deshacer y se ha dejado aparte.
        [earlier] No se pudo usar tu partida anterior y se ha dejado aparte.
        [import] No se pudo usar tu importación sin terminar y se ha dejado aparte.
        [ranked] No se pudieron usar tus cuentas de la clasificación y se han dejado aparte.
       *[game] No se pudo usar tu partida guardada y se ha dejado aparte.
    }
notice-left-alone = { $what ->
        [options] No se pudieron usar tus opciones; se quedan como estaban.
        [best] No se pudieron usar tus mejores puntuaciones; se quedan como estaban.
        [history] No se pudo usar tu historial de partidas; se queda como estaba.
        [undo] No se pudo usar tu historial para deshacer; se queda como estaba.
        [earlier] No se pudo usar tu partida anterior; se queda como estaba.
        [import] No se pudo usar tu importación sin terminar; se queda como estaba.
        [ranked] No se pudieron usar tus cuentas de la clasificación; se quedan como estaban.
       *[game] No se pudo usar tu partida guardada; se queda como estaba.
    }
notice-newer-saves = Tus partidas guardadas vienen de una versión más nueva de 2048: esta lee lo que conoce de ellas y deja el resto como está.
notice-not-understood = Un guardado demasiado grande para esta versión se deja como está.
notice-unreadable = Un guardado no se puede leer ahora: se deja como está y se vuelve a leer al guardar de nuevo.
notice-not-file = Donde debería haber un guardado hay algo que no es un archivo: se deja como está y ese guardado no se conserva.
notice-damaged = Un guardado dañado se deja como está.
notice-no-lock = Aquí no se pueden bloquear los guardados, así que no se guarda nada: no se puede perder ninguna partida de otra ventana.
notice-no-claim = Aquí no se puede reservar este tablero: esta ventana juega su propia partida, que se guarda en el historial.
notice-storage-refused = El navegador no guardó el último cambio ({ $reason }): lo guardado antes se conserva, y se guardará con el siguiente.
notice-rebuilt = Tu partida guardada estaba dañada: se ha reconstruido a partir de sus movimientos.
notice-merged-back = { $count ->
        [one] Un guardado que una versión anterior dejó aparte se ha vuelto a leer y se ha reincorporado.
       *[other] { $count } guardados que una versión anterior dejó aparte se han vuelto a leer y se han reincorporado.
    }

## Por qué se rechaza un archivo de copia de seguridad (dentro de "No se puede importar este archivo: …").

error-backup-too-large = es más grande que cualquier copia de seguridad
error-backup-not-backup = no es una copia de seguridad de 2048
error-backup-newer = lo creó una versión más reciente del juego (copia de la versión { $version }; esta lee la versión { $reads })
error-backup-damaged = está dañado ({ $reason })
error-backup-impossible = contiene una partida imposible
error-backup-cut-short = incompleto
error-backup-version = falta su versión o no es válida
error-backup-content = su contenido no es el de una copia de seguridad
error-backup-json = no es JSON válido
error-backup-check = su comprobación no coincide con su contenido
error-backup-dated = { $count ->
        [one] contiene una partida con fecha posterior a su creación
       *[other] contiene { $count } partidas con fecha posterior a su creación
    }

## Por qué falló el almacenamiento del juego (dentro de los avisos anteriores).

error-storage-none = el navegador no da almacenamiento a esta página
error-storage-unreadable = no se pudo leer el guardado
error-storage-full = el almacenamiento del navegador está lleno o rechazó la escritura
error-storage-change = el almacenamiento del navegador rechazó el cambio
error-storage-untouchable = no se sobrescribe un documento que no se pudo leer ni dejar aparte
error-storage-not-file = lo que hay ahí no es un archivo
error-storage-no-lock = no se pudieron bloquear los guardados
error-storage-not-understood = un guardado que esta versión no entiende se deja como está
error-storage-read-only = la exportación de una copia de seguridad no escribe nada
# Las palabras del propio sistema para un error.
error-io = { $reason }

## Las barras del tutor (E): cómo se comparan las cuatro jugadas.

bars-title = Tu jugada: { $played }, { $verdict }
bars-you = { $arrow } tú
bars-cannot = imposible
bars-best = mejor
# $percent llega escrito con sus decimales ("3,1").
bars-shortfall = −{ $percent } % { $verdict }

## La cabecera: los nombres de los recuadros (en mayúsculas en el original), la introducción, los botones.

header-best = RÉCORD
header-score = PUNTOS
header-moves = JUGADAS
header-intro = ¡Une las fichas y llega a { $target }!
header-ai = IA
header-undo = Deshacer
header-new-game = Nueva partida
header-options = Opciones
say-board = Tablero
# Bajo "¡Fin del juego!" con el tutor activado.
over-coach = Tutor: { $best ->
        [one] 1 mejor
       *[other] { $best } mejores
    } de { $rated ->
        [one] 1 jugada valorada
       *[other] { $rated } jugadas valoradas
    }, { $mistakes ->
        [one] 1 error
       *[other] { $mistakes } errores
    }.

## La página web alrededor del juego (web/index.html los rellena antes de que empiece el juego).

page-canvas = Juego 2048
page-loading = Cargando 2048…
page-failed = No se pudo iniciar el juego: { $error }
page-no-canvas = El juego no puede iniciarse: esta página no tiene un <canvas id="bevy"> en el que dibujar.
page-no-webgl2 = El juego no puede iniciarse: necesita WebGL2, que este navegador tiene desactivado o no admite.
page-mirror = 2048, para lectores de pantalla
# Lo que hacen las teclas en el tablero, para un lector de pantalla: cada letra es la de la tecla.
page-keys = Las flechas deslizan las fichas. B lee el tablero, U deshace, R empieza una partida nueva, I da una pista, P deja jugar a la IA, O abre las opciones, X muestra el resumen del tutor.
page-game = Juego
page-undo = Deshacer
page-hint = Pista
page-ai = Juega la IA
page-read = Leer el tablero
page-coach = Resumen del tutor
page-update = Nueva versión
page-reload = Recargar

## El reto diario: una partida por día UTC, la misma para todos (4×4 hasta 2048); cuenta la primera
## partida del día, las siguientes son de práctica. $date es un día tal como lo escribe date-day.

header-daily = ¡Reto del { $date }!
header-daily-practice = Reto del { $date }: práctica
daily-result = Reto del { $date }: puntuación { $score }, ficha máxima { $tile }, { count-moves }, { count-undos }.
daily-result-practice = Práctica del reto del { $date }: puntuación { $score }, ficha máxima { $tile }, { count-moves }, { count-undos } (solo cuenta la primera partida del día).
# Se dice al abrir la repetición de un reto: sus jugadas se han vuelto a jugar desde la semilla del día.
daily-checked = Reto del { $date }: puntuación { $score }, comprobada.
daily-not-that-day = Esta partida no es el reto del { $date }: no empieza con la semilla de ese día.
options-daily = Reto de hoy
options-daily-play = Jugar
options-daily-play-name = Jugar el reto de hoy ({ $date })
options-daily-practice = Practicar
options-daily-practice-name = Practicar con el reto de hoy ({ $date }): la primera partida, la que cuenta, ya está jugada
history-row-daily = { $row }   Reto
history-row-practice = { $row }   Práctica
history-row-name-daily = { $name }, reto del { $date }
history-row-name-practice = { $name }, práctica del reto del { $date }
stats-dailies = Retos diarios: { $days ->
        [one] { $days } día
       *[other] { $days } días
    }, { $streak ->
        [one] { $streak } seguido
       *[other] { $streak } seguidos
    }, récord { $best } el { $date }.

## Suerte y habilidad, leídas del registro de una partida terminada.

review-later = La suerte y la habilidad se calculan cuando termina la partida.
review-reading = Calculando suerte y habilidad… { $percent } %
review-figures-even = Las jugadas conservaron el { $skill } % del valor de las mejores; las fichas cayeron como en promedio.
review-figures-better = Las jugadas conservaron el { $skill } % del valor de las mejores; las fichas cayeron un { $luck } % mejor que el promedio.
review-figures-worse = Las jugadas conservaron el { $skill } % del valor de las mejores; las fichas cayeron un { $luck } % peor que el promedio.
review-no-moves = Las jugadas de esta partida no se guardaron: no se pueden calcular su suerte ni su habilidad.
history-selected = Partida elegida: { $reading }

## Una carrera contra un fantasma (una partida grabada, o la IA, con la misma semilla).

race-ahead = { $lead } por delante del fantasma
race-behind = { $lead } por detrás del fantasma
race-level = Empate con el fantasma
race-ghost-line = Fantasma: { $score } puntos, jugada { $shown } de { $moves }
race-ai-line = IA: { $score } puntos, jugada { $shown }
race-won = ¡Has ganado la carrera!
race-lost = El fantasma ha ganado la carrera
race-tie = La carrera acaba en empate
race-you = Tú: { $score } puntos, ficha máxima { $tile }, { count-moves }.
race-ghost = Fantasma: { $score } puntos, ficha máxima { $tile }, { count-moves }.
race-ai = IA: { $score } puntos, ficha máxima { $tile }, { count-moves }.
race-ended-yours = Tu partida ha terminado.
race-ended-ghost = Al fantasma no le quedan jugadas.
race-ended-ai = La partida de la IA ha terminado.
race-rematch = Revancha
race-share = Compartir
race-close = Cerrar
help-rematch = revancha
help-race = carrera
viewer-race = Carrera
viewer-race-name = Echar una carrera al fantasma de esta partida
history-race = Carrera
history-race-name = Echar una carrera al fantasma de la partida elegida

## The ranked daily (docs/server.md)
ranked-title = Reto con clasificación
ranked-today = Hoy
ranked-yesterday = Ayer
ranked-no-server = No hay ningún servidor de la clasificación configurado: el juego no se conecta con nadie. (En el escritorio: --server ADDRESS.)
ranked-connecting = Conectando con { $server }…
ranked-down = No se puede contactar con el servidor de la clasificación ({ $reason }). Volviendo a intentarlo…
ranked-you = Juegas como { $name }.
ranked-you-unnamed = Aún juegas sin nombre.
ranked-you-hidden = Tu nombre se ocultó: N elige otro.
ranked-no-account = Tu primera partida con clasificación crea tu cuenta.
ranked-ranks-from = Las partidas de una cuenta nueva entran en la clasificación desde el día siguiente: las tuyas, desde el { $day }.
ranked-refused = El servidor respondió: { $reason }
ranked-running = Hoy, { $day }: { $players ->
        [one] { $players } jugador, partidas aún en curso
       *[other] { $players } jugadores, partidas aún en curso
    }
ranked-final = Clasificación final del { $day }: { $players ->
        [one] { $players } jugador
       *[other] { $players } jugadores
    }
ranked-empty = Aún no hay ninguna partida con clasificación.
ranked-row = { $rank }. { $name }: { $score } puntos, ficha máxima { $tile }, { $moves ->
        [one] { $moves } jugada
       *[other] { $moves } jugadas
    }
ranked-row-playing = { $rank }. { $name }: { $score } puntos, ficha máxima { $tile }, { $moves ->
        [one] { $moves } jugada
       *[other] { $moves } jugadas
    }, jugando
ranked-no-name = (sin nombre)
ranked-name-not-drawn = (nombre en otra escritura)
ranked-watch = Ver: { $row }
ranked-your-place = Tu puesto: { $rank }
ranked-play = Jugar el reto de hoy con clasificación
ranked-resume = Retomar la partida con clasificación
ranked-leave = Volver a mi partida
ranked-close = Cerrar
ranked-play-short = Jugar
ranked-resume-short = Seguir
ranked-leave-short = Mi partida
ranked-not-here = No disponible en una partida con clasificación: sin deshacer, sin pistas y sin IA.
ranked-account-unsaved = No se pudo guardar tu cuenta de la clasificación: puede que no sobreviva a esta sesión.
ranked-bad-answer = No se pudo usar la respuesta del servidor de la clasificación.
help-ranked-play = jugar
ranked-name = Cambiar nombre
ranked-name-title = Tu nombre en la clasificación
ranked-name-typed = Nombre: { $name }
ranked-name-rules = De 3 a 20 letras, cifras, espacios, - _ o . ; debe ser único. Intro lo envía, Esc vuelve atrás.
ranked-name-send = Enviar
ranked-name-needs-account = Juega primero una partida con clasificación: crea tu cuenta.
help-ranked-send = enviar
