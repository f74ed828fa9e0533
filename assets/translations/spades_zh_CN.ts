<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>About</name>
    <message>
        <source>Spades Desktop</source>
        <translation>黑桃纸牌</translation>
    </message>
    <message>
        <source>About Spades Desktop</source>
        <translation>关于黑桃纸牌</translation>
    </message>
    <message>
        <source>Version {version}</source>
        <translation>版本 {version}</translation>
    </message>
    <message>
        <source>Offline Spades against three computer players, on an animated card table.</source>
        <translation>离线黑桃纸牌：在动画牌桌上与三名电脑玩家对局。</translation>
    </message>
</context>
<context>
    <name>Accessible</name>
    <message>
        <source>Close this window.</source>
        <translation>关闭此窗口。</translation>
    </message>
    <message>
        <source>Close this window without changing anything.</source>
        <translation>关闭此窗口，不做任何更改。</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>Spades Desktop</source>
        <translation>黑桃纸牌</translation>
    </message>
</context>
<context>
    <name>BidPanel</name>
    <message>
        <source>Your bid</source>
        <translation>你的叫墩</translation>
    </message>
    <message>
        <source>Bid Nil before seeing your cards: +{0} if you win no trick, −{0} if you win any.</source>
        <translation>不看牌先叫 Nil：一墩不拿 +{0}，拿到任何一墩 −{0}。</translation>
    </message>
    <message>
        <source>Click or type the number of tricks you expect to win.</source>
        <translation>点击或键入你预计能拿的墩数。</translation>
    </message>
    <message>
        <source>Recommended bid: {reason}</source>
        <translation>推荐叫墩：{reason}</translation>
    </message>
    <message>
        <source>Recommended bid</source>
        <translation>推荐叫墩</translation>
    </message>
    <message>
        <source>You expect to win {0} of the 13 tricks with this bid.</source>
        <translation>叫这个墩数，表示你预计在 13 墩中拿 {0} 墩。</translation>
    </message>
    <message>
        <source>★ Recommended: {bid} — {reason}</source>
        <translation>★ 推荐：{bid}——{reason}</translation>
    </message>
    <message>
        <source>★ Recommended: {bid}</source>
        <translation>★ 推荐：{bid}</translation>
    </message>
    <message>
        <source>Nil: win no trick for +{0}; −{0} if you win any.</source>
        <translation>Nil：一墩不拿 +{0}；拿到任何一墩 −{0}。</translation>
    </message>
    <message>
        <source>Bid Nil</source>
        <translation>叫 Nil</translation>
    </message>
    <message numerus="yes">
        <source>Bid %n trick(s)</source>
        <translation>
            <numerusform>叫 %n 墩</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BidReason</name>
    <message numerus="yes">
        <source>%1 sure winner(s)</source>
        <translation>
            <numerusform>%1 稳赢</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 in a long suit: may be trumped</source>
        <translation>长套中的 %1：可能被将吃</translation>
    </message>
    <message numerus="yes">
        <source>%1 guarded king(s)</source>
        <translation>
            <numerusform>%1 有保护</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 guarded queen(s)</source>
        <translation>
            <numerusform>%1 有保护</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 high spade(s)</source>
        <translation>
            <numerusform>%1 大黑桃</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n spade(s)</source>
        <translation>
            <numerusform>%n 张黑桃</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n length trick(s)</source>
        <translation>
            <numerusform>长套多拿 %n 墩</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>long spades: the number of spades, then the extra tricks</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>void in %1: can trump</source>
        <translation>缺%1可将吃</translation>
    </message>
    <message>
        <source>singleton %1: can trump %2</source>
        <translation>单张 %1：可将吃%2</translation>
    </message>
    <message>
        <source>doubleton %1: may trump %2</source>
        <translation>双张 %1：或可将吃%2</translation>
    </message>
    <message>
        <source>fit for Nil: no aces, no spades, high cards guarded</source>
        <translation>适合 Nil：没有 A、没有黑桃、大牌有保护</translation>
    </message>
    <message numerus="yes">
        <source>fit for Nil: no aces, %n low spade(s), high cards guarded</source>
        <translation>
            <numerusform>适合 Nil：没有 A、%n 张小黑桃、大牌有保护</numerusform>
        </translation>
    </message>
    <message>
        <source>partner bid Nil: no second Nil</source>
        <translation>搭档已叫 Nil：不再叫 Nil</translation>
    </message>
    <message>
        <source>few winners: bid the minimum of %1</source>
        <translation>赢张很少：叫最少的 %1 墩</translation>
    </message>
    <message>
        <source>%1 in all</source>
        <comment>the sum of a bid reason&apos;s tricks</comment>
        <translation>合计 %1</translation>
    </message>
    <message>
        <source>%1 in all, rounded down to %2</source>
        <translation>合计 %1，向下取整为 %2</translation>
    </message>
    <message>
        <source>%1 in all, rounded up to %2</source>
        <translation>合计 %1，向上取整为 %2</translation>
    </message>
    <message>
        <source>under the house rules: bid %1</source>
        <translation>按家规：叫 %1</translation>
    </message>
    <message>
        <source>under %1: bid %2 to make the contract %3</source>
        <translation>按“%1”：叫 %2，让定约达到 %3 墩</translation>
    </message>
    <message>
        <source>%1 trick</source>
        <comment>a count of at most one trick: ¼, ½, 1</comment>
        <translation>%1 墩</translation>
    </message>
    <message>
        <source>%1 tricks</source>
        <comment>a count of more than one trick: 1½, 2</comment>
        <translation>%1 墩</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a bid reason&apos;s part, then the tricks it counts</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>; </source>
        <comment>separator between the parts of a bid reason</comment>
        <translation>；</translation>
    </message>
</context>
<context>
    <name>ClaimFlow</name>
    <message>
        <source>You may claim the rest on your turn to play, once a trick of the hand has been played.</source>
        <translation>本手已打完一墩后，轮到你出牌时可以摊牌拿下余墩。</translation>
    </message>
    <message>
        <source>Checking your claim…</source>
        <translation>正在核对你的摊牌…</translation>
    </message>
    <message>
        <source>Claim granted: your side takes every remaining trick. The hand is played out.</source>
        <translation>摊牌成立：你方拿下剩余的每一墩。本手已打完。</translation>
    </message>
    <message>
        <source>Claim granted: your side takes every remaining trick.</source>
        <translation>摊牌成立：你方拿下剩余的每一墩。</translation>
    </message>
    <message>
        <source>The claim cannot be granted; play on.</source>
        <translation>摊牌不成立；请继续出牌。</translation>
    </message>
</context>
<context>
    <name>Coach</name>
    <message>
        <source>the only choice: every other card is the same or not allowed</source>
        <translation>别无选择：其他牌效果相同或不能出</translation>
    </message>
    <message>
        <source>play high to keep your partner&apos;s Nil safe</source>
        <translation>出大牌，保住搭档的 Nil</translation>
    </message>
    <message>
        <source>stay under the winning card: your Nil must win no trick</source>
        <translation>压在赢牌之下：你的 Nil 一墩也不能拿</translation>
    </message>
    <message>
        <source>every card you may play beats the trick so far: your Nil is in danger whatever you play</source>
        <translation>你能出的每张牌都比目前赢这一墩的牌大：不管出哪张，你的 Nil 都有危险</translation>
    </message>
    <message>
        <source>keep low under the Nil bidder so that it has to win a trick</source>
        <translation>在叫 Nil 的对手下出小牌，逼它拿墩</translation>
    </message>
    <message>
        <source>lead a top spade to draw the opponents&apos; trumps</source>
        <translation>首攻大黑桃，清掉对方的将牌</translation>
    </message>
    <message>
        <source>your contract is made: lose the trick rather than take a bag</source>
        <translation>合约已完成：宁可丢这墩，也不要沙袋</translation>
    </message>
    <message>
        <source>take a sure trick with the highest card left in its suit</source>
        <translation>用该花色剩下最大的牌稳拿一墩</translation>
    </message>
    <message>
        <source>take a sure trick: nobody else holds a higher card of its suit</source>
        <translation>稳拿一墩：别人手里没有这门更大的牌</translation>
    </message>
    <message numerus="yes">
        <source>win the trick to make their contract fail: they still need %n trick(s)</source>
        <translation>
            <numerusform>赢下这墩，让对方合约失败：他们还差 %n 墩</numerusform>
        </translation>
    </message>
    <message>
        <source>win the trick to make their contract fail</source>
        <translation>赢下这墩，让对方合约失败</translation>
    </message>
    <message numerus="yes">
        <source>win the trick: your team still needs %n trick(s) for the contract</source>
        <translation>
            <numerusform>赢下这墩：你方完成合约还差 %n 墩</numerusform>
        </translation>
    </message>
    <message>
        <source>win the trick: your team needs it for the contract</source>
        <translation>赢下这墩：你方完成合约需要它</translation>
    </message>
    <message>
        <source>win the trick with the lowest card that does it</source>
        <translation>用能赢的最小的牌赢下这墩</translation>
    </message>
    <message>
        <source>out of the suit led: trump to win the trick</source>
        <translation>首攻花色已缺门：将吃赢下这墩</translation>
    </message>
    <message>
        <source>your partner is winning the trick: play low, keep your high cards</source>
        <translation>搭档正赢这墩：出小牌，留着大牌</translation>
    </message>
    <message>
        <source>the trick is lost: discard a card that would not win later</source>
        <translation>这墩赢不了：垫掉一张以后也赢不了的牌</translation>
    </message>
    <message>
        <source>the trick cannot be won cheaply: keep your high cards for later</source>
        <translation>这墩无法便宜地赢：把大牌留到以后</translation>
    </message>
    <message>
        <source>you need not win this trick: give this card and keep your lower ones to lose later tricks</source>
        <translation>这墩不必你赢：出这张，留下更小的牌以后用来让墩</translation>
    </message>
    <message>
        <source>lead a low card that gives nothing away</source>
        <translation>首攻一张不送墩的小牌</translation>
    </message>
    <message>
        <source>lead low and keep your winner of this suit for later</source>
        <translation>首攻小牌，把这门的赢张留到以后</translation>
    </message>
    <message>
        <source>lead from your sequence: the next higher card is yours too</source>
        <translation>从连张中首攻：紧挨着的更大一张也在你手里</translation>
    </message>
    <message>
        <source>lead your only card of this suit: once it is gone, you can trump the suit</source>
        <translation>首攻这门唯一的一张：这门出完后，你就可以用黑桃将吃</translation>
    </message>
    <message>
        <source>nobody else holds this suit: they must trump it or throw a card away</source>
        <translation>别人都没有这门花色：他们只能将吃或垫牌</translation>
    </message>
    <message>
        <source>lead this card to drive out the higher cards of its suit</source>
        <translation>首攻这张，逼出这门更大的牌</translation>
    </message>
    <message numerus="yes">
        <source>your hand can take about %n trick(s)</source>
        <translation>
            <numerusform>你的牌大约能拿 %n 墩</numerusform>
        </translation>
    </message>
    <message>
        <source>bid what your hand can take</source>
        <translation>叫你的牌能拿的墩数</translation>
    </message>
    <message>
        <source>your hand can lose every trick: bid Nil</source>
        <translation>你的牌可以一墩不拿：叫 Nil</translation>
    </message>
    <message>
        <source>far behind: Blind Nil is worth the risk</source>
        <translation>落后很多：盲 Nil 值得一搏</translation>
    </message>
    <message>
        <source>Blind Nil would lose more than it wins here: bid with your cards seen</source>
        <translation>此时盲 Nil 输多赢少：看牌后再叫</translation>
    </message>
    <message>
        <source>Expected points this hand (your side minus theirs):</source>
        <translation>本手预期得分（你方减对方）：</translation>
    </message>
    <message>
        <source>bid {0}</source>
        <comment>a bid among the hint&apos;s choices</comment>
        <translation>叫 {0}</translation>
    </message>
    <message>
        <source>it scores best on average</source>
        <translation>平均得分最高</translation>
    </message>
    <message>
        <source>Hint: {0} — {1}</source>
        <translation>提示：{0}——{1}</translation>
    </message>
    <message>
        <source>look at your cards</source>
        <translation>看自己的牌</translation>
    </message>
    <message>
        <source>Thinking about a hint…</source>
        <translation>正在思考提示…</translation>
    </message>
</context>
<context>
    <name>Engine</name>
    <message>
        <source>The game is over.</source>
        <translation>本局已经结束。</translation>
    </message>
    <message>
        <source>It is not your turn.</source>
        <translation>还没轮到你。</translation>
    </message>
    <message>
        <source>Bidding is not finished: make your bid first.</source>
        <translation>叫墩尚未结束：请先叫墩。</translation>
    </message>
    <message>
        <source>That is neither a bid nor a card.</source>
        <translation>这既不是叫墩也不是牌。</translation>
    </message>
    <message>
        <source>Blind Nil is switched off in this game.</source>
        <translation>本局未开启盲 Nil。</translation>
    </message>
    <message>
        <source>Bidding is over: play a card.</source>
        <translation>叫墩已结束：请出牌。</translation>
    </message>
    <message>
        <source>You must follow clubs.</source>
        <translation>必须跟梅花。</translation>
    </message>
    <message>
        <source>You must follow diamonds.</source>
        <translation>必须跟方块。</translation>
    </message>
    <message>
        <source>You must follow hearts.</source>
        <translation>必须跟红心。</translation>
    </message>
    <message>
        <source>You must follow spades.</source>
        <translation>必须跟黑桃。</translation>
    </message>
    <message>
        <source>{0} The {1} is a spade in this deck.</source>
        <comment>a refusal, then why it applies to the two of diamonds</comment>
        <translation>{0}这副牌里 {1} 算黑桃。</translation>
    </message>
    <message>
        <source>Blind Nil is allowed only when your team trails by {0} points or more.</source>
        <translation>只有本队落后 {0} 分或以上时才能叫盲 Nil。</translation>
    </message>
    <message>
        <source>You have seen your cards: Blind Nil is no longer open.</source>
        <translation>你已看过手牌，不能再叫盲 Nil。</translation>
    </message>
    <message>
        <source>Blind Nil is not offered under Suicide, Mirror or Whiz bidding.</source>
        <translation>自杀、镜像或 Whiz 叫法下不能不看牌先叫 Nil。</translation>
    </message>
    <message>
        <source>Your team must bid at least 4: bid {0} or more.</source>
        <translation>你方合计至少要叫 4 墩：请叫 {0} 墩或更多。</translation>
    </message>
    <message>
        <source>Suicide: bid Nil, or 4 or more.</source>
        <translation>自杀叫法：叫 Nil，或叫 4 墩及以上。</translation>
    </message>
    <message>
        <source>Suicide: your partner bid {0}, so you must bid Nil.</source>
        <translation>自杀叫法：搭档叫了 {0}，所以你必须叫 Nil。</translation>
    </message>
    <message>
        <source>Suicide: your partner bid Nil, so you must bid 4 or more.</source>
        <translation>自杀叫法：搭档叫了 Nil，所以你必须叫 4 墩及以上。</translation>
    </message>
    <message>
        <source>Mirror: bid the number of spades you hold ({0}).</source>
        <translation>镜像叫法：叫你手中黑桃的张数（{0}）。</translation>
    </message>
    <message>
        <source>Whiz: bid Nil or the number of spades you hold ({0}).</source>
        <translation>Whiz 叫法：叫 Nil，或叫你手中黑桃的张数（{0}）。</translation>
    </message>
    <message>
        <source>Spades have not been broken yet: lead another suit.</source>
        <translation>黑桃未破：请首攻其他花色。</translation>
    </message>
    <message>
        <source>You don&apos;t hold the %1.</source>
        <translation>你手里没有 %1。</translation>
    </message>
</context>
<context>
    <name>FairPlayDialog</name>
    <message>
        <source>This game&apos;s number is {0}.</source>
        <translation>本局的局号是 {0}。</translation>
    </message>
    <message>
        <source>The deals follow from the game number</source>
        <translation>发牌只取决于局号</translation>
    </message>
    <message>
        <source>Every game has a number. The cards of each hand are shuffled by a fixed recipe from the game number and the hand number alone: a SplitMix64 random number generator seeded with the two numbers, then a Fisher–Yates shuffle, dealt one card at a time from the dealer&apos;s left. Nothing else goes in: not the time, not the difficulty, not your score, not how you played.</source>
        <translation>每局牌都有一个局号。每一手的牌只按局号和手数，用固定的方法洗出：以这两个数为种子的 SplitMix64 随机数生成器，再做一次 Fisher–Yates 洗牌，从庄家左手边开始一张一张地发。其他任何东西都不参与：时间、难度、你的比分、你怎么出牌，都不影响。</translation>
    </message>
    <message>
        <source>So the same game number always deals the same cards, on every computer. The game number is shown at the start of a game and in the information box on the table, and every game in Game ▸ Recent games keeps its number.</source>
        <translation>因此，同一个局号在任何电脑上总是发出相同的牌。局号在开局时显示，也显示在牌桌上的信息框里；“游戏 ▸ 最近牌局”中的每一局都保留着自己的局号。</translation>
    </message>
    <message>
        <source>To replay a deal: choose Game ▸ New game, under Game number pick “Number:” and type the number, then start the game (or choose Play this deal again in Game ▸ Recent games). The first hand comes out card for card as before, and so does every later hand.</source>
        <translation>要重打一副牌：选择“游戏 ▸ 新牌局”，在“局号”下选择“局号：”并输入局号，然后开始牌局（或在“游戏 ▸ 最近牌局”中选择“再打一次这副牌”）。第一手的牌会和上次一张不差，之后的每一手也一样。</translation>
    </message>
    <message>
        <source>The computer players see only what you would see</source>
        <translation>电脑玩家只看得到你能看到的东西</translation>
    </message>
    <message>
        <source>A computer player decides from its own cards and what is on the table: the bids, the cards played so far and the scores. It is never shown your cards, its partner&apos;s or the other opponent&apos;s, and it guesses them from what has been played, as you do.</source>
        <translation>电脑玩家只根据自己的手牌和牌桌上的情况做决定：各家的叫墩、至今打出的牌和比分。它从来看不到你的牌、它搭档的牌或另一名对手的牌，只能像你一样，根据已经打出的牌去推测。</translation>
    </message>
    <message>
        <source>Your partner North plays by the same rule. The hint and the review of a hand judge your decisions from what you could see at the time; only the review&apos;s count of tricks with all cards open, shown once the hand is over, uses every hand.</source>
        <translation>你的搭档北家也遵守同样的规则。提示和复盘都按你当时能看到的信息来评判你的决定；只有复盘中的明牌墩数计算（在这一手结束后才显示）用到了所有人的手牌。</translation>
    </message>
    <message>
        <source>How to check</source>
        <translation>如何验证</translation>
    </message>
    <message>
        <source>Replay a game number and compare the cards: they are the same every time. The whole source code of the game is open to read: the shuffle is in spades_desktop/engine/dealing.py and written out step by step in docs/rules.md, §1; what a player may see is spades_desktop/engine/view.py (PlayerView).</source>
        <translation>用同一个局号重打，比较发出的牌：每次都一样。游戏的全部源代码都可以公开查阅：洗牌在 spades_desktop/engine/dealing.py 中，并在 docs/rules.md §1 中逐步写明；玩家能看到什么，见 spades_desktop/engine/view.py（PlayerView）。</translation>
    </message>
    <message>
        <source>The tests check both: tests/engine/test_determinism.py (the same game number gives the same deals, in every process), tests/bots/test_bots_api.py (the other hands do not change a computer player&apos;s choice; the players&apos; code never reads the hidden cards), tests/bots/test_expert.py (swapping two hidden cards changes nothing for the Expert) and tests/test_import_contracts.py (the players&apos; code cannot even import the full position). Run them with: python -m pytest tests/engine/test_determinism.py tests/bots/test_bots_api.py tests/bots/test_expert.py tests/test_import_contracts.py</source>
        <translation>这两点都有测试检查：tests/engine/test_determinism.py（同一局号在任何进程中都发出相同的牌）、tests/bots/test_bots_api.py（其他各家的手牌不会改变电脑玩家的选择；玩家的代码从不读取看不见的牌）、tests/bots/test_expert.py（交换两张看不见的牌，专家的选择不变）以及 tests/test_import_contracts.py（玩家的代码甚至无法导入完整的牌局局面）。运行方法：python -m pytest tests/engine/test_determinism.py tests/bots/test_bots_api.py tests/bots/test_expert.py tests/test_import_contracts.py</translation>
    </message>
    <message>
        <source>Matches between computer players are reproducible too: python -m spades_desktop.arena --games 10 --seed 1 plays the same games, with the same result, every time.</source>
        <translation>电脑玩家之间的对局也可以复现：python -m spades_desktop.arena --games 10 --seed 1 每次都打出相同的牌局，结果也相同。</translation>
    </message>
    <message>
        <source>Fair play</source>
        <translation>公平对局</translation>
    </message>
    <message>
        <source>How the deals follow from the game number and what the computer players see, and how to check both.</source>
        <translation>发牌如何由局号决定、电脑玩家能看到什么，以及如何验证这两点。</translation>
    </message>
</context>
<context>
    <name>GameController</name>
    <message>
        <source>The game could not be saved ({0}); it goes on, but will not be resumed if you quit.</source>
        <translation>牌局无法保存（{0}）；可以继续打，但退出后将无法接着打。</translation>
    </message>
</context>
<context>
    <name>GameOverDialog</name>
    <message>
        <source>Game Over</source>
        <translation>牌局结束</translation>
    </message>
    <message>
        <source>Draw.</source>
        <translation>平局。</translation>
    </message>
    <message>
        <source>You win!</source>
        <translation>你赢了！</translation>
    </message>
    <message>
        <source>You lose.</source>
        <translation>你输了。</translation>
    </message>
    <message>
        <source>Final score: Us {us}, Them {them}</source>
        <translation>最终比分：我方 {us}，对方 {them}</translation>
    </message>
    <message numerus="yes">
        <source>+%n ranking point(s)</source>
        <translation>
            <numerusform>排名积分 +%n</numerusform>
        </translation>
    </message>
    <message>
        <source>A practice game: Undo was used, so it earns no ranking points.</source>
        <translation>练习局：使用过撤销，因此不得排名积分。</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>新牌局</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>统计</translation>
    </message>
    <message>
        <source>Review hand…</source>
        <translation>复盘这手…</translation>
    </message>
    <message>
        <source>The coach&apos;s review of the last hand</source>
        <translation>教练对最后一手的复盘</translation>
    </message>
    <message>
        <source>Choose the settings of a new game.</source>
        <translation>选择新牌局的设置。</translation>
    </message>
    <message>
        <source>Your games won and lost, at every level.</source>
        <translation>你在各个难度下的胜负局数。</translation>
    </message>
    <message numerus="yes">
        <source>A team reached the target score after %n hand(s).</source>
        <translation>
            <numerusform>打了 %n 手后，有一队达到了目标分。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A team fell to the lowest allowed score after %n hand(s).</source>
        <translation>
            <numerusform>打了 %n 手后，有一队跌到了允许的最低分。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>North–South bid 13 and took every trick in hand %n: they win the game.</source>
        <translation>
            <numerusform>南北方叫 13 墩并在第 %n 手拿下每一墩：他们赢得本局。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>East–West bid 13 and took every trick in hand %n: they win the game.</source>
        <translation>
            <numerusform>东西方叫 13 墩并在第 %n 手拿下每一墩：他们赢得本局。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The game stopped at the limit of %n hand(s).</source>
        <translation>
            <numerusform>牌局在 %n 手的上限处结束。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HandSoFarDialog</name>
    <message>
        <source>in play</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>No game on the table.</source>
        <translation>牌桌上没有牌局。</translation>
    </message>
    <message numerus="yes">
        <source>Hand {0} — %n trick(s) completed</source>
        <translation>
            <numerusform>第 {0} 手——已完成 %n 墩</numerusform>
        </translation>
    </message>
    <message>
        <source>{0}: led and won the trick</source>
        <translation>{0}：首攻并赢得这一墩</translation>
    </message>
    <message>
        <source>{0}: led the trick</source>
        <translation>{0}：首攻这一墩</translation>
    </message>
    <message>
        <source>{0}: won the trick</source>
        <translation>{0}：赢得这一墩</translation>
    </message>
    <message>
        <source>Hand so far</source>
        <translation>本手至今</translation>
    </message>
    <message>
        <source>Tricks of this hand</source>
        <translation>本手各墩</translation>
    </message>
    <message>
        <source>One row per trick: the card each player played and who won it.</source>
        <translation>每墩一行：每名玩家出的牌，以及谁赢得这一墩。</translation>
    </message>
    <message>
        <source>Won by</source>
        <translation>赢家</translation>
    </message>
    <message>
        <source>No card has been played in this hand yet.</source>
        <translation>本手还没有出过牌。</translation>
    </message>
    <message>
        <source>Cards still out</source>
        <translation>未出的牌</translation>
    </message>
    <message>
        <source>{0} still out</source>
        <translation>未出的{0}</translation>
    </message>
    <message>
        <source>{0} led the trick; the card in bold won it. Still out: the cards neither played yet nor in your hand.</source>
        <translation>{0} 标记首攻的牌；粗体的牌赢得该墩。未出的牌：既未打出、也不在你手中的牌。</translation>
    </message>
</context>
<context>
    <name>HandSummary</name>
    <message>
        <source>Blind Nil made</source>
        <translation>盲 Nil 成功</translation>
    </message>
    <message>
        <source>Blind Nil failed</source>
        <translation>盲 Nil 失败</translation>
    </message>
    <message>
        <source>Nil made</source>
        <translation>Nil 成功</translation>
    </message>
    <message>
        <source>Nil failed</source>
        <translation>Nil 失败</translation>
    </message>
    <message>
        <source>Contract made: {0}</source>
        <translation>合约完成：{0}</translation>
    </message>
    <message>
        <source>Contract set: {0}</source>
        <translation>合约失败：{0}</translation>
    </message>
    <message>
        <source>No contract: both partners bid Nil</source>
        <translation>没有合约：两名搭档都叫了 Nil</translation>
    </message>
    <message>
        <source>Bags this hand: {0}</source>
        <translation>本手沙袋：{0}</translation>
    </message>
    <message>
        <source>Points this hand: {0}</source>
        <translation>本手得分：{0}</translation>
    </message>
    <message>
        <source>Bags held: {0}</source>
        <translation>累计沙袋：{0}</translation>
    </message>
    <message>
        <source>Nil: {0}</source>
        <translation>Nil：{0}</translation>
    </message>
    <message>
        <source>Contract made: {0} ({1})</source>
        <comment>{1}: the name of the house rule that made it worth more</comment>
        <translation>完成合约：{0}（{1}）</translation>
    </message>
    <message>
        <source>Bag penalty: {0}</source>
        <translation>沙袋罚分：{0}</translation>
    </message>
    <message>
        <source>Running total: {0}</source>
        <translation>累计：{0}</translation>
    </message>
    <message>
        <source>Hand {0} is over</source>
        <translation>第 {0} 手结束</translation>
    </message>
    <message>
        <source>Bid</source>
        <translation>叫墩</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>拿墩</translation>
    </message>
    <message>
        <source>Next hand</source>
        <translation>下一手</translation>
    </message>
    <message>
        <source>Score sheet</source>
        <translation>记分表</translation>
    </message>
    <message>
        <source>Review hand</source>
        <translation>复盘这一手</translation>
    </message>
</context>
<context>
    <name>HouseRules</name>
    <message>
        <source>Nil is worth</source>
        <translation>Nil 的分值</translation>
    </message>
    <message>
        <source>What a Nil wins or loses; Blind Nil is worth twice as much.</source>
        <translation>Nil 成功所得或失败所失的分数；不看牌叫 Nil 加倍。</translation>
    </message>
    <message>
        <source>A failed Nil&apos;s tricks count</source>
        <translation>失败 Nil 的墩数计入</translation>
    </message>
    <message>
        <source>They count toward the partner&apos;s contract instead of being bags.</source>
        <translation>这些墩计入搭档的合约，而不算沙袋。</translation>
    </message>
    <message>
        <source>{0} for {1}</source>
        <comment>a contract of {0} or more scores {1}</comment>
        <translation>{0} 墩得 {1}</translation>
    </message>
    <message>
        <source>A made contract of {0} or more scores {1}.</source>
        <translation>完成 {0} 墩或以上的合约得 {1} 分。</translation>
    </message>
    <message>
        <source>13 tricks win the game</source>
        <translation>13 墩直接获胜</translation>
    </message>
    <message>
        <source>A team that bids 13 and takes all 13 tricks wins at once.</source>
        <translation>叫 13 墩并拿下全部 13 墩的一方立即获胜。</translation>
    </message>
    <message>
        <source>Bag limit</source>
        <translation>沙袋上限</translation>
    </message>
    <message>
        <source>How many bags cost the bag penalty.</source>
        <translation>累计多少个沙袋时扣沙袋罚分。</translation>
    </message>
    <message>
        <source>Bag penalty</source>
        <translation>沙袋罚分</translation>
    </message>
    <message>
        <source>The points the bag penalty costs.</source>
        <translation>沙袋罚分扣多少分。</translation>
    </message>
    <message>
        <source>Spades may be led any time</source>
        <translation>随时可以首攻黑桃</translation>
    </message>
    <message>
        <source>A spade may be led before spades are broken.</source>
        <translation>黑桃未破之前也可以首攻黑桃。</translation>
    </message>
    <message>
        <source>Bidding</source>
        <translation>叫墩方式</translation>
    </message>
    <message>
        <source>Suicide: one partner bids Nil, the other 4 or more. Mirror: bid the spades held. Whiz: Nil or the spades held.</source>
        <translation>自杀：搭档一方叫 Nil，另一方叫 4 墩或以上。镜像：叫手中黑桃的张数。Whiz：叫 Nil 或手中黑桃的张数。</translation>
    </message>
    <message>
        <source>Least team bid</source>
        <translation>一方最少叫墩</translation>
    </message>
    <message>
        <source>The least a team&apos;s two bids add up to (Nil counts 0).</source>
        <translation>一方两人叫墩之和的最小值（Nil 算 0）。</translation>
    </message>
    <message>
        <source>Deck</source>
        <translation>牌组</translation>
    </message>
    <message>
        <source>Joker-Joker: the jokers for the 2♣ and 2♦. Joker-Joker-Deuce-Deuce: the jokers for the 2♣ and 2♥, and the 2♦ and 2♠ rank above the A♠. The jokers are the highest spades.</source>
        <translation>双王：大小王换掉 2♣ 和 2♦。双王双二：大小王换掉 2♣ 和 2♥，2♦ 和 2♠ 大于 A♠。大小王是最大的黑桃。</translation>
    </message>
    <message>
        <source>{0} points</source>
        <translation>{0} 分</translation>
    </message>
    <message>
        <source>{0} bags</source>
        <translation>{0} 个沙袋</translation>
    </message>
    <message>
        <source>None</source>
        <comment>no least team bid</comment>
        <translation>无</translation>
    </message>
    <message>
        <source>Standard</source>
        <translation>标准</translation>
    </message>
    <message>
        <source>Suicide</source>
        <translation>自杀</translation>
    </message>
    <message>
        <source>Mirror</source>
        <translation>镜像</translation>
    </message>
    <message>
        <source>Whiz</source>
        <translation>Whiz</translation>
    </message>
    <message>
        <source>Joker-Joker</source>
        <translation>双王</translation>
    </message>
    <message>
        <source>Joker-Joker-Deuce-Deuce</source>
        <translation>双王双二</translation>
    </message>
    <message>
        <source>Nil {0}</source>
        <translation>Nil {0} 分</translation>
    </message>
    <message>
        <source>Bag limit {0}</source>
        <translation>沙袋上限 {0}</translation>
    </message>
    <message>
        <source>Bag penalty {0}</source>
        <translation>沙袋罚分 {0}</translation>
    </message>
    <message>
        <source>Team bid {0}+</source>
        <translation>一方叫墩至少 {0}</translation>
    </message>
    <message>
        <source>Failed Nil counts</source>
        <translation>失败 Nil 计入合约</translation>
    </message>
    <message>
        <source>13 tricks win</source>
        <translation>13 墩获胜</translation>
    </message>
    <message>
        <source>Spades any time</source>
        <translation>随时出黑桃</translation>
    </message>
    <message>
        <source>No effect under {0} bidding.</source>
        <translation>在“{0}”叫墩方式下不起作用。</translation>
    </message>
    <message>
        <source>No effect while the bag penalty is off.</source>
        <translation>沙袋罚分关闭时不起作用。</translation>
    </message>
    <message>
        <source>No effect under the other settings.</source>
        <translation>在其他设置下不起作用。</translation>
    </message>
    <message>
        <source>Short game</source>
        <translation>短局</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
</context>
<context>
    <name>Looks</name>
    <message>
        <source>Green</source>
        <translation>绿色</translation>
    </message>
    <message>
        <source>Blue</source>
        <translation>蓝色</translation>
    </message>
    <message>
        <source>Burgundy</source>
        <translation>酒红色</translation>
    </message>
    <message>
        <source>Grey</source>
        <translation>灰色</translation>
    </message>
    <message>
        <source>Blue lattice</source>
        <translation>蓝色格纹</translation>
    </message>
    <message>
        <source>Red lattice</source>
        <translation>红色格纹</translation>
    </message>
    <message>
        <source>Green lattice</source>
        <translation>绿色格纹</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>Large (125 %)</source>
        <translation>大（125%）</translation>
    </message>
    <message>
        <source>Extra large (150 %)</source>
        <translation>特大（150%）</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Spades Desktop</source>
        <translation>黑桃纸牌</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>游戏(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;New game…</source>
        <translation>新牌局(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Score sheet</source>
        <translation>记分表(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Last trick</source>
        <translation>上一墩(&amp;L)</translation>
    </message>
    <message>
        <source>Hand so &amp;far</source>
        <translation>本手至今(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation>提示(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Claim the rest</source>
        <translation>摊牌拿下余墩(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Recent games…</source>
        <translation>最近牌局(&amp;R)…</translation>
    </message>
    <message>
        <source>S&amp;tatistics…</source>
        <translation>统计(&amp;T)…</translation>
    </message>
    <message>
        <source>S&amp;ettings…</source>
        <translation>设置(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Rules</source>
        <translation>规则(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <source>S&amp;ound</source>
        <translation>声音(&amp;O)</translation>
    </message>
    <message>
        <source>Read your &amp;hand</source>
        <translation>朗读你的手牌(&amp;H)</translation>
    </message>
    <message>
        <source>Read the &amp;table</source>
        <translation>朗读牌桌(&amp;T)</translation>
    </message>
    <message>
        <source>Read the &amp;scores</source>
        <translation>朗读比分(&amp;S)</translation>
    </message>
    <message>
        <source>Read &amp;why a card was refused</source>
        <translation>朗读出牌被拒的原因(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Fair play</source>
        <translation>公平对局(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;About Spades Desktop</source>
        <translation>关于黑桃纸牌(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Read aloud</source>
        <translation>朗读(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;System language</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>Choose the target, the difficulty and the rules of a new game.</source>
        <translation>选择新牌局的目标分、难度和规则。</translation>
    </message>
    <message>
        <source>Every hand&apos;s bids, tricks and points so far, with a chart.</source>
        <translation>至今每一手的叫墩、拿墩和得分，附图表。</translation>
    </message>
    <message>
        <source>Show the last completed trick on the table again.</source>
        <translation>在牌桌上再次显示刚打完的一墩。</translation>
    </message>
    <message>
        <source>The tricks of this hand so far and the cards still out.</source>
        <translation>本手至今的各墩，以及未出的牌。</translation>
    </message>
    <message>
        <source>What the Expert would bid or play here, and why.</source>
        <translation>专家在这里会怎么叫墩或出牌，以及原因。</translation>
    </message>
    <message>
        <source>Take back your last move and the computer players&apos; moves after it.</source>
        <translation>收回你的上一步，以及电脑玩家在那之后的各步。</translation>
    </message>
    <message>
        <source>Claim every remaining trick for your side: granted when the real cards prove it, whatever the opponents play.</source>
        <translation>为你方摊牌拿下剩余的每一墩：按实际的牌核对，无论对手怎么出都成立才准许。</translation>
    </message>
    <message>
        <source>Your finished and abandoned games: review, replay, export or import one.</source>
        <translation>你打完和放弃的牌局：可复盘、重打、导出或导入。</translation>
    </message>
    <message>
        <source>Games won and lost, points, bags, contracts and Nil bids.</source>
        <translation>胜负局数、得分、沙袋、合约和 Nil 叫墩。</translation>
    </message>
    <message>
        <source>Language, animation speed, bid advice, looks and sound.</source>
        <translation>语言、动画速度、叫墩建议、外观和声音。</translation>
    </message>
    <message>
        <source>Close the game; it is saved and resumes at the next start.</source>
        <translation>关闭游戏；牌局会保存，下次启动时接着打。</translation>
    </message>
    <message>
        <source>Show the table on the whole screen (Esc leaves it).</source>
        <translation>全屏显示牌桌（按 Esc 退出）。</translation>
    </message>
    <message>
        <source>Switch the table&apos;s sounds on or off.</source>
        <translation>打开或关闭牌桌的声音。</translation>
    </message>
    <message>
        <source>A screen reader says your cards, suit by suit.</source>
        <translation>屏幕阅读器按花色逐一读出你的手牌。</translation>
    </message>
    <message>
        <source>A screen reader says the cards on the table and whose turn it is.</source>
        <translation>屏幕阅读器读出牌桌上的牌，以及轮到谁。</translation>
    </message>
    <message>
        <source>A screen reader says the scores, each player&apos;s bid and tricks, and the contracts.</source>
        <translation>屏幕阅读器读出比分、每名玩家的叫墩和拿墩，以及合约。</translation>
    </message>
    <message>
        <source>A screen reader says again why your last card or bid was refused.</source>
        <translation>屏幕阅读器再读一遍你上一张牌或上一次叫墩被拒的原因。</translation>
    </message>
    <message>
        <source>How Spades is played and scored here.</source>
        <translation>本游戏中黑桃的打法和计分方法。</translation>
    </message>
    <message>
        <source>Every key of the menus and of the table.</source>
        <translation>菜单和牌桌上的所有按键。</translation>
    </message>
    <message>
        <source>How each deal follows from the game number and what the computer players see.</source>
        <translation>每一副牌如何由局号决定，以及电脑玩家能看到什么。</translation>
    </message>
    <message>
        <source>The version of Spades Desktop, in a short window.</source>
        <translation>在一个小窗口中显示黑桃纸牌的版本。</translation>
    </message>
    <message>
        <source>New game, score sheet, last trick, hint, recent games, statistics, settings, language and quit.</source>
        <translation>新牌局、记分表、上一墩、提示、最近牌局、统计、设置、语言和退出。</translation>
    </message>
    <message>
        <source>Full screen, sound and reading the table aloud.</source>
        <translation>全屏、声音和朗读牌桌。</translation>
    </message>
    <message>
        <source>What a screen reader says on request: your hand, the table, the scores, why a card was refused.</source>
        <translation>让屏幕阅读器按需朗读：你的手牌、牌桌、比分、出牌被拒的原因。</translation>
    </message>
    <message>
        <source>The rules, the keyboard shortcuts and about the game.</source>
        <translation>规则、键盘快捷键和关于本游戏。</translation>
    </message>
    <message>
        <source>The language of the game&apos;s words.</source>
        <translation>游戏文字所用的语言。</translation>
    </message>
    <message>
        <source>Follow the system&apos;s language.</source>
        <translation>跟随系统的语言。</translation>
    </message>
    <message>
        <source>Show the game in {0}.</source>
        <translation>用{0}显示游戏。</translation>
    </message>
    <message>
        <source>Sound on.</source>
        <translation>声音已打开。</translation>
    </message>
    <message>
        <source>Sound off: press M to turn it on again.</source>
        <translation>声音已关闭：按 M 重新打开。</translation>
    </message>
    <message>
        <source>Game #{0} — good luck!</source>
        <translation>局号 {0}——祝你好运！</translation>
    </message>
    <message>
        <source>Taken back: it is your turn again. A game in which Undo is used is a practice game (no ranking points).</source>
        <translation>已撤销：又轮到你了。用过撤销的牌局算作练习局（不得排名积分）。</translation>
    </message>
    <message>
        <source>Hand {0} is over: choose Next hand to deal the next hand.</source>
        <translation>第 {0} 手结束：选择“下一手”即发下一手牌。</translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation>本局已经结束。</translation>
    </message>
    <message>
        <source>The game is over: Game ▸ New game (Ctrl+N) starts another.</source>
        <translation>本局已结束：游戏 ▸ 新牌局（Ctrl+N）开始新的一局。</translation>
    </message>
    <message>
        <source>A hint can be had when it is your turn to bid or play.</source>
        <translation>轮到你叫墩或出牌时才能获得提示。</translation>
    </message>
    <message>
        <source>No hint could be found ({0}).</source>
        <translation>没能找到提示（{0}）。</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>新牌局</translation>
    </message>
    <message>
        <source>Abandon the game in progress and start a new one? It counts as an abandoned game in your statistics.</source>
        <translation>放弃当前牌局并开始新牌局？它会在统计中记为一局放弃的牌局。</translation>
    </message>
    <message>
        <source>Choose Game ▸ New game to start playing.</source>
        <translation>请选择“游戏 ▸ 新牌局”开始游戏。</translation>
    </message>
    <message>
        <source>No trick has been completed in this hand yet.</source>
        <translation>这一手还没有打完任何一墩。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>{0} {1}</source>
        <comment>seat and card</comment>
        <translation>{0} {1}</translation>
    </message>
    <message>
        <source>Last trick: {0} — you won it.</source>
        <translation>上一墩：{0}——你赢得。</translation>
    </message>
    <message>
        <source>Last trick: {0} — won by {1}.</source>
        <translation>上一墩：{0}——{1}赢得。</translation>
    </message>
    <message>
        <source>The statistics could not be reset ({0}).</source>
        <translation>统计无法重置（{0}）。</translation>
    </message>
    <message>
        <source>This game ended before its first hand was played out: there is nothing to review.</source>
        <translation>这局在第一手打完之前就结束了：没有可复盘的内容。</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>复盘</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <source>The saved game could not be read and has been set aside; a new game will start.</source>
        <translation>存档的牌局无法读取，已另存一旁；将开始新的牌局。</translation>
    </message>
    <message>
        <source>Your settings file was unreadable and has been set aside; defaults are in use.</source>
        <translation>设置文件无法读取，已另存一旁；现在使用默认设置。</translation>
    </message>
    <message>
        <source>Your statistics file was unreadable and has been set aside; statistics start from zero.</source>
        <translation>统计文件无法读取，已另存一旁；统计从零开始。</translation>
    </message>
    <message>
        <source>The data folder %1 is not a folder; choose another with --data-dir.</source>
        <translation>数据文件夹 %1 不是文件夹；请用 --data-dir 另选一个。</translation>
    </message>
    <message>
        <source>the file cannot be opened or read.</source>
        <translation>无法打开或读取该文件。</translation>
    </message>
    <message>
        <source>it is far too large to be a game from Spades Desktop.</source>
        <translation>它太大了，不可能是黑桃纸牌的牌局文件。</translation>
    </message>
    <message>
        <source>it is not a game file from Spades Desktop.</source>
        <translation>它不是黑桃纸牌的牌局文件。</translation>
    </message>
    <message>
        <source>it is a game file from Spades Desktop, but it is damaged.</source>
        <translation>它是黑桃纸牌的牌局文件，但已损坏。</translation>
    </message>
    <message>
        <source>it was made by a newer version of Spades Desktop.</source>
        <translation>它由更新版本的黑桃纸牌生成。</translation>
    </message>
    <message>
        <source>its bids and cards do not make a game the rules allow, or do not reach the result it gives.</source>
        <translation>其中的叫墩和出牌不符合规则，或得不出文件所写的结果。</translation>
    </message>
    <message>
        <source>it is dated before 2000 or after tomorrow, and no game of Spades Desktop is.</source>
        <translation>它的日期早于 2000 年或晚于明天，黑桃纸牌的牌局不会有这样的日期。</translation>
    </message>
    <message>
        <source>this game is already in your recent games.</source>
        <translation>这局牌已在你的最近牌局中。</translation>
    </message>
    <message>
        <source>your recent games are full, and this game is older than all of them.</source>
        <translation>最近牌局已满，而这局牌比其中所有牌局都旧。</translation>
    </message>
    <message>
        <source>your recent games are full, and importing this game would remove your oldest one. Remove a game you no longer need, then import again.</source>
        <translation>最近牌局已满，导入这局牌会删除你最旧的一局。请先删除一局不再需要的牌局，再导入。</translation>
    </message>
    <message>
        <source>it could not be written among your recent games. Check that the disk is not full.</source>
        <translation>无法把它写入最近牌局。请检查磁盘是否已满。</translation>
    </message>
    <message>
        <source>The data folder %1 could not be created (%2); choose another with --data-dir.</source>
        <translation>无法创建数据文件夹 %1（%2）；请用 --data-dir 另选一个。</translation>
    </message>
    <message>
        <source>The data folder %1 is read-only; choose another with --data-dir.</source>
        <translation>数据文件夹 %1 是只读的；请用 --data-dir 另选一个。</translation>
    </message>
    <message>
        <source>The data folder %1 does not allow deleting files; choose another with --data-dir.</source>
        <translation>数据文件夹 %1 不允许删除文件；请用 --data-dir 另选一个。</translation>
    </message>
    <message>
        <source>The data folder %1 holds another program&apos;s file %3; it was left as it is. Choose another with --data-dir.</source>
        <translation>数据文件夹 %1 中有其他程序的文件 %3，已原样保留。请用 --data-dir 另选一个。</translation>
    </message>
    <message>
        <source>The disk of the data folder %1 is full; you can play, but nothing will be saved until you free some space and start Spades Desktop again.</source>
        <translation>数据文件夹 %1 所在的磁盘已满；可以继续玩，但在腾出空间并重新启动黑桃纸牌之前，不会保存任何内容。</translation>
    </message>
    <message>
        <source>The saved game was made by a newer version of Spades Desktop; it is kept unchanged as %3 and a new game will start.</source>
        <translation>存档的牌局由更新版本的黑桃纸牌保存；已原样保留为 %3，将开始新的牌局。</translation>
    </message>
    <message>
        <source>Your settings file was made by a newer version of Spades Desktop; it is kept unchanged as %3 and defaults are in use.</source>
        <translation>设置文件由更新版本的黑桃纸牌保存；已原样保留为 %3，现在使用默认设置。</translation>
    </message>
    <message>
        <source>Your statistics file was made by a newer version of Spades Desktop; it is kept unchanged as %3 and statistics start from zero.</source>
        <translation>统计文件由更新版本的黑桃纸牌保存；已原样保留为 %3，统计从零开始。</translation>
    </message>
    <message>
        <source>Spades Desktop is already running with the data folder %1; switch to its window, or, if it is not running, delete the lock file %3 and start again.</source>
        <translation>黑桃纸牌已在运行，正在使用数据文件夹 %1；请切换到它的窗口；如果它并没有在运行，请删除锁文件 %3 后重新启动。</translation>
    </message>
    <message>
        <source>The lock file %3 cannot be used (%2); if Spades Desktop is not running, delete it and start again.</source>
        <translation>无法使用锁文件 %3（%2）；如果黑桃纸牌没有在运行，请删除该文件后重新启动。</translation>
    </message>
    <message>
        <source>A recent game could not be read and has been set aside as %3; it is no longer listed.</source>
        <translation>有一局最近牌局无法读取，已另存一旁为 %3；它不再列出。</translation>
    </message>
    <message>
        <source>%4 could not be imported: %5</source>
        <translation>无法导入 %4：%5</translation>
    </message>
    <message>
        <source>The recent game %3 could not be removed (%2).</source>
        <translation>无法删除最近牌局 %3（%2）。</translation>
    </message>
    <message>
        <source>The game could not be exported to %3 (%2).</source>
        <translation>无法把牌局导出到 %3（%2）。</translation>
    </message>
</context>
<context>
    <name>NewGameDialog</name>
    <message>
        <source>New Game</source>
        <translation>新牌局</translation>
    </message>
    <message>
        <source>Target score</source>
        <translation>目标分</translation>
    </message>
    <message>
        <source>Quick: {points} points</source>
        <translation>快局：{points} 分</translation>
    </message>
    <message>
        <source>Standard: {points} points</source>
        <translation>标准：{points} 分</translation>
    </message>
    <message>
        <source>Custom:</source>
        <translation>自定义：</translation>
    </message>
    <message>
        <source> points</source>
        <comment>suffix of the target score box</comment>
        <translation> 分</translation>
    </message>
    <message>
        <source>Custom target score</source>
        <translation>自定义目标分</translation>
    </message>
    <message>
        <source>Difficulty</source>
        <translation>难度</translation>
    </message>
    <message>
        <source>Plays the obvious card, never bids Nil.</source>
        <translation>出最顺手的牌，从不叫 Nil。</translation>
    </message>
    <message>
        <source>Counts its sure tricks, ducks bags.</source>
        <translation>数清稳赢的墩，避免吃沙袋。</translation>
    </message>
    <message>
        <source>Simulates the hidden hands before each card.</source>
        <translation>每出一张牌前先模拟看不见的各家手牌。</translation>
    </message>
    <message>
        <source>Searches four times deeper; usually thinks under a second.</source>
        <translation>搜索深度是专家的四倍；每步通常一秒内想好。</translation>
    </message>
    <message>
        <source>All three computer players play at this level.</source>
        <translation>三名电脑玩家都按这个难度打。</translation>
    </message>
    <message>
        <source>Game number</source>
        <translation>局号</translation>
    </message>
    <message>
        <source>The same game number deals the same cards, so a game can be replayed.</source>
        <translation>相同的局号发出相同的牌，所以一局牌可以重打。</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>Number:</source>
        <translation>局号：</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Game</source>
        <comment>tab of the New Game dialog</comment>
        <translation>牌局</translation>
    </message>
    <message>
        <source>Rules</source>
        <comment>tab of the New Game dialog</comment>
        <translation>规则</translation>
    </message>
    <message>
        <source>House rules</source>
        <translation>家规</translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <source>{0}:</source>
        <translation>{0}：</translation>
    </message>
    <message>
        <source>The game ends when a team reaches {0} points.</source>
        <translation>有一队达到 {0} 分时牌局结束。</translation>
    </message>
    <message>
        <source>Play to a target of your own, typed in the box beside it.</source>
        <translation>在旁边的框中输入你自己定的目标分。</translation>
    </message>
    <message>
        <source>The target score, in steps of {0} points.</source>
        <translation>目标分，以 {0} 分为一档。</translation>
    </message>
    <message>
        <source>Deal a game chosen at random.</source>
        <translation>随机选一局发牌。</translation>
    </message>
    <message>
        <source>Deal the game of the number typed beside it.</source>
        <translation>按旁边输入的局号发牌。</translation>
    </message>
    <message>
        <source>A team at or below this score loses the game at once.</source>
        <translation>一队的分数跌到这个分数或更低时，立即输掉牌局。</translation>
    </message>
    <message>
        <source>Overtricks (bags) add up; each time a team&apos;s bags reach the limit it loses the points.</source>
        <translation>超出合约的墩（沙袋）会累计；一队的沙袋每达到上限一次，就扣一次这些分。</translation>
    </message>
    <message>
        <source>A team far behind may bid Nil before looking at its cards, for more points won or lost.</source>
        <translation>落后很多的一队可以不看牌先叫 Nil，得失的分数更多。</translation>
    </message>
    <message>
        <source>House rules preset</source>
        <translation>家规预设</translation>
    </message>
    <message>
        <source>A set of house rules at once; changing one rule below shows Custom.</source>
        <translation>一次选定一整套家规；改动下面任何一条规则即显示为“自定义”。</translation>
    </message>
    <message>
        <source>Start the new game with these settings.</source>
        <translation>按这些设置开始新牌局。</translation>
    </message>
    <message>
        <source>Bag penalty: lose {0} points for every {1} bags</source>
        <translation>沙袋罚分：每满 {1} 个沙袋扣 {0} 分</translation>
    </message>
    <message>
        <source>Allow Blind Nil (±{0}) for a team trailing by {1} or more</source>
        <translation>允许落后 {1} 分或以上的一队叫盲 Nil（±{0}）</translation>
    </message>
    <message>
        <source>Targets go in steps of {0} points: {1} was rounded to {2}. Choose Start game again to play to {2}.</source>
        <translation>目标分以 {0} 分为一档：{1} 已调整为 {2}。再次选择“开始牌局”即以 {2} 分为目标开局。</translation>
    </message>
    <message>
        <source>End the game when a team falls to {floor} points or below</source>
        <translation>有一队跌到 {floor} 分或更低时结束牌局</translation>
    </message>
    <message>
        <source>Game settings apply from the next new game.</source>
        <translation>牌局设置从下一局新牌局起生效。</translation>
    </message>
    <message>
        <source>Start game</source>
        <translation>开始牌局</translation>
    </message>
</context>
<context>
    <name>RecentGamesDialog</name>
    <message>
        <source>Won</source>
        <translation>胜</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>负</translation>
    </message>
    <message>
        <source>Drawn</source>
        <translation>平</translation>
    </message>
    <message>
        <source>Abandoned</source>
        <translation>放弃</translation>
    </message>
    <message>
        <source>Recent games</source>
        <translation>最近牌局</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>比分</translation>
    </message>
    <message>
        <source>Difficulty</source>
        <translation>难度</translation>
    </message>
    <message>
        <source>Game number</source>
        <translation>局号</translation>
    </message>
    <message>
        <source>Rules</source>
        <comment>the house rules&apos; preset of a game</comment>
        <translation>规则</translation>
    </message>
    <message>
        <source>Re&amp;move…</source>
        <translation>删除(&amp;M)…</translation>
    </message>
    <message>
        <source>One row per finished or abandoned game: its date, result, score, difficulty, game number and rules.</source>
        <translation>每局打完或放弃的牌局占一行：日期、结果、比分、难度、局号和规则。</translation>
    </message>
    <message>
        <source>Replay the selected game hand by hand with the coach&apos;s comments.</source>
        <translation>逐手重放选中的牌局，附教练点评。</translation>
    </message>
    <message>
        <source>Start a new game with the same rules and game number, so the same deals.</source>
        <translation>用相同的规则和局号开始新牌局，因此发牌也相同。</translation>
    </message>
    <message>
        <source>Save the selected game to a file.</source>
        <translation>把选中的牌局保存到文件。</translation>
    </message>
    <message>
        <source>Add a game from a file exported before.</source>
        <translation>从以前导出的文件中添加一局牌。</translation>
    </message>
    <message>
        <source>Delete the selected game from the list, after a question.</source>
        <translation>确认后从列表中删除选中的牌局。</translation>
    </message>
    <message>
        <source>Reading the recent games…</source>
        <translation>正在读取最近牌局…</translation>
    </message>
    <message>
        <source>No finished or abandoned game yet.</source>
        <translation>还没有打完或放弃的牌局。</translation>
    </message>
    <message>
        <source>{0} (practice)</source>
        <comment>a practice game&apos;s result</comment>
        <translation>{0}（练习）</translation>
    </message>
    <message>
        <source>A practice game: Undo was used in it, so it is counted apart in the statistics and earned no ranking points.</source>
        <translation>练习局：其中使用过撤销，因此在统计中单独计算，也没有获得排名积分。</translation>
    </message>
    <message>
        <source>House rules: {0}</source>
        <translation>家规：{0}</translation>
    </message>
    <message>
        <source>It is your game of {0} against {1} opponents ({2}, {3}).</source>
        <translation>这是你在 {0} 对{1}对手的那局牌（{2}，{3}）。</translation>
    </message>
    <message>
        <source>&amp;Review</source>
        <translation>回顾(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Play this deal again</source>
        <translation>再打一次这副牌(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <source>N–S {0} / E–W {1}</source>
        <translation>南北 {0} / 东西 {1}</translation>
    </message>
    <message>
        <source>Game #{0} was exported to {1}.</source>
        <translation>第 {0} 局已导出到 {1}。</translation>
    </message>
    <message>
        <source>Game #{0} was imported.</source>
        <translation>第 {0} 局已导入。</translation>
    </message>
    <message>
        <source>Remove game #{0} of {1} from your recent games? This cannot be undone.</source>
        <translation>要从最近牌局中删除 {1} 的第 {0} 局吗？此操作无法撤销。</translation>
    </message>
    <message>
        <source>Remove game</source>
        <translation>删除牌局</translation>
    </message>
    <message>
        <source>Export game</source>
        <translation>导出牌局</translation>
    </message>
    <message>
        <source>Spades Desktop games (*.json)</source>
        <translation>黑桃纸牌牌局 (*.json)</translation>
    </message>
    <message>
        <source>Import game</source>
        <translation>导入牌局</translation>
    </message>
    <message>
        <source>Spades Desktop games (*.json);;All files (*)</source>
        <translation>黑桃纸牌牌局 (*.json);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>Review</name>
    <message>
        <source>Bid {0} · won {1}</source>
        <translation>叫 {0} · 拿 {1}</translation>
    </message>
    <message>
        <source>{0} (dealer)</source>
        <translation>{0}（庄家）</translation>
    </message>
</context>
<context>
    <name>ReviewWindow</name>
    <message>
        <source>Hand {0} — review</source>
        <translation>第 {0} 手——复盘</translation>
    </message>
    <message>
        <source>‹ Previous hand</source>
        <translation>‹ 上一手</translation>
    </message>
    <message>
        <source>Next hand ›</source>
        <translation>下一手 ›</translation>
    </message>
    <message>
        <source>The hand before this one (Page Up)</source>
        <translation>这一手之前的一手（Page Up）</translation>
    </message>
    <message>
        <source>The next hand of the game (Page Down)</source>
        <translation>本局的下一手（Page Down）</translation>
    </message>
    <message>
        <source>« Bidding</source>
        <translation>« 叫墩</translation>
    </message>
    <message>
        <source>◀ Back</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Forward ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>Last »</source>
        <translation>最后 »</translation>
    </message>
    <message>
        <source>The deal and the bidding (Home)</source>
        <translation>发牌和叫墩（Home）</translation>
    </message>
    <message>
        <source>The trick before (Left arrow)</source>
        <translation>上一墩（左方向键）</translation>
    </message>
    <message>
        <source>The next trick (Right arrow)</source>
        <translation>下一墩（右方向键）</translation>
    </message>
    <message>
        <source>The last trick (End)</source>
        <translation>最后一墩（End）</translation>
    </message>
    <message>
        <source>Analysing… %p%</source>
        <translation>分析中… %p%</translation>
    </message>
    <message>
        <source>won the trick</source>
        <comment>legend of the review&apos;s gold outline</comment>
        <translation>赢得这一墩</translation>
    </message>
    <message>
        <source>the coach&apos;s best card</source>
        <comment>legend of the review&apos;s blue outline</comment>
        <translation>教练推荐的最佳牌</translation>
    </message>
    <message>
        <source>The deal and the bidding</source>
        <translation>发牌和叫墩</translation>
    </message>
    <message>
        <source>Trick {0} of {1}: {2} led, {3} won it.</source>
        <translation>第 {0} 墩（共 {1} 墩）：{2}首攻，{3}赢得这墩。</translation>
    </message>
    <message>
        <source>Decisions reviewed: {0} · mistakes: {1} · points lost: {2}</source>
        <translation>复盘的决定：{0} · 失误：{1} · 损失分数：{2}</translation>
    </message>
    <message>
        <source>The analysis failed: {0}</source>
        <translation>分析失败：{0}</translation>
    </message>
    <message>
        <source>The coach is analysing your decisions…</source>
        <translation>教练正在分析你的决定…</translation>
    </message>
    <message>
        <source>The analysis was stopped.</source>
        <translation>分析已停止。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>{0} {1}</source>
        <comment>seat and bid</comment>
        <translation>{0} {1}</translation>
    </message>
    <message>
        <source>Bidding (dealer: {0}): {1}</source>
        <translation>叫墩（庄家：{0}）：{1}</translation>
    </message>
    <message>
        <source>Your bid: no real choice to review.</source>
        <translation>你的叫墩：没有可复盘的选择。</translation>
    </message>
    <message>
        <source>Your card: no real choice to review.</source>
        <translation>你的出牌：没有可复盘的选择。</translation>
    </message>
    <message numerus="yes">
        <source>%n point(s)</source>
        <translation>
            <numerusform>%n 分</numerusform>
        </translation>
    </message>
    <message>
        <source>✗ Mistake: you chose {0}; best: {1} — cost {2}; {3}.</source>
        <translation>✗ 失误：你选了 {0}；最佳：{1}——损失 {2}；{3}。</translation>
    </message>
    <message>
        <source>✓ You chose {0}: the best choice (cost 0).</source>
        <translation>✓ 你选了 {0}：最佳选择（损失 0）。</translation>
    </message>
    <message>
        <source>✓ You chose {0}; {1} was about as good: the difference is within the coach&apos;s margin of error.</source>
        <translation>✓ 你选了 {0}；{1} 差不多一样好：差别在教练的误差范围之内。</translation>
    </message>
    <message>
        <source>{0}
Expected points this hand, your team&apos;s score minus the other team&apos;s: {1}</source>
        <translation>{0}
本手期望得分（本方得分减对方得分）：{1}</translation>
    </message>
    <message numerus="yes">
        <source>Exact analysis with all cards known: from %n tricks left.</source>
        <translation>
            <numerusform>明牌精确分析：从剩下 %n 墩时开始给出。</numerusform>
        </translation>
    </message>
    <message>
        <source>Exact analysis with all cards known: too long for this trick.</source>
        <translation>明牌精确分析：这墩计算量太大，未给出。</translation>
    </message>
    <message numerus="yes">
        <source>With all cards known, counting tricks only: North–South take %n trick(s) from here, this one included; most tricks with: {0}.</source>
        <translation>
            <numerusform>明牌时只计墩数：南北方从这里起（含本墩）拿 %n 墩；拿墩最多的出牌：{0}。</numerusform>
        </translation>
    </message>
    <message>
        <source>Your {0} is one of them: its cost is in points (bags, Nil, contracts), on the deals that fit what you saw.</source>
        <translation>你的 {0} 是其中之一：它的代价在分数上（沙袋、Nil、合约），按符合你所见信息的各种牌型计算。</translation>
    </message>
    <message>
        <source>Your {0} is one of them.</source>
        <translation>你的 {0} 是其中之一。</translation>
    </message>
    <message>
        <source>Your {0} takes fewer.</source>
        <translation>你的 {0} 拿墩更少。</translation>
    </message>
    <message>
        <source>Your {0} takes fewer, yet scores as well in points (bags, Nil, contracts) on the deals that fit what you saw.</source>
        <translation>你的 {0} 拿墩更少，但按符合你所见信息的各种牌型计算，得分（沙袋、Nil、合约）一样好。</translation>
    </message>
    <message>
        <source>{0} {1}</source>
        <comment>the double-dummy count, then what it says of your card</comment>
        <translation>{0}{1}</translation>
    </message>
</context>
<context>
    <name>RulesDialog</name>
    <message>
        <source>Rules of Spades</source>
        <translation>黑桃规则</translation>
    </message>
    <message>
        <source>How Spades is played and scored here, section by section.</source>
        <translation>按章节说明本游戏中黑桃的打法和计分方法。</translation>
    </message>
    <message>
        <source>House rules in this game: {0}.</source>
        <translation>本局家规：{0}。</translation>
    </message>
    <message>
        <source>This game follows the standard rules.</source>
        <translation>本局采用标准规则。</translation>
    </message>
</context>
<context>
    <name>ScoreChart</name>
    <message>
        <source>Running totals by hand</source>
        <translation>每手的累计分</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>手</translation>
    </message>
    <message>
        <source>Target {0}</source>
        <translation>目标分 {0}</translation>
    </message>
    <message>
        <source>Floor {0}</source>
        <translation>下限 {0}</translation>
    </message>
</context>
<context>
    <name>ScoreSheetDialog</name>
    <message>
        <source>&amp;Review hand…</source>
        <translation>复盘这一手(&amp;R)…</translation>
    </message>
    <message>
        <source>Replay the selected hand (or the last one) trick by trick with the coach&apos;s comments</source>
        <translation>逐墩重放选中的一手（或最后一手），附教练点评</translation>
    </message>
    <message>
        <source>Score Sheet</source>
        <translation>记分表</translation>
    </message>
</context>
<context>
    <name>ScoreSheetWidget</name>
    <message>
        <source>No hand has been scored yet.</source>
        <translation>还没有结算过任何一手。</translation>
    </message>
    <message>
        <source>Bags</source>
        <translation>沙袋</translation>
    </message>
    <message>
        <source>Bid</source>
        <translation>叫墩</translation>
    </message>
    <message>
        <source>Score sheet</source>
        <translation>记分表</translation>
    </message>
    <message>
        <source>One row per hand: each team&apos;s bids, tricks, points, bags and running total.</source>
        <translation>每手一行：每队的叫墩、拿墩、得分、沙袋和累计。</translation>
    </message>
    <message>
        <source>Tricks</source>
        <translation>拿墩</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总分</translation>
    </message>
    <message>
        <source>You · North</source>
        <comment>the order of the two numbers in a cell</comment>
        <translation>你 · 北家</translation>
    </message>
    <message>
        <source>West · East</source>
        <comment>the order of the two numbers in a cell</comment>
        <translation>西家 · 东家</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>手</translation>
    </message>
    <message>
        <source>{team}: {first}, then {second}</source>
        <translation>{team}：先 {first}，后 {second}</translation>
    </message>
    <message>
        <source>Hand {number}</source>
        <translation>第 {number} 手</translation>
    </message>
    <message>
        <source>{team}: contract {contract} · bags {bags} · Nil {nil} · bag penalty {penalty} = {total}</source>
        <translation>{team}：合约 {contract} · 沙袋 {bags} · Nil {nil} · 沙袋罚分 {penalty} = {total}</translation>
    </message>
    <message numerus="yes">
        <source>{seat}: bid {bid}, won %n trick(s)</source>
        <translation>
            <numerusform>{seat}：叫 {bid}，拿 %n 墩</numerusform>
        </translation>
    </message>
    <message>
        <source>The bag penalty was applied in this hand.</source>
        <translation>这一手扣了沙袋罚分。</translation>
    </message>
    <message>
        <source>Contract made ({0})</source>
        <comment>{0}: the name of the house rule that made it worth more</comment>
        <translation>完成合约（{0}）</translation>
    </message>
    <message>
        <source>Contract made</source>
        <translation>合约完成</translation>
    </message>
    <message>
        <source>Contract set</source>
        <translation>合约失败</translation>
    </message>
    <message>
        <source>No contract: both partners bid Nil</source>
        <translation>没有合约：两名搭档都叫了 Nil</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Animations</source>
        <translation>动画</translation>
    </message>
    <message>
        <source>Animation speed</source>
        <translation>动画速度</translation>
    </message>
    <message>
        <source>Instant</source>
        <translation>瞬间</translation>
    </message>
    <message>
        <source>Slow</source>
        <translation>慢</translation>
    </message>
    <message>
        <source>Animation speed:</source>
        <translation>动画速度：</translation>
    </message>
    <message>
        <source>Bidding</source>
        <translation>叫墩</translation>
    </message>
    <message>
        <source>Show bid advice</source>
        <translation>显示叫墩建议</translation>
    </message>
    <message>
        <source>Marks a recommended bid in the bid panel, with a one-line reason.</source>
        <translation>在叫墩面板上标出推荐的叫墩，并附一行理由。</translation>
    </message>
    <message>
        <source>Playing</source>
        <translation>出牌</translation>
    </message>
    <message>
        <source>Play a card with one click</source>
        <translation>单击即出牌</translation>
    </message>
    <message>
        <source>Off: a first click raises, a second plays.</source>
        <translation>关闭时：第一次单击抬起，第二次单击出牌。</translation>
    </message>
    <message>
        <source>Play forced cards for me</source>
        <translation>只有一张可出时自动出牌</translation>
    </message>
    <message>
        <source>When you have only one card you may play, it is played after a short pause.</source>
        <translation>当你只有一张牌可以出时，稍等片刻后自动打出。</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>牌桌</translation>
    </message>
    <message>
        <source>&amp;Felt colour:</source>
        <translation>台面颜色(&amp;F)：</translation>
    </message>
    <message>
        <source>Card &amp;back:</source>
        <translation>牌背(&amp;B)：</translation>
    </message>
    <message>
        <source>Card &amp;size:</source>
        <translation>牌的大小(&amp;S)：</translation>
    </message>
    <message>
        <source>Four-colour deck (♦ blue, ♣ green)</source>
        <translation>四色牌（♦ 蓝色，♣ 绿色）</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>高对比度</translation>
    </message>
    <message>
        <source>Sound</source>
        <translation>声音</translation>
    </message>
    <message>
        <source>Play sounds</source>
        <translation>播放声音</translation>
    </message>
    <message>
        <source>&amp;Volume:</source>
        <translation>音量(&amp;V)：</translation>
    </message>
    <message>
        <source>Volume</source>
        <translation>音量</translation>
    </message>
    <message>
        <source>Short sounds for the deal, the cards, the bids, your turn and the results. M switches them off and on.</source>
        <translation>发牌、出牌、叫墩、轮到你和结果时的简短音效。按 M 关闭或打开。</translation>
    </message>
    <message>
        <source>These settings apply at once.</source>
        <translation>这些设置立即生效。</translation>
    </message>
    <message>
        <source>The language of the game&apos;s words; it changes at once.</source>
        <translation>游戏文字所用的语言；立即生效。</translation>
    </message>
    <message>
        <source>How fast the cards and bids move, from instant to slow.</source>
        <translation>牌和叫墩移动的快慢，从瞬间到慢。</translation>
    </message>
    <message>
        <source>Felt colour</source>
        <translation>台面颜色</translation>
    </message>
    <message>
        <source>The colour of the table.</source>
        <translation>牌桌的颜色。</translation>
    </message>
    <message>
        <source>Card back</source>
        <translation>牌背</translation>
    </message>
    <message>
        <source>The picture on the backs of the cards.</source>
        <translation>牌背面的图案。</translation>
    </message>
    <message>
        <source>Card size</source>
        <translation>牌的大小</translation>
    </message>
    <message>
        <source>How large the cards are drawn; a small window draws them smaller.</source>
        <translation>牌画得多大；窗口较小时会画得更小。</translation>
    </message>
    <message>
        <source>Diamonds in blue and clubs in green, so that no two suits share a colour.</source>
        <translation>方块用蓝色、梅花用绿色，四种花色颜色各不相同。</translation>
    </message>
    <message>
        <source>A black table with white text and bright marks.</source>
        <translation>黑色牌桌，白色文字，醒目的标记。</translation>
    </message>
    <message>
        <source>How loud the sounds are, from silent to full.</source>
        <translation>声音的大小，从静音到最大。</translation>
    </message>
    <message>
        <source>{0} %</source>
        <translation>{0}%</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>{factor}× normal time</source>
        <translation>正常时长的 {factor} 倍</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <source>0–9, 1 then 0–3</source>
        <translation>0–9，1 再按 0–3</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>Bid panel: choose Nil</source>
        <translation>叫墩面板：选择 Nil</translation>
    </message>
    <message>
        <source>Arrow keys</source>
        <translation>方向键</translation>
    </message>
    <message>
        <source>Bid panel: move between the bids</source>
        <translation>叫墩面板：在各叫墩之间移动</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>Tab, Left, Right</source>
        <translation>Tab、左、右</translation>
    </message>
    <message>
        <source>Blind Nil offer: move between Bid Blind Nil and Show my cards</source>
        <translation>盲 Nil 提问：在“叫盲 Nil”和“看我的牌”之间移动</translation>
    </message>
    <message>
        <source>Blind Nil offer: press the chosen button (Show my cards first)</source>
        <translation>盲 Nil 提问：按下选中的按钮（默认是“看我的牌”）</translation>
    </message>
    <message>
        <source>Bid panel: choose a bid of 0–9, or 10–13 (type the two digits of 10–13 within a second)</source>
        <translation>叫墩面板：选择 0–9 墩，或 10–13 墩（10–13 的两位数字须在一秒内输入）</translation>
    </message>
    <message>
        <source>Bid panel: make the chosen bid</source>
        <translation>叫墩面板：叫出所选的墩数</translation>
    </message>
    <message>
        <source>Left, Right</source>
        <translation>左、右方向键</translation>
    </message>
    <message>
        <source>Raise the previous or next card you may play</source>
        <translation>抬起前一张或后一张可出的牌</translation>
    </message>
    <message>
        <source>A rank, then a suit</source>
        <translation>先点数，再花色</translation>
    </message>
    <message>
        <source>Raise that card, e.g. Q then H for the queen of hearts (T for 10); Enter plays it</source>
        <translation>抬起那张牌，例如先 Q 再 H 表示红心 Q（T 表示 10）；按回车键打出</translation>
    </message>
    <message>
        <source>J, then B or L</source>
        <translation>先 J，再 B 或 L</translation>
    </message>
    <message>
        <source>Raise the Big Joker (B) or the Little Joker (L)</source>
        <translation>抬起大王（B）或小王（L）</translation>
    </message>
    <message>
        <source>Show the last trick (any key or click takes it away)</source>
        <translation>显示上一墩（按任意键或单击即收起）</translation>
    </message>
    <message>
        <source>Enter, Space</source>
        <translation>Enter、空格</translation>
    </message>
    <message>
        <source>Play the raised card</source>
        <translation>打出抬起的牌</translation>
    </message>
    <message>
        <source>H</source>
        <translation>H</translation>
    </message>
    <message>
        <source>Hint: what the Expert would bid or play</source>
        <translation>提示：专家会怎么叫墩或出牌</translation>
    </message>
    <message>
        <source>C</source>
        <translation>C</translation>
    </message>
    <message>
        <source>Claim the rest: every trick left for your side</source>
        <translation>摊牌：剩余的每一墩都归你方</translation>
    </message>
    <message>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <source>Ctrl+H, Esc</source>
        <translation>Ctrl+H、Esc</translation>
    </message>
    <message>
        <source>Hand so far: Ctrl+H goes between it and the table (it stays open and follows the hand), Esc closes it</source>
        <translation>本手至今：Ctrl+H 在它与牌桌之间切换（它保持打开并跟随本手），Esc 关闭它</translation>
    </message>
    <message>
        <source>End-of-hand summary: press the chosen button (Next hand first)</source>
        <translation>本手小结：按下选中的按钮（默认是“下一手”）</translation>
    </message>
    <message>
        <source>End-of-hand summary: move between Next hand, Score sheet and Review hand</source>
        <translation>本手小结：在“下一手”“记分表”“复盘这一手”之间移动</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Leave full screen</source>
        <translation>退出全屏</translation>
    </message>
    <message>
        <source>Bidding</source>
        <translation>叫墩</translation>
    </message>
    <message>
        <source>Playing</source>
        <translation>出牌</translation>
    </message>
    <message>
        <source>After a hand and in full screen</source>
        <translation>一手结束后与全屏</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>The keys of the menus, then the keys of the table, in groups.</source>
        <translation>先列菜单的按键，再分组列出牌桌上的按键。</translation>
    </message>
    <message>
        <source>Menus</source>
        <translation>菜单</translation>
    </message>
    <message>
        <source>On the table</source>
        <translation>牌桌上</translation>
    </message>
</context>
<context>
    <name>Speech</name>
    <message>
        <source>{0}: {1}</source>
        <translation>{0}：{1}</translation>
    </message>
    <message>
        <source>Card table</source>
        <translation>牌桌</translation>
    </message>
    <message>
        <source>{0} button</source>
        <translation>“{0}”按钮</translation>
    </message>
    <message>
        <source>End of the hand: Enter presses it; Tab or the arrows choose another button.</source>
        <translation>本手结束：按 Enter 按下它；按 Tab 或方向键选择其他按钮。</translation>
    </message>
    <message>
        <source>Your cards are face down.</source>
        <translation>你的牌扣着。</translation>
    </message>
    <message>
        <source>Your hand: {0}</source>
        <translation>你的手牌：{0}</translation>
    </message>
    <message>
        <source>Your cards are face down: decide on Blind Nil first.</source>
        <translation>你的牌扣着：请先决定是否叫盲 Nil。</translation>
    </message>
    <message>
        <source>No card or bid has been refused.</source>
        <translation>没有出牌或叫墩被拒。</translation>
    </message>
    <message>
        <source>No game yet.</source>
        <translation>还没有牌局。</translation>
    </message>
    <message>
        <source>You bid {0}.</source>
        <translation>你叫 {0}。</translation>
    </message>
    <message>
        <source>ace</source>
        <translation>A</translation>
    </message>
    <message>
        <source>king</source>
        <translation>K</translation>
    </message>
    <message>
        <source>queen</source>
        <translation>Q</translation>
    </message>
    <message>
        <source>jack</source>
        <translation>J</translation>
    </message>
    <message>
        <source>{0} of {1}</source>
        <comment>rank of suit</comment>
        <translation>{1} {0}</translation>
    </message>
    <message>
        <source>{0} (trump)</source>
        <comment>a card printed with another suit that plays as a spade</comment>
        <translation>{0}（将牌）</translation>
    </message>
    <message>
        <source>You play the {0}.</source>
        <translation>你出{0}。</translation>
    </message>
    <message>
        <source>{0} plays the {1}.</source>
        <translation>{0}出{1}。</translation>
    </message>
    <message>
        <source>You hold no cards.</source>
        <translation>你手里没有牌。</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the cards of a list</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>{0}: {1}.</source>
        <translation>{0}：{1}。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>; </source>
        <comment>between the cards on the table</comment>
        <translation>；</translation>
    </message>
    <message>
        <source>On the table: {0}.</source>
        <translation>牌桌上：{0}。</translation>
    </message>
    <message>
        <source>{0}, {1}</source>
        <comment>seat, card</comment>
        <translation>{0}出的{1}</translation>
    </message>
    <message>
        <source>No card on the table.</source>
        <translation>牌桌上没有牌。</translation>
    </message>
    <message>
        <source>You lead.</source>
        <translation>由你首攻。</translation>
    </message>
    <message>
        <source>Your turn.</source>
        <translation>轮到你。</translation>
    </message>
    <message>
        <source>{0} leads.</source>
        <translation>由{0}首攻。</translation>
    </message>
    <message>
        <source>{0} to play.</source>
        <translation>轮到{0}出牌。</translation>
    </message>
    <message>
        <source>{0}: contract {1}, {2} taken.</source>
        <translation>{0}：合约 {1} 墩，已拿 {2} 墩。</translation>
    </message>
    <message>
        <source>{0}: no contract.</source>
        <translation>{0}：没有合约。</translation>
    </message>
    <message>
        <source>Hand {0} is over.</source>
        <translation>第 {0} 手结束。</translation>
    </message>
    <message>
        <source>{0}: {1}; {2}.</source>
        <translation>{0}：{1}；{2}。</translation>
    </message>
    <message>
        <source>Your turn: one card may be played; the Right arrow raises it.</source>
        <translation>轮到你：只有一张牌可以出；按右方向键抬起它。</translation>
    </message>
    <message>
        <source>Your turn: {0} cards may be played; the arrow keys choose one.</source>
        <translation>轮到你：有 {0} 张牌可以出；用方向键选择一张。</translation>
    </message>
</context>
<context>
    <name>StatisticsDialog</name>
    <message>
        <source>{0}%</source>
        <translation>{0}%</translation>
    </message>
    <message>
        <source>Games played</source>
        <translation>已玩局数</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>胜</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>负</translation>
    </message>
    <message>
        <source>Drawn</source>
        <translation>平</translation>
    </message>
    <message>
        <source>Abandoned</source>
        <translation>放弃</translation>
    </message>
    <message>
        <source>Win rate</source>
        <translation>胜率</translation>
    </message>
    <message>
        <source>Ranking points</source>
        <translation>排名积分</translation>
    </message>
    <message>
        <source>Current winning streak</source>
        <translation>当前连胜</translation>
    </message>
    <message>
        <source>Best winning streak</source>
        <translation>最长连胜</translation>
    </message>
    <message>
        <source>won by {0}</source>
        <translation>赢 {0} 分</translation>
    </message>
    <message>
        <source>lost by {0}</source>
        <translation>输 {0} 分</translation>
    </message>
    <message>
        <source>drawn</source>
        <comment>the best game&apos;s result</comment>
        <translation>平局</translation>
    </message>
    <message>
        <source>Best result</source>
        <translation>最佳战绩</translation>
    </message>
    <message>
        <source>Points per hand (your team)</source>
        <translation>每手平均得分（我方）</translation>
    </message>
    <message>
        <source>Bags per hand (your team)</source>
        <translation>每手平均沙袋（我方）</translation>
    </message>
    <message>
        <source>Contracts made</source>
        <translation>合约完成</translation>
    </message>
    <message>
        <source>Contracts set</source>
        <translation>合约失败</translation>
    </message>
    <message>
        <source>Nil bids</source>
        <translation>叫 Nil 次数</translation>
    </message>
    <message>
        <source>Nil bids made</source>
        <translation>Nil 成功次数</translation>
    </message>
    <message>
        <source>Blind Nil bids</source>
        <translation>叫盲 Nil 次数</translation>
    </message>
    <message>
        <source>Blind Nil bids made</source>
        <translation>盲 Nil 成功次数</translation>
    </message>
    <message>
        <source>Hints used</source>
        <translation>使用提示次数</translation>
    </message>
    <message>
        <source>, </source>
        <comment>separator between the levels&apos; ranking points</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>%1 +%2</source>
        <comment>a level&apos;s name and its ranking points for a won game</comment>
        <translation>%1 +%2</translation>
    </message>
    <message>
        <source>A won game earns its level&apos;s ranking points: %1. Lost, drawn and abandoned games earn none.</source>
        <translation>每赢一局，按所选难度获得排名积分：%1。输局、平局和放弃的对局不得分。</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>统计</translation>
    </message>
    <message>
        <source>One column per difficulty level, practice and the total; one row per figure: games played, won and lost, points, bags, contracts and Nil bids.</source>
        <translation>每个难度、练习局和合计各占一列；每项数据占一行：已玩、胜、负局数，得分，沙袋，合约和 Nil 叫墩。</translation>
    </message>
    <message>
        <source>Games per house rules</source>
        <translation>各套家规的局数</translation>
    </message>
    <message>
        <source>Set every count back to zero, after a question.</source>
        <translation>确认后把所有计数清零。</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Practice</source>
        <translation>练习</translation>
    </message>
    <message>
        <source>Practice games: games in which Undo was used, at every level. They are counted here only, not in the levels or the total, and earn no ranking points.</source>
        <translation>练习局：各难度下使用过撤销的牌局。它们只计入这一列，不计入各难度或合计，也不得排名积分。</translation>
    </message>
    <message>
        <source>Your team is you (South) and your partner (North). Abandoned games count as played, not won. Per-hand figures cover the games counted since this version; — means nothing is known yet.</source>
        <translation>我方是你（南家）和你的搭档（北家）。放弃的牌局计入已玩局数，不算胜局。每手数据只统计本版本以来的牌局；“—”表示尚无数据。</translation>
    </message>
    <message>
        <source>Games per set of house rules (the preset chosen on the New Game dialog&apos;s Rules tab), at every level; practice games are not in them.</source>
        <translation>各难度下按每套家规（在“新牌局”对话框“规则”标签页中选择的预设）统计的局数；不含练习局。</translation>
    </message>
    <message>
        <source>&amp;Reset…</source>
        <translation>重置(&amp;R)…</translation>
    </message>
    <message>
        <source>Reset statistics</source>
        <translation>重置统计</translation>
    </message>
    <message>
        <source>Reset all statistics to zero, for every difficulty? This cannot be undone.</source>
        <translation>将所有难度的统计全部清零？此操作无法撤销。</translation>
    </message>
</context>
<context>
    <name>Table</name>
    <message numerus="yes">
        <source>{0}: {1}  (%n bag(s))</source>
        <comment>team: score (bags)</comment>
        <translation>
            <numerusform>{0}：{1}（%n 个沙袋）</numerusform>
        </translation>
    </message>
    <message>
        <source>Your team trails by {0} points or more.
Bid Blind Nil (±{1}) before looking at your cards?</source>
        <translation>本队落后 {0} 分或以上。
要在看牌之前叫盲 Nil（±{1}）吗？</translation>
    </message>
    <message>
        <source>Bid Blind Nil</source>
        <translation>叫盲 Nil</translation>
    </message>
    <message>
        <source>Show my cards</source>
        <translation>看我的牌</translation>
    </message>
    <message>
        <source>Bid Nil without looking at your cards: {0} points won if you take no trick, lost if you take any.</source>
        <translation>不看牌就叫 Nil：一墩不拿赢 {0} 分，拿到任何一墩就输这么多分。</translation>
    </message>
    <message>
        <source>Turn your cards face up, then bid as usual.</source>
        <translation>翻开你的牌，然后照常叫墩。</translation>
    </message>
    <message>
        <source>{0} is bidding…</source>
        <translation>{0}正在叫墩…</translation>
    </message>
    <message>
        <source>{0} is playing…</source>
        <translation>{0}正在出牌…</translation>
    </message>
    <message>
        <source>Your turn: bid Blind Nil, or look at your cards first.</source>
        <translation>轮到你：要叫盲 Nil，还是先看牌？</translation>
    </message>
    <message>
        <source>Your turn: make your bid.</source>
        <translation>轮到你：请叫墩。</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>出这张</translation>
    </message>
    <message>
        <source>Play the raised card (Enter).</source>
        <translation>打出抬起的牌（Enter）。</translation>
    </message>
    <message>
        <source>Hint (H)</source>
        <translation>提示 (H)</translation>
    </message>
    <message>
        <source>What would the Expert play here?</source>
        <translation>专家在这里会怎么出？</translation>
    </message>
    <message>
        <source>Claim (C)</source>
        <translation>摊牌 (C)</translation>
    </message>
    <message>
        <source>Claim the rest: your side takes every remaining trick (checked on the real cards).</source>
        <translation>摊牌拿下余墩：你方拿下剩余的每一墩（按实际的牌核对）。</translation>
    </message>
    <message>
        <source>New game…</source>
        <translation>新牌局…</translation>
    </message>
    <message>
        <source>Choose the target, the difficulty and the rules of a new game.</source>
        <translation>选择新牌局的目标分、难度和规则。</translation>
    </message>
    <message>
        <source>Decide on Blind Nil first.</source>
        <translation>请先决定是否叫盲 Nil。</translation>
    </message>
    <message>
        <source>Wait for your turn.</source>
        <translation>请等轮到你。</translation>
    </message>
    <message>
        <source>Enter plays the raised card.</source>
        <translation>按回车键打出抬起的牌。</translation>
    </message>
    <message>
        <source>Click the card again or press Play.</source>
        <translation>再点一次这张牌，或点“出这张”。</translation>
    </message>
    <message>
        <source>Enter plays the raised card; the arrow keys choose another.</source>
        <translation>按回车键打出抬起的牌；用方向键换一张。</translation>
    </message>
    <message>
        <source>The {0} is not in this deck.</source>
        <translation>这副牌里没有 {0}。</translation>
    </message>
    <message>
        <source>thinking…</source>
        <translation>思考中…</translation>
    </message>
    <message>
        <source>Bid: {0}</source>
        <translation>叫墩：{0}</translation>
    </message>
    <message>
        <source>Bid: —</source>
        <translation>叫墩：—</translation>
    </message>
    <message>
        <source>Tricks: {0}</source>
        <translation>墩数：{0}</translation>
    </message>
    <message>
        <source>{0} · dealer</source>
        <translation>{0} · 庄家</translation>
    </message>
    <message>
        <source>Score · target {0}</source>
        <translation>比分 · 目标 {0}</translation>
    </message>
    <message>
        <source>Hand {0}</source>
        <translation>第 {0} 手</translation>
    </message>
    <message>
        <source>Spades may be led</source>
        <translation>可以出黑桃</translation>
    </message>
    <message>
        <source>Spades broken</source>
        <translation>黑桃已破</translation>
    </message>
    <message>
        <source>Spades not broken</source>
        <translation>黑桃未破</translation>
    </message>
    <message>
        <source>Deck: {0}</source>
        <translation>牌组：{0}</translation>
    </message>
    <message>
        <source>House rules: {0} +{1}</source>
        <translation>家规：{0} 等 {1} 项</translation>
    </message>
    <message>
        <source>House rules: {0}</source>
        <translation>家规：{0}</translation>
    </message>
    <message>
        <source>Contracts: us {0} · them {1}</source>
        <translation>合约：我方 {0} · 对方 {1}</translation>
    </message>
    <message>
        <source>Game #{0}</source>
        <translation>局号 {0}</translation>
    </message>
    <message>
        <source>Your turn: one card can be played.</source>
        <translation>轮到你：只有一张牌可以出。</translation>
    </message>
    <message>
        <source>Your turn: play a lit card.</source>
        <translation>轮到你：请出一张亮着的牌。</translation>
    </message>
    <message>
        <source>{0} bids {1}.</source>
        <translation>{0}叫 {1}。</translation>
    </message>
    <message>
        <source>Hand {0} begins.</source>
        <translation>第 {0} 手开始。</translation>
    </message>
    <message>
        <source>Last trick, you won it: click or press a key to go on.</source>
        <translation>上一墩，你赢了这一墩：点击或按任意键继续。</translation>
    </message>
    <message>
        <source>Last trick, won by {0}: click or press a key to go on.</source>
        <translation>上一墩，{0}赢得：点击或按任意键继续。</translation>
    </message>
    <message>
        <source>You win the trick.</source>
        <translation>你赢得这一墩。</translation>
    </message>
    <message>
        <source>{0} wins the trick.</source>
        <translation>{0}赢得这一墩。</translation>
    </message>
    <message>
        <source>Last trick — you won it</source>
        <translation>上一墩——你赢了这一墩</translation>
    </message>
    <message>
        <source>Last trick — won by {0}</source>
        <translation>上一墩——{0}赢得</translation>
    </message>
</context>
<context>
    <name>Terms</name>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>West</source>
        <translation>西家</translation>
    </message>
    <message>
        <source>North (partner)</source>
        <translation>北家（搭档）</translation>
    </message>
    <message>
        <source>East</source>
        <translation>东家</translation>
    </message>
    <message>
        <source>you</source>
        <comment>South, inside a sentence</comment>
        <translation>你</translation>
    </message>
    <message>
        <source>Us</source>
        <translation>我方</translation>
    </message>
    <message>
        <source>Them</source>
        <translation>对方</translation>
    </message>
    <message>
        <source>Us (N–S)</source>
        <translation>我方（南北）</translation>
    </message>
    <message>
        <source>Them (E–W)</source>
        <translation>对方（东西）</translation>
    </message>
    <message>
        <source>Easy</source>
        <translation>简单</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>普通</translation>
    </message>
    <message>
        <source>Expert</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>Master</source>
        <translation>大师</translation>
    </message>
    <message>
        <source>Blind Nil</source>
        <translation>盲 Nil</translation>
    </message>
    <message>
        <source>Nil</source>
        <translation>Nil</translation>
    </message>
    <message>
        <source>Clubs</source>
        <translation>梅花</translation>
    </message>
    <message>
        <source>Diamonds</source>
        <translation>方块</translation>
    </message>
    <message>
        <source>Hearts</source>
        <translation>红心</translation>
    </message>
    <message>
        <source>Spades</source>
        <translation>黑桃</translation>
    </message>
    <message>
        <source>clubs</source>
        <translation>梅花</translation>
    </message>
    <message>
        <source>diamonds</source>
        <translation>方块</translation>
    </message>
    <message>
        <source>hearts</source>
        <translation>红心</translation>
    </message>
    <message>
        <source>spades</source>
        <translation>黑桃</translation>
    </message>
    <message>
        <source>LJ</source>
        <comment>the Little Joker, short</comment>
        <translation>小王</translation>
    </message>
    <message>
        <source>Little Joker</source>
        <translation>小王</translation>
    </message>
    <message>
        <source>BJ</source>
        <comment>the Big Joker, short</comment>
        <translation>大王</translation>
    </message>
    <message>
        <source>Big Joker</source>
        <translation>大王</translation>
    </message>
</context>
</TS>
