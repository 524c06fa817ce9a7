# Russian catalogue of the game (assets/i18n/en.ftl has the notes).

## Почему код повтора отклонён (внутри «Этот повтор нельзя показать: …»).

error-code-empty = код пуст
error-code-too-long = в коде { $length ->
        [one] { $length } символ
        [few] { $length } символа
        [many] { $length } символов
       *[other] { $length } символа
    }, а это больше, чем в любой игре ({ $max })
error-code-text = это не код игры (в нём бывают только буквы, цифры, - и _)
error-code-short = код обрезан
error-code-checksum = код повреждён (не сходится контрольная сумма)
error-code-version = код версии { $version }, а эта игра читает версии с { $first } по { $last }
error-code-generator = код роздан генератором { $generator }, которого эта игра не знает
error-code-config = в коде неверные настройки ({ $reason })
error-code-too-many-moves = в коде { $moves ->
        [one] { $moves } ход
        [few] { $moves } хода
        [many] { $moves } ходов
       *[other] { $moves } хода
    }, а можно не больше { $max }
error-code-moves = игру из кода нельзя сыграть: { $reason }

## Поле или цель, в которые нельзя играть.

error-config-size = размер поля { $size } не поддерживается: выберите от { $min } до { $max }
error-config-rows = число рядов { $rows } не поддерживается: выберите от { $min } до { $max }
error-config-cols = число колонок { $cols } не поддерживается: выберите от { $min } до { $max }
error-config-target = цель { $target } должна быть степенью двойки не меньше { $min } (например, 2048)
error-config-unreachable = цель { $target } недостижима на поле { $board }: самая большая плитка на нём — { $largest }

## Сохранённая игра, которая не сходится.

error-restore-tile-count = клеток { $found }, а на поле их { $expected }
error-restore-tile = { $value } не может быть значением плитки
error-restore-score = счёт { $score } вне допустимых пределов
error-restore-status = сохранённое состояние не подходит к полю
error-restore-rng = состояние генератора случайных чисел пусто

## Ходы, которые нельзя воспроизвести.

error-history-other-board = она начинается на другом поле
error-history-after-end = ход { $number } сделан после конца игры
error-history-no-change = ход { $number } не изменил бы поле
error-history-mismatch = её ходы ведут к другой игре
error-history-packing = её ходы повреждены
error-history-not-seed = её начало не совпадает с игрой, которую задаёт её зерно

## Клавиши, названные словами.

key-enter = Enter
key-space = Пробел
key-escape = Esc
key-backspace = Backspace
key-home = Home
key-end = End
key-page-up = Page Up
key-page-down = Page Down
key-comma = Запятая
key-period = Точка

## Строка клавиш под полем: клавиша и её действие («U ход назад»), части разделены точками.

help-key = { $key } { $action }
help-move = Ходите стрелками или WASD
help-move-touch = Ходите стрелками, WASD или свайпом
help-undo = ход назад
help-new-game = новая игра
help-options = настройки
help-quit = выход
help-close = закрыть
help-play = пуск
help-replay = повтор
help-share = поделиться
help-statistics = статистика
help-history = история
help-rows-columns = ↑ ↓ ряды  ·  ← → колонки
help-select = ↑ ↓ выбор
help-boards = ← → поле
help-coach-summary = Tab и Enter: посмотреть ход в повторе  ·  Esc закрыть

## Поле в игре, «Победа!» и «Игра окончена!».

play-won-title = Вы победили!
play-won-line = Вы собрали плитку { $target }.
play-keep-going = Продолжить
play-new-game = Новая игра
play-over-title = Игра окончена!
play-over-line = Счёт { $score }, лучшая плитка { $tile }.
play-try-again = Ещё раз
play-replay = Повтор
play-share = Поделиться
play-coach = Тренер

## «Начать новую игру?»

new-game-title = Начать новую игру?
new-game-line = Эта игра сохранится в истории.
new-game-start = Новая игра
new-game-keep-playing = Играть дальше

## Настройки.

options-title = Настройки
# Заголовок части называет её клавиши: «Тема (клавиша T)», «Размер поля (клавиши 3–8)».
options-heading-key = { $part } (клавиша { $key })
options-heading-range = { $part } (клавиши { $first }–{ $last })
options-heading-pair = { $part } (клавиши { $first } и { $second })
options-heading-arrows = { $part }: { $keys }
options-size = Размер поля
options-shape = Ряды и колонки
options-target = Цель
options-theme = Тема
options-motion = Анимация
options-coach = Тренер ходов
# Выбранное поле, под квадратными размерами.
options-shape-line = { $rows ->
        [one] { $rows } ряд
        [few] { $rows } ряда
        [many] { $rows } рядов
       *[other] { $rows } ряда
    }, { $cols ->
        [one] { $cols } колонка
        [few] { $cols } колонки
        [many] { $cols } колонок
       *[other] { $cols } колонки
    }
options-size-name = Поле { $rows } на { $cols }
options-rows-fewer = Ряды −
options-rows-fewer-name = На один ряд меньше (сейчас { $shape })
options-rows-more = Ряды +
options-rows-more-name = На один ряд больше (сейчас { $shape })
options-cols-fewer = Кол. −
options-cols-fewer-name = На одну колонку меньше (сейчас { $shape })
options-cols-more = Кол. +
options-cols-more-name = На одну колонку больше (сейчас { $shape })
options-target-name = Цель { $target }
options-theme-system = Системная
options-theme-system-name = Системная тема
options-theme-light = Светлая
options-theme-light-name = Светлая тема
options-theme-dark = Тёмная
options-theme-dark-name = Тёмная тема
options-theme-contrast = Контрастная
options-theme-contrast-name = Высококонтрастная тема
options-motion-system = Системная
options-motion-system-name = Анимация как в системе
options-motion-full = Полная
options-motion-full-name = Полная анимация
options-motion-reduced = Умеренная
options-motion-reduced-name = Умеренная анимация
options-motion-off = Выкл.
options-motion-off-name = Без анимации
options-coach-on = Вкл.
options-coach-on-name = Тренер включён
options-coach-off = Выкл.
options-coach-off-name = Тренер выключен
# Кнопка языка показывает выбранный язык; если он взят из системы, она это говорит.
language-name = Русский
options-language-system = { $language } (системный)
options-language-name = Язык: { $language }
options-language-system-name = Язык: { $language }, как в системе
options-history = История
options-statistics = Статистика
options-export = Экспорт
options-export-name = Экспортировать резервную копию
options-import = Импорт
options-import-name = Импортировать резервную копию
options-done = Готово
options-language-heading = Язык

## Даты: когда началась игра из истории, по часам игрока.

date-time = { $dd }.{ $mm }.{ $year } { $hour }:{ $minute }
date-beyond = дата за пределами календаря
# День без времени (день игры дня): те же части, что в date-time.
date-day = { $dd }.{ $mm }.{ $year }

## Счётчики, которые звучат во многих местах.

count-moves = { $moves ->
        [one] { $moves } ход
        [few] { $moves } хода
        [many] { $moves } ходов
       *[other] { $moves } хода
    }
count-games = { $games ->
        [one] { $games } игра
        [few] { $games } игры
        [many] { $games } игр
       *[other] { $games } игры
    }
count-undos = { $undos ->
        [one] { $undos } отмена
        [few] { $undos } отмены
        [many] { $undos } отмен
       *[other] { $undos } отмены
    }

## История игр.

history-title = История
# Игра в списке, как она нарисована, по столбцам.
history-row = { $when }   { $shape }   { $score }   плитка { $tile }   { count-moves }
history-row-ai = { history-row }   ИИ
# Та же игра для программы чтения с экрана.
history-row-name = { $when }, поле { $rows } на { $cols }, счёт { $score }, лучшая плитка { $tile }, { count-moves }
history-row-name-ai = { history-row-name }, играл ИИ
history-none = Игр пока нет. Здесь появятся законченные игры и те, что вы заменили новой.
history-replay = Повтор
history-replay-name = Посмотреть повтор выбранной игры
history-share = Поделиться
history-share-name = Поделиться выбранной игрой
history-statistics = Статистика
history-close = Закрыть
# Счётчик у заголовка, как он нарисован.
history-shown-one = 1 игра
history-shown-some = { $first }–{ $last } из { $games ->
        [one] { $games } игры
        [few] { $games } игр
        [many] { $games } игр
       *[other] { $games } игры
    }

## Статистика одного размера поля.

stats-title = Статистика
stats-none = Игр на поле { $rows } на { $cols } пока нет.
stats-summary = Поле { $rows } на { $cols }: { count-games }, { $wins ->
        [one] { $wins } победа
        [few] { $wins } победы
        [many] { $wins } побед
       *[other] { $wins } победы
    } ({ $percent } %), лучший счёт { $best }, средний счёт { $average }.
stats-tile-games = { $tile } — { count-games }
stats-tiles = Лучшая плитка в игре: { $tiles }.
stats-recent = { $count ->
        [1] Последний счёт: { $scores }.
        [one] Счёт последних { $count } игры, от старых к новым: { $scores }.
        [few] Счёт последних { $count } игр, от старых к новым: { $scores }.
        [many] Счёт последних { $count } игр, от старых к новым: { $scores }.
       *[other] Счёт последних { $count } игры, от старых к новым: { $scores }.
    }
stats-previous = Предыдущее поле
stats-next = Следующее поле
stats-history = История
stats-close = Закрыть
# Как нарисовано.
stats-tiles-heading = Лучшая плитка в игре
stats-scores-heading = { $count ->
        [1] Счёт последней игры
        [one] Счёт последних { $count } игры
        [few] Счёт последних { $count } игр
        [many] Счёт последних { $count } игр
       *[other] Счёт последних { $count } игры
    }

## Просмотр повтора.

viewer-title = Повтор
viewer-position = Ход { $shown } из { $moves }, счёт { $score }, { count-undos }.
viewer-playing = Воспроизведение, скорость { $speed }.
viewer-paused = Пауза.
viewer-play = Пуск
viewer-pause = Пауза
viewer-first = В начало
viewer-back = На ход назад
viewer-forward = На ход вперёд
viewer-last = В конец
viewer-speed = Скорость { $speed }
viewer-speed-max = Макс
viewer-play-on = Доиграть
viewer-play-on-name = Доиграть с этого места
viewer-share = Ссылка
viewer-close = Закрыть

## Сводка тренера по игре.

coach-title = Тренер
coach-none = Ни один ход этой игры ещё не оценён: тренер оценивает ваши ходы, пока он включён (настройки, клавиша { $key }).
coach-counts = { $rated ->
        [one] Оценён { $rated } ход
        [few] Оценено { $rated } хода
        [many] Оценено { $rated } ходов
       *[other] Оценено { $rated } хода
    }: { $best ->
        [one] { $best } лучший
        [few] { $best } лучших
        [many] { $best } лучших
       *[other] { $best } лучшего
    }, { $good ->
        [one] { $good } хороший
        [few] { $good } хороших
        [many] { $good } хороших
       *[other] { $good } хорошего
    }, { $inaccuracies ->
        [one] { $inaccuracies } неточность
        [few] { $inaccuracies } неточности
        [many] { $inaccuracies } неточностей
       *[other] { $inaccuracies } неточности
    }, { $mistakes ->
        [one] { $mistakes } ошибка
        [few] { $mistakes } ошибки
        [many] { $mistakes } ошибок
       *[other] { $mistakes } ошибки
    }.
coach-clean = Ни одной неточности и ни одной ошибки: отличная игра.
coach-worst = Ходы, которые стоили больше всего; каждый открывает повтор прямо перед ним:
coach-move = Ход { $number }: { $played }, { $verdict } (лучше — { $best })
coach-close = Закрыть

## Ходы и слова тренера о них.

direction-up = Вверх
direction-down = Вниз
direction-left = Влево
direction-right = Вправо
verdict-best = лучший
verdict-good = хороший
verdict-inaccuracy = неточность
verdict-mistake = ошибка
# Ненадолго появляется под полем и звучит после описания хода.
remark-best = Тренер: { $played } — лучший ход.
remark-good = Тренер: { $played } — хороший ход (лучше — { $best }).
remark-inaccuracy = Тренер: { $played } — неточность; лучше — { $best } (сравнить: { $key }).
remark-mistake = Тренер: { $played } — ошибка; лучше — { $best } (сравнить: { $key }).

## Что слышит программа чтения с экрана.

# Между пунктами списка в одной фразе.
list-separator = {", "}
say-by = { $rows } на { $cols }
say-place = в ряду { $row }, колонке { $col }
say-undid = Отмена хода { $direction }, счёт { $score }.
say-merge = две плитки { $half } слились в { $value }
say-merges = { $first } и { $second }
say-spawn = новая плитка { $value } { $place }
say-score = счёт { $score }
say-move = { $direction }: { $parts }.
say-empty = пусто
say-status = Счёт { $score }, рекорд { $best }, { count-moves }, поле { $shape }, цель { $target }.
say-row = Ряд { $row }: { $cells }.
say-tile = { $value } { $place }
say-new-game = Новая игра: { $tiles }.
say-won = Победа! Вы собрали плитку { $target }. Играйте дальше или начните новую игру.
say-over = Игра окончена. Счёт { $score }, лучшая плитка { $tile }. Чтобы сыграть ещё раз, выберите «Новая игра».
say-reading = { $board } Счёт { $score }.
say-new-game-question = { new-game-title } { new-game-line } { key-enter }: новая игра. Escape: играть дальше.
say-options = Настройки.
say-coach = Тренер.

## Уведомления: строка под полем на несколько секунд.

notice-replay-refused = Этот повтор нельзя показать: { $reason }.
notice-coach-unrated = Тренер ещё не оценил ни одного хода этой игры.
notice-coach-off = Тренер выключен: включите его в настройках ({ $options }, затем { $coach }).
notice-unrecorded-history = Эта игра началась раньше, чем игры стали записываться: её нет в истории.
notice-unrecorded-replay = Эта игра началась раньше, чем игры стали записываться: у неё нет повтора.
notice-unrecorded-share = Эта игра началась раньше, чем игры стали записываться: ею нельзя поделиться.
notice-record-refused = Запись этой игры нельзя воспроизвести: { $reason }.
notice-played-on = Игра продолжена с хода { $move }; прежняя игра сохранена в истории.
notice-nothing-to-share = Пока нет игры, которой можно поделиться.
notice-guest = На этом поле уже играют в другом окне: здесь начата своя новая игра.
notice-guest-played = На этом поле уже играют в другом окне: игра здесь продолжается отдельно.
notice-guest-tab = На этом поле уже играют в другой вкладке: здесь начата своя новая игра.
notice-guest-tab-played = На этом поле уже играют в другой вкладке: игра здесь продолжается отдельно.
notice-save-failed = Здесь игру не удаётся сохранить, но играть можно дальше.
notice-ai-network-missing = Обученная оценка ИИ не найдена: он играет по встроенным правилам.
notice-ai-network-damaged = Обученная оценка ИИ повреждена: он играет по встроенным правилам.
notice-shared-desktop = Код игры скопирован в буфер обмена (и выведен в терминал): откройте его с --replay.
notice-shared-printed = Буфера обмена нет: код игры выведен в терминал.
notice-shared-link = Ссылка на эту игру скопирована в буфер обмена.
notice-shared-none = Этот браузер не даёт странице доступа к буферу обмена.
notice-backup-made = Резервная копия создана: { count-games }.
notice-backup-saved = Резервная копия сохранена: { count-games }, в { $path }.
notice-backup-not-saved = Не удалось записать резервную копию в { $path }: { $reason }.
notice-no-file-dialog = На этом рабочем столе нет окна выбора файлов (портал XDG или zenity): g2048 --export файл и --import файл делают то же самое.
notice-backup-unlisted = Не удалось составить список текущих игр для резервной копии.
notice-import-busy = Импорт ещё идёт; попробуйте чуть позже.
notice-import-refused = Этот файл нельзя импортировать: { $reason }.
notice-import-partly = Резервную копию не удалось импортировать полностью ({ $reason }); всё, что здесь было, сохранено.
notice-imported = Импортировано: { $new ->
        [one] { $new } новая игра
        [few] { $new } новые игры
        [many] { $new } новых игр
       *[other] { $new } новой игры
    }{ $boards ->
        [0] {""}
        [one] , { $boards } незаконченная игра
        [few] , { $boards } незаконченные игры
        [many] , { $boards } незаконченных игр
       *[other] , { $boards } незаконченной игры
    }{ $history ->
        [0] {""}
       *[other] , в историю — { $history }
    }.
# $what: какой это был документ.
notice-set-aside = { $what ->
        [options] Ваши настройки не удалось использовать, и они отложены в сторону.
        [best] Ваши рекорды не удалось использовать, и они отложены в сторону.
        [history] Вашу историю игр не удалось использовать, и она отложена в сторону.
        [undo] Историю ходов для отмены не удалось использовать, и она отложена в сторону.
        [earlier] Вашу прежнюю игру не удалось использовать, и она отложена в сторону.
        [import] Ваш незавершённый импорт не удалось использовать, и он отложен в сторону.
        [ranked] Ваши рейтинговые учётные записи не удалось использовать, и они отложены в сторону.
       *[game] Вашу сохранённую игру не удалось использовать, и она отложена в сторону.
    }
notice-left-alone = { $what ->
        [options] Ваши настройки не удалось использовать; они оставлены как есть.
        [best] Ваши рекорды не удалось использовать; они оставлены как есть.
        [history] Вашу историю игр не удалось использовать; она оставлена как есть.
        [undo] Историю ходов для отмены не удалось использовать; она оставлена как есть.
        [earlier] Вашу прежнюю игру не удалось использовать; она оставлена как есть.
        [import] Ваш незавершённый импорт не удалось использовать; он оставлен как есть.
        [ranked] Ваши рейтинговые учётные записи не удалось использовать; они оставлены как есть.
       *[game] Вашу сохранённую игру не удалось использовать; она оставлена как есть.
    }
notice-newer-saves = Ваши сохранения сделаны более новой версией 2048: эта читает в них то, что знает, а остальное оставляет как есть.
notice-not-understood = Сохранение, слишком большое для этой версии, оставлено как есть.
notice-unreadable = Сохранение сейчас не читается: оно оставлено как есть и будет прочитано снова при следующем сохранении.
notice-not-file = На месте сохранения лежит не файл: он оставлен как есть, а это сохранение не записывается.
notice-damaged = Повреждённое сохранение оставлено как есть.
notice-no-lock = Здесь не удаётся заблокировать сохранения, поэтому ничего не сохраняется: игры других окон не пропадут.
notice-no-claim = Здесь не удаётся занять это поле: в этом окне идёт своя игра, она сохраняется в истории.
notice-storage-refused = Браузер не сохранил последнее изменение ({ $reason }): сохранённое раньше остаётся, а это изменение сохранится вместе со следующим.
notice-rebuilt = Сохранённая игра была повреждена: она восстановлена по своим ходам.
notice-merged-back = { $count ->
        [one] { $count } сохранение, отложенное прежней версией, прочитано снова и возвращено.
        [few] { $count } сохранения, отложенные прежней версией, прочитаны снова и возвращены.
       *[other] { $count } сохранений, отложенных прежней версией, прочитаны снова и возвращены.
    }

## Почему файл резервной копии отклонён (внутри «Этот файл нельзя импортировать: …»).

error-backup-too-large = он больше любой резервной копии
error-backup-not-backup = это не резервная копия 2048
error-backup-newer = он создан более новой версией игры (версия копии { $version }, а эта игра читает версию { $reads })
error-backup-damaged = он повреждён ({ $reason })
error-backup-impossible = в нём невозможная игра
error-backup-cut-short = обрезан
error-backup-version = версия отсутствует или неверна
error-backup-content = содержимое не похоже на резервную копию
error-backup-json = это некорректный JSON
error-backup-check = контрольная сумма не совпадает с содержимым
error-backup-dated = { $count ->
        [one] в ней { $count } игра с датой позже её создания
        [few] в ней { $count } игры с датой позже её создания
       *[other] в ней { $count } игр с датой позже её создания
    }

## Почему хранилище игры дало сбой (внутри уведомлений выше).

error-storage-none = браузер не даёт этой странице хранилища
error-storage-unreadable = не удалось прочитать сохранение
error-storage-full = хранилище браузера заполнено или отказало в записи
error-storage-change = хранилище браузера не приняло изменение
error-storage-untouchable = документ, который нельзя ни прочитать, ни отложить в сторону, не перезаписывается
error-storage-not-file = там лежит не файл
error-storage-no-lock = не удалось заблокировать сохранения
error-storage-not-understood = сохранение, которое эта версия не понимает, оставлено как есть
error-storage-read-only = экспорт резервной копии ничего не записывает
# Ошибка словами самой системы.
error-io = { $reason }

## Полосы тренера (E): как сравнились четыре хода.

bars-title = Ваш ход — { $played }: { $verdict }
bars-you = { $arrow } вы
bars-cannot = хода нет
bars-best = лучший
# $percent приходит с десятичными знаками («3,1»).
bars-shortfall = −{ $percent } % { $verdict }

## Шапка: названия счётчиков (заглавными, как в оригинале), вступление, кнопки.

header-best = РЕКОРД
header-score = СЧЁТ
header-moves = ХОДЫ
header-intro = Соберите плитку { $target }!
header-ai = ИИ
header-undo = Назад
header-new-game = Новая игра
header-options = Настройки
say-board = Поле
# Под «Игра окончена!», когда тренер включён.
over-coach = Тренер: { $best } из { $rated ->
        [one] { $rated } оценённого хода
        [few] { $rated } оценённых ходов
        [many] { $rated } оценённых ходов
       *[other] { $rated } оценённого хода
    } — лучшие, { $mistakes ->
        [one] { $mistakes } ошибка
        [few] { $mistakes } ошибки
        [many] { $mistakes } ошибок
       *[other] { $mistakes } ошибки
    }.

## Веб-страница вокруг игры (web/index.html подставляет их до запуска игры).

page-canvas = Игра 2048
page-loading = Загрузка 2048…
page-failed = Не удалось запустить игру: { $error }
page-no-canvas = Игру нельзя запустить: на странице нет <canvas id="bevy">, на котором она рисуется.
page-no-webgl2 = Игру нельзя запустить: нужен WebGL2, а в этом браузере он выключен или отсутствует.
page-mirror = 2048 для программ чтения с экрана
# Что делают клавиши на поле, для программы чтения с экрана: каждая буква — буква клавиши.
page-keys = Стрелки сдвигают плитки. B читает поле, U отменяет ход, R начинает новую игру, I даёт подсказку, P включает игру ИИ, O открывает настройки, X — сводку тренера.
page-game = Игра
page-undo = Отменить ход
page-hint = Подсказка
page-ai = Играет ИИ
page-read = Прочитать поле
page-coach = Сводка тренера
page-update = Новая версия
page-reload = Перезагрузить

## Игра дня: одна игра в сутки по UTC, одинаковая для всех (поле 4×4, цель 2048); засчитывается
## первая игра дня, следующие — тренировка. $date — день, как его пишет date-day.

header-daily = Игра дня за { $date }!
header-daily-practice = Тренировка { $date }
daily-result = Игра дня за { $date }: счёт { $score }, лучшая плитка { $tile }, { count-moves }, { count-undos }.
daily-result-practice = Игра дня за { $date }, тренировка: счёт { $score }, лучшая плитка { $tile }, { count-moves }, { count-undos } (засчитывается только первая игра дня).
# Звучит, когда открывается повтор игры дня: её ходы заново сыграны от зерна этого дня.
daily-checked = Игра дня за { $date }: счёт { $score } подтверждён.
daily-not-that-day = Это не игра дня за { $date }: она начинается не с зерна этого дня.
options-daily = Игра дня
options-daily-play = Играть
options-daily-play-name = Сыграть в игру дня ({ $date })
options-daily-practice = Тренировка
options-daily-practice-name = Потренироваться в игре дня ({ $date }): засчитывается только первая игра, и она уже сыграна
history-row-daily = { $row }   Игра дня
history-row-practice = { $row }   Тренировка
history-row-name-daily = { $name }, игра дня за { $date }
history-row-name-practice = { $name }, тренировка в игре дня за { $date }
stats-dailies = Игры дня: { $days ->
        [one] { $days } день
        [few] { $days } дня
        [many] { $days } дней
       *[other] { $days } дня
    }, из них { $streak ->
        [one] { $streak } день
        [few] { $streak } дня
        [many] { $streak } дней
       *[other] { $streak } дня
    } подряд, рекорд { $best } за { $date }.

## Везение и мастерство, прочитанные из записи оконченной игры.

review-later = Везение и мастерство считаются, когда игра окончена.
review-reading = Считаем везение и мастерство… { $percent } %
review-figures-even = Ходы сохранили { $skill } % ценности лучших ходов; плитки выпадали как в среднем.
review-figures-better = Ходы сохранили { $skill } % ценности лучших ходов; плитки выпадали на { $luck } % лучше среднего.
review-figures-worse = Ходы сохранили { $skill } % ценности лучших ходов; плитки выпадали на { $luck } % хуже среднего.
review-no-moves = Ходы этой игры не сохранились, поэтому везение и мастерство не посчитать.
history-selected = Выбранная игра: { $reading }

## Гонка с призраком (записанная игра или ИИ с тем же зерном).

race-ahead = Впереди призрака на { $lead }
race-behind = Позади призрака на { $lead }
race-level = Вровень с призраком
race-ghost-line = Призрак: счёт { $score }, ход { $shown } из { $moves }
race-ai-line = ИИ: счёт { $score }, ход { $shown }
race-won = Вы выиграли гонку!
race-lost = Призрак выиграл гонку
race-tie = Гонка закончилась вничью
race-you = Вы: счёт { $score }, лучшая плитка { $tile }, { count-moves }.
race-ghost = Призрак: счёт { $score }, лучшая плитка { $tile }, { count-moves }.
race-ai = ИИ: счёт { $score }, лучшая плитка { $tile }, { count-moves }.
race-ended-yours = Ваша игра окончена.
race-ended-ghost = У призрака кончились ходы.
race-ended-ai = Игра ИИ окончена.
race-rematch = Реванш
race-share = Поделиться
race-close = Закрыть
help-rematch = реванш
help-race = гонка
viewer-race = Гонка
viewer-race-name = Гонка с призраком этой игры
history-race = Гонка
history-race-name = Гонка с призраком выбранной игры

## The ranked daily (docs/server.md)
ranked-title = Рейтинговая игра дня
ranked-today = Сегодня
ranked-yesterday = Вчера
ranked-no-server = Рейтинговый сервер не задан: игра ни с кем не связывается. (На компьютере: --server ADDRESS.)
ranked-connecting = Подключение к { $server }…
ranked-down = Рейтинговый сервер недоступен ({ $reason }). Пробуем снова…
ranked-you = Вы играете под именем { $name }.
ranked-you-unnamed = Вы пока играете без имени.
ranked-you-hidden = Ваше имя скрыто: N — выбрать другое.
ranked-no-account = Ваша первая рейтинговая игра создаст вам учётную запись.
ranked-ranks-from = Игры новой учётной записи попадают в рейтинг со следующего дня: ваши — с { $day }.
ranked-refused = Ответ сервера: { $reason }
ranked-running = Сегодня, { $day }: { $players ->
        [one] { $players } игрок, игры ещё идут
        [few] { $players } игрока, игры ещё идут
        [many] { $players } игроков, игры ещё идут
       *[other] { $players } игрока, игры ещё идут
    }
ranked-final = Итоговая таблица за { $day }: { $players ->
        [one] { $players } игрок
        [few] { $players } игрока
        [many] { $players } игроков
       *[other] { $players } игрока
    }
ranked-empty = Рейтинговых игр пока нет.
ranked-row = { $rank }. { $name }: счёт { $score }, лучшая плитка { $tile }, { $moves ->
        [one] { $moves } ход
        [few] { $moves } хода
        [many] { $moves } ходов
       *[other] { $moves } хода
    }
ranked-row-playing = { $rank }. { $name }: счёт { $score }, лучшая плитка { $tile }, { $moves ->
        [one] { $moves } ход
        [few] { $moves } хода
        [many] { $moves } ходов
       *[other] { $moves } хода
    }, играет
ranked-no-name = (без имени)
ranked-name-not-drawn = (имя в другой письменности)
ranked-watch = Смотреть: { $row }
ranked-your-place = Ваше место: { $rank }
ranked-play = Сыграть в рейтинговую игру дня
ranked-resume = Продолжить рейтинговую игру
ranked-leave = Вернуться к своей игре
ranked-close = Закрыть
ranked-play-short = Играть
ranked-resume-short = Продолжить
ranked-leave-short = Моя игра
ranked-not-here = В рейтинговой игре нельзя: ни отмены хода, ни подсказки, ни ИИ.
ranked-account-unsaved = Не удалось сохранить рейтинговую учётную запись: она может пропасть после закрытия игры.
ranked-bad-answer = Ответ рейтингового сервера не удалось использовать.
help-ranked-play = играть
ranked-name = Сменить имя
ranked-name-title = Ваше имя в рейтинговых таблицах
ranked-name-typed = Имя: { $name }
ranked-name-rules = От 3 до 20 букв, цифр, пробелов, - _ или . ; имя должно быть уникальным. Enter — отправить, Esc — назад.
ranked-name-send = Отправить
ranked-name-needs-account = Сначала сыграйте рейтинговую игру: она создаст вам учётную запись.
help-ranked-send = отправить
