"""Casual typing, tidied before the rules read a turn.

People type to a bot the way they text: "im a pharmacist at Walgreens", "ok so started at Spotify
last Monday", "我在美团做产品经理哈", "以后都寄我单位吧, 浦东张江路 88 号三楼", a trailing 🙂. The
meaning is that of the tidy sentence, and the rules are written for the tidy sentence, so each rule
set reads a tidied copy of the turn (``bench.extraction_robustness`` measures how much this is worth).

Tidying only removes noise or restores a standard spelling; it never adds content. Every character of
the tidied text remembers where it came from (``Tidied.origin``), so what the rules quote as evidence
can be shown in the user's own words. Digits, e-mail addresses and other identifier-like runs are never
changed. Pure functions, no I/O.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import opencc

__all__ = ["Tidied", "tidy_en", "tidy_zh"]


@dataclass(frozen=True, slots=True)
class Tidied:
    """A tidied turn: ``text``, and for each of its characters the offset it came from in the
    original (``origin`` has one more entry, for the end)."""

    text: str
    origin: tuple[int, ...]
    typed_in_lower_case: bool = False
    """The turn as written has no capital letter (but in names that tidying capitalises itself, such
    as languages and days): lower case says nothing there, and a word may be a name."""

    @classmethod
    def of(cls, text: str) -> Tidied:
        return cls(text, tuple(range(len(text) + 1)))

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """The span of the original text that ``text[start:end]`` was made from."""
        if end <= start:
            return self.origin[start], self.origin[start]
        return self.origin[start], self.origin[end - 1] + 1

    def as_written(self, original: str, value: str) -> str:
        """``value`` (a piece of the tidied text) in the user's own script when only the script differs:
        an address typed in Traditional characters ("台北市大安區復興南路一段390號") is kept as typed."""
        written = self.in_original(original, value)
        if written != value and _converter("t2s").convert(written) == value:
            return written
        return value

    def in_original(self, original: str, quoted: str) -> str:
        """``quoted`` (a piece of the tidied text) as the user wrote it; unchanged when not found."""
        at = self.text.find(quoted) if quoted else -1
        if at < 0:
            return quoted
        start, end = self.original_span(at, at + len(quoted))
        return original[start:end].strip() or quoted


Replacement = Callable[[re.Match[str]], str]


def _words(text: str) -> list[str]:
    """A word list written as text, one or more words to a line."""
    return text.split()


def _sub(tidied: Tidied, pattern: re.Pattern[str], replace: Replacement) -> Tidied:
    """``pattern.sub`` that keeps ``origin`` in step: a replacement of the same length maps character by
    character, any other maps every new character to the start of what it replaced."""
    text, origin = tidied.text, tidied.origin
    pieces: list[str] = []
    mapped: list[int] = []
    last = 0
    for m in pattern.finditer(text):
        new = replace(m)
        if new == m.group():
            continue
        pieces.append(text[last : m.start()])
        mapped.extend(origin[last : m.start()])
        pieces.append(new)
        if len(new) == m.end() - m.start():
            mapped.extend(origin[m.start() : m.end()])
        else:
            mapped.extend([origin[m.start()]] * len(new))
        last = m.end()
    if last == 0 and not pieces:
        return tidied
    pieces.append(text[last:])
    mapped.extend(origin[last:])
    return Tidied("".join(pieces), tuple(mapped), tidied.typed_in_lower_case)


def _const(value: str) -> Replacement:
    return lambda m: value


# -------------------------------------------------------------------------------------- shared

_EMOJI_CHARS = (
    "\U0001f000-\U0001faff"  # pictographs, emoticons, transport, symbols and pictographs extended
    "\u2600-\u27bf"  # miscellaneous symbols and dingbats (☺ ✨ ❤)
    "\u2b50\u2b55\u2934\u2935\u2b05-\u2b07\u2b1b\u2b1c"
    "\ufe0f\u200d\u20e3"  # variation selector, zero-width joiner, keycap
)
_EMOJI_RUN = f"[{_EMOJI_CHARS}]+"
# ":)" ":-D" ";)" "xD" "<3" — only standing alone, never inside a time ("10:30") or an address.
_EMOTICON = r"(?<![\w:/])(?:[:;=][-^']?[)(DPpO3\]\[/\\|]+|[xX]D+|<3+|\^_*\^)(?![\w])"
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"


def _without_emoji(tidied: Tidied, pause: str) -> Tidied:
    """Emoji and emoticons go; one between words becomes a pause, as it reads."""
    return _sub(tidied, _EMOJI_SPAN, lambda m: _emoji_gap(m, pause))


_PUNCT = ",.!?;:，。！？；：、)）(（"
_EMOJI_SPAN = re.compile(rf"[ \t]*(?:{_EMOJI_RUN}|{_EMOTICON})(?:[ \t]*(?:{_EMOJI_RUN}|{_EMOTICON}))*[ \t]*")


def _emoji_gap(m: re.Match[str], pause: str) -> str:
    before, after = m.string[: m.start()], m.string[m.end() :]
    if not before.strip() or not after.strip() or after[0] in _PUNCT:
        return ""
    if before[-1] in _PUNCT:
        return "" if before[-1] in "，。！？；：、（）" else " "
    return pause


# -------------------------------------------------------------------------------------- English

_STANDALONE_I = re.compile(r"(?<![\w'’@./-])i(?=['’](?:m|ve|d|ll)\b|[ \t]|[,!?;:]|$)")
_CAPITAL_I = re.compile(r"\bI\b")
_CURLY = re.compile(r"(?<=\w)’(?=\w)")
_NO_APOSTROPHE = {
    "im": "I'm",
    "ive": "I've",
    "dont": "don't",
    "doesnt": "doesn't",
    "didnt": "didn't",
    "isnt": "isn't",
    "wasnt": "wasn't",
    "arent": "aren't",
    "werent": "weren't",
    "havent": "haven't",
    "hasnt": "hasn't",
    "hadnt": "hadn't",
    "cant": "can't",
    "couldnt": "couldn't",
    "wouldnt": "wouldn't",
    "shouldnt": "shouldn't",
    "wont": "won't",
    "thats": "that's",
    "whats": "what's",
    "theres": "there's",
    "youre": "you're",
    "theyre": "they're",
    "hes": "he's",
    "shes": "she's",
}
_APOSTROPHE_WORD = re.compile(r"(?<![\w'@./-])(" + "|".join(_NO_APOSTROPHE) + r")(?![\w'@])", re.IGNORECASE)
# Chat spellings and common slips of the words the rules look for: "can u send it to my new addy",
# "moving tmrw", "always send it w/ UPS". Whole words only; "U.S." and "u-turn" stay.
_CHAT_WORDS = {
    "u": "you",
    "cud": "could",
    "cld": "could",
    "wud": "would",
    "shud": "should",
    "ur": "your",
    "pls": "please",
    "plz": "please",
    "plse": "please",
    "thx": "thanks",
    "thnx": "thanks",
    "tmrw": "tomorrow",
    "tmr": "tomorrow",
    "tmrrw": "tomorrow",
    "2moro": "tomorrow",
    "yday": "yesterday",
    "b4": "before",
    "bc": "because",
    "bcz": "because",
    "cuz": "because",
    "coz": "because",
    "becuz": "because",
    "becuase": "because",
    "abt": "about",
    "rn": "right now",
    "wanna": "want to",
    "gonna": "going to",
    "teh": "the",
    "adn": "and",
    "taht": "that",
    "addy": "address",
    "adress": "address",
    "addres": "address",
    "emial": "email",
    "phn": "phone",
    "alwyas": "always",
    "allways": "always",
    "alwasy": "always",
    "defualt": "default",
    "deafult": "default",
    "dafault": "default",
    "defult": "default",
    "recieve": "receive",
    "prefered": "preferred",
    "preffered": "preferred",
    "prefere": "prefer",
}
_CHAT_WORD = re.compile(r"(?<![\w'@./-])(" + "|".join(_CHAT_WORDS) + r")(?![\w'@-]|\.\w)", re.IGNORECASE)
_WITH_SLASH = re.compile(r"(?<![\w/])[wW]/(?=[ \t]+\w)")


def _chat_word(m: re.Match[str]) -> str:
    word = m.group(1)
    if (word.isupper() and len(word) > 1) or word == "U":
        return word  # "BC", "UR", "U": an abbreviation or a letter, not chat
    proper = _CHAT_WORDS[word.lower()]
    return proper[0].upper() + proper[1:] if word[0].isupper() else proper


# "its Siobhan", "its 90417": "it's" when "its" opens a sentence or a clause and no noun follows it
# in lower case ("its battery" stays possessive).
_ITS_IS = re.compile(
    r"(?:^|(?<=[.!?,;:—–] )|(?<=[.!?,;:]))[Ii]ts(?= (?:[A-Z0-9+#]|not\b|now\b|still\b|just\b))"
    r"|(?<![\w'])[Ii]ts(?= (?:a|an|the|my|our|been|gone|fine|ok|okay|done|over)\b)"  # a possessive takes no article
)
# "mi mamá is still in Arequipa", "mi mum": "my" typed as "mi" (or said in Spanish) before a kin word.
_MI_MY = re.compile(
    r"(?<![\w'@./-])(?P<m>[mM])i(?= (?:mamá|mama|mami|papá|papa|abuela|abuelita|abuelo|hermana|hermano|mum|mom|dad"
    r"|mother|father|sister|brother|wife|husband|son|daughter|grandma|grandpa)\b)"
)
# "id rather", "id like": "ID" is a word too, so only before the verbs "I'd" goes with.
_ID_WOULD = re.compile(r"(?<![\w'@./-])[iI]d(?= (?:rather|like|love|prefer|want|need)\b)")
# "Been a ground agent for Air Tahiti since the 28th", "been living in Busan a couple of years now", "Been at Canva
# since May": the "I've" chat drops, restored where a sentence opens with "been" and a state of the speaker's own
# (never "been there, done that").
_BEEN_DROPPED_I = re.compile(
    r"(?:^|(?<=[.!?] )|(?<=[.!?]))[bB]een(?= (?:an?|the|in|at|with|working|living|based|teaching|running|freelancing"
    r"|self-employed|retired|married|stationed|posted|settled|renting|staying)\b)"
)
# "Threw out my ThinkPad, it died", "sold my old iPad last week": the "I" chat drops before a disposal of the
# speaker's own ("my" says whose), restored where a sentence opens with the verb.
_DISPOSED_DROPPED_I = re.compile(
    r"(?:^|(?<=[.!?] )|(?<=[.!?]))(?P<verb>(?i:threw (?:out|away)|binned|chucked(?: out)?|tossed|sold|gave away"
    r"|got rid of|ditched|donated|recycled|scrapped|dumped))(?= my\b)"
)
# "were both on light mode", "were settled in Mombasa now": "we're" opening a clause, never a question,
# and only before words a past "were" after a plural subject seldom takes ("Ana and Li, 41, were living").
_WERE_WE_ARE = re.compile(
    r"(?:^|(?<=[.!?,;:—–] )|(?<=[.!?,;:])|(?<=, and )|(?<=, so )|(?<=, but ))[wW]ere"
    r"(?= (?:both|all|settled|officially|now|finally|back)\b)"
)
# Words that open a casual turn and say nothing: those of the first group may run straight into the
# sentence ("ok so started at Spotify"), those of the second only before a mark ("Quick update: ..."),
# since "update my address" or "right now I live in Oslo" use them as words.
_LEAD_WORDS = (
    r"ok|okay|so|btw|fyi|oh|ah|and|also|anyway|anyways|um+|uh+|well|alright|"
    r"just fyi|also fyi|by the way|oh and|oh btw|and btw|and also|ok so|okay so|so yeah|"
    r"yeah|yep|ps"
)
_LEAD_WORDS_MARKED = (
    r"k|right|quick update|small update|update|heads up|just a heads up|news|big news|sorry|oops|"  # need a mark
    r"one more thing|p\.s|psa"
)
# A greeting goes only when no introduction follows: "Hello, I'm Tariq" is how a name is given, while
# "Hey, I'm not in Minsk" is no introduction.
_NOT_INTRODUCING = (
    r"not|in|at|from|back|now|still|moving|going|looking|having|trying|so|very|really|a|an|the|just|here|there"
    r"|done|sorry|fine|good|ok|okay|well|new|writing|contacting|reaching|messaging|emailing|calling|asking"
    r"|wondering|on|with|off|also|currently|finally|officially|no|using|getting|leaving|starting|working|living"
)
_GREETING = re.compile(
    r"^(?:(?:hey|hi|hello) (?:there|all|everyone|team|folks|guys)|hey|hi|hii+|hiya|heya|howdy|hello|yo|good morning"
    r"|good afternoon|good evening)"
    r"(?:[ \t]*[,:!.—–]+[ \t]*|[ \t]+)(?!my name\b|(?:I'm|I am|im|i'm|this is|it's|its) (?!(?:"
    + _NOT_INTRODUCING
    + r")\b))"
    r"(?=\S)",
    re.IGNORECASE,
)
# Longest first, so that "and also" is one lead-in and not "and" before "also ...".
_LEAD_ALTERNATIVES = "|".join(sorted(_LEAD_WORDS.split("|"), key=len, reverse=True))
_LEAD_MARKED_ALTERNATIVES = "|".join(sorted(_LEAD_WORDS_MARKED.split("|"), key=len, reverse=True))
_LEAD_IN = re.compile(
    rf"(?:^|(?<=(?-i:[a-z0-9)\"'])[.!?] )|(?<=[!?]))(?:(?:(?:{_LEAD_ALTERNATIVES})(?:[ \t]*[,:!.—–]+[ \t]*|[ \t]+)"
    # ("small update - moved to Utrecht": a hyphen set off by spaces is the dash of casual typing)
    rf"|(?:{_LEAD_MARKED_ALTERNATIVES})(?:[ \t]*[,:!.—–]+|[ \t]+-+(?=[ \t]))[ \t]*))+(?=\S)",
    re.IGNORECASE,
)
# A courtesy or aside closing a sentence is not part of the value before it: "as a pilot thanks!",
# "she's in Copenhagen now, just so you know".
_TAIL_COURTESY = re.compile(
    r"(?<=[\w)])[ \t]*,?[ \t]+(?:thanks(?: a lot| so much| again)?|thank you(?: so much)?|thx|ty|cheers|lol|haha+"
    r"|fyi|btw|just so you know|just fyi|(?P<please>pls|please|plz))"
    r"(?=[ \t]*[!.]*[ \t]*$|[ \t]*[!.]+[ \t]+(?-i:[A-Z]))",
    re.IGNORECASE,
)


# Names that English always writes with capitals, typed in lower case: "reply in spanish", "ship with
# fedex", "my new iphone 15". Only names that are not also ordinary words (no "polish", "visa", "may").
_PROPER_WORDS = {
    word.lower(): word
    for word in _words(
        """English Chinese Mandarin Cantonese Japanese Korean French German Spanish Portuguese Italian Hindi
        Arabic Russian Vietnamese Thai Swedish Norwegian Danish Finnish Dutch Czech Hungarian Romanian Greek
        Turkish Hebrew Persian Farsi Urdu Bengali Tamil Punjabi Indonesian Malay Tagalog Filipino Ukrainian
        Croatian Serbian Catalan Swahili Afrikaans Gujarati Marathi Telugu Kannada Malayalam Nepali Monday
        Tuesday Wednesday Thursday Friday Saturday Sunday January February April June July August September
        October November December FedEx DHL USPS DPD Evri GLS PostNL PostNord Purolator Aramex Delhivery
        PayPal Venmo Alipay Klarna Revolut Monzo Zelle Afterpay WhatsApp WeChat"""
    )
}
# Device brands whose lower-case spelling is no word. (Not "garmin" or "fitbit": in a turn typed all in
# lower case the rules read "a garmin forerunner 265" whole, and a capital on the brand alone would cut
# the model off.)
_DEVICE_WORDS = {
    word.lower(): word for word in _words("""iPhone iPad MacBook iMac AirPods ThinkPad Chromebook PlayStation Xbox""")
}
_PROPER_PHRASES = {
    phrase.lower(): phrase
    for phrase in (
        "Apple Pay",
        "Google Pay",
        "WeChat Pay",
        "Samsung Pay",
        "Royal Mail",
        "Canada Post",
        "Australia Post",
        "NZ Post",
        "SF Express",
    )
}
_DEVICE_PHRASES = {phrase.lower(): phrase for phrase in ("Apple Watch", "Steam Deck", "Nintendo Switch")}
_DEVICE = re.compile(
    r"(?<![\w@./-])(?:"
    + "|".join(re.escape(p) for p in sorted([*_DEVICE_PHRASES, *_DEVICE_WORDS], key=len, reverse=True))
    + r")(?![\w@-])"
)
# Words that are names only in a context: "ship it ups" is odd, "via ups" is not; "in march".
_GUARDED_PROPER = re.compile(
    r"\b(?P<lead>(?:via|with|by|use|using|through|prefer|switch to|change to|only) )(?P<carrier>ups|ems|tnt)\b"
    r"|\b(?P<lead2>(?:in|since|last|next|early|late|mid|of|until|till) )(?P<month>march)\b"
)
_PROPER = re.compile(
    r"(?<![\w@./-])(?:"
    + "|".join(re.escape(p) for p in sorted(_PROPER_PHRASES, key=len, reverse=True))
    + "|"
    + "|".join(re.escape(w) for w in sorted(_PROPER_WORDS, key=len, reverse=True))
    + r")(?![\w@-])"
)


def _proper(m: re.Match[str]) -> str:
    return _PROPER_PHRASES.get(m.group()) or _PROPER_WORDS.get(m.group(), m.group())


def _guarded_proper(m: re.Match[str]) -> str:
    if m.group("carrier"):
        return m.group("lead") + m.group("carrier").upper()
    return m.group("lead2") + m.group("month").capitalize()


# A turn typed all in lower case ("i work for rakuten", "moved to da nang last month") names its
# employer, home and name after the same cues a capitalised turn does; there, and only there, the
# words are given their capitals, so that the rules read them as names. The words that follow a cue
# but are no name ("i work at home", "moved to the coast", "i'm at work") stop it.
_NO_NAME_WORDS = frozenset(
    _words(
        """a an the my our your his her their this that these those it its me him them us you i we they she he
        home work school uni university college office hospital church gym airport station shop store mall
        night nights weekends weekend morning mornings evening evenings day days week weeks month months
        year years now today tonight yesterday tomorrow last next since in on at for from to of with by as
        and or but so because still anymore yet already again too also just only really very pretty quite
        here there where nowhere somewhere anywhere everywhere some any all both each every no not never
        lunch dinner breakfast bed town city country countryside coast beach suburbs abroad overseas
        downtown uptown place house flat apartment one two three four five six seven eight nine ten first
        second third least most same other another new old bigger smaller different nice great good bad
        better worse hope peace part full remote sales marketing support team department floor desk site
        front back top bottom end way time times is was are were be been being am do does did has have had
        will would can could should may might must if when while until till after before about around like
        than then moment moments noon midnight once risk ease heart best worst present large random length rest
        up down out off away along through into onto upon within without
        always usually often sometimes normally mostly rarely ever seldom
        war sea play lunchtime dawn dusk sunrise sunset weekdays speed cost price pace point level stage end"""
    )
)
# Inside a name of several words only the little words end it: "aarhus university hospital",
# "leeds teaching hospitals".
_NAME_BREAK_WORDS = frozenset(
    _words(
        """a an the my our your his her their this that these those it its me him them us you i we they she he
        now today tonight yesterday tomorrow last next since in on at for from to of with by as and or but
        so because still anymore yet already again too also just only really very here there where is was
        are were be been am do does did has have had will would can could should may might must if when
        while until till after before about around like than then over back ago one two three four five six
        seven eight nine ten few couple several day days week weeks month months year years"""
    )
)
_FIRST_NAME_WORD = (
    r"(?!(?:"
    + "|".join(sorted(_NO_NAME_WORDS, key=len, reverse=True))
    + r")\b)(?![a-z]+(?:ing|ly)\b)[a-z][a-z'&.-]*[a-z]"
)
_NEXT_NAME_WORD = r"(?!(?:" + "|".join(sorted(_NAME_BREAK_WORDS, key=len, reverse=True)) + r")\b)[a-z][a-z'&.-]*[a-z]"
_CUE_NAME = rf"(?P<name>{_FIRST_NAME_WORD}(?: {_NEXT_NAME_WORD}){{0,3}})"
_TRUECASE_CUES = re.compile(
    r"\b(?:"
    r"work(?:s|ed|ing)? (?:at|for)|(?:drive|drives|driving|drove) for|"
    r"(?:job|position|role|internship|gig|contract) (?:at|with)|joined|"
    r"(?:start|started|starting) (?:at|with)|laid off (?:from|by)|employed (?:at|by)|"
    r"(?:a|an) (?:[a-z]+ ){1,3}(?:at|for|with)|(?:I'm|I am|I've been) (?:at|with)|quit|"
    r"(?:live|lives|living|lived|based|settled|staying|resident) in|resident of|"
    r"(?:moved|relocated|moving|relocating)(?: back)?(?: (?:here|there))? (?:to|from)|to|home is|"
    r"my name is|my name's|call me|go by|goes by|name should read|name is|"
    # more places: "i'm back in hamburg", "we've been in lisbon since", "a flat in leeds", "out of osaka"
    r"(?:been|I'm|we're|she's|he's|they're|I am|we are|back|still|now|officially|currently) in|"
    r"(?:place|flat|house|apartment|room|home|office|branch|condo|studio) in|out of|"
    r"(?:I|we|she|he|they|just|finally|and) left|"
    # more employers: "cfo at luxottica", "i teach maths at hillcrest", "retired from qantas"
    r"(?:[a-z]+) at|retired from|signed with|(?:not|no longer) with|staying at|still at|"
    r"(?:called|named|surname is|surname's|surname changed to|display name to|address me as|calls me)"
    r") " + _CUE_NAME
)
# Names before what is said of them: "porto is officially home", "busan's home as of", a relative
# named after the relation ("my wife carla's a dentist", "my brother kwame will pick it up"),
# someone introducing themselves ("ellie here, ...", "hi, i'm james smith, ...").
_TRUECASE_BEFORE = re.compile(
    r"(?:^|(?<=[.,;!?—–] ))"
    + _CUE_NAME
    + r"(?=(?:'s| is| has been| isn't) (?:officially |now )?(?:home|our home|my home"
    r"|behind me|history|my postcode|officially)\b| here,)"
    r"|(?:a|officially) " + _CUE_NAME.replace("?P<name>", "?P<resident>") + r"(?= (?:resident|residents|person)\b)"
)
_RELATIVES = (
    r"wife|husband|partner|son|daughter|brother|sister|mum|mom|mother|dad|father|grandmother|grandfather|grandma"
    r"|grandpa|gran|nan|aunt|uncle|cousin|niece|nephew|boss|manager|colleague|flatmate|roommate|friend|kid|child"
)
_TRUECASE_RELATIVE = re.compile(
    # ("my brother started as a plumber": a verb of what the relative did is no name)
    r"\bmy (?:" + _RELATIVES + r") (?!(?:started|began|moved|left|quit|retired|finished|joined|went|came|flies|drives"
    r"|teaches|runs|owns|works|lives)\b)"
    rf"(?P<rel>{_FIRST_NAME_WORD})(?=(?:'s|,| is| was| will| has| had| just| lives| works"
    r"| prefers| uses| likes| wants| needs| can| got| started| moved| joined| as| and| who| from| too| only)\b|'s\b|,)"
)
_TRUECASE_INTRO = re.compile(
    rf"^(?:(?:hi|hello|hey|hi there|hello there)[,!. ]+)(?:I'm|I am|this is|it's) (?P<intro>{_FIRST_NAME_WORD}"
    rf"(?: {_NEXT_NAME_WORD})?)(?=[,.!]| here\b| and\b)|^(?:I'm|this is|it's) (?P<intro2>{_FIRST_NAME_WORD}"
    rf"(?: {_NEXT_NAME_WORD})?)(?= here\b)",
    re.IGNORECASE,
)


def _device_name(m: re.Match[str], lower_case: bool) -> str:
    # In a turn typed all in lower case the rules read "an iphone 15 pro" whole; a capital on the
    # brand alone would cut the model number off.
    if lower_case and re.match(r" +[a-z]*\d", m.string[m.end() :]):
        return m.group()
    return _DEVICE_PHRASES.get(m.group()) or _DEVICE_WORDS[m.group()]


def typed_in_lower_case(text: str) -> bool:
    """No capital letter but those tidying gives anyway (languages, days, months, carriers, payment
    services, device brands): capitals are not in use, so a word in lower case may be a name
    ("i moved from brno to olomouc"). A capital "I" is a capital: "I started at the bank" is written
    with capitals, and its bank is no name."""
    return not re.search(r"[A-Z]", _KNOWN_CAPITALS.sub("", text))


_KNOWN_CAPITALS = re.compile(
    r"(?<![\w@./-])(?:"
    + "|".join(
        re.escape(name)
        for name in sorted(
            [*_PROPER_PHRASES, *_PROPER_WORDS, *_DEVICE_PHRASES, *_DEVICE_WORDS, "march"], key=len, reverse=True
        )
    )
    + r")(?![\w@-])",
    re.IGNORECASE,
)


def _truecased(m: re.Match[str]) -> str:
    cue = m.group()[: m.start("name") - m.start()]
    if cue == "to " and not re.search(r"\b(?:moved|relocated|moving|relocating)\b[^.,;!?]*$", m.string[: m.start()]):
        return m.group()  # "to" names a place only as the end of a move ("moved from brno to olomouc")
    return cue + " ".join(word[:1].upper() + word[1:] for word in m.group("name").split(" "))


def _capitalise_groups(m: re.Match[str]) -> str:
    out = m.group()
    for name, value in m.groupdict().items():
        if value:
            start = m.start(name) - m.start()
            capital = " ".join(word[:1].upper() + word[1:] for word in value.split(" "))
            out = out[:start] + capital + out[start + len(value) :]
    return out


def tidy_en(text: str) -> Tidied:
    """The English rules' copy of a turn."""
    tidied = Tidied.of(text)
    tidied = _without_emoji(tidied, ", ")
    tidied = _sub(tidied, _CURLY, _const("'"))
    tidied = _sub(tidied, _GREETING, _const(""))
    tidied = _sub(tidied, _LEAD_IN, _const(""))
    # Or the pronoun typed in lower case and never in capitals: "My parcel is late. i moved to brno".
    lower_case = typed_in_lower_case(tidied.text) or bool(
        _STANDALONE_I.search(tidied.text) and not _CAPITAL_I.search(tidied.text)
    )
    tidied = dataclasses.replace(tidied, typed_in_lower_case=lower_case)
    tidied = _sub(tidied, _STANDALONE_I, _const("I"))
    tidied = _sub(tidied, _PROPER, _proper)
    tidied = _sub(tidied, _GUARDED_PROPER, _guarded_proper)
    tidied = _sub(tidied, _DEVICE, lambda m: _device_name(m, lower_case))
    if lower_case:
        tidied = _sub(tidied, _TRUECASE_CUES, _truecased)
        for pattern in (_TRUECASE_BEFORE, _TRUECASE_RELATIVE, _TRUECASE_INTRO):
            tidied = _sub(tidied, pattern, _capitalise_groups)
    tidied = _sub(tidied, _APOSTROPHE_WORD, _apostrophe)
    tidied = _sub(tidied, _CHAT_WORD, _chat_word)
    tidied = _sub(tidied, _WITH_SLASH, lambda m: m.group()[0] + "ith")
    tidied = _sub(tidied, _ITS_IS, lambda m: "It's" if m.group()[0] == "I" else "it's")
    tidied = _sub(tidied, _ID_WOULD, lambda m: "I'd")
    tidied = _sub(tidied, _BEEN_DROPPED_I, lambda m: "I've been")
    tidied = _sub(tidied, _DISPOSED_DROPPED_I, lambda m: "I " + m.group("verb").lower())
    tidied = _sub(tidied, _MI_MY, lambda m: m.group("m") + "y")
    tidied = _sub(tidied, _WERE_WE_ARE, lambda m: "We're" if m.group()[0] == "W" else "we're")
    # "please" stays, set off: it is what makes "a ground-floor room please" a request.
    return _sub(tidied, _TAIL_COURTESY, lambda m: f", {m.group('please')}" if m.group("please") else "")


def _apostrophe(m: re.Match[str]) -> str:
    word = m.group(1)
    proper = _NO_APOSTROPHE[word.lower()]
    if word[0].isupper() and not proper.startswith("I"):
        return proper[0].upper() + proper[1:]
    return proper


# -------------------------------------------------------------------------------------- Chinese

_ZH_LEAD_WORDS = (
    "你好|您好|你们好|嗨|哈喽|哈啰|hello|hi|hey|在吗|对了|对|那个|嗯嗯|嗯|哦|噢|喔|额|呃|诶|欸|哎|唉|好的|好|"
    "另外|还有|然后|跟你说一下|跟你说下|跟你说一声|跟你讲一下|跟你讲下|跟你们说一下|说一下|说下|"
    "顺便说一下|顺便说下|顺便提一下|顺便说一声|补充一下|补充下|忘了说|忘了说了|话说|是这样的|是这样|"
    "麻烦一下|打扰一下|不好意思|更新一下|同步一下|提醒一下"
)
_ZH_LEAD_IN = re.compile(
    rf"(?:^|(?<=[。！？!?]))(?:(?:{_ZH_LEAD_WORDS})[ \t]*[，,！!～~。.、：:]+[ \t]*)+(?=\S)",
    re.IGNORECASE,
)
# (花呗 and 借呗 are ways to pay, not a particle: "这笔先用花呗".)
_ZH_PARTICLE = re.compile(
    rf"(?<=[{_CJK}A-Za-z0-9」』”）)])(?:哈+|啊|呀|哦|喔|噢|(?<!干)嘛|(?<![花借])呗|咯|哟|哒)(?=[，。！？,.!?～~\s]|$)"
)
# Northern dialect: 俺 is "I" ("俺现在搁哈尔滨住", "俺闺女在青岛上班"), and 搁 before a place and a verb of
# living or working is 在 ("搁北京打工", "俺爹搁老家种地"); not 搁置 / 搁浅 / 耽搁, nor "东西搁桌上".
_ZH_DIALECT_I = re.compile(r"俺|咱(?!们|俩)")  # ("俺们家搬回哈尔滨了": 俺们 is 我们; "咱在沈阳开叉车": 咱 alone is I)
# Written Cantonese, read in Mandarin: 咗 marks the perfect ("搬咗去…", "买咗部新手机"), 而家 is now, 喺 is 在,
# 嘅 is 的, 佢 is he/she, 唔 is 不, 冇 is 没, 嚟 is 来, 哋 is 们. These characters are Cantonese only; 而家 is not
# "然而家里" nor 家庭 / 家具 / 家人.
_ZH_CANTONESE = {
    "咗": "了", "喺": "在", "嘅": "的", "佢": "他", "唔": "不", "冇": "没", "嚟": "来", "哋": "们", "而家": "现在",
    "有咩事": "有什么事",
}  # fmt: skip
# (有咩事 is "whatever comes up": "有咩事WhatsApp我就得".)
_ZH_CANTONESE_WORD = re.compile(r"[咗喺嘅佢唔冇嚟哋]|(?<![然因从反进])而家(?![庭族具里人长])|有咩事")
# ... and 係 is 是 ("我係護士", "新地址係…", "電話係 9456 1238"). Read before the script is simplified, where 係 and
# 系 become one glyph (系统, 联系); in traditional Mandarin 係 is mostly 關係 / 沒關係 and 係數, left alone.
_ZH_CANTONESE_IS = re.compile(r"(?<![關关])係(?![數数])")
# ... 紧 after a verb marks it in progress ("做紧会计" is 在做会计; 抓紧 / 握紧 are Mandarin and not read), and in a
# Cantonese turn 返工 / 返学 is going to work / school ("我喺深圳返工"), not Mandarin's redoing of a job.
_ZH_CANTONESE_DOING = re.compile(r"(做|读|住|教|学|揾|搵|返|开)紧(?=[\u4e00-\u9fffA-Za-z])")
_ZH_CANTONESE_GOING = {"返工": "上班", "返学": "上学", "得不得": "行不行", "一齐": "一起"}
# (… and "得唔得" asks "is that OK", 一齐 is together: "以後同我講廣東話得唔得？", "佢同我哋一齊住".)
_ZH_CANTONESE_GOING_WORD = re.compile(r"返工|返学|得不得(?=[？?。，,！!]|$)|一齐(?=住)")
_ZH_DIALECT_AT = re.compile(
    rf"(?<![耽延])搁(?![置浅下着])(?=[{_CJK}A-Za-z]{{2,8}}?(?:住|上班|工作|打工|生活|待着|呆着|干活|种地|上学|念书))"
)
_ZH_LA = re.compile(rf"(?<=[{_CJK}])啦(?=[，。！？,.!?～~\s]|$)")
_ZH_TILDE = re.compile(rf"(?<=[{_CJK}」』”）)A-Za-z])[～~]+(?![0-9])")
_ZH_THANKS = re.compile(
    r"[，,。！!\s]*(?:谢谢(?:你|您|啦|了|哈)?|多谢|感谢|辛苦了|麻烦了|麻烦你了|拜托了|thx|thanks)[！!。.～~]*$",
    re.IGNORECASE,
)
_ZH_HALF = {",": "，", ":": "：", "!": "！", "?": "？", ";": "；"}
_ZH_HALF_PUNCT = re.compile(rf"(?<=[{_CJK}])[ \t]*([,:!?;])[ \t]*|[ \t]*([,:!?;])[ \t]*(?=[{_CJK}])")
_ZH_LATIN_THEN_PAUSE = re.compile(
    rf"(?<=[{_CJK}])((?=[A-Za-z0-9.+-]*[A-Za-z])[A-Za-z0-9](?:[A-Za-z0-9.+-]| (?=[A-Za-z0-9]))*)"
    rf"[ \t]+(?=[{_CJK}])(?![的是吗呢了])"
    rf"|(?<=[{_CJK} ])([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)[ \t]+"
    rf"(?=[{_CJK}])(?![的是吗呢了就找这那给也都])"
)
# (Not after a word that wants what follows, "改成 透明的", "我的 邮箱", "是 李安"; nor between words too
# short to be phrases.)
_ZH_SPACE_PAUSE = re.compile(
    rf"(?<=[{_CJK}]{{3}})(?<![成为是叫到在用给把被和与跟向从往对])(?<![我你他她它们]的)[ \t\u3000]+(?=[{_CJK}]{{2}})"
    r"(?![的了吗呢吧])"
    # (and after the end of an address: "人民南路四段19号 门卫会代收")
    rf"|(?<=\d[号室楼层栋])[ \t\u3000]+(?=[{_CJK}]{{2}})"
)
_ZH_SPACE_NOISE = re.compile(rf"(?<=[{_CJK}])[ \t\u3000]+(?=[{_CJK}])")
_ZH_FULL_STOP = re.compile(rf"(?<=[{_CJK}])\.(?=[ \t]*(?:[{_CJK}]|$))[ \t]*")
# Identifier-like runs keep the space that sets them off: "邮箱 zhoupeng@qq.com", "手机 137 2409 8813".
_ZH_SPACE_BEFORE = re.compile(rf"(?<=[{_CJK}])[ \t]+(?=[A-Za-z0-9])")
_ZH_SPACE_AFTER = re.compile(rf"(?<=[A-Za-z0-9])[ \t]+(?=[{_CJK}])")
# So do full names in Latin letters: "收件人写我英文名 Lily Zhao".
_ID_LIKE = re.compile(
    r"[A-Za-z0-9._%+-]*@[A-Za-z0-9.-]+|[+\d][\d -]{4,}\d|[A-Za-z]+\d{3,}[A-Za-z0-9-]*|\d{5,}|[A-Z][a-z]+ [A-Z][a-z]+\b"
)
# ... and so does an English word that announces one: "我的 order 7720-5531 还没到" (the identifier finder
# reads "order" as a word only when it is set off).
_ID_CUE_LATIN = re.compile(
    r"(?i:order|ticket|case|tracking|invoice|booking|ref(?:erence)?)(?:\s*(?i:no\.?|number|id|#))?\s*[:#]?\s*[A-Za-z]*\d"
)
# ... and an e-mail or a long number written against a Chinese word gets that space: "邮箱fang_ll@qq.com我不用了".
_ZH_UNSPACED_ID = re.compile(
    r"(?<![A-Za-z0-9._%+-])(?:[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+|\+?\d[\d -]{5,}\d)(?![A-Za-z0-9@])"
)
_CJK_CHAR = re.compile(f"[{_CJK}]")


def _spaced_id(m: re.Match[str]) -> str:
    text = m.string
    before = " " if m.start() > 0 and _CJK_CHAR.match(text, m.start() - 1) else ""
    after = " " if m.end() < len(text) and _CJK_CHAR.match(text, m.end()) else ""
    if after and "@" in m.group() and text[m.end()] not in "的是吗呢了就找这那给也都":
        after = "，"  # an e-mail address before a new clause, as above
    return f"{before}{m.group()}{after}"


@cache
def _converter(config: str) -> opencc.OpenCC:
    return opencc.OpenCC(f"{config}.json")


def _in_simplified(tidied: Tidied) -> Tidied:
    """Traditional characters, and Taiwan's and Hong Kong's words for things (預設, 匯出, 簡訊), in the
    simplified script and mainland words the Chinese rules are written in: a user in Taipei or Hong Kong
    is read like one in Shanghai. Characters go one for one (OpenCC's t2s, which leaves names alone:
    中興通訊 stays 中兴通讯); words through a short table of the ones a support chat uses."""
    text = tidied.text
    simplified = _converter("t2s").convert(text)
    if simplified == text:
        return tidied
    if len(simplified) != len(text):  # t2s is one for one; should a phrase differ, align the two
        origin: list[int] = []
        for op, a0, a1, b0, b1 in difflib.SequenceMatcher(None, text, simplified, autojunk=False).get_opcodes():
            if op == "equal":
                origin.extend(tidied.origin[a0:a1])
            elif b1 > b0:
                origin.extend([tidied.origin[min(a0, len(text) - 1)]] * (b1 - b0))
        origin.append(tidied.origin[-1])
        tidied = Tidied(simplified, tuple(origin))
    else:
        tidied = Tidied(simplified, tidied.origin)
    return _sub(tidied, _REGIONAL_WORD, lambda m: _REGIONAL_WORDS[m.group()])


# Words of Taiwan and Hong Kong (after t2s) -> the mainland words the rules know.
_REGIONAL_WORDS = {
    "预设": "默认",
    "汇出": "导出",
    "汇入": "导入",
    "使用者": "用户",
    "介面": "界面",
    "暱称": "昵称",
    "软体": "软件",
    "档案": "文件",
    "简讯": "短信",
    "网路": "网络",
    "帐号": "账号",
    "帐户": "账户",
    "转帐": "转账",
    "结帐": "结账",
    "影片": "视频",
    "印表机": "打印机",
    "笔电": "笔记本",
    "萤幕": "屏幕",
    "滑鼠": "鼠标",
    "硬碟": "硬盘",
    "记忆体": "内存",
    "随身碟": "U盘",
    "讯息": "消息",
    "行动电话": "手机",
    "手提电话": "手机",
    "宅配": "快递",
    "电邮": "邮箱",
    # ("同事陳怡君的信箱是 …": in a traditional-script turn, 信箱 is an e-mail box.)
    "信箱": "邮箱",
    "伺服器": "服务器",
    "行动支付": "移动支付",
    "硬体": "硬件",
    "专案": "项目",
    "高阶": "高级",
    "演算法": "算法",
    "程式": "程序",
    "资料分析": "数据分析",
    "资料科学": "数据科学",
    "联络": "联系",
    "位元组": "字节",
    "资讯": "信息",
}
_REGIONAL_WORD = re.compile("|".join(sorted(_REGIONAL_WORDS, key=len, reverse=True)))


def tidy_zh(text: str, *, chinese_turn: bool = True) -> Tidied:
    """The Chinese rules' copy of a turn. ``chinese_turn``: the turn is mainly Chinese, so a space
    between a Chinese word and a Latin one is typing, not grammar ("买了一台 Switch"); in an English
    turn with a Chinese word in it ("I live in 青岛 now") the space stays."""
    tidied = _in_simplified(_sub(Tidied.of(text), _ZH_CANTONESE_IS, _const("是")))
    tidied = _without_emoji(tidied, "，")
    # Chinese sets no spaces between words: one between two Chinese words is a pause ("我姓林 叫林晓雯").
    tidied = _sub(tidied, _ZH_SPACE_PAUSE, _const("，"))
    # Any other space between Chinese words is only typing: "昵称换成 小海豚", "我的 邮箱".
    tidied = _sub(tidied, _ZH_SPACE_NOISE, _const(""))
    tidied = _sub(tidied, _ZH_LEAD_IN, _const(""))
    tidied = _sub(tidied, _ZH_DIALECT_I, _const("我"))
    cantonese = _ZH_CANTONESE_WORD.search(tidied.text) or _ZH_CANTONESE_DOING.search(tidied.text)
    tidied = _sub(tidied, _ZH_CANTONESE_WORD, lambda m: _ZH_CANTONESE[m.group()])
    if cantonese:
        tidied = _sub(tidied, _ZH_CANTONESE_DOING, lambda m: "在" + m.group(1))
        tidied = _sub(tidied, _ZH_CANTONESE_GOING_WORD, lambda m: _ZH_CANTONESE_GOING[m.group()])
    tidied = _sub(tidied, _ZH_DIALECT_AT, _const("在"))
    tidied = _sub(tidied, _ZH_PARTICLE, _const(""))
    tidied = _sub(tidied, _ZH_LA, lambda m: "" if m.string[m.start() - 1] == "的" else "了")
    tidied = _sub(tidied, _ZH_TILDE, lambda m: "" if m.end() == len(m.string) else "，")
    tidied = _sub(tidied, _ZH_HALF_PUNCT, lambda m: _ZH_HALF[m.group(1) or m.group(2)])
    tidied = _sub(tidied, _ZH_FULL_STOP, _const("。"))
    tidied = _sub(tidied, _ZH_THANKS, _const(""))
    if not chinese_turn and not _chinese_grammar(text):
        return tidied
    # A Latin name written against the Chinese before it and set off from what follows by a space ends
    # a phrase: "我儿子有台Switch 这个手柄能配吗", "入手了华为Mate 60 Pro 旧手机怎么迁移"; so does an
    # e-mail address before a new clause ("邮箱 a@b.com 别打电话"). (Numbers go on: "打 186 2233 4455 找我".)
    tidied = _sub(tidied, _ZH_LATIN_THEN_PAUSE, lambda m: (m.group(1) or m.group(2)) + "，")
    tidied = _sub(tidied, _ZH_SPACE_BEFORE, lambda m: m.group() if _id_follows(m.string, m.end()) else "")
    tidied = _sub(tidied, _ZH_SPACE_AFTER, lambda m: m.group() if _ends_id_like(m.string, m.start()) else "")
    return _sub(tidied, _ZH_UNSPACED_ID, _spaced_id)


_CJK_RUN = re.compile(f"[{_CJK}]+")


def _chinese_grammar(text: str) -> bool:
    """Whether a turn with more English words than Chinese ones still has Chinese grammar: it opens in
    Chinese and Chinese words come back between the English ones ("我在 Google 当 software engineer",
    "我老婆 Sarah 在 Deloitte 做 consultant"), unlike "I live in 青岛 now"."""
    runs = _CJK_RUN.findall(text)
    return _CJK_RUN.match(text.lstrip()) is not None and len(runs) >= 2 and sum(map(len, runs)) >= 3


def _id_follows(text: str, start: int) -> bool:
    return bool(_ID_LIKE.match(text, start) or _ID_CUE_LATIN.match(text, start))


def _ends_id_like(text: str, end: int) -> bool:
    start = end
    while start > 0 and (text[start - 1].isascii() and (text[start - 1].isalnum() or text[start - 1] in "._%+-@ ")):
        start -= 1
    run = text[start:end].strip()
    return bool(run) and any(m.end() == len(run) for m in _ID_LIKE.finditer(run))
