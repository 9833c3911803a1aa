# बोर्ड के शब्द: घरों और स्टोर के नाम, जो स्क्रीन रीडर बोलता है।
# $who मालिक का नाम है, या "आप" ($you = yes या no)। शब्दावली बीज
# दस्तावेज़ 002 की: घर, स्टोर, बीज।

board-label = बोर्ड
board-house = { $you ->
    [yes] आपका घर { $house }
   *[no] { $who } का घर { $house }
}, { $seeds ->
    [0] कोई बीज नहीं
   *[other] { $seeds } बीज
}
board-house-tuzdyk = { $house }, { $you ->
    [yes] आपका
   *[no] { $who } का
} तुज़दिक
board-house-burnt = { $you ->
    [yes] आपका घर { $house }
   *[no] { $who } का घर { $house }
}, जला हुआ: इस राउंड में खेल से बाहर
board-store = { $you ->
    [yes] आपका स्टोर
   *[no] { $who } का स्टोर
}, { $seeds ->
    [0] कोई बीज नहीं
   *[other] { $seeds } बीज
}

## हेडर का आवाज़ स्विच (दबा हो तो आवाज़ चालू)

board-sound = आवाज़
