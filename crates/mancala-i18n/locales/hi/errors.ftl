# सर्वर के इनकार, जैसे लोग उन्हें पढ़ते हैं: docs/protocol.md («Error
# codes») के हर कोड के लिए `error-<code>`, इनकार के तथ्य तर्कों के रूप में
# ($seat सीट के खिलाड़ी का नाम है, या «सीट 2»)।

error-unknown = कुछ गड़बड़ हो गई ({ $code })।
error-not-connected = कनेक्शन नहीं है: थोड़ी देर में फिर कोशिश करें।
error-internal = सर्वर में कोई समस्या आ गई। थोड़ी देर में फिर कोशिश करें।
error-no-such-room = ऐसा कोई रूम नहीं है: आमंत्रण लिंक जाँच लें।
error-unauthorized = इस डिवाइस का खिलाड़ी यहाँ पहचाना नहीं गया।
error-bad-name = नाम में ज़्यादा से ज़्यादा { $max } अक्षर हो सकते हैं, और कोई लाइन ब्रेक नहीं।
error-bad-rules = इन नियमों से खेला नहीं जा सकता।
error-bad-option = यह विकल्प उपलब्ध नहीं है।
error-bad-position = इन नियमों में ऐसी स्थिति नहीं बन सकती।
error-bad-message = सर्वर पेज की बात नहीं समझ सका। पेज फिर से लोड करें।
error-bad-body = सर्वर पेज की बात नहीं समझ सका। पेज फिर से लोड करें।
error-bad-query = सर्वर पेज की बात नहीं समझ सका। पेज फिर से लोड करें।
error-no-such-player = ऐसा कोई खिलाड़ी नहीं है।
error-too-large = पेज ने एक साथ बहुत ज़्यादा भेज दिया। पेज फिर से लोड करें।
error-not-hello = सर्वर पेज की बात नहीं समझ सका। पेज फिर से लोड करें।
error-version = यह पेज सर्वर से पुराना है। पेज फिर से लोड करें।
error-not-host = यह सिर्फ़ होस्ट कर सकते हैं।
error-not-seated = इस रूम में आपकी कोई सीट नहीं है।
error-not-your-seat = यह सीट आपकी नहीं है।
error-not-your-turn = अभी { $seat } की बारी है।
error-no-such-seat = ऐसी कोई सीट नहीं है।
error-seat-taken = { $seat }: यह सीट पहले से भरी है।
error-already-seated = इस रूम में आपकी सीट पहले से है।
error-seat-empty = { $seat } खाली है: हर सीट भरी होनी चाहिए।
error-too-few-players = बैठे खिलाड़ी: { $seated }; यहाँ खेल के लिए कम से कम { $min } खिलाड़ी चाहिए।
error-game-in-progress = एक खेल चल रहा है: उसके खत्म होने का इंतज़ार करें।
error-no-game = कोई खेल नहीं चल रहा।
error-bad-move = यह कोई चाल नहीं है।
error-illegal = यह चाल अभी नहीं चली जा सकती।
error-forbidden-origin = किसी दूसरी साइट का पेज यहाँ नहीं खेल सकता।
error-bad-origin = सर्वर गलत तरीके से सेट किया गया है।
error-rate-limited = एक साथ बहुत ज़्यादा काम: थोड़ा धीरे करें।
error-flooding = बहुत ज़्यादा काम: कनेक्शन बंद कर दिया गया।
error-too-many-requests = इस नेटवर्क से बहुत ज़्यादा नए खिलाड़ी या रूम बने: { $retry_after } सेकंड बाद फिर कोशिश करें।
error-too-many-connections = इस नेटवर्क से बहुत ज़्यादा कनेक्शन: एक टैब बंद करके फिर कोशिश करें।
error-server-full = सर्वर अभी भरा हुआ है: थोड़ी देर में फिर कोशिश करें।
error-room-moved = यह कमरा दूसरे सर्वर पर चला गया है: फिर से जुड़ रहे हैं।
error-bad-cpu = सर्वर गलत तरीके से सेट किया गया है।
error-bad-level = कंप्यूटर का स्तर { $min } से { $max } तक होता है।
error-bad-turn-seconds = हर बारी के लिए यह समय उपलब्ध नहीं है।

# खिलाड़ियों के पेज और खेलों का दोहराव।
error-no-such-game = ऐसा कोई खेल नहीं है।
# The queue's refusals (queue-).
error-no-such-queue = अभी खेलने के लिए ऐसा कोई खेल नहीं है।
error-not-queued = आप उस खेल के लिए इंतज़ार नहीं कर रहे।
error-not-offered = { $seconds } सेकंड इंतज़ार के बाद कंप्यूटर से खेलने का विकल्प मिलता है।
