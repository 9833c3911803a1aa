# সার্ভারের আপত্তি, মানুষ যেভাবে পড়েন: docs/protocol.md-এর («Error
# codes») প্রতিটি কোডের জন্য `error-<code>`, আপত্তির তথ্য যুক্তি হিসেবে
# ($seat আসনের খেলোয়াড়ের নাম, বা «আসন ২»)।

error-unknown = কিছু একটা গোলমাল হয়েছে ({ $code })।
error-not-connected = সংযোগ নেই: একটু পরে আবার চেষ্টা করুন।
error-internal = সার্ভারে সমস্যা হয়েছে। একটু পরে আবার চেষ্টা করুন।
error-no-such-room = এমন কোনো রুম নেই: আমন্ত্রণ লিংকটি দেখে নিন।
error-unauthorized = এই ডিভাইসের খেলোয়াড়কে এখানে চেনা যাচ্ছে না।
error-bad-name = নামে সর্বোচ্চ { $max }টি অক্ষর থাকতে পারে, কোনো লাইন ব্রেক নয়।
error-bad-rules = এই নিয়মে খেলা যায় না।
error-bad-option = এই বিকল্পটি বেছে নেওয়া যায় না।
error-bad-position = এই নিয়মে এমন অবস্থান হতে পারে না।
error-bad-message = সার্ভার পাতাটির কথা বুঝতে পারেনি। পাতাটি আবার লোড করুন।
error-bad-body = সার্ভার পাতাটির কথা বুঝতে পারেনি। পাতাটি আবার লোড করুন।
error-bad-query = সার্ভার পাতাটির কথা বুঝতে পারেনি। পাতাটি আবার লোড করুন।
error-no-such-player = এমন কোনো খেলোয়াড় নেই।
error-too-large = পাতাটি একবারে অনেক বেশি পাঠিয়েছে। পাতাটি আবার লোড করুন।
error-not-hello = সার্ভার পাতাটির কথা বুঝতে পারেনি। পাতাটি আবার লোড করুন।
error-version = এই পাতাটি সার্ভারের চেয়ে পুরোনো। পাতাটি আবার লোড করুন।
error-not-host = শুধু হোস্ট এটি করতে পারেন।
error-not-seated = এই রুমে আপনার কোনো আসন নেই।
error-not-your-seat = এই আসনটি আপনার নয়।
error-not-your-turn = এখন { $seat }-এর পালা।
error-no-such-seat = এমন কোনো আসন নেই।
error-seat-taken = { $seat }: আসনটিতে আগেই কেউ বসেছেন।
error-already-seated = এই রুমে আপনি আগেই বসে আছেন।
error-seat-empty = { $seat } খালি: প্রতিটি আসনে কাউকে বসতে হবে।
error-too-few-players = বসেছেন { $seated } জন: এখানে খেলতে অন্তত { $min } জন খেলোয়াড় লাগে।
error-game-in-progress = একটি খেলা চলছে: সেটি শেষ হওয়া পর্যন্ত অপেক্ষা করুন।
error-no-game = কোনো খেলা চলছে না।
error-bad-move = এটি কোনো চাল নয়।
error-illegal = এই চাল এখন দেওয়া যায় না।
error-forbidden-origin = অন্য সাইটের পাতা থেকে এখানে খেলা যায় না।
error-bad-origin = সার্ভারের সেটআপে ভুল আছে।
error-rate-limited = একসঙ্গে অনেক বেশি কাজ: একটু ধীরে করুন।
error-flooding = অনেক বেশি কাজ: সংযোগ বন্ধ করা হয়েছে।
error-too-many-requests = এই নেটওয়ার্ক থেকে অনেক বেশি নতুন খেলোয়াড় বা রুম তৈরি হয়েছে: { $retry_after } সেকেন্ড পরে আবার চেষ্টা করুন।
error-too-many-connections = এই নেটওয়ার্ক থেকে অনেক বেশি সংযোগ: একটি ট্যাব বন্ধ করে আবার চেষ্টা করুন।
error-server-full = সার্ভার এখন ভরা: একটু পরে আবার চেষ্টা করুন।
error-room-moved = এই ঘরটি অন্য সার্ভারে সরে গেছে: আবার সংযোগ করা হচ্ছে।
error-bad-cpu = সার্ভারের সেটআপে ভুল আছে।
error-bad-level = কম্পিউটারের স্তর { $min } থেকে { $max } পর্যন্ত।
error-bad-turn-seconds = প্রতি পালার এই সময়সীমা বেছে নেওয়া যায় না।

# খেলোয়াড়দের পাতা আর খেলার পুনরাবৃত্তি।
error-no-such-game = এমন কোনো খেলা নেই।
# The queue's refusals (queue-).
error-no-such-queue = এখনই খেলার জন্য এমন কোনো খেলা নেই।
error-not-queued = আপনি ওই খেলার জন্য অপেক্ষা করছেন না।
error-not-offered = { $seconds } সেকেন্ড অপেক্ষার পরে কম্পিউটারের সঙ্গে খেলার সুযোগ দেওয়া হয়।
