# বোর্ডের শব্দ: গর্ত ও শেষের গর্তের নাম, যা স্ক্রিন রিডার বলে।
# $who মালিকের নাম, বা "আপনি" ($you = yes বা no)। পরিভাষা বীজ
# নথির: গর্ত, শেষের গর্ত, পাথর।

board-label = বোর্ড
board-house = { $you ->
    [yes] আপনার গর্ত { $house }
   *[no] { $who }-এর গর্ত { $house }
}, { $seeds ->
    [0] কোনো পাথর নেই
   *[other] { $seeds }টি পাথর
}
board-house-tuzdyk = { $house }, { $you ->
    [yes] আপনার
   *[no] { $who }-এর
} তুজদিক
board-house-burnt = { $you ->
    [yes] আপনার গর্ত { $house }
   *[no] { $who }-এর গর্ত { $house }
}, পোড়া: এই রাউন্ডে খেলার বাইরে
board-store = { $you ->
    [yes] আপনার শেষের গর্ত
   *[no] { $who }-এর শেষের গর্ত
}, { $seeds ->
    [0] কোনো পাথর নেই
   *[other] { $seeds }টি পাথর
}

## হেডারের শব্দ-সুইচ (চাপা থাকলে শব্দ চালু)

board-sound = শব্দ
