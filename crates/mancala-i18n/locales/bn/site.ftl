# পাতার নিজের কথা: শিরোনাম, প্রথম পাতা ও রুম, যে অংশে দেখায় সেই
# অনুযায়ী সাজানো। বোর্ডের কথা `board.ftl`-এ, নিয়ম `rules.ftl`-এ, খেলার
# নাম `games.ftl`-এ, সার্ভারের আপত্তি `errors.ftl`-এ।
#
# যুক্তি: $who একটি নাম বা «আপনি» ($you = yes বা no, পাঠকের জন্য বাক্য
# আলাদা করে লিখতে); সংখ্যা সংখ্যাই থাকে, ভাষা নিজেই সেগুলো লেখে।
# পরিভাষা সিড নথির: গর্ত, শেষের গর্ত, পাথর, একটি করে দিন, আবার পালা,
# পাথর নেওয়া, সংশ্লিষ্ট গর্ত।

## শিরোনাম ও প্রতিটি পাতা

site-title = মানকালা
site-lead = পাথর একটি করে দিন, পাথর নিন, নিজের শেষের গর্ত ভরান: পরিবার ও বন্ধুদের সঙ্গে মানকালা, ব্রাউজারে, বিনা মূল্যে, নিবন্ধন ছাড়া।
site-language = ভাষা
site-nav = সাইট
site-nav-rules = খেলাগুলোর নিয়ম
site-home = প্রথম পাতা
site-loading = লোড হচ্ছে…
site-noscript = এই পাতার জন্য জাভাস্ক্রিপ্ট চালু থাকা দরকার। টার্মিনালে খেলতে কিছুই লাগে না: mancala play।
site-server-unreachable = সার্ভারে পৌঁছানো যাচ্ছে না। সংযোগ দেখে পাতাটি আবার লোড করুন।
site-rules-failed = নিয়ম লোড করা গেল না। আবার চেষ্টা করতে পাতাটি আবার লোড করুন।
site-custom-rules = নিজস্ব নিয়ম
site-you = আপনি

## প্রথম পাতা

site-default-name = খেলোয়াড় { $number }
site-your-name = আপনার নাম
site-rename = নাম বদলান
site-renamed = সংরক্ষিত হয়েছে।
site-not-renamed = নাম বদলানো হয়নি: { $error }
site-play-computer = কম্পিউটারের সঙ্গে খেলুন
site-play-friends = বন্ধুদের সঙ্গে খেলুন
site-rules = নিয়ম
site-preset-note = { $summary } { $range ->
    [fixed] { $max } জন খেলোয়াড়।
   *[range] { $min }–{ $max } জন খেলোয়াড়।
}
site-level-label = স্তর
site-level-choice = { $end ->
    [easiest] { $level } (সবচেয়ে সহজ)
    [strongest] { $level } (সবচেয়ে শক্তিশালী)
   *[other] { $level }
}
site-rule-set = নিয়মের একটি ধরন
site-house-rules = কালাহর ঘরের নিয়ম
site-house-rules-note = ঘড়ির কাঁটার বিপরীতে পাথর একটি করে দিন, নিজের শেষের গর্তেও দিন। শেষ পাথর নিজের শেষের গর্তে পড়লে আবার পালা। শেষ পাথর নিজের খালি গর্তে পড়লে সংশ্লিষ্ট গর্তগুলোর পাথর নিন। ২–৪ জন খেলোয়াড়: যতজন বসেন, ততজনে খেলা।
site-houses-label = গর্ত
site-houses-choice = { $houses } ({ $players } জন খেলোয়াড়)
site-seeds-label = পাথর
site-seeds-choice = গর্তপ্রতি { $seeds }টি
site-capture-label = কার পাথর নেবেন (৩–৪ জনে)
site-capture-choice = { $capture ->
    [opposite] বিপরীতের খেলোয়াড়
    [all] অন্য সবাই
   *[next] পরের খেলোয়াড়
}
site-rotation = প্রতিবার আবার খেলায় প্রথম খেলোয়াড় বদলান
site-turn-label = প্রতি পালার সময়
site-turn-none = নেই
site-turn-seconds = { $seconds } সেকেন্ড
site-rated = রেটেড (রেটিং বদলায়)
site-create-room = রুম তৈরি করুন
site-not-created = তৈরি হয়নি: { $error }
site-join-room = রুমে যোগ দিন
site-invite-link = আমন্ত্রণ লিংক
site-join = যোগ দিন
site-not-an-invite = এটি আমন্ত্রণ লিংক নয় (আমন্ত্রণ লিংকের শেষে থাকে /r/ এবং ৩২টি অক্ষর ও অঙ্ক)।
site-games = খেলাগুলোর নিয়ম
site-leaderboard = লিডারবোর্ড
site-no-rated-games = এখনও কোনো রেটেড খেলা হয়নি।
site-leaderboard-failed = লিডারবোর্ড লোড করা গেল না।
site-player = খেলোয়াড়
site-rating = রেটিং
site-games-played = খেলা
site-rating-value = { $rating } ± { $deviation }

## রুম: তার বিবরণ

site-copy = কপি করুন
site-copied = আমন্ত্রণ লিংক কপি হয়েছে।
site-copy-by-hand = লিংকটি বেছে নিয়ে কপি করুন (Ctrl+C)।
site-room-summary = রুম: { $players } জন খেলোয়াড়{ $watching ->
    [0] {""}
   *[other] , { $watching } জন দেখছেন
}
site-how-to = এই নিয়মে কীভাবে খেলবেন
site-rules-link = নিয়ম: { $game }
site-option-players = { $players } জন খেলোয়াড়
site-option-houses = { $houses }টি গর্ত
site-option-seeds = { $seeds }টি পাথর
site-option-rated = রেটেড
site-option-casual = রেটিং ছাড়া
site-option-turn = প্রতি পালায় { $seconds } সেকেন্ড
site-option-no-clock = সময়সীমা নেই
site-option-rotation = প্রথম খেলোয়াড় পালাক্রমে বদলায়
site-option-capture = পাথর নেওয়া { $capture ->
    [opposite] বিপরীতের খেলোয়াড়ের কাছ থেকে
    [all] অন্য সবার কাছ থেকে
   *[next] পরের খেলোয়াড়ের কাছ থেকে
}
site-seats = আসন
site-seat-number = আসন { $seat }
site-seat-empty = খালি
site-seat-you = { $name } (আপনি)
site-name-and-seat = { $name } (আসন { $seat })
site-no-name = (নাম নেই)
site-computer-level = কম্পিউটার (স্তর { $level })
site-sit = এখানে বসুন
site-sit-also = এখানেও বসুন
site-sit-also-title = একই ডিভাইসে পালা করে খেলা: এই আসনেও আপনি এই ডিভাইস থেকে খেলবেন
site-tag-host = হোস্ট
site-tag-away = অনুপস্থিত
site-tag-takeover = { $name }-এর বদলে কম্পিউটার খেলছে
site-seat-clear = আসন খালি করুন
site-stand = { $seats ->
    [one] উঠে যান
   *[other] উঠে যান (আপনার সব আসন থেকে)
}
site-level-for-seat = আসন { $seat }-এর কম্পিউটারের স্তর
site-level = স্তর { $level }
site-computer = কম্পিউটার
site-watching = দেখছেন: { $names }।
site-you-watch = আপনি দেখছেন।
site-reconnecting = আবার সংযোগ হচ্ছে…
site-cannot-join = এই রুমে যোগ দেওয়া যাচ্ছে না: রুমটি নেই, বা সার্ভারে পৌঁছানো যাচ্ছে না। আবার চেষ্টা চলছে…
site-page-failed = এই পাতায় কিছু একটা গোলমাল হয়েছে: { $error }

## রুম: বোতাম

site-start = খেলা শুরু করুন
site-rematch = আবার খেলা
site-start-needs-all = প্রতিটি আসনে কাউকে বসতে হবে।
site-start-needs = অন্তত { $min } জন খেলোয়াড় (মানুষ বা কম্পিউটার) বসতে হবে।
site-wait-start = হোস্ট খেলা শুরু করবেন, অপেক্ষা করুন।
site-wait-rematch = হোস্ট আবার খেলা শুরু করবেন, অপেক্ষা করুন।
site-resign = হার মানুন
site-resign-confirm = সত্যিই হার মানবেন?
site-swap = দিক বদলান (পাই নিয়ম)
site-turn-board = একই ডিভাইসে পালা করে খেলা: যাঁর পালা, তাঁর দিকে বোর্ড ঘোরান

## রুম: কার পালা, কী হলো

site-to-move-not-started = খেলা শুরু হয়নি।
site-to-move-over = খেলা শেষ।
site-to-move-you = আপনার পালা ({ $name })।
site-to-move-other = এখন পালা: { $who }।
site-clock = সময়: { $you ->
    [yes] আপনার হাতে
   *[no] { $who }-এর হাতে
} { $seconds } সেকেন্ড।
site-said-started = খেলা শুরু হয়েছে।
site-said-started-first = খেলা শুরু হয়েছে: { $you ->
    [yes] আপনি প্রথমে চাল দেবেন।
   *[no] { $who } প্রথমে চাল দেবেন।
}
site-said-move = { $who }{ $played ->
    [takeover] {" "}(কম্পিউটার, অনুপস্থিত থাকায়)
    [timeout] {" "}(কম্পিউটার, সময় শেষ হওয়ায়)
    [resigned] {" "}(কম্পিউটার, হার মানার পর)
   *[self] {""}
} { $house } নম্বর গর্ত থেকে পাথর দিলেন।
site-said-swap = { $who }{ $played ->
    [takeover] {" "}(কম্পিউটার, অনুপস্থিত থাকায়)
    [timeout] {" "}(কম্পিউটার, সময় শেষ হওয়ায়)
    [resigned] {" "}(কম্পিউটার, হার মানার পর)
   *[self] {""}
} দিক বদলালেন।
site-said-relays = { $relays ->
    [one] আরেকটি গর্ত থেকে তুলে আবার পাথর দেওয়া হলো।
   *[other] আরও { $relays }টি গর্ত থেকে তুলে আবার পাথর দেওয়া হলো।
}
site-said-capture = { $you ->
    [yes] আপনি
   *[no] { $who }
} { $seeds }টি পাথর নিলেন।
site-said-tuzdyk = { $you ->
    [yes] আপনার
   *[no] { $who }-এর
} তুজদিক এখন { $cup }।
site-said-child = { $cup } এখন { $you ->
    [yes] আপনার সন্তান: তার { $seeds }টি পাথর আপনার শেষের গর্তে গেল।
   *[no] { $who }-এর সন্তান: তার { $seeds }টি পাথর { $who }-এর শেষের গর্তে গেল।
}
site-said-extra-turn = আবার পালা: { $you ->
    [yes] আপনি আবার চাল দেবেন।
   *[no] { $who } আবার চাল দেবেন।
}
site-said-passed = { $who } চাল দিতে পারছেন না, তাই { $you ->
    [yes] { $count ->
        [one] আপনার
       *[other] আপনাদের
    }
   *[no] { $count ->
        [one] তাঁর
       *[other] তাঁদের
    }
} পালা বাদ গেল।
site-said-resigned = { $who } হার মানলেন।
site-cup-nowhere = কোথাও না
site-cup-store = { $you ->
    [yes] আপনার শেষের গর্ত
   *[no] { $who }-এর শেষের গর্ত
}
site-cup-house = { $you ->
    [yes] আপনার { $house } নম্বর গর্ত
   *[no] { $who }-এর { $house } নম্বর গর্ত
}
site-preview = গর্ত { $house }: শেষ পাথর — { $cup }{ $seeds ->
    [0] {""}
   *[other] , { $seeds }টি পাথর নেওয়া
}{ $again ->
    [yes] , আবার পালা
   *[no] {""}
}।
site-preview-child = এতে { $cup } আপনার সন্তান হবে ({ $seeds }টি পাথর আপনার শেষের গর্তে)।
site-barred-why = গর্ত { $house } এই চালে বন্ধ: প্রতিপক্ষের শেষ চালে তার একমাত্র পাথরটি সারির শেষ পেরিয়ে এসেছে, তাই সেটি এখনই সোজা ফেরত চালা যাবে না।
site-sow-cw = গর্ত { $house } থেকে ঘড়ির কাঁটার দিকে পাথর দিন
site-sow-ccw = গর্ত { $house } থেকে ঘড়ির কাঁটার বিপরীতে পাথর দিন
site-sow-way = গর্ত { $house } থেকে কোন দিকে পাথর দেবেন
site-house-way-short = { $house } { $dir ->
    [cw] ↻
   *[ccw] ↺
}
site-said-move-way = { $who }{ $played ->
    [takeover] {" "}(কম্পিউটার, অনুপস্থিত থাকায়)
    [timeout] {" "}(কম্পিউটার, সময় শেষ হওয়ায়)
    [resigned] {" "}(কম্পিউটার, হার মানার পর)
   *[self] {""}
} { $house } নম্বর গর্ত থেকে { $dir ->
    [cw] ঘড়ির কাঁটার দিকে
   *[ccw] ঘড়ির কাঁটার বিপরীতে
} পাথর দিলেন।
site-preview-way = গর্ত { $house }, { $dir ->
    [cw] ঘড়ির কাঁটার দিকে
   *[ccw] ঘড়ির কাঁটার বিপরীতে
}: শেষ পাথর — { $cup }{ $seeds ->
    [0] {""}
   *[other] , { $seeds }টি পাথর নেওয়া
}{ $again ->
    [yes] , আবার পালা
   *[no] {""}
}।

## রুম: চাল ও ফল

site-moves = চাল
site-move = { $who }: { $house }{ $played ->
    [takeover] {" "}(কম্পিউটার, অনুপস্থিত)
    [timeout] {" "}(কম্পিউটার, সময় শেষ)
    [resigned] {" "}(কম্পিউটার, হার মানার পর)
   *[self] {""}
}
site-move-swap = { $who }: দিক বদল
site-move-resigned = { $who } হার মানলেন
site-move-agreement = খেলোয়াড়েরা খেলা শেষ করতে রাজি হলেন
site-result-draw = খেলা শেষ: প্রথম স্থানে ড্র।
site-result-win = খেলা শেষ: { $you ->
    [yes] আপনি জিতেছেন!
   *[no] { $who } জিতেছেন।
}
site-rank = { NUMBER($rank, type: "ordinal") ->
    [one] { $rank }ম
    [two] { $rank }য়
    [few] { $rank }র্থ
    [many] { $rank }ষ্ঠ
   *[other] { $rank }তম
}: { $who }, { $seeds }টি পাথর
site-rating-change = রেটিং { $before } → { $after } ({ $change })
site-ended-by = খেলা শেষের কারণ: { $reason }।
site-end-any-side-empty = একটি দিক খালি হয়েছে
site-end-no-legal-move = একজন খেলোয়াড়ের কোনো বৈধ চাল নেই
site-end-majority = একজন অর্ধেকের বেশি পাথর পেয়েছেন
site-end-empty-first = একজন খেলোয়াড় আগে নিজের গর্তগুলো খালি করেছেন
site-end-repetition = একই অবস্থান আবার এসেছে
site-end-few-seeds = গর্তে খুব কম পাথর বাকি ছিল
site-end-cannot-feed = একজন খেলোয়াড়কে পাথর দেওয়া সম্ভব হয়নি
site-end-starved = পাথরহীন খেলোয়াড় বোর্ডের বাকি পাথর পেয়েছেন
site-end-resignation = হার মানা
site-end-agreement = সম্মতি
site-end-take-all = একজন খেলোয়াড়ের গর্তে আর কোনো পাথর বাকি ছিল না

## খেলোয়াড়দের পাতা আর খেলার পুনরাবৃত্তি (issue 29)
replay-title = { $game }: আবার দেখা
replay-room-game = এই ঘরের { $number } নম্বর খেলা, { $date }
replay-players = খেলোয়াড়
replay-first = প্রথম চাল
replay-back = পিছনে
replay-forward = সামনে
replay-last = শেষ চাল
replay-ply = { $ply ->
    [0] খেলার শুরু ({ $plies }টি চাল)
   *[other] { $plies }টি চালের মধ্যে { $ply } নম্বর
}
replay-moves = চাল
replay-start = খেলার শুরু
replay-round-start = রাউন্ড { $round }-এর শুরু
replay-live = এই খেলা এখনও চলছে: নতুন চাল এখানে দেখা যাবে।
replay-export = এই খেলা সংরক্ষণ করুন:
replay-export-json = প্রোগ্রামের জন্য
replay-export-text = এক লাইনের লেখা হিসেবে
replay-failed = এই খেলা লোড করা গেল না।
replay-link = এই খেলা আবার দেখুন
replay-step-back = পিছনে ফিরে দেখুন
replay-to-live = খেলায় ফিরুন
replay-looking-back = আপনি { $plies }টি চালের মধ্যে { $ply } নম্বর চাল দেখছেন।
replay-analysis = ইঞ্জিনের বিচার
replay-analysis-waiting = বিশ্লেষণ এখনও তৈরি হয়নি।
replay-analysis-failed = বিশ্লেষণ করা গেল না।
replay-verdict = { $verdict ->
    [best] সেরা চাল
    [inaccuracy] অল্প ভুল
    [mistake] ভুল
   *[blunder] বড় ভুল
}
replay-exact = নিশ্চিত
replay-estimate = আনুমানিক
replay-best = সেরা চাল: { $move }
replay-loss = { $loss }টি পাথর কম
replay-chart = প্রতিটি চালের পরে অবস্থানের মূল্য, { $who }-এর দিক থেকে
replay-chart-loss = প্রতিটি চালে হারানো পাথর
player-rating = রেটিং { $rating } ± { $deviation }
player-rated-games = { $games }টি রেটেড খেলা
player-chart = প্রতিটি রেটেড খেলার পরে রেটিং
player-chart-empty = এখনও কোনো রেটেড খেলা হয়নি।
player-record = জয়, ড্র আর হার
player-game = খেলা
player-wins = জয়
player-draws = ড্র
player-losses = হার
player-record-empty = এখনও কোনো খেলা শেষ হয়নি।
player-games = খেলাগুলো
player-games-none = এখনও কোনো খেলা নেই।
player-more = আরও খেলা
player-result = { $result ->
    [win] জয়
    [draw] ড্র
    [loss] হার
   *[none] চলছে
}
player-with = { $names }-এর সঙ্গে
player-failed = এই খেলোয়াড়ের পাতা লোড করা গেল না।
# Play now: the queue that seats strangers together (queue-).
queue-title = এখনই খেলুন
queue-lead = সাইটের কারও সঙ্গে খেলুন: আরেকজন খেলোয়াড় এলেই আপনাদের একসঙ্গে বসানো হবে।
queue-game = খেলা
queue-game-house = কালাহ (ঘরের নিয়ম)
queue-players = খেলোয়াড়
queue-players-choice = { $players } জন খেলোয়াড়
queue-rated = রেটেড (রেটিং বদলায়)
queue-play-now = এখনই খেলুন
queue-waiting = খেলোয়াড় খোঁজা হচ্ছে: { $game }, { $players } জন, { $rated ->
    [yes] রেটেড
   *[no] রেটিং ছাড়া
}।
queue-countdown = { $seconds } সেকেন্ড পরে কম্পিউটারের সঙ্গে খেলার সুযোগ দেওয়া হবে।
queue-offer = এখনও কেউ আসেননি। বদলে কম্পিউটারের (স্তর { $level }) সঙ্গে খেলবেন? { $computers ->
    [one] কম্পিউটার অন্য আসনে বসবে।
   *[other] কম্পিউটার বাকি { $computers }টি আসনে বসবে।
}
queue-accept-computer = কম্পিউটারের সঙ্গে খেলুন
queue-keep-waiting = অপেক্ষা করতে থাকুন
queue-leave = অপেক্ষা বন্ধ করুন
queue-counts-title = এখন সাইটে
queue-count-line = { $game }: { $waiting } জন অপেক্ষায় · { $playing } জন খেলছেন
queue-counts-none = এই মুহূর্তে কেউ অপেক্ষায় নেই, কেউ খেলছেনও না।
queue-failed = খেলোয়াড় খোঁজার সারিতে পৌঁছানো যাচ্ছে না: { $error }
queue-rematch-asked = আপনি আবার খেলতে চেয়েছেন: সবাই চাইলে খেলা শুরু হবে।
queue-requeue = নতুন কারও সঙ্গে খেলুন

## রাউন্ডের ম্যাচ (docs/rules.md, ৮ক): চলতি রাউন্ড, কে কত রাউন্ড জিতেছে।

site-round = রাউন্ড { $round }
site-rounds-won-seat = { $who } { $won }
site-rounds-won = জেতা রাউন্ড: { $seats }
# যে রাউন্ডে গর্তের মালিক বদলেছে (rounds = territory), বোর্ডের নিচে:
# খেলোয়াড়ের $yours টি গর্ত অন্য সারিতে (▼), তার সারির $theirs টি
# গর্ত প্রতিপক্ষের (▲)।
site-territory-note = এই রাউন্ডে গর্তের মালিক বদলেছে: { $yours ->
    [0] অন্য সারিতে আপনার কোনো গর্ত নেই
   *[other] অন্য সারিতে আপনার { $yours }টি গর্ত (▼)
}; { $theirs ->
    [0] আপনার সারির কোনো গর্ত প্রতিপক্ষের নয়।
   *[other] আপনার সারির { $theirs }টি গর্ত প্রতিপক্ষের (▲)।
}
site-said-round = রাউন্ড { $round } শুরু হয়েছে: { $you ->
    [yes] আপনি প্রথমে চাল দেবেন।
   *[no] { $who } প্রথমে চাল দেবেন।
}
