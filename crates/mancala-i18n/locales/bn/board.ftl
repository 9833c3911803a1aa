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
board-house-child = { $house }, { $you ->
    [yes] আপনার
   *[no] { $who }-এর
} সন্তান
board-house-burnt = { $you ->
    [yes] আপনার গর্ত { $house }
   *[no] { $who }-এর গর্ত { $house }
}, পোড়া: এই রাউন্ডে খেলার বাইরে
board-house-barred = { $house }, এই চালে বন্ধ
board-barred-why = এই চালে বন্ধ: প্রতিপক্ষের শেষ চালে এই গর্তের একমাত্র পাথরটি সারির শেষ পেরিয়ে এসেছে, তাই এটি এখনই সোজা ফেরত চালা যাবে না।
# অন্য সারির যে গর্ত এই রাউন্ডে একজন খেলোয়াড়ের (rounds = territory):
# $who/$you তার মালিক, $house মালিকের গর্তের মধ্যে তার নম্বর,
# $row/$row_you সারিটি যার।
board-house-owned = { $you ->
    [yes] আপনার গর্ত { $house }
   *[no] { $who }-এর গর্ত { $house }
}, { $row_you ->
    [yes] আপনার সারিতে
   *[no] { $row }-এর সারিতে
}, { $seeds ->
    [0] কোনো পাথর নেই
   *[other] { $seeds }টি পাথর
}
board-store = { $you ->
    [yes] আপনার শেষের গর্ত
   *[no] { $who }-এর শেষের গর্ত
}, { $seeds ->
    [0] কোনো পাথর নেই
   *[other] { $seeds }টি পাথর
}

## হেডারের শব্দ-সুইচ (চাপা থাকলে শব্দ চালু)

board-sound = শব্দ
