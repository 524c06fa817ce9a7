# Brazilian Portuguese catalogue of the game (assets/i18n/en.ftl has the notes).

## Por que um código de compartilhamento é recusado (dentro de "Este replay não pode ser mostrado: …").

error-code-empty = o código está vazio
error-code-too-long = o código tem { $length } caracteres, mais do que qualquer jogo ({ $max })
error-code-text = isto não é um código de jogo (letras, dígitos, - e _)
error-code-short = o código está incompleto
error-code-checksum = o código está danificado (a soma de verificação não confere)
error-code-version = o código é da versão { $version }; este jogo lê as versões { $first } a { $last }
error-code-generator = o código foi distribuído pelo gerador { $generator }, que este jogo não conhece
error-code-config = no código, { $reason }
error-code-too-many-moves = o código tem { $moves } jogadas, mais do que { $max }
error-code-moves = o jogo do código não pode ser jogado: { $reason }

## Um tabuleiro ou uma meta que não dá para jogar.

error-config-size = o tamanho de tabuleiro { $size } não é suportado: escolha de { $min } a { $max }
error-config-rows = o número de linhas ({ $rows }) não é suportado: escolha de { $min } a { $max }
error-config-cols = o número de colunas ({ $cols }) não é suportado: escolha de { $min } a { $max }
error-config-target = a meta { $target } não é uma potência de dois igual ou maior que { $min } (ex.: 2048)
error-config-unreachable = a meta { $target } não pode ser alcançada num tabuleiro { $board }, cuja maior peça é { $largest }

## Um jogo salvo que não se sustenta.

error-restore-tile-count = { $found } casas onde o tabuleiro tem { $expected }
error-restore-tile = { $value } não é um valor de peça
error-restore-score = a pontuação { $score } está fora do intervalo
error-restore-status = o estado salvo não corresponde ao tabuleiro
error-restore-rng = o estado do gerador de números aleatórios está vazio

## Jogadas que não podem ser reproduzidas.

error-history-other-board = ele começa em outro tabuleiro
error-history-after-end = a jogada { $number } vem depois do fim do jogo
error-history-no-change = a jogada { $number } não mudaria o tabuleiro
error-history-mismatch = suas jogadas levam a outro jogo
error-history-packing = suas jogadas estão danificadas
error-history-not-seed = seu início não é o jogo que sua semente gera

## Teclas com nome (as outras são a letra, o dígito, a seta ou o sinal da tecla).

key-enter = Enter
key-space = Espaço
key-escape = Esc
key-backspace = Backspace
key-home = Home
key-end = End
key-page-up = Page Up
key-page-down = Page Down
key-comma = Vírgula
key-period = Ponto

## A linha de teclas sob o tabuleiro ("U desfazer"), partes separadas por pontos.

help-key = { $key } { $action }
help-move = Setas ou WASD para mover
help-move-touch = Setas, WASD ou deslize para mover
help-undo = desfazer
help-new-game = novo jogo
help-options = opções
help-quit = sair
help-close = fechar
help-play = assistir
help-replay = ver replay
help-share = compartilhar
help-statistics = estatísticas
help-history = histórico
help-rows-columns = ↑ ↓ linhas  ·  ← → colunas
help-select = ↑ ↓ escolher
help-boards = ← → tabuleiro
help-coach-summary = Tab e Enter: ver a jogada no replay  ·  Esc fechar

## O tabuleiro em jogo, "Você venceu!" e "Fim de jogo!".

play-won-title = Você venceu!
play-won-line = Você chegou a { $target }.
play-keep-going = Continuar
play-new-game = Novo jogo
play-over-title = Fim de jogo!
play-over-line = Pontuação { $score }, maior peça { $tile }.
play-try-again = Recomeçar
play-replay = Ver replay
play-share = Compartilhar
play-coach = Treinador

## "Começar um novo jogo?"

new-game-title = Começar um novo jogo?
new-game-line = Este jogo ficará guardado no histórico.
new-game-start = Novo jogo
new-game-keep-playing = Continuar

## As opções.

options-title = Opções
# A part's heading names its keys: "Theme (key T)", "Board size (keys 3–8)".
options-heading-key = { $part } (tecla { $key })
options-heading-range = { $part } (teclas { $first }–{ $last })
options-heading-pair = { $part } (teclas { $first } e { $second })
options-heading-arrows = { $part }: { $keys }
options-size = Tamanho do tabuleiro
options-shape = Linhas e colunas
options-target = Meta
options-theme = Tema
options-motion = Animações
options-coach = Treinador de jogadas
# The board chosen, under the square sizes.
options-shape-line = { $rows ->
        [one] { $rows } linha
       *[other] { $rows } linhas
    }, { $cols ->
        [one] { $cols } coluna
       *[other] { $cols } colunas
    }
options-size-name = Tabuleiro { $rows } por { $cols }
options-rows-fewer = Lin −
options-rows-fewer-name = Uma linha a menos (agora { $shape })
options-rows-more = Lin +
options-rows-more-name = Uma linha a mais (agora { $shape })
options-cols-fewer = Col −
options-cols-fewer-name = Uma coluna a menos (agora { $shape })
options-cols-more = Col +
options-cols-more-name = Uma coluna a mais (agora { $shape })
options-target-name = Meta { $target }
options-theme-system = Sistema
options-theme-system-name = Tema do sistema
options-theme-light = Claro
options-theme-light-name = Tema claro
options-theme-dark = Escuro
options-theme-dark-name = Tema escuro
options-theme-contrast = Alto contraste
options-theme-contrast-name = Tema de alto contraste
options-motion-system = Sistema
options-motion-system-name = Animações conforme o sistema
options-motion-full = Completas
options-motion-full-name = Animações completas
options-motion-reduced = Reduzidas
options-motion-reduced-name = Animações reduzidas
options-motion-off = Desligadas
options-motion-off-name = Sem animações
options-coach-on = Ligado
options-coach-on-name = Treinador ligado
options-coach-off = Desligado
options-coach-off-name = Treinador desligado
# The language button shows the language spoken; while it follows the system's, it says so.
language-name = Português do Brasil
options-language-system = { $language } (sistema)
options-language-name = Idioma: { $language }
options-language-system-name = Idioma: { $language }, o do sistema
options-history = Histórico
options-statistics = Estatísticas
options-export = Exportar
options-export-name = Exportar um backup
options-import = Importar
options-import-name = Importar um backup
options-done = Pronto
options-language-heading = Idioma

## Datas: quando começou um jogo do histórico, no relógio do jogador.

# Brazilian form: day/month/year, 24-hour clock.
date-time = { $dd }/{ $mm }/{ $year } { $hour }:{ $minute }
date-beyond = uma data fora do calendário
# A day, without the time (the daily's): the same parts as date-time.
date-day = { $dd }/{ $mm }/{ $year }

## Contagens usadas em vários lugares.

count-moves = { $moves ->
        [one] { $moves } jogada
       *[other] { $moves } jogadas
    }
count-games = { $games ->
        [one] { $games } jogo
       *[other] { $games } jogos
    }
count-undos = { $undos ->
        [one] { $undos } jogada desfeita
       *[other] { $undos } jogadas desfeitas
    }

## O histórico de jogos.

history-title = Histórico
# A game of the list as it is drawn, in columns.
history-row = { $when }   { $shape }   { $score }   maior { $tile }   { count-moves }
history-row-ai = { history-row }   IA
# The same game as a screen reader hears it.
history-row-name = { $when }, { $rows } por { $cols }, pontuação { $score }, maior peça { $tile }, { count-moves }
history-row-name-ai = { history-row-name }, jogado pela IA
history-none = Nenhum jogo ainda. Os jogos que você terminar, ou trocar por um novo, aparecem aqui.
history-replay = Ver replay
history-replay-name = Ver o replay do jogo selecionado
history-share = Compartilhar
history-share-name = Compartilhar o jogo selecionado
history-statistics = Estatísticas
history-close = Fechar
# The count by the title, as drawn.
history-shown-one = 1 jogo
history-shown-some = { $first }–{ $last } de { $games } jogos

## As estatísticas de um formato de tabuleiro.

stats-title = Estatísticas
stats-none = Ainda não há jogos em tabuleiro { $rows } por { $cols }.
stats-summary = Tabuleiros { $rows } por { $cols }: { count-games }, { $wins ->
        [one] { $wins } vitória
       *[other] { $wins } vitórias
    } ({ $percent }%), melhor pontuação { $best }, pontuação média { $average }.
stats-tile-games = { $tile } em { count-games }
stats-tiles = Maior peça alcançada: { $tiles }.
stats-recent = { $count ->
        [one] Última pontuação: { $scores }.
       *[other] Últimas { $count } pontuações, da mais antiga à mais recente: { $scores }.
    }
stats-previous = Tabuleiro anterior
stats-next = Próximo tabuleiro
stats-history = Histórico
stats-close = Fechar
# As drawn.
stats-tiles-heading = Maior peça alcançada
stats-scores-heading = { $count ->
        [one] Pontuação do último jogo
       *[other] Pontuações dos últimos { $count } jogos
    }

## O visualizador de replays.

viewer-title = Replay
viewer-position = Jogada { $shown } de { $moves }, pontuação { $score }, { count-undos }.
viewer-playing = Reproduzindo na velocidade { $speed }.
viewer-paused = Pausado.
viewer-play = Assistir
viewer-pause = Pausar
viewer-first = Voltar ao início
viewer-back = Voltar uma jogada
viewer-forward = Avançar uma jogada
viewer-last = Ir para o fim
viewer-speed = Velocidade { $speed }
viewer-speed-max = Máx
viewer-play-on = Jogar
viewer-play-on-name = Continuar jogando a partir daqui
viewer-share = Copiar
viewer-close = Fechar

## O resumo do jogo feito pelo treinador.

coach-title = Treinador
coach-none = Nenhuma jogada deste jogo foi avaliada ainda: o treinador avalia as suas jogadas enquanto está ligado (opções, tecla { $key }).
coach-counts = { $rated ->
        [one] 1 jogada avaliada
       *[other] { $rated } jogadas avaliadas
    }: { $best ->
        [one] 1 melhor
       *[other] { $best } melhores
    }, { $good ->
        [one] 1 boa
       *[other] { $good } boas
    }, { $inaccuracies ->
        [one] 1 imprecisão
       *[other] { $inaccuracies } imprecisões
    }, { $mistakes ->
        [one] 1 erro
       *[other] { $mistakes } erros
    }.
coach-clean = Nenhuma imprecisão e nenhum erro: bem jogado.
coach-worst = As jogadas que mais custaram; cada uma abre o replay logo antes dela:
coach-move = Jogada { $number }: { $played }, { $verdict } ({ $best } era a melhor)
coach-close = Fechar

## As jogadas e o que o treinador diz delas.

direction-up = Cima
direction-down = Baixo
direction-left = Esquerda
direction-right = Direita
verdict-best = melhor
verdict-good = boa
verdict-inaccuracy = imprecisão
verdict-mistake = erro
# Drawn under the board for a moment, and said after the move's sentence.
remark-best = Treinador: { $played }, a melhor jogada.
remark-good = Treinador: { $played }, uma boa jogada ({ $best } era a melhor).
remark-inaccuracy = Treinador: { $played }, uma imprecisão; { $best } era a melhor ({ $key } para comparar).
remark-mistake = Treinador: { $played }, um erro; { $best } era a melhor ({ $key } para comparar).

## O que um leitor de tela ouve.

# Between the items of a list said in one sentence.
list-separator = {", "}
say-by = { $rows } por { $cols }
say-place = linha { $row } coluna { $col }
say-undid = Desfeito: { $direction }, pontuação { $score }.
say-merge = dois { $half } se juntaram em { $value }
say-merges = { $first } e { $second }
say-spawn = novo { $value } na { $place }
say-score = pontuação { $score }
say-move = { $direction }: { $parts }.
say-empty = vazia
say-status = Pontuação { $score }, recorde { $best }, { count-moves }, tabuleiro { $shape } com meta { $target }.
say-row = Linha { $row }: { $cells }.
say-tile = { $value } na { $place }
say-new-game = Novo jogo: { $tiles }.
say-won = Você venceu! Você chegou a { $target }. Continue jogando ou comece um novo jogo.
say-over = Fim de jogo. Pontuação { $score }, maior peça { $tile }. Recomece com Novo jogo.
say-reading = { $board } Pontuação { $score }.
say-new-game-question = { new-game-title } { new-game-line } { key-enter }: novo jogo. Esc: continuar jogando.
say-options = Opções.
say-coach = Treinador.

## Avisos: uma linha sob o tabuleiro por alguns segundos.

notice-replay-refused = Este replay não pode ser mostrado: { $reason }.
notice-coach-unrated = O treinador ainda não avaliou nenhuma jogada deste jogo.
notice-coach-off = O treinador está desligado: ligue-o nas opções ({ $options }, depois { $coach }).
notice-unrecorded-history = Este jogo começou antes de os jogos serem registrados: ele não está no histórico.
notice-unrecorded-replay = Este jogo começou antes de os jogos serem registrados: ele não tem replay.
notice-unrecorded-share = Este jogo começou antes de os jogos serem registrados: ele não pode ser compartilhado.
notice-record-refused = O registro deste jogo não pode ser reproduzido: { $reason }.
notice-played-on = Jogando a partir da jogada { $move }; o jogo substituído está no histórico.
notice-nothing-to-share = Ainda não há nenhum jogo para compartilhar.
notice-guest = Outra janela está jogando neste tabuleiro: esta começa um novo jogo só seu.
notice-guest-played = Outra janela está jogando neste tabuleiro: o jogo feito aqui continua como um jogo à parte.
notice-guest-tab = Outra aba está jogando neste tabuleiro: esta começa um novo jogo só seu.
notice-guest-tab-played = Outra aba está jogando neste tabuleiro: o jogo feito aqui continua como um jogo à parte.
notice-save-failed = O jogo não pode ser salvo aqui; ele continua mesmo assim.
notice-ai-network-missing = A avaliação aprendida da IA não foi encontrada: ela joga pelas regras embutidas.
notice-ai-network-damaged = A avaliação aprendida da IA está danificada: ela joga pelas regras embutidas.
notice-shared-desktop = O código do jogo está na área de transferência (e foi impresso): abra-o com --replay.
notice-shared-printed = Sem área de transferência aqui: o código do jogo foi impresso no terminal.
notice-shared-link = O link deste jogo foi copiado para a área de transferência.
notice-shared-none = Este navegador não dá à página acesso à área de transferência.
notice-backup-made = Backup feito: { count-games }.
notice-backup-saved = Backup salvo: { count-games }, em { $path }.
notice-backup-not-saved = Não foi possível gravar o backup em { $path }: { $reason }.
notice-no-file-dialog = Esta área de trabalho não tem janela de arquivos (portal XDG ou zenity): g2048 --export ARQUIVO e --import ARQUIVO fazem o mesmo.
notice-backup-unlisted = Não foi possível listar os jogos em andamento para o backup.
notice-import-busy = Uma importação ainda está em andamento; tente de novo daqui a pouco.
notice-import-refused = Este arquivo não pode ser importado: { $reason }.
notice-import-partly = Não foi possível importar o backup inteiro ({ $reason }); tudo o que já estava aqui foi mantido.
notice-imported = Importação concluída: { $new ->
        [one] 1 jogo novo
       *[other] { $new } jogos novos
    }{ $boards ->
        [0] {""}
        [one] , 1 jogo em andamento
       *[other] , { $boards } jogos em andamento
    }{ $history ->
        [0] {""}
       *[other] , { $history } no histórico
    }.
# $what: which document it was.
notice-set-aside = { $what ->
        [options] Suas opções não puderam ser usadas e foram guardadas à parte.
        [best] Seus recordes não puderam ser usados e foram guardados à parte.
        [history] Seu histórico de jogos não pôde ser usado e foi guardado à parte.
        [undo] Suas jogadas para desfazer não puderam ser usadas e foram guardadas à parte.
        [earlier] Seu jogo anterior não pôde ser usado e foi guardado à parte.
        [import] Sua importação inacabada não pôde ser usada e foi guardada à parte.
        [ranked] Suas contas do ranking não puderam ser usadas e foram guardadas à parte.
       *[game] Seu jogo salvo não pôde ser usado e foi guardado à parte.
    }
notice-left-alone = { $what ->
        [options] Suas opções não puderam ser usadas; elas ficaram como estavam.
        [best] Seus recordes não puderam ser usados; eles ficaram como estavam.
        [history] Seu histórico de jogos não pôde ser usado; ele ficou como estava.
        [undo] Suas jogadas para desfazer não puderam ser usadas; elas ficaram como estavam.
        [earlier] Seu jogo anterior não pôde ser usado; ele ficou como estava.
        [import] Sua importação inacabada não pôde ser usada; ela ficou como estava.
        [ranked] Suas contas do ranking não puderam ser usadas; elas ficaram como estavam.
       *[game] Seu jogo salvo não pôde ser usado; ele ficou como estava.
    }
notice-newer-saves = Seus jogos salvos vêm de uma versão mais nova do 2048: esta lê o que conhece deles e deixa o resto como está.
notice-not-understood = Um salvamento grande demais para esta versão é deixado como está.
notice-unreadable = Um salvamento não pode ser lido agora: ele é deixado como está e lido de novo no próximo salvamento.
notice-not-file = O que está no lugar de um salvamento não é um arquivo: é deixado como está, e esse salvamento não é guardado.
notice-damaged = Um salvamento danificado é deixado como está.
notice-no-lock = Os salvamentos não podem ser travados aqui, então nada é salvo: nenhum jogo de outra janela pode se perder.
notice-no-claim = Este tabuleiro não pode ser reservado aqui: esta janela joga um jogo só seu, guardado no histórico.
notice-storage-refused = O navegador não salvou a última alteração ({ $reason }): o que estava salvo continua, e ela será salva com a próxima.
notice-rebuilt = Seu jogo salvo estava danificado: ele foi reconstruído a partir das jogadas.
notice-merged-back = { $count ->
        [one] Um salvamento que uma versão anterior guardou à parte foi lido de novo e reincorporado.
       *[other] { $count } salvamentos que uma versão anterior guardou à parte foram lidos de novo e reincorporados.
    }

## Por que um arquivo de backup é recusado (dentro de "Este arquivo não pode ser importado: …").

error-backup-too-large = ele é maior do que qualquer backup
error-backup-not-backup = ele não é um backup do 2048
error-backup-newer = ele foi feito por uma versão mais nova do jogo (versão de backup { $version }; esta lê a versão { $reads })
error-backup-damaged = ele está danificado ({ $reason })
error-backup-impossible = ele contém um jogo impossível
error-backup-cut-short = incompleto
error-backup-version = a versão está ausente ou errada
error-backup-content = o conteúdo não é de um backup
error-backup-json = não é um JSON válido
error-backup-check = a verificação não confere com o conteúdo
error-backup-dated = { $count ->
        [one] ele contém um jogo datado de depois da sua criação
       *[other] ele contém { $count } jogos datados de depois da sua criação
    }

## Por que o armazenamento do jogo falhou (dentro dos avisos acima).

error-storage-none = o navegador não dá armazenamento a esta página
error-storage-unreadable = não foi possível ler o salvamento
error-storage-full = o armazenamento do navegador está cheio ou recusou a gravação
error-storage-change = o armazenamento do navegador recusou a alteração
error-storage-untouchable = um documento que não pôde ser lido nem guardado à parte não é sobrescrito
error-storage-not-file = o que está lá não é um arquivo
error-storage-no-lock = os salvamentos não puderam ser travados
error-storage-not-understood = um salvamento que esta versão não entende é deixado como está
error-storage-read-only = a exportação de um backup não escreve nada
# The system's own words for an error.
error-io = { $reason }

## As barras do treinador (E): como as quatro jogadas se comparam.

bars-title = Sua jogada: { $played }, { $verdict }
bars-you = { $arrow } você
bars-cannot = impossível
bars-best = melhor
# $percent comes written with its decimals ("3,1").
bars-shortfall = −{ $percent }% { $verdict }

## O cabeçalho: nomes das caixas (em maiúsculas), a introdução, os botões.

header-best = RECORDE
header-score = PONTOS
header-moves = JOGADAS
header-intro = Junte as peças até { $target }!
header-ai = IA
header-undo = Desfazer
header-new-game = Novo jogo
header-options = Opções
say-board = Tabuleiro
# Under "Game over!" with the coach on.
over-coach = Treinador: { $best ->
        [one] 1 melhor
       *[other] { $best } melhores
    } de { $rated ->
        [one] 1 jogada avaliada
       *[other] { $rated } jogadas avaliadas
    }, { $mistakes ->
        [one] 1 erro
       *[other] { $mistakes } erros
    }.

## A página web em volta do jogo (web/index.html preenche isto antes de o jogo começar).

page-canvas = Jogo 2048
page-loading = Carregando o 2048…
page-failed = O jogo não conseguiu começar: { $error }
page-no-canvas = O jogo não pode começar: esta página não tem um <canvas id="bevy"> para desenhar.
page-no-webgl2 = O jogo não pode começar: ele precisa de WebGL2, que este navegador desativou ou não tem.
page-mirror = 2048, para leitores de tela
# What the keys on the board do, for a screen reader: each letter is the key's.
page-keys = As setas deslizam as peças. B lê o tabuleiro, U desfaz, R começa um novo jogo, I dá uma dica, P deixa a IA jogar, O abre as opções, X mostra o resumo do treinador.
page-game = Jogo
page-undo = Desfazer
page-hint = Dica
page-ai = IA joga
page-read = Ler o tabuleiro
page-coach = Resumo do treinador
page-update = Nova versão
page-reload = Recarregar

## O desafio diário: um jogo por dia UTC, o mesmo para todos (4×4 até 2048); o primeiro jogo do dia
## conta, os seguintes são treino. $date é um dia escrito como em date-day.

header-daily = Desafio de { $date }!
header-daily-practice = Desafio de { $date }: treino
daily-result = Desafio de { $date }: pontuação { $score }, maior peça { $tile }, { count-moves }, { count-undos }.
daily-result-practice = Treino no desafio de { $date }: pontuação { $score }, maior peça { $tile }, { count-moves }, { count-undos } (só conta o primeiro jogo do dia).
# Said when a daily's replay opens: its moves were played again from the day's seed.
daily-checked = Desafio de { $date }: pontuação { $score }, verificada.
daily-not-that-day = Este jogo não é o desafio de { $date }: ele não começa pela semente desse dia.
options-daily = Desafio de hoje
options-daily-play = Jogar
options-daily-play-name = Jogar o desafio de hoje ({ $date })
options-daily-practice = Treinar
options-daily-practice-name = Treinar no desafio de hoje ({ $date }): o primeiro jogo, o que conta, já foi jogado
history-row-daily = { $row }   Desafio
history-row-practice = { $row }   Treino
history-row-name-daily = { $name }, desafio de { $date }
history-row-name-practice = { $name }, treino no desafio de { $date }
stats-dailies = Desafios diários: { $days ->
        [one] { $days } dia
       *[other] { $days } dias
    }, { $streak ->
        [0] { $streak } seguidos
        [one] { $streak } seguido
       *[other] { $streak } seguidos
    }, recorde { $best } em { $date }.

## Sorte e habilidade, lidas do registro de um jogo terminado.

review-later = A sorte e a habilidade são calculadas quando o jogo termina.
review-reading = Calculando sorte e habilidade… { $percent }%
review-figures-even = As jogadas mantiveram { $skill }% do valor das melhores; as peças caíram como na média.
review-figures-better = As jogadas mantiveram { $skill }% do valor das melhores; as peças caíram { $luck }% melhor que a média.
review-figures-worse = As jogadas mantiveram { $skill }% do valor das melhores; as peças caíram { $luck }% pior que a média.
review-no-moves = As jogadas deste jogo não foram guardadas, então não dá para calcular a sorte e a habilidade.
history-selected = Jogo selecionado: { $reading }

## Uma corrida contra um fantasma (um jogo gravado, ou a IA, com a mesma semente).

race-ahead = { $lead } à frente do fantasma
race-behind = { $lead } atrás do fantasma
race-level = Empatado com o fantasma
race-ghost-line = Fantasma: { $score } pontos, jogada { $shown } de { $moves }
race-ai-line = IA: { $score } pontos, jogada { $shown }
race-won = Você venceu a corrida!
race-lost = O fantasma venceu a corrida
race-tie = A corrida terminou empatada
race-you = Você: { $score } pontos, maior peça { $tile }, { count-moves }.
race-ghost = Fantasma: { $score } pontos, maior peça { $tile }, { count-moves }.
race-ai = IA: { $score } pontos, maior peça { $tile }, { count-moves }.
race-ended-yours = Seu jogo terminou.
race-ended-ghost = O fantasma ficou sem jogadas.
race-ended-ai = O jogo da IA terminou.
race-rematch = Revanche
race-share = Compartilhar
race-close = Fechar
help-rematch = revanche
help-race = corrida
viewer-race = Corrida
viewer-race-name = Correr contra o fantasma deste jogo
history-race = Corrida
history-race-name = Correr contra o fantasma do jogo selecionado

## The ranked daily (docs/server.md)
ranked-title = Desafio ranqueado
ranked-today = Hoje
ranked-yesterday = Ontem
ranked-no-server = Nenhum servidor do ranking foi configurado: o jogo não se conecta a ninguém. (No computador: --server ADDRESS.)
ranked-connecting = Conectando a { $server }…
ranked-down = Não foi possível acessar o servidor do ranking ({ $reason }). Tentando de novo…
ranked-you = Você joga como { $name }.
ranked-you-unnamed = Você ainda joga sem nome.
ranked-you-hidden = Seu nome foi ocultado: N escolhe outro.
ranked-no-account = Seu primeiro jogo ranqueado cria a sua conta.
ranked-ranks-from = Os jogos de uma conta nova entram no ranking a partir do dia seguinte: os seus, a partir de { $day }.
ranked-refused = O servidor respondeu: { $reason }
ranked-running = Hoje, { $day }: { $players ->
        [0] { $players } jogadores, jogos ainda em andamento
        [one] { $players } jogador, jogos ainda em andamento
       *[other] { $players } jogadores, jogos ainda em andamento
    }
ranked-final = Ranking final de { $day }: { $players ->
        [0] { $players } jogadores
        [one] { $players } jogador
       *[other] { $players } jogadores
    }
ranked-empty = Nenhum jogo ranqueado ainda.
ranked-row = { $rank }. { $name }: { $score } pontos, maior peça { $tile }, { $moves ->
        [0] { $moves } jogadas
        [one] { $moves } jogada
       *[other] { $moves } jogadas
    }
ranked-row-playing = { $rank }. { $name }: { $score } pontos, maior peça { $tile }, { $moves ->
        [0] { $moves } jogadas
        [one] { $moves } jogada
       *[other] { $moves } jogadas
    }, jogando
ranked-no-name = (sem nome)
ranked-name-not-drawn = (nome em outra escrita)
ranked-watch = Assistir: { $row }
ranked-your-place = Sua posição: { $rank }
ranked-play = Jogar o desafio ranqueado de hoje
ranked-resume = Continuar o jogo ranqueado
ranked-leave = Voltar ao meu jogo
ranked-close = Fechar
ranked-play-short = Jogar
ranked-resume-short = Continuar
ranked-leave-short = Meu jogo
ranked-not-here = Indisponível em um jogo ranqueado: sem desfazer, sem dica, sem IA.
ranked-account-unsaved = Não foi possível salvar sua conta do ranking: ela pode se perder quando o jogo for fechado.
ranked-bad-answer = Não foi possível usar a resposta do servidor do ranking.
help-ranked-play = jogar
ranked-name = Mudar nome
ranked-name-title = Seu nome no ranking
ranked-name-typed = Nome: { $name }
ranked-name-rules = De 3 a 20 letras, dígitos, espaços, - _ ou . ; deve ser único. Enter envia, Esc volta.
ranked-name-send = Enviar
ranked-name-needs-account = Jogue primeiro um jogo ranqueado: ele cria a sua conta.
help-ranked-send = enviar
