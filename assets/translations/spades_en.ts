<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>BidPanel</name>
    <message numerus="yes">
        <source>Bid %n trick(s)</source>
        <translation>
            <numerusform>Bid %n trick</numerusform>
            <numerusform>Bid %n tricks</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BidReason</name>
    <message numerus="yes">
        <source>%1 sure winner(s)</source>
        <translation>
            <numerusform>%1 sure winner</numerusform>
            <numerusform>%1 sure winners</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 guarded king(s)</source>
        <translation>
            <numerusform>%1 guarded king</numerusform>
            <numerusform>%1 guarded kings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 guarded queen(s)</source>
        <translation>
            <numerusform>%1 guarded queen</numerusform>
            <numerusform>%1 guarded queens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 high spade(s)</source>
        <translation>
            <numerusform>%1 high spade</numerusform>
            <numerusform>%1 high spades</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n spade(s)</source>
        <translation>
            <numerusform>%n spade</numerusform>
            <numerusform>%n spades</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n length trick(s)</source>
        <translation>
            <numerusform>%n length trick</numerusform>
            <numerusform>%n length tricks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>fit for Nil: no aces, %n low spade(s), high cards guarded</source>
        <translation>
            <numerusform>fit for Nil: no aces, %n low spade, high cards guarded</numerusform>
            <numerusform>fit for Nil: no aces, %n low spades, high cards guarded</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Coach</name>
    <message numerus="yes">
        <source>win the trick to make their contract fail: they still need %n trick(s)</source>
        <translation>
            <numerusform>win the trick to make their contract fail: they still need %n trick</numerusform>
            <numerusform>win the trick to make their contract fail: they still need %n tricks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>win the trick: your team still needs %n trick(s) for the contract</source>
        <translation>
            <numerusform>win the trick: your team still needs %n trick for the contract</numerusform>
            <numerusform>win the trick: your team still needs %n tricks for the contract</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>your hand can take about %n trick(s)</source>
        <translation>
            <numerusform>your hand can take about %n trick</numerusform>
            <numerusform>your hand can take about %n tricks</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GameOverDialog</name>
    <message numerus="yes">
        <source>+%n ranking point(s)</source>
        <translation>
            <numerusform>+%n ranking point</numerusform>
            <numerusform>+%n ranking points</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A team reached the target score after %n hand(s).</source>
        <translation>
            <numerusform>A team reached the target score after %n hand.</numerusform>
            <numerusform>A team reached the target score after %n hands.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A team fell to the lowest allowed score after %n hand(s).</source>
        <translation>
            <numerusform>A team fell to the lowest allowed score after %n hand.</numerusform>
            <numerusform>A team fell to the lowest allowed score after %n hands.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>North–South bid 13 and took every trick in hand %n: they win the game.</source>
        <translation>
            <numerusform>North–South bid 13 and took every trick in hand %n: they win the game.</numerusform>
            <numerusform>North–South bid 13 and took every trick in hand %n: they win the game.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>East–West bid 13 and took every trick in hand %n: they win the game.</source>
        <translation>
            <numerusform>East–West bid 13 and took every trick in hand %n: they win the game.</numerusform>
            <numerusform>East–West bid 13 and took every trick in hand %n: they win the game.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The game stopped at the limit of %n hand(s).</source>
        <translation>
            <numerusform>The game stopped at the limit of %n hand.</numerusform>
            <numerusform>The game stopped at the limit of %n hands.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HandSoFarDialog</name>
    <message numerus="yes">
        <source>Hand {0} — %n trick(s) completed</source>
        <translation>
            <numerusform>Hand {0} — %n trick completed</numerusform>
            <numerusform>Hand {0} — %n tricks completed</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReviewWindow</name>
    <message numerus="yes">
        <source>%n point(s)</source>
        <translation>
            <numerusform>%n point</numerusform>
            <numerusform>%n points</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exact analysis with all cards known: from %n tricks left.</source>
        <translation>
            <numerusform>Exact analysis with all cards known: from %n trick left.</numerusform>
            <numerusform>Exact analysis with all cards known: from %n tricks left.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>With all cards known, counting tricks only: North–South take %n trick(s) from here, this one included; most tricks with: {0}.</source>
        <translation>
            <numerusform>With all cards known, counting tricks only: North–South take %n trick from here, this one included; most tricks with: {0}.</numerusform>
            <numerusform>With all cards known, counting tricks only: North–South take %n tricks from here, this one included; most tricks with: {0}.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ScoreSheetWidget</name>
    <message numerus="yes">
        <source>{seat}: bid {bid}, won %n trick(s)</source>
        <translation>
            <numerusform>{seat}: bid {bid}, won %n trick</numerusform>
            <numerusform>{seat}: bid {bid}, won %n tricks</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Table</name>
    <message numerus="yes">
        <source>{0}: {1}  (%n bag(s))</source>
        <comment>team: score (bags)</comment>
        <translation>
            <numerusform>{0}: {1}  (%n bag)</numerusform>
            <numerusform>{0}: {1}  (%n bags)</numerusform>
        </translation>
    </message>
</context>
</TS>
