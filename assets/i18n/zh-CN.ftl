# Simplified Chinese (mainland China) catalogue of the game (assets/i18n/en.ftl has the notes).
# 简体中文：用词尽量简短、常用，同一概念始终用同一个词（字体只含用到的汉字）。

## 分享代码被拒绝的原因（用在“无法显示这个回放：…”中）。

error-code-empty = 代码为空
error-code-too-long = 代码长 { $length } 个字符，超过任何一局的代码（最多 { $max } 个）
error-code-text = 这不是游戏代码（只能有字母、数字、- 和 _）
error-code-short = 代码不完整
error-code-checksum = 代码已损坏（校验值不符）
error-code-version = 代码是第 { $version } 版，本游戏只能读取第 { $first } 版到第 { $last } 版
error-code-generator = 代码来自第 { $generator } 号生成器，本游戏不认识它
error-code-config = 代码中的{ $reason }
error-code-too-many-moves = 代码有 { $moves } 步，超过了 { $max } 步
error-code-moves = 代码中的这局无法回放：{ $reason }

## 无法进行的棋盘或目标。

error-config-size = 棋盘大小 { $size } 不可用：可选 { $min } 到 { $max }
error-config-rows = 行数 { $rows } 不可用：可选 { $min } 到 { $max }
error-config-cols = 列数 { $cols } 不可用：可选 { $min } 到 { $max }
error-config-target = 目标 { $target } 不是不小于 { $min } 的 2 的幂（如 2048）
error-config-unreachable = { $board } 棋盘上达不到目标 { $target }：它最大的方块是 { $largest }

## 前后不一致的已保存游戏。

error-restore-tile-count = 有 { $found } 个格子，而棋盘有 { $expected } 个
error-restore-tile = { $value } 不是方块的数值
error-restore-score = 分数 { $score } 超出范围
error-restore-status = 保存的状态与棋盘不符
error-restore-rng = 随机数状态为空

## 无法回放的移动。

error-history-other-board = 它的起始棋盘不同
error-history-after-end = 第 { $number } 步在游戏结束之后
error-history-no-change = 第 { $number } 步不会改变棋盘
error-history-mismatch = 它的移动会得到另一局游戏
error-history-packing = 它的移动数据已损坏
error-history-not-seed = 它的开局与其种子生成的游戏不符

## 用文字表示的按键（其他按键就是键上的字母、数字、箭头或符号）。

key-enter = 回车
key-space = 空格
key-escape = Esc
key-backspace = 退格
key-home = Home
key-end = End
key-page-up = Page Up
key-page-down = Page Down
key-comma = 逗号
key-period = 句点

## 棋盘下方的按键说明：每项是按键和它的作用（“U 撤销”），各项用点隔开。

help-key = { $key } { $action }
help-move = 方向键或 WASD 移动
help-move-touch = 方向键、WASD 或滑动来移动
help-undo = 撤销
help-new-game = 新游戏
help-options = 选项
help-quit = 退出
help-close = 关闭
help-play = 播放
help-replay = 回放
help-share = 分享
help-statistics = 统计
help-history = 历史记录
help-rows-columns = ↑ ↓ 行  ·  ← → 列
help-select = ↑ ↓ 选择
help-boards = ← → 棋盘
help-coach-summary = Tab 和回车：在回放中查看这一步  ·  Esc 关闭

## 游戏中的棋盘，“你赢了！”和“游戏结束！”。

play-won-title = 你赢了！
play-won-line = 你达到了 { $target }。
play-keep-going = 继续
play-new-game = 新游戏
play-over-title = 游戏结束！
play-over-line = 分数 { $score }，最大方块 { $tile }。
play-try-again = 再来一局
play-replay = 回放
play-share = 分享
play-coach = 教练

## “开始新游戏？”

new-game-title = 开始新游戏？
new-game-line = 这局游戏会保存在历史记录中。
new-game-start = 新游戏
new-game-keep-playing = 继续游戏

## 选项。

options-title = 选项
# 每部分的标题带上它的按键：“主题（T 键）”、“棋盘大小（3–8 键）”。
options-heading-key = { $part }（{ $key } 键）
options-heading-range = { $part }（{ $first }–{ $last } 键）
options-heading-pair = { $part }（{ $first } 和 { $second } 键）
options-heading-arrows = { $part }：{ $keys }
options-size = 棋盘大小
options-shape = 行数和列数
options-target = 目标
options-theme = 主题
options-motion = 动画
options-coach = 教练
# 所选的棋盘，显示在方形大小下方。
options-shape-line = { $rows } 行，{ $cols } 列
options-size-name = { $rows }×{ $cols } 的棋盘
options-rows-fewer = 行 −
options-rows-fewer-name = 减少一行（当前 { $shape }）
options-rows-more = 行 +
options-rows-more-name = 增加一行（当前 { $shape }）
options-cols-fewer = 列 −
options-cols-fewer-name = 减少一列（当前 { $shape }）
options-cols-more = 列 +
options-cols-more-name = 增加一列（当前 { $shape }）
options-target-name = 目标 { $target }
options-theme-system = 跟随系统
options-theme-system-name = 跟随系统的主题
options-theme-light = 浅色
options-theme-light-name = 浅色主题
options-theme-dark = 深色
options-theme-dark-name = 深色主题
options-theme-contrast = 高对比度
options-theme-contrast-name = 高对比度主题
options-motion-system = 跟随系统
options-motion-system-name = 动画跟随系统设置
options-motion-full = 完整
options-motion-full-name = 完整动画
options-motion-reduced = 减少
options-motion-reduced-name = 减少动画
options-motion-off = 关闭
options-motion-off-name = 关闭动画
options-coach-on = 开启
options-coach-on-name = 教练开启
options-coach-off = 关闭
options-coach-off-name = 教练关闭
# 语言按钮显示当前语言；跟随系统时会注明。
language-name = 简体中文
options-language-system = { $language }（跟随系统）
options-language-name = 语言：{ $language }
options-language-system-name = 语言：{ $language }，跟随系统
options-history = 历史记录
options-statistics = 统计
options-export = 导出
options-export-name = 导出备份
options-import = 导入
options-import-name = 导入备份
options-done = 完成
options-language-heading = 语言

## 日期：历史记录中一局游戏的开始时间（玩家的本地时间）。

date-time = { $year }年{ $month }月{ $day }日 { $hour }:{ $minute }
date-beyond = 超出日历范围的日期
# 不含时间的日期（每日一局用）：与 date-time 用同样的部分。
date-day = { $year }年{ $month }月{ $day }日

## 多处用到的计数。

count-moves = { $moves } 步
count-games = { $games } 局
count-undos = 撤销 { $undos } 次

## 历史记录。

history-title = 历史记录
# 列表中的一局，按列显示。
history-row = { $when }   { $shape }   { $score }   最大 { $tile }   { count-moves }
history-row-ai = { history-row }   AI
# 屏幕阅读器读出的同一局。
history-row-name = { $when }，{ $rows }×{ $cols }，分数 { $score }，最大方块 { $tile }，{ count-moves }
history-row-name-ai = { history-row-name }，由 AI 来玩
history-none = 还没有游戏。已结束或被新游戏替换的游戏会显示在这里。
history-replay = 回放
history-replay-name = 回放选中的游戏
history-share = 分享
history-share-name = 分享选中的游戏
history-statistics = 统计
history-close = 关闭
# 标题旁显示的数目。
history-shown-one = 1 局
history-shown-some = 第 { $first }–{ $last } 局，共 { $games } 局

## 一种棋盘的统计。

stats-title = 统计
stats-none = 还没有 { $rows }×{ $cols } 的游戏。
# Said only (the screen shows its own figures): "百分之" as a screen reader should say "%".
stats-summary = { $rows }×{ $cols } 的棋盘：{ count-games }，赢了 { $wins } 局，胜率百分之 { $percent }，最高分 { $best }，平均分 { $average }。
stats-tile-games = { $tile }（{ count-games }）
stats-tiles = 达到的最大方块：{ $tiles }。
stats-recent = 最近 { $count } 局的分数（从早到晚）：{ $scores }。
stats-previous = 上一个棋盘
stats-next = 下一个棋盘
stats-history = 历史记录
stats-close = 关闭
# 显示在屏幕上的文字。
stats-tiles-heading = 达到的最大方块
stats-scores-heading = 最近 { $count } 局的分数

## 回放。

viewer-title = 回放
viewer-position = 第 { $shown } 步，共 { $moves } 步，分数 { $score }，{ count-undos }。
viewer-playing = 播放中，速度 { $speed }。
viewer-paused = 已暂停。
viewer-play = 播放
viewer-pause = 暂停
viewer-first = 回到开头
viewer-back = 后退一步
viewer-forward = 前进一步
viewer-last = 跳到结尾
viewer-speed = 速度 { $speed }
viewer-speed-max = 最快
viewer-play-on = 接着玩
viewer-play-on-name = 从这里接着玩
viewer-share = 分享
viewer-close = 关闭

## 教练对这局的总结。

coach-title = 教练
coach-none = 这局还没有评过任何一步：教练开启时才会评价你自己走的每一步（在选项中按 { $key } 键）。
coach-counts = 已评 { $rated } 步：最佳 { $best } 步，良好 { $good } 步，欠佳 { $inaccuracies } 步，失误 { $mistakes } 步。
coach-clean = 没有欠佳，也没有失误：玩得好！
coach-worst = 损失最大的几步（选择一步，会从它之前开始回放）：
coach-move = 第 { $number } 步：{ $played }，{ $verdict }（最佳是{ $best }）
coach-close = 关闭

## 移动和教练的评价。

direction-up = 上移
direction-down = 下移
direction-left = 左移
direction-right = 右移
verdict-best = 最佳
verdict-good = 良好
verdict-inaccuracy = 欠佳
verdict-mistake = 失误
# 在棋盘下方短暂显示，并在读出这一步之后读出。
remark-best = 教练：{ $played }，最佳的一步。
remark-good = 教练：{ $played }，良好的一步（最佳是{ $best }）。
remark-inaccuracy = 教练：{ $played }，欠佳；最佳是{ $best }（按 { $key } 比较）。
remark-mistake = 教练：{ $played }，失误；最佳是{ $best }（按 { $key } 比较）。

## 屏幕阅读器读出的内容。

# 一句话中各项之间的分隔。
list-separator = {"，"}
say-by = { $rows } 乘 { $cols }
say-place = 第 { $row } 行第 { $col } 列
say-undid = 撤销{ $direction }，分数 { $score }。
say-merge = 两个 { $half } 合并成 { $value }
say-merges = { $first }，{ $second }
say-spawn = { $place }出现新的 { $value }
say-score = 分数 { $score }
say-move = { $direction }：{ $parts }。
say-empty = 空
say-status = 分数 { $score }，最高分 { $best }，{ count-moves }，{ $shape } 棋盘，目标 { $target }。
say-row = 第 { $row } 行：{ $cells }。
say-tile = { $value } 在{ $place }
say-new-game = 新游戏：{ $tiles }。
say-won = 你赢了！你达到了 { $target }。可以继续玩，或开始新游戏。
say-over = 游戏结束。分数 { $score }，最大方块 { $tile }。选择“新游戏”再来一局。
say-reading = { $board } 分数 { $score }。
say-new-game-question = { new-game-title } { new-game-line } { key-enter }：新游戏。Esc：继续游戏。
say-options = 选项。
say-coach = 教练。

## 提示：在棋盘下方显示几秒钟的一行字。

notice-replay-refused = 无法显示这个回放：{ $reason }。
notice-coach-unrated = 教练还没有评过这局的任何一步。
notice-coach-off = 教练已关闭：请在选项中开启（按 { $options }，再按 { $coach }）。
notice-unrecorded-history = 这局游戏开始时还没有记录功能：它不在历史记录中。
notice-unrecorded-replay = 这局游戏开始时还没有记录功能：无法回放。
notice-unrecorded-share = 这局游戏开始时还没有记录功能：无法分享。
notice-record-refused = 这局的记录无法回放：{ $reason }。
notice-played-on = 从第 { $move } 步接着玩；被替换的那局在历史记录中。
notice-nothing-to-share = 还没有可以分享的游戏。
notice-guest = 另一个窗口正在玩这个棋盘：这里开始一局新游戏。
notice-guest-played = 另一个窗口正在玩这个棋盘：这里的这局将作为单独的一局继续。
notice-guest-tab = 另一个标签页正在玩这个棋盘：这里开始一局新游戏。
notice-guest-tab-played = 另一个标签页正在玩这个棋盘：这里的这局将作为单独的一局继续。
notice-save-failed = 无法在这里保存游戏，但可以继续玩。
notice-ai-network-missing = 找不到 AI 学到的评估：它按内置规则来玩。
notice-ai-network-damaged = AI 学到的评估已损坏：它按内置规则来玩。
notice-shared-desktop = 这局的代码已复制到剪贴板（也已打印出来）：用 --replay 打开。
notice-shared-printed = 这里没有剪贴板：这局的代码已打印在终端中。
notice-shared-link = 这局游戏的链接已复制到剪贴板。
notice-shared-none = 此浏览器不让页面使用剪贴板。
notice-backup-made = 已备份：{ count-games }。
notice-backup-saved = 已备份：{ count-games }，保存在 { $path }。
notice-backup-not-saved = 无法将备份写入 { $path }：{ $reason }。
notice-no-file-dialog = 此系统没有文件选择窗口（XDG portal 或 zenity）：g2048 --export 文件 与 --import 文件 同样可以。
notice-backup-unlisted = 无法列出进行中的游戏，未能加入备份。
notice-import-busy = 还在导入中，请稍后再试。
notice-import-refused = 无法导入此文件：{ $reason }。
notice-import-partly = 备份未能全部导入（{ $reason }）；原有的内容都已保留。
notice-imported = 已导入：{ $new } 局新游戏{ $boards ->
        [0] {""}
       *[other] ，{ $boards } 局进行中的游戏
    }{ $history ->
        [0] {""}
       *[other] ，{ $history } 局加入历史记录
    }。
# $what：是哪一份数据。
notice-set-aside = { $what ->
        [options] 你的选项设置无法使用，已另行保存。
        [best] 你的最高分无法使用，已另行保存。
        [history] 你的历史记录无法使用，已另行保存。
        [undo] 你的撤销记录无法使用，已另行保存。
        [earlier] 你之前的游戏无法使用，已另行保存。
        [import] 你未完成的导入无法使用，已另行保存。
        [ranked] 你的排行榜账号无法使用，已另行保存。
       *[game] 你保存的游戏无法使用，已另行保存。
    }
notice-left-alone = { $what ->
        [options] 你的选项设置无法使用；已保持原样。
        [best] 你的最高分无法使用；已保持原样。
        [history] 你的历史记录无法使用；已保持原样。
        [undo] 你的撤销记录无法使用；已保持原样。
        [earlier] 你之前的游戏无法使用；已保持原样。
        [import] 你未完成的导入无法使用；已保持原样。
        [ranked] 你的排行榜账号无法使用；已保持原样。
       *[game] 你保存的游戏无法使用；已保持原样。
    }
notice-newer-saves = 你的存档来自更新版本的 2048：此版本只读取它认识的部分，其余保持原样。
notice-not-understood = 一份对此版本来说过大的存档保持原样。
notice-unreadable = 一份存档暂时无法读取：它保持原样，下次保存时会再次读取。
notice-not-file = 存档的位置上不是文件：它保持原样，这份存档不会被保存。
notice-damaged = 一份损坏的存档保持原样。
notice-no-lock = 这里无法锁定存档，因此不会保存任何内容：其他窗口的游戏都不会丢失。
notice-no-claim = 这里无法占用此棋盘：本窗口玩自己的一局，保存在历史记录中。
notice-storage-refused = 浏览器没有保存最近的更改（{ $reason }）：之前保存的内容仍在，它会随下一次更改一起保存。
notice-rebuilt = 你保存的游戏已损坏：已根据其步骤重建。
notice-merged-back = 旧版本另行保存的 { $count } 份存档已重新读取并合并回来。

## 备份文件被拒绝的原因（用在“无法导入此文件：…”中）。

error-backup-too-large = 文件比任何备份都大
error-backup-not-backup = 这不是 2048 的备份
error-backup-newer = 它来自更新版本的游戏（备份版本 { $version }；本游戏只能读取版本 { $reads }）
error-backup-damaged = 文件已损坏（{ $reason }）
error-backup-impossible = 其中有一局不可能出现的游戏
error-backup-cut-short = 内容不完整
error-backup-version = 版本缺失或错误
error-backup-content = 内容不是备份
error-backup-json = 不是有效的 JSON
error-backup-check = 校验值与内容不符
error-backup-dated = 其中有 { $count } 局游戏的日期晚于备份的创建时间

## 游戏存储失败的原因（用在上面的提示中）。

error-storage-none = 浏览器没有为此页面提供存储
error-storage-unreadable = 无法读取存档
error-storage-full = 浏览器存储已满或拒绝写入
error-storage-change = 浏览器存储拒绝了更改
error-storage-untouchable = 既无法读取也无法另行保存的数据不会被覆盖
error-storage-not-file = 那里不是文件
error-storage-no-lock = 无法锁定存档
error-storage-not-understood = 此版本无法理解的存档保持原样
error-storage-read-only = 导出备份不会写入任何内容
# 系统自己对错误的描述。
error-io = { $reason }

## 教练的评分条（E）：四种移动的比较。

bars-title = 你选择了{ $played }，{ $verdict }
bars-you = { $arrow } 你
bars-cannot = 无法移动
bars-best = 最佳
# $percent 带小数（“3.1”）。
bars-shortfall = −{ $percent }% { $verdict }

## 顶部：方框的名称、简介和按钮。

header-best = 最高分
header-score = 分数
header-moves = 步数
header-intro = 合并方块，达到 { $target }！
header-ai = AI
header-undo = 撤销
header-new-game = 新游戏
header-options = 选项
say-board = 棋盘
# 教练开启时，显示在“游戏结束！”下方。
over-coach = 教练：已评 { $rated } 步，最佳 { $best } 步，失误 { $mistakes } 步。

## 游戏所在的网页（游戏启动前由 web/index.html 填入）。

page-canvas = 2048 游戏
page-loading = 正在加载 2048…
page-failed = 游戏无法启动：{ $error }
page-no-canvas = 游戏无法启动：此页面没有可供绘制的 <canvas id="bevy">。
page-no-webgl2 = 游戏无法启动：它需要 WebGL2，但此浏览器已将其关闭或不支持。
page-mirror = 2048（屏幕阅读器版）
# 屏幕阅读器用的按键说明：每个字母都是键名。
page-keys = 方向键滑动方块。B 读出棋盘，U 撤销，R 开始新游戏，I 给出提示，P 让 AI 来玩，O 打开选项，X 查看教练总结。
page-game = 游戏
page-undo = 撤销
page-hint = 提示
page-ai = AI 来玩
page-read = 读出棋盘
page-coach = 教练总结
page-update = 新版本
page-reload = 重新加载

## 每日一局：每个 UTC 日一局，人人相同（4×4，目标 2048）；当天的第一局计入，之后的都是练习。
## $date 是按 date-day 写出的日期。

header-daily = { $date }每日一局！
header-daily-practice = { $date }每日一局练习
daily-result = { $date }每日一局：分数 { $score }，最大方块 { $tile }，{ count-moves }，{ count-undos }。
daily-result-practice = { $date }每日一局练习：分数 { $score }，最大方块 { $tile }，{ count-moves }，{ count-undos }（只计当天的第一局）。
# 打开每日一局的回放时读出：它的每一步都已从当天的种子重新走过一遍。
daily-checked = { $date }每日一局：分数 { $score }，已校验。
daily-not-that-day = 这局不是{ $date }的每日一局：它不是从那天的种子开始的。
options-daily = 每日一局
options-daily-play = 开始
options-daily-play-name = 开始每日一局（{ $date }）
options-daily-practice = 练习
options-daily-practice-name = 练习每日一局（{ $date }）：当天计入的第一局已玩过
history-row-daily = { $row }   每日一局
history-row-practice = { $row }   练习
history-row-name-daily = { $name }，{ $date }的每日一局
history-row-name-practice = { $name }，{ $date }每日一局的练习
stats-dailies = 每日一局：共 { $days } 天，连续 { $streak } 天，最高分 { $best }（{ $date }）。

## 运气与技术，从已结束对局的记录中读出。

review-later = 对局结束后会计算运气与技术。
review-reading = 正在计算运气与技术…… { $percent }%
review-figures-even = 这些走法保留了最佳走法 { $skill }% 的价值；方块出现得与平均一样。
review-figures-better = 这些走法保留了最佳走法 { $skill }% 的价值；方块出现得比平均好 { $luck }%。
review-figures-worse = 这些走法保留了最佳走法 { $skill }% 的价值；方块出现得比平均差 { $luck }%。
review-no-moves = 这局的走法没有保存，无法计算运气与技术。
history-selected = 所选对局：{ $reading }

## 与幽灵竞速（一局录下的对局，或用同一种子的 AI）。

race-ahead = 领先幽灵 { $lead }
race-behind = 落后幽灵 { $lead }
race-level = 与幽灵持平
race-ghost-line = 幽灵：{ $score } 分，第 { $shown } / { $moves } 步
race-ai-line = AI：{ $score } 分，第 { $shown } 步
race-won = 你赢得了竞速！
race-lost = 幽灵赢得了竞速
race-tie = 竞速打平
race-you = 你：{ $score } 分，最大方块 { $tile }，{ count-moves }。
race-ghost = 幽灵：{ $score } 分，最大方块 { $tile }，{ count-moves }。
race-ai = AI：{ $score } 分，最大方块 { $tile }，{ count-moves }。
race-ended-yours = 你的对局已结束。
race-ended-ghost = 幽灵的走法用完了。
race-ended-ai = AI 的对局已结束。
race-rematch = 再赛一局
race-share = 分享
race-close = 关闭
help-rematch = 再赛
help-race = 竞速
viewer-race = 竞速
viewer-race-name = 与这局的幽灵竞速
history-race = 竞速
history-race-name = 与所选对局的幽灵竞速

## The ranked daily (docs/server.md)
ranked-title = 每日一局排行榜
ranked-today = 今天
ranked-yesterday = 昨天
ranked-no-server = 未设置排行榜：游戏不会进行任何连接。（在终端中启动时加上 --server ADDRESS。）
ranked-connecting = 正在连接 { $server }…
ranked-down = 无法连接排行榜（{ $reason }）。正在重试…
ranked-you = 你的名字是 { $name }。
ranked-you-unnamed = 你还没有名字。
ranked-you-hidden = 你的名字已不能再用：请按 N 换一个新名字。
ranked-no-account = 你第一次开始排行榜对局时会创建你的账号。
ranked-ranks-from = 新账号的对局从次日起才计入排行榜：你的从 { $day } 起计入。
ranked-refused = 排行榜回复：{ $reason }
ranked-running = 今天（{ $day }）：共 { $players } 局，仍在进行中
ranked-final = { $day }的最终排行榜：共 { $players } 局
ranked-empty = 还没有排行榜对局。
ranked-row = { $rank }. { $name }：{ $score } 分，最大方块 { $tile }，{ $moves } 步
ranked-row-playing = { $rank }. { $name }：{ $score } 分，最大方块 { $tile }，{ $moves } 步，进行中
ranked-no-name = （无名）
ranked-name-not-drawn = （无法显示的名字）
ranked-watch = 回放：{ $row }
ranked-your-place = 你的排名：{ $rank }
ranked-play = 开始今天的排行榜对局
ranked-resume = 继续排行榜对局
ranked-leave = 回到自己的游戏
ranked-close = 关闭
ranked-play-short = 开始
ranked-resume-short = 继续
ranked-leave-short = 自己的游戏
ranked-not-here = 排行榜对局中不可用：没有撤销、提示和 AI。
ranked-account-unsaved = 你的排行榜账号无法保存：本次运行结束后它可能会丢失。
ranked-bad-answer = 无法使用排行榜的回复。
help-ranked-play = 开始
ranked-name = 更改名字
ranked-name-title = 你在排行榜上的名字
ranked-name-typed = 名字：{ $name }
ranked-name-rules = 3 到 20 个字符，只能有字母、数字、空格、- _ 和 .；不能与其他名字重复。回车提交，Esc 回到排行榜。
ranked-name-send = 提交
ranked-name-needs-account = 请先开始一局排行榜对局：这会创建你的账号。
help-ranked-send = 提交
