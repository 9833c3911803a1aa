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
board-house-child = { $house }, { $you ->
    [yes] आपकी
   *[no] { $who } की
} संतान
board-house-burnt = { $you ->
    [yes] आपका घर { $house }
   *[no] { $who } का घर { $house }
}, जला हुआ: इस राउंड में खेल से बाहर
board-house-barred = { $house }, इस बारी बंद
board-barred-why = इस बारी बंद: विरोधी की पिछली चाल ने इस घर का अकेला बीज पंक्ति का छोर पार करके यहाँ बोया, इसलिए उसे अभी सीधे वापस नहीं चला जा सकता।
# दूसरी पंक्ति का वह घर जो इस राउंड में किसी खिलाड़ी का है (rounds =
# territory): $who/$you उसका मालिक, $house मालिक के घरों में उसकी
# संख्या, $row/$row_you जिसकी पंक्ति है।
board-house-owned = { $you ->
    [yes] आपका घर { $house }
   *[no] { $who } का घर { $house }
}, { $row_you ->
    [yes] आपकी पंक्ति में
   *[no] { $row } की पंक्ति में
}, { $seeds ->
    [0] कोई बीज नहीं
   *[other] { $seeds } बीज
}
board-store = { $you ->
    [yes] आपका स्टोर
   *[no] { $who } का स्टोर
}, { $seeds ->
    [0] कोई बीज नहीं
   *[other] { $seeds } बीज
}

## हेडर का आवाज़ स्विच (दबा हो तो आवाज़ चालू)

board-sound = आवाज़
