# पेज के अपने शब्द: हेडर, मुखपृष्ठ और रूम, जिस हिस्से में दिखते हैं उसके
# हिसाब से। बोर्ड के शब्द `board.ftl` में, नियम `rules.ftl` में, खेलों के
# नाम `games.ftl` में, सर्वर के इनकार `errors.ftl` में।
#
# तर्क: $who एक नाम है या «आप» ($you = yes या no, ताकि वाक्य पढ़ने वाले के
# लिए लिखा जा सके); संख्याएँ संख्याएँ ही हैं, भाषा उन्हें खुद लिखती है।
# शब्दावली: घर, स्टोर, बीज, बोना, पकड़ना, बारी। क्रियाएँ जहाँ हो सके
# लिंग-निरपेक्ष (पढ़ने वाले का लिंग पता नहीं)।

## हेडर और हर पेज

site-title = मनकला
site-lead = बीज बोइए, पकड़िए और अपना स्टोर भरिए: परिवार और दोस्तों के साथ मनकला, ब्राउज़र में, मुफ़्त और बिना रजिस्ट्रेशन के।
site-language = भाषा
site-nav = साइट
site-nav-rules = खेलों के नियम
site-home = मुखपृष्ठ
site-loading = लोड हो रहा है…
site-noscript = इस पेज के लिए जावास्क्रिप्ट चालू होना चाहिए। टर्मिनल में खेलने के लिए कुछ नहीं चाहिए: mancala play।
site-server-unreachable = सर्वर से संपर्क नहीं हो पा रहा। कनेक्शन जाँचें और पेज फिर से लोड करें।
site-rules-failed = नियम लोड नहीं हो सके। फिर से कोशिश करने के लिए पेज दोबारा लोड करें।
site-custom-rules = अपने नियम
site-you = आप

## मुखपृष्ठ

site-default-name = खिलाड़ी { $number }
site-your-name = आपका नाम
site-rename = नाम बदलें
site-renamed = सहेज लिया गया।
site-not-renamed = नाम नहीं बदला: { $error }
site-play-computer = कंप्यूटर से खेलें
site-play-friends = दोस्तों के साथ खेलें
site-rules = नियम
site-preset-note = { $summary } { $range ->
    [fixed] { $max } खिलाड़ी।
   *[range] { $min } से { $max } खिलाड़ी।
}
site-level-label = स्तर
site-level-choice = { $end ->
    [easiest] { $level } (सबसे आसान)
    [strongest] { $level } (सबसे मज़बूत)
   *[other] { $level }
}
site-rule-set = नियमों का एक सेट
site-house-rules = कलाह के घरेलू नियम
site-house-rules-note = अपने स्टोर से होते हुए घड़ी की उल्टी दिशा में बोएँ; आखिरी बीज अपने स्टोर में गिरे तो फिर से बारी; आखिरी बीज अपने किसी खाली घर में गिरे तो संगत घरों के बीज पकड़ें। 2 से 4 खिलाड़ी: जितने लोग बैठें, उतने खिलाड़ी।
site-houses-label = घर
site-houses-choice = { $houses } ({ $players } खिलाड़ी)
site-seeds-label = बीज
site-seeds-choice = हर घर में { $seeds }
site-capture-label = किसके बीज पकड़ें (3-4 खिलाड़ी)
site-capture-choice = { $capture ->
    [opposite] सामने वाले खिलाड़ी के
    [all] बाकी सभी के
   *[next] अगले खिलाड़ी के
}
site-rotation = हर दोबारा खेल पर पहला खिलाड़ी बदलें
site-turn-label = हर बारी का समय
site-turn-none = कोई नहीं
site-turn-seconds = { $seconds } सेकंड
site-rated = रेटेड (रेटिंग बदलती है)
site-create-room = रूम बनाएँ
site-not-created = रूम नहीं बना: { $error }
site-join-room = रूम में शामिल हों
site-invite-link = आमंत्रण लिंक
site-join = शामिल हों
site-not-an-invite = यह आमंत्रण लिंक नहीं है (आमंत्रण लिंक /r/ और 32 अक्षरों व अंकों पर खत्म होता है)।
site-games = खेलों के नियम
site-leaderboard = लीडरबोर्ड
site-no-rated-games = अभी तक कोई रेटेड खेल नहीं हुआ।
site-leaderboard-failed = लीडरबोर्ड लोड नहीं हो सका।
site-player = खिलाड़ी
site-rating = रेटिंग
site-games-played = खेल
site-rating-value = { $rating } ± { $deviation }

## रूम: उसका ब्योरा

site-copy = कॉपी करें
site-copied = आमंत्रण लिंक कॉपी हो गया।
site-copy-by-hand = लिंक चुनें और कॉपी करें (Ctrl+C)।
site-room-summary = रूम: { $players } खिलाड़ी{ $watching ->
    [0] {""}
   *[other] , { $watching } दर्शक
}
site-how-to = इन नियमों से कैसे खेलें
site-rules-link = { $game } के नियम
site-option-players = { $players } खिलाड़ी
site-option-houses = { $houses } घर
site-option-seeds = { $seeds } बीज
site-option-rated = रेटेड
site-option-casual = बिना रेटिंग
site-option-turn = हर बारी { $seconds } सेकंड
site-option-no-clock = कोई समय सीमा नहीं
site-option-rotation = पहला खिलाड़ी बदलता रहता है
site-option-capture = { $capture ->
    [opposite] सामने वाले खिलाड़ी से
    [all] बाकी सभी से
   *[next] अगले खिलाड़ी से
} पकड़
site-seats = सीटें
site-seat-number = सीट { $seat }
site-seat-empty = खाली
site-seat-you = { $name } (आप)
site-name-and-seat = { $name } (सीट { $seat })
site-no-name = (कोई नाम नहीं)
site-computer-level = कंप्यूटर (स्तर { $level })
site-sit = यहाँ बैठें
site-sit-also = यहाँ भी बैठें
site-sit-also-title = एक ही डिवाइस पर बारी-बारी से: इस डिवाइस पर यह सीट भी आप खेलेंगे
site-tag-host = होस्ट
site-tag-away = अनुपस्थित
site-tag-takeover = { $name } की जगह कंप्यूटर खेल रहा है
site-seat-clear = सीट खाली करें
site-stand = { $seats ->
    [one] सीट छोड़ें
   *[other] सीट छोड़ें (अपनी सभी सीटें)
}
site-level-for-seat = सीट { $seat } के कंप्यूटर का स्तर
site-level = स्तर { $level }
site-computer = कंप्यूटर
site-watching = दर्शक: { $names }।
site-you-watch = आप दर्शक हैं।
site-reconnecting = फिर से कनेक्ट हो रहा है…
site-cannot-join = इस रूम में शामिल होना संभव नहीं: रूम मौजूद नहीं है, या सर्वर से संपर्क नहीं हो पा रहा। फिर से कोशिश हो रही है…
site-page-failed = इस पेज पर कुछ गड़बड़ हो गई: { $error }

## रूम: बटन

site-start = खेल शुरू करें
site-rematch = दोबारा खेलें
site-start-needs-all = हर सीट भरी होनी चाहिए।
site-start-needs = कम से कम { $min } खिलाड़ी (लोग या कंप्यूटर) बैठे होने चाहिए।
site-wait-start = होस्ट के खेल शुरू करने का इंतज़ार है।
site-wait-rematch = होस्ट के दोबारा खेल शुरू करने का इंतज़ार है।
site-resign = हार मानें
site-resign-confirm = सच में हार मान लें?
site-swap = तरफ़ बदलें (पाई नियम)
site-turn-board = एक ही डिवाइस पर बारी-बारी से: बोर्ड को उस खिलाड़ी की ओर घुमाएँ जिसकी बारी है

## रूम: किसकी बारी, क्या हुआ

site-to-move-not-started = खेल शुरू नहीं हुआ है।
site-to-move-over = खेल खत्म।
site-to-move-you = आपकी बारी ({ $name })।
site-to-move-other = { $who } की बारी।
site-clock = घड़ी: { $you ->
    [yes] आपके पास
   *[no] { $who } के पास
} { $seconds } सेकंड बाकी।
site-said-started = खेल शुरू हो गया।
site-said-started-first = खेल शुरू हो गया: { $you ->
    [yes] पहली चाल आपकी।
   *[no] पहली चाल { $who } की।
}
site-said-move = { $you ->
    [yes] आपने
   *[no] { $who } ने
} घर { $house } खेला{ $played ->
    [takeover] {" "}(कंप्यूटर ने, अनुपस्थित होने पर)
    [timeout] {" "}(कंप्यूटर ने, समय खत्म होने पर)
    [resigned] {" "}(कंप्यूटर ने, हार मानने के बाद)
   *[self] {""}
}।
site-said-swap = { $you ->
    [yes] आपने
   *[no] { $who } ने
} तरफ़ बदली{ $played ->
    [takeover] {" "}(कंप्यूटर ने, अनुपस्थित होने पर)
    [timeout] {" "}(कंप्यूटर ने, समय खत्म होने पर)
    [resigned] {" "}(कंप्यूटर ने, हार मानने के बाद)
   *[self] {""}
}।
site-said-relays = { $relays ->
    [one] बोना एक और घर से जारी रहा।
   *[other] बोना { $relays } और घरों से जारी रहा।
}
site-said-capture = { $you ->
    [yes] आपने
   *[no] { $who } ने
} { $seeds ->
    [one] { $seeds } बीज पकड़ा
   *[other] { $seeds } बीज पकड़े
}।
site-said-tuzdyk = { $you ->
    [yes] आपका
   *[no] { $who } का
} तुज़दिक अब { $cup } है।
site-said-child = { $cup } अब { $you ->
    [yes] आपकी संतान है: उसके { $seeds } बीज आपके स्टोर में गए।
   *[no] { $who } की संतान है: उसके { $seeds } बीज { $who } के स्टोर में गए।
}
site-said-extra-turn = अतिरिक्त बारी: { $you ->
    [yes] फिर से आपकी बारी।
   *[no] फिर से { $who } की बारी।
}
site-said-passed = { $who } के पास कोई चाल नहीं है, इसलिए { $you ->
    [yes] आपकी बारी छूट गई।
   *[no] { $count ->
        [one] उनकी बारी छूट गई।
       *[other] उनकी बारियाँ छूट गईं।
    }
}
site-said-resigned = { $you ->
    [yes] आपने
   *[no] { $who } ने
} हार मान ली।
site-cup-nowhere = कहीं नहीं
site-cup-store = { $you ->
    [yes] आपका स्टोर
   *[no] { $who } का स्टोर
}
site-cup-house = { $you ->
    [yes] आपका घर { $house }
   *[no] { $who } का घर { $house }
}
site-preview = घर { $house }: आखिरी बीज — { $cup }{ $seeds ->
    [0] {""}
   *[other] , { $seeds } बीज की पकड़
}{ $again ->
    [yes] , फिर से बारी
   *[no] {""}
}।
site-preview-child = इससे { $cup } आपकी संतान बनेगा ({ $seeds } बीज आपके स्टोर में)।
site-barred-why = घर { $house } इस बारी बंद है: विरोधी की पिछली चाल ने उसका अकेला बीज पंक्ति का छोर पार करके बोया, इसलिए उसे अभी सीधे वापस नहीं चला जा सकता।
site-sow-cw = घर { $house } से घड़ी की दिशा में बोएँ
site-sow-ccw = घर { $house } से घड़ी की उल्टी दिशा में बोएँ
site-sow-way = घर { $house } से किस दिशा में बोएँ
site-house-way-short = { $house } { $dir ->
    [cw] ↻
   *[ccw] ↺
}
site-said-move-way = { $you ->
    [yes] आपने
   *[no] { $who } ने
} घर { $house } { $dir ->
    [cw] घड़ी की दिशा में
   *[ccw] घड़ी की उल्टी दिशा में
} खेला{ $played ->
    [takeover] {" "}(कंप्यूटर ने, अनुपस्थित होने पर)
    [timeout] {" "}(कंप्यूटर ने, समय खत्म होने पर)
    [resigned] {" "}(कंप्यूटर ने, हार मानने के बाद)
   *[self] {""}
}।
site-preview-way = घर { $house }, { $dir ->
    [cw] घड़ी की दिशा में
   *[ccw] घड़ी की उल्टी दिशा में
}: आखिरी बीज — { $cup }{ $seeds ->
    [0] {""}
   *[other] , { $seeds } बीज की पकड़
}{ $again ->
    [yes] , फिर से बारी
   *[no] {""}
}।

## रूम: चालें और नतीजा

site-moves = चालें
site-move = { $who }: { $house }{ $played ->
    [takeover] {" "}(कंप्यूटर, अनुपस्थित)
    [timeout] {" "}(कंप्यूटर, समय खत्म)
    [resigned] {" "}(कंप्यूटर, हार मानने के बाद)
   *[self] {""}
}
site-move-swap = { $who }: तरफ़ बदली
site-move-resigned = { $who }: हार मान ली
site-move-agreement = खिलाड़ियों ने सहमति से खेल खत्म किया
site-result-draw = खेल खत्म: पहले स्थान पर बराबरी।
site-result-win = खेल खत्म: { $you ->
    [yes] आपकी जीत हुई!
   *[no] { $who } की जीत हुई।
}
site-rank = { NUMBER($rank, type: "ordinal") ->
    [one] { $rank }ला
    [two] { $rank }रा
    [few] { $rank }था
    [many] { $rank }ठा
   *[other] { $rank }वाँ
} स्थान: { $who }, { $seeds } बीज
site-rating-change = रेटिंग { $before } → { $after } ({ $change })
site-ended-by = खेल खत्म होने का कारण: { $reason }।
site-end-any-side-empty = एक तरफ़ खाली हो गई
site-end-no-legal-move = एक खिलाड़ी के पास कोई वैध चाल नहीं थी
site-end-majority = एक खिलाड़ी को आधे से ज़्यादा बीज मिल गए
site-end-empty-first = एक खिलाड़ी ने पहले अपने घर खाली कर दिए
site-end-repetition = वही स्थिति फिर से आ गई
site-end-few-seeds = घरों में बहुत कम बीज बचे थे
site-end-cannot-feed = एक खिलाड़ी को बीज नहीं दिए जा सके
site-end-starved = बिना बीज वाले खिलाड़ी ने बोर्ड के बचे बीज ले लिए
site-end-resignation = हार मानना
site-end-agreement = आपसी सहमति
site-end-take-all = एक खिलाड़ी के घरों में कोई बीज नहीं बचा

## खिलाड़ियों के पेज और खेलों का दोहराव (issue 29)
replay-title = { $game }: फिर से देखें
replay-room-game = इस कमरे का खेल { $number }, { $date }
replay-players = खिलाड़ी
replay-first = पहली चाल
replay-back = पीछे
replay-forward = आगे
replay-last = आखिरी चाल
replay-ply = { $ply ->
    [0] खेल की शुरुआत ({ $plies } चालें)
   *[other] { $plies } में से चाल { $ply }
}
replay-moves = चालें
replay-start = खेल की शुरुआत
replay-round-start = राउंड { $round } की शुरुआत
replay-live = यह खेल अभी चल रहा है: नई चालें यहाँ दिखेंगी।
replay-export = यह खेल सहेजें:
replay-export-json = प्रोग्रामों के लिए
replay-export-text = एक पंक्ति के पाठ के रूप में
replay-failed = यह खेल लोड नहीं हो सका।
replay-link = यह खेल फिर से देखें
replay-step-back = पीछे देखें
replay-to-live = खेल पर लौटें
replay-looking-back = आप { $plies } में से चाल { $ply } देख रहे हैं।
replay-analysis = इंजन का फ़ैसला
replay-analysis-waiting = विश्लेषण अभी तैयार नहीं है।
replay-analysis-failed = विश्लेषण नहीं हो सका।
replay-verdict = { $verdict ->
    [best] सबसे अच्छी चाल
    [inaccuracy] छोटी चूक
    [mistake] गलती
   *[blunder] बड़ी भूल
}
replay-exact = सटीक
replay-estimate = अनुमान
replay-best = सबसे अच्छी चाल: { $move }
replay-loss = { $loss } बीज कम
replay-chart = हर चाल के बाद स्थिति का मूल्य, { $who } की ओर से
replay-chart-loss = हर चाल में खोए बीज
player-rating = रेटिंग { $rating } ± { $deviation }
player-rated-games = { $games } रेटेड खेल
player-chart = हर रेटेड खेल के बाद रेटिंग
player-chart-empty = अभी तक कोई रेटेड खेल नहीं।
player-record = जीत, बराबरी और हार
player-game = खेल
player-wins = जीत
player-draws = बराबरी
player-losses = हार
player-record-empty = अभी तक कोई खेल पूरा नहीं हुआ।
player-games = खेल
player-games-none = अभी तक कोई खेल नहीं।
player-more = और खेल
player-result = { $result ->
    [win] जीते
    [draw] बराबरी
    [loss] हारे
   *[none] चल रहा है
}
player-with = { $names } के साथ
player-failed = इस खिलाड़ी का पेज लोड नहीं हो सका।
# Play now: the queue that seats strangers together (queue-).
queue-title = अभी खेलें
queue-lead = साइट पर किसी के साथ खेलें: दूसरा खिलाड़ी आते ही आप दोनों को साथ बैठा दिया जाएगा।
queue-game = खेल
queue-game-house = कलाह (घरेलू नियम)
queue-players = खिलाड़ी
queue-players-choice = { $players } खिलाड़ी
queue-rated = रेटेड (रेटिंग बदलती है)
queue-play-now = अभी खेलें
queue-waiting = खिलाड़ी ढूँढ़े जा रहे हैं: { $game }, { $players } खिलाड़ी, { $rated ->
    [yes] रेटेड
   *[no] बिना रेटिंग
}।
queue-countdown = { $seconds } सेकंड में कंप्यूटर से खेलने का विकल्प मिलेगा।
queue-offer = अभी तक कोई नहीं आया। इसकी जगह कंप्यूटर (स्तर { $level }) से खेलें? { $computers ->
    [one] कंप्यूटर दूसरी सीट पर बैठेगा।
   *[other] कंप्यूटर बाकी { $computers } सीटों पर बैठेगा।
}
queue-accept-computer = कंप्यूटर से खेलें
queue-keep-waiting = इंतज़ार करते रहें
queue-leave = इंतज़ार बंद करें
queue-counts-title = अभी साइट पर
queue-count-line = { $game }: { $waiting } इंतज़ार में · { $playing } खेल रहे हैं
queue-counts-none = अभी कोई इंतज़ार में नहीं है और कोई खेल भी नहीं रहा।
queue-failed = खिलाड़ियों की कतार तक नहीं पहुँच पा रहे: { $error }
queue-rematch-asked = आपने दोबारा खेलना चाहा है: सबके चाहने पर खेल शुरू होगा।
queue-requeue = किसी नए के साथ खेलें

## राउंड वाला मैच (docs/rules.md, 8a): चल रहा राउंड, किसने कितने राउंड जीते।

site-round = राउंड { $round }
site-rounds-won-seat = { $who } { $won }
site-rounds-won = जीते राउंड: { $seats }
# जिस राउंड में घरों के मालिक बदले (rounds = territory), बोर्ड के
# नीचे: खिलाड़ी के $yours घर दूसरी पंक्ति में (▼), उसकी पंक्ति के
# $theirs घर विरोधी के (▲)।
site-territory-note = इस राउंड में घरों के मालिक बदले: { $yours ->
    [0] दूसरी पंक्ति में आपका कोई घर नहीं
   *[other] दूसरी पंक्ति में आपके { $yours } घर (▼)
}; { $theirs ->
    [0] आपकी पंक्ति का कोई घर विरोधी का नहीं।
   *[other] आपकी पंक्ति के { $theirs } घर विरोधी के हैं (▲)।
}
site-said-round = राउंड { $round } शुरू हुआ: { $you ->
    [yes] पहली चाल आपकी।
   *[no] पहली चाल { $who } की।
}
