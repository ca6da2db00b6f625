"""Identifiers in free text: phones, e-mails, order / ticket / user ids and amounts.

Identifiers feed the exact channel, where a wrong key is worse than a missing one, so
every pattern here is anchored either on an unmistakable shape (a Chinese mobile
``1[3-9]`` + 9 digits, a ``+44`` prefix, an ``@``, a currency sign) or on a cue word
("订单号", "order #", "用户ID"). Bare numbers — dates, times, years, versions ("iPhone 14",
"v2.3", "2024年") — never match on their own.

Values are normalized with :func:`palimpsest.core.identifiers.identifier_key`, the
function exact lookup applies to queries, so ``+86 138-0000-1111`` and ``13800001111``
meet. Amounts become a decimal string plus an ISO currency code ("¥299" → ``299`` CNY,
"3千块" → ``3000`` CNY, "$3,000.50" → ``3000.50`` USD).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from palimpsest.core.identifiers import identifier_key
from palimpsest.write.model import IdentifierKind, IdentifierMention

__all__ = ["find_identifiers", "parse_chinese_number"]

# ---------------------------------------------------------------------------- patterns

# ASCII-only boundaries: ``\b`` and ``\w`` treat hanzi as word characters, and Chinese
# text glues identifiers straight onto words ("邮箱是a@b.com", "订单号JD123").
_NOT_AFTER_ALNUM = r"(?<![0-9A-Za-z])"
_NOT_BEFORE_DIGIT = r"(?![0-9])"

_EMAIL = re.compile(
    r"(?<![A-Za-z0-9._%+-])[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![A-Za-z0-9-])"
)
_CN_MOBILE = re.compile(r"(?<![0-9A-Za-z+])(?:(?:\+|00)\s?86[\s-]?)?1[3-9]\d[\s-]?\d{4}[\s-]?\d{4}" + _NOT_BEFORE_DIGIT)
_INTL_PHONE = re.compile(_NOT_AFTER_ALNUM + r"(?:\+|00)[1-9]\d{0,2}(?:[\s.-]?\(?\d{1,4}\)?){2,5}" + _NOT_BEFORE_DIGIT)
_US_PHONE = re.compile(_NOT_AFTER_ALNUM + r"(?:\(\d{3}\)\s?|\d{3}[-.])\d{3}[-.]\d{4}" + _NOT_BEFORE_DIGIT)
_CN_LANDLINE = re.compile(r"(?<![0-9A-Za-z-])0\d{2,3}-(?:\d{7,8}|\d{3,4}[\s-]\d{4})(?![0-9-])")
# A UK mobile in its national form ("07911 123456", "07700 900 461"), and a landline in its usual grouping ("020 7946
# 0958", "0161 496 0000").
_UK_MOBILE = re.compile(
    r"(?<![0-9A-Za-z-])(?:07\d{3}(?:[\s-]?\d{6}|[\s-]\d{3}[\s-]\d{3})|0[1-9]\d{1,3}\s\d{3,4}\s\d{4})"
    + _NOT_BEFORE_DIGIT
)
# An Australian mobile in its national form ("0412 555 781").
_AU_MOBILE = re.compile(r"(?<![0-9A-Za-z-])04\d{2}[\s-]?\d{3}[\s-]?\d{3}" + _NOT_BEFORE_DIGIT)
# A Dutch mobile in its national form, written with a space or dash after the 06 ("06 4812 7730",
# "06-48127730", "06 48 12 77 30"): without one, ten digits are as likely an order number.
_NL_MOBILE = re.compile(r"(?<![0-9A-Za-z-])06(?:[\s-]\d{4}[\s-]?\d{4}|(?:\s\d{2}){4})" + _NOT_BEFORE_DIGIT)
# A German mobile in its national form, the 015x/016x/017x prefix set off by a space, slash or dash
# ("0176 55512398", "0151/2345678"): without the break, eleven digits are as likely an order number.
_DE_MOBILE = re.compile(r"(?<![0-9A-Za-z-])01[5-7]\d[\s/-]\d{7,8}" + _NOT_BEFORE_DIGIT)
# A Japanese toll-free number ("0120-444-918", "0120 12 3456"): ten digits after the 0120 prefix.
_JP_FREEPHONE = re.compile(r"(?<![0-9A-Za-z-])0120[\s-]?(?:\d{3}[\s-]?\d{3}|\d{2}[\s-]?\d{4})" + _NOT_BEFORE_DIGIT)
# A run of digit groups that goes on past the number, on either side ("6222 0210 0112 3456", a card number): a
# phone in its national form is never the tail or the head of a longer run.
_MORE_GROUPS_BEFORE = re.compile(r"\d{3,}[\s-]$")
_MORE_GROUPS_AFTER = re.compile(r"[\s-]\d{3,}")
# A foreign country code right before a number ("+49 151 2345 6789"): what follows is that country's
# number, not a Chinese mobile that happens to start with 15.
_FOREIGN_CODE_BEFORE = re.compile(r"(?:\+|00)\s?(?!86\b)\d{1,3}[\s.-]?$")

# An id token: letters, digits, dashes, underscores, with at least one digit; or a long number read out
# in groups ("1188 7723 9901"), which apps and receipts print that way.
_GROUPED_DIGITS = (
    r"\d{3,5}(?: \d{3,5}){1,4}(?![0-9A-Za-z])"
    # "订单 1234 3000元": a number and then an amount, not one id.
    r"(?!\s?(?:元|块|美元|欧元|英镑|人民币|[kK千万%]|(?i:dollars?|bucks|euros?|yuan|usd|rmb|cny|eur|gbp)\b))"
)
_MIN_GROUPED_DIGITS = 8
# ("my order number is PE 66120": a code's letters and digits read out apart; never a year, "orders from JD 2024")
_SPACED_CODE = r"[A-Z]{2,4} \d{5,}(?![0-9A-Za-z])"
_ID = rf"(?P<id>{_GROUPED_DIGITS}|{_SPACED_CODE}|[A-Za-z0-9][A-Za-z0-9_-]*\d[A-Za-z0-9_-]*|\d)"
# A correction may stand between the cue and the id: "wrong order number: it's 6630021", "单号写错了，应该是 …".
_CORRECTED = (
    # ("cancel an order - it's 8823-1190": a dash before the value too)
    r"(?:\s*[,:：，\u2013\u2014-]?\s*(?:(?i:it's|it is|that's|should be|should've been|the right one is)\s+"
    r"|(?:写错了|打错了|说错了|填错了|有误|错了|不对)?[，,]?\s*(?:应该是|正确的(?:应该)?是|对的是|其实是)"
    # ("单号打错了，是DD-52017": the right one after a bare 是, read by the tail below.)
    r"|(?:写错了|打错了|说错了|填错了|有误|错了|不对)[，,]\s*(?=是)))?"
)
_CUE_TAIL = (
    _CORRECTED
    # ("the same order, #W2290-11", "order (#88120)": a comma or bracket only before a '#', so "order, 3 items"
    # names no id)
    + r"(?:\s*[,，(（]\s*(?=#))?"
    + r"\s*(?:(?i:is|was)\s+(?:(?i:actually|really|now)\s+)?|是|为|:|：|#|号)?\s*#?\s*"
)
# What the number is of, between the cue and its value: "the order in question was 5543900217", "Ticket number
# for my warranty claim is WRN-…". Only before "is"/"was"/":" (a few words, so no runaway search).
_CUE_OF = (
    r"(?:\s+(?i:in\s+question|at\s+issue|concerned)(?=\s+(?i:is|was)\b)"
    r"|\s+(?i:for|on|of)\s+(?i:my|our|the|this)\s+(?:[\w-]+\s+){0,2}?[\w-]+(?=\s+(?i:is|was)\b|\s*[:：]))?"
)
_ORDER_CUE = re.compile(
    # ("上周一下的单 HB-66190", "我那单 BJ-44810": the order named by what was done with it.)
    r"(?:订单编号|订单号码|订单号|订单|单号|(?:(?:下的|买的|拍的|订的|那个|这个|那|这)单|单子)(?=\s*[:：]?\s*[A-Za-z]{0,4}-?\d)|(?i:\borders?)(?:\s*(?i:numbers?|no\.?|nos\.?|num|ids?))?"
    + _CUE_OF
    # "Cancel my 55-210-883", "please cancel 90-441-2207": an order named by its number after an errand on it.
    # ("can u cancel 6610-3307-RT?": a shop's letters after the digit groups)
    + r"|(?i:\b(?:cancel|track|return)(?:\s+my)?)(?=\s+#?\d[\d-]{4,}(?:-[A-Z]{1,3})?(?![0-9A-Za-z-]))"
    # "I typed the wrong number - the right one is ZX-40021": a code corrected (letters and digits, never
    # a phone number).
    # ("fat-fingered the number. the right one is ZX-20417": the slip said first, the right one in the next sentence)
    + r"|(?i:\b(?:wrong|fat-?fingered|mistyped|misspel(?:led|t)|typo\s+in)\s+(?:the\s+|my\s+)?(?:order\s+)?"
    + r"(?:number|code|id)\b[^?!]{0,30}?\b(?:the\s+)?(?:right|correct)\s+(?:one|number|code)\s+is)"
    + r"(?=\s+[A-Za-z0-9-]*[A-Za-z][A-Za-z0-9-]*\d|\s+[A-Za-z0-9-]*\d[A-Za-z0-9-]*[A-Za-z]))"
    + _CUE_TAIL
    + _ID
)
_TICKET_CUE = re.compile(
    r"(?:投诉单号|工单编号|工单号|工单|(?:服务|维修|售后|报修|投诉|退货|退换货)单号?"
    # "return authorization RA-20417", "my RMA number is 66120": a return the shop authorized is a case of its own
    r"|(?i:\b(?:return\s+(?:authori[sz]ation|merchandise\s+authori[sz]ation)|RMA)(?:\s*(?:numbers?|no\b\.?|codes?"
    r"|ref\b\.?|reference|ids?))?)"
    # "complaint reference CMP-2231", "claim no. WC-88120": a complaint or claim named only with the word for its number
    r"|(?i:\b(?:complaints?|claims?|incidents?|enquir(?:y|ies)|inquir(?:y|ies))(?:'s)?\s*(?:numbers?\b|no\b\.?|ref\b\.?"
    r"|reference\b|ids?\b))"
    # "the reference for my warranty claim is WR-2027-1186", "ref on the repair request: RP-4410": the number named
    # first, then the case it is of
    r"|(?i:\b(?:ref(?:erence)?|case|claim)(?:\s+(?:numbers?|no\.?|code))?\s+(?:for|on|of)\s+(?:my|our|the|this)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:claims?|complaints?|cases?|tickets?|repairs?|enquir(?:y|ies)|inquir(?:y|ies)|incidents?"
    r"|disputes?|(?:support|service|repair)\s+requests?)(?=\s+(?:is|was)\b|\s*[:：]))"
    # ("support request SR-44120", "service request 5512")
    r"|(?i:\btickets?|\bcases?|\b(?:support|service|help(?:desk)?)\s+requests?)(?:\s*(?i:numbers?|no\.?|nos\.?|num|ids?"
    # "my case ref is CS-118204", "ticket reference: HD-4410"
    r"|ref\.?|reference(?:\s+(?:numbers?|no\.?))?))?" + _CUE_OF + r")" + _CUE_TAIL + _ID
)
# More ids after a cued one share its cue: "orders 7781200 and 7781201", "订单A123、A124"; so does the
# wrong one a correction names ("it's KX-20931, not KX-20913", "是DD7730192，不是DD7730129").
_LISTED_ID = re.compile(
    r"\s*(?:,|、|/|&|(?i:and|or)\b|和|及|以及|,?\s*(?i:not|rather than|instead of)\b|[,，]?\s*(?:而)?不是"
    # ("SF-88013 不是我的单，我的是 SF-88031": the right one after the wrong one.)
    r"|(?:不是我的(?:单子|订单|单)?)?[,，]\s*(?:我的|我的(?:单子|订单|单)|正确的|应该)(?:才)?是)\s*#?\s*" + _ID
)
# The cue after the number, as Chinese puts it: "帮我看看 1188 7723 9901 这个单子的物流".
# ("SN-20931 那单退款…": a code of letters and digits, then "that order".)
_ORDER_CUE_AFTER = re.compile(
    rf"(?<![0-9A-Za-z])(?P<id>{_GROUPED_DIGITS}|\d{{8,20}}(?![0-9])|[A-Z]{{1,4}}-?\d{{4,}}(?![0-9A-Za-z-]))"
    r"\s*(?:这个|这张|那个|那张|这一?笔|那|这"
    # ("SF-88013 不是我的单", "DD-5512 是我昨天下的那个单": the code said to be, or not to be, an order.)
    r"|(?:不|就)?是[^，。！？；]{0,10}?的(?:那个|这个|那张|这张)?)(?:单子|订单|单)"
)
# The kind said after a dashed or long number: "any tracking on 7730-2219-05, my order?", "880156这个工单",
# "GD-20261030 这个工单".
_ORDER_NAMED_AFTER = re.compile(
    # Not a date (2024-11-05) nor a local phone number (555-1234).
    r"(?<![0-9A-Za-z-])(?!\d{4}-\d{1,2}-\d{1,2}(?![0-9]))(?!\d{3}-\d{4}(?![0-9-]))"
    r"(?P<id>\d{2,6}(?:-\d{2,6}){1,3}|\d{7,20})(?![0-9A-Za-z-])"
    r"(?=\s*[,，]?\s*(?i:(?:is\s+|that's\s+|which\s+is\s+)?my\s+order)\s*(?:[?.!,;]|$))"
)
# A code as the subject of a shipping verb is a parcel's order number: "KX-88310274 was dispatched from our
# depot", "PT-7730915 cleared customs yesterday", "AZ-55102-K came with a dent", "QL-88012 never arrived".
_ORDER_SHIPPED = re.compile(
    # ("FX20441 never showed up": capitals and five digits, unbroken, are an order's code as well)
    r"(?<![A-Za-z0-9_-])(?P<id>[A-Z]{1,4}\d{5,}|[A-Z]{1,4}-?\d{6,}|[A-Z]{1,4}-\d{5,}-[A-Z0-9]{1,3})(?![A-Za-z0-9_-])"
    r"(?=\s+(?:(?:was|has\s+been|had\s+been|is|got|has|just|never|still\s+hasn't|hasn't|finally)\s+)?"
    r"(?:dispatched|shipped|delivered|cleared|arrived|came\s+(?:with|broken|damaged|smashed|cracked|open)"
    r"|showed\s+up|turned\s+up|left\s+(?:the|our)|out\s+for\s+delivery|in\s+transit|on\s+its\s+way)\b)"
)
# A refund, payment or invoice for a short code: "any news on my refund for KP-2093?", "the invoice for TR-4410".
# Four digits are too few for a code said alone ("XPS-9310" is a model), but what is paid or refunded is an order.
_ORDER_PAID_FOR = re.compile(
    r"(?i:\b(?:payment|paid|invoice|receipt|refund|bill|charge)\s+(?:for|on)\s+#?)"
    # (not a refund offered to the owners of a model: "a refund for XPS-9310 owners")
    r"(?P<id>[A-Z]{1,4}-\d{4})(?![A-Za-z0-9_-])(?!\s+(?i:owners?|users?|buyers?|customers?|models?|units?|series)\b)"
)
# "can you cancel A88-310257 before it ships?": an errand on a code whose prefix is a letter and digits; or on
# capitals run straight into five or more digits ("cancel QT55120 pls", "please track my RB881204").
_ORDER_ERRAND_MIXED = re.compile(
    r"(?i:\b(?:cancel|track|trace|return|refund|reship|re-?send|expedite|chase)(?:\s+(?:my|our|the))?\s+#?)"
    r"(?P<id>[A-Z]\d{1,3}-\d{5,}|[A-Z]{1,4}\d{5,})(?![A-Za-z0-9_-])"
)
# An order named by the placing of it: "I placed #BA-20931 last Monday", "we ordered KX-55120 on Friday" (a complaint
# said after it does not make it a case).
_ORDER_PLACED = re.compile(
    r"(?i:\b(?:I|we|I've|we've|I\s+have|just|already)\s+(?:placed|ordered|pre-?ordered))\s+#?"
    r"(?P<id>[A-Z]{1,4}-?\d{4,}(?:-[A-Z0-9]{1,3})?)(?![A-Za-z0-9_-])"
)
# Codes the speaker calls their orders: "VN-1187 and VN-1192 are both my orders", "QX-4410 is my order".
_ORDER_CLAIMED = re.compile(
    r"(?<![A-Za-z0-9_-])#?(?P<id>[A-Z]{1,4}-?\d{4,}(?:-[A-Z0-9]{1,3})?)(?![A-Za-z0-9_-])"
    r"(?=(?:\s*(?:,|&|(?i:and))\s*#?[A-Z]{1,4}-?\d{4,}(?:-[A-Z0-9]{1,3})?)*\s+(?i:is|are)\s+(?i:both\s+|all\s+)?"
    r"(?i:my|our)\s+orders?\b)"
)
# A '#' code of letters and a long run of digits, in a turn about an order: "waiting on #A78812340, where is
# my order?" (no ticket or case named, which would make it theirs).
_HASH_ORDER = re.compile(
    r"(?<![A-Za-z0-9_])#\s?(?P<id>[A-Z]{1,3}-?\d{6,})(?![A-Za-z0-9_-])"
    r"(?=(?:(?![.!?](?:\s|$))[^#])*?\b(?i:my\s+(?:order|purchase|delivery))\b)(?!.*\b(?i:ticket|case)\b)"
)
# An order told by when or where it was placed, then its number set off by commas: "My order from the 28th
# of December, 5519-0042, still hasn't shipped", "the order I placed on Monday, QX-80112, is late". Not a
# date (2024-11-05) nor a local phone number (555-1234).
_ORDER_APPOSED = re.compile(
    r"(?i:\border\s+(?:from|of|placed|I\s+placed|I\s+made)\b"
    # "placed two orders yesterday, NL-55120 and NL-55127, …": orders placed, counted, then their numbers
    r"|\b(?:placed|made|put\s+in)\s+(?:an?|one|two|three|four|\d|a\s+couple\s+of|some|my|the)\s+(?:new\s+|separate\s+)?"
    r"orders?\b"
    # "ordered a kettle yesterday, CV-00812, and …", "I purchased two lamps on the 3rd, 7719-2204, neither came": what
    # was ordered, then the order's number set off by commas
    r"|(?<!\bif\s)(?<!\bnever\s)(?<!\bhaven't\s)\b(?:ordered|purchased|pre-?ordered))[^.?!,]{0,40},\s*#?"
    r"(?!\d{4}-\d{1,2}-\d{1,2}(?![0-9]))(?!\d{3}-\d{4}(?![0-9-]))"
    r"(?P<id>\d{2,6}(?:-\d{2,6}){1,3}|\d{7,20}|[A-Z]{1,4}-?\d{4,}(?:-[A-Z0-9]{1,3})?)(?=\s*(?:,|(?i:and|&)\s))"
)
# A code that opens the turn, set off by a dash or colon, then a question or request about an order: "NZ7730125 -
# can that be cancelled before it ships?", "88120-4471: still not delivered". Not a date, nor a local phone number.
_ORDER_OPENING = re.compile(
    r"^\W*#?(?!\d{4}-\d{1,2}-\d{1,2}(?![0-9]))(?!\d{3}-\d{4}(?![0-9-]))"
    # (nor a phone number: "555-123-4567 - call me about my order", "0412555019: text me when it ships")
    r"(?!\d{3}-\d{3}-\d{4}(?![0-9]))(?!0\d{9,10}(?![0-9]))"
    r"(?P<id>[A-Z]{1,4}-?\d{5,}(?:-[A-Z0-9]{1,3})?|\d{2,6}(?:-\d{2,6}){1,3}|\d{7,20})(?![A-Za-z0-9_-])"
    r"\s*(?:[:\u2013\u2014]|\s-+)\s*"
    r"(?=[^.!?]*\b(?i:cancel\w*|ship\w*|deliver\w*|arriv\w*|track\w*|dispatch\w*|refund\w*|return\w*|order\w*)\b)"
)
# An order code (capitals, a dash, five or more digits: too long for a model number like "XPS-9310") named by an
# errand on it, before or after: "can you cancel NH-40112?", "please track QZ-55102", "refund KT-88012 pls",
# "MX-20931 needs to be cancelled", "BR-77120 should be refunded", "payment for FJ-30567 was received",
# "the invoice for AB-44120", "I ordered a laptop bag - FJ-30988 - and …" (set off by dashes or brackets).
_ORDER_CODE = r"(?P<id>[A-Z]{1,4}-\d{5,}(?:-[A-Z0-9]{1,3})?)(?![A-Za-z0-9_-])"
_ORDER_ERRAND = re.compile(
    r"(?<![A-Za-z0-9_-])(?:"
    # the errand before the code ("cancel my NH-40112", "please track QZ-55102")
    r"(?i:\b(?:cancel|track|trace|return|refund|reship|re-?send|expedite|chase)(?:\s+(?:my|our|the))?\s+#?)"
    # a payment, invoice or receipt for it
    r"|(?i:\b(?:payment|paid|invoice|receipt|refund|bill|charge|tracking)\s+(?:for|on)\s+#?)"
    # what was ordered, then the code set off by a dash or a bracket
    r"|(?i:(?<!\bif\s)(?<!\bnever\s)\b(?:ordered|purchased|bought|pre-?ordered)\b)[^.?!]{0,40}?\s(?:[\u2013\u2014(]|-+)\s*#?"
    # the errand after the code ("MX-20931 needs to be cancelled", "KT-88012 got refunded")
    r"|(?="
    + _ORDER_CODE.replace("(?P<id>", "(?:")
    + r"\s+(?:(?:needs?|has|have|ought)\s+to\s+be|should\s+be|must\s+be|can\s+be|could\s+be|was|got|is|has\s+been)"
    r"\s+(?:cancell?ed|refunded|returned|sent\s+back)\b)"
    r")" + _ORDER_CODE
)
# An order code alone (capitals, a dash, five or more digits), in a turn about an order or a case: "where's
# RX-550918?? tracking said shipped", "Did I give you my order number? It's IN-778120 if not". A case's words in its
# own sentence make it a ticket. Standards and product codes ("ISO-27001", "SKU-102233") are neither.
_LONE_CODE = re.compile(
    r"(?<![A-Za-z0-9_-])#?(?P<id>(?!(?:SKU|ISO|CVE|RFC|ASIN|EAN|UPC|IBAN|COVID|EN|DIN|IEC|BS|ANSI|MIL)-)"
    r"[A-Z]{1,4}-\d{5,}(?:-[A-Z0-9]{1,3})?)(?![A-Za-z0-9_-])"
)
# A short code named as a product, not an order: "I bought a Dell XPS-9310", "does the policy cover the XPS-9310?",
# "a refund for XPS-9310 owners".
_MODEL_NAMED = re.compile(r"\b(?i:a|an|the|this|that|these|those|every|any)\s+(?:[A-Z][\w-]*\s+)?$")
_MODEL_OWNERS = re.compile(r"\s+(?i:owners|users|buyers|models?|series|editions?|versions?|units)\b")
# A code right after a maker's name is that maker's model, whatever its shape: "the Lenovo TB-8505", "Samsung
# SM-G991B", "Sony WH-1000XM5", "an Nvidia RTX-4090", "联想 TB-8505" ("TB" is also Taobao's order prefix).
_MAKER_BEFORE = re.compile(
    r"(?:\b(?i:lenovo|samsung|galaxy|sony|apple|macbook|ipad|iphone|dell|hp|asus|acer|msi|lg|huawei|honor|xiaomi|redmi"
    r"|oppo|vivo|oneplus|nokia|motorola|moto|google|pixel|microsoft|surface|nintendo|bose|jbl|canon|nikon|fujifilm"
    r"|panasonic|philips|dyson|dji|garmin|fitbit|nvidia|geforce|amd|radeon|intel|logitech|razer|kindle|tp-link"
    r"|netgear|synology|brother|epson)|联想|三星|索尼|苹果|戴尔|惠普|华硕|宏碁|华为|荣耀|小米|红米|诺基亚|英伟达|佳能|尼康|大疆)"
    r"\s*$"
)
_ORDER_TALK = re.compile(
    r"\b(?i:orders?|ordered|parcels?|packages?|deliver\w*|ship(?:ped|ping|ment)?|dispatch\w*|tracking|arriv\w*|courier"
    r"|refund\w*|money\s+back|returns?|returned|cancel\w*|purchase[ds]?|bought|paid|invoice"
    # (a wait for something to come: "still nothing?? been waiting forever, is it even coming")
    r"|still\s+(?:nothing(?!\s+(?:like|compares|beats|better|else|on))|not\s+(?:here|come|arrived))|waiting\s+(?:forever|ages|for\s+ages)"
    r"|is\s+it\s+(?:ever\s+|even\s+)?coming"
    # ("has my KT-6604 left port yet": a consignment's voyage)
    r"|left\s+(?:port|the\s+(?:port|warehouse|depot))|set\s+sail)\b"
)
# The same in Chinese, for a code of five digits or more only: "帮我把 SN-55710 取消掉", "HX-40127 退款到账了吗"
# ("订单号以这个为准：AB-1234" is too short to stand alone).
_ORDER_TALK_ZH = re.compile(r"快递|包裹|订单|取消|退款|退货|发货|到货|物流|签收|拍错|下单|催单")
# An order code with four digits ("KT-7713", "QP-3390"): too short to stand alone in a turn, so counted only with an
# order's own word in its sentence ("I want my money back for KT-7713", "my return on QP-3390", "the gift I
# ordered (HV-2218) hasn't arrived"). A year is no code ("COVID-2019", "FY-2024").
_SHORT_LONE_CODE = re.compile(
    r"(?<![A-Za-z0-9_-])#?(?P<id>(?!(?:SKU|ISO|CVE|RFC|ASIN|EAN|UPC|IBAN|COVID|EN|DIN|IEC|BS|ANSI|MIL|FY|Q[1-4])-)"
    r"[A-Z]{2,4}-(?!(?:19|20)\d\d(?![0-9]))\d{4})(?![A-Za-z0-9_-])"
)
_TICKET_TALK = re.compile(
    r"\b(?i:tickets?|cases?|claims?|complaints?|incidents?|(?:support|service|repair)\s+requests?|enquir(?:y|ies)"
    r"|inquir(?:y|ies)|technicians?|helpdesk|help\s+desk|escalat\w*"
    # ("Return RMA-30418 — the courier collected it": a return's authorization number is a ticket's)
    r"|RMA|return\s+authori[sz]ation)\b"
)
# What else a code may be: "the model number is GT-55120", "booking ref AB-77120", "policy no. HX-88120".
_OTHER_CODE_BEFORE = re.compile(
    r"\b(?i:model|part|serial|product|item|sku|flight|booking|reservation|policy|account|member(?:ship)?|customer|user"
    r"|licen[cs]e|registration|plate|vin|version|firmware|tax|vat|passport|voucher|coupon|promo|gift\s+card"
    # (a part of a document: "section AB-1234 of the contract was returned unsigned")
    r"|section|clause|article|chapter|form)\b[^.!?]*$"
)
_TICKET_CUE_AFTER = re.compile(
    # ("GD-20261030 这个工单": a code with letters before its number is one id.)
    r"(?<![0-9A-Za-z-])(?!1[3-9]\d{9}(?![0-9]))(?P<id>(?:[A-Z]{1,4}-?)?\d{5,20})(?![0-9])\s*(?:这个|这张|那个|那张"
    # ("WO-71206 是我上周提交的那个工单": the code said to be a ticket.)
    r"|(?:就)?是[^，。！？；]{0,10}?的(?:那个|这个|那张|这张)?)(?:工单|投诉单|售后单|报修单)"
)
_USER_CUE = re.compile(
    # "用户 u_chen_88", "加微信 kefu_vip888", "user u_lina42": a handle said after who or where it is.
    r"(?:用户\s*(?i:id)|用户编号|用户号|会员号|账号|帐号|用户(?=\s*[A-Za-z])|(?:加|我的)?微信号?(?=\s*(?:是|为|[:：])?\s*[A-Za-z])"
    # "会员卡上印的号码是 VIP…", "会员编号 …": a member number names the account.
    r"|会员卡(?:上)?(?:印的|写的)?(?:号码|卡号|号)?|会员(?:编号|(?i:id))|用户名|登录名"
    r"|(?i:\buser(?=\s+[a-z]+_?[a-z]*\d)|\bwechat(?:\s*id)?(?=\s*[A-Za-z]))"
    # "raise account u_9931 to …", "Account ACC-55019-K": an account named by its handle or code.
    r"|(?i:\baccount)(?=\s+(?:[A-Za-z]+_[A-Za-z0-9_]*\d|[A-Z]{2,5}-?\d[A-Z0-9-]*(?![a-z])))"
    r"|(?i:\buser[\s_-]?id|\buid|\baccount\s*(?:id|number|no\.?)"
    r"|\bcustomer\s*(?:id|number|no\.?)|\bmember(?:ship)?\s*(?:id|number|no\.?)"
    # "login id is ted_w_1988", "my username: kay.r_77"
    r"|\blog-?in\s*(?:id|name|handle)?(?=\s*(?:is\b|:))|\buser\s?name))"
    + _CUE_TAIL
    # ("会员号 111 8820 4471": a member number read out in groups)
    + rf"(?P<id>{_GROUPED_DIGITS}|[A-Za-z0-9_][A-Za-z0-9_.-]*)"
)
# A parcel named by its code: "during delivery of AE77310", "parcel 7781-2290-AX", "tracking number: QX88120455". A
# code of letters and digits, a dashed run or a long number only ("a shipment of 5000 masks" names none).
_PARCEL_CUE = re.compile(
    r"(?:(?i:\b(?:parcels?|packages?|shipments?|consignments?|deliver(?:y|ies)\s+(?:of|for)|tracking(?:\s+(?:numbers?|no\.?"
    r"|codes?|ids?))?|(?:waybill|AWB)(?:\s+(?:numbers?|no\.?))?))"
    # ("催一下我的快递 YT8812093 到哪了", "包裹 ZT55012345 还没到": a parcel named by its code in Chinese)
    # (letters and digits, or a long run of digits: "快递 123456 元" names no parcel)
    r"|(?:快递|包裹|运单)(?:单号|号码|号)?(?:是|为)?(?=\s*[:：]?\s*(?:[A-Z]{1,4}-?\d|\d{10})))"
    # ("the parcel for PL-93307 arrived empty", "tracking on QX-88120": the parcel of the order)
    r"(?:\s+(?i:for|of|on)(?=\s+#?[A-Z]{1,4}-?\d))?\s*(?:(?i:is|was)\s+|[:：]\s*)?#?\s*"
    # (a dashed run of digits alone needs three groups: "parcel 7781-2290" may be anything)
    r"(?P<id>[A-Z]{1,4}-?\d{4,}(?:-[A-Z0-9]{1,4})?|\d{2,6}(?:-\d{2,6})*-[A-Z][0-9A-Z]{1,5}|\d{2,6}(?:-\d{2,6}){2,3}"
    r"|\d{6,20})(?![A-Za-z0-9_-])"
)
# Ids recognisable by shape alone: a known order prefix, or a few capitals and a long run of digits.
_ORDER_SHAPE = re.compile(
    r"(?<![A-Za-z0-9_-])(?P<id>(?:ORD|ORDER|SO|PO|JD|TB|TM|PDD|AMZ|INV)[-_]?(?:[A-Z0-9]+[-_])*\d[A-Z0-9]*"
    r"|[A-Z]{2,4}\d{8,})(?![A-Za-z0-9_-])"
)
# ("RMA-55817": a return's authorization, a case the shop opened, not an order)
_RETURN_CASE = re.compile(r"RMA[-_ ]?\d{3,}", re.IGNORECASE)
_TICKET_SHAPE = re.compile(r"(?<![A-Za-z0-9_-])(?P<id>(?:TK|TKT|TICKET|CASE|INC|RMA)[-_]?\d{3,})(?![A-Za-z0-9_-])")

# ("€12,50", "R$ 1.250,00": a decimal comma, as most of Europe and Latin America write cents; "₹1,20,000": lakhs)
_NUM = (
    r"\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?(?![\d,])|\d{1,3}(?:\.\d{3})*,\d{2}(?![\d,])"
    r"|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
)
_CN_DIGITS = "零一二两三四五六七八九"
_CN_NUM = rf"[{_CN_DIGITS}十百千万亿]+"
_MULT = r"(?P<mult>[千万kK](?![A-Za-z]))?"
_PREFIX_CURRENCY = re.compile(
    # ("S/ 45", "S/.120": the Peruvian sol; "฿2,450", "RM89.90", "R$ 120", "AED 75": the currencies of
    # travellers and shoppers far from the dollar, by sign or ISO code)
    r"(?P<cur>[¥$€£₹฿₩₱₫₺₪₦₴₽₵]|(?<![A-Za-z])(?:US\$|NZ\$|AU?\$|CA?\$|HK\$|S\$|NT\$|R\$|MX\$|S/\.?|Rs\.?|RMB|RM|Rp\.?"
    # (ISO codes in capitals only: "php 8.2" is a language version; PHP itself is left out for that reason)
    r"|Dhs?\.?|Ksh\.?|KSh|INR|CNY|USD|EUR|GBP|AUD|CAD|NZD|HKD|SGD|CHF|JPY|PEN|THB|MYR|ZAR|AED|SAR|QAR|KWD|EGP|IDR"
    r"|KRW|TWD|MXN|BRL|ARS|CLP|COP|PLN|CZK|HUF|SEK|NOK|DKK|TRY|ILS|NGN|KES|GHS|PKR|BDT|LKR|NPR|VND)(?![A-Za-z])"
    # "R1,250", "R 89.90": the rand's R only with a thousands comma or cents, so "R2D2" or "R5 road" never count
    r"|(?<![A-Za-z])R(?=\s?\d{1,3}(?:,\d{3})+|\s?\d+\.\d{2}(?!\d)))\s?(?P<num>" + _NUM + r")" + _MULT
)
# A sum without a currency, as receipts print it ("charged twice, 64.00 each time", "the 19.50 delivery fee"):
# only with two decimals and a word of money right beside it, so versions ("iOS 17.2") and times never count.
_BARE_AMOUNT = re.compile(r"(?<![\w.,:/$€£¥₹-])(?P<num>\d{1,6}\.\d{2})(?![\w.%:])")
_MONEY_WORD = r"(?:fee|fees|charged?|charges|refund(?:ed)?|paid|pay|cost|costs|price|total|bill(?:ed)?|spent)"
_MONEY_BEFORE = re.compile(rf"(?i:\b{_MONEY_WORD}\b)[^.!?\d]{{0,15}}$")
_VERSION_BEFORE = re.compile(
    r"(?i:\b(?:version|ver|v|ios|android|macos|windows|firmware|release|build|update|rating))\s*$"
)
_MONEY_AFTER = re.compile(rf"\s+(?:[a-z]+\s+)?(?i:{_MONEY_WORD}|each\s+time)\b")
# Currencies named in Chinese after the sum: "120迪拉姆", "2450泰铢", "三百港币" (the ones whose name ends in 元,
# 港元 or 日元, must be listed: the bare 元 rule never sees a number right before them).
_CN_CURRENCY_NAMES = (
    "迪拉姆|泰铢|林吉特|令吉|兰特|新加坡元|新币|港元|港币|日元|日币|韩元|韩币|澳元|澳币|加元|加币|纽币|新西兰元"
    "|新台币|台币|卢布|越南盾|印尼盾|卢比|瑞郎|里亚尔|雷亚尔"
    # (the currencies of Central and South Asia and the Pacific: "花了2,350阿富汗尼", "300斐济元", "5000塔卡")
    "|阿富汗尼|斐济元|塔卡|坚戈|图格里克|基普|瑞尔|缅元|兹罗提|福林|奈拉|塞地|太平洋法郎"
)
# 元旦 / 元宵 are holidays, not yuan; 块 after a Chinese numeral is also "a piece of", so
# it only counts with 钱 or a number of at least ten (三千块, 两百块).
_SUFFIX_CURRENCY = re.compile(
    # (not the tail of a dotted number: "IP 192.168.0.1")
    _NOT_AFTER_ALNUM
    + r"(?<!\d\.)"
    + r"(?P<num>"
    + _NUM
    + r")\s?"
    + _MULT
    + r"\s?(?P<cur>元(?![旦宵])|块钱|块|人民币|美元|美金|欧元|英镑|"
    + _CN_CURRENCY_NAMES
    + r"|RMB|CNY|USD|EUR|GBP|THB|MYR|ZAR|AED|SAR|QAR|IDR|KRW|TWD|MXN|BRL|PLN|CZK|HUF|SEK|NOK|DKK|TRY|ILS|NGN|KES"
    # (never the verb: "0.1 won't load")
    + r"|(?i:dollars?|bucks|euros?|yuan|rupees?|baht|ringgit|rand|dirhams?|riyals?|yen|won|rupiah|dong|lira|zloty|złoty"
    + r"|forint|shekels?|naira|cedis?|reais|pesos?|afghanis?|taka|tenge|kina|vatu|tala|kip|riels?|kyats?)"
    + r"(?![A-Za-z'\u2019])|zł|₫)"
)
_SUFFIX_CURRENCY_CN = re.compile(
    rf"(?P<num>{_CN_NUM})\s?(?P<cur>元(?![旦宵])|块钱|块|美元|美金|欧元|英镑|{_CN_CURRENCY_NAMES})"
)

_CURRENCY_CODES: dict[str, str] = {
    "¥": "CNY",
    "元": "CNY",
    "块": "CNY",
    "块钱": "CNY",
    "人民币": "CNY",
    "rmb": "CNY",
    "cny": "CNY",
    "yuan": "CNY",
    "$": "USD",
    "us$": "USD",
    "usd": "USD",
    "美元": "USD",
    "美金": "USD",
    "dollar": "USD",
    "dollars": "USD",
    "bucks": "USD",
    "€": "EUR",
    "eur": "EUR",
    "欧元": "EUR",
    "euro": "EUR",
    "euros": "EUR",
    "£": "GBP",
    "gbp": "GBP",
    "英镑": "GBP",
    "₹": "INR",
    "rs": "INR",
    "rs.": "INR",
    "inr": "INR",
    "rupee": "INR",
    "rupees": "INR",
    "nz$": "NZD",
    "nzd": "NZD",
    "a$": "AUD",
    "au$": "AUD",
    "aud": "AUD",
    "c$": "CAD",
    "ca$": "CAD",
    "cad": "CAD",
    "hk$": "HKD",
    "hkd": "HKD",
    "s$": "SGD",
    "sgd": "SGD",
    "chf": "CHF",
    "jpy": "JPY",
    "s/": "PEN",
    "s/.": "PEN",
    "pen": "PEN",
    "soles": "PEN",
    "฿": "THB",
    "thb": "THB",
    "baht": "THB",
    "泰铢": "THB",
    "rm": "MYR",
    "myr": "MYR",
    "ringgit": "MYR",
    "林吉特": "MYR",
    "令吉": "MYR",
    "r": "ZAR",
    "zar": "ZAR",
    "rand": "ZAR",
    "兰特": "ZAR",
    "aed": "AED",
    "dh": "AED",
    "dh.": "AED",
    "dhs": "AED",
    "dhs.": "AED",
    "dirham": "AED",
    "dirhams": "AED",
    "迪拉姆": "AED",
    "sar": "SAR",
    "riyal": "SAR",
    "riyals": "SAR",
    "里亚尔": "SAR",
    "qar": "QAR",
    "kwd": "KWD",
    "egp": "EGP",
    "idr": "IDR",
    "rp": "IDR",
    "rp.": "IDR",
    "rupiah": "IDR",
    "印尼盾": "IDR",
    "₩": "KRW",
    "krw": "KRW",
    "won": "KRW",
    "韩元": "KRW",
    "韩币": "KRW",
    "twd": "TWD",
    "nt$": "TWD",
    "新台币": "TWD",
    "台币": "TWD",
    "mxn": "MXN",
    "mx$": "MXN",
    "pesos": "MXN",
    "peso": "MXN",
    "brl": "BRL",
    "r$": "BRL",
    "reais": "BRL",
    "雷亚尔": "BRL",
    "ars": "ARS",
    "clp": "CLP",
    "cop": "COP",
    "pln": "PLN",
    "zloty": "PLN",
    "złoty": "PLN",
    "zł": "PLN",
    "czk": "CZK",
    "huf": "HUF",
    "forint": "HUF",
    "sek": "SEK",
    "nok": "NOK",
    "dkk": "DKK",
    "₺": "TRY",
    "try": "TRY",
    "lira": "TRY",
    "₪": "ILS",
    "ils": "ILS",
    "shekel": "ILS",
    "shekels": "ILS",
    "₦": "NGN",
    "ngn": "NGN",
    "naira": "NGN",
    "kes": "KES",
    "ksh": "KES",
    "ksh.": "KES",
    "₵": "GHS",
    "ghs": "GHS",
    "cedi": "GHS",
    "cedis": "GHS",
    "pkr": "PKR",
    "bdt": "BDT",
    "lkr": "LKR",
    "npr": "NPR",
    "₱": "PHP",
    "₫": "VND",
    "vnd": "VND",
    "dong": "VND",
    "越南盾": "VND",
    "₴": "UAH",
    "₽": "RUB",
    "卢布": "RUB",
    "yen": "JPY",
    "日元": "JPY",
    "日币": "JPY",
    "新加坡元": "SGD",
    "新币": "SGD",
    "港元": "HKD",
    "港币": "HKD",
    "澳元": "AUD",
    "澳币": "AUD",
    "加元": "CAD",
    "加币": "CAD",
    "纽币": "NZD",
    "新西兰元": "NZD",
    "卢比": "INR",
    "瑞郎": "CHF",
    "阿富汗尼": "AFN",
    "afghani": "AFN",
    "afghanis": "AFN",
    "斐济元": "FJD",
    "塔卡": "BDT",
    "taka": "BDT",
    "坚戈": "KZT",
    "tenge": "KZT",
    "图格里克": "MNT",
    "基普": "LAK",
    "kip": "LAK",
    "瑞尔": "KHR",
    "riel": "KHR",
    "riels": "KHR",
    "缅元": "MMK",
    "kyat": "MMK",
    "kyats": "MMK",
    "兹罗提": "PLN",
    "福林": "HUF",
    "奈拉": "NGN",
    "塞地": "GHS",
    "太平洋法郎": "XPF",
    "kina": "PGK",
    "vatu": "VUV",
    "tala": "WST",
}
# Currencies whose sums group thousands with dots ("Rp150.000", "50.000₫"): the dots are no decimal point.
_DOT_THOUSANDS = frozenset({"IDR", "VND"})
_MULTIPLIERS = {"千": 1000, "k": 1000, "万": 10000}

_MIN_ID_CHARS = 4
_MIN_PHONE_DIGITS = 8
_MAX_PHONE_DIGITS = 15
_YEAR = re.compile(r"^(19|20)\d{2}$")

# ---------------------------------------------------------------------------- numbers


def parse_chinese_number(text: str) -> int | None:
    """``三千`` → 3000, ``两百五十`` → 250, ``一万二千`` → 12000; ``None`` if not a numeral."""
    digits = {ch: i for i, ch in enumerate("零一二三四五六七八九")} | {"两": 2}
    small_units = {"十": 10, "百": 100, "千": 1000}
    big_units = {"万": 10_000, "亿": 100_000_000}
    total = section = digit = 0
    seen = False
    for ch in text:
        if ch in digits:
            digit, seen = digits[ch], True
        elif ch in small_units:
            # A bare 十 at the start means 10 ("十五" = 15).
            section += (digit or 1) * small_units[ch]
            digit, seen = 0, True
        elif ch in big_units:
            total += (section + digit) * big_units[ch]
            section = digit = 0
        else:
            return None
    return total + section + digit if seen else None


def _decimal_string(amount: Decimal) -> str:
    if amount == amount.to_integral_value():
        return str(int(amount))
    # Money keeps cents: 3000.5 is written 3000.50.
    return f"{amount:.2f}" if amount.as_tuple().exponent in (-1, -2) else format(amount.normalize(), "f")


# ---------------------------------------------------------------------------- scanning


@dataclass(frozen=True, slots=True)
class _Found:
    priority: int
    """Lower wins an overlap: a cue ("账号") says more than a shape does."""
    mention: IdentifierMention


def _fold(text: str) -> str:
    """NFKC per character, keeping offsets: full-width ``１３８`` / ``＠`` / ``￥`` become ASCII."""
    out = []
    for ch in text:
        folded = unicodedata.normalize("NFKC", ch)
        out.append(folded if len(folded) == 1 else ch)
    return "".join(out)


def _mention(
    text: str, kind: IdentifierKind, span: tuple[int, int], value: str | None, currency: str | None = None
) -> IdentifierMention | None:
    if not value:
        return None
    return IdentifierMention(kind=kind, text=text[span[0] : span[1]], value=value, span=span, currency=currency)


# "update my phone to …", "change the number on file to …": the speaker's number, set to what follows.
_CHANGED_TO_NUMBER = (
    r"|\b(?:change|update|set|switch|swap)\s+(?:my|the)\s+(?:(?:contact|mobile|cell|phone|callback)\s+)?"
    r"(?:phone|mobile|cell|number)(?:\s+number)?(?:\s+on\s+(?:file|(?:my|the)\s+account))?\s+to"
)


# An Indian mobile in its national form ("98201 44719", ten digits from 6-9): counted only after words that
# say a number to call follows, since ten digits alone are as likely an order number.
_IN_MOBILE_CUED = re.compile(
    # ("my new number hai …", "mera number … hai": Hinglish, the verb after the cue or at the end)
    r"(?i:\b(?:number|mobile|cell|phone|whatsapp)(?:\s+(?:is|was|now|hai|:))+|\bmera\s+(?:naya\s+)?number"
    r"|\b(?:call|ring|text|reach)\s+(?:me|him|her|us)"
    r"\s+(?:on|at)" + _CHANGED_TO_NUMBER + r")\s*(?P<id>[6-9]\d{4}[\s-]?\d{5})" + _NOT_BEFORE_DIGIT
)


# A local number in its national form, of any country, counted only after words that say a number to call follows:
# "Call me on 0300 5512894", "new number 01711-458923", "landline 231 23 45", "缅甸新号 09 7812 3456", "my cell is
# 0803 555 1212". Seven to twelve digits in groups (a lone run of seven is too short to be anything but a local
# landline, so it needs a space or dash). Not an order or account number: the cue is a phone's own word.
_LOCAL_PHONE_CUE = (
    # ("my brother's number is 684 733 2108": a number named as someone's, never a record's: "the order's number")
    # ("that's my son's number on there, 0412 …": where it is kept, then a comma)
    r"(?i:\b(?:(?:phone|mobile|cell|contact|landline|home|work|office|whatsapp|new|my|his|her|their|our"
    r"|(?!(?:order|ticket|case|parcel|package|account|tracking|invoice|reference|item|model|room|flight|seat|house"
    r"|unit|policy|booking|card|claim|shipment|delivery)'s)[a-z]+'s)\s+"
    r"(?:number|no\.?|num|#)(?:\s+on\s+(?:there|file|(?:the|my|his|her|our)\s+account)\s*,)?"
    r"|mobile|cell(?:phone)?|handphone|landline|phone|whatsapp|viber|telegram)(?:\s+(?:is|was|now|:))*"
    r"|\b(?:call|ring|text|reach|phone|whatsapp|contact)\s+(?:me|him|her|us|them)\s+(?:on|at)"
    # ("my handphone number changed, new one is 9123 4567": "one" stands for the number just said to have changed)
    r"|\b(?:number|mobile|handphone|phone|cell)\b[^.!?\d@]{0,30}?\b(?:changed|new)\b[^.!?\d@]{0,12}?"
    r"\bnew\s+one(?:\s+is|'s)?" + _CHANGED_TO_NUMBER + r")"
    # ("Number is 9123 4587 for the delivery uncle": the bare word opening a sentence, as a form's label is said)
    r"|(?:^|(?<=[.!?;]\s)|(?<=[.!?;]))\s*(?i:number|h/?p(?:\s+no\.?)?)(?=\s+is\b|\s*:)(?:\s+is)?"
    # ("阿富汗的号 0700 123 456", "我这边的号是 …", "国内那个号 …": a number named as someone's or somewhere's 号)
    r"|(?:手机号码?|手机|电话号码|电话|新号码?|号码|联系方式|(?:的|那个|这个)号(?!码))\s*(?:是|为|换成了?|改成了?|:|：)?"
    # ("要聯絡我請直接打 0912-345-678": the number to call to reach the speaker)
    r"|(?:联系|联络|聯絡|聯繫|找)我(?:的话|的話)?[，,]?\s*(?:请|請|就|都|可以|麻烦|麻煩)*(?:直接)?(?:打|拨打|撥打|拨|撥)"
)
_LOCAL_PHONE_CUED = re.compile(
    r"(?:" + _LOCAL_PHONE_CUE + r")\s*[:：]?\s*"
    r"(?P<id>(?<![0-9A-Za-z+])\d{2,5}(?:[\s-]\d{2,7}){1,3}|0\d{9,11})"
    + _NOT_BEFORE_DIGIT
    # (not an amount, a time or a count: "my number is 12 30 kg", "phone 2 of 3")
    + r"(?!\s*(?:%|[kK]g|(?i:am|pm|dollars?|euros?|yuan|元|块|个|台|年|月|日|号)))"
)
_MIN_LOCAL_DIGITS = 7
_DATE_LIKE = re.compile(r"(?:19|20)\d{2}[\s-]\d{1,4}(?:[\s-]\d{1,2})?")
_MAX_LOCAL_DIGITS = 12


def _phones(text: str, folded: str) -> Iterator[_Found]:
    national = (_CN_LANDLINE, _UK_MOBILE, _AU_MOBILE, _NL_MOBILE, _DE_MOBILE, _JP_FREEPHONE)
    for priority, pattern in enumerate(
        (
            _CN_MOBILE,
            _INTL_PHONE,
            _US_PHONE,
            _CN_LANDLINE,
            _UK_MOBILE,
            _AU_MOBILE,
            _NL_MOBILE,
            _DE_MOBILE,
            _JP_FREEPHONE,
        ),
        start=20,
    ):
        for m in pattern.finditer(folded):
            if pattern is _CN_MOBILE and _FOREIGN_CODE_BEFORE.search(folded, 0, m.start()):
                continue
            if pattern in national and (
                _MORE_GROUPS_BEFORE.search(folded, 0, m.start()) or _MORE_GROUPS_AFTER.match(folded, m.end())
            ):
                continue
            digits = re.sub(r"\D", "", m.group())
            if not _MIN_PHONE_DIGITS <= len(digits) <= _MAX_PHONE_DIGITS:
                continue
            found = _mention(text, "phone", m.span(), identifier_key(m.group(), "phone"))
            if found:
                yield _Found(priority, found)
    for m in _IN_MOBILE_CUED.finditer(folded):
        found = _mention(text, "phone", m.span("id"), identifier_key(m.group("id"), "phone"))
        if found:
            yield _Found(28, found)
    for m in _LOCAL_PHONE_CUED.finditer(folded):
        said = m.group("id")
        digits = re.sub(r"\D", "", said)
        # (a date or a span of years is no number: "phone 2024-05-11", "mobile 2019-2023")
        if not _MIN_LOCAL_DIGITS <= len(digits) <= _MAX_LOCAL_DIGITS or _DATE_LIKE.fullmatch(said):
            continue
        if _MORE_GROUPS_AFTER.match(folded, m.end()):
            continue
        found = _mention(text, "phone", m.span("id"), identifier_key(said, "phone"))
        if found:
            yield _Found(29, found)


def _plausible_id(token: str) -> bool:
    token = token.strip("-_")
    if len(token) < _MIN_ID_CHARS or not re.search(r"\d", token):
        return False
    # A cue followed by a year ("orders in 2024" is caught elsewhere, "订单 2024" is not an id).
    return not _YEAR.match(token)


def _cued_ids(text: str, folded: str) -> Iterator[_Found]:
    cued: tuple[tuple[re.Pattern[str], IdentifierKind], ...] = (
        (_TICKET_CUE, "ticket_id"),
        (_ORDER_CUE, "order_id"),
        (_USER_CUE, "user_id"),
        (_ORDER_CUE_AFTER, "order_id"),
        (_ORDER_NAMED_AFTER, "order_id"),
        (_TICKET_CUE_AFTER, "ticket_id"),
        (_ORDER_SHIPPED, "order_id"),
        (_ORDER_APPOSED, "order_id"),
        (_ORDER_OPENING, "order_id"),
        (_ORDER_ERRAND, "order_id"),
        (_ORDER_PAID_FOR, "order_id"),
        (_ORDER_PLACED, "order_id"),
        (_ORDER_ERRAND_MIXED, "order_id"),
        (_ORDER_CLAIMED, "order_id"),
        (_HASH_ORDER, "order_id"),
        (_PARCEL_CUE, "order_id"),
    )
    for pattern, cued_kind in cued:
        for m in pattern.finditer(folded):
            token = m.group("id").rstrip("-_.")
            # ("my return RMA-44821 was picked up", "Return RMA-30418 — the courier collected it": an order's errand,
            # but the code is the return's authorization, a case the shop opened)
            kind: IdentifierKind = (
                "ticket_id" if cued_kind == "order_id" and _RETURN_CASE.fullmatch(token) else cued_kind
            )
            needs_digit = kind != "user_id" or "_" not in token
            if (needs_digit and not _plausible_id(token)) or len(token) < 3:
                continue
            if " " in token and token.replace(" ", "").isdigit() and len(token.replace(" ", "")) < _MIN_GROUPED_DIGITS:
                continue
            start = m.start("id")
            found = _mention(text, kind, (start, start + len(token)), identifier_key(token, "id"))
            if found:
                yield _Found(10, found)
            yield from _listed_ids(text, folded, kind, start + len(token), token)
            yield from _twin_codes(text, folded, kind, token)


_CODE_TOKEN = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+(?![A-Za-z0-9_-])")


def _twin_codes(text: str, folded: str, kind: IdentifierKind, token: str) -> Iterator[_Found]:
    """Codes of a cued one's very shape and letters, elsewhere in the turn, are of its kind too.

    "cancel 8817-2206-KW? ordered twice, keep 8817-2205-KW", "ticket AB-7710-X and the older AB-7702-X": digit
    groups that differ under the same letters are the same shop's (or desk's) numbers. Only a code with both
    letters and dashed digit groups is read so; a bare number's twin may be anything.
    """
    if kind not in ("order_id", "ticket_id") or "-" not in token or not re.search(r"[A-Za-z]", token):
        return
    if len(re.findall(r"\d", token)) < _MIN_ID_CHARS:
        return
    shape = re.sub(r"\d", "9", token)
    for m in _CODE_TOKEN.finditer(folded):
        said = m.group()
        if said == token or re.sub(r"\d", "9", said) != shape:
            continue
        found = _mention(text, kind, m.span(), identifier_key(said, "id"))
        if found:
            yield _Found(12, found)


def _lone_codes(text: str, folded: str) -> Iterator[_Found]:
    """Order codes said alone, read by what the turn is about (an order, or a case in the code's sentence)."""
    order_talk = bool(_ORDER_TALK.search(folded) or _ORDER_TALK_ZH.search(folded))
    if not order_talk and not _TICKET_TALK.search(folded):
        return
    for m in _LONE_CODE.finditer(folded):
        start = max(folded.rfind(mark, 0, m.start()) for mark in ".!?\n") + 1
        ends = [i for i in (folded.find(mark, m.end()) for mark in ".!?\n") if i >= 0]
        sentence = folded[start : min(ends) if ends else len(folded)]
        kind: IdentifierKind = "order_id" if order_talk and not _TICKET_TALK.search(sentence) else "ticket_id"
        if _TICKET_SHAPE.fullmatch(m.group("id")):
            kind = "ticket_id"  # ("did RMA-44821 reach you?": a case's own prefix, whatever the turn is about)
        if _OTHER_CODE_BEFORE.search(folded, max(0, m.start() - 40), m.start()):
            continue
        if _MAKER_BEFORE.search(folded, max(0, m.start() - 20), m.start()):
            continue
        found = _mention(text, kind, m.span("id"), identifier_key(m.group("id"), "id"))
        if found:
            yield _Found(20, found)
    for m in _SHORT_LONE_CODE.finditer(folded):
        start = max(folded.rfind(mark, 0, m.start()) for mark in ".!?\n") + 1
        ends = [i for i in (folded.find(mark, m.end()) for mark in ".!?\n") if i >= 0]
        sentence = folded[start : min(ends) if ends else len(folded)]
        if not _ORDER_TALK.search(sentence) or _TICKET_TALK.search(sentence):
            continue
        if _OTHER_CODE_BEFORE.search(folded, max(0, m.start() - 40), m.start()):
            continue
        if _MODEL_NAMED.search(folded, max(0, m.start() - 30), m.start()) or _MODEL_OWNERS.match(folded, m.end()):
            continue
        if _MAKER_BEFORE.search(folded, max(0, m.start() - 20), m.start()):
            continue
        asked = bool(ends) and folded[min(ends)] == "?"
        if asked and re.search(r"\b(?i:is|was|are)\s+$", folded[start : m.start()]):
            continue  # "is RTX-4090 my order?": whether it is one is asked
        found = _mention(text, "order_id", m.span("id"), identifier_key(m.group("id"), "id"))
        if found:
            yield _Found(21, found)


def _listed_ids(text: str, folded: str, kind: IdentifierKind, pos: int, first: str) -> Iterator[_Found]:
    """The ids listed after a cued one, as long as they look like it (digits for digits)."""
    while (more := _LISTED_ID.match(folded, pos)) is not None:
        token = more.group("id").rstrip("-_.")
        other_shape = token.replace(" ", "").isdigit() != first.replace(" ", "").isdigit()
        if not _plausible_id(token) or other_shape or _CN_MOBILE.fullmatch(token):
            return  # "order 77812000, 13800001111 is my number" lists a phone, not a second order
        start = more.start("id")
        found = _mention(text, kind, (start, start + len(token)), identifier_key(token, "id"))
        if found:
            yield _Found(10, found)
        pos = start + len(token)


def _shaped_ids(text: str, folded: str) -> Iterator[_Found]:
    shaped: tuple[tuple[re.Pattern[str], IdentifierKind], ...] = (
        (_TICKET_SHAPE, "ticket_id"),
        (_ORDER_SHAPE, "order_id"),
    )
    for pattern, kind in shaped:
        for m in pattern.finditer(folded):
            if len(re.sub(r"\D", "", m.group("id"))) < 3:
                continue
            if _MAKER_BEFORE.search(folded, max(0, m.start() - 20), m.start()):
                continue  # a maker's model code, not a shop's order prefix
            found = _mention(text, kind, m.span("id"), identifier_key(m.group("id"), "id"))
            if found:
                yield _Found(30, found)


def _amount(m: re.Match[str], number: Decimal | None) -> tuple[str, str] | None:
    currency = _CURRENCY_CODES.get(m.group("cur").casefold())
    if number is None or currency is None:
        return None
    mult = (m.groupdict().get("mult") or "").casefold()
    return _decimal_string(number * _MULTIPLIERS.get(mult, 1)), currency


def _arabic(m: re.Match[str]) -> Decimal | None:
    said = m.group("num")
    if re.fullmatch(r"\d{1,3}(?:\.\d{3})*,\d{2}", said):
        said = said.replace(".", "").replace(",", ".")
    elif (
        re.fullmatch(r"\d{1,3}(?:\.\d{3})+", said) and _CURRENCY_CODES.get(m.group("cur").casefold()) in _DOT_THOUSANDS
    ):
        said = said.replace(".", "")
    try:
        return Decimal(said.replace(",", ""))
    except InvalidOperation:
        return None


def _chinese(m: re.Match[str]) -> Decimal | None:
    numeral = m.group("num")
    if m.group("cur") == "块" and not re.search("[十百千万亿]", numeral):
        return None  # "一块蛋糕" is a piece of cake
    value = parse_chinese_number(numeral)
    return Decimal(value) if value else None


def _amounts(text: str, folded: str) -> Iterator[_Found]:
    parsers: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Decimal | None]], ...] = (
        (_PREFIX_CURRENCY, _arabic),
        (_SUFFIX_CURRENCY, _arabic),
        (_SUFFIX_CURRENCY_CN, _chinese),
    )
    for pattern, parse in parsers:
        for m in pattern.finditer(folded):
            amount = _amount(m, parse(m))
            if amount is None:
                continue
            found = _mention(text, "amount", m.span(), amount[0], currency=amount[1])
            if found:
                yield _Found(40, found)


def _bare_amounts(text: str, folded: str) -> Iterator[_Found]:
    for m in _BARE_AMOUNT.finditer(folded):
        before = folded[max(0, m.start() - 40) : m.start()]
        if not (_MONEY_BEFORE.search(before) or _MONEY_AFTER.match(folded, m.end())) or _VERSION_BEFORE.search(before):
            continue
        found = _mention(text, "amount", m.span(), _decimal_string(Decimal(m.group("num"))))
        if found:
            yield _Found(45, found)


def _emails(text: str, folded: str) -> Iterator[_Found]:
    for m in _EMAIL.finditer(folded):
        found = _mention(text, "email", m.span(), identifier_key(m.group(), "email"))
        if found:
            yield _Found(0, found)


def find_identifiers(text: str) -> list[IdentifierMention]:
    """Every identifier in ``text``, in order of appearance, none overlapping another.

    >>> [(m.kind, m.value) for m in find_identifiers("订单号 JD20240615001，电话 +86 138-0000-1111")]
    [('order_id', 'jd20240615001'), ('phone', '13800001111')]
    """
    folded = _fold(text)
    found = [
        *_emails(text, folded),
        *_cued_ids(text, folded),
        *_lone_codes(text, folded),
        *_phones(text, folded),
        *_shaped_ids(text, folded),
        *_amounts(text, folded),
        *_bare_amounts(text, folded),
    ]
    found.sort(key=lambda f: (f.priority, -(f.mention.span[1] - f.mention.span[0]), f.mention.span[0]))
    taken: list[IdentifierMention] = []
    for candidate in found:
        start, end = candidate.mention.span
        if all(end <= s or start >= e for s, e in (m.span for m in taken)):
            taken.append(candidate.mention)
    return sorted(taken, key=lambda m: m.span)
