"""English extraction rules: state facts, preferences, intents, tags and anchors.

Precision first: a fact needs an explicit subject ("I", "my wife", a capitalized name) right
before its verb. Questions, hypotheticals ("if I moved …"), past habits ("I used to …") and
plans ("I'm moving …") say nothing about the present and produce no fact; a negation only
produces something when it ends a state ("I no longer live in Shanghai", "… anymore").
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime
from difflib import SequenceMatcher

from palimpsest.write.model import AnchorKind, CandidateFact, IdentifierKind, IdentifierMention, Intent, RelativeTime
from palimpsest.write.registry import normalize_city, normalize_id, normalize_language
from palimpsest.write.rulekit import (
    ENDING_CONFIDENCE,
    INTENT_TAG_OF_TYPE,
    LASTING_CONFIDENCE,
    ONE_OFF_CONFIDENCE,
    PLAIN_PREFERENCE_CONFIDENCE,
    STATE_CONFIDENCE,
    Clause,
    RuleOutput,
    TurnContext,
    carry_job_change_date,
    contact_value,
    ending,
    first_group,
    handed_on_to_relative,
    make_fact,
    named_as_wrong,
    settle_move,
    split_clauses,
)

__all__ = ["apply_rules"]

# ---------------------------------------------------------------------------- vocabulary

_RELATIONS = {
    "wife": "wife",
    "husband": "husband",
    # the pet names for a spouse: "hubby bought a Garmin", "the missus is on a Pixel"
    "hubby": "husband",
    "wifey": "wife",
    "missus": "wife",
    "partner": "partner",
    "son": "son",
    "daughter": "daughter",
    "kid": "child",
    "child": "child",
    "mother": "mother",
    "mom": "mother",
    "mum": "mother",
    # ("my mam still lives up in Wrexham", "me mammy": Welsh, Irish and northern English)
    "mam": "mother",
    "father": "father",
    "dad": "father",
    "brother": "brother",
    "sister": "sister",
    # ("my sis Meera is a nurse", "my little bro just moved to Leeds": the clipped sibling words)
    "sis": "sister",
    "bro": "brother",
    "boss": "boss",
    "manager": "manager",
    "friend": "friend",
    "colleague": "colleague",
    "girlfriend": "girlfriend",
    "boyfriend": "boyfriend",
    "roommate": "roommate",
    "assistant": "assistant",
    "secretary": "secretary",
    "parents": "parents",
    "family": "family",
    "grandmother": "grandmother",
    "grandma": "grandmother",
    "granny": "grandmother",
    "grandfather": "grandfather",
    "grandpa": "grandfather",
    "gran": "grandmother",
    "nan": "grandmother",
    "nana": "grandmother",
    "grandad": "grandfather",
    "granddad": "grandfather",
    # the Filipino words in Taglish: "gave my old phone to my lola", "my tita in Cebu"
    "lola": "grandmother",
    "lolo": "grandfather",
    "tita": "aunt",
    "tito": "uncle",
    "boy": "son",
    "girl": "daughter",
    "cousin": "cousin",
    "aunt": "aunt",
    "uncle": "uncle",
    "nephew": "nephew",
    "niece": "niece",
    "fiance": "fiance",
    "fiancee": "fiancee",
    "flatmate": "flatmate",
    "housemate": "housemate",
    "neighbour": "neighbour",
    "neighbor": "neighbour",
    "auntie": "aunt",
    "folks": "parents",
    "in-laws": "in-laws",
    "mother-in-law": "mother-in-law",
    "father-in-law": "father-in-law",
    "sister-in-law": "sister-in-law",
    "brother-in-law": "brother-in-law",
    # Kin words of other languages that English speakers keep: "my abuela", "my mamá", "my oma", "my farmor".
    "mama": "mother",
    "mamá": "mother",
    "mami": "mother",
    "papa": "father",
    "papá": "father",
    "abuela": "grandmother",
    "abuelita": "grandmother",
    "abuelo": "grandfather",
    "nonna": "grandmother",
    "nonno": "grandfather",
    "oma": "grandmother",
    "opa": "grandfather",
    "farmor": "grandmother",
    "mormor": "grandmother",
    "farfar": "grandfather",
    "morfar": "grandfather",
}
# "our eldest boy", "my little sister": the words that may sit between the possessive and the relation.
_KIN_ADJ = r"(?:(?:eldest|oldest|youngest|younger|older|elder|little|baby|big|middle|twin|step)\s+)?"
# Who "she" and "he" can point back to (relations of unstated gender are never guessed).
_FEMALE = frozenset(
    {"wife", "mother", "daughter", "sister", "grandmother", "girlfriend", "sister-in-law", "mother-in-law", "niece"}
    | {"aunt", "fiancee"}
)
_MALE = frozenset(
    {"husband", "son", "father", "brother", "grandfather", "boyfriend", "brother-in-law", "father-in-law", "nephew"}
    | {"uncle", "fiance"}
)
_REL = "|".join(sorted(_RELATIONS, key=len, reverse=True))
# The people whose meals and messages the speaker arranges: a diet said of them is a preference to keep.
_OUTSIDE_HOUSEHOLD = frozenset(
    {"boss", "manager", "friend", "colleague", "roommate", "assistant", "secretary", "flatmate", "housemate"}
    | {"neighbour"}
)
# Relations a speaker has many of: one named in full is spoken of by the name ("my colleague Dana Liu is …"), while
# a manager or a sister named in full is still the speaker's manager or sister.
_ONE_OF_MANY = frozenset({"colleague", "friend", "neighbour", "roommate", "flatmate", "housemate"})
# Kin words used as a name, capitalized and without "my": "Mum's email is …", "Dad lives in Leeds".
_KIN_AS_NAMES = frozenset(
    # ("Mama is a team lead there too": the mother called by the word her children use)
    ["Mum", "Mom", "Dad", "Grandma", "Grandpa", "Granny", "Gran", "Nan", "Nana", "Grandad", "Granddad", "Mama"]
)
# A parent or grandparent named bare after "to", as a name: "my old iPad went to mum", "passed it on to Dad".
_KIN_AS_NAME_BARE = r"(?i:mum|mom|dad|grandma|grandpa|granny|gran|nan|nana|grandad|granddad)\b(?!')"
# A relative's title before the name, capitalized: "Aunt Rosa", "Uncle Dev", "Cousin Mia".
_KIN_TITLED = re.compile(r"(?P<rel>Aunt|Auntie|Uncle|Cousin|Grandma|Grandpa|Granny|Nana|Grandad) (?P<name>[A-Z][a-z]+)")
_HOUSEHOLD = "|".join(word for word in _REL.split("|") if _RELATIONS[word] not in _OUTSIDE_HOUSEHOLD)
# Capitalized words that start sentences but never name a subject.
_NOT_NAMES = frozenset(
    [
        "He",
        "She",
        "They",
        "It",
        "This",
        "That",
        "The",
        "There",
        "Here",
        "Then",
        "Now",
        "Yesterday",
        "Today",
        "Tomorrow",
        # Sentence-initial words of a clause whose "I" was dropped ("Been living in Rotterdam since March").
        "Been",
        "Just",
        "Still",
        "Also",
        # ("Not working at Walgreens anymore", "Never owned a Kindle"): a denial whose "I" was dropped
        "Not",
        "Never",
        "Currently",
        "Recently",
        "Finally",
        "Last",
        "Next",
        "Also",
        "And",
        "But",
        "So",
        "We",
        "You",
        "Yes",
        "No",
        "Ok",
        "Okay",
        "Please",
        "Hi",
        "Hello",
        "Hey",
        "Well",
        "Actually",
        "Since",
        "After",
        "Before",
        "When",
        "If",
        "What",
        "Where",
        "Why",
        "How",
        "Who",
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
        "Sunday",
        "My",
        "Our",
        "Your",
        "His",
        "Her",
        "Their",
        "Its",
        "Just",
        "Recently",
        "Finally",
        "Still",
        "Sure",
        "Great",
        "Thanks",
        "Thank",
        "Anyway",
        "Oh",
        "Btw",
        "Let",
        "Can",
        "Could",
        "Would",
        "Should",
        "Will",
        "Did",
        "Do",
        "Does",
        "Is",
        "Are",
        "Was",
        "Were",
    ]
)
_BARE_KIN_WORDS = ("mum", "mom", "dad", "son", "daughter", "wife", "husband", "hubby", "brother", "sister")
# ("Sir, daughter shifted to Pune", "Madam, son is in Chennai now": after a vocative, Indian English drops the "my")
_VOCATIVE_BEFORE = r"(?<=^Sir, )|(?<=^Madam, )|(?<=^Ma'am, )|(?<=^Mam, )|(?<=^Bhai, )|(?<=^Bhai )"
# ("… last month. Also daughter got placed in Deloitte": the clause's opening word set aside, its space left)
_OPENER_BEFORE = r"(?<=^\s)|(?<=^\s\s)"
_BARE_KIN = rf"(?:(?<![\w\s'-])|{_VOCATIVE_BEFORE}|{_OPENER_BEFORE})(?:{'|'.join(_BARE_KIN_WORDS)})\b(?!')"
_ME_AND_OTHERS = (
    rf"(?<![\w'])[Mm]e\s+(?:and|n|&|an')\s+(?:(?:my|our)\s+{_KIN_ADJ}(?:{_REL})|the\s+(?:kids|boys|girls|family|dog))\b"
)
_BOTH_PARENTS = r"(?<![\w'])(?:[Mm]y\s+)?(?:[Mm]um|[Mm]om)\s+(?:and|&)\s+[Dd]ad\b(?!')"
_EXPLICIT_SUBJ = (
    # "me and my wife moved to Leeds", "me n the kids moved back to Esperance": the speaker among others (as "my wife
    # and I" is), first so the relative after "and" is not taken for the whole subject
    rf"{_ME_AND_OTHERS}"
    # ("Mum and Dad moved to Hobart": both parents, never only the one named last)
    rf"|{_BOTH_PARENTS}"
    rf"|\bI\b|\b[Ww]e\b|\b(?:[Mm]y|[Oo]ur) {_KIN_ADJ}(?:{_REL})\b"
    # ("Theo (my son, 9) unwrapped a Switch OLED": a relative named by name, the relation in brackets after it)
    rf"|(?<![A-Za-z'])[A-Z][a-z]+ \((?:[Mm]y|[Oo]ur) {_KIN_ADJ}(?:{_REL})(?:,\s*\d{{1,2}}[^)]*)?\)"
    r"|(?<![A-Za-z'])[A-Z][a-z]+(?: [A-Z][a-z]+)?"
    # "…, and she still lives in Galway": a pronoun, resolved to the one relative the turn names before it.
    r"|\b(?:she|he)\b"
    # "i'm on a Galaxy Z Flip 6 now": "I" typed in lower case, in its unmistakable contractions.
    r"|(?<![A-Za-z'])i(?='(?:m|ve|d|ll)\b)"
    # "mum just moved into a care home in Ballarat": a relative named bare in lower case, opening the turn
    r"|" + _BARE_KIN
)
# The empty alternative is a verb coordinated without its subject ("I left Tencent and joined
# Huawei"): the subject is the clause's own, found by ``_subject_of``.
_SUBJ = rf"(?P<subj>{_EXPLICIT_SUBJ}|(?<=\band)(?=\s))"
# "my parents' address": a plural relation takes the apostrophe alone.
_POSS = (
    rf"(?P<subj>\b[Mm]y(?:\s+{_KIN_ADJ}(?:{_REL})'s?)?|\b[Oo]ur\s+{_KIN_ADJ}(?:{_REL})'s?"
    r"|(?<![A-Za-z'])[A-Z][a-z]+(?: [A-Z][a-z]+)?'s)"
)
_ADV = (
    r"(?:\s*'(?:ve|m|s|re)\b|\s+(?:just|recently|finally|now|also|still|currently|already|actually|officially"
    r"|eventually|then|have|has|had|am|is|are|been|really|even|all|both|only|happily|temporarily|permanently"
    r"|remotely|full-time|part-time|mostly|mainly"
    # ("my daughter Priyanka who works at Suncorp": a relative clause says it of the one just named)
    r"|who))*"
)
# A school grade taught, by its number: "4th grade", "grade 3", "year 6" ("teach 4th grade at …").
_GRADE = r"(?:\d{1,2}(?:st|nd|rd|th)\s+grade|(?:grade|year)\s+\d{1,2}\b)"
_NEG = r"(?P<neg>\s+(?:don't|do not|doesn't|does not|didn't|did not|no longer|never|not|used to|no more))?"
# ("Kuehne+Nagel", "Marks&Spencer": a plus or ampersand inside the name)
_CAP = r"[A-Z][\w'&.-]*(?:\+[A-Z][\w'&.-]*)?"
_KNOWN_CITIES = (
    "beijing|shanghai|hangzhou|shenzhen|guangzhou|chengdu|wuhan|nanjing|suzhou|tianjin|chongqing|xi'an|xiamen"
    "|hong kong|taipei|singapore|tokyo|seoul|london|paris|berlin|new york|san francisco|seattle|boston|chicago"
    "|los angeles|sydney|toronto|vancouver|amsterdam|dublin|munich|madrid|rome|dubai"
)
_CITY_WORDS = frozenset(re.split(r"\|", _KNOWN_CITIES))


# A short label that opens a turn: "Quick update: …", "Just a heads-up: …", "Long story:".
_LABEL = r"(?:[A-Z][\w'-]*(?:\s+[\w'-]+){0,3}\s*:\s*)?"


def _named(group: str) -> str:
    """A proper-noun phrase (up to four capitalized words), a hanzi run, or a known city in any case."""
    return rf"(?P<{group}>(?i:{_KNOWN_CITIES})\b|{_CAP}(?:\s+(?:{_CAP}|of|&)){{0,3}}|[\u4e00-\u9fff]{{2,12}})"


_ORG_KIND_TAIL = (
    r"(?:\s+(?:(?:ambulance|fire|police|health|water|bus|rail|transport|parks|housing|city|county|district|regional"
    r"|state|public|community|general|children's|university|teaching)\s+)?"
    r"(?:ambulance\s+service|fire\s+service|health\s+service|service|council|authority|hospital|clinic"
    r"|library|police|fire\s+brigade|trust|board|department|ministry)\b(?![\w-])"
    r"(?!\s+(?:desk|cent(?:re|er)|station|team|counter|line|area|room|office|meeting|car|van|job|work|number|members?"
    r"|game|exam|portal)\b))?"
)


# Firms whose one name is two words joined by "and" ("Procter and Gamble"): "and" between two capitalized words
# otherwise parts two employers ("Google and Meta"), so these are known by name.
_AND_FIRM = (
    r"(?:Procter|Marks|Johnson|Ernst|Barnes|Black|Dolce|Simon|Tate|Fortnum|Allen|Slaughter|Holland|Harland|Bang"
    r"|Abercrombie|Crabtree|Arm|Smith)\s+and\s+"
    r"(?:Gamble|Spencer|Johnson|Young|Noble|Decker|Gabbana|Schuster|Lyle|Mason|Overy|May|Barrett|Wolff|Olufsen"
    r"|Fitch|Evelyn|Hammer|Nephew)\b"
)
# "and" inside a name: before two capitalized words ("Fire and Emergency NZ", "Dubai Electricity and Water
# Authority"), or before a firm's word for its people ("Baker and Sons", "Hartley and Partners").
_AND_INSIDE_NAME = r"and(?=\s+(?:[A-Z][\w'&.-]*\s+[A-Z]|(?:Sons|Daughters|Partners|Associates|Co)\b))"


def _employer(group: str) -> str:
    """An employer, named as :func:`_named` names a place, but the whole capitalized name first: "Dubai College",
    "Singapore Airlines", "Boston Consulting Group" are employers, not the city their name starts with."""
    # ("Tokyo University of the Arts", "Bank of America": "of" and "the" inside the name, never closing it)
    # ("the Kathmandu Valley ambulance service", "Kent county council": a public body's lower-case kind after the name)
    return (
        # ("Fire and Emergency NZ": "and" inside a name of three words or more, never "Google and Meta")
        rf"(?P<{group}>(?:{_AND_FIRM}|{_CAP})(?:\s+(?:{_CAP}|(?:of|&)(?:\s+the)?(?=\s+[A-Z])|{_AND_INSIDE_NAME})){{0,4}}"
        rf"{_ORG_KIND_TAIL}"
        rf"|(?i:{_KNOWN_CITIES})\b|[\u4e00-\u9fff]{{2,12}})"
    )


_JOB_NOUNS = (
    "engineer|developer|programmer|designer|manager|director|analyst|scientist|teacher|professor|doctor|nurse"
    "|accountant|lawyer|consultant|architect|researcher|student|intern|writer|editor|marketer|salesperson"
    "|product manager|project manager|founder|co-founder|CEO|CTO|CFO|COO|VP|president|chef|pilot|pharmacist"
    "|dentist|journalist|photographer|recruiter|administrator|officer|specialist|lead|head of \\w+|pediatrician"
    "|physician|surgeon|paramedic|technician|electrician|plumber|mechanic|barista|cashier|clerk|librarian"
    "|tester|coordinator|supervisor|assistant|executive|partner|associate|attorney|therapist|veterinarian"
    "|paralegal|receptionist|secretary|tutor|lecturer|midwife|optometrist|physiotherapist|physio|psychologist"
    "|counsel+or|translator|interpreter|actuary|auditor|banker|broker|trader|realtor|firefighter|carpenter|welder"
    "|bartender|waiter|waitress|hairdresser|stylist|courier|nanny|caregiver|carer|dispatcher|planner|strategist"
    "|economist|statistician|biologist|chemist|physicist|bookkeeper|copywriter|illustrator|animator|sommelier"
    "|baker|butcher|cleaner|farmer|gardener|painter|decorator|musician|actor|actress|instructor|security guard"
    "|postman|postwoman|porter|machinist|radiographer|sonographer|surveyor|estate agent|underwriter|caretaker"
    # ("a vet nurse": a trade that names another's setting is no title by itself)
    "|janitor|housekeeper|lifeguard|vet(?!\\s+(?:nurse|tech|technician|assistant|receptionist))|optician|hygienist"
    "|nutritionist|dietitian|social worker|care worker"
    "|support worker|freelancer|contractor|picker|packer|forklift operator|machine operator"
    "|(?:crane|plant|digger|excavator|radio|camera|switchboard|equipment|tour|ride|drone)\\s+operator"
    "|guide|coach|ranger|paramedic|carer|zookeeper|beekeeper|shopkeeper|greenkeeper|gamekeeper|innkeeper|midwife|curator|archivist|surveyor|inspector|foreman"
    # (the trades, the uniformed services, the shop floor and the clergy: "he's a constable now", "I'm the quality
    # control tech down at the plant", "a backend dev")
    "|constable|sergeant|detective|soldier|sailor|warden|teller|fisherman|fisherwoman|deckhand"
    "|(?:bus|taxi|cab|truck|lorry|delivery|van|Uber|train|tram|forklift)\\s+driver|line\\s+cook|(?:head|prep)\\s+cook"
    # ("a tech nerd" is no job)
    "|tech(?![\\s-]+(?:nerd|geek|guy|gal|person|savvy|bro|lover|fan|junkie|enthusiast))|dev(?!\\s+(?:team|kit|board))"
    "|miner|labou?rer|builder|roofer|bricklayer|plasterer|locksmith|tailor|seamstress|florist|barber|beautician"
    "|chiropractor|flight attendant|steward|stewardess|shepherd|rancher|handyman|salesman|saleswoman|priest|pastor"
    "|imam|rabbi|vicar"
    # (an agent named by the trade: "a ground agent for Air Tahiti", "travel agent at Flight Centre"; never a bare
    # "agent", which may be software)
    "|(?:ground|sales|travel|booking|ticket(?:ing)?|gate|check-in|customer\\s+service|support|call\\s+cent(?:re|er)"
    "|insurance|real\\s+estate|letting|leasing|border|customs|freight|shipping|talent|literary|property)\\s+agent"
    # (a family doctor: "I'm the GP on Lord Howe", "she's a GP in Leeds")
    "|GP"
)
_ANY_JOB_NOUN = re.compile(
    rf"\b(?:{_JOB_NOUNS})\b(?!\s+(?:dog|book|price|fee|service|mode|support|stack|company|industry|news|giant|tools?))",
    re.IGNORECASE,
)
_TITLE = rf"(?P<title>(?:[A-Za-z-]+\s+){{0,3}}?(?i:{_JOB_NOUNS}))\b"
# ("as a radiographer so I couldn't …": a clause joined by "so", "but", "because" closes it)
_TITLE_FREE = (
    r"(?P<title>[A-Za-z][A-Za-z -]{1,40}?)"
    # ("as a shift engineer - new email incoming soon": a remark after a spaced dash; "Senior Manager - Procurement" is
    # one title)
    r"(?=\s+(?:at|for|in|last|this|on|since|yesterday|so|but|because|cos|though)\b|\s+[-\u2013\u2014]\s+(?-i:[a-z])|[,.;!?]|$"
    # ("as a relationship manager last Monday and she says …": a new clause with its own subject closes the title;
    # "head of sales and marketing" runs on)
    r"|\s+and\s+(?:I|I'm|I've|we|we're|she|she's|he|he's|they|they're|it|it's|my|her|his|their|our)\b|\s+and\s*$)"
)

# Home appliances, named by their kind after a maker: "an LG washer", "our Bosch dishwasher".
_APPLIANCES = (
    r"washing\s+machine|washer-dryer|washer|tumble\s+dryer|dishwasher|fridge-freezer|fridge|freezer|refrigerator"
    r"|microwave|oven|air\s+fryer|air\s+conditioner|heat\s+pump|coffee\s+machine|espresso\s+machine|range\s+hood"
)
_BRANDS = (
    # (makers known for appliances only with the appliance after them: "I work at Bosch" names no device)
    r"(?:LG|Bosch|Miele|Whirlpool|Electrolux|Haier|Beko|Hisense|Siemens|Smeg|Panasonic|Philips|Breville|KitchenAid"
    r"|Fisher\s*&\s*Paykel|Midea|Hotpoint|Zanussi|De'?Longhi)(?=\s+(?:" + _APPLIANCES + r")\b)"
    r"|iPhone|iPad|MacBook(?:\s+(?:Pro|Air))?|iMac|Mac\s?mini|Mac\s?Studio|Apple Watch|AirPods|Pixel|Galaxy"
    r"|Huawei(?:\s+Mate)?|Mate|Honor|Xiaomi|Redmi|OnePlus|OPPO|vivo|ThinkPad|Surface|Kindle|Nintendo Switch"
    r"|(?:(?<=the )|(?<=our )|(?<=a )|(?<=my )|(?<=old )|(?<=new )|(?<='s ))Switch(?:\s+(?:OLED|Lite))?"
    r"|PlayStation|PS5|PS4|Xbox|Dell XPS|XPS|Steam Deck|Garmin|Fitbit|GoPro|Nokia|Samsung(?:\s+Galaxy)?"
    r"|Kobo(?:\s+(?:Clara|Libra|Sage|Elipsa|Nia))?|reMarkable|Oculus(?:\s+Quest)?|Meta Quest"
    r"|Dyson|Sony|Bose|Lenovo|Asus|Acer|Canon|Nikon|DJI|Roomba|Chromebook|Xperia|Echo(?:\s+Dot)?|Vision Pro"
    r"|Fairphone|Sonos|Motorola|Moto|Nothing Phone|Oura(?:\s+Ring)?|Whoop|Peloton|Roku|Fire(?:\s+(?:HD|TV|Stick))"
    r"|Galaxy Tab|Nest|HomePod|Framework|Alienware|Razer|Logitech|Polar|Suunto|Amazfit|Withings|Theragun"
    r"|Eero|Fritz!Box|FRITZ!Box|Netgear|TP-Link|Linksys|Ubiquiti|Synology|Tile|Ring|Wacom|Tolino|PocketBook|Boox"
    r"|Huawei\s+MatePad|MatePad|Xiaomi\s+Pad|Lenovo\s+Tab|Fire\s+HD|Chromecast|Apple\s+TV"
    # ("my Raspberry Pi 5", "the old Fire tablet": a board, and Amazon's tablet by its kind)
    r"|Raspberry\s+Pi|Fire\s+[Tt]ablet|Roborock|Ecovacs|Forerunner|Fenix"
    # ("a Coros Pace 3", "the missus's old Oppo A78": the makers written in ordinary case)
    r"|Coros|Oppo(?=\s+[A-Z]\d)"
)
# Model words: numbers, codes, the usual suffixes, and capitalized names ("Kindle Paperwhite", "Galaxy Tab S9").
_MODEL = (
    # ("Lenovo TB-8505", "Samsung SM-G991B", "Sony WH-1000XM5": a maker's dashed model code is one word)
    r"(?:\s+(?:\d+[A-Za-z]*|[A-Z]{1,4}-[A-Z]?\d+[A-Z0-9]*\b|[A-Z]{1,4}\d+[A-Za-z+]*|Pro|Max|Plus|Ultra|Air|Mini|mini|SE|Lite|FE|Series\s+(?:\d+|[XS]\b)"
    # "Galaxy Z Flip 6": a series letter before the model name; "Moto G": a letter as the model, last
    r"|[A-Z](?=\s+[A-Z][a-z]+\s*\d|\s*(?:[,.;!?]|$))"
    # ("my old Moto G goes to my nephew": the letter before the verb; not "A" or "I", which are words)
    r"|(?![AI]\b)[A-Z](?=\s+(?:goes|went|is|was|died|broke|keeps|has|had|won't|doesn't|and|for|to|from|with)\b)"
    r"|(?!(?:And|But|Or|The|For|With|At|In|On|From|To|Yesterday|Today|Tomorrow|Last|Next|This|That|Since|Because|So"
    # ("Lenovo ThinkPad E14", "Asus ZenBook 14": a model word in camel case is one word)
    r"|When|After|Before|Now|Then|Please|Thanks|I)\b)[A-Z][a-z]+(?:[A-Z][a-z]+)*\d*|[A-Z]{2,5}\d*\b))*"
)
# A model named without a known brand, as makers write them: "Fritz!Box 7590", "Onyx Note Air3", "Zenbook 14".
_MODEL_SHAPE = r"[A-Z][\w!+-]*(?:\s+(?:[A-Z][\w!+-]*|\d[\w+-]*)){0,3}"
_GENERIC_DEVICES = "laptop|smartphone|phone|tablet|smartwatch|camera|TV|printer|e-reader|headphones|earbuds|console"


# The kind of thing a brand makes, said after it: "Sonos speaker", "Bose headphones", "Dyson vacuum".
_BRAND_NOUNS = (
    r"speakers?|soundbar|headphones|earbuds|watch|tablet|laptop|phone|camera|vacuum|hair ?dryer|router|monitor"
    r"|keyboard|mouse|TV|television|e-reader|printer|projector|console|" + _APPLIANCES + r""
    # ("my Ring doorbell caught him", "the Nest thermostat")
    r"|doorbell|thermostat"
    # ("an ancient Roku stick": a streaming stick)
    r"|stick"
)


# "a Pixel 8 case", "my iPad charger": an accessory for the device, not the device.
_NOT_ACCESSORY = (
    r"(?!\s+(?:case|cover|charger|screen\s+protector|protector|cable|strap|band|stand|sleeve|skin|mount|dock|adapter"
    r"|battery|box|pen|stylus|repair|insurance|warranty"
    # ("she's on a Galaxy S24 plan": a contract for the device, not the device)
    r"|plan|contract|tariff|waitlist|waiting\s+list)s?\b)"
)


def _device(group: str) -> str:
    return (
        # (a brand is a whole word: "iPadOS" names the system, not an iPad)
        rf"(?P<{group}>(?:{_BRANDS})(?![A-Za-z]){_MODEL}+(?:\s+(?:{_BRAND_NOUNS})\b)?{_NOT_ACCESSORY}"
        rf"|(?:(?<=new )|(?<=this ))(?:{_GENERIC_DEVICES})\b)"
    )


# ("has her own Lenovo Yoga", "I have my own MacBook": "own" adds nothing to whose it is)
_ARTICLES = (
    r"(?:(?:a|an|the|this|my|our|new|brand-new|brand new|another|second|old|myself a|(?:his|her|their)\s+own|own)\s+)*"
)

_BOUNDARY = re.compile(
    # Not the dot of a title or place abbreviation ("Dr. Lin", "Co. Cork", "St. Mary's", "Ft. Worth").
    # ("Pls update mobile no. to …": the dot of the number's short form ends no sentence)
    r"(?<!mobile no)(?<!phone no)(?<!contact no)"
    r"(?<!\bSt)(?<!\bSte)(?<!\bFt)(?<!\bCo)(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bMrs)(?<!\bMt)(?<!\bProf)(?<!\bAv)(?<!\bAvda)(?<!\bBv)(?<!\bApt)(?<!\bJr)(?<!\b[A-HJ-Z])(?:(?<!\b[Nn]o)|(?!\.\s*\d))[.!?;\n]+(?=\s|$)"
    r"|[!?;\n]+(?![A-Za-z]\w*\s+\d)|\s+but\s+|,?\s+(?=(?:if|unless|in case)\s)"
    # "… in version B. Can you check my order?": a sentence ends after a single capital too, when the
    # next one plainly starts (an initial, "Dana V. Smith", runs on).
    r"|(?<=\b[A-HJ-Z])\.(?=\s+(?:Can|Could|Would|Will|Please|Also|Thanks|Thank|Where|What|When|Why|How|Is|Are|Do"
    r"|Does|Did|I|I'm|My|It|We|Our|The|This|That|And|But|So)\b)"
    # A question asked after a statement is its own clause: "I just bought a MacBook, can I extend it?"
    # ("I'm a pilot with Maersk - can deliveries come on weekends?": set off by a dash too; "…, did they ship?")
    # ("Pls send my invoices as PDF from now on, and also where is order 7730-AXD?": "and also", "btw" may lead it)
    r"|(?:,|\s+[-\u2013\u2014]+)\s*(?=(?:(?:and|oh\s+and|but)\s+)?(?:(?:also|btw|plus)\s+)?"
    r"(?:can|could|would|will|do|does|did|is|are|how|what|when|where|why|should|any|which)\b"
    r"[^.!?,;]*\?)"
    # "I left Accenture yesterday, so the account should be closed I guess?": the consequence asked about after a
    # comma and "so" is its own clause; the premise before it is still told
    r"|,\s*(?=so\s+[^.!?,;]*\?)"
    r"|(?<!\b[Mm]e)\s+and\s+(?=(?:I|my|we|now)\b)|,\s*(?:and\s+|so\s+)?(?=(?:I|my|we|now)\b)"
    # ("me and my wife moved …": "and" after "me" joins one subject, no clause)
    # "I'm not a fisherman, b'y — I'm the quality control tech …": a dash before a new "I'm" starts a clause
    r"|\s+[\u2014\u2013]+\s*(?=(?:I'm|I\s+am|I've|I\s+have)\b)"
    # "it's … now — all caps doesn't matter right?": an aside set off by a dash, asked as a tag question
    r"|\s+[\u2014\u2013]+\s*(?=[^.!?;\n\u2014\u2013]{1,60}\b(?:right|ok|okay|yeah|correct|yes|no)\s*\?)"
    # "My wife is a dentist at Kaiser, she might call about …": the maybe is the call's, not the job's.
    r"|,\s*(?:and\s+|so\s+)?(?=(?:she|he|they)(?:\s+(?:might|may|could|would|will|can)|'ll|'d)\b)"
    # "my husband's a paramedic with King County EMS so he's never home": a consequence joined by "so" is its own
    # clause, its negation no part of the job
    r"|\s+so\s+(?=(?:he|she|they|I|we)(?:'s|'re|'m|'ve|\s+(?:is|are|am|has|have|never|can't|doesn't|don't))\b)"
    # "my sister Shirin works at Digikala, maybe she can get me a discount": an aside's maybe is its own
    r"|,\s*(?=(?:maybe|perhaps|hopefully)\s+(?:she|he|they|I|we|you|it)\b)"
    # A verb coordinated after a comma starts its own clause, with its own time: "moved to Bristol yesterday,
    # sold my Xbox before the move" (the subject is restored by ``_with_subject``).
    # ("not at Ubisoft anymore — joined a small studio as …": set off by a dash just the same)
    r"|(?:,|\s+[\u2014\u2013]+|\s+-)\s*(?=(?:and\s+|then\s+)?(?:moved|relocated|joined|quit|left|bought|sold|switched|upgraded|resigned"
    r"|gave\s+away|got|donated|ditched|replaced|swapped|traded|started\s+(?:at|a\s+new|working)"
    # ("not at Telkom anymore, contracting for Vodacom now")
    # ("company transferred me, been staying in Penang since May": the home told after the news, its own clause)
    r"|contracting\s+for|been\s+(?:living|staying|based)\s+in)\b)"
    # ("Moved to Perth last month and started at BHP as a geologist": joined by "and" after a time just the same, for a
    # move or a job begun or left; the time stays with its own verb. A time after both verbs is both's: "I left
    # Tencent and joined Huawei two weeks ago")
    r"|(?:(?<=\bago)|(?<=\byesterday)|(?<=\bweek)|(?<=\bmonth)|(?<=\byear)|(?<=day)|(?<=\bweekend))"
    r"\s+and\s+(?=(?:then\s+)?(?:moved|relocated|joined|quit|resigned|started\s+(?:at|a\s+new|working))\b)"
    # ("mobile 021 448 3092 if the courier gets lost - I drive trucks for Fonterra": a spaced dash before a new "I"
    # ends the condition; the news after it is told outright)
    r"|\s+[-\u2013\u2014]+\s+(?=I(?:'m|'ve)?\s+(?!(?:mean|guess|think|always|never|usually|often|sometimes|keep)\b)[a-z]+)"
    # ("Been living in Sligo since last year and the account still thinks I'm in Dublin": another's wrong belief after
    # "and"/"but" is its own clause; the state told before it holds)
    r"|\s+(?:and|but)\s+(?=(?:the|my|our|your)\s+(?:[a-z]+\s+)?[a-z]+\s+(?:still\s+|always\s+|keeps?\s+)?"
    r"(?:thinks|thought|assumes|assumed|believes|believed|says|said|shows|showed)\s+(?:that\s+)?(?:I|I'm|we|we're)\b)"
    # ("I'm on a Surface Go now so the layout might look different": a consequence guessed after "so" is its own
    # clause; the premise before it is told)
    r"|,?\s+so\s+(?=(?:the|that|this|it|things|everything)\b[^.!?,;]*\b(?:might|may|could|would)\b)"
)
_QUESTION_START = re.compile(
    # ("Should've mentioned this sooner: …", "Could have told you earlier": a regret, not a question)
    r"^\s*(?!(?:should|could|would)(?:'ve|\s+have)\b)"
    # ("Can lah, next time …", "can can": Singapore English for "yes, sure", no question)
    r"(?!can\s+(?:lah|la|leh|can|one)\b)"
    # ("can just call me Kenny": Singapore English drops the "you" of a permission given, no question)
    r"(?!can\s+(?:just\s+|also\s+|simply\s+)?(?:call|address)\s+me\b(?![^?]*\?))"
    # ("Do the quarterly reports in the detailed format from now on": "do" with an object and no question mark is
    # an imperative)
    r"(?!do\s+(?:the|my|all|every|both|these|those)\b(?![^?]*\?))"
    r"(?:do|does|did|are|is|am|was|were|can|could|would|will|should|shall|have|has|may|where|what|when|who"
    # ("Can't sleep, first night in Pokhara": a statement, not a question)
    r"|whom|which|how|why)\b(?!'t\b)",
    re.IGNORECASE,
)
_HYPOTHETICAL = re.compile(
    # ("replies in Japanese if you can", "by DHL if possible": a polite hedge on a request, not a supposition)
    r"\bif\b(?!\s+(?:you\s+can\b(?!'t)|possible\b|poss\b|that's\s+(?:ok|okay|alright|fine)\b|you\s+don't\s+mind\b))"
    r"|\b(?:suppose|supposing|imagine|in case|unless|maybe|perhaps|might|whether|pretend|hypothetically)\b"
    # ("I wish to inform you that as of yesterday I am living in …": a formal notice, not a wish)
    r"|\bwish\b(?!\s+to\s+(?:inform|advise|notify|let\s+you\s+know|confirm|report|tell|update|point\s+out|mention"
    r"|clarify|state|record|note|register|change|update|amend|correct"
    # ("I wish to make a formal complaint about order …", "we wish to lodge a claim": a formal request, not a wish)
    r"|make|file|lodge|raise|submit|request|cancel|return|query|complain|escalate|dispute|claim))"
    # ("replies in Portuguese would be great": a polite wish, not a supposition)
    r"|\bwould(?!\s+(?:like|prefer|rather|love|be\s+(?:great|nice|good|perfect|ideal|best|better|lovely|appreciated"
    r"|helpful|brilliant|fab|amazing)))\b"
    # ("I'd move if …"; not a verb's past made with 'd: "typo'd my email", "cc'd my boss")
    r"|\b(?:I|we|you|he|she|they|it|that|who|there|someone|somebody|nobody|everyone)'d(?!\s+(?:like|prefer|rather|love))\b",
    re.IGNORECASE,
)
# Reported or denied speech ("I never said I work at Google") asserts nothing.
_REPORTED = re.compile(
    r"\b(?:never|didn't|did not|don't|do not|not)\s+(?:say|said|tell|told|claim|claimed|mean|meant)\b"
    r"|\b(?:thinking (?:of|about)|considering|planning (?:to|on))\b"
    # ("my boss thinks I live in Sandton", "everyone assumes we're in Perth": someone else's belief, told to be wrong)
    r"|(?:\b(?:[Mm]y|[Oo]ur|[Tt]he)\s+\w+|\b(?:he|she|they|everyone|everybody|people|[A-Z][a-z]+))\s+(?:still\s+)?"
    # ("people keep assuming I live in London", "my mum is always thinking I'm in Leeds")
    r"(?:(?:keeps?|kept|always|(?:is|are|was|were)\s+always)\s+)?"
    r"(?:thinks?|thought|assumes?|assumed|believes?|believed|reckons?|reckoned|thinking|assuming|believing)"
    r"\s+(?:that\s+)?(?:I|we)\b",
    re.IGNORECASE,
)
_ENDS_STATE = re.compile(r"\b(?:no longer|anymore|any more|not \w+ now)\b", re.IGNORECASE)

_LASTING = re.compile(
    r"\b(?:always|by default|default|from now on|from here on|going forward|moving forward|every time|each time"
    # ("DHL please, every single time", "as standard", "rule of thumb for my account: …")
    r"|every\s+single\s+time|each\s+and\s+every\s+time|without\s+fail|as\s+standard|rules?\s+of\s+thumb"
    r"|in (?:the )?future|for (?:all )?future \w+|all the time|usually|as a rule|permanently|for good|from today on"
    r"|(?:a|my|the)\s+standing\s+(?:rule|order|instruction|request)"
    r"|whenever|from now"
    # ("for all invoices hereafter", "next time onwards always …": Indian and Singapore English for "from now on")
    r"|hereafter|henceforth|(?:next\s+time|now|today|here)\s+onwards?"
    # "Use DHL for everything I order", "vegan meals on every flight": every errand of a kind.
    r"|for everything|(?:on|for|with|in)\s+(?:every|each)\s+(?:single\s+)?(?:order|flight|trip|booking|delivery"
    r"|purchase|shipment|report|export|payment|meeting|invoice|stay|reservation|call|ride|parcel|package|statement)s?"
    r"|for all (?:of )?my \w+|(?:where|wherever|whenever|when)\s+possible"
    # ("no paper receipts in the box pls, every order": the errand's kind set off on its own)
    r"|(?<=,\s)every\s+(?:single\s+)?(?:order|delivery|parcel|package|shipment|box|time|week|month)(?=\s*(?:[,.;!\u2014\u2013]|$))"
    # "Keep the newsletters coming by WhatsApp"
    # (not "keep coming up with new stuff": something must be kept coming)
    r"|keep\s+(?:them|those|these|(?:the\s+|my\s+)?(?:[\w-]+\s+)?[\w-]+)\s+coming(?!\s+(?:up|back|over|along|round|around)\b)"
    # "keep sending stuff by PostNL", "keep using the Visa": an order to go on as before (not "I keep losing …")
    r"|(?<!\bI\s)(?<!\bwe\s)(?<!\bhe\s)(?<!\bthey\s)(?<!\bshe\s)(?<!\byou\s)\bkeep\s+(?:on\s+)?(?:sending|shipping|delivering|using|paying)"
    r"(?=[^.;!?]{0,25}\b(?:by|via|with|through|using|on)\s)"
    # Chinese markers in an English sentence: "Please 以后都 ship with 顺丰".
    r"|以后都|以后|今后|默认|总是)\b",
    re.IGNORECASE,
)
_ONE_OFF = re.compile(
    r"\b(?:today|tonight|this time|just this once|this once|for now|right now|for today|temporarily"
    r"|just for this|for this (?:one|report|order|time)|this one time|this one|this order|this package|这次"
    # "for this delivery only", "this shipment only": the errand at hand, not a standing choice.
    r"|this (?:delivery|shipment|purchase|booking|trip|flight|session|visit|stay|parcel|item|box)"
    r"|(?:for|on) this \w+ only"
    # "for the next few days text me": a stretch of days, not a standing choice
    r"|for\s+the\s+(?:next|coming)\s+(?:few\s+|couple(?:\s+of)?\s+|two\s+|three\s+|\d+\s+)?(?:days|hours|weeks)"
    # "SMS only this week, I'm travelling", "while I'm abroad text me": a stretch of days, then back to normal
    # (the days themselves only when limited: "pick some up this weekend" is a plan, not a limit)
    r"|(?:just|only)\s+(?:for\s+)?this\s+(?:week|weekend)|(?:for\s+)?this\s+(?:week|weekend)\s+only"
    r"|for\s+the\s+rest\s+of\s+the\s+(?:week|day)"
    r"|while\s+I'?m\s+(?:away|travell?ing|abroad|overseas|on\s+(?:holiday|vacation|leave))"
    r"|(?:until|till|til)\s+I'?m\s+back"
    r")\b",
    re.IGNORECASE,
)
_PREFERS = re.compile(
    r"\b(?:prefer|prefers|preferred|rather|like|likes|love|loves|favou?rite|want|wants|use|using|switch|set"
    # "I switched over to Australia Post", "now pay with my Revolut card": a change made, a habit.
    r"|switched|(?:I|now|we)\s+(?:(?:usually|normally|mostly|only)\s+)?pay"
    # ("Weekly report should be the detailed version": a recurring document's standing form)
    r"|(?:weekly|monthly|daily|quarterly|annual|yearly|fortnightly)\s+(?:[\w-]+\s+)?(?:reports?|digests?|summar(?:y|ies)"
    r"|statements?|newsletters?|invoices?|exports?)\s+(?:should|must|needs?\s+to)\s+(?:always\s+)?(?:be|come)"
    # "E-mails are the only messages I check": the one thing heeded.
    r"|(?:is|are)\s+the\s+only\s+\w+\s+(?:that\s+)?I"
    # ("swap my alert channel over to e-mail", "flip my reminders to SMS", "move my alerts to WhatsApp")
    r"|send|give|make|keep|change|swap|flip|move|shift|deliver|export|turn on|enable|go with|stick with|please"
    r"|suits? me"
    r"|works? for me"
    # ("I'm a dark mode person", "light theme fan here": the setting one is for)
    r"|(?<=mode|heme)\s+(?:person|fan|guy|girl|kind\s+of\s+person|all\s+the\s+way)"
    # ("light theme for me, the dark one …", "the summary version is plenty for me": the speaker's pick, said bare)
    r"|(?<=\w)\s+for\s+me(?=\s*(?:[,.;!\u2014\u2013]|please|pls|thanks|$))|(?:plenty|enough)\s+for\s+me"
    # ("the condensed version is plenty, the full thing is 40 pages": the lesser kind said to suffice)
    r"|(?:is|'s)\s+(?:(?:more\s+than|quite|just)\s+)?(?:plenty|enough)(?=\s*(?:[,.;!\u2014\u2013]|$))"
    r"|best (?:way|for me)|(?:more )?comfortable (?:in|with)|(?:is|are) (?:totally |perfectly |just )?(?:fine|ok|okay)"
    # "I'm paying with Monzo now"
    r"|(?:I'm|I\s+am|we're|we\s+are)\s+(?:now\s+|currently\s+)?(?:paying|shipping)"
    # "replies in Portuguese would be great", "Parcelforce works best"
    r"|would be (?:great|nice|perfect|ideal|best|lovely|appreciated)|works best|is best"
    # ("whatsapp is easiest for order updates")
    r"|(?:is|are)\s+(?:the\s+)?(?:easiest|simplest|handiest|quickest|most\s+reliable)"
    # "Only by e-mail", "texts only please": one channel or way, to the exclusion of others.
    r"|only\s+(?:by|via|through|over|in)|(?<=\w)\s+only(?=\s*(?:please|thanks|[,.!;]|$))|only\s+for\s+(?:me|us)\b"
    r"|put|charge|ship|write|reply|replies|answer|answers|respond|book|reserve|notify|instead"
    # "I'm on light mode now", "we're both on dark mode": the setting one is on.
    r"|(?:I'm|I am|we're|we are)\s+(?:\w+\s+)?on(?=\s+(?:dark|light|night|day)\s+(?:mode|theme))"
    # "I've had dark mode on since 2024", "I keep light theme enabled": the setting one has on
    r"|(?:dark|light|night)\s+(?:mode|theme)\s+(?:on|enabled|switched\s+on|turned\s+on)"
    r"(?=\s*(?:[,.;!]|$|since\b|for\b|and\b|all\b|every\b|always\b|now\b)))\b",
    re.IGNORECASE,
)
_PREF_NEGATED = re.compile(
    # ("the neighbour at no. 14": a house's number, no refusal)
    r"\b(?:not|don't|do not|doesn't|never|no(?!\.\s*\d)|turn off|disable|stop|hate|dislike|without)\b|\b\w+n't\b",
    re.IGNORECASE,
)

# ---------------------------------------------------------------------------- subjects


def _subject(ctx: TurnContext, raw: str, at: int | None = None) -> str | None:
    """Whom a matched subject phrase names, or ``None`` when it names nobody we can pin down.

    ``at`` is where the phrase sits in the turn: a pronoun there may point back to a relative.
    """
    word = raw.strip()
    # ("Myself working as a data analyst in Pune": the speaker, in Indian English)
    if word in ("I", "i", "we", "We", "Myself") or re.fullmatch(_ME_AND_OTHERS, word):
        return ctx.speaker_id
    if word in ("she", "he"):
        return _antecedent(ctx, word, at) if at is not None else None
    if re.fullmatch(_BOTH_PARENTS, word):
        return f"{ctx.speaker_id}:parents"
    bracketed = re.fullmatch(rf"[A-Z][a-z]+ \((?:[Mm]y|[Oo]ur) {_KIN_ADJ}({_REL})(?:,[^)]*)?\)", word)
    if bracketed:
        return f"{ctx.speaker_id}:{_RELATIONS[bracketed.group(1).lower()]}"  # "Theo (my son, 9)"
    possessive = re.fullmatch(rf"(?:[Mm]y|[Oo]ur(?=\s))(?:\s+{_KIN_ADJ}({_REL})(?:'s?)?)?", word)
    if possessive:
        relation = possessive.group(1)
        # ("Our family relocated to Singapore": a household the speaker is one of, so the speaker's own move)
        if relation and word[:1] in "Oo" and _RELATIONS[relation.lower()] in ("family", "household"):
            return ctx.speaker_id
        return f"{ctx.speaker_id}:{_RELATIONS[relation.lower()]}" if relation else ctx.speaker_id
    name = word.removesuffix("'s")
    if name.split()[0] in _NOT_NAMES:
        return None
    # "Mum's email is …": the speaker's mother ("mum just moved …": typed in lower case)
    # ("Husband is in Wipro as team lead": the bare relation opening a sentence, capitalised)
    if name in _KIN_AS_NAMES or name.lower() in _BARE_KIN_WORDS:
        return f"{ctx.speaker_id}:{_RELATIONS[name.lower()]}"
    titled = _KIN_TITLED.fullmatch(name)
    if titled:
        return f"{ctx.speaker_id}:{_RELATIONS[titled.group('rel').lower()]}"  # "Aunt Rosa lives in Naples"
    return name


# ("my daughter's moved out": the 's of "has" keeps her the one spoken of; "my daughter's phone" does not)
_KIN_BEFORE = re.compile(
    # ("wife just got tenure at …, she lectures …": a relative named bare as the turn opens)
    rf"(?:\b(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}|^\W*(?=(?i:{'|'.join(_BARE_KIN_WORDS)})\b))(?P<rel>(?i:{_REL}))\b(?!'s\b(?!\s+(?:just\s+|now\s+|finally\s+)?(?:been|got|gone|[a-z]+ed)\b))"
)
# Someone else named between the relative and the pronoun ("my sister met Anna; she …") makes it ambiguous.
# (Not the place someone went: "my mum's moved to Nantes, her new mobile is …")
_OTHER_PERSON = re.compile(
    r"\b(?:met|saw|with|and|told|asked|married|dating|called"
    r"|(?<!moved\s)(?<!moving\s)(?<!relocated\s)(?<!went\s)(?<!gone\s)(?<!back\s)(?<!over\s)to)\s+[A-Z][a-z]+"
)


# "my colleague Dana Liu handles our account now, she's …": someone outside the family, named by name.
_NAMED_ASSOCIATE = re.compile(
    r"\b(?:[Mm]y|[Oo]ur)\s+(?P<rel>colleague|boss|manager|friend|flatmate|roommate|housemate|assistant)"
    r",?\s+(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\b"
)


# ("Liam O'Hare is my business partner - he's on …": a full name said to be an associate, then its pronoun)
_NAMED_IS_ASSOCIATE = re.compile(
    r"(?<![\w'])(?P<name>[A-Z][a-z]+\s+[A-Z][\w'-]*[a-z])\s+is\s+(?:my|our)\s+"
    r"(?P<rel>business\s+partner|co-?founder|colleague|boss|manager|assistant|accountant|friend|flatmate|roommate"
    r"|housemate)\b"
)


def _antecedent(ctx: TurnContext, pronoun: str, at: int) -> str | None:
    """The one relative of the pronoun's gender the turn names before ``at``, else ``None``.

    With no relative of that gender, the one associate named by name ("my colleague Dana Liu") before it.
    """
    kin = _FEMALE if pronoun == "she" else _MALE
    found = [m for m in _KIN_BEFORE.finditer(ctx.text, 0, at) if _RELATIONS[m.group("rel").lower()] in kin]
    relations = {_RELATIONS[m.group("rel").lower()] for m in found}
    if not found:
        named = {(m.group("name"), m.group("rel")) for m in _NAMED_ASSOCIATE.finditer(ctx.text, 0, at)}
        named |= {(m.group("name"), "colleague") for m in _NAMED_IS_ASSOCIATE.finditer(ctx.text, 0, at)}
        others = [
            m for m in _KIN_BEFORE.finditer(ctx.text, 0, at) if _RELATIONS[m.group("rel").lower()] in _FEMALE | _MALE
        ]
        if len(named) == 1 and not others:
            name, relation = named.pop()
            # A full name is the subject as named ("Dana Liu", the older sets' convention for "my colleague Dana
            # Liu is …"); a first name alone leaves the relation the subject, as for kin.
            if name.split()[0] not in _NOT_NAMES and name.split()[0] not in _NOT_FIRST_NAMES:
                return name if " " in name else f"{ctx.speaker_id}:{_RELATIONS[relation.lower()]}"
        return None
    if len(relations) != 1 or _OTHER_PERSON.search(ctx.text, found[-1].end(), at):
        return None
    return f"{ctx.speaker_id}:{relations.pop()}"


# ("hubby's mobile is 0412 556 908, his name's Craig": the relative named as the owner of what was told)
_KIN_OWNING = re.compile(
    rf"(?:\b(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}|(?<![\w\s'-])|(?<=^\s))(?P<rel>(?i:{_REL}))'s?\s+(?!name\b)[a-z]"
)


def _owner_antecedent(ctx: TurnContext, pronoun: str, at: int) -> str | None:
    """The one relative of the pronoun's gender named before ``at`` as the owner of something, else ``None``."""
    kin = _FEMALE if pronoun == "she" else _MALE
    owners = {_RELATIONS[m.group("rel").lower()] for m in _KIN_OWNING.finditer(ctx.text, 0, at)}
    if any(_RELATIONS[m.group("rel").lower()] in _FEMALE | _MALE for m in _KIN_BEFORE.finditer(ctx.text, 0, at)):
        return None
    if len(owners) != 1 or not owners <= kin:
        return None
    return f"{ctx.speaker_id}:{owners.pop()}"


# "My dad has a smartphone now, so send his order updates to him by SMS": the messages are a relative's, sent to them.
_SENT_TO_THEM = re.compile(
    r"\b(?:send|text|message|e-?mail|forward)\s+(?:(?P<poss>his|her)\s+(?:[\w-]+\s+){0,2}?(?:updates?|alerts?"
    r"|notifications?|messages?|texts?|notices?|reminders?|tracking)\b|(?P<obj>him|her)\s+(?:the|all|any|his|her)\b)"
    r"|\bto\s+(?P<to>him|her)\s+(?:by|via|on|over|through|as)\b",
    re.IGNORECASE,
)


def _channel_owner(ctx: TurnContext, clause: Clause, owner: str) -> str:
    """Whose the channel is: the relative the messages are sent to, when the turn names just one (see
    :data:`_SENT_TO_THEM`), else ``owner``."""
    m = _SENT_TO_THEM.search(clause.text)
    if owner != ctx.speaker_id or m is None:
        return owner
    word = (m.group("poss") or m.group("obj") or m.group("to")).lower()
    relative = _antecedent(ctx, "he" if word in ("his", "him") else "she", clause.start + m.start())
    return relative or owner


_PRONOUNS = frozenset(["He", "She", "They", "It", "You", "This", "That"])
_SUBJECT_CANDIDATE = re.compile(_EXPLICIT_SUBJ)
# A capitalized word right after a preposition of place names a place or a firm ("the flat in Halifax").
_AFTER_PREPOSITION = re.compile(r"\b(?:in|at|from|to|into|near|outside|around|of|for|on|with|by)\s+$")


_VERB_NOT_NAME = re.compile(r"[A-Z][a-z]{2,}ed\s+(?:(?:out|up|off|down|in|over|back|away)\s+)?(?:my|our|the|a|an)\s")


def _subject_of(ctx: TurnContext, clause: Clause, m: re.Match[str], *groups: str) -> str | None:
    """Whom the subject group of ``m`` names; an elided subject is the clause's first one."""
    for group in groups or ("subj",):
        raw = m.group(group)
        if raw and _VERB_NOT_NAME.match(clause.text, m.start(group)):
            return None  # "Handed over my keys and left Deloitte": a verb whose "I" was dropped, not a name
        if raw:
            return _subject(ctx, raw, clause.start + m.start(group))
        if raw == "":
            return _clause_subject(ctx, clause.text[: m.start(group)])
    return None


def _clause_subject(ctx: TurnContext, head: str) -> str | None:
    """The first subject the words before a coordinated verb name ("My wife quit X and joined Y").

    A pronoun first ("He quit X and joined Y") names nobody we can pin down, so nothing.
    """
    for candidate in _SUBJECT_CANDIDATE.finditer(head):
        word = candidate.group()
        if _AFTER_PREPOSITION.search(head, 0, candidate.start()):
            continue  # "gave up the flat in Halifax and moved to Truro": a place, not who moved
        if word.capitalize() in _PRONOUNS:
            return None
        subject = _subject(ctx, word)
        if subject is not None:
            return subject
    return None


def _clean(value: str) -> str:
    # ("… NE2 4AE -": a dash left before a remark split off is no part of the value)
    return re.sub(r"\s+[-\u2013\u2014]+$", "", value.strip().rstrip(".,;:!?'\"").strip())


def _fact(
    ctx: TurnContext,
    clause: Clause,
    m: re.Match[str],
    subject: str,
    predicate: str,
    value: str,
    rule: str,
    *,
    valid_from: datetime | None = None,
    confidence: float = STATE_CONFIDENCE,
    ends_previous: bool = False,
) -> CandidateFact:
    if predicate == "job_title":
        # "I'm the new team lead", "their newest product designer"
        value = re.sub(r"^(?:new|newest|latest)\s+", "", value, flags=re.IGNORECASE)
    return make_fact(
        subject,
        predicate,
        value,
        f"en.{rule}",
        m.group(),
        valid_from=valid_from,
        confidence=confidence,
        ends_previous=ends_previous,
    )


# ---------------------------------------------------------------------------- state facts

_MOVE = re.compile(
    _SUBJ
    + _ADV
    # ("moved up to Fairbanks", "relocated down to Napier", "moved across to Perth": the direction of the move)
    # ("shifted to Pune last month": the verb of a move in Indian English)
    + r"\s+(?:moved|relocated|shifted)(?:\s+(?:back|house|home|out|over|away|up|down|across|abroad|interstate)){0,2}"
    # ("shifted base to Hyderabad", "moved my base to Leeds": the speaker's base moved)
    + r"(?:\s+(?:my\s+|our\s+)?base)?"
    + r"(?:\s+from\s+"
    + _named("old")
    # "I moved from Tulsa over to Omaha"
    + r"(?:\s+(?:over|back|across|down|up))?)?"
    r"\s+to\s+(?:the\s+city\s+of\s+)?"
    + _named("place")
    # "we've finished moving into our new place in Porto"
    + r"|"
    + _SUBJ.replace("subj", "subj2")
    + _ADV
    # ("we're moving into a flat in Leeds next month" is a plan: "moving" only once finished; "moved to a bungalow
    # in Rye" names the home before the place)
    + r"\s+(?:finished\s+moving|(?:(?:just|finally)\s+)?moved)\s+(?:in(?:to)?|to)"
    + r"\s+(?:our|my|a|an|the|his|her|their)\s+"
    # "Our grandfather moved into a care home in Aachen": the kind of home may be named.
    r"(?:(?:new|small|little|tiny|lovely|shared|rented|student|care|nursing|retirement|assisted[- ]living|sheltered"
    # ("moved into a 3-bedroom flat", "a three-bed house": the size in figures or words)
    r"|one-bed\w*|two-bed\w*|(?:\d|one|two|three|four|five)[- ]bed(?:room)?(?:ed)?|\d-br)\s+){0,2}"
    # ("moved into a retirement village in Hobart")
    r"(?:place|home|house|flat|apartment|condo|studio|bungalow|cottage|residence|facility|village|community"
    r"|townhouse|unit)\s+in\s+"
    + _named("place2")
    # "We closed on the house in Halifax and moved in last Monday": the home bought, then moved into.
    + r"|"
    + _SUBJ.replace("subj", "subj3")
    + _ADV
    + r"\s+(?:bought|closed\s+on|purchased|got\s+the\s+keys\s+(?:to|for))\s+(?:our|my|a|the)\s+(?:new\s+)?"
    r"(?:place|home|house|flat|apartment|condo|cottage)\s+in\s+"
    + _named("place3")
    + r"\s+and\s+(?:(?:finally|just|then|already|have|'ve)\s+)*moved\s+in\b(?!\s+with\b)"
)
# Typed all in lower case: "two weeks ago i moved from brno to olomouc". The place is a word that is
# no article, pronoun or common noun of homes.
_NOT_LOWER_PLACES = (
    r"the|a|an|my|our|his|her|their|new|another|this|that|be|live|work|do|get|make|take|go|see|stay|rent|buy|start"
    r"|join|help|here|there|home|town|city|uni|university|college|school|office|mum's|mom's|dad's|parents|the\s+\w+"
    r"|london\s+road|tears|nights|days|part-time|remote|sales|marketing|support"
)
# How home is, not where: "home is chaos these days", "home is quiet now".
_HOME_FEELS = (
    r"too|so|very|really|quite|small|big|tiny|huge|far|near|close|nice|great|lovely|cosy|cozy|cold|warm|hot|quiet"
    r"|noisy|loud|empty|chaos|messy|fine|good|bad|ok|okay|safe|sweet|busy|hectic|calm|full|different|weird|strange|sad"
    r"|happy|fun|mad|crazy|home|where|what|here|there|nowhere|everywhere|anywhere|everything|work|school|bliss|heaven"
    r"|hell|a|an|the|my|our"
)
_LOWER_MOVE = re.compile(
    r"(?:(?<![A-Za-z'])[iI]\s+(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated)(?:\s+(?:up|down|over|across|back))?"
    r"(?:\s+(?:back\s+)?from\s+[a-z][a-z-]+(?:\s+[a-z][a-z-]+)?)?\s+to\s+"
    # "just so you know i live in mombasa, not nairobi"
    r"|(?<![A-Za-z'])[iI](?:\s+|'m\s+|\s+am\s+)(?:actually\s+|currently\s+|now\s+)?(?P<live>live|living|based)\s+in\s+"
    r"(?!(?:hope|fear|denial|peace|luxury|sin|poverty|style|comfort|harmony|dread|terror|fantasy|the\s+\w+)\b)"
    # "home is mysuru these days btw" (one word, never a word of how home feels: "home is too small")
    r"|^\W*(?P<home>home)(?:\s+base)?\s+is\s+(?:now\s+)?(?=[a-z-]+(?:\s*(?:[,.;!?]|$)|\s+(?:these\s+days|now|btw)\b))"
    r"(?![a-z-]*(?:ly|ed|ing|ful|less|ous|ive|able|ible|ish|est)\b)(?!(?:" + _HOME_FEELS + r")\b))"
    rf"(?P<place>(?:{_KNOWN_CITIES})\b|(?!(?:{_NOT_LOWER_PLACES})\b)[a-z][a-z-]{{2,}}(?:\s+(?!(?:last|this|in|on|since|yesterday|today|two|three"
    r"|a|an|and|but|so|with|for|pls|please|now|these|btw)\b)[a-z][a-z-]{2,})?)"
    r"(?=\s*(?:[,.;!?]|$|\s+(?:last|this|in|on|since|yesterday|today|two|three|a|an|and|but|so|with|for|pls|please|now"
    r"|these\s+days|btw)\b))"
)
_MOVE_AWAY = re.compile(_SUBJ + _ADV + r"\s+(?:moved (?:away from|out of)|left)\s+" + _named("place"))
# "Relocated Lagos -> Abuja in March", "we moved Leeds → York last week": the move written as an arrow from the
# old home to the new one.
_MOVE_ARROW = re.compile(
    _SUBJ
    + _ADV
    + r"\s+(?:moved|relocated)(?:\s+(?:house|home|back|over|cities))?\s+(?:from\s+)?"
    + _named("old")
    + r"\s*(?:-+>|=+>|\u2192|\u27f6|\u21d2|>)\s*"
    + _named("place")
)
# "Sendai chapter is closed for me", "my Berlin chapter is over", "closed the Lisbon chapter": a home ended,
# said as a chapter of one's life (only beside words of a home given up, checked by ``_HOME_GIVEN_UP``).
_CHAPTER_CLOSED = re.compile(
    r"(?:^\W*|\b(?:[Mm]y|[Oo]ur|[Tt]he)\s+|(?<=[,;]\s))"
    + _named("place")
    + r"\s+chapter\s+(?:is|'s|has\s+been)\s+(?:now\s+|finally\s+|officially\s+)*(?:closed|over|done|finished|ended)\b"
    + r"|\b(?i:closed|ended|finished)\s+(?:the|my|our)\s+"
    + _named("place2")
    + r"\s+chapter\b"
)
_HOME_GIVEN_UP = re.compile(
    r"\b(?:apartment|flat|house|lease|landlord|landlady|keys|tenancy|moved|moving|move|packed|boxes|rent|left)\b", re.I
)
# "Moved out of Osaka three days ago and into a small place in Kobe": the move names its new home after "into".
_MOVE_OUT_INTO = re.compile(
    r"\b(?i:moved\s+(?:away\s+from|out\s+of))\s+[^,.;!?]{1,60}?\s+and\s+(?:then\s+)?into\s+"
    r"(?:(?:a|an|the|our|my)\s+)?(?:[a-z]+\s+){0,3}?(?:(?:place|home|house|flat|apartment|condo|studio|room)\s+in\s+)?"
    + _named("place")
)
# Renting a home somewhere is living there: "rents a room in Dundee", "I'm renting a flat in Leith".
_RENTED_HOME = (
    r"\s+(?:a|an|the|my|our|his|her|their)\s+(?:(?:small|tiny|little|new|shared|cheap|nice|studio|one-bed\w*"
    r"|two-bed\w*)\s+)*(?:room|flat|place|apartment|house|studio|condo|bedsit|cottage|loft"
    # ("renting a walk-up in Da Nang", "rents a granny flat in Ōtaki")
    r"|walk-up|granny\s+flat|townhouse|unit|villa|bungalow|duplex|basement|caravan)"
)
# ("we've been renting in Mindelo since last month": renting, the home unsaid)
_RENTS = r"|(?:rent|rents|renting)(?:" + _RENTED_HOME + r")?"
_LIVE = re.compile(
    _SUBJ
    + _ADV
    + _NEG
    + _ADV
    # ("we're staying put in Tel Aviv": not moving after all)
    + r"\s+(?:live|lives|living|lived|reside|resides|residing|based|stay|stays|staying(?:\s+put)?|settled(?:\s+down)?"
    # ("my mum packed up and went to live in Rosario": a move said as going to live there)
    + r"|(?:went|has\s+gone|'s\s+gone|have\s+gone|'ve\s+gone)\s+to\s+live"
    + _RENTS
    # "I now live with my partner in Cork"
    + r")(?:\s+with\s+(?:my|our|his|her|their)\s+[\w-]+(?:\s+and\s+(?:my|our)\s+[\w-]+)?)?"
    # "my mum lives up in Ballina", "they live out in Perth"
    + r"(?:\s+(?:up|down|over|out|way\s+out|back))?"
    # ("been living on Pitt Island since yesterday", "we live on Kangaroo Island": an island is lived on)
    + r"(?:\s+(?:in|on(?=\s+(?:the\s+)?(?:[A-Z][\w'-]*\s+){1,2}(?:Island|Isle|Islands|Key|Cay|Atoll)\b)(?:\s+the)?)"
    # ("I still stay Tampines": where one lives, "stay" without "in" as Singapore and Malaysia say it)
    + r"|(?<=\bstay)|(?<=\bstays))\s+"
    + _named("place")
)
_HOME = re.compile(
    r"(?:"
    + _POSS
    + r"|(?P<our>\b[Oo]ur))\s+(?:new\s+)?(?:home|place|apartment|house|flat)\s+is\s+(?:now\s+)?in\s+"
    + _named("place")
    # "Home is Dublin now": the speaker's home, said without "my".
    + r"|(?P<bare>^\W*"
    + _LABEL
    + r"[Hh]ome(?:\s+base|\s+these\s+days|\s+now)?\s+is\s+(?:now\s+)?"
    + r"(?:(?:a|an|my|our)\s+(?:[\w-]+\s+)?(?:flat|place|house|apartment|room|studio|cottage)\s+)?(?:in\s+)?)"
    + _named("place2")
    # "…, Vancouver is home now", "Finished unpacking, so Wellington is home now"
    + r"|(?:^\W*"
    + _LABEL
    + r"|(?<=,\s)(?:so\s+|and\s+|now\s+)?)"
    + _named("place3")
    # ("Mangareva's been home since March": the contraction on the name)
    + r"(?P<bare2>(?:\s+is|\s+has\s+been|\s*'s\s+been)\s+(?:(?:now|finally|officially)\s+)?(?:my\s+|our\s+)?home"
    + r"(?:\s+now)?\b(?!\s+(?:to|of|for)\b)"
    # "…, Alicante is where we live now"
    + r"|\s+is\s+where\s+(?:I|we)\s+(?:now\s+)?live(?:\s+now)?\b(?!\s+(?:part|some|half)))"
)

# "we've been in Lisbon since last month": being somewhere since a time is living there.
# "I now call Halifax home", "these days I'm based out of Nairobi".
_CALL_HOME = re.compile(
    r"\b(?P<subj>I|[Ww]e)\s+(?:now\s+|proudly\s+)?call\s+" + _named("place") + r"\s+home\b"
    r"|\b(?P<subj2>I|[Ww]e)(?:'m|'re|\s+am|\s+are)\s+(?:now\s+|currently\s+)?based\s+out\s+of\s+" + _named("place2")
)
# Words of a home and its change: "the Linz address can go", "finally unpacked", "moved", "the old flat".
_HOME_CHANGE_TALK = re.compile(
    r"\b(?:address|moved|move|moving|relocated|unpacked|settled\s+in|flat|apartment|house|lease|keys|new\s+place)\b",
    re.IGNORECASE,
)
_BEEN_IN = re.compile(
    # "(I) been in Boise since yesterday": the auxiliary dropped in chat.
    # ("I've actually been in Midrand since last month": an adverb between)
    _SUBJ
    + r"(?:(?:'ve|\s+have|\s+has)?(?:\s+(?:actually|really|now|just|officially|basically))?\s+been"
    # ("we're in Graz since yesterday (finally!!), the Linz address can go": the present said for the stay, as many
    # speakers do; a home only where the turn talks of homes, see _HOME_CHANGE_TALK)
    + r"|(?:'m|'re|\s+am|\s+are)(?:\s+(?:actually|really|now|officially|finally))?"
    + r"(?=\s+in\s+[^,.;!?]{1,40}?\s+since\b))"
    + r"\s+(?:living\s+|based\s+)?in\s+"
    + _named("place")
    # ("I've been in Duluth a while now", "been in Leeds for years": a long stay is a home; "for a week" is a trip)
    + r"(?=\s+since\b|\s+(?:for\s+)?(?:quite\s+)?(?:a\s+(?:good\s+)?while|ages|years|donkey's\s+years"
    + r"|(?:a\s+few|several|many|\d+|two|three|four|five|ten|a\s+couple(?:\s+of)?)\s+years|a\s+decade)\b)"
)
# "Not in Berlin anymore, I'm back in Hamburg": a residence ended, and where the speaker is back.
_NOT_IN_ANYMORE = re.compile(
    r"^\W*"
    + _LABEL
    + r"(?:(?i:I'm|I\s+am|we're|we\s+are)\s+)?(?i:not|no longer)\s+(?:living\s+|based\s+)?in\s+"
    + _named("place")
    + r"(?:\s+(?:anymore|any more))?"
)
# "Leipzig isn't home any more", "Cork is no longer our home": a residence ended, said of the place.
_NOT_HOME = re.compile(
    r"(?:^\W*"
    + _LABEL
    + r"|,\s+(?:so\s+|and\s+|but\s+)?)"
    + _named("place")
    + r"\s+(?:isn't|is\s+not|'s\s+not|is\s+no\s+longer|'s\s+no\s+longer)\s+(?:my\s+|our\s+)?home\b"
    + r"(?P<anymore>\s+(?:any\s?more|now))?"
    + r"(?!\s+(?:for|to)\s+(?!me\b|us\b))"
)
# "Since yesterday I'm officially a Halifax resident", "we're now residents of Tartu": living there, said as
# who one is.
_RESIDENT = re.compile(
    _SUBJ
    + r"(?:'m|'re|'s|\s+am|\s+are|\s+is|\s+became|(?:\s+have|'ve|\s+has|'s)\s+(?:become|been))"
    + r"(?P<neg>\s+(?:not|no\s+longer|never))?"
    + r"(?:\s+(?:now|officially|finally|legally|technically|just|also|both))*"
    + r"\s+(?:an?\s+)?(?:(?:permanent|proud|full-time|legal|registered|official)\s+)?"
    + r"(?:"
    + _named("place")
    # "We're Edinburgh-based now"
    + r"(?:\s+residents?\b|-based\b)|residents?\s+of\s+(?:the\s+city\s+of\s+)?"
    + _named("place2")
    + r")"
)
# "My sister moved out of Aarhus, she's in Copenhagen now": where the mover is now, after a move told.
_NOW_IN = re.compile(
    r"(?:^\W*|[,;]\s+|\s+-+\s+)(?:(?:and|so|but)\s+)?(?P<now1>now\s+)?(?P<subj>I|[Ww]e|[Ss]he|[Hh]e)(?:'m|'re|'s|\s+am|\s+are|\s+is)"
    r"\s+(?P<now2>now\s+)?(?:(?:living|based|settled|staying\s+for\s+good)\s+)?in\s+"
    + _named("place")
    + r"(?P<now3>\s+now)?"
    # ("I'm in Aberdeen now with my partner", Scots "wi' my partner": the one who moved along lives there too)
    + rf"(?:\s+(?:with|wi'?)\s+(?:my|our)\s+{_KIN_ADJ}(?P<along>{_REL}))?\s*(?:[.!;]|$)"
)
_MOVE_OUT = re.compile(
    # ("moved oot o' Glasgow": the Scots spelling of "out")
    r"\b(?i:moved|relocated)(?:\s+(?i:out|oot|away|house|home|back|over|abroad|on))?\s+(?i:of|o'|from|to|into|in)\b"
    r"|\b(?i:moved\s+(?:out|oot|away|house|home|abroad|on)|relocated)\b"
    r"|\b(?i:left)\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?\s+(?i:for\s+good)\b"
    # "Moving day was Saturday - we're in Utrecht now"
    r"|\b(?i:moving\s+day|the\s+(?:big\s+)?move)\s+(?i:was|went)\b"
)
# Homes said in passing, one alternation (checked per clause by ``_home_now_facts``):
# "Busan's home as of two weeks ago" (the contraction, closed by a time or the end),
# "Leeds is officially my postcode now" (the postcode or home town as the place),
# "my sister's in Lyon these days" ("these days" makes the stay a residence; "this week" would not).
_HOME_NOW = re.compile(
    r"(?:^\W*|(?<=[,;]\s)|(?<=\bso\s)|(?<=\band\s))"
    + _named("place")
    # ("so Hilo is home for now": "is" written out, and "for now")
    + r"(?:(?:'s|\s+is)\s+(?:now\s+|officially\s+)?home"
    r"(?=\s*(?:[,.;!?]|$)|\s+(?:now|for\s+now|as\s+of|since|these\s+days)\b)"
    r"|\s+is\s+(?:now\s+|officially\s+|finally\s+)*(?:my|our)\s+(?:postcode|home\s?town|zip\s+code)"
    r"(?:\s+now)?\b)"
    r"|(?P<subj>\b[Mm]y\s+" + _KIN_ADJ + rf"(?:{_REL})|\b[Ss]he|\b[Hh]e|\bI|\b[Ww]e|\b[Tt]hey"
    # ("Our customer Bilal Haddad is in Tripoli these days": someone named in full)
    rf"|(?<![A-Za-z'])(?!(?:{'|'.join(_NOT_NAMES)})\b)[A-Z][a-z]+\s+"
    r"(?!(?:Service|Services|Support|Team|Office|Department|Desk|Cent(?:re|er)|Group|Headquarters)\b)[A-Z][a-z]+)"
    r"(?:'s|'m|'re|\s+is|\s+am|\s+are)\s+(?:(?:now|still|mostly)\s+)?(?:(?:living|based)\s+)?in\s+"
    + _named("place2")
    + r"\s+these\s+days\b"
    # "it's Hobart I live in, not Sydney": the place set first in a cleft
    + r"|(?:^\W*|(?<=[,;]\s))(?:it's|it\s+is)\s+(?:actually\s+)?"
    + _named("place3")
    + r"\s+(?:that\s+)?(?:I|we)\s+(?:now\s+|actually\s+)?live\s+in\b"
)
# "profile says Hamilton NZ but it's Hamilton, Ontario where I actually am", "it's Perth, Scotland where we live, not
# Australia": the speaker's home set right in a cleft, told apart from its namesake by the region.
_WHERE_I_AM = re.compile(
    r"(?:^\W*|(?<=[,;:]\s)|(?<=\bbut\s)|(?<=\bno\s))(?:it's|it\s+is)\s+(?:actually\s+)?"
    + _named("place")
    + r"(?P<region>,\s+[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)?"
    + r"\s+(?:where\s+(?:I|we)\s+(?:(?:now\s+)?live|(?:actually|really)\s+(?:am|are|live))\b"
    # ("Correction: it's Hobart I live in, not Launceston": the place set first, then "live in")
    + r"|(?:that\s+)?(?:I|we)\s+(?:now\s+|actually\s+)?live\s+in\b)"
)
# "I'm a Porto person now — moved in last monday": who one is by the city, beside a move told.
_CITY_PERSON = re.compile(
    r"\b(?:I'm|I\s+am|we're|we\s+are)\s+(?:officially\s+)?(?:an?\s+)?"
    + _named("place")
    + r"\s+(?:person|people|folks?|girl|gal|guy|boy|family|household)"
    r"\s+now\b"
)
# "I'm not in Minsk, I'm in Vilnius": a correction names where the speaker lives.
_NOT_THERE_BUT = re.compile(
    r"(?:^|(?<=[.!?]\s))\W*(?:I'm|I\s+am|[Ww]e're|[Ww]e\s+are)\s+not\s+(?:living\s+|based\s+)?in\s+"
    + _named("old")
    + r"\s*(?:,|;|—|–|-)\s*(?:(?:but|actually)\s+)?(?:I'm|I\s+am|[Ww]e're|[Ww]e\s+are)\s+(?:actually\s+)?"
    r"(?:living\s+|based\s+)?in\s+" + _named("place") + r"(?=\s*(?:[,.;!?—–-]|$))"
)
# "my mum lives up in Ballina, I'm still in Brisbane", "My mum lives in Kandy; I'm in Colombo myself": the speaker's
# own home said beside a relative's (only with nothing after the place but words that set the two homes apart).
_STILL_IN = re.compile(
    # ("didn't end up moving to Perth, still in Adelaide": "still" with its "we're" dropped)
    r"(?:^\W*|[,;]\s+|\s+(?:and|but|while)\s+)(?:(?:I'm|I\s+am|we're|we\s+are)\s+|(?=still\s))"
    r"(?:(?P<still>still)\s+|now\s+)?"
    r"(?:living\s+|based\s+)?in\s+"
    + _named("place")
    + r"(?:\s+(?:myself|ourselves|too|as\s+well|now|these\s+days|though|still))*"
    + r"(?=\s*(?:[,.;!?\u2014\u2013]|$))"
)
# "been living in Penang since last year but my parents are still in Ipoh": a relative's home, beside the speaker's.
# ("my sister Carmen is still up in Flagstaff tho", "My parents still in KL though", "my wife and the kids are still in
# Lagos until the term ends": the relative named, the copula dropped, the household with them, a term to the stay)
_KIN_STILL_IN = re.compile(
    rf"\b[Mm]y\s+{_KIN_ADJ}(?P<rel>{_REL})(?:\s+[A-Z][a-z]+)?"
    r"(?:\s+(?:and|&)\s+(?:the|my|our)\s+(?:kids|children|boys|girls|family))?"
    # ("my nan's still in Rotorua so keep her parcels going there": the copula cliticized)
    r"(?:\s+(?:is|are)|\s+'s|\s+'re|'s|'re)?\s+still\s+(?:(?:up|down|over|out|back)\s+)?(?:living\s+|based\s+)?in\s+"
    + _named("place")
    # ("… still in Rotorua so keep her parcels going there": a consequence after "so" is its own clause)
    + r"(?:\s+(?:though|tho|too|now|these\s+days))*(?=\s*(?:[,.;!?\u2014\u2013]|$)|\s+(?:until|till|for\s+now|so)\b)"
)
# "Nope, still in Lyon — the Marseille thing fell through": a move that did not happen, beside the home kept.
_MOVE_FELL_THROUGH = re.compile(
    r"\b(?:fell\s+through|didn't\s+(?:happen|work\s+out|go\s+ahead)|never\s+happened|(?:is|was)\s+(?:off|called\s+off)"
    r"|got\s+cancell?ed|didn't\s+end\s+up)\b",
    re.IGNORECASE,
)
# "moved here from Kathmandu yesterday", "we relocated there in May": the new home said as "here"/"there", the place
# named earlier in the turn ("first night in Pokhara. moved here …").
_MOVED_HERE = re.compile(
    _SUBJ
    + _ADV
    + r"\s+(?:moved|relocated|shifted)(?:\s+(?:over|back|up|down|out|across))?\s+(?:here|there)\b(?!\s+to\b)"
)
# Where the place named before "here" sits: after "in" or "to" ("first night in Pokhara", "got to Hilo"; "at" names
# employers as often as places).
# ("Pune now. Shifted here from Hyderabad": the place answered bare, with "now", before the move)
# ("Writing from Montevideo now — I moved here from Buenos Aires": where the speaker writes from)
_HERE_PLACE = re.compile(
    r"(?:\b(?:in|to)\s+(?:the\s+)?|\b(?i:writing|messaging|texting|typing|emailing|chatting)\s+(?:(?:to\s+)?you\s+)?"
    r"from\s+|(?:^|(?<=[.!?)]\s))(?=[A-Z][a-z]+(?:\s[A-Z][a-z]+)?\s+now\b))(?P<place>[A-Z][a-z]+(?:\s[A-Z][a-z]+)?)(?=[\s?.!,;:\u2014\u2013-]|$)"
)
# "Greetings from our new place in Napier", "sitting in my new flat in Leith", "our new house in Tartu is freezing":
# the speaker's new home, said by where they are or what it is like.
_NEW_HOME_IN = re.compile(
    r"(?:\b(?i:from|at|in)\s+|^\W*)(?i:(?:our|my)\s+(?:new|own)\s+(?:little\s+|rented\s+)?)"
    r"(?i:place|home|house|flat|apartment|condo|pad|digs|bungalow|cottage|studio)\s+in\s+" + _named("place")
)
# Plans and wishes around a new home: "looking for a new place in …", "we'll be in our new flat in …".
_HOME_PLANNED = re.compile(
    r"\b(?:'ll|will|going\s+to|gonna|hope|hoping|plan\w*|looking|search\w*|hunting|want|wish|soon|next|viewing"
    r"|moving\s+in(?:to)?)\b",
    re.IGNORECASE,
)
# "My daughter's in Leeds doing her masters, she rents a flat near the uni": being in a city with a home or a long
# course of study there is living there (never a trip: a holiday, a conference, a hotel).
_IN_CITY = re.compile(
    _SUBJ
    + r"(?:'s|'m|'re|\s+is|\s+am|\s+are)\s+(?:now\s+|currently\s+|still\s+|over\s+|up\s+|down\s+|out\s+)*in\s+"
    + _named("place")
)
_HOME_THERE = re.compile(
    r"\b(?:rents?|renting|shares?|sharing|has|'s\s+got|have|'ve\s+got|owns?|bought)\s+(?:a|an|her|his|their|my|our)\s+"
    r"(?:own\s+)?(?:(?:small|tiny|little|new|shared|cheap|nice|student|one-bed\w*|two-bed\w*)\s+)*"
    r"(?:flat|apartment|room|place|house|studio|condo|cottage|bedsit|bungalow|loft)\b"
    r"|\b(?:doing|studying\s+for|on|into)\s+(?:her|his|their|my|our|a|an)\s+(?:[\w-]+\s+)?"
    r"(?:masters|master's|MSc|MA|MBA|PhD|doctorate|degree|postdoc|residency|apprenticeship|undergrad|studies)\b"
    r"|\b(?:at|for)\s+(?:uni|university|college)\b",
    re.IGNORECASE,
)
_TRIP = re.compile(
    r"\b(?:holiday|vacation|trip|weekend|conference|visit\w*|tour\w*|hotel|hostel|airbnb|tonight|today|this\s+week"
    r"|for\s+(?:a|the|two|three|few|couple)\s+(?:days?|nights?|weeks?)|business|festival|wedding|funeral|layover)\b",
    re.IGNORECASE,
)
# "my mamá is still in Arequipa and won't budge", "Dad's still in Leeds, refuses to move": staying put where one
# lives (the refusal to move is what makes "still in" a home rather than a trip).
_STAYS_PUT = re.compile(
    rf"(?P<subj>\b[Mm]y\s+{_KIN_ADJ}(?:{_REL})|\b[Oo]ur\s+{_KIN_ADJ}(?:{_REL})|\bI|\b[Ww]e|(?<![\w'])(?:{'|'.join(_KIN_AS_NAMES)}))"
    r"(?:'s|'m|'re|\s+is|\s+am|\s+are)\s+still\s+(?:living\s+|based\s+)?in\s+"
    + _named("place")
    + r"(?=[^.;!?]{0,40}?\b(?:won't|wont|will\s+not|refuses?\s+to|doesn't\s+want\s+to|don't\s+want\s+to"
    r"|never\s+wants?\s+to|not\s+(?:planning|going)\s+to)\s+(?:budge|move|leave|relocate|sell)\b)"
)
# "we're not moving after all — staying put in Winnipeg", "I'm staying put in Oamaru": a home kept, said by staying
# put there (the subject may be dropped after a dash or a comma).
_STAYING_PUT = re.compile(
    r"(?:^\W*|[,;\u2014\u2013]\s*|\s-\s+|(?P<subj>\b(?:I'm|I\s+am|we're|we\s+are|I'll\s+be|we'll\s+be))\s+)"
    # ("Staying put in Toowoomba": capitalized as it opens a sentence)
    r"(?:(?:[Jj]ust|[Nn]ow|[Hh]appily|[Dd]efinitely)\s+)?[Ss]taying"
    r"\s+put\s+(?:here\s+)?in\s+" + _named("place")
)
# Homes taken or given up by their lease, the subject often dropped in chat: "signed a lease in Pago Pago yesterday",
# "we signed the lease on a flat in Tromsø" (a new home there); "gave up the flat in Halifax", "handed back the keys
# to our place in Hull" (a home ended).
_HOME_WORDS = r"(?:flat|apartment|house|place|room|studio|unit|condo|bedsit|cottage|rental|lease|tenancy)"
_LEASE_SIGNED = re.compile(
    r"(?:^\W*(?:(?:so|and|well|finally|officially)\s+)*|(?P<subj>\b(?:I|[Ww]e))(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|officially\s+)*)"
    r"(?:signed|took\s+out)\s+(?:a|the|our|my)\s+(?:new\s+|\d+-month\s+|year-long\s+|long-term\s+)?"
    r"(?:lease|tenancy(?:\s+agreement)?|rental\s+agreement)"
    r"(?:\s+(?:on|for)\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}?" + _HOME_WORDS + r")?\s+in\s+" + _named("place")
)
_HOME_GIVEN_BACK = re.compile(
    r"(?:^\W*(?:(?:so|and|well|finally|officially)\s+)*|(?P<subj>\b(?:I|[Ww]e))(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|officially\s+)*)"
    r"(?:gave\s+up|given\s+up|handed\s+back|handed\s+in\s+the\s+keys\s+(?:to|for)|handed\s+back\s+the\s+keys\s+(?:to|for))"
    r"\s+(?:the|my|our)\s+(?:[\w-]+\s+)?" + _HOME_WORDS + r"\s+in\s+" + _named("place")
)
# "moved in with my girlfriend Aoife in St. John's yesterday": the speaker's new home is the relative's (who
# already lived there), the relative's name said on the way.
# ("fyi moved in w my gf in Tacoma three days ago": a chat lead before the dropped "I", "w" or "w/" for "with", the
# partner in chat's short form)
_MOVED_IN_WITH = re.compile(
    r"(?:^\W*(?:(?:fyi|btw|update|news|so|ok|okay|well)[,:!\s]+)*|(?P<subj>\b(?:I|[Ww]e))(?:'ve|\s+have)?\s+)"
    r"(?:(?:just|finally|officially|recently)\s+)*moved\s+in\s+(?:with|w/?)\s+"
    rf"(?:my|our)\s+(?P<rel>{_KIN_ADJ}(?:{_REL}|gf|bf))(?:\s+(?P<name>(?!(?:{'|'.join(_NOT_NAMES)})\b)[A-Z][a-z]+))?"
    r"\s+in\s+" + _named("place")
)
_SHORT_PARTNERS = {"gf": "girlfriend", "bf": "boyfriend"}


# (the words every phrase of ``_lease_facts`` needs: a cheap test before the rest)
_LEASE_TALK = re.compile(
    r"\b(?:lease|tenancy|rental|moved\s+in\s+(?:with|w/?)|gave\s+up|given\s+up|handed)(?!\w)", re.IGNORECASE
)


def _lease_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """A home taken by its lease or moved into with a relative; a home given up."""
    if not _LEASE_TALK.search(clause.text) or _HYPOTHETICAL.search(clause.text) or _QUESTION_START.match(clause.text):
        return
    for m in _LEASE_SIGNED.finditer(clause.text):
        if _place_ok(m.group("place")) and not _phrase_negated(clause.text, m):
            place = _city(m.group("place"))
            yield _fact(
                ctx,
                clause,
                m,
                ctx.speaker_id,
                "lives_in",
                place,
                "lease_signed",
                valid_from=clause.past_time(ctx),
                ends_previous=True,
            )
    for m in _MOVED_IN_WITH.finditer(clause.text):
        if not _place_ok(m.group("place")) or _phrase_negated(clause.text, m):
            continue
        place = _city(m.group("place"))
        word = m.group("rel").split()[-1].lower()
        relative = f"{ctx.speaker_id}:{_SHORT_PARTNERS.get(word) or _RELATIONS[word]}"
        yield _fact(
            ctx,
            clause,
            m,
            ctx.speaker_id,
            "lives_in",
            place,
            "moved_in_with",
            valid_from=clause.past_time(ctx),
            ends_previous=True,
        )
        yield _fact(ctx, clause, m, relative, "lives_in", place, "moved_in_with.theirs")
        if m.group("name"):
            yield _fact(ctx, clause, m, relative, "name", m.group("name"), "relative_name", confidence=0.85)
    # (a move told beside it names the new home, which closes this one)
    given = list(_HOME_GIVEN_BACK.finditer(clause.text))
    if not given or _MOVE.search(ctx.text) or _LIVE.search(ctx.text) or _NOW_IN.search(ctx.text):
        return
    for m in given:
        if _place_ok(m.group("place")) and not _phrase_negated(clause.text, m):
            place = _city(m.group("place"))
            yield ending(ctx, clause, ctx.speaker_id, "lives_in", place, "en.home_given_back", m.group())


_BACK_IN = re.compile(r"\b(?:I'm|I\s+am|we're|we\s+are)\s+back\s+(?:home\s+)?in\s+" + _named("place"))
# "the Lagos branch of Zenith Bank": the employer is the organisation, not the city.
_BRANCH_OF = (
    r"(?:(?:[A-Z][\w'-]*\s+){0,2}(?:branch|office|store|site|plant|division|campus|location|outlet|headquarters|HQ"
    r"|depot|factory|warehouse)\s+of\s+(?:the\s+)?)?"
)
# Employers named in lower case: "the city council", "the county hospital", "the civil service".
_PUBLIC_BODY = (
    r"(?:(?:city|county|town|district|borough|local|state|federal|regional|parish|national)\s+"
    r"(?:council|government|hospital|library|police|court|authority|administration|museum|school\s+board)"
    r"|civil\s+service|council|army|navy|air\s+force|police|fire\s+(?:brigade|department|service))\b"
)


# "a small agency called Pixelmoor", "a startup named Quillhaus": the employer's kind, then its name.
# ("a tiny coffee roaster called Kodiak Bean", "a small indie studio, Pinecone Games, as …": the name set off by commas)
_CALLED = (
    r"(?:(?:an?|this|one)\s+(?:[a-z-]+\s+){0,3}?(?:agency|company|firm|startup|start-up|studio|shop|store|restaurant"
    r"|caf[eé]|bakery|clinic|practice|charity|nursery|consultancy|garage|salon|gym|hotel|pub|brewery|label"
    r"|publisher|lab|business|outfit|place|bank|school|hospital|nonprofit|non-profit|roaster|roastery|co-op"
    r"|cooperative|factory|warehouse|workshop|farm|winery|vineyard|distillery|dealership|kitchen|supplier"
    r"|manufacturer|retailer|chain|foundation|trust|college|academy|theatre|theater|gallery|museum|magazine"
    r"|newspaper|team|group|network|hostel|bar|deli|bistro|pharmacy|surgery|dental\s+practice|law\s+firm|florist|grocer"
    r"|greengrocer|newsagent|butcher|garden\s+cent(?:re|er)"
    r"|development\s+shop|app|platform|collective|venue|club|marina|hangar|airline|carrier)"
    r"(?:\s+(?:called|named)\s+|(?:\s+(?:now|these\s+days|nowadays))?\s*,\s+(?=[A-Z]\S*(?:\s+[A-Z]\S*){0,3},)))?"
)


def _org(group: str) -> str:
    """An employer: a proper-noun phrase, or a public body named in lower case."""
    return rf"(?:{_employer(group)}|(?P<{group}_body>{_PUBLIC_BODY}))"


def _org_of(m: re.Match[str], group: str = "org") -> str:
    return _clean(m.group(group) or m.group(f"{group}_body"))


# One site of a chain, by its kind: "a Costco warehouse", "an Aldi store", "a Toyota plant".
_SITE = (
    r"(?:warehouse|store|shop|branch|supermarket|plant|factory|depot|outlet|location|site|franchise|restaurant|cafe"
    r"|café)"
)
# "I work the counter at Boots", "she works nights at the Royal Free": where in the workplace, or when.
_WORK_OBJECT = (
    r"(?:\s+(?:the\s+)?(?:counter|tills?|checkouts?|front\s+desk|desk|reception|door|bar|shop\s+floor|floor|register"
    r"|kitchen|phones|nights|days|weekends|evenings|shifts|overnights"
    # ("I work the overnight shift at …", "the graveyard shift": a shift named by when it falls)
    r"|(?:night|late|early|day|overnight|graveyard|evening|morning|afternoon|weekend|swing|double|split)\s+shifts?))?"
    # ("I'm working remotely for Zoho as a product manager": how the work is done, between the verb and the employer)
    # ("he still works remote for Accenture": "remote" said as the adverb)
    r"(?:\s+(?:remotely|remote|from\s+home|full-time|part-time|freelance|fully\s+remote))?"
)
_WORK = re.compile(
    _SUBJ
    + _ADV
    + _NEG
    + _ADV
    # ("I lecture at Tokyo University of the Arts", "she coaches at the Arsenal academy": a job said as what one does)
    # ("I teach 4th grade at Lincoln Elementary", "she teaches year 6 at …": a grade taught, by its number)
    + r"\s+(?:work|works|working|worked|(?:teach|teaches|teaching)(?:\s+(?:[a-z]+|[A-Z][a-z]+|"
    + _GRADE
    + r")){0,2}?"
    + r"|drives?(?:\s+a\s+\w+|\s+(?:trucks|lorries|buses|cabs|taxis|vans|forklifts|tractors|trams|coaches"
    + r"|ambulances)\b)?|writes?"
    + r"|lectures?|lecturing|tutors?|coaches|bartends?"
    # ("my husband flies for Airlink", "she nurses at the Royal Free", "I code for Canva", "he reports for the BBC",
    # "I deliver for Amazon", "I wait tables at Nando's", "pulls pints at the Crown": a trade's own verb)
    + r"|fl(?:y|ies|ying)|nurs(?:e|es|ing)|cod(?:e|es|ing)|design(?:s|ing)?|consult(?:s|ing)?|deliver(?:s|ing)?"
    + r"|report(?:s|ing)?|wait(?:s|ing)?\s+tables|pull(?:s|ing)?\s+(?:pints|beers)"
    # ("contracting for Vodacom now", "she contracts for Fonterra": work on contract is work there; freelancing
    # for a client is not, see round 6)
    + r"|contract(?:s|ing)"
    # ("I do the books for a bakery", "she does the accounts for Lidl": the bookkeeping of an employer)
    + r"|(?:do|does|doing)\s+(?:the\s+)?(?:books|bookkeeping|accounts)"
    # ("Since March I've been on the payroll of Vattenfall", "she's on staff at the Mater", "on the books of Arup":
    # being employed said as being on the employer's list)
    + r"|(?:(?<=\bbeen\s)|(?<='s\s)|(?<='m\s)|(?<=\bam\s)|(?<=\bis\s)|(?<=\bare\s))"
    + r"on(?=\s+(?:the\s+)?(?:payroll|books|staff)\s)"
    # ("since the 3rd I've been fully remote for Skyscanner", "she's remote for Canva": working for the employer,
    # from afar)
    + r"|(?:(?<=\bbeen\s)|(?<='s\s)|(?<='m\s)|(?<=\bam\s)|(?<=\bis\s))(?:fully\s+|100%\s+)?remote(?=\s+for\s))"
    + r"(?:\s+(?:the\s+)?(?:payroll|books|staff)(?=\s+(?:of|at|for|with)\s))?"
    + r"(?:\s+(?:remotely|full-time|part-time|freelance|from home))?"
    + _WORK_OBJECT
    + r"\s+(?:at|for|(?<=(?:roll|ooks|taff)\s)(?:of|with))\s+(?:the\s+|"
    # ("I work at a Costco warehouse in Reno", "she works at an Aldi store": one site of a chain, by its kind)
    + r"an?\s+(?=[A-Z][\w'&-]*(?:\s+[A-Z][\w'&-]*)?\s+"
    + _SITE
    + r"\b))?"
    + _CALLED
    + _BRANCH_OF
    + _org("org")
)
# "now I'm barista-ing at a little place called Ground Up", "my sister's DJ-ing for Ministry": the job noun made a
# verb with a hyphen names the trade and where it is plied (the noun checked to be a job below).
_TITLE_ING_AT = re.compile(
    _SUBJ
    + _ADV
    + r"(?:'m|'s|'re|\s+(?:am|is|are))\s+(?:(?:now|currently|still|mostly|back)\s+)?(?P<title>[A-Za-z]+)-ing\s+"
    r"(?:(?:nights|days|weekends|part-time|full-time)\s+)?(?:at|for)\s+(?:the\s+)?" + _CALLED + _employer("org")
)
# "…, working nights at Boots": a participle after the speaker's own clause names the employer.
_WORKING_AT = re.compile(
    r"(?:,\s*|\s+and\s+)(?:now\s+|currently\s+|mostly\s+)?working\s+"
    r"(?:(?:nights|days|evenings|weekends|shifts|night\s+shifts|part-time|full-time|remotely|from\s+home|mostly)\s+)*"
    r"(?:at|for)\s+(?:the\s+)?"
    + _BRANCH_OF
    + _org("org")
    # "…, working at Globant now as a QA lead": the title after the employer (a job noun, checked below)
    + r"(?:\s+(?:now|currently)?\s*as\s+(?:an?\s+|the\s+)?"
    + _TITLE_FREE
    + r")?"
)
_WORK_AT_AS = re.compile(
    _SUBJ
    + _ADV
    # "I've been at Shopify as a senior PM since …": being at an employer as a title is working there.
    + r"(?:\s+(?:work|works|working|worked)"
    + _WORK_OBJECT
    # ("I am now with Kuehne+Nagel as a customs broker", "I'm at Arup as a planner": being with an employer as a
    # title; the title must be a job, checked below)
    + r"|(?<=been)|(?P<being>(?<='m)|(?<=\bam)|(?<='m\snow)|(?<=\bam\snow)|(?<='m\sstill)|(?<=\bam\sstill)))"
    + r"\s+(?:at|for|with)\s+(?:the\s+)?"
    + _CALLED
    + _employer("org")
    # ("I work at Ferrari in Maranello as a test driver": where the workplace is, between)
    + r"(?:\s+in\s+[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)?"
    + r"\s+as\s+(?:an?\s+|the\s+)?"
    + _TITLE_FREE
)
# "started my new gig at Spotify last Monday — data engineer, …": the post set off by a dash after the employer joined
# (and the day), a job noun closing its phrase.
# "started my new gig at Foxconn yesterday, quality engineer.": the post set off by a comma, closing the sentence.
_TITLE_AFTER_COMMA = re.compile(
    # (not "…, as their first designer": a title after "as" is the joined-as rule's)
    r"(?:\s+(?:last|this|on|yesterday|today|two|three|a)\b[\w ]{0,20}?)?\s*,\s+(?:an?\s+)?"
    r"(?!(?:as|their|his|her|my|our|the|its)\b)"
    rf"(?P<title>(?:[a-z-]+\s+){{0,2}}(?:{_JOB_NOUNS}))(?=\s*[.;!]|\s*$)"
)
_TITLE_AFTER_DASH = re.compile(
    r"(?:\s+(?:last|this|on|yesterday|today|two|three|a)\b[\w ]{0,20}?)?\s+[\u2014\u2013-]+\s+(?:as\s+)?(?:an?\s+)?"
    rf"(?P<title>(?:[a-z-]+\s+){{0,2}}(?:{_JOB_NOUNS}))(?=\s*[,.;!]|\s*$)"
)
_JOIN = re.compile(
    _SUBJ + _ADV + r"\s+(?:joined|started (?:working )?at"
    r"|started (?:a\s+|my\s+|her\s+|his\s+|their\s+)?(?:new\s+)?(?:job|gig|role|position) (?:at|with)|got a job at"
    r"|was hired by|got hired (?:at|by)|(?P<signed>signed\s+(?:on\s+)?with)"
    # ("wife just got tenure at Stellenbosch University": a standing won where one works, not the day one started)
    r"|(?P<tenure>got tenure (?:at|with))"
    r"|employed (?:at|by))\s+(?:the\s+)?"
    + _CALLED
    + _employer("org")
    # ("got hired by Tonga Power as a lineman", "was taken on by X as …": the role after the employer)
    + r"(?:\s+as\s+(?:an?\s+|the\s+|their\s+|our\s+)?(?P<title>[A-Za-z][A-Za-z -]{1,40}?)"
    r"(?=\s+(?:at|for|in|last|this|on|since|yesterday|today|and|but|from|starting)\b|[,.;!?)]|\s*$))?"
)
# The employer as the subject of the hiring: "Wave Money hired me two weeks ago as a backend dev", "Fonterra took me on
# as an apprentice in March", "Canva brought my sister on board last month", "Telenor offered me the job". The
# employer opens the clause (not "If Google hired me", "Would Canva take me on?"), and "hired me a car" is a rental.
_HIRED_BY_ORG = re.compile(
    r"(?:^|(?<=[,;:\u2014\u2013]\s)|(?<=\bso\s)|(?<=\band\s)|(?<=\bbut\s))\W*(?:(?:heads\s+up|guess\s+what|good\s+news|news)[,:!\s]+)?"
    + _employer("org")
    + r"\s+(?:(?:finally|just|officially|actually)\s+)?(?:hired|took\s+(?P<who_on>me|my\s+\w+)\s+on"
    r"|brought\s+(?P<who_brought>me|my\s+\w+)\s+(?:on\s*board|in)|recruited|employed|signed)"
    + r"(?:\s+(?P<who>me|my\s+(?:"
    + _REL
    + r")))?\b(?!\s+(?:an?|the|some)\s)"
    # ("… two weeks ago as a backend dev": when, then the role)
    + r"(?:(?:\s+(?!as\b)[\w'-]+){0,4}?\s+as\s+(?:an?\s+|the\s+|their\s+|our\s+)?"
    + _TITLE_FREE
    + r")?"
)
# A start already scheduled ("I start at Stripe next Monday") holds from that day on; without a
# date it is a plan and says nothing yet.
_START = re.compile(
    _SUBJ + _ADV + r"(?:\s*'ll|\s+will)?(?:\s+be)?\s+(?:start|starts|starting|join|joining|working)"
    # ("my wife starts her job at Emory next month": the job named by its holder's possessive)
    r"(?:\s+(?:work(?:ing)?|(?:a|my|her|his|their|our)\s+(?:new\s+)?(?:job|role|position|post|placement)))?"
    r"(?:\s+(?:at|with))?\s+(?:the\s+)?" + _employer("org")
)
# "I changed jobs in January, now I'm at Spotify": being "at" a company is working there when the turn
# talks about jobs.
# "now I'm at Stripe", "still at Shopify though", "I'm staying at Canva": only among words of jobs.
_AT_EMPLOYER = re.compile(
    r"(?:\bI(?:'m|\s+am)\s+(?:now\s+|still\s+|staying\s+)?at|(?:^|(?<=,)|(?<=;))\s*still\s+at)\s+(?:the\s+)?"
    + _employer("org")
)
# "I don't work at Infosys - I'm at Wipro": a correction of the employer, so "at" names the right one.
_WORK_DENIED = re.compile(r"\b(?:don't|do\s+not|never)\s+work(?:ed)?\s+(?:at|for)\b", re.I)
_JUST_NOW = re.compile(
    r"\b(?:right\s+now|today|tonight|this\s+(?:week|morning|afternoon|evening)|at\s+the\s+moment)\b", re.I
)
_JOB_TALK = re.compile(
    r"\b(?:jobs?|employers?|hired|career|position|(?:changed|switched) (?:jobs|companies)|promoted|promotion"
    # ("got an offer from Target but still at Best Buy", "interviewed at Google, still at Amazon for now")
    r"|recruiters?|job offer|headhunt\w*|interview(?:ed|ing|s)?\s+(?:at|with))\b"
    r"|\boffer\s+from\s+(?-i:[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){0,3})(?=\s*,|\s+but\b)",
    re.I,
)
_LEAVE = re.compile(
    _SUBJ
    + _ADV
    + r"\s+(?:quit|resigned from|(?:was|got) (?:laid off|fired) from|left my job at"
    # ("retired last month from Eastern Health": the time between)
    + r"|retired(?:\s+(?:last|this)\s+(?:week|month|year|spring|summer|autumn|fall|winter)|\s+yesterday"
    + r"|\s+in\s+(?:[A-Z][a-z]+|\d{4}))?\s+from"
    # "retired yesterday after 27 years at Queensland Rail", "left after a decade with Boots": the years served there
    + r"|(?:retired|left|quit|resigned|finished\s+up)(?:\s+(?:last|this)\s+(?:week|month|year)|\s+yesterday|\s+today)?"
    + r"\s+after\s+(?:over\s+|nearly\s+|almost\s+|just\s+)?(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten"
    + r"|twenty|thirty|a\s+few|several|many)(?:\s+(?:odd|and\s+a\s+half))?\s+(?:years?|months?|decades?)\s+(?:at|with)"
    # "I quit my job at Tesco", "I've just been made redundant from Ford"
    + r"|quit my (?:job|role|position) (?:at|with)|(?:(?:was|got)\s+)?(?:made redundant|let go) (?:from|at|by))\s+"
    + _employer("org")
)
# "I'm not with Atlassian any more", "I'm no longer at Deloitte": an employer left, said as a state.
_NO_LONGER_WITH = re.compile(
    # ("no longer with Wayfair as of Monday": the speaker's, said without "I'm" at the turn's start)
    # ("Not with Grab anymore, freelancing now": capitalized at the turn's start)
    r"(?:\b(?:I'm|I\s+am|I've\s+not\s+been)\s+|^\W*)(?P<neg>(?i:no\s+longer|not))\s+(?P<prep>with|at|working\s+(?:at|for))\s+"
    r"(?:the\s+)?"
    + _employer("org")
    # ("Not with Accenture na": Taglish "na", "anymore", closing the phrase)
    + r"(?P<anymore>\s+(?:any\s?more|na(?=\s*(?:[.!,;]|$))))?"
)
# Words of work around "with X": "not with Vodafone any more" may be a phone contract.
_WORK_WORDS = re.compile(
    r"\b(?:jobs?|work\w*|employ\w*|hired|career|position|role|company|firm|team|colleagues|freelanc\w*"
    r"|self-employed|contract(?:or|ing)|consult\w*|quit|resigned|laid off|redundan\w+|notice)\b",
    re.IGNORECASE,
)
# "I quit teaching last month": the title of the activity ends.
_ACTIVITY_TITLES_ENDED = {
    "teaching": "teacher",
    "nursing": "nurse",
    "accounting": "accountant",
    "accountancy": "accountant",
    "tutoring": "tutor",
    "consulting": "consultant",
    "journalism": "journalist",
    "photography": "photographer",
    "bartending": "bartender",
    "waitressing": "waitress",
    "waiting tables": "waiter",
    "nannying": "nanny",
    "babysitting": "babysitter",
    "coaching": "coach",
    "banking": "banker",
    "plumbing": "plumber",
    "farming": "farmer",
    "freelancing": "freelancer",
    "modelling": "model",
    "modeling": "model",
    "driving": "driver",
    "cleaning": "cleaner",
    "lecturing": "lecturer",
    "engineering": "engineer",
    "dentistry": "dentist",
    "pharmacy": "pharmacist",
    "law": "lawyer",
}
_QUIT_ACTIVITY = re.compile(
    _SUBJ
    + _ADV
    + r"\s+(?:quit|stopped|gave\s+up|left|retired\s+from|am\s+done\s+with|'m\s+done\s+with)\s+"
    + r"(?P<activity>"
    + "|".join(sorted(_ACTIVITY_TITLES_ENDED, key=len, reverse=True))
    + r")\b(?!\s+(?:for|at|to)\b)"
)
# "I'm no longer a teacher", "my wife isn't a nurse any more": a title that ended.
_NO_LONGER_TITLE = re.compile(
    _SUBJ
    + r"(?:(?:\s*'m|\s*'s|\s+am|\s+is|\s+are)\s+(?:no\s+longer|not)|\s+isn't|\s+aren't)\s+(?:an?\s+|the\s+)"
    + _TITLE
    + r"(?P<anymore>\s+(?:any\s?more))?"
)
# "not a teacher anymore btw, I'm a counselor now": the speaker's, said without "I'm" at the turn's start.
# (Only with "anymore": heldout10 labels "no longer a product manager, they moved me …" with the new title only.)
_NO_LONGER_TITLE_BARE = re.compile(
    r"^\W*(?:(?P<longer>[Nn]o\s+longer)|[Nn]ot)\s+(?:an?\s+|the\s+)" + _TITLE + r"(?P<anymore>\s+(?:any\s?more))?"
)
# What dates a title's end said in a clause of its own: "I'm no longer a teacher, I retired in June".
_JOB_END_EVENT = re.compile(
    r"\b(?:retired|quit|resigned|left|stopped|gave\s+(?:it\s+)?up|redundan\w+|laid\s+off)\b", re.I
)
# "Handed in my badge at Deliveroo yesterday — I've quit.": the speaker's, said without "I".
# ("Finished my last shift at the Captain Cook Hotel yesterday", "worked my final day at Tesco on Friday", "did my last
# ever shift at Nando's": the last day worked there)
_HANDED_IN = re.compile(
    r"(?:^\W*|\bI\s+(?:just\s+|have\s+|'ve\s+)?)(?:(?i:handed|turned|gave)\s+in\s+my\s+(?:badge|notice|resignation|keys"
    r"|laptop)|(?i:finished|worked|did|pulled|clocked\s+out\s+of|completed)\s+my\s+(?i:last|final)\s+(?i:ever\s+)?"
    r"(?i:shift|day|week|night|rotation|contract\s+day))"
    r"\s+(?:at|to|with|for)\s+(?:the\s+)?" + _employer("org")
)
_WORK_AS = re.compile(
    _SUBJ
    + _ADV
    + r"\s+work(?:s|ing)?"
    + _WORK_OBJECT
    + r"\s+as\s+(?:an?\s+|the\s+)?"
    + _TITLE_FREE
    # ("I work as a barista at a tiny place called Roast Ranch": the employer's kind, then its name)
    + r"(?:\s+(?:at|for)\s+"
    + _CALLED
    + _employer("org")
    + ")?"
)
_IS_TITLE = re.compile(
    _SUBJ
    # "I've been a paramedic with Ambulance Tasmania since last year": the perfect says it still holds.
    # ("my mum's been a nurse at St Mary's for years": the perfect's "has" contracted, no part of the title)
    + r"(?:(?:\s*'ve|\s*'s|\s+have|\s+has)\s+been|\s*'m|\s*'s|\s+am|\s+is)"
    + r"(?:\s+(?:now|currently|also|still|just|officially))*\s+"
    # "Sofia is head of procurement": an office named without an article.
    + r"(?:(?:an?|the|our|my|their)\s+|(?=[A-Z])|(?=(?:head|chief|director|vice president|VP|manager|lead)\s+of\b)"
    # "Rawiri is finance manager at Kiwibank": a title without an article, before its employer.
    # ("I'm now head chef at the Grand Pacific Hotel": the employer's name may open with "the")
    + rf"|(?=(?:[a-z-]+\s+){{0,2}}(?:{_JOB_NOUNS})\s+(?:at|with)\s+(?:the\s+)?[A-Z]))"
    + _TITLE
    + r"(?:\s+(?:at|for|of|with)\s+(?:the\s+)?"
    + _employer("org")
    + ")?"
)
# Any role held at a named employer: "my wife is a pediatrician at Kaiser", "I'm a barista with Blue Bottle".
_IS_ROLE_AT = re.compile(
    _SUBJ
    # ("he's literally a butcher at Whole Foods": a word of emphasis before the article)
    + r"(?:\s*'m|\s*'s|\s+am|\s+is)(?:\s+(?:now|currently|also|still|just|literally|actually|basically))*"
    + r"\s+(?:an?|the)\s+"
    # ("my brother is a cop with the NYPD": the employer's name may open with "the")
    + r"(?P<title>(?:[A-Za-z-]+\s+){0,3}?[A-Za-z-]+)\s+(?:at|with)\s+(?:the\s+)?"
    + _employer("org")
)
_NOT_A_ROLE = re.compile(
    r"\b(?:customer|client|member|guest|patient|fan|regular|subscriber|user|visitor|shareholder|owner of|friend"
    r"|lot|bit|little|big|huge|loss|mess|fool|sucker|pro|expert)\b",
    re.IGNORECASE,
)
# The speaker's own new post, the subject dropped or "I": "Started as a ranger on Lord Howe!!!", "new role as a data
# analyst at Grab", "just began work as a porter at St Mary's", "landed a job as a lifeguard at Bondi", "took a
# position as a sales agent with Qantas", "got a gig as a bartender at the Crown". The title is a job noun.
_BEGUN_AS = re.compile(
    r"(?:^\W*|[,;:!.]\s*|\bI(?:'ve|\s+have)?\s+|\b(?:and|so)\s+)"
    r"(?i:(?:just|finally|recently|officially)\s+)?"
    r"(?i:(?:started|began)(?:\s+work(?:ing)?|\s+(?:a|my)\s+(?:new\s+)?(?:job|role|position|gig|post))?"
    r"|(?:took|landed|got|accepted|scored|started)\s+(?:a|the|my)\s+(?:new\s+)?(?:job|role|position|gig|post)"
    r"|(?:(?:a|my)\s+)?new\s+(?:job|role|position|gig|post))"
    r"\s+as\s+(?:an?\s+|the\s+)?" + _TITLE + r"(?:\s+(?:at|with|for)\s+(?:the\s+)?" + _employer("org") + r")?"
)
# "I joined Infosys as a QA engineer", "I started as a barista at Blue Bottle", "I started at X as Y".
# The article of a title joined as: "as a designer", "as their first designer", "as our only nurse" (the first or
# only one of the employer is no part of the title; "first officer" and "first mate" are titles).
_AS_WHOSE = (
    r"(?:an?\s+|the\s+|(?:their|our|its|his|her)\s+(?:(?:very\s+)?(?:first|only|sole|new|newest)\s+"
    r"(?!(?:officer|mate|lieutenant|aid(?:er)?|responder|violin|engineer\s+officer)\b))?)?"
)
# "Ravi Menon moved over to the Water Authority last month as a grid analyst": a move to an employer, in a post (the
# times blanked), is a job change, no home.
# (Plain "moved to Leeds as a student" is a home: only a move "over" or "across", a transfer or a switch is a job's.)
_AS_A_JOB = r"\s+as\s+(?:an?\s+|the\s+|their\s+|our\s+)?" + _TITLE
_JOB_MOVE = r"(?:moved\s+(?:over|across)|transferred|switched)\s+to"
_MOVED_TO_JOB = re.compile(_SUBJ + _ADV + rf"\s+{_JOB_MOVE}\s+(?:the\s+)?" + _employer("org") + _AS_A_JOB)
# "I'm on the payments team as a backend dev": a post held on a team.
_ON_TEAM_AS = re.compile(
    _SUBJ + r"(?:\s*'m|\s*'s|\s+am|\s+is|(?:\s*'ve|\s+have|\s+has)\s+been)\s+(?:now\s+)?on\s+(?:the|a|our|their)\s+"
    r"(?:[\w&-]+\s+){0,3}?(?:team|squad|crew)" + _AS_A_JOB
)
_JOIN_AS = re.compile(
    _SUBJ
    + _ADV
    # ("my brother started work with Dangote Cement as …", "she got placed in Wipro as …": a campus hire said so)
    + r"\s+(?:joined|started(?:\s+work(?:ing)?)?\s+(?:at|with)|got a job (?:at|with)|was hired (?:by|at)"
    + r"|(?:got|was|has\s+been|have\s+been)\s+placed\s+(?:in|at|with)"
    # ("my younger brother got into TCS as a trainee": a hire said as getting in)
    # (not a place of study: "got into Oxford as a student")
    + r"|got\s+(?:selected\s+)?into(?![^.!?;]*?\bas\s+(?:an?\s+)?(?:student|undergrad|fresher|postgrad|PhD|masters?"
    + r"|exchange|mature)\b))\s+(?:the\s+)?"
    + _CALLED
    + _employer("org")
    + r",?\s+as\s+"
    + _AS_WHOSE
    + _TITLE_FREE
    + r"|(?P<subj2>\bI\b|\b[Mm]y (?:"
    + _REL
    + r")\b|"
    + _BARE_KIN
    + r")"
    + _ADV
    # ("Started a new role as product owner at Monzo")
    # ("son just started his apprenticeship as a sparky with …": a training post is a post)
    + r"\s+(?:(?:started|began)(?:\s+working|\s+work|\s+(?:a|my|his|her|their)\s+(?:new\s+)?(?:role|job|position"
    + r"|apprenticeship|traineeship|internship|residency|placement))?"
    + r"|got\s+(?:a\s+)?(?:new\s+)?job|(?:was|got)\s+hired"
    # ("my son got taken on as an apprentice electrician at …", "she was brought on as a paralegal at …", "I got
    # signed as a session musician with …": a hiring said in the passive)
    + r"|(?:was|got|been|has\s+been|have\s+been)\s+(?:taken\s+on|brought\s+on(?:\s*board)?|signed(?:\s+on)?|recruited"
    + r"|employed|kept\s+on|accepted|appointed|engaged|hired\s+on)"
    + r"|landed\s+(?:a|the)\s+(?:job|role|position|spot|place|post))"
    + r"\s+as\s+"
    + _AS_WHOSE
    + r"(?P<title2>[A-Za-z][A-Za-z -]{1,40}?)"
    + r"\s+(?:at|with|for)\s+(?:the\s+)?"
    + _CALLED
    + r"(?P<org2>[A-Z][\w'&.-]*(?:\s+(?:[A-Z][\w'&.-]*|of|&)){0,3})"
)
_PROMOTED = re.compile(
    _SUBJ
    + _ADV
    # "Got bumped up to head of logistics", "was moved up to team lead": a promotion said plainly.
    + r"(?:\s+(?:was|got|been|became|(?:re)?qualified\s+as|retrained\s+as|requalified\s+as)"
    + r"\s+(?:(?:promoted|bumped\s+up|moved\s+up|stepped\s+up)\s+to\s+)?"
    # "Promoted to team lead last Monday": the auxiliary dropped with the subject (restored as "I promoted to").
    + r"|(?<=\bI)\s+(?:promoted|bumped\s+up)\s+to\s+)"
    r"(?:an?\s+|the\s+)?"
    + _TITLE_FREE
    # "got promoted to head of nursing at St. Mary's": the employer after the new title.
    + r"(?:\s+(?:at|with)\s+(?:the\s+)?(?P<org>(?!(?:Easter|Christmas|New\s+Year|Halloween|Thanksgiving|Diwali|Eid)\b)"
    + _CAP
    + r"(?:\s+(?:"
    + _CAP
    + r"|of|&)){0,3}))?"
)
# A promotion that names no title: "promoted to a new role", "got promoted" said twice.
_NO_TITLE_PROMOTED = re.compile(
    r"(?i)promoted\b.*|(?:new\s+|different\s+|bigger\s+)?(?:role|position|job|post|level|grade|team)"
)
# What makes "got/was … to <title>" a new title rather than a state ("got bumped up to head of logistics").
_BECAME = re.compile(r"\b(?:promoted|bumped\s+up|moved\s+up|stepped\s+up|(?:re)?qualified|retrained)\b")
# "Priya Desai has taken over as head of finance at Arcadis", "I was appointed CFO of Acme".
_APPOINTED = re.compile(
    _SUBJ
    + _ADV
    + r"\s+(?:taken over|took over|stepped (?:in|up)|(?:was|been|got|were) (?:appointed|named|made))\s+(?:as\s+)?"
    + r"(?:the\s+|an?\s+|new\s+)*"
    + _TITLE_FREE
    + r"(?:\s+(?:at|of|for)\s+"
    + _employer("org")
    + ")?"
)
# The vehicles a driver drives for an employer: "trucks", "buses" (their singular names the trade: "truck driver").
_FLEET = r"(?P<fleet>truck|lorr(?:y|ie)|bus(?:e)?|cab|taxi|van|forklift|tractor|tram|coache|ambulance)s\b"
# A job said as what one does: "I teach maths at Hillcrest", "my son drives for Uber".
_ACTIVITY_TITLE = re.compile(
    _SUBJ
    + _ADV
    + r"\s+(?:(?P<teach>teach|teaches)\s+(?P<field>(?:"
    + _GRADE
    + r"|(?:[a-z]+|[A-Z][a-z]+)(?:\s+[a-z]+)?))"
    r"|(?P<verb>drive|drives|write|writes|cook|cooks"
    r"|lecture|lectures|tutor|tutors|coach|coaches|bartend|bartends)"
    # ("I drive trucks for Fonterra", "he drives buses for Stagecoach": the vehicles name the driver's trade)
    r"(?:\s+a\s+\w+|(?:(?<=\bdrive)|(?<=\bdrives))\s+" + _FLEET + r")?"
    r"|(?P<books>do|does|doing)\s+(?:the\s+)?(?:books|bookkeeping|accounts))"
    r"(?:\s+(?:now|these\s+days|nowadays))?\s+(?:at|for)\s+(?:the\s+)?" + _CALLED + _employer("org")
)
_ACTIVITY_TITLES = {
    "drive": "driver",
    "write": "writer",
    "cook": "cook",
    "lecture": "lecturer",
    "tutor": "tutor",
    "coach": "coach",
    "bartend": "bartender",
}
# Freelancing names a freelance title from the field: "I'm freelancing now, graphic design mostly".
_FREELANCE = re.compile(
    # ("Doing freelance tax prep from home now": the sentence's "I'm" dropped)
    r"(?:(?:(?<=[.!?]\s)|^)\W*(?:(?:now|currently|mostly)\s+)?[Dd]oing\s+freelance\s+(?=[a-z])"
    # ("Doing freelance work is hard": the doing as a subject, not a report)
    r"(?![^.!?]*\b(?:is|was|seems|sounds|looks|can\s+be)\b)"
    # ("these days I do freelance translation from home", "I'm doing freelance design now")
    r"|\bI(?:(?:'m|\s+am)?\s+(?:now\s+|currently\s+|mostly\s+|mainly\s+)?(?:do|doing)\s+freelance\s+(?=[a-z])"
    r"|(?:'m|\s+am)\s+(?:now\s+|currently\s+)?(?:freelancing|working freelance|a freelancer)"
    r"|\s+(?:now\s+|currently\s+)?(?:freelance|work\s+freelance)(?!\s+(?:for|at|with)\b)))"
    r"(?:\s+(?:now|these days|full-time|again))?(?:\s*,\s*|\s+(?:as\s+an?\s+|in\s+|doing\s+))?"
    r"(?:(?:mostly|mainly|doing|in)\s+)?(?P<field>[A-Za-z]+(?:\s+[a-z]+)?)?",
)
# "freelancing as a UX designer now", "I'm contracting as a data engineer": the title is said, not only the field.
_FREELANCE_AS = re.compile(
    r"(?:\bI(?:'m|\s+am)\s+|^\W*|(?<=,\s))(?:now\s+|currently\s+)?(?:freelancing|working\s+freelance|contracting)"
    r"\s+as\s+an?\s+" + _TITLE + r"(?=\s*(?:[,.;!]|$)|\s+(?:now|these\s+days|for|at|since)\b)"
)
_FIELD_TITLES = (
    ("design", "designer"),
    ("research", "researcher"),
    ("writing", "writer"),
    ("photography", "photographer"),
    ("consulting", "consultant"),
    ("translation", "translator"),
    ("development", "developer"),
    ("illustration", "illustrator"),
    ("editing", "editor"),
    ("copywriting", "copywriter"),
    # ("freelance tax prep", "freelance bookkeeping", "freelance tutoring")
    ("tax prep", "tax preparer"),
    ("bookkeeping", "bookkeeper"),
    ("tutoring", "tutor"),
)
# "got promoted last month!! senior actuary now": the new title said bare in a clause of its own, after a job
# change the turn tells (``_JOB_CHANGE``).
# ("Got promoted yesterday!!! senior site reliability engineer at Alaska Airlines": the title at its employer needs
# no "now")
_BARE_TITLE_NOW = re.compile(
    r"(?:^\W*|\s[-\u2013\u2014]+\s+|[,;:!]\s*)(?:(?:and|so)\s+)?(?:(?:officially|finally)\s+)?(?:an?\s+|the\s+)?"
    + _TITLE
    + r"(?:\s+now\b(?:\s+(?:at|with)\s+"
    + _employer("org")
    # ("crane operator for Lyttelton Port Company": the employer after "for" too)
    + r")?|\s+(?:at|with|for)\s+(?:the\s+)?"
    + _employer("org2")
    # ("bartender at the Eucla Motor Hotel if anyone asks", "… these days": an aside may close the clause)
    + r"(?:\s+now)?)(?=\s*(?:[,.;!?)]|$)|\s+(?:if\s+any(?:one|body)\s+asks|these\s+days|nowadays|for\s+now)\b)"
)
# "high school maths teacher here, does that count …", "Paramedic here — quick one": the speaker introduced by the
# title alone, opening the turn (never "your driver here", someone else's).
_TITLE_HERE = re.compile(
    r"^\W*(?:(?:hi|hey|hello|hiya|morning)[,!\s]+)?(?:(?:just|only)\s+)?(?:an?\s+)?"
    r"(?!(?:your|my|our|his|her|their|the|this|that|a|an)\b)" + _TITLE + r"\s+here\b(?=\s*(?:[,.;:!?\u2014\u2013-]|$))"
)
# The events of a job change (``_JOB_CHANGE`` without its "since"/"as of", which only date).
_JOB_EVENT = re.compile(
    r"\b(?:promoted|promotion|joined|signed\s+(?:on\s+)?with|started\s+(?:a\s+|my\s+)?(?:new\s+)?(?:job|work|role|position)"
    r"|started\s+at|new\s+job|hired|took\s+over|taken\s+over|stepped\s+(?:up|in)|appointed|(?:changed|switched)\s+(?:jobs"
    r"|companies))\b",
    re.IGNORECASE,
)
# A job left, told before the new title said bare: "quit my job at Shopee two weeks ago, freelance UX designer now".
_JOB_LEFT = re.compile(
    # ("left the mining gig in Kalgoorlie", "left my old post at the bank": the job left named by its kind)
    r"\b(?:quit|resigned|left\s+(?:(?:my|the|that)\s+(?:[\w-]+\s+){0,2}?(?:job|role|position|gig|post)\b|(?-i:[A-Z])\w*)"
    r"|laid\s+off|made\s+redundant|let\s+go"
    r"|handed\s+in\s+my\s+notice|retired|went\s+freelance|went\s+self-employed)\b",
    re.IGNORECASE,
)
_TITLE_IS = re.compile(
    r"(?:"
    + _POSS
    + r"\s+(?:job\s+)?(?:title|role|position)\s+is"
    # ("Job title on my account should say Senior Architect, not Architect": the title the account should hold)
    + r"|(?P<account>(?:^\W*|\b(?:[Mm]y|[Tt]he)\s+)(?:[Jj]ob\s+)?[Tt]itle\s+on\s+(?:my|the)\s+(?:account|profile)"
    + r"\s+(?:should|needs\s+to|must)\s+(?:say|read|be|show))"
    + r")\s+(?:now\s+)?(?:an?\s+)?"
    + _TITLE_FREE
)

# The kind named before the model: "got her first phone, a Nokia G42", "I have two phones: a Pixel 8 …".
_DEVICE_LEAD = (
    rf"(?:(?:my|her|his|their|our)\s+(?:(?:first|new|own|second|very\s+first)\s+)+(?:{_GENERIC_DEVICES}|watch|computer)"
    r"\s*[,:(\u2013\u2014-]\s*"
    r"|(?:two|three|2|3|a\s+couple\s+of|several)\s+(?:phones|laptops|tablets|watches|computers|consoles|e-readers)"
    r"\s*[,:(\u2013\u2014-]\s*)?"
)
# "My new MacBook Air M3 arrived on 2 March": a device delivered is owned from that day.
_DEVICE_ARRIVED = re.compile(
    # ("The new Kindle arrived on Monday": the speaker's, said with "the new")
    r"(?:\b(?:[Mm]y|[Oo]ur)\s+(?:(?:new|brand[- ]new|replacement)\s+)?"
    r"|(?:^|(?<=[,;:]\s))\W*(?:[Tt]he\s+)?(?:[Bb]rand[- ])?[Nn]ew\s+)"
    + _device("device")
    + r"\s+(?:(?:finally|just|has|had)\s+)*(?:arrived|came|was\s+delivered|got\s+delivered|showed\s+up|turned\s+up)\b"
)
_ACQUIRE = re.compile(
    # ("my son unwrapped a Switch OLED on his birthday": a present opened is the opener's)
    _SUBJ
    + _ADV
    + _NEG
    + _ADV
    # ("I wear a Garmin Forerunner 265": a watch or a ring one wears is one's own)
    + r"\s+(?:bought|got|purchased|picked up|received|unwrapped|upgraded to|switched to|own|owns|wear|wears"
    # ("so I grabbed a Pixel 9 Pro")
    r"|grabbed|snagged"
    # "switched from Android to an iPhone 15": what one switched from need not be a device.
    r"|(?:switched|moved|upgraded)\s+from\s+(?:an?\s+|my\s+)?[\w-]+(?:\s+[\w-]+)?\s+to"
    # ("I'm on a Pixel 8", "he's on a Surface Pro": the device one uses)
    r"|have|has|use|uses|using|(?<='m )on|(?<=am )on|(?<='s )on|(?<=is )on|ordered myself|treated myself to"
    # ("my dad's still on a Nokia 3310", "I'm currently on a Pixel 6a": the device kept in use)
    r"|(?<=still )on|(?<=currently )on"
    # "I run a Synology DS923+ at home", "rocking a Pixel 8 these days" (not "carry": round 6 keeps it silent)
    r"|run|runs|running|rock|rocking|daily[- ]drive|daily[- ]driving"
    # "I'm typing this on my new Surface Laptop 5"
    r"|(?:typing|writing|sending)\s+(?:this|you\s+this)(?:\s+message)?\s+(?:on|from))\s+"
    + _DEVICE_LEAD
    + _ARTICLES
    + _device("device")
)
# ("Bought a PS5 Slim in March for my son's birthday": the time of the purchase between the device and whom it is for)
_GIFT_FOR = re.compile(
    r"(?:\s+(?:in|on|last|this|back\s+in)\s+(?:[A-Z][a-z]+|week|month|year|weekend))?"
    rf"\s+(?:as\s+a\s+(?:gift|present)\s+)?for\s+(?:my\s+(?P<rel>{_REL})\b|(?:him|her|them|a\s+friend)\b)"
)
# "Bought my daughter an iPad for her birthday": a device given to a relative is theirs.
_GIFTED = re.compile(
    rf"(?:\bI\s+(?:just\s+|finally\s+)?|^\W*(?:just\s+|finally\s+)?)(?i:bought|got|ordered|gave)\s+"
    rf"(?P<who>[Mm]y\s+{_KIN_ADJ}(?:{_REL}))\s+(?:an?\s+|the\s+)(?:new\s+|brand[- ]new\s+)?" + _device("device")
)
_DEVICE_IS = re.compile(
    rf"(?:{_POSS}|(?P<our>\b[Oo]ur))"
    + r"\s+(?:new\s+|current\s+|main\s+|work\s+|daily\s+|home\s+)*(?:"
    + _GENERIC_DEVICES
    + r"|watch|computer|mobile|cell|router|modem|speaker|e-?reader|games\s+console)"
    + r"(?:\s+is|'s)\s+(?:now\s+)?(?:an?\s+|the\s+)?(?:(?:old|new|ancient|refurbished|second-hand|battered|trusty)\s+)?"
    + rf"(?:{_device('device')}|(?P<model>{_MODEL_SHAPE}))"
)
# "the Garmin Forerunner 265 is mine, not my partner's", "that iPad is my daughter's": a device claimed for its owner.
_DEVICE_CLAIMED = re.compile(
    r"(?:^\W*|(?<=[,;:]\s))(?:[Tt]he|[Tt]hat|[Tt]his)\s+(?:new\s+)?"
    + _device("device")
    + r"\s+(?:is|are|'s|'re)\s+(?:actually\s+|definitely\s+|all\s+)?"
    + rf"(?:(?P<mine>mine)|(?P<who>my\s+{_KIN_ADJ}(?:{_REL}))'s?)(?![\w'])(?!\s+(?:to|for)\b)"
)
# "the app keeps crashing on my OnePlus 12", "been using your app on my Galaxy Tab": a device named as where the app
# runs or a fault shows is the speaker's.
_ON_MY_DEVICE = re.compile(
    # (a time said with using dates the device, "since last year"; one said with a fault dates the fault)
    r"\b(?:crash\w*|freez\w*|lag\w*|glitch\w*|hang(?:s|ing)?|stutter\w*|works?|working|load\w*|runs?|running"
    r"|open\w*|install\w*|(?P<use>using|use|used)|play\w*|stream\w*|sync\w*|drain\w*|overheat\w*|stuck|slow|broken"
    r"|blank|black|flicker\w*|reboot\w*|restart\w*|disappear\w*|vanish\w*|fails?|failing"
    # ("reading Gone Girl on my Kindle", "watched it on my iPad")
    r"|read|reading|watch\w*|listen\w*)\b"
    r"[^.;!?]{0,40}?\bon\s+my\s+(?:new\s+)?"
    + _device("device")
    + r"(?=\s*(?:[,.;!?)]|$)|\s+(?:since|after|when|whenever|every|all|too|either|now|today|yesterday|and|but|so|though"
    # ("I'll read on my iPad from now on": the device used from now on)
    r"|because|ever|which|that|anymore|again|only|at|in|for|from|ugh|lol|lately|recently|these\s+days)\b)"
)
# "it won't sync with my Pixel 8", "the earbuds keep dropping their pairing to my Galaxy S23", "can't get it to
# connect to my iPad Air": a device something is paired or synced with is the speaker's.
_PAIRED_WITH_MY_DEVICE = re.compile(
    r"\b(?:sync\w*|pair\w*|connect\w*|link\w*|talk\s+to|mirror\w*|cast\w*)\s+(?:up\s+)?(?:(?:it|them)\s+)?"
    r"(?:with|to)\s+my\s+(?:new\s+|old\s+)?"
    + _device("device")
    + r"(?=\s*(?:[,.;!?)]|$)|\s+(?:since|after|when|whenever|every|anymore|again|at\s+all|either|now|and|but|so"
    r"|though|because|ugh|lol|help|any\s+more)\b)"
)
# Typed all in lower case: "got a galaxy z flip5 last month", "i just bought an iphone 15 pro".
_LOWER_BRANDS = {
    "iphone": "iPhone",
    "ipad": "iPad",
    "macbook": "MacBook",
    "imac": "iMac",
    "pixel": "Pixel",
    "galaxy": "Galaxy",
    "thinkpad": "ThinkPad",
    "kindle": "Kindle",
    "surface": "Surface",
    "xbox": "Xbox",
    "playstation": "PlayStation",
    "ps5": "PS5",
    "steam deck": "Steam Deck",
    "oneplus": "OnePlus",
    "xiaomi": "Xiaomi",
    "redmi": "Redmi",
    "chromebook": "Chromebook",
    "apple watch": "Apple Watch",
    "airpods": "AirPods",
    "fairphone": "Fairphone",
    "garmin": "Garmin",
    "fitbit": "Fitbit",
    "kobo": "Kobo",
    "nintendo switch": "Nintendo Switch",
    "echo dot": "Echo Dot",
    "echo show": "Echo Show",
    "fire tv stick": "Fire TV Stick",
    "apple tv": "Apple TV",
    "chromecast": "Chromecast",
}
_LOWER_MODEL_WORDS = (
    r"\d+[a-z]*|[a-z]{1,2}\d+[a-z+]*|pro|max|plus|ultra|air|mini|lite|fe|se|z|fold\d*|flip\d*|tab|note\d*|carbon"
    r"|paperwhite|oasis|scribe|go|oled|laptop\d*|book\d*|x1|yoga|a\d+|s\d+"
)
# "my son's Steam Deck won't charge", "my iPad keeps freezing", "our Roomba has stopped working": a fault told of
# a device names whose it is (never one that died or went: those end it, see ``_DEVICE_DIED``).
_DEVICE_FAULT = re.compile(
    rf"(?:{_POSS}|(?P<our>\b[Oo]ur))"
    # ("my school chromebook won't charge": what the device is for, and a brand typed in lower case)
    + r"\s+(?:(?:new|old|brand[- ]new|school|work|uni|college|personal|home|office|gaming|trusty|little|ancient"
    r"|spare)\s+)*"
    # (a part of the device may be what is at fault: "my wife's Pixel 8 battery is dying")
    + rf"(?:(?P<device>(?:{_BRANDS}){_MODEL}(?:\s+(?:{_BRAND_NOUNS})\b)?)"
    + rf"|(?P<low>(?P<brand>{'|'.join(sorted(_LOWER_BRANDS, key=len, reverse=True))})"
    + rf"(?:\s+(?:{_LOWER_MODEL_WORDS})\b)*+))"
    + r"(?:'s|\s+is)?\s+(?:(?:still|just|now|suddenly)\s+)?"
    # ("my iPhone 15 Pro keep logging me out": the verb's agreement dropped, as in Singapore English)
    r"(?:won't|wouldn't|doesn't|does\s+not|can't|cannot|isn't|is\s+not|keeps|keep(?=\s+[a-z]+ing\b)|kept|stopped"
    r"|has\s+stopped|froze|freezes"
    r"|crashed|crashes|overheats|lags|glitches|randomly\s+\w+"
    # ("my son's Switch got soaked", "my iPad got dropped in the bath": damage done to it)
    r"|(?:got|was|has\s+been)\s+(?:completely\s+|badly\s+)?(?:soaked|drenched|wet|water-?damaged|smashed|dropped|bricked"
    r"|crushed|sat\s+on|run\s+over)\b"
    r"|(?:stuck|frozen|broken|slow|overheating|acting\s+up|not\s+working|glitching|cracked|lagging|unresponsive|faulty)\b"
    r"|has\s+(?:a|an)\s+(?:crack|fault|problem|issue|dead\s+pixel|bug|glitch)"
    r"|(?:screen|battery|charger\s+port|charging\s+port|speaker|camera|keyboard|trackpad|mic"
    # ("my wife's Apple Watch strap snapped": a part that wears out, and the ways it breaks)
    r"|strap|band|hinge|lens|cable|button)\s+(?:is\s+|has\s+|just\s+)?"
    r"(?:cracked|broke|broken|shattered|dying|swollen|drains?|draining|died|failing|faulty|stopped|not\s+working"
    r"|snapped|split|came\s+off|fell\s+off|came\s+loose|tore|ripped))"
)
_SOMEONES_DEVICE = re.compile(
    rf"\b\w+'s?\s+(?:[\w-]+\s+)?(?:{_GENERIC_DEVICES}|watch|computer|mobile|console|desktop)\b", re.IGNORECASE
)
_DEVICE_END = (
    # ("phone is a Huawei P30 that's falling apart": what it is like, after it)
    r"(?=\s*(?:[,;.!]|$|\s+(?:now|these\s+days|and|both|that's|that\s+is|which\s+is"
    r"|for\s+(?:work|gaming|travel|reading|school|uni|the\s+kids))\b"
    # ("laptop is a Framework 13 running Fedora 40", "phone's a Pixel 8 on Android 15": the system it runs, after it)
    r"|\s+(?:running|on|with)\s+(?:iOS|iPadOS|Android|Windows|macOS|Linux|Ubuntu|Fedora|Debian|Arch|ChromeOS|GrapheneOS"
    r"|LineageOS|HyperOS|One\s?UI|Wear\s?OS|watchOS)\b))"
)
# "Phone's a Pixel 8, laptop's a ThinkPad X1 Carbon": the speaker's devices, named without "my".
_BARE_DEVICE_IS = re.compile(
    r"(?:^\W*|(?<=,)\s*|(?<=;)\s*|(?<=\band\s))"
    # "Work laptop's a ThinkPad", "Gaming console is a PS5": the use the device is kept for.
    # ("current phone is a Huawei P30": the one in use now)
    r"(?:(?:[Ww]ork|[Hh]ome|[Mm]ain|[Pp]ersonal|[Gg]aming|[Oo]ffice|[Tt]ravel|[Cc]urrent)\s+)?(?P<kind>[Pp]hone|[Ll]aptop|[Tt]ablet|[Ww]atch|[Cc]omputer|[Ee]-?reader|[Cc]onsole"
    r"|[Dd]esktop|[Mm]obile)(?:'s|\s+is)\s+(?:now\s+)?(?:an?\s+)?(?:(?:old|new|refurbished|second-hand|trusty)\s+)?"
    + _device("device")
    + _DEVICE_END
)
# "…; at home it's a Steam Deck": a second device of the speaker's, kept for a place or a use.
_USE_DEVICE_IS = re.compile(
    r"(?:^\W*|(?<=,)\s*|(?<=;)\s*)(?:and\s+|but\s+)?(?i:at\s+home|at\s+work|in\s+the\s+office|for\s+(?:gaming|work|travel"
    r"|reading)|on\s+the\s+go)\s*,?\s+(?:it's|it\s+is|I've\s+got|I\s+have|I\s+use)\s+(?:an?\s+)?"
    + _device("device")
    + _DEVICE_END
)
_LOWER_BRAND = "|".join(sorted(_LOWER_BRANDS, key=len, reverse=True))
# ("we've got 2 echo dots": a household's devices, counted, the plural kept off the name; "a pixelated photo" is
# no Pixel, so the name ends where the word does)
_LOWER_COUNT = r"(?:a\s+couple\s+of|two|three|four|[2-9])"
_LOWER_PLURAL = r"(?:(?<=[a-z])s)?(?![a-z])"
_LOWER_DEVICE = re.compile(
    r"(?:(?<![A-Za-z'])[iI]\s+|(?<![A-Za-z'])we(?:'ve)?\s+|^\W*|,\s*|\band\s+)"
    r"(?:just\s+|finally\s+|recently\s+|also\s+)?"
    r"(?:bought|got|picked\s+up|ordered|own|have|use|upgraded\s+to|switched\s+to)\s+"
    rf"(?:(?:a|an|the|my|our|new|brand\s+new|myself\s+a|myself\s+an|{_LOWER_COUNT})\s+)*"
    r"(?P<device>(?P<brand>" + _LOWER_BRAND + r")"
    r"(?:\s+(?:" + _LOWER_MODEL_WORDS + r")\b)*+)" + _LOWER_PLURAL + r""
    r"(?!\s+(?:for|as\s+a\s+(?:gift|present))\s+(?:my|him|her|them|a)\b)"
    # "got a pixel 8 case": an accessory for the device, not the device
    r"(?!\s+(?:case|cover|charger|screen\s+protector|protector|cable|strap|band|stand|sleeve|skin|mount|dock|adapter"
    r"|battery|box|keyboard|pen|stylus)s?\b)"
)


# "… 2 echo dots and a fire tv stick": the devices listed after a first one typed in lower case.
_LOWER_MORE = re.compile(
    r"\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)"
    rf"(?:(?:a|an|my|our|new|{_LOWER_COUNT})\s+)+"
    # (the copy the rules read may have set a brand right already: "and an iPad air")
    r"(?P<device>(?P<brand>(?i:"
    + _LOWER_BRAND
    + r"))(?:\s+(?:"
    + _LOWER_MODEL_WORDS
    + r")\b)*+)"
    + _LOWER_PLURAL
    # (the same accessories as after the first: "and a kindle case")
    + r"(?!\s+(?:case|cover|charger|screen\s+protector|protector|cable|strap|band|stand|sleeve|skin|mount|dock|adapter"
    r"|battery|box|keyboard|pen|stylus)s?\b)"
)


def _lower_device_name(said: str, brand: str) -> str:
    """ "galaxy z flip5" -> "Galaxy Z Flip5": the maker's spelling of the brand, model words capitalized."""
    rest = said[len(brand) :].split()
    return " ".join([_LOWER_BRANDS[brand], *(w if w == "mini" else w[:1].upper() + w[1:] for w in rest)])


# "Traded in the old iPad mini; it's just the Surface Pro 9 now": what is left after one device went.
_LEFT_WITH = re.compile(
    r"^\W*(?:(?:so|and|now)\s+)?(?:it's|it\s+is|now\s+it's)\s+(?:just|only)\s+(?:the|a|an|my)\s+"
    + _device("device")
    + r"(?:\s+now)?\s*(?:[,;.!]|$)"
)
_GAVE_UP_DEVICE = re.compile(
    r"\b(?i:traded\s+in|sold|gave\s+away|got\s+rid\s+of|returned|donated|ditched|recycled|gave\s+up"
    r"|(?:gave|passed|handed)\s+(?:[\w-]+\s+){1,4}?(?:on\s+|down\s+)?to)\b"
)
# "apple watch died, not wearing one anymore": a device broke and is not replaced.
_DEVICE_DIED = re.compile(
    r"(?:\b(?:[Mm]y|[Oo]ur|[Tt]he)\s+|^\W*)(?:old\s+)?"
    + rf"(?:{_device('device')}|(?P<low>(?P<brand>{'|'.join(sorted(_LOWER_BRANDS, key=len, reverse=True))})"
    + rf"(?:\s+(?:{_LOWER_MODEL_WORDS})\b)*+))"
    + r"\s+(?:finally\s+|just\s+)?(?:died|broke|packed\s+in|gave\s+up|is\s+dead|stopped\s+working|bricked"
    # ("my Galaxy S21 carked it", "the Kindle conked out", "the old Pixel bit the dust": the idioms of dying)
    r"|carked\s+it|conked\s+out|gave\s+up\s+the\s+ghost|bit\s+the\s+dust|kicked\s+the\s+bucket|packed\s+up|croaked"
    # ("my Galaxy Watch went in the pool, it's toast", "my Kindle drowned in the bath")
    r"|went\s+(?:in|into)\s+the\s+(?:pool|sea|ocean|lake|river|toilet|bath|loo|sink|washing\s+machine)|drowned|is\s+toast)\b"
)
_NOT_REPLACED = re.compile(
    r"\b(?:not|no\s+longer|never|won't|don't|do\s+not)\s+(?:wearing|using|wear|use|getting|buying|replacing|need)"
    r"\s+(?:one|it|another(?:\s+one)?|a\s+new\s+one)\b"
    # ("died two weeks ago, haven't bothered replacing it", "never got round to buying another one")
    r"|\b(?:haven't|have\s+not|hasn't|didn't|never|not)\s+(?:(?:yet|really|even)\s+)?(?:bothered(?:\s+to)?|got(?:ten)?"
    r"\s+(?:a)?round\s+to|replaced|bothering(?:\s+to)?)(?:\s+(?:replac(?:ing|e)|buy(?:ing)?|get(?:ting)?))?"
    r"\s+(?:it|one|another(?:\s+one)?|a\s+new\s+one)\b",
    re.IGNORECASE,
)
# "my ThinkPad X1 Carbon finally died for good, it's off to e-waste", "the Kindle died, beyond repair": broken past
# fixing, so gone ("my phone died at the gig" is a flat battery).
_DEAD_FOR_GOOD = re.compile(
    r"\b(?:for\s+good|beyond\s+(?:repair|saving|fixing)|(?:can't|cannot|couldn't)\s+be\s+(?:fixed|repaired|saved)"
    r"|not\s+worth\s+(?:fixing|repairing)|(?:off\s+to|going\s+to|headed\s+for|into)\s+(?:the\s+)?(?:e-?waste|recycling"
    r"|landfill|the\s+tip|the\s+dump)|written\s+off)\b",
    re.IGNORECASE,
)
_ANY_DEVICE = re.compile(_device("device") + rf"|\b(?:{_GENERIC_DEVICES}|watch|computer|mobile)\b")
# "That Surface Pro I mentioned, I don't use it anymore": the device named earlier in the sentence.
_DISUSE_IT = re.compile(
    r"\bI\s+(?:(?:don't|do not)\s+(?:really\s+)?use\s+(?:it|that(?:\s+one)?)\s+(?:anymore|any more)"
    r"|no longer use\s+(?:it|that(?:\s+one)?)|(?:stopped|quit)\s+using\s+(?:it|that(?:\s+one)?))\b"
)
# "New phone (Pixel 9), same number", "new laptop: a ThinkPad X1": the speaker's new device, said as a label.
_NEW_DEVICE_LABEL = re.compile(
    r"^\W*(?:(?:ok|okay|so|well|and|also|btw)\W+)*(?:(?:I\s+)?(?:have|'ve\s+got|got|bought)\s+)?(?:an?\s+)?new\s+"
    rf"(?:{_GENERIC_DEVICES}|watch|computer|mobile)\s*[(:,\u2013-]\s*(?:it's\s+)?(?:an?\s+|the\s+)?"
    + _device("device"),
    re.IGNORECASE,
)
# "a ThinkPad for work and a MacBook Air at home": a short use or place may sit between the two.
_MORE_DEVICES = re.compile(
    # ("a Samsung fridge (RF65A) and an LG washer", "an iPad (2020) and a Kindle": the model or year in brackets)
    r"(?:\s*\([\w .-]{1,20}\))?"
    # ("…, plus an old iPad mini", "… as well as a Kindle")
    # ("an iPad Air for uni and a MacBook Pro at home": what or where each one is for)
    r"(?:\s+(?:for|at)\s+(?:work|home|school|uni|college|university|gaming|travel|the office|study|studying|reading"
    r"|music|photos|streaming|the\s+kids|personal(?:\s+stuff)?|work\s+stuff|emails?))?"
    # ("Pixel 8 Pro + ThinkPad X1 Carbon": a plus sign for "and")
    r"(?:,\s*|\s*\+\s*|\s+)(?:and\s+|plus\s+|as\s+well\s+as\s+)?"
    + _ARTICLES
    # "a Roku and two Echo Dots": a counted device, named in the plural
    + r"(?:(?P<count>two|three|four|five|a\s+couple\s+of|a\s+pair\s+of|[2-9])\s+)?"
    + _device("device")
)
_DISPOSE = re.compile(
    _SUBJ
    + _ADV
    # ("threw out my ThinkPad, it died", "binned the old Kindle", "recycled my iPhone 8": thrown away too)
    + r"\s+(?:sold|gave away|got rid of|returned|lost|traded in|gave up|donated|ditched|threw\s+(?:out|away)|binned"
    + r"|chucked(?:\s+out)?|tossed|scrapped|recycled|dumped|junked|pawned)\s+"
    + _ARTICLES
    + _device("device")
    # "I gave my old iPad to my niece", "passed the Switch on to my nephew"
    + r"|"
    + _SUBJ.replace("subj", "subj2")
    + _ADV
    + r"\s+(?:gave|passed|handed)\s+"
    + _ARTICLES
    + _device("device2")
    + r"\s+(?:on\s+|down\s+)?(?:away|to\s+(?:my|a|the|our|his|her|their)\s+[\w-]+)"
    # "traded my Pixel 7 in", "sold the old iPad off", "sent my Surface back": the verb's particle after the device
    + r"|"
    + _SUBJ.replace("subj", "subj3")
    + _ADV
    + r"\s+(?P<split>traded|sold|gave|sent|took|brought)\s+"
    + _ARTICLES
    + _device("device3")
    + r"\s+(?P<particle>in|off|away|back)\b"
    # (sent back to be fixed is still the speaker's: "sent my iPad back for repair")
    + r"(?![^.;!?]{0,30}\b(?:repair|fix|fixed|servic\w*|replac\w*|swap|check\w*|look\w*\s+at)\b)"
)
# Which particle ends ownership after which verb: a trade-in, a sale off, a gift away, a return.
_SPLIT_PARTICLES = {
    "traded": {"in"},
    "sold": {"off"},
    "gave": {"away", "back"},
    "sent": {"back"},
    "took": {"back"},
    "brought": {"back"},
}
_TAKEN_VERBS = r"stolen|nicked|pinched|swiped|snatched|nabbed|lifted|pickpocketed|robbed|taken\s+from\s+(?:me|my|our)"
# "my Steam Deck got nicked at the airport", "had my MacBook stolen from the car", "someone pinched my Galaxy Watch",
# "my Kindle went missing during the move": a device stolen or lost is no longer the speaker's.
_DEVICE_TAKEN = re.compile(
    # ("My son's Switch OLED got nicked": a relative's device, said with the relative)
    rf"(?:\b[Mm]y|\b[Oo]ur)(?:\s+{_KIN_ADJ}(?P<rel>{_REL})'s?)?"
    r"\s+(?:(?:old|new|brand[- ]new|work|spare|trusty)\s+)*"
    + rf"(?:{_device('device')}|(?P<low>(?P<brand>{'|'.join(sorted(_LOWER_BRANDS, key=len, reverse=True))})"
    + rf"(?:\s+(?:{_LOWER_MODEL_WORDS})\b)*+))"
    + rf"\s+(?:(?:was|got|has\s+been|had\s+been|just\s+got)\s+(?:just\s+|finally\s+)?(?:{_TAKEN_VERBS}|lost)\b"
    r"|(?:went|has\s+gone|just\s+went)\s+missing\b)"
    r"|\b(?:[Ii]|[Ww]e)?\s*(?:had|got)\s+(?:my|our)\s+(?:(?:old|new|brand[- ]new|work|spare|trusty)\s+)*"
    + _device("device2")
    + rf"\s+(?:{_TAKEN_VERBS})\b"
    r"|\b(?:[Ss]omeone|[Ss]omebody|[Tt]hieves|[Aa]\s+(?:thief|pickpocket|burglar)|[Ss]ome\s+\w+(?:\s+\w+){0,3}?)\s+"
    r"(?:just\s+)?(?:stole|nicked|pinched|swiped|snatched|nabbed|lifted)\s+(?:my|our)\s+"
    r"(?:(?:old|new|brand[- ]new|work|spare|trusty)\s+)*" + _device("device3")
)
# "The iPad Air went to a buyer on eBay", "my old Kindle found a new owner", "our Xbox got sold": a device
# disposed of, said of the device.
_DEVICE_GONE = re.compile(
    # ("so the Galaxy A52 is gone")
    # ("bought a OnePlus 12 and the old Redmi Note 10 is going to my mom": the old one, after "and")
    r"(?:\b[Mm]y|\b[Oo]ur|(?:^|(?<=[,;:]\s))\W*[Tt]he|(?<=\bso\s)the|(?<=\band\s)the(?=\s+old\b))"
    r"\s+(?:(?:old|previous|former|spare|second)\s+)*"
    # (typed in lower case too: "the iphone 13 went to my nephew")
    + rf"(?:{_device('device')}|(?P<low>(?P<brand>{'|'.join(sorted(_LOWER_BRANDS, key=len, reverse=True))})"
    + rf"(?:\s+(?:{_LOWER_MODEL_WORDS})\b)*+))"
    + r"\s+(?:(?:finally\s+|just\s+)?(?:went|has\s+gone|got\s+sent|was\s+sent)\s+to\s+(?:a|the|its|some)\s+"
    r"(?:new\s+)?(?:buyer|owner|home|charity|recycl\w+)"
    # "the iPad went to my nephew", "my old Kindle now belongs to my sister": handed on to a relative.
    # ("my old Moto G goes to my nephew": handed on now, the day its replacement came)
    rf"|(?:finally\s+|just\s+|now\s+)?(?:went|has\s+gone|was\s+given|got\s+given|belongs"
    rf"|(?P<handed_on>goes|is\s+going|'s\s+going))\s+to\s+(?:(?:my|our)\s+{_KIN_ADJ}(?:{_REL})\b|{_KIN_AS_NAME_BARE})"
    r"|(?:finally\s+|just\s+)?found\s+(?:a|its)\s+new\s+(?:owner|home)"
    # "my old iPhone 12 is going in a drawer", "the Galaxy's off to eBay", "my old Kindle is now a paperweight": put
    # away for good, or up for sale
    # ("the old Fire tablet is going straight in the bin")
    # ("the old Moto G went straight in a drawer": put away already)
    r"|(?P<put_away>(?:(?:is|'s|are|'re)\s+(?:now\s+|just\s+|officially\s+)?(?:going|headed|heading|off|getting\s+put|being\s+put)"
    r"|(?:went|got\s+put|was\s+put|has\s+gone))\s+"
    r"(?:(?:straight|right|directly)\s+)?(?:(?:back\s+)?(?:in|into)\s+(?:a|the|my|our)\s+(?:drawer|cupboard|closet|box|bin|attic|loft|garage|shelf)"
    r"|(?:on|to)\s+(?:eBay|Facebook\s+Marketplace|Marketplace|Gumtree|Trade\s*Me|Craigslist|Vinted|OLX|Carousell))"
    # ("so the Galaxy A52 is gone")
    r"|(?:is|'s)\s+(?:now\s+)?(?:a\s+(?:paperweight|doorstop)|retired|up\s+for\s+sale|for\s+sale|gathering\s+dust"
    r"|(?:long\s+)?gone(?!\s+(?:to|from|for|through|in|into|on|off|out|quiet|dark|flat|slow|back)\b)))"
    r"|(?:was|got|has\s+been|have\s+been)\s+(?:finally\s+|just\s+)?(?:sold|given\s+away|donated|traded\s+in|stolen"
    r"|recycled))\b(?!\s+out\b)"
)
_REPLACE = re.compile(
    _SUBJ
    + _ADV
    # ("I ditched my Fitbit for a Garmin Venu")
    + r"\s+(?:replaced|swapped|ditched|dumped|exchanged|traded(?:\s+in)?)\s+"
    + _ARTICLES
    + _device("old")
    # ("traded in my Surface Pro 9 two weeks ago for a MacBook Air": when, between the two)
    + r"(?:\s+(?:yesterday|last\s+\w+|(?:a|one|two|three|four|five|six|a\s+few|a\s+couple\s+of|\d+)\s+(?:days?|weeks?"
    r"|months?)\s+ago|on\s+\w+day|in\s+[A-Z][a-z]+))?"
    + r"\s+(?:with|for)\s+"
    + _ARTICLES
    + _device("device")
    # "My iPad died so I replaced it with a Galaxy Tab S9": the old one named earlier in the sentence
    + r"|(?P<subj3>\bI\b)"
    + _ADV
    + r"\s+(?:replaced|swapped|traded(?:\s+in)?)\s+(?:it|that|them|the\s+old\s+one)\s+(?:with|for)\s+"
    + _ARTICLES
    + _device("device3")
    + "|"
    + r"(?P<subj2>\bI\b)"
    + _ADV
    + r"\s+(?:switched|upgraded|moved)\s+from\s+"
    + _ARTICLES
    + _device("old2")
    + r"\s+to\s+"
    + _ARTICLES
    + _device("device2")
)

# Lower-case particles inside a family name: "Sanne de Wit", "Ludwig van der Berg", "Ana dos Santos".
_PARTICLE = r"(?:(?:van|von|de|der|den|da|di|del|della|du|dos|das|ter|ten|le|la|bin|binti|al|el)\s+){1,2}"
_NAME = re.compile(
    # ("my name's spelled Teuea, not Teuia": the spelling given)
    # ("my surname's Okafor-Lind now": the new family name alone)
    # ("my IC name Lim Kok Wei quite long": the name on an identity document, the copula dropped as Singapore English
    # does)
    _POSS + r"\s+(?:(?:full\s+|sur|last\s+|family\s+)?name(?:\s+is|'s)|(?:IC|NRIC|passport|legal)\s+name(?:\s+is|'s)?)"
    r"(?:\s+now)?"
    r"(?:\s+(?:actually\s+)?(?:spelled|spelt|written))?\s+"
    rf"(?P<name>[A-ZÀ-ÖØ-Þ][\w'-]*(?:\s+(?:{_PARTICLE})?[A-ZÀ-ÖØ-Þ][\w'-]*){{0,2}})"
    r"|(?P<subj2>\bI)(?:'m| am) called (?P<name2>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)"
    r"|\b(?:[Cc]all|[Aa]ddress|[Rr]efer to) me (?:as )?(?!at\b|on\b)"
    r"(?P<name3>(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][\w'-]*)"
    rf"|(?P<subj4>\bI)(?:'m| am) (?P<name4>[A-Z][a-z]+ (?:{_PARTICLE})?[A-Z][a-z]+(?:-[A-Z][a-z]+)?)"
    r"\b(?!'s|-|\s+(?:Inc|Ltd|Street|Road)\b)"
    r"|(?P<subj5>\bI)\s+go\s+by\s+(?P<name5>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)"
    r"|\b(?:[Ee]veryone|[Ee]verybody|[Pp]eople|[Mm]y\s+friends|[Ff]riends|[Mm]ost\s+people"
    # "the team calls me Dev", "my students call me Ms K", "everyone at work calls me Jo"
    r"|(?:[Tt]he|[Mm]y|[Oo]ur)\s+(?:team|colleagues|co-?workers|workmates|students|pupils|kids|family|crew|squad|club"
    r"|mates|patients|clients)|(?:[Ee]veryone|[Pp]eople|[Ff]olks)\s+at\s+(?:work|the\s+office|school|the\s+club)"
    r"|[Mm]ost\s+folks|[Ff]olks)\s+(?:just\s+|now\s+|all\s+)?(?:calls?|knows?)\s+me\s+(?:as\s+)?"
    r"(?P<name6>[A-Z][\w'-]*)"
    # "quick one: name's Mahina Kealoha, …", "Name is Joss Whitley btw": the speaker's own name, "my" dropped (never
    # "the dog's name is Rex": only where a clause or a label opens)
    # ("call me Ren. full name's Renjiro Okabe": "full", "real" or "legal" before it, a sentence of its own)
    rf"|(?:^\W*|(?<=[:;,!.\u2014\u2013]\s)|(?<=\bso\s)|(?<=\bbtw\s)|(?<=\boh\s))"
    r"(?:[Tt]he\s+)?(?:(?:[Ff]ull|[Rr]eal|[Ll]egal|[Pp]roper)\s+)?[Nn]ame(?:'s|\s+is)\s+"
    rf"(?P<name7>[A-ZÀ-ÖØ-Þ][\w'-]*(?:\s+(?:{_PARTICLE})?[A-ZÀ-ÖØ-Þ][\w'-]*){{0,2}})\b(?!'s|\s+(?:Inc|Ltd|Street|Road)\b)"
)
# "Rebecca on paper, but everyone knows me as Bex", "Teodoro's what the passport says": the legal name, told beside
# the one used (the legal name is the fact; the other is how people call the speaker, checked by ``_legal_name``).
_LEGAL_NAME = re.compile(
    r"(?:^\W*|(?<=[,;]\s))(?P<name>[A-Z][a-z]+(?:[\s-]+[A-Z][a-z]+)?)"
    r"(?:\s+(?:on\s+paper|officially|legally|on\s+(?:my|the)\s+(?:passport|ID|licen[cs]e|birth\s+certificate|papers))"
    r"|(?:'s|\s+is)\s+what\s+(?:the|my)\s+(?:passport|ID|licen[cs]e|birth\s+certificate|papers)\s+says?)"
    r"(?=\s*(?:[,;.]|$)|\s+(?:but|though|and)\b)"
)
# A letter's closing, then the writer's name on the line after it ("Kind regards,\nTobenna Okafor"), or after a
# comma on the same line for a formal closing ("Yours sincerely, Ada Obi").
_CLOSING = re.compile(
    r"(?:^|[\n.!]\s*)(?:(?:(?i:kind|best|warm|warmest|many|with\s+(?:kind|best))\s+)?(?i:regards|wishes|thanks)"
    r"|(?i:yours\s+(?:sincerely|faithfully|truly)|sincerely|respectfully|all\s+the\s+best|thank\s+you|thanks"
    r"|cheers|best|regards))\s*[,.!-]*\s*$"
)
_SIGNED_NAME = re.compile(
    rf"\s*(?P<name>[A-Z][a-z]+(?:-[A-Z][a-z]+)?(?:\s+(?:{_PARTICLE})?[A-Z][\w'-]+){{1,2}})\s*\W?\s*"
)
_FORMAL_CLOSING = re.compile(r"(?i)regards|sincerely|faithfully")
# "my surname is Lindqvist now: Hal Lindqvist": a new family name, then the full name it makes.
_SURNAME_FULL = re.compile(
    r"\b[Mm]y\s+(?:sur|last\s+|family\s+)name(?:\s+is|'s)(?:\s+now)?\s+[A-Z][\w'-]*(?:\s+now)?\s*[:(,\u2013\u2014-]\s*"
    r"(?:so\s+)?(?:it's\s+|I'm\s+)?(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s+[A-Z][\w'-]+)"
)
# Events that change a name: their date is the new name's first day.
_NAME_EVENT = re.compile(r"\b(?:married|divorced|wedding|marriage|changed\s+my\s+name|deed\s+poll)\b", re.I)
# "The name on the account should read Ingrid Solberg", "Nessa is what you should write": the name to use.
_NAME_TO_USE = re.compile(
    # ("Mum's name on the gift card should be Leilani": a relative's, named before it, on a thing of the order)
    rf"(?:\b[Mm]y\s+(?P<whose>{_KIN_ADJ}(?:{_REL}))'s\s+|(?<![\w'])(?P<whose2>{'|'.join(sorted(_KIN_AS_NAMES))})'s\s+"
    r"|\b(?:[Tt]he|[Mm]y)\s+|^\W*)[Nn]ame\s+on\s+(?:the|my)\s+(?P<gift>(?:gift|birthday|greeting)\s+)?"
    r"(?:account|profile|booking|card|reservation|ticket|invoices?|order|tag|label|parcel)\s+"
    # (with the accents it has: "Declan Ó Briain", "Zoë Ní Bhriain")
    r"(?:should\s+(?:read|be|say)|must\s+(?:read|be)|is\s+now)\s+"
    r"(?P<name>[A-ZÀ-ÖØ-Þ](?:\.|[\w'-]*)(?:\s+[A-ZÀ-ÖØ-Þ][\w'-]*){0,2})"
    r"|(?:^|(?<=,\s)|(?<=so\s))(?P<name2>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\s+is\s+what\s+(?:you\s+should\s+(?:write|use|put"
    r"|call\s+me)|(?:everyone|people|my\s+friends|friends)\s+calls?\s+me|I\s+go\s+by)\b"
    # "my surname changed …, so please make it Odile Castellane on the account" (only where a name is spoken of)
    r"|\b(?:make|change|put|set|update)\s+(?:it|that)\s+(?:to\s+|as\s+)?"
    r"(?P<name3>[A-Z][a-z]+(?:[\s-]+[A-Z][\w'-]+){1,2})\s+on\s+(?:the|my)\s+(?:account|profile|booking|card|invoices?)\b"
    # "Change my display name to Gary", "set my profile name to Ana Ruiz", "change the name on my account to …"
    r"|\b(?i:change|set|update|switch|correct|fix)\s+(?:(?i:my)\s+(?i:(?:display|profile|account|screen|public)\s+)?(?i:name)"
    r"|(?i:the)\s+(?i:name)\s+(?i:on|for)\s+(?i:my|the)\s+(?i:account|profile|card|membership))"
    r"\s+(?i:to|as)\s+"
    # (an initial may stand for a first name: "change the name on my card to J. Smith")
    r"(?P<name4>[A-Z](?:\.|[\w'-]*)(?:\s+[A-Z][\w'-]*){0,2})(?=\s*(?:[,.;!?]|$|\s+(?:please|instead|from\s+now\s+on)\b))"
    # "I married in August - it's Kim Novak-Ly now": the full name after a name event (checked below)
    r"|\b(?:it's|it\s+is|I'm|I\s+am)\s+(?P<name5>[A-Z][a-z]+(?:[\s-]+[A-Z][\w'-]+){1,2})\s+now\b"
    # "display name -> Marlo", "profile name: Ana Ruiz", "username = Dee": the name written as a form's field
    r"|(?:^|(?<=\s))(?i:(?:display|profile|account|screen|public)\s+name|nickname)\s*(?:->|\u2192|=>|=|:)\s*"
    r"(?P<name6>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})(?=\s*(?:[,.;!?]|$|\s+(?:please|pls|instead|from\s+now\s+on)\b))"
    # "I'm Wen btw — Li Wen on the account": the full name the account holds (checked by ``_account_name_ok``)
    rf"|(?:^|(?<=[\u2014\u2013,]\s))(?:(?:it's|but)\s+)?(?P<name7>[A-Z][a-z]+\s+(?:{_PARTICLE})?[A-Z][\w'-]+)"
    r"\s+on\s+(?:the|my)\s+(?:account|profile|booking|card|passport|ID)\b"
    # "I'm Lerato btw, Lerato Khumalo": the full name after the first, repeated as its clause (checked by
    # ``_full_name_ok``: the turn has just introduced the speaker by its first word)
    r"|(?:^|(?<=[\u2014\u2013,:]\s))(?P<full>[A-Z][a-z]+\s+(?:" + _PARTICLE + r")?[A-Z][a-z]+(?:-[A-Z][a-z]+)?)"
    r"(?=\s*(?:[.!]\s*)?$)"
    # "Honestly just Anu is fine, nobody uses Anuradha": the short form of the name to use (checked by
    # ``_short_name_ok``: the turn names the long form, or speaks of names).
    r"|(?:^|(?<=,\s))\W*(?i:(?:honestly|really|oh|so|please)[,\s]+)*(?i:just\s+)?(?P<short>[A-Z][a-z]{1,11})"
    r"\s+(?:is|'s|works)\s+(?:totally\s+|perfectly\s+|just\s+)?(?:fine|ok|okay|great|perfect)\s*(?=[,.;!?]|$)"
)


def _account_name_ok(text: str, at: int, name: str) -> bool:
    """ "Li Wen on the account" is the speaker's name when the turn introduces the speaker by a part of it."""
    parts = [p for p in name.split() if p not in _NOT_NAMES and p not in _NOT_FIRST_NAMES]
    return any(re.search(rf"\b(?:I'm|I\s+am|it's|this\s+is|[Nn]ame's)\s+{re.escape(p)}\b", text[:at]) for p in parts)


def _full_name_ok(text: str, at: int, name: str) -> bool:
    """ "Lerato Khumalo" alone is the speaker's full name right after "I'm Lerato" (or "this is", "name's")."""
    first = name.split(maxsplit=1)[0]
    if first in _NOT_NAMES or first in _NOT_FIRST_NAMES or first in _KIN_AS_NAMES:
        return False
    said = rf"(?:\bI'm|\bI\s+am|\b[Tt]his\s+is|\b[Ii]t's|\b[Nn]ame's|\b[Nn]ame\s+is)\s+{re.escape(first)}"
    return re.search(said + r"(?:\s+(?:btw|here|by\s+the\s+way))?\W*$", text[:at]) is not None


def _short_name_ok(text: str, name: str) -> bool:
    """ "Anu is fine" is a name when the turn also names the long form ("Anuradha") or speaks of names."""
    if name in _NOT_NAMES or name in _NOT_FIRST_NAMES or name in _KIN_AS_NAMES or _FORMAT.fullmatch(name):
        return False
    return bool(re.search(rf"\b{name}[a-z]{{2,}}\b", text) or _NAME_WORDS.search(text))


_NAME_WORDS = re.compile(
    r"\b(?:knows?\s+me\s+as|call(?:s|ing)?\s+me(?!\s+(?:at|on|back|later|tomorrow|tonight|when|if|after|before)\b)|my\s+name|nickname"
    r"|go\s+by|short\s+for)\b",
    re.IGNORECASE,
)
_RELATIVE_NAMED = re.compile(
    rf"\b[Mm]y\s+(?P<rel>{_REL})(?:'s|\s+is)\s+(?:called|named)\s+(?P<name>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)"
    # "My manager is Kenji Hayashi": the relation's full name said as what they are
    rf"|\b[Mm]y\s+(?P<rel4>{_REL})\s+is\s+(?P<name3>(?!(?:{'|'.join(_NOT_NAMES | {'New', 'Not', 'Really', 'Very'})})\b)"
    rf"[A-Z][a-z]+\s+(?:{_PARTICLE})?[A-Z][a-z]+(?:-[A-Z][a-z]+)?)\b(?!'|-|\s+(?:[A-Z]|Inc|Ltd|Street|Road)\b)"
    # "Theo (my son, 9)", "Ana (my niece, aged 4)": the name, then whom it names in brackets with the age
    rf"|(?<![A-Za-z'])(?P<name4>(?!(?:{'|'.join(_NOT_NAMES)})\b)[A-Z][a-z]+)\s*\((?:my|our)\s+{_KIN_ADJ}(?P<rel5>{_REL})"
    r",\s*(?:age\s+|aged\s+)?\d{1,2}(?:\s*(?:yo|y/o|years?\s+old))?\)"
    # "the account's in my partner Jo Mills' name": the relation's name the account is held in
    rf"|\b(?:in|under)\s+my\s+(?P<rel6>{_REL})\s+(?P<name5>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)'s?\s+name\b"
    # ("my daughter Lucía", "my son José", "my wife Zoë": a name with accents)
    # ("grandpa Walt moved in with her": a kin title typed in lower case)
    rf"|(?:\b[Mm]y\s+(?P<rel2>{_REL})|\b(?P<rel3>[Aa]unt|[Aa]untie|[Uu]ncle|[Cc]ousin|[Gg]randpa|[Gg]randma|[Gg]ranny"
    rf"|[Gg]randad))\s+(?P<name2>(?!(?:{'|'.join(_NOT_NAMES)})\b)"
    # ("My manager Priscilla Owusu lives in Accra": a full name)
    rf"[A-ZÀ-Ý][a-zß-ÿ]+(?:\s+(?!(?:{'|'.join(_NOT_NAMES)})\b)[A-ZÀ-Ý][a-zß-ÿ]+)?)"
    # "add my partner Aroha as a second cardholder", "put my son Leo on the plan": a relative named in a request.
    r"(?=\s+(?:just|is|has|had|works|worked|got|gets|lives|lived|moved|started|joined|and|will|as|to|on|onto)\b|,"
    # "My wife Hana prefers texts", "my husband Greg pays with Apple Pay", "my wife Carla's a dentist": a taste,
    # a habit or a title told of the relative named.
    r"|\s+(?:(?:only|always|usually|mostly|really|much|also|still)\s+)*(?:prefers|likes|loves|hates|wants|needs|uses"
    r"|pays|reads|speaks|understands|handles|unwrapped|bought|takes|accepts|signs"
    # "my husband Tendai flies for Airlink", "my daughter Mia teaches at …", "my son Leo runs a café": what the
    # relative does for a living
    r"|flies|drives|teaches|runs|owns|manages|nurses|studies|trains|coaches|cooks|codes|designs|delivers|sells"
    r"|retired|relocated|quit|left|began"
    # ("my sister Kavya shifted to Pune", "my daughter Priyanka who works at Suncorp": a move, or a clause on them)
    r"|shifted|transferred|switched|graduated|who)\b|'s\s+(?:a|an|the|now)\b"
    # "My wife Emi's email is …", "my son Kai's number": the relative's own contact named
    r"|'s\s+(?:e-?mail|phone|number|mobile|handphone|cell|address)\b)"
)
# A remark after a dash that closes an address: "… Saint-Pierre 97500 — we're moving", "… — the driver keeps …".
_REMARK_AFTER_DASH = (
    r"\s[-\u2013\u2014]\s+(?=(?:the|that|this|it|its|it's|my|sorry|thanks|please|pls|old|which|not|she|he|they"
    r"|she's|he's|they're|we|we're|I|I'm|her|his|their|ty|thx|cheers"
    # ("… Boise ID 83702 - new lease kicks in that day", "… - just moved in", "… - been here since May")
    r"|new|our|just|been|since|so|as|because|moved|moving|update|updated"
    # ("… Newcastle NE2 4AE - is that showing on the account?", "… - can you check?": a question asked after it)
    r"|is|are|was|can|could|would|will|does|do|did|has|have|should|let|lmk|any)\b)"
)
_ADDRESS = re.compile(
    r"(?:(?i:change|update|set)\s+)?"
    # "the new address is …" after a move is the speaker's new address.
    # ("Our mailing address changed to …": the household's, so the speaker's)
    + rf"(?:{_POSS}|(?P<the>\b[Tt]he(?=\s+new\b)|\b[Oo]ur(?=\s+(?:[a-z]+\s+){{0,2}}add?ress\b)))"
    # ("delivery adress": the word's usual misspelling; "delivery addr": its short form)
    # ("our rural delivery address is 418 Kaimai Road, RD 2, …": the kind of place, or of the address, before it)
    + r"\s+(?:(?:new|home|shipping|delivery|mailing|current|postal|billing|residential|permanent|rural|physical"
    r"|street|farm|city|town|country|village|correct|proper|full|actual|real)\s+)*"
    r"(?:add?ress|addr\.?)"
    # ("my grandma's address for the christmas hamper is …": what it is wanted for, between)
    r"(?:\s+for\s+(?:the|my|her|his|their|our)\s+[\w\s-]{1,30}?)?\s*"
    # ("from next Monday my postal address will be …": a standing address with a start still to come)
    r"(?:is|has changed to|changed to|is now|to|(?P<will>will\s+be)|:)\s+(?:now\s+)?"
    # "my address is wrong, it's 12 Kings Road": the right one after the wrong one is named
    r"(?:(?:wrong|incorrect|outdated|out\s+of\s+date|not\s+right)\s*[,;:\u2013\u2014-]*\s*"
    r"(?:it's|it\s+is|it\s+should\s+be|should\s+be|the\s+right\s+one\s+is)\s+)?"
    r"(?P<addr>[^;!?\n]+?)\s*(?:[;!?\n]|\.(?:\s|$)|$"
    # "… Portland OR 97205 - the one on file has a typo": a remark after a dash is no part of the address.
    # ("… 3 Kowhai Lane, Waitangi — she's the one who gets the gift boxes": who lives there, told after)
    r"|" + _REMARK_AFTER_DASH + r""
    # (a dash left at the clause's end, the question after it split off: "… NE2 4AE - is that showing?")
    r"|\s+[-\u2013\u2014]+\s*$"
    # "… to 7 Kings Park Rd, West Perth please": a closing courtesy is no part of the address.
    r"|,?\s+(?=(?:please|pls|plz|thanks|thank\s+you|ta)\W*$)"
    # ("…, Red Wing MN 55066, she's been there since the 70s": a clause about who lives there ends it)
    r"|,\s+(?=(?:she|he|they|I|we)(?:'s|'re|'ve|'d|\s+(?:is|are|has|have|was|lives|moved|still))\b)"
    # ("… Bengaluru 560038 (shifted from Koramangala)": a remark in brackets after it)
    r"|\s+(?=\([^)]*\)\W*$))"
)
# A street address: a house number, then words, then a street word ("8 Rua das Flores", "55 Pine Street").
_STREET = (
    r"(?:(?:Flat|Apt\.?|Apartment|Unit|Suite)\s+[\w-]+,?\s+)?"
    # ("5/22 Wattle Crescent": a unit and a house number, slashed)
    r"(?:\d+(?:-\d+){1,3}\s+[A-Z][\w-]+,\s+[A-Z][\w-]+|(?:(?:Lot|Plot)\s+)?(?:\d+[A-Za-z]?/)?\d+[A-Za-z]?\s+(?:[A-Z][\w'.-]*\s+){0,4}?(?:Street|St\.?|Road|Rd\.?|Avenue|Ave\.?|Lane|Ln\.?|Drive|Dr\.?"
    r"|Boulevard|Blvd\.?|Way|Court|Ct\.?|Place|Pl\.?|Square|Terrace|Close|Crescent|Highway|Hwy|Parkway|Row|Walk"
    # ("22 Ormond Quay", "4 Marine Parade", "9 Elm Grove", "3 Stable Mews")
    r"|Quay|Parade|Esplanade|Grove|Mews|Rise|Heights|Gardens|Promenade|Wharf"
    # ("5/12 Marine Pde", "3 Banksia Cres", "9 Ocean Tce": the Australian short forms)
    r"|Pde\.?|Cres\.?|Tce\.?|Esp\.?"
    r"|Rua|Calle|Via|Rue|Strasse|Straße|Weg)\b)"
    # ("Jr. Ucayali 388": a Peruvian jirón, the number after the name)
    r"|(?:Rua|Calle|Via|Rue|Avenida|Av\.|Avda\.|Jr\.|Jirón|Carrera|Cra\.)\s+[\w' -]+?\d+"
    # A street word written into the name, the number after it: "Keizersgracht 118", "Bergstraße 4", "Storgatan 9".
    r"|[A-Z][a-zäöüåæøé]+(?:straat|gracht|weg|laan|kade|plein|singel|dijk|straße|strasse|gasse|allee|platz|gade|gatan"
    r"|vägen|vej|veien|plads|katu)\s+\d+[A-Za-z]?\b"
    # ("Blk 512 Bedok North Ave 3 #11-208": a Singapore or Malaysian housing block, its street after the number)
    r"|(?:Blk|Block)\s+\d+[A-Z]?\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3}\s+(?:Ave|Avenue|St|Street|Rd|Road|Dr|Drive"
    r"|Crescent|Way|Lane|Close|Ring|Link|Central|Walk)\b"
)
# Where an address ends: a sentence mark, but not the dot of "Co. Cork" or "St. Albans".
_ADDRESS_END = (
    r"\s*(?=\s+(?:instead|from now on|going forward|by default|in future|please|(?:just\s+)?this\s+(?:time|once)|today"
    r"|for\s+now|only|now)\b|[;!?\n]|,\s*(?=(?:(?:can|could|would|will)\s+you|and|but|so|billing|shipping)\b)"
    # ("use 4 Elm St as my billing address": what the address is for, after it)
    r"|\s+as\s+(?:my|our)\s+(?:\w+\s+){0,2}address\b"
    # (not the dot of "Co. Cork", "St. Albans", nor of "Av. Larco 1150", where the street's name follows)
    r"|(?<!\bCo)(?<!\bSt)(?<!\bMt)(?<!\bAv)(?<!\bAvda)(?<!\bJr)(?<!\bBv)\.(?:\s|$)|$|(?-i:" + _REMARK_AFTER_DASH + r")"
    # ("… Akron OH 44310, unit FIVE not 3": a remark after the ZIP or PIN code, in lower case)
    r"|(?<=\s\d{5}),\s+(?-i:(?=[a-z]))|(?<=\s\d{6}),\s+(?-i:(?=[a-z]))|(?<=\s\d{4}),\s+(?-i:(?=[a-z]))"
    # ("… Eugene OR 97401 (zip is right this time lol)": a remark in brackets after it)
    r"|\s+(?=\([^)]*\)\W*$))"
)
# The speaker's address given without "my … address is": "change the delivery address on my account to …",
# "New address: …", "use 14 Harbour Road … instead", "deliver to my office at …".
# What is sent: "it", "this one parcel", "the order", "my shoes".
_SENT_THING = r"(?:it|them|everything|this(?:\s+one)?(?:\s+\w+)?|that(?:\s+\w+)?|the\s+\w+|my\s+\w+)"
_ADDRESS_MINE = re.compile(
    # ("can u change the delivery address to 14 Harbour Row, …": the stored one, "on my account" unsaid)
    # ("swap the billing address to 9 Elm Ave, …": the stored one swapped)
    # ("Please change delivery address to …": the article dropped)
    r"(?:\b(?:change|update|set|swap|switch)\s+(?:the\s+)?(?:(?:new|home|shipping|delivery|mailing|postal|billing)\s+)+address\s+"
    r"(?:(?:on|for|of)\s+my\s+(?:account|profile|orders?)\s+)?to\s+"
    r"|\b(?:change|update|set|swap|switch)\s+the\s+(?:(?:new|home|shipping|delivery|mailing|postal|billing)\s+)*address\s+"
    r"(?:(?:on|for|of)\s+my\s+(?:account|profile|orders?)\s+)?to\s+"
    # "pls update the shipping address → Unit 2, 19 Hay St, …", "fix my delivery address: …": the stored one changed
    r"|\b(?:change|update|set|swap|correct|fix|amend)\s+(?:the|my)\s+(?:(?:new|home|shipping|delivery|mailing|postal"
    r"|billing)\s+)*address(?:\s+(?:on|for|of|in)\s+(?:my|the)\s+(?:account|profile|orders?|file|records?)"
    r"|\s+on\s+file)?\s*(?:\u2192|->|=>|:|\u2014|\u2013)\s*"
    # ("New address for the account: …": what the address is for may sit before the colon)
    r"|(?:(?:^\W*|(?<=,\s)(?=new\s))(?:my\s+)?(?:new\s+)?(?:(?:home|shipping|delivery|mailing|postal|billing|correspondence"
    r"|residential|permanent|return|invoice|invoicing)\s+)?address"
    # ("new place as of yesterday: …", "new flat from Monday: …": the new home named as the label)
    r"|(?:^\W*|(?<=,\s))(?:my\s+|our\s+)?new\s+(?:place|home|flat|apartment|house|digs|pad)(?=[^:;\n]{0,30}:))"
    # ("New address for deliveries please: …": what it is for, and a courtesy, before the colon)
    r"(?:\s+(?:for|on)\s+(?:(?:the|my)\s+(?:account|profile|orders?|file|records?)|(?:all\s+)?(?:my\s+)?(?:deliveries|parcels"
    r"|orders|shipping)))?(?:,?\s+(?:please|pls|plz))?"
    # "New billing address, effective from next Monday: …": when it starts, said before the colon
    # ("We moved house yesterday!! new address is …": the label said as a sentence)
    r"(?:\s*,?\s*(?:effective|starting|beginning|valid|as\s+of|from)\b[^:;\n]{1,30}?)?(?:\s*:\s*|\s+is\s+(?:now\s+)?"
    # ("billing address should read …", "shipping address needs to say …": the stored one set right)
    r"|\s+(?:should|needs\s+to|must|has\s+to)\s+(?:read|say|be)\s*:?\s*)"
    # "Correction on my address - it's House 12, Asafo Lane, Kumasi": the right address after a correction
    r"|\b(?:correction|fix|typo|mistake|error)\s+(?:on|to|in|for)\s+my\s+(?:(?:home|shipping|delivery|mailing|postal)\s+)?address"
    r"(?:\s+on\s+file|\s+(?:on|in)\s+(?:my|the|your)\s+(?:account|profile|system|records?))?\s*[-:,\u2013\u2014]*\s*(?:it's|it\s+is|it\s+should\s+be|should\s+be|the\s+right\s+one\s+is)\s+"
    r"|\b(?:use|it's|it is)\s+(?=" + _STREET + r")"
    r"|\b(?:(?:send|ship|deliver|mail|post)\s+(?:" + _SENT_THING + r"\s+)?to"
    # "drop it at my gym: 240 King St W", "leave the parcel at my office at 9 Mill Lane"
    r"|(?:drop|leave)\s+(?:" + _SENT_THING + r"\s+)?(?:off\s+)?(?:at|with))"
    r"\s+my\s+(?:office|home|work|flat|house|place|gym|studio|shop|workplace|parents'(?:\s+(?:place|house))?|mum's|mom's"
    # ("ship it to my sister's: …", "send it to my aunty's place: …": a relative's home, where a parcel goes)
    # ("ship it to my sister's office: …": a relative's workplace just the same)
    # ("leave it at my mate's place, 9 Banksia Cres, …": a friend's home, where this parcel goes)
    rf"|{_KIN_ADJ}(?:{_REL}|aunty|mate|pal|buddy)'s?(?:\s+(?:place|house|flat|home|apartment|office|work|workplace|shop|studio|salon"
    r"|clinic))?(?=\s*[:\u2014\u2013]|,\s*(?:" + _STREET + r")))"
    # ("ship everything to my office from now on pls: Unit 7, …": a marker or a courtesy before the colon)
    r"(?:\s*,?\s+(?:from\s+now\s+on|going\s+forward|by\s+default|in\s+future|for\s+now|this\s+time|today|please|pls"
    r"|plz|thanks|instead))*"
    # ("ship it to my office instead — Plot 12, Blue Area, Islamabad": set off by a dash, a plot or house number in it)
    # ("… to my office: Scramble Square 21F, 2-24-12 Shibuya, …": after a colon, a building's name may come first)
    r"(?:\s+at\s+|\s*[:,]\s*(?="
    + _STREET
    + r")|\s*:\s*(?=(?!(?:I|It|We|The|They|He|She|You|My)\b)[A-Z0-9][^.;!?\n]{0,40}\d)"
    # ("ship to my office: 5th floor, Prestige Tech Park, …": an office address opening with its floor)
    r"|\s*:\s*(?=(?i:\d{1,2}(?:st|nd|rd|th)\s+floor|(?:floor|level)\s+\d{1,2})\b[^.;!?\n]{0,80}\d)"
    r"|\s*[\u2014\u2013]\s*(?=[^.;!?\n]{0,25}\d)))"
    r"(?P<addr>[^;!?\n]+?)" + _ADDRESS_END,
    re.IGNORECASE,
)
# Where the speaker is or has things sent from now on: "send everything to 8 Rua das Flores … from now on",
# "I'm at 1080 Robson Street, Unit 7 … now".
# "my address changed last month", "we moved house in May": a change of the address, told with its time.
_ADDRESS_CHANGED = re.compile(
    r"\b(?:my|our)\s+(?:home\s+|postal\s+|delivery\s+|mailing\s+|shipping\s+|billing\s+|street\s+)?address\s+"
    r"(?:has\s+|'s\s+)?changed\b"
    r"|\b(?:I|we)\s+(?:just\s+)?moved\s+(?:house|flats?|home)\b"
    # ("Moved house last week, new address is …": the subject dropped at a sentence's start)
    r"|(?:^|[.!]\s+)\W*(?:(?:just|recently|finally)\s+)?moved\s+(?:house|flats?|home)\b",
    re.IGNORECASE,
)
_SHIPS_TO = re.compile(
    # ("bill everything to Calle de Serrano 41 …": the billing address, the speaker's own)
    r"\b(?:(?i:send|ship|deliver|mail|post|bill|invoice)(?:\s+(?:everything|it|them|my\s+\w+|all\s+(?:my\s+)?\w+|parcels|packages|orders))?"
    # "deliveries go to …": where things are sent as a rule.
    # ("her parcels go to …": someone else's, not the speaker's)
    r"|(?<!\b[Hh]er\s)(?<!\b[Hh]is\s)(?<!\b[Tt]heir\s)(?P<habit>(?i:(?:(?:my|all|all\s+my)\s+)?"
    # ("parcels need to go to …", "everything goes to …", "all my post should now go to …")
    r"(?:deliveries|parcels|packages|orders|shipments|post|mail|everything)\s+"
    r"(?:(?:should|will|must|can|now|always)\s+)*(?:(?:need|needs|have|has)\s+to\s+)?(?:go(?:es)?|be\s+sent|get\s+sent)))"
    # ("Hiya, parcels to 7 Ferndale Close … from now": the verb dropped, opening the turn; with a lasting marker only)
    r"|(?i:(?:^\W*(?:(?:hi|hiya|hey|hello|morning)\W+)?|(?<=,\s))(?:parcels|deliveries|packages|post|mail)(?=\s+to\s)))"
    r"\s+to\s+"
    # ("deliveries go to the new place: 40 Ridge Rd, …": the home named, then its address after a colon or dash)
    r"(?:(?i:the|my|our)\s+(?:(?i:new)\s+)?(?i:place|house|flat|home|address|apartment|unit)\s*[:\u2014\u2013]\s*)?"
    r"(?P<addr>(?:"
    + _STREET
    # ("… Raglan from next Monday": the start, no part of the address)
    + r")[^;!?\n]*?)\s*(?=,?\s+(?:from now(?: on)?|going forward|by default|in future"
    r"|(?:from|starting|as\s+of|effective)\s+(?:next|tomorrow|this|today))\b|[;!?\n]"
    r"|\.(?:\s|$)|$|" + _REMARK_AFTER_DASH + r")"
    # ("since last Monday we're at 12 Birch Court": the household's home, said the same)
    r"|(?P<at>\b(?:I(?:'m|\s+am)|[Ww]e(?:'re|\s+are))\s+(?:now\s+|currently\s+|all\s+)?at\s+)(?P<addr2>(?:"
    + _STREET
    + r")[^;!?\n]*?)"
    r"\s*(?=,?\s+now\b|[;!?\n]|\.(?:\s|$)|$)"
)
# "wife's got a new work email — …", "my son has a new number: …": a relative's new contact, "my" may be dropped.
_KIN_CONTACT = (
    rf"|(?:^\W*|\b(?:[Mm]y|[Oo]ur)\s+){_KIN_ADJ}(?P<kin>(?i:{_REL}))(?:'s|\s+has)\s+(?:just\s+|finally\s+)?(?:got\s+)?"
    r"(?:an?\s+|the\s+)?(?:new\s+)?(?:(?:work|personal|home|private|school|uni)\s+)?(?i:{kind})"
    r"(?:\s+(?:now|too|as\s+well))?\s*(?:is\s+|[:：,]\s*|\s[\u2014\u2013-]\s*)?$"
)
# "the email on file should be …", "the number you have for me needs to be …": the stored contact, set right.
_ON_FILE_SHOULD_BE = (
    r"|\b(?i:the|my)\s+(?i:(?:contact|login|account|billing|callback)\s+)?(?i:{kind})\s+(?i:on\s+file|on\s+(?:my|the)"
    r"\s+(?:account|profile|record)|(?:you\s+have|you've\s+got)(?:\s+for\s+me)?)\s+"
    r"(?i:should\s+be|needs\s+to\s+be|must\s+be|has\s+to\s+be|ought\s+to\s+be)\s*:?\s*$"
)
_CONTACT_CUE = {
    "phone": re.compile(
        # ("my Chinese mobile", "my UK number": the country of the line may be named)
        # ("my alternate number", "my backup mobile": a second line of the speaker's)
        _POSS + r"\s+(?:(?:new|current|cell|mobile|work|home|phone|contact|telephone|updated|alternate|alternative"
        r"|backup|secondary|second|other|[A-Z][A-Za-z]+)\s+)*"
        # ("handphone": the Singapore and Malaysia word; "mera number …": the Hinglish "my number")
        # ("my new whatsapp is +55 …": the line named by the messaging app on it)
        r"(?:number|phone|mobile|handphone|cell|no\.?|digits|(?i:whats\s?app|viber|telegram))\b"
        r"|(?P<me>\b(?i:mera)\s+(?:(?i:naya)\s+)?(?i:number)\b|\b(?i:call|text|reach|contact)\s+me\s+(?:at|on)\b"
        # "what number do you have? mine's …": the speaker's own, against someone's asked about
        r"|(?<![\w'])(?i:mine)(?:'s|\s+is)\s*:?\s*$"
        # "best number to reach me is …", "the easiest way to get hold of me: …": the line the speaker answers on
        r"|\b(?i:best|easiest|quickest|surest|fastest)\s+(?i:number|phone|mobile|line|way)\s+(?i:to\s+(?:reach|contact|call"
        r"|text|ring|get\s+(?:hold\s+of|through\s+to))\s+me|for\s+me)(?:\s+(?i:is|'s)|\s*:)?\s*(?i:on\s+|at\s+)?$"
        # "whatsapp is easiest for order updates — +64 …", "Signal works best for me: …": the speaker's number, after
        # the messaging app it is for (opening the clause, set off by a dash or colon)
        r"|^\W*(?i:whatsapp|signal|telegram|viber)(?i:\s+is|'s|\s+works)\b"
        r"(?:(?!\w+'s\b|\b(?i:his|her|their|not|down|broken|dead)\b)[^.?!\d]){0,40}?(?:[\u2014\u2013:：]|\s-)\s*$"
        # "got a HK SIM at last: +852 …", "new local SIM — …": the speaker's number on a new SIM card
        r"|^\W*(?:(?i:I|I've|we|we've)\s+)?(?:(?i:just|finally)\s+)?(?i:got|bought|picked\s+up|have)\s+(?:a|an|my)\s+(?:new\s+)?(?:[A-Z]{2,3}\s+|(?i:local|new|prepaid)\s+)?"
        r"SIM(?:\s+card)?\b[^:\d]{0,15}?[:\u2014\u2013]\s*$"
        # ("texts not calls pls: 816-555-0133", "WhatsApp only —": the line for the channel just chosen)
        r"|(?P<chan>(?<![\w'])(?i:texts?|sms|whatsapp)\s+(?i:not\s+calls|only)\b[^.?!\d:]{0,12}[:\u2014\u2013]\s*$)"
        # "New number: …" said as a label.
        r"|^\W*(?i:(?:my\s+)?new\s+(?:work\s+|personal\s+|home\s+)?(?:phone\s+|mobile\s+|cell\s+)?(?:number|phone|mobile|cell))"
        # ("New number for deliveries: …": what it is for, before the colon)
        r"(?i:\s+for\s+(?:my\s+|the\s+|all\s+)?[a-z-]+(?:\s+[a-z-]+)?(?=\s*[:：]))?"
        # ("new number from Monday: …": when it starts, before the colon)
        # ("new number, 07700 …", "new mobile — …": set off by a comma or a dash, just the same)
        r"(?i:\s+(?:from|as\s+of|starting|since|effective)\b[^:：\d]{1,25}?)?\s*(?:[:：]|(?:,|\s[\u2014\u2013-])\s*$)"
        # ("Number is 9123 4587 for the delivery uncle": the bare word opening the clause, as a form's label is said;
        # after a comma it names anyone's: "call the shop, number …")
        + r"|^\s*(?i:number)(?:\s+is\s*|\s*[:：]\s*)$"
        + _KIN_CONTACT.format(kind=r"(?:(?:phone|mobile|cell)\s+)?(?:number|mobile|cell|phone)")
        + _ON_FILE_SHOULD_BE.format(kind=r"(?:(?:phone|mobile|cell|contact)\s+)?(?:number|mobile|cell|phone)")
        # ("Pls update mobile no. to …": the article dropped, the number's short form)
        + r"|\b(?i:change|update|set|swap|replace|switch)\s+(?:(?:my|the)\s+)?"
        r"(?:(?:contact|phone|mobile|cell|callback)\s+)*(?:phone|mobile|number|phone number)(?:\s+(?:no\.?|number))?"
        r"(?:\s+(?:on file|(?:on|in)\s+(?:my|the)\s+(?:account|profile|file|record)|you have(?: for me)?))?"
        r"\s+(?:to|for|with)\b"
        # "I switched to a new number: …", "moved to a new mobile -": the speaker's new line, as a label.
        # ("got a new mobile number last Monday: …": when, before the label's colon)
        r"|\b(?i:switched|changed|moved|got)\s+(?:over\s+)?(?:to\s+)?(?:a\s+)?new\s+(?:phone\s+|mobile\s+|cell\s+)?"
        r"(?:number|mobile|phone)(?:\s+(?i:last|this|on|in|yesterday|today|two|three|a)\b[^:：—–\d]{0,25}?)?\s*[:：—–-]\s*$"
        # "moved to Chattogram …, new number 01711-458923", "Nha Lopes, nurse, landline 231 23 45": the speaker's
        # line listed by its kind
        # (a bare "number" names anyone's: "call the shop, number …")
        # ("phone: …, email: …": a form's label, typed)
        r"|(?P<listed>(?:^|[,;\u2014\u2013]\s*)(?i:(?:and\s+|plus\s+)?(?:my\s+)?(?:(?:phone|tel|telephone)\s*[:：]\s*$"
        r"|new\s+(?:(?:mobile|cell|phone)\s+)?"
        r"(?:number|no\.?|mobile|cell|phone)|(?:(?:home|work|mobile)\s+)?(?:mobile|cell|landline|whatsapp)"
        r"|(?:home|work)\s+(?:number|phone))(?:\s+(?:number|no\.?))?)"
        # ("landline's gone, mobile only now: …": the one line kept, said to be the only one)
        r"(?i:\s+only)?(?i:\s+(?:now|from\s+now\s+on|these\s+days))?\s*(?:is\s+|[:：]\s*)?$))"
    ),
    "email": re.compile(
        _POSS + r"\s+(?:(?:new|current|work|office|personal|updated|contact|billing|recovery|login|backup|sign-?in"
        r"|account)\s+)*"
        r"(?:(?:e-?mail|mail)(?:\s+address)?"
        r"|(?:[\w-]+\s+){0,2}?address)\b"
        r"|(?P<me>\b(?i:e-?mail|reach|contact|write to)\s+me\s+(?:at|on)\b"
        # "no more work email, my personal one is …": "one" standing for the e-mail address
        r"|\b(?i:my)\s+(?i:personal|private|work|new|other|real|proper|main|home|own)\s+one(?:'s|\s+is)\s*:?\s*$"
        # "typo'd my email at signup, it's …": the speaker's address said again, right
        r"|\b(?i:my)\s+e-?mail\b[^.;!?,]{0,40},\s*(?:it's|it\s+is|should\s+be)\s+(?:actually\s+)?:?\s*$"
        # "Email's the only thing I check reliably: …": the address of the channel one reads
        r"|^\W*(?i:e-?mail)(?:'s|\s+is)\s+(?:the\s+)?(?:only|one|best)\s+(?:thing|one|place|way)\b[^.;!?:]{0,40}:\s*$"
        r"|(?<![\w'])(?i:mine)(?:'s|\s+is)\s*:?\s*$"
        # "work email's r.huang@…", "personal email is …", "office email is …": the speaker's own, named bare as the
        # turn opens
        r"|^\W*(?i:(?:work|office|personal|home|new|billing|uni|school)\s+)?(?i:e-?mail)(?:\s+address)?(?:'s|\s+is)\s*:?\s*$"
        # "the recovery email is …": the account's own address, the speaker's
        r"|\b(?i:the\s+(?:recovery|login|log-in|sign-?in|backup|registered|account)\s+e-?mail(?:\s+address)?"
        r"(?:\s+(?:on|for)\s+(?:the|my)\s+account)?)\s*(?:is\s*|:\s*)$"
        # ("phone: …, email: …": a form's label, typed)
        r"|(?:^|[,;\u2014\u2013]\s*)(?i:(?:and\s+)?(?:my\s+)?e-?mail(?:\s+address)?)\s*[:：]\s*$"
        # ("I'm at Patagonia now, new work email …": the speaker's new address listed among the news)
        r"|(?:^|[,;\u2014\u2013]\s*)(?i:(?:and\s+|plus\s+)?(?:my\s+)?new\s+(?:(?:work|personal|home|office|contact|billing)\s+)?"
        r"e-?mail(?:\s+address)?)\s*(?:is\s+|[:：]\s*)?$"
        # ("swap the email on my profile for …", "replace my login e-mail with …": the stored one replaced)
        r"|\b(?i:change|update|set|swap|replace|switch)\s+(?:my|the)\s+(?:\w+\s+)?e-?mail(?:\s+address)?"
        r"(?:\s+(?:on file|(?:on|in)\s+(?:my|the)\s+(?:account|profile|file|record)|you have(?: for me)?))?"
        r"\s+(?i:to|for|with)\b"
        # ("send all the GST invoices to …", "drop a mail to … henceforth": where the speaker's mail is to go)
        r"|\b(?i:use|put|send\s+(?:\w+\s+){0,3}?to|(?:drop|shoot|send)\s+(?:me\s+|us\s+)?an?\s+(?:e-?)?mail\s+(?:to|at|on))\s+$"
        # ("I ask that the contact e-mail on my account be changed to …", "I'd like the email on my account updated
        # to …": the change asked for in the passive)
        r"|\b(?i:the|my)\s+(?i:(?:contact|login|account|billing)\s+)?(?i:e-?mail)(?:\s+address)?"
        r"(?i:\s+(?:on|for|in)\s+(?:my|the)\s+(?:account|profile|file|record))?"
        r"\s+(?i:(?:be|to\s+be|should\s+be)\s+)?(?i:changed|updated|switched|set)\s+to\s*$"
        r"|^\W*(?i:(?:my\s+)?new\s+(?:work\s+|personal\s+|contact\s+|billing\s+)?e-?mail(?:\s+address)?)"
        # ("New email for receipts: …": what it is for, before the colon)
        r"(?i:\s+for\s+(?:my\s+|the\s+|all\s+)?[a-z-]+(?:\s+[a-z-]+)?(?=\s*[:：]))?"
        # ("new email from today: …": when it starts, before the colon)
        r"(?i:\s+(?:from|as\s+of|starting|since|effective)\b[^:：@]{1,25}?)?\s*(?:[:：]|(?:,|\s[\u2014\u2013-])\s*$)"
        + _KIN_CONTACT.format(kind=r"e-?mail(?:\s+address)?")
        + _ON_FILE_SHOULD_BE.format(kind=r"e-?mail(?:\s+address)?")
        # "Contact e-mail for me: …", "E-mail address for me is …"
        + r"|\b(?i:(?:contact|work|personal|billing)\s+)?(?i:e-?mail)(?:\s+address)?\s+for\s+me\s*(?:is\s*|:\s*)$"
        # "emails to me should go to …", "mail for me needs to go to …": where the speaker's mail is to go
        + r"|^\W*(?i:(?:all\s+)?(?:e-?mails?|mail|receipts|invoices|newsletters))\s+(?i:to|for)\s+me\s+"
        r"(?i:should|must|need\s+to|needs\s+to|can|will)\s+(?i:go|be\s+sent)\s+(?i:to)\s*$)"
    ),
}
# A correction in a clause of its own, after the speaker named their own number or e-mail:
# "my number is wrong in your system; it should be 020 7946 0011".
# "… sofia@mail.com is the only inbox I check", "07700 900123 is my new number": the cue after the value.
_CONTACT_AFTER = re.compile(
    r"\s+is\s+(?:now\s+)?(?:my\s+(?:(?:new|main|only|primary|preferred|current|personal|work)\s+)*"
    r"|the\s+(?:only|one|main|best)\s+(?:(?:e-?mail|contact)\s+)?)"
    r"(?:e-?mail(?:\s+address)?|inbox|address|mailbox|number|mobile|phone|account)\b(?!\s*\?)",
    re.IGNORECASE,
)
# "ring my wife on 0412 555 019", "text my son at …": the number is the relative's.
_REACH_RELATIVE = re.compile(
    rf"\b(?i:call|ring|text|reach|contact|phone|try|message|whatsapp)\s+(?P<who>[Mm]y\s+{_KIN_ADJ}(?:{_REL}))"
    # ("try my dad Roberto on …": the relative's name may follow)
    r"(?:,?\s+[A-Z][a-z]+,?)?\s+(?:instead\s+)?(?:on|at)\s*$"
)
# "his email d.mori@… should get receipts too": a relative's contact, named by the pronoun.
_PRONOUN_CONTACT = re.compile(
    r"\b(?P<pron>[Hh]is|[Hh]er)\s+(?:new\s+|work\s+|personal\s+|own\s+)?(?:e-?mail(?:\s+address)?|number|mobile|cell"
    r"|phone(?:\s+number)?)\s*(?:is\s+|'s\s+|:\s*)?$"
    # ("Liam is my business partner - he's on liam@… if I'm unreachable": where the one named is reached)
    r"|\b(?P<pron2>[Hh]e|[Ss]he)(?:'s|\s+is)\s+(?:(?:also|always|usually|best\s+reached)\s+)?(?:on|at)\s*$"
)
_CORRECTION_CUE = re.compile(r"\b(?:it|that)(?:'s|\s+is|\s+should\s+be|\s+should've\s+been)\s*:?\s*$", re.I)
_OWN_CONTACT_NAMED = {
    # ("my digits changed, it's … now": the number said in slang)
    # ("the number I gave earlier was wrong, it's …": the speaker's own line named by having given it;
    # "Number's changed, it's …": the contact named bare at the start, as the speaker's own)
    "phone": re.compile(
        r"\bmy\s+(?:\w+\s+)?(?:number|phone|mobile|cell|digits)\b"
        r"|\bthe\s+(?:number|phone\s+number|mobile)\s+I\s+(?:gave|sent|put\s+down|entered|typed)\b(?!\s+(?:you\s+)?for\b)"
        r"|^\W*(?:(?:phone\s+)?number|mobile|phone|cell)(?:'s|\s+has|\s+is)(?:\s+been)?\s+(?:changed|new|different)\b",
        re.I,
    ),
    "email": re.compile(
        r"\bmy\s+(?:\w+\s+)?e-?mail\b"
        r"|\bthe\s+e-?mail(?:\s+address)?\s+I\s+(?:gave|sent|put\s+down|entered|typed)\b(?!\s+(?:you\s+)?for\b)"
        r"|^\W*e-?mail(?:\s+address)?(?:'s|\s+has|\s+is)(?:\s+been)?\s+(?:changed|new|different)\b",
        re.I,
    ),
}
# "Please stop using j.doe@mail.com", "don't call 0412 … any more": the speaker's contact ended.
_STOP_USING = re.compile(
    r"\b(?:(?:stop|quit)\s+(?:using|e-?mailing|texting|calling|ringing|messaging|writing\s+to)"
    r"|(?:don't|do\s+not|no\s+longer|never)\s+(?:use|e-?mail|text|call|ring|message|write\s+to)(?:\s+me)?(?:\s+(?:at|on))?)"
    r"\s+(?:my\s+(?:old\s+|previous\s+)?(?:[\w-]+\s+)?(?:address|e-?mail|number|inbox|mailbox|mobile|phone)\s+)?$",
    re.IGNORECASE,
)
# "not using the 0412 … number anymore", "I've stopped using the … one": the speaker's contact out of use.
_DISUSED_AROUND = re.compile(
    r"(?:^\W*|\b(?:I'm|I\s+am|I've|I\s+have|we're)\s+)(?:not|no\s+longer|stopped)\s+using\s+(?:the|my|that)\s*(?:old\s+)?$",
    re.IGNORECASE,
)
# "tuan88@yahoo.com is dead to me", "0412 555 019 is no longer in use": the speaker's contact ended, said after it.
_CONTACT_ENDED_AFTER = re.compile(
    r"\s+(?:is|'s)\s+(?:now\s+)?(?:dead(?:\s+to\s+me)?|gone|closed|defunct|deactivated|deleted|abandoned|shut\s+down"
    r"|no\s+longer\s+(?:in\s+use|active|used|working|valid|mine)|not\s+(?:in\s+use|active|valid|working)\s+any\s?more"
    r"|out\s+of\s+(?:use|service|action))\b(?!\s*\?)",
    re.IGNORECASE,
)
# What may stand before that contact: nothing, or the speaker's own old one ("my old e-mail …", "that number").
_OWN_OLD_CONTACT = re.compile(
    r"^\W*(?:(?:and|also|btw|oh|so|but)\W+)?(?:(?:my|the|that|this)\s+)?(?:(?:old|previous|former|work|personal)\s+)*"
    r"(?:(?:e-?mail(?:\s+address)?|address|inbox|number|phone(?:\s+number)?|mobile)\s*:?\s*)?$",
    re.IGNORECASE,
)
_CONTACT_CHANGE = re.compile(r"\b(?:new|changed?|update[sd]?|switched|now)\b", re.IGNORECASE)
_CONTACT_DEAD = re.compile(r"\b(?:old|previous|former)\b.*\b(?:no longer|not in use|anymore|stopped)\b", re.IGNORECASE)


# "yo I'm in 成都 now, moved last month for 工作", "we're in Hobart now — relocated in May": where the speaker is now,
# with the move told right after it (the move's own clause has no place).
_IN_NOW = re.compile(
    r"(?:^\W*|[,;]\s+|\s+(?:and|but|so)\s+)(?:(?:yo|hey|hi|hello|so|well|ok|okay|update|news|guess\s+what)[,!:\s]+)*"
    r"(?:I'm|I\s+am|we're|we\s+are)\s+(?:(?P<now>now)\s+)?(?:living\s+|based\s+|settled\s+)?in\s+"
    + _named("place")
    + r"(?P<now2>\s+now)?(?=\s*(?:[,.;!?\u2014\u2013-]|$))"
)
_MOVE_TOLD_AFTER = re.compile(
    r"\s*(?:[,;\u2014\u2013-]+\s*)?(?:(?:and|we|I|we've|I've|we\s+have|I\s+have)\s+)?(?:just\s+)?(?:moved|relocated)"
    r"(?:\s+(?:here|over|out|up|down|across|back))?\s+(?:last|this|in|on|a|two|three|four|five|yesterday|recently"
    r"|for|from|back|earlier|over|at\s+the)\b",
    re.IGNORECASE,
)
# "… I might end up in Toronto, but for now I'm still in Dhaka": where the speaker still is, set against a move
# weighed or planned in the same turn.
_STILL_FOR_NOW = re.compile(
    r"(?:^\W*|[,;]\s+|\s+(?:and|but|so)\s+)(?:for\s+now|for\s+the\s+time\s+being|at\s+the\s+moment|right\s+now"
    r"|currently|as\s+of\s+now)[,\s]+(?:I'm|I\s+am|we're|we\s+are)\s+still\s+(?:living\s+|based\s+)?in\s+"
    + _named("place")
    + r"(?=\s*(?:[,.;!?]|$))"
)
_MOVE_WEIGHED = re.compile(
    r"\b(?:end\s+up\s+in|move|moving|relocat\w+|emigrat\w+|transfer(?:red)?\s+to)\b", re.IGNORECASE
)
# "got the keys to a flat in Fremantle", "picked up the keys for our new house in Napier", "signed the lease on an
# apartment in Quito": a home of one's own taken over.
_KEYS_TO_HOME = re.compile(
    r"(?:^\W*|[,;]\s+|\b(?:I|we|I've|we've|I\s+have|we\s+have|finally|just|officially)\s+)"
    r"(?:(?:finally|just|officially)\s+)?(?:got|picked\s+up|collected|received|been\s+handed|signed)\s+"
    r"(?:(?:the|our|my)\s+)?(?:keys?|lease|tenancy(?:\s+agreement)?|rental\s+agreement)\s+(?:to|for|on)\s+"
    r"(?:a|an|the|my|our)\s+(?:(?:new|little|tiny|small|lovely|gorgeous|two-bed(?:room)?|one-bed(?:room)?|3-bed"
    r"|2-bed)\s+)*(?:flat|house|apartment|place|unit|home|condo|cottage|studio|townhouse|bungalow|villa|bedsit)"
    r"\s+(?:in|at)\s+"
    + _named("place")
    # ("got the keys to the Suva flat yesterday": the place named before the home)
    + r"|(?:^\W*|[,;]\s+|\b(?:I|we|I've|we've|I\s+have|we\s+have)\s+)(?:(?:finally|just|officially)\s+)?"
    r"(?:got|picked\s+up|collected|received|been\s+handed)\s+(?:(?:the|our|my)\s+)?keys?\s+(?:to|for)\s+(?:the|our|my)\s+"
    r"(?:new\s+)?(?P<place2>(?!(?:New|Old|Big|Little|Tiny|Small|Lovely)\b)[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)\s+"
    r"(?:flat|house|apartment|place|unit|home|condo|cottage|studio|townhouse|bungalow|villa|bedsit)\b"
)


def _home_taken_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """Homes told by the keys taken, by a move told right after, or against a move only weighed."""
    yield from _lease_facts(ctx, clause)
    if _negated(clause):
        return
    for m in _KEYS_TO_HOME.finditer(clause.text):
        if _place_ok(m.group("place") or m.group("place2")):
            place, since = _city(m.group("place") or m.group("place2")), clause.past_time(ctx)
            yield _fact(ctx, clause, m, ctx.speaker_id, "lives_in", place, "keys_to_home", valid_from=since)
    for m in _IN_NOW.finditer(clause.text):
        told_after = any(_MOVE_TOLD_AFTER.match(ctx.text, at) for at in (clause.start + m.end(), clause.end))
        if (m.group("now") or m.group("now2")) and told_after and _place_ok(m.group("place")):
            moved = Clause(ctx.text, 0).past_time(ctx)
            place = _city(m.group("place"))
            yield _fact(ctx, clause, m, ctx.speaker_id, "lives_in", place, "in_now", valid_from=moved)
    for m in _STILL_FOR_NOW.finditer(clause.text):
        if _MOVE_WEIGHED.search(ctx.text) and _place_ok(m.group("place")):
            yield _fact(ctx, clause, m, ctx.speaker_id, "lives_in", _city(m.group("place")), "still_for_now")


def _home_said_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """Homes said as who one is ("a Halifax resident"), where one is now after a move, or beside something else."""
    yield from _homes_told_beside(ctx, clause)
    yield from _island_and_people_homes(ctx, clause)
    now_in = _NOW_IN.search(clause.text)
    if now_in and (now_in.group("now1") or now_in.group("now2") or now_in.group("now3")):
        before = ctx.text[: clause.start + now_in.start()]
        if _MOVE_OUT.search(before) and _place_ok(now_in.group("place")) and not _negated(clause):
            raw = now_in.group("subj")
            subject = _subject(ctx, raw.lower() if raw in ("She", "He") else raw, clause.start + now_in.start("subj"))
            if subject:
                yield _fact(ctx, clause, now_in, subject, "lives_in", _city(now_in.group("place")), "now_in_after_move")
            if subject == ctx.speaker_id and now_in.group("along"):
                along = f"{ctx.speaker_id}:{_RELATIONS[now_in.group('along').lower()]}"
                yield _fact(ctx, clause, now_in, along, "lives_in", _city(now_in.group("place")), "r39.now_in.along")
    for m in _RESIDENT.finditer(clause.text):
        subject = _subject_of(ctx, clause, m)
        place = m.group("place") or m.group("place2")
        if place in ("EU", "European", "Non", "Foreign", "Former", "Tax", "Permanent"):
            continue  # a status, not a home
        if subject and _place_ok(place) and not m.group("neg") and not _negated(clause):
            yield _fact(
                ctx, clause, m, subject, "lives_in", _city(place), "resident_of", valid_from=clause.past_time(ctx)
            )


# "I moved up to Head of Sales", "moved over to Marketing": a post or a team moved to, not a home.
_NOT_A_HOME = re.compile(
    rf"\b(?:{_JOB_NOUNS})$|^(?:Senior|Junior|Chief|Team|Level|Grade|Tier|Band|Stage|Marketing|Sales|Finance|Engineering"
    r"|Support|Operations|Ops|Legal|HR|IT|Accounts|Accounting|Product|Design|Research|Management|Premium|Gold|Silver"
    r"|Platinum|Pro|Plus|Business|Enterprise)\b",
    re.IGNORECASE,
)


def _new_home_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """A new home said without "moved to": "moved here from …" (the place named before), "our new place in …"."""
    for m in _MOVED_HERE.finditer(clause.text):
        subject = _subject_of(ctx, clause, m)
        place = _here_named_before(ctx, clause.start + m.start())
        if subject and place and not _HOME_PLANNED.search(m.group()):
            yield _fact(
                ctx,
                clause,
                m,
                subject,
                "lives_in",
                _city(place),
                "moved_here",
                valid_from=clause.past_time(ctx),
                confidence=0.85,
                ends_previous=True,
            )
    for m in _NEW_HOME_IN.finditer(clause.text):
        place = m.group("place")
        if _place_ok(place) and not _HOME_PLANNED.search(_sentence_of(ctx.text, clause)) and not _negated(clause):
            yield _fact(
                ctx,
                clause,
                m,
                ctx.speaker_id,
                "lives_in",
                _city(place),
                "new_home_in",
                valid_from=clause.past_time(ctx),
            )


def _moved_to_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """A move to a place: "we moved to Porto in May", "my gran moved into a care home in Aachen"."""
    bare = clause.without_times(ctx)
    for m in _MOVE.finditer(clause.text):
        subject = _subject_of(ctx, clause, m, "subj", "subj2", "subj3")
        place = m.group("place") or m.group("place2") or m.group("place3")
        # ("moved over to Shopify last month as a designer")
        to_a_job = re.match(_AS_A_JOB, bare[m.end() :]) and (
            re.search(_JOB_MOVE, m.group()) or _round39_firm_moved_to(ctx, place)
        )
        if subject and _place_ok(place) and not _NOT_A_HOME.search(place) and not to_a_job:
            yield _fact(
                ctx,
                clause,
                m,
                subject,
                "lives_in",
                _city(place),
                "moved_to",
                valid_from=clause.past_time(ctx),
                confidence=0.9,
                ends_previous=True,
            )


# "i live on Fernando de Noronha now", "we're living on Rarotonga these days": an island is lived on, named by itself
# (the islands named with "Island" are read by _LIVE). Not a street ("live on Elm Street"), a feed one goes live on
# ("we're live on Twitch"), a diet or an income ("living on Social Security").
_LIVE_ON = re.compile(
    _SUBJ
    + r"(?:\s*'(?:ve|m|re)\b|\s+(?:now|still|currently|actually|also|have|has|am|are|been))*"
    + r"\s+(?P<verb>live|lives|living|lived|reside|resides|residing|based)\s+on\s+"
    + r"(?P<place>[A-Z][\w'-]*(?:\s+(?:(?:de|da|do|dos|das|del|la|le|of)\s+)?[A-Z][\w'-]*){0,3})"
    + r"(?![\w'-])"
)
_STREET_WORD = re.compile(
    r"\b(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Dr|Boulevard|Blvd|Way|Close|Court|Crescent|Place|Terrace"
    r"|Highway|Hwy|Parade|Row|Hill|Estate|Campus|Base|Floor|Level)\b"
)
_NOT_LIVED_ON = frozenset(
    {
        *("Twitch", "YouTube", "Youtube", "Instagram", "TikTok", "Facebook", "Twitter", "X", "Zoom", "Teams"),
        *("Discord", "Kick", "Radio", "TV", "Air", "Earth", "Mars", "Moon", "Venus", "Social", "Medicare"),
        *("Universal", "Centrelink", "Benefits", "Ramen", "Coffee", "Tinder", "Reddit", "Main", "Campus"),
    }
)


def _lived_on_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The speaker's (or a relative's) home on an island named without the word "Island"."""
    for m in _LIVE_ON.finditer(clause.text):
        place = m.group("place")
        if place.split()[0] in _NOT_LIVED_ON or not _place_ok(place) or re.search(r"\bIs(?:le|land)s?\b", place):
            continue
        if place.endswith("'s"):
            continue  # "live on Tasmania's east coast": a part of the place, said by what it belongs to
        if _STREET_WORD.search(place) or re.match(r"\s*(?:Street|St|Road|Rd|Avenue|Ave)\b", clause.text[m.end() :]):
            continue
        if m.group("verb") == "lived" and not re.search(r"'ve|\bha(?:ve|s)\b", m.group()):
            continue  # "I lived on Crete once": the past
        if _negated(clause) or _is_question(clause) or _HYPOTHETICAL.search(clause.text):
            continue
        subject = _subject_of(ctx, clause, m)
        if subject:
            changed = bool(re.search(r"\bnow\b", clause.text))
            yield _fact(
                ctx,
                clause,
                m,
                subject,
                "lives_in",
                # ("Fernando de Noronha": the particles kept as said)
                _clean(place) if re.search(r"\s[a-z]", place) else _city(place),
                "lives_on",
                valid_from=clause.past_time(ctx),
                ends_previous=changed,
            )


# "as of last week i'm officially a Durbanite", "we're Londoners now": a home said by the name of its people, when
# the words tell it as new (a bare "I'm a proud Glaswegian" may be where one comes from).
_DEMONYMS = {
    **{"Londoner": "London", "New Yorker": "New York", "Parisian": "Paris", "Berliner": "Berlin"},
    **{"Dubliner": "Dublin", "Aucklander": "Auckland", "Melburnian": "Melbourne", "Melbournian": "Melbourne"},
    **{"Sydneysider": "Sydney", "Brisbanite": "Brisbane", "Capetonian": "Cape Town", "Joburger": "Johannesburg"},
    **{"Torontonian": "Toronto", "Vancouverite": "Vancouver", "Montrealer": "Montreal", "Calgarian": "Calgary"},
    **{"Glaswegian": "Glasgow", "Edinburgher": "Edinburgh", "Mancunian": "Manchester", "Liverpudlian": "Liverpool"},
    **{"Scouser": "Liverpool", "Brummie": "Birmingham", "Bristolian": "Bristol", "Bostonian": "Boston"},
    **{"Chicagoan": "Chicago", "Angeleno": "Los Angeles", "Angelena": "Los Angeles", "San Franciscan": "San Francisco"},
    **{"Portlander": "Portland", "Houstonian": "Houston", "Atlantan": "Atlanta", "Philadelphian": "Philadelphia"},
    **{"Washingtonian": "Washington", "Miamian": "Miami", "New Orleanian": "New Orleans", "Nashvillian": "Nashville"},
    **{"Muscovite": "Moscow", "Madrileño": "Madrid", "Madrileña": "Madrid", "Lisboeta": "Lisbon"},
    **{"Amsterdammer": "Amsterdam", "Hongkonger": "Hong Kong", "Beijinger": "Beijing", "Mumbaikar": "Mumbai"},
    **{"Wellingtonian": "Wellington", "Adelaidean": "Adelaide", "Hobartian": "Hobart", "Canberran": "Canberra"},
    **{"Ottawan": "Ottawa", "Haligonian": "Halifax", "Winnipegger": "Winnipeg", "Clevelander": "Cleveland"},
}
# ("Brooklynite", "Seattleite", "Durbanite": a place's people named by "-ite" after the name, save for faiths,
# peoples and things)
_NOT_PLACE_ITES = frozenset({"Israelite", "Mennonite", "Luddite", "Marmite", "Kryptonite", "Sunnite", "Shiite"})
_DEMONYM = re.compile(
    r"\b(?i:i'm|i\s+am|we're|we\s+are)\s+(?P<pre>(?:(?:now|officially|finally|proper|a\s+proper|an?)\s+)*)"
    r"(?P<who>(?:New|San)\s+[A-Z][a-z]+|[A-Z][a-zñ]+)(?P<plural>s)?"
    r"(?P<post>\s+(?:now|these\s+days|for\s+good|since\b))?"
)


def _demonym_city(word: str) -> str | None:
    if word in _DEMONYMS:
        return _DEMONYMS[word]
    if word.endswith("ite") and len(word) > 6 and word not in _NOT_PLACE_ITES:
        return word[:-3]
    return None


def _demonym_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The speaker's home said as being one of its people, told as new ("now", "officially", a time)."""
    for m in _DEMONYM.finditer(clause.text):
        who = m.group("who")
        city = _demonym_city(who) or (_demonym_city(who[:-1]) if who.endswith("s") else None)
        if city is None or (m.group("plural") and _demonym_city(who + "s")):
            continue
        told_new = re.search(r"\b(?:now|officially|finally)\b", m.group()) or clause.past_time(ctx) is not None
        if not told_new or _negated(clause) or _is_question(clause) or _HYPOTHETICAL.search(clause.text):
            continue
        yield _fact(ctx, clause, m, ctx.speaker_id, "lives_in", city, "demonym", valid_from=clause.past_time(ctx))


def _island_and_people_homes(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    yield from _lived_on_facts(ctx, clause)
    yield from _demonym_facts(ctx, clause)


def _live_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    yield from _moved_to_facts(ctx, clause)
    if ctx.typed_in_lower_case:
        for m in _LOWER_MOVE.finditer(clause.text):
            yield _fact(
                ctx,
                clause,
                m,
                ctx.speaker_id,
                "lives_in",
                _city(m.group("place").title()),
                "lives_in.lower_case" if m.group("live") or m.group("home") else "moved_to.lower_case",
                valid_from=clause.past_time(ctx),
                confidence=0.8,
                ends_previous=not m.group("live"),
            )
    yield from _new_home_facts(ctx, clause)
    for m in _MOVE_ARROW.finditer(clause.text):
        subject = _subject_of(ctx, clause, m)
        if subject and _place_ok(m.group("place")) and _place_ok(m.group("old")):
            yield _fact(
                ctx,
                clause,
                m,
                subject,
                "lives_in",
                _city(m.group("place")),
                "moved_arrow",
                valid_from=clause.past_time(ctx),
                confidence=0.9,
                ends_previous=True,
            )
    if _HOME_GIVEN_UP.search(ctx.text):
        for m in _CHAPTER_CLOSED.finditer(clause.text):
            place = m.group("place") or m.group("place2")
            if _place_ok(place) and not _phrase_negated(clause.text, m, r"not|never|isn't|wasn't|hasn't"):
                yield ending(ctx, clause, ctx.speaker_id, "lives_in", _city(place), "en.chapter_closed", m.group())
    for m in _MOVE_OUT_INTO.finditer(clause.text):
        head = _SUBJECT_CANDIDATE.search(clause.text[: m.start()])
        subject = _subject(ctx, head.group()) if head else ctx.speaker_id
        if subject and _place_ok(m.group("place")):
            yield _fact(
                ctx,
                clause,
                m,
                subject,
                "lives_in",
                _city(m.group("place")),
                "moved_out_into",
                valid_from=clause.past_time(ctx),
                confidence=0.9,
                ends_previous=True,
            )
    for m in _MOVE_AWAY.finditer(clause.text):
        if _MOVE_OUT_INTO.search(clause.text):
            break  # the new home closes the old one
        subject = _subject_of(ctx, clause, m)
        place = m.group("place")
        # "I left Google" is a job; only a known city makes "left" a move.
        if subject and (place.lower() in _CITY_WORDS or "moved" in m.group()):
            yield ending(ctx, clause, subject, "lives_in", _city(place), "en.moved_away", m.group())
    for m in _LIVE.finditer(clause.text):
        # "We rent a room in Dundee to students" is a landlord's, not a home.
        if re.search(r"\brent", m.group()) and re.match(r"\s+(?:to|out)\b", clause.text[m.end() :]):
            continue
        # ("we stay Marriott when in Dubai": a stay without "in" is a home only when nothing makes it a visit)
        visit = r"\s+(?:when|whenever|while|during|if|for|tonight|this|next|at)\b"
        if re.search(r"\bstays?\s+\S+$", m.group()) and re.match(visit, clause.text[m.end() :]):
            continue
        yield from _state(ctx, clause, m, "lives_in", _city(m.group("place")), "lives_in")
    yield from _home_said_facts(ctx, clause)
    yield from _home_taken_facts(ctx, clause)
    yield from _home_now_facts(ctx, clause)
    for m in _CALL_HOME.finditer(clause.text):
        place = m.group("place") or m.group("place2")
        if _place_ok(place) and not _negated(clause):
            yield _fact(
                ctx, clause, m, ctx.speaker_id, "lives_in", _city(place), "call_home", valid_from=clause.past_time(ctx)
            )
    for m in _BEEN_IN.finditer(clause.text):
        subject = _subject_of(ctx, clause, m)
        # ("I'm in Porto since Monday for a conference": the present said of a stay is a trip when it names one)
        if (
            subject
            and not ("been" not in m.group() and (_TRIP.search(clause.text) or not _HOME_CHANGE_TALK.search(ctx.text)))
            and _place_ok(m.group("place"))
            and not re.search(r"\bnot\b|n't\b", m.group())
        ):
            yield _fact(
                ctx,
                clause,
                m,
                subject,
                "lives_in",
                _city(m.group("place")),
                "been_in",
                valid_from=clause.past_time(ctx),
            )
    sentence = _sentence_of(ctx.text, clause)
    for m in _NOT_IN_ANYMORE.finditer(clause.text):
        place = m.group("place")
        # "not in London right now" is an errand away; only "anymore" / "no longer" end the residence.
        if _place_ok(place) and _ENDS_STATE.search(m.group()):
            yield _home_ended(
                ctx,
                clause,
                ending(ctx, clause, ctx.speaker_id, "lives_in", _city(place), "en.not_in_anymore", m.group()),
            )
    for m in _NOT_HOME.finditer(clause.text):
        place = m.group("place")
        if _place_ok(place) and (m.group("anymore") or "longer" in m.group()):
            yield ending(ctx, clause, ctx.speaker_id, "lives_in", _city(place), "en.not_home_anymore", m.group())
    # Being "back in" a city is where one lives only beside a residence that ended or a move.
    if _NOT_IN_ANYMORE.search(sentence) or re.search(r"\b(?:for good|moved|for the long term)\b", sentence, re.I):
        for m in _BACK_IN.finditer(clause.text):
            if _place_ok(m.group("place")):
                yield _fact(ctx, clause, m, ctx.speaker_id, "lives_in", _city(m.group("place")), "back_in")
    for m in _HOME.finditer(clause.text):
        subject = (
            ctx.speaker_id if m.group("bare") or m.group("bare2") or m.group("our") else _subject_of(ctx, clause, m)
        )
        place = m.group("place") or m.group("place2") or m.group("place3")
        if subject and _place_ok(place):
            yield _fact(
                ctx,
                clause,
                m,
                subject,
                "lives_in",
                _city(place),
                "home_in",
                valid_from=clause.past_time(ctx),
                confidence=STATE_CONFIDENCE,
            )


# "my son still lives with me in Córdoba", "my mum moved in with us in Tauranga", "my daughter is moving in with me in
# Shenzhen next month": a home shared with the speaker, named by its place, is the speaker's home now (and the
# other's, once they live there: a move planned is not theirs yet).
_WITH_ME_IN = re.compile(
    _SUBJ
    + r"(?:\s+(?:still|now|also|already|just|has|have|'s))*"
    # ("My mother is also staying with us in Pune": a word between the verb's two parts)
    + r"\s+(?:(?P<lives>lives|(?:is|'s)(?:\s+(?:also|still|now|currently|already))*\s+(?:living|staying)|stays"
    r"|moved\s+in|came\s+to\s+live)"
    r"|(?P<plan>is\s+moving\s+in|'s\s+moving\s+in|will\s+be\s+moving\s+in|will\s+move\s+in))"
    # ("my son still lives at home with us in Swansea": the family home, said as "at home")
    r"(?:\s+at\s+home)?\s+with\s+(?:me|us)\s+(?:here\s+)?in\s+" + _named("place")
)


def _with_me_in_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The speaker's home named as the place another lives (or will live) with them."""
    if _negated(clause):
        return
    for m in _WITH_ME_IN.finditer(clause.text):
        place = m.group("place")
        subject = _subject_of(ctx, clause, m)
        if not _place_ok(place) or subject is None or subject == ctx.speaker_id:
            continue
        yield _fact(ctx, clause, m, ctx.speaker_id, "lives_in", _city(place), "with_me_in")
        if m.group("lives"):
            when = clause.past_time(ctx) if "moved" in m.group("lives") else None
            yield _fact(ctx, clause, m, subject, "lives_in", _city(place), "with_me_in.theirs", valid_from=when)


def _home_now_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """Homes said in passing: "Busan's home as of …", "my sister's in Lyon these days", a correction."""
    if _QUESTION_START.search(clause.text) or clause.text.rstrip().endswith("?"):
        return
    # (the correction spans two clauses: matched on the turn, said once, in the clause that names the place)
    for m in _NOT_THERE_BUT.finditer(ctx.text):
        if clause.start <= m.start("place") < clause.end and _place_ok(m.group("place")):
            yield _fact(ctx, clause, m, ctx.speaker_id, "lives_in", _city(m.group("place")), "not_there_but")
    # (before the negation check: the refusal to move is what the rule reads)
    for m in _STAYS_PUT.finditer(clause.text):
        stayer = _subject(ctx, m.group("subj"), clause.start + m.start("subj"))
        if stayer and _place_ok(m.group("place")) and not _phrase_negated(clause.text, m, r"not|never|isn't|aren't"):
            yield _fact(ctx, clause, m, stayer, "lives_in", _city(m.group("place")), "stays_put")
    for m in _STAYING_PUT.finditer(clause.text):
        # (a negation in its own phrase only: "not moving after all — staying put in …" keeps the home)
        head = clause.text[: m.start()] if m.group("subj") else ""
        phrase = re.split(r"[,;\u2014\u2013]", head)[-1] + m.group()
        if _place_ok(m.group("place")) and not re.search(r"\b(?:not|never|no\s+longer)\b|n't\b", phrase):
            yield _fact(ctx, clause, m, ctx.speaker_id, "lives_in", _city(m.group("place")), "staying_put")
    # (before the negation check: the namesake set aside is what the rule reads)
    for m in _WHERE_I_AM.finditer(clause.text):
        if _place_ok(m.group("place")) and not _negated_before(clause.text, m.start()):
            place = _city(m.group("place")) + (m.group("region") or "")
            yield _fact(ctx, clause, m, ctx.speaker_id, "lives_in", place, "where_i_am")
    yield from _still_in_facts(ctx, clause)
    if _negated(clause):
        return
    yield from _in_city_facts(ctx, clause)
    yield from _in_town_settled_facts(ctx, clause)
    for m in _HOME_NOW.finditer(clause.text):
        place = m.group("place") or m.group("place2") or m.group("place3")
        raw = m.group("subj")
        if raw is None:
            subject: str | None = ctx.speaker_id
        elif raw.lower() in ("she", "he", "they"):
            subject = _subject(ctx, raw.lower(), clause.start + m.start("subj"))
        else:
            subject = _subject(ctx, raw, clause.start + m.start("subj"))
        if subject and _place_ok(place):
            # "Keys handed over yesterday, so Leeds is my postcode now": the move told dates the home.
            moved = _MOVE_TOLD.search(ctx.text) and Clause(ctx.text, 0).past_time(ctx)
            since = clause.past_time(ctx) or (moved or None)
            yield _fact(ctx, clause, m, subject, "lives_in", _city(place), "home_now", valid_from=since)
    if _MOVE_TOLD.search(ctx.text) or re.search(r"\bmov(?:ed|ing)\s+in\b", ctx.text, re.I):
        for m in _CITY_PERSON.finditer(clause.text):
            if _place_ok(m.group("place")):
                yield _fact(
                    ctx,
                    clause,
                    m,
                    ctx.speaker_id,
                    "lives_in",
                    _city(m.group("place")),
                    "city_person",
                    valid_from=Clause(ctx.text, 0).past_time(ctx),
                )


def _still_in_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The speaker's home said as where they still are, beside a home or a move told before (read before the clause's
    negation: "didn't end up moving to Perth, still in Adelaide" denies the move, not the home)."""
    # "I'm still in Brisbane" is a home only beside a residence said in the turn, not a delayed flight.
    # (without "still", only beside a home said of someone else: "My mum lives in Kandy; I'm in Colombo myself")
    for m in _STILL_IN.finditer(clause.text):
        before = ctx.text[: clause.start + m.start()]
        homes = re.search(r"\b(?:lives?|living|based)\b", before, re.I)
        # ("we didn't end up moving to Perth, still in Adelaide": a move told or weighed before)
        moved = re.search(r"\b(?:moved|moving|move|relocat\w+)\b", before, re.I)
        fell_through = _MOVE_FELL_THROUGH.search(ctx.text) is not None
        if (
            (homes or ((moved or fell_through) and m.group("still")))
            and _place_ok(m.group("place"))
            and not _NEGATION_WORD.search(m.group())
        ):
            yield _fact(ctx, clause, m, ctx.speaker_id, "lives_in", _city(m.group("place")), "still_in")
    for m in _KIN_STILL_IN.finditer(clause.text):
        # ("I stay in Singapore now, shifted over from KL": Indian and Singapore English)
        # ("I've left Rotorua, renting in Hamilton; my nan's still in Rotorua": a home left or rented is one told)
        told = re.search(
            r"\b(?:lives?|living|based|moved|relocated|shifted|stay|staying|renting|left)\b", ctx.text, re.I
        )
        if told and _place_ok(m.group("place")) and not _NEGATION_WORD.search(m.group()):
            subject = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}"
            yield _fact(ctx, clause, m, subject, "lives_in", _city(m.group("place")), "kin_still_in")


_NEGATION_WORD = re.compile(r"\b(?:not|never|no\s+longer)\b|n't\b", re.IGNORECASE)


# "I'm in Albuquerque these days, not Tucson", "my sister's in Lyon these days, not Paris anymore": the old home set
# aside after the new one, the clause's only negation.
_OLD_HOME_SET_ASIDE = re.compile(r",\s*not\s+(?:in\s+)?" + _named("old") + r"(?:\s+(?:any\s?more|now))?\W*$")


def _home_set_against_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """Homes said in passing (``_HOME_NOW``) with the old one set aside after them."""
    aside = _OLD_HOME_SET_ASIDE.search(clause.text)
    if aside is None or not _place_ok(aside.group("old")) or not _negated(clause):
        return
    kept = Clause(clause.text[: aside.start()], clause.start)
    if _negated(kept):
        return
    yield from (fact for fact in _home_now_facts(ctx, kept) if fact.rule == "en.home_now")


# "visiting my brother in Darwin next month, he's been up there for years", "my aunt in Perth — she's lived there
# since 1990": a relative's long stay in the place named before is their home.
_THEY_BEEN_THERE = re.compile(
    r"\b(?P<who>she|he)(?:'s|\s+has)\s+(?:been\s+(?:living\s+)?|lived\s+)(?:(?:up|down|out|over|back)\s+)?there\s+"
    r"(?:for\s+(?:(?:many|several|a\s+few|\w+)\s+)?(?:years|decades|ages)|for\s+a\s+long\s+time|forever"
    # (a stay since a year or a stage of life, never since a day: "he's been out there since Monday" is a trip)
    r"|since\s+(?:\d{4}|the\s+\d{2,4}s|uni|college|school|(?:he|she)\s+was))\b"
    # ("he's been living there since September": living there, since any time, is a home)
    r"|\b(?P<who2>she|he)(?:'s|\s+has)\s+been\s+living\s+(?:(?:up|down|out|over|back)\s+)?there\s+(?P<since>since)\b"
)


def _homes_told_beside(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """Homes told beside something else: the old one set aside, a relative's long stay."""
    yield from _home_set_against_facts(ctx, clause)
    for m in _THEY_BEEN_THERE.finditer(clause.text):
        place = _place_named_before(ctx, clause.start + m.start())
        whose = _subject(ctx, m.group("who") or m.group("who2"), clause.start + m.start())
        if place is not None and _place_ok(place) and whose and not _own_phrase_negated(clause.text, m.start()):
            since = clause.past_time(ctx) if m.group("since") else None
            yield _fact(ctx, clause, m, whose, "lives_in", _city(place), "been_there.theirs", valid_from=since)


def _here_named_before(ctx: TurnContext, end: int) -> str | None:
    """The last place named after "in" or "to" before ``end``: where "moved here" points."""
    places = [
        m.group("place")
        for m in _HERE_PLACE.finditer(ctx.text, 0, end)
        if _place_ok(m.group("place")) and not _NOT_A_HOME.search(m.group("place"))
    ]
    return places[-1] if places else None


# "im in Bozeman since last month", "I'm in Wakefield btw": being in a town since a past time, or told in passing as a
# standing fact (a trip's words in the sentence make it a stay, not a home).
_IN_TOWN_SETTLED = re.compile(
    r"(?:^|(?<=[^\w']))(?:I'm|I\s+am|[Ii]m|i'm)\s+(?:now\s+|currently\s+)?(?:living\s+|based\s+)?in\s+"
    + _named("place")
    + r"(?=\s+(?P<since>since\b)|(?:\s+now)?\s*[,.;!]?\s*(?:btw|fyi|by\s+the\s+way|these\s+days|nowadays|for\s+good"
    r"|permanently)\b|(?P<last>\s*[.!]*\s*$))"
)


_SETTLED_DAYS = 14
"""Days in a town, said with "since", that make it a home rather than a stay."""


def _in_town_settled_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _IN_TOWN_SETTLED.finditer(clause.text):
        place = m.group("place")
        if _TRIP.search(_sentence_of(ctx.text, clause)) or not _place_ok(place) or _NOT_A_HOME.search(place):
            continue
        if _own_phrase_negated(clause.text, m.start() + 1):
            continue
        # (the "btw" of an aside closing the turn is tidied away before the rules read it: "…. I'm in Wakefield btw")
        if m.group("last") is not None and (clause.start == 0 or ctx.text[clause.end :].strip()):
            continue
        since = clause.past_time(ctx) if m.group("since") else None
        # ("in Leeds since I can't get home": no time; "in Paris since Monday": a stay of days may be a trip)
        if m.group("since") and (since is None or (ctx.at - since).days < _SETTLED_DAYS):
            continue
        yield _fact(ctx, clause, m, ctx.speaker_id, "lives_in", _city(place), "in_town_settled", valid_from=since)


def _in_city_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """ "My daughter's in Leeds doing her masters, she rents a flat near the uni": in a city, with a home there."""
    sentence = _sentence_of(ctx.text, clause)
    if _TRIP.search(sentence):
        return
    sentence_end = ctx.text.find(sentence, max(0, clause.start - len(sentence))) + len(sentence)
    for m in _IN_CITY.finditer(clause.text):
        after = ctx.text[clause.start + m.end() : max(sentence_end, clause.end)]
        home = _HOME_THERE.search(after)
        someone_else = home and re.search(rf"\b(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}(?:{_REL})\b", after[: home.start()])
        subject = _subject_of(ctx, clause, m)
        place = m.group("place")
        if home and not someone_else and subject and _place_ok(place) and not _NOT_A_HOME.search(place):
            yield _fact(ctx, clause, m, subject, "lives_in", _city(place), "in_city_with_home")


def _state(
    ctx: TurnContext, clause: Clause, m: re.Match[str], predicate: str, value: str, rule: str
) -> Iterator[CandidateFact]:
    """A present-tense state, or its end when negated with "no longer"/"anymore"."""
    subject = _subject_of(ctx, clause, m)
    said = m.group()
    if subject is None or (predicate == "lives_in" and not _place_ok(value)):
        return
    negation = (m.group("neg") or "").strip().lower()
    if negation:
        if negation != "used to" and (negation == "no longer" or _ENDS_STATE.search(clause.text)):
            ended = ending(ctx, clause, subject, predicate, value, f"en.{rule}.ended", said)
            yield _home_ended(ctx, clause, ended) if predicate == "lives_in" else ended
        return
    # "lived"/"worked" are past unless perfect ("I've lived here since 2019").
    if re.search(r"\b(?:lived|worked)\b", said) and not re.search(r"'ve|\bha(?:ve|s)\b", said):
        return
    changed = bool(re.search(r"\bnow\b", clause.text))
    yield _fact(
        ctx,
        clause,
        m,
        subject,
        predicate,
        value,
        rule,
        valid_from=clause.past_time(ctx),
        confidence=STATE_CONFIDENCE,
        ends_previous=changed,
    )


def _without(text: str, m: re.Match[str], clause: Clause) -> str:
    """The turn with the match blanked: what the words around it say."""
    start, end = clause.start + m.start(), clause.start + m.end()
    return text[:start] + " " * (end - start) + text[end:]


def _place_ok(place: str) -> bool:
    first = place.split(maxsplit=1)[0]
    return first not in _NOT_NAMES


def _city(place: str) -> str:
    return normalize_city(_clean(place))


# "I don't work at Spotify — my brother does": the state denied of the speaker is the relative's.
_NOT_ME_BUT = re.compile(
    r"\bI\s+(?:don't|do not)\s+(?P<verb>work\s+(?:at|for)|live\s+in)\s+(?:the\s+)?"
    + _named("obj")
    + rf"\s*(?:[—–-]+|,|;)\s*(?:but\s+)?[Mm]y\s+(?P<rel>{_REL})\s+does\b"
)
# "I never moved to Perth, that was my cousin Dara", "I didn't move to Leeds — that's my brother": the speaker
# mistaken for a relative, who is the one living there (the relative's name may follow).
_NOT_ME_THAT_WAS = re.compile(
    r"\bI\s+(?:never|didn't|did\s+not|haven't|have\s+not)\s+(?:moved|move|lived|live|been\s+living)\s+(?:to|in)\s+"
    + _named("obj")
    + r"\s*(?:[—–-]+|,|;|\.)\s*(?i:that|it)(?:'s|\s+is|\s+was|\s+would\s+be)\s+(?:actually\s+)?"
    + rf"[Mm]y\s+(?P<rel>{_KIN_ADJ}(?:{_REL}))(?:,?\s+(?P<name>(?!(?:{'|'.join(_NOT_NAMES)})\b)[A-Z][a-z]+))?\b"
)
# "That's where I live", "I no longer live there": a place named just before.
_LIVE_THERE = re.compile(
    r"\b(?:that's|that is)\s+where\s+(?:I|we)\s+live\b|\b(?:I|we)\s+(?:now\s+)?(?:live|'re living|'m living"
    + r"|(?:'re\s+renting|'m\s+renting|rent)"
    + _RENTED_HOME
    + r")\s+there\b"
    r"|(?P<ended>\bI\s+(?:no longer\s+live\s+there|(?:don't|do not)\s+live\s+there\s+any\s?more)\b)",
    re.IGNORECASE,
)
_PLACE_BEFORE = re.compile(
    r"(?:\b(?:to|in|from|near|around|of)\s+(?:the\s+)?|^\W*)(?P<place>[A-Z][a-z]+(?:\s[A-Z][a-z]+)?)"
    r"(?=[\s?.!,—–-])"
)


def _place_named_before(ctx: TurnContext, end: int) -> str | None:
    """The last place the turn names before ``end``: after to/in/from, or opening the turn ("Denver is …")."""
    places = [
        m.group("place")
        for m in _PLACE_BEFORE.finditer(ctx.text, 0, end)
        if (m.start() > 0 or re.match(r"\s+(?:is|was)\b", ctx.text[m.end() :])) and _place_ok(m.group("place"))
    ]
    return places[-1] if places else None


def _relative_instead_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    # (the mix-up spans two clauses: matched on the turn, said once, in the clause that denies the move)
    for m in _NOT_ME_THAT_WAS.finditer(ctx.text):
        if not (clause.start <= m.start() < clause.end) or not _place_ok(m.group("obj")):
            continue
        relative = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').split()[-1].lower()]}"
        yield _fact(ctx, clause, m, relative, "lives_in", _city(m.group("obj")), "relative_instead")
        if m.group("name"):
            yield _fact(ctx, clause, m, relative, "name", m.group("name"), "relative_name", confidence=0.85)
    for m in _NOT_ME_BUT.finditer(clause.text):
        relative = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}"
        predicate = "works_at" if m.group("verb").startswith("work") else "lives_in"
        value = _clean(m.group("obj")) if predicate == "works_at" else _city(m.group("obj"))
        yield _fact(ctx, clause, m, relative, predicate, value, "relative_instead")
    for m in _LIVE_THERE.finditer(clause.text):
        place = _place_named_before(ctx, clause.start + m.start())
        if place is None or place.split()[0] in _NOT_NAMES:
            continue
        if m.group("ended"):
            yield ending(ctx, clause, ctx.speaker_id, "lives_in", _city(place), "en.lives_there.ended", m.group())
        elif not re.search(r"\b(?:not|never|don't|no longer)\b", m.group()):
            yield _fact(ctx, clause, m, ctx.speaker_id, "lives_in", _city(place), "lives_there")
    for m in _THEY_LIVE_THERE.finditer(clause.text):
        place = _place_named_before(ctx, clause.start + m.start())
        whose = _subject(ctx, m.group("who"), clause.start + m.start())
        if place is not None and place.split()[0] not in _NOT_NAMES and whose and not _negated(clause):
            yield _fact(ctx, clause, m, whose, "lives_in", _city(place), "lives_there.theirs")


# "my daughter started uni in Kyoto so she lives there now": a relative's home, the place named before.
_THEY_LIVE_THERE = re.compile(r"\b(?P<who>she|he)\s+(?:(?:now|still|actually)\s+)?lives\s+there\b(?!\s+(?:any|part))")
# "new job: QA lead at Rakuten, started last Monday": a job given under a label, title before employer.
_NEW_JOB_LABEL = re.compile(
    # ("new job 🎉 junior analyst @ Ooredoo": any run of marks or emoji may stand for the colon)
    r"^\W*(?i:(?:(?:my|a)\s+)?new\s+(?:job|role|position|gig|post))(?:\s*[:\u2014\u2013-]+|\s*[!\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F]+|(?P<bare>\s*,|(?=\s)))\s*"
    r"(?:I'm\s+)?(?:(?:a|an|the)\s+)?"
    # ("new job: sous chef, Noma", "New role - data analyst, Atlassian": the title, a comma, the employer)
    r"(?P<title>(?:[A-Za-z][\w&/-]*\s+){0,3}?[A-Za-z][\w&/-]*)(?:\s+(?:at|with|for|@)\s+|\s*@\s*|(?P<comma>,\s*)(?:at\s+)?)"
    r"(?P<org>[A-Z][\w'&.-]*(?:\s+[A-Z][\w'&.-]*){0,3})"
)
# "…. starting tomorrow", "from next Monday": the word that makes a later time the start of what was said before it.
_STARTS_AT_TIME = re.compile(
    r"\b(?:starting|starts?|start\s+date(?:\s+is)?|first\s+day(?:\s+is)?|from|beginning|as\s+of|effective)\s*[:-]?\s*$",
    re.IGNORECASE,
)


def _start_said_after(ctx: TurnContext, offset: int) -> datetime | None:
    """The time a "starting …"/"from …" after ``offset`` in the turn names (a new post's first day)."""
    for mention in ctx.times:
        if mention.span[0] >= offset and _STARTS_AT_TIME.search(ctx.text, 0, mention.span[0]):
            return mention.start
    return None


# "up early for my first barista shift", "survived my first week as a paramedic", "my son's first day as an
# apprentice electrician": a first shift or day in a job is the job.
_FIRST_AS_TITLE = re.compile(
    # ("first week as a junior doctor done": the speaker's, said without "my" at the turn's start)
    rf"(?:{_POSS}\s+|^\W*(?i:(?:survived|finished|done|started|starting|loved)\s+)?(?:(?:my|the)\s+)?)"
    + r"(?i:(?:very\s+)?first)\s+(?:(?:real\s+|proper\s+|official\s+|full\s+)?"
    + r"(?:day|shift|week|night|month|morning|weekend)"
    + r"\s+as\s+(?:an?\s+|the\s+)?"
    + _TITLE
    + rf"|(?P<title2>(?:[a-z-]+\s+)?(?i:{_JOB_NOUNS}))\s+(?:shift|gig|job|placement)s?\b)"
    # ("my daughter's first day as a nurse at St Thomas'": the employer after the title)
    + r"(?:\s+(?:at|with|for)\s+(?:the\s+)?"
    + _employer("org")
    + r")?"
)
_MOVED_FOR = re.compile(r"\b(?:moved|relocated|came\s+(?:here|over|back)|transferred)\b", re.IGNORECASE)
# "moved to Hangzhou last month for the new job at NetEase": the job the move was for (the date is the move's).
_JOB_FOR = re.compile(
    # ("for my husband's new job at Asda": the relative's job)
    rf"\bfor\s+(?:a|the|my|her|his|their|our|(?P<whose>[Mm]y\s+{_KIN_ADJ}(?:{_REL}))'s?)\s+(?:new\s+)?"
    r"(?:job|role|position|post)\s+(?:at|with)\s+(?:the\s+)?" + _employer("org")
)


def _title_made_verb_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """A job noun made a verb with a hyphen: "now I'm barista-ing at Ground Up" (see :data:`_TITLE_ING_AT`)."""
    for m in _TITLE_ING_AT.finditer(clause.text):
        subject = _subject_of(ctx, clause, m)
        org, title = _clean(m.group("org")), m.group("title")
        job = _ANY_JOB_NOUN.fullmatch(title) is not None and not _NOT_A_ROLE.search(title)
        if subject and job and _employer_ok(org) and not _negated(clause) and not _HYPOTHETICAL.search(clause.text):
            yield _fact(ctx, clause, m, subject, "works_at", org, "title_ing_at")
            yield _fact(ctx, clause, m, subject, "job_title", title, "title_ing_at.title")


def _begun_job_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """A job said by the way: "…, working nights at Boots", "day one at X was …", "they hired me as …"."""
    for m in _FIRST_AS_TITLE.finditer(clause.without_times(ctx)):
        title = _clean(m.group("title") or m.group("title2"))
        subject = _subject_of(ctx, clause, m) if m.group("subj") else ctx.speaker_id
        if subject is None or _negated(clause) or re.fullmatch(r"(?i)student|customer|client", title):
            continue
        # (a first shift today or tomorrow dates nothing; one that is over dates the job)
        begun = next((t.start for t in clause.times(ctx) if t.end <= ctx.at), None)
        yield _fact(ctx, clause, m, subject, "job_title", title, "first_as_title", valid_from=begun)
        org = m.group("org")
        if org and org.split()[0] not in _NOT_NAMES and org.lower() not in _CITY_WORDS:
            yield _fact(ctx, clause, m, subject, "works_at", _clean(org), "first_as_title.employer", valid_from=begun)
    for m in _JOB_FOR.finditer(clause.text):
        # (only what a move was for: "applying for a job at Canva" names no employer)
        if not _MOVED_FOR.search(clause.text, 0, m.start()):
            continue
        whose = m.group("whose")
        subject = _subject(ctx, whose) if whose else _clause_subject(ctx, clause.text[: m.start()])
        org = _clean(m.group("org"))
        if subject and org.split()[0] not in _NOT_NAMES and org.lower() not in _CITY_WORDS and not _negated(clause):
            yield _fact(ctx, clause, m, subject, "works_at", org, "job_for_move")
    for m in _NEW_JOB_LABEL.finditer(clause.text):
        org, title = _clean(m.group("org")), _clean(m.group("title"))
        if org.split()[0] in _NOT_NAMES or org.lower() in _CITY_WORDS or _negated(clause):
            continue
        if (m.group("comma") or m.group("bare") is not None) and not _is_job(title):
            continue
        when = clause.past_time(ctx) or _start_said_after(ctx, clause.start + m.end())
        yield _fact(
            ctx, clause, m, ctx.speaker_id, "job_title", title, "new_job_label", valid_from=when, ends_previous=True
        )
        yield _fact(
            ctx, clause, m, ctx.speaker_id, "works_at", org, "new_job_label", valid_from=when, ends_previous=True
        )
    for m in _WORKING_AT.finditer(clause.text):
        subject = _own_subject(ctx, clause.text[: m.start()])
        org = _org_of(m)
        if subject and org.split()[0] not in _NOT_NAMES and org.lower() not in _CITY_WORDS and not _negated(clause):
            yield _fact(ctx, clause, m, subject, "works_at", org, "working_at")
            title = _clean(m.group("title") or "")
            if title and _ANY_JOB_NOUN.search(title) and not _NOT_A_ROLE.search(title):
                yield _fact(ctx, clause, m, subject, "job_title", title, "working_at.title")
    for m in _FIRST_DAY.finditer(clause.text):
        when = clause.past_time(ctx)
        org = _clean(m.group("org"))
        if when is not None and org.split()[0] not in _NOT_NAMES and not _negated(clause):
            yield _fact(
                ctx, clause, m, ctx.speaker_id, "works_at", org, "first_day", valid_from=when, ends_previous=True
            )
    for m in _HIRED_ME.finditer(clause.text):
        named_org = m.group("org") or m.group("org2")
        org_word = (named_org or "They").split()[-1]
        # (a move inside the employer may follow the old post's end: "no longer a PM, they moved me … as …")
        negated = re.search(r"\b(?:not|never)\b|n't\b", m.group()) if m.group("title3") else _negated(clause)
        if negated or (named_org and org_word in _NOT_NAMES | _PRONOUNS):
            continue
        title = _clean(m.group("title") or m.group("title2") or m.group("title3"))
        if re.fullmatch(r"(?i)favou?r|joke|test|backup|stopgap|temp", title):
            continue
        when = clause.past_time(ctx)
        yield _fact(
            ctx, clause, m, ctx.speaker_id, "job_title", title, "hired_me_as", valid_from=when, ends_previous=True
        )
        # "Yesterday Tesco hired me …": sentence-opening words are no part of the name.
        org = " ".join(re.sub(r"^(?:(?:" + "|".join(_NOT_NAMES) + r")\s+)+", "", named_org or "").split())
        if org and org.split()[0] not in _NOT_NAMES and org.lower() not in _CITY_WORDS:
            org = _clean(org)
            yield _fact(
                ctx, clause, m, ctx.speaker_id, "works_at", org, "hired_me", valid_from=when, ends_previous=True
            )


def _job_end_dated(ctx: TurnContext, clause: Clause, fact: CandidateFact) -> CandidateFact:
    """An employer's end dated by how it ended, told beside it: "I don't work at Target anymore, quit in March",
    "Not with Arup any more. Resigned last month." (a time in the clause itself already dated it)."""
    if fact.valid_to is None or clause.times(ctx):
        return fact
    when = _event_time(ctx, clause, _JOB_END_EVENT) or _told_after_time(ctx, clause, _JOB_END_EVENT)
    return replace(fact, valid_to=when) if when else fact


# "after eleven years at the Port Authority I finally quit", "After 8 years at Deloitte, I've left": the employer of a
# stretch of years, named before the leaving told of it.
_AFTER_YEARS_AT = re.compile(
    r"\b(?i:after)\s+(?:(?:almost|nearly|over|about|some)\s+)?(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine"
    r"|ten|eleven|twelve|fifteen|twenty|thirty|a\s+few|a\s+couple(?:\s+of)?|several|many)\s+(?:long\s+)?"
    r"(?:years?|decades?|months)\s+(?:at|with|working\s+(?:at|for))\s+(?:the\s+)?"
    r"(?P<org>[A-Z][\w'&.-]*(?:\s+(?:[A-Z][\w'&.-]*|of|&|and(?=\s+[A-Z])))*)"
    r"\s*,?\s+I(?:'ve|\s+have)?(?:\s+(?:finally|just|officially|eventually|actually|recently))*\s+"
    r"(?:quit|left|resigned|retired|handed\s+in\s+my\s+notice|walked\s+out|(?:got|was)\s+(?:laid\s+off|let\s+go)"
    r"|called\s+it\s+quits|packed\s+it\s+in)\b"
)


def _left_after_years(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The employer left after a stretch there (see :data:`_AFTER_YEARS_AT`)."""
    if _is_question(clause) or _HYPOTHETICAL.search(clause.text):
        return
    # (matched on the turn: "After five years at Google, I've finally left" spans two clauses; told in the leaving one)
    for m in _AFTER_YEARS_AT.finditer(ctx.text):
        if not clause.start < m.end() <= clause.end:
            continue
        org = _clean(m.group("org"))
        if org.split()[0] in _NOT_NAMES or org.lower() in _CITY_WORDS:
            continue
        # (dated by its own phrase: "…, and as of two weeks ago I'm a sommelier" dates the new post, not the leaving)
        stop = re.search(r"[,.;!?\u2014\u2013]|\s+and\s|$", ctx.text[m.end() :])
        own = Clause(ctx.text[m.start() : m.end() + (stop.start() if stop else 0)], m.start())
        yield ending(ctx, own, ctx.speaker_id, "works_at", org, "en.left_after_years", m.group())


def _ended_jobs(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """Employers and titles that ended: quit, left, no longer with, no longer a …"""
    for m in _LEAVE.finditer(clause.text):
        subject = _subject_of(ctx, clause, m)
        if subject:
            yield ending(ctx, clause, subject, "works_at", _clean(m.group("org")), "en.left_job", m.group())
    for m in _QUIT_ACTIVITY.finditer(clause.text):
        subject = _subject_of(ctx, clause, m)
        if subject and not _negated(clause):
            title = _ACTIVITY_TITLES_ENDED[m.group("activity").lower()]
            yield ending(ctx, clause, subject, "job_title", title, "en.quit_activity", m.group())
    for m in _NO_LONGER_TITLE.finditer(clause.text):
        subject = _subject_of(ctx, clause, m)
        if subject and ("longer" in m.group() or m.group("anymore")):
            ended = ending(ctx, clause, subject, "job_title", _clean(m.group("title")), "en.no_longer_title", m.group())
            when = _event_time(ctx, clause, _JOB_END_EVENT)
            yield replace(ended, valid_to=when) if when and not clause.past_time(ctx) else ended
    for m in _NO_LONGER_TITLE_BARE.finditer(clause.text):
        if m.group("anymore"):
            title = _clean(m.group("title"))
            yield ending(ctx, clause, ctx.speaker_id, "job_title", title, "en.no_longer_title.bare", m.group())
    for m in _NO_LONGER_WITH.finditer(clause.text):
        org = _clean(m.group("org"))
        if "longer" not in m.group("neg") and not m.group("anymore"):
            continue
        if org.split()[0] in _NOT_NAMES or org.lower() in _CITY_WORDS:
            continue
        # "with X" is also a customer's word (a bank, a phone network): only among words of work.
        # ("… just so your records are right": the speaker's records corrected, an employer's end)
        rest = _without(ctx.text, m, clause)
        if m.group("prep") == "with" and not (_WORK_WORDS.search(rest) or re.search(r"\byour\s+records\b", rest)):
            continue
        left = ending(ctx, clause, ctx.speaker_id, "works_at", org, "en.no_longer_with", m.group())
        yield _job_end_dated(ctx, clause, left)
    for m in _HANDED_IN.finditer(clause.text):
        if m.group("org").split()[0] not in _NOT_NAMES:
            yield ending(ctx, clause, ctx.speaker_id, "works_at", _clean(m.group("org")), "en.handed_in", m.group())


# "hired as a favour", "taken on as a replacement for …": what the hiring was, not a title.
_NOT_HIRED_AS = re.compile(r"\b(?:favou?r|joke|result|reward|replacement|part|way|thanks?|surprise|gift)\b", re.I)


def _hired_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _HIRED_BY_ORG.finditer(clause.text):
        who = m.group("who") or m.group("who_on") or m.group("who_brought")
        org = _clean(m.group("org"))
        if who is None or org.split()[0] in _NOT_NAMES or org.lower() in _CITY_WORDS or _negated(clause):
            continue
        subject = ctx.speaker_id if who == "me" else _subject(ctx, who, clause.start + m.start())
        if subject is None:
            continue
        when = clause.past_time(ctx)
        yield _fact(ctx, clause, m, subject, "works_at", org, "hired_by", valid_from=when, ends_previous=True)
        title = m.group("title")
        if title and not _NOT_A_ROLE.search(title):
            yield _fact(ctx, clause, m, subject, "job_title", _clean(title), "hired_as", valid_from=when)


# "my manager at Kiribati Fish Ltd keeps moving my shifts", "my coworkers at Westpac": the speaker's workplace, named
# by the people the speaker works with or under there (never an old one: "my old boss at Deloitte").
_WORKMATE_AT = re.compile(
    r"\b[Mm]y\s+(?:(?:line|direct|new|current|shift|store|floor|site|area|duty)\s+)?"
    r"(?:manager|boss|supervisor|team\s+lead(?:er)?|shift\s+lead|foreman|co-?workers?|colleagues?|workmates?)"
    # (never "from": "my colleague from Brazil" is where the colleague comes from)
    r"\s+at\s+(?:the\s+)?" + _employer("org")
)


def _workmate_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _WORKMATE_AT.finditer(clause.text):
        org = _clean(m.group("org"))
        if org.split()[0] in _NOT_NAMES or org.lower() in _CITY_WORDS or not _place_ok(org):
            continue
        if _negated_before(clause.text, m.start()) or _HYPOTHETICAL.search(clause.text[: m.start()]):
            continue
        # ("my manager at Tesco? no, I don't work there": the workplace denied after it)
        if _WORK_DENIED.search(ctx.text) or re.search(r"\b(?:don't|do\s+not|never)\s+work\s+there\b", ctx.text, re.I):
            continue
        yield _fact(ctx, clause, m, ctx.speaker_id, "works_at", org, "workmate_at", confidence=0.8)


# Words that open an employer's name in form only: a holiday, a relative called by kin ("driving for Mum today").
_NOT_EMPLOYERS = frozenset(
    {"Christmas", "Easter", "Halloween", "Thanksgiving", "Diwali", "Eid", "Xmas", *_KIN_AS_NAMES}
)


def _employer_ok(org: str) -> bool:
    first = org.split(maxsplit=1)[0]
    return first not in _NOT_NAMES and first not in _NOT_EMPLOYERS and org.lower() not in _CITY_WORDS


# "I'm back to pulling shots as a barista at a tiny place called Roast Ranch", "she's been stacking shelves as a night
# packer for Woolworths": what one does all day, as a job noun, at a named employer (what is done is checked by
# ``_NOT_THE_JOB_DONE``); "working as" is ``_WORK_AS``'s.
_DOING_AS_TITLE_AT = re.compile(
    _SUBJ
    + r"(?:(?:\s*'ve|\s*'s|\s+have|\s+has)\s+been|\s*'m|\s*'s|\s*'re|\s+am|\s+is|\s+are)"
    + r"(?:\s+(?:now|still|currently|also|just|mostly|back(?:\s+to)?))*"
    + r"\s+(?!working\b)(?P<doing>[a-z]{3,}ing(?:\s+[a-z]+){0,3}?)"
    + r"\s+as\s+(?:an?\s+|the\s+|their\s+|our\s+)?"
    + _TITLE
    + r"\s+(?:at|for|with)\s+(?:the\s+)?"
    + _CALLED
    + _employer("org")
)
# Never a costume, a volunteer's part, a training, an application or a post still to come: "dressing up as a nurse at
# …", "volunteering as a tutor at …", "preparing for an interview as a policy assistant at …", "starting as a barista at
# … next week".
_NOT_THE_JOB_DONE = re.compile(
    r"^(?:volunteer|dress|pos|cosplay|go|appear|act|play|train|study|audition|interview|apply|pretend|sign|shadow|sitt"
    r"|stand|fill|start|join|hop|look|try|plan|aim|wait|prepar|think|consider|dream|gunn|want)ing\b"
    r"|\b(?:interviews?|applications?|auditions?|trials?|courses?|exams?|tests?|placements?|internships?)\b"
)
# "I'm driving for Lyft these days", "still driving for Amazon Flex tho", "my son's been driving for Uber": driving
# for a firm is its driver's job (the subject may be dropped at the clause's start; "driving for hours" names no firm).
_DRIVING_FOR = re.compile(
    r"(?:"
    + _SUBJ
    + r"(?:(?:\s*'ve|\s*'s|\s+have|\s+has)\s+been|\s*'m|\s*'s|\s*'re|\s+am|\s+is|\s+are"
    # ("my husband just started driving for Uber": the start of it)
    + r"|(?:\s+(?:just|recently|finally))?\s+(?P<started>started|began))"
    # ("Been driving for UPS eleven years": the dropped subject at a capital)
    + r"|(?P<dropped>^\W*(?:(?i:still|now|currently|mostly|also|just|and|so|been)\s+)*(?=driving\b)))"
    + r"(?:\s+(?:now|still|currently|mostly|also|just))*\s*driving\s+(?:full-time\s+|part-time\s+)?for\s+(?:the\s+)?"
    + _employer("org")
)
# "I'm at Zillow most days anyway", "I'm at Arup four days a week": where the speaker is on working days is the
# workplace, in a turn that names the speaker's work ("ship it to my office: …"; "I'm at Starbucks most days" alone
# is a customer's habit).
_AT_ON_WORKDAYS = re.compile(
    r"\bI(?:'m|\s+am)\s+(?:(?:usually|mostly|normally|generally)\s+)?at\s+(?:the\s+)?"
    + _employer("org")
    + r"\s+(?:most\s+(?:days|weekdays)|every\s+(?:day|weekday)|all\s+week|during\s+the\s+week|(?:on\s+)?weekdays"
    r"|(?:two|three|four|five|[2-5])\s+days\s+a\s+week|Monday\s+to\s+Friday|Mon(?:day)?\s*[-\u2013]\s*Fri(?:day)?"
    r"|9\s*(?:to|-)\s*5)\b"
)
_OWN_WORKPLACE_TALK = re.compile(
    r"\b(?:my|our)\s+(?:office|desk|shifts?|workplace|work\s+address|badge|colleagues|co-?workers|workmates)\b"
    r"|\bthe\s+office\b",
    re.IGNORECASE,
)
# "yesterday was my last shift at Costco", "Friday was my final day at Deloitte", "my last day at Aldi was Tuesday":
# the last day worked there, told as past (a last day still to come, "Friday is my last day", is a plan). A last day
# rather than a shift only among words of work ("my last day at Disneyland" is a holiday's).
# The time served at an employer, said after its name ("… at Grab after six years", "… at Tesco since 2019"): the
# pattern that reads the name without regard to case takes it in.
_SPAN_SERVED = re.compile(
    r"\s+(?:after|following|since)\s+(?:(?:almost|nearly|over|about|some)\s+)?(?:\d+|[a-z]+)\b.*$", re.I
)
_LAST_DAY_WAS = re.compile(
    r"(?:\b(?:yesterday|today|last\s+\w+|\w+day)\s+was|^\W*was|\bit\s+was)\s+my\s+(?:last|final)\s+(?:ever\s+)?"
    r"(?P<unit>shift|day|week)\s+(?:at|with|for)\s+(?:the\s+)?"
    + _employer("org")
    + r"|\bmy\s+(?:last|final)\s+(?:ever\s+)?(?P<unit2>shift|day|week)\s+(?:at|with|for)\s+(?:the\s+)?"
    + _employer("org2")
    + r"\s+was\b",
    re.IGNORECASE,
)
# "got bumped up to operations manager 🎉 same company, still Qantas", "still Unilever, same firm": the employer kept
# through a change of post.
_SAME_EMPLOYER = re.compile(
    r"\b[Ss]ame\s+(?:company|employer|firm|org|organi[sz]ation|place)\s*[,;:\u2014\u2013-]+\s*(?:still\s+)?"
    r"(?:at\s+|with\s+)?(?:the\s+)?"
    + _employer("org")
    + r"|\b[Ss]till\s+(?:at\s+|with\s+)?(?:the\s+)?"
    + _employer("org2")
    + r"\s*[,;:\u2014\u2013-]+\s*same\s+(?:company|employer|firm|org|organi[sz]ation|place)\b"
)
# "Dariush Karimi just became head of procurement", "my sister became a partner at Allen & Overy": a post reached,
# said with "became" (a job noun only: "became a mum" is no post).
_BECAME_TITLE = re.compile(
    _SUBJ
    + _ADV
    + r"\s+became\s+(?:an?\s+|the\s+|our\s+|their\s+|its\s+)?"
    + _TITLE
    + r"(?:\s+(?:at|of|for|with)\s+(?:the\s+)?"
    + _employer("org")
    + r")?"
)
# "my old manager at Wipro — left there ages ago": an old workplace named, then left as "there".
_OLD_WORKPLACE = re.compile(
    r"\b[Mm]y\s+(?:old|former|ex-?|previous)\s+(?:manager|boss|supervisor|team|colleagues?|co-?workers?|workmates?|job"
    r"|employer|office|company|firm|place)\s+(?:at|with)\s+(?:the\s+)?"
    + _employer("org")
    + r"|\bI(?:'ve|\s+have)?\s+worked\s+(?:at|for)\s+(?:the\s+)?"
    + _employer("org2")
)
# "I stopped working at Target in March", "finished up at Ocado last month": an employer left, said by the work
# stopped ("finished up at Target" without a month or a year may be an errand's end, so it needs one).
_STOPPED_WORKING_AT = re.compile(
    r"(?:(?P<subj>\bI)(?:'ve|\s+have)?(?:\s+(?:just|finally|officially))?\s+|^\W*(?:(?:so|and|just|finally)\s+)*)"
    r"(?:(?P<stopped>stopped\s+working)|finished(?:\s+up)?(?:\s+working)?)\s+(?:at|for|with)\s+(?:the\s+)?"
    + _employer("org")
)
_LEFT_THERE = re.compile(
    r"(?:^\W*|\bI(?:'ve|\s+have)?\s+)(?:(?:just|finally|long\s+since)\s+)?(?:left|quit)\s+(?:there|that\s+(?:place|job"
    r"|company|firm)|them)\b(?!\s+(?:a|an|the|my|some|alone|to|with|for|behind|out|at)\b)"
)


_BASE_WORK_VERB = re.compile(
    r"\s*(?:work|teach|drive|write|lecture|tutor|bartend|fly|nurse|code|design|consult|deliver|report|contract)\b"
)


def _title_before_at(text: str, m: re.Match[str]) -> bool:
    """ "Oncology nurse at Mercy here", "Paediatric nurse at Starship": a capitalised word before a trade's noun is
    the title's first word, not a person (a person named alone takes the verb's -s: "Ana nurses at …")."""
    subject = m.group("subj") or ""
    return bool(
        re.fullmatch(r"[A-Z][a-z]+(?: [A-Z][a-z]+)?", subject)
        and subject.split()[0] not in ("I", "We")
        and _BASE_WORK_VERB.match(text, m.end("subj"))
    )


def _informal_job_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """Jobs told in passing: a trade's activity as a title at a firm, driving for a firm, the office one is at most
    days, the last shift worked, the employer kept through a promotion, a post one became, an old workplace left."""
    negated = _negated(clause)
    for m in _DOING_AS_TITLE_AT.finditer(clause.text):
        subject = _subject_of(ctx, clause, m)
        title, org = _clean(m.group("title")), _clean(m.group("org"))
        if subject is None or _own_phrase_negated(clause.text, m.end()) or not _is_job(title) or not _employer_ok(org):
            continue
        if _NOT_THE_JOB_DONE.search(m.group("doing")):
            continue
        yield _fact(ctx, clause, m, subject, "job_title", title, "doing_as_title")
        yield _fact(ctx, clause, m, subject, "works_at", org, "doing_as_title.employer")
    for m in _DRIVING_FOR.finditer(clause.text):
        subject = ctx.speaker_id if m.group("dropped") is not None else _subject_of(ctx, clause, m)
        org = _clean(m.group("org"))
        if subject is None or _own_phrase_negated(clause.text, m.end()) or not _employer_ok(org):
            continue
        when = clause.past_time(ctx) if m.group("started") else None
        yield _fact(ctx, clause, m, subject, "works_at", org, "driving_for", valid_from=when)
        yield _fact(ctx, clause, m, subject, "job_title", "driver", "driving_for.title", valid_from=when)
    if _OWN_WORKPLACE_TALK.search(ctx.text) and not negated:
        for m in _AT_ON_WORKDAYS.finditer(clause.text):
            org = _clean(m.group("org"))
            if _employer_ok(org):
                yield _fact(ctx, clause, m, ctx.speaker_id, "works_at", org, "at_on_workdays", confidence=0.8)
    for m in _LAST_DAY_WAS.finditer(clause.text):
        # ("my last day at Grab after six years": the time served there is no part of the name)
        org = _SPAN_SERVED.sub("", _clean(m.group("org") or m.group("org2")))
        shift = (m.group("unit") or m.group("unit2")).lower() == "shift"
        if _employer_ok(org) and not negated and (shift or _WORK_WORDS.search(_without(ctx.text, m, clause))):
            yield ending(ctx, clause, ctx.speaker_id, "works_at", org, "en.last_day_at", m.group())
    # (only the speaker's own: "my brother got promoted, same company" keeps his)
    others = re.search(rf"\b(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}(?:{_REL})\b|\b(?:he|she|they)\b", ctx.text, re.I)
    for m in () if others or negated else _SAME_EMPLOYER.finditer(clause.text):
        org = _clean(m.group("org") or m.group("org2"))
        if _employer_ok(org):
            yield _fact(ctx, clause, m, ctx.speaker_id, "works_at", org, "same_employer")
    for m in () if negated else _BECAME_TITLE.finditer(clause.text):
        subject = _subject_of(ctx, clause, m)
        title = _clean(m.group("title"))
        # ("became a partner at Allen & Overy" is a post; "became a partner" alone may be a life's)
        if subject is None or _NOT_A_ROLE.search(title) or (title.lower() in _RELATIONS and not m.group("org")):
            continue
        when = clause.past_time(ctx)
        yield _fact(ctx, clause, m, subject, "job_title", title, "became", valid_from=when, ends_previous=True)
        org = m.group("org")
        if org and _employer_ok(_clean(org)):
            yield _fact(ctx, clause, m, subject, "works_at", _clean(org), "became.employer", valid_from=when)
    for m in () if negated else _STOPPED_WORKING_AT.finditer(clause.text):
        org = _clean(m.group("org"))
        spans = [t for t in clause.times(ctx) if t.granularity in ("month", "year") and t.start <= ctx.at]
        if _employer_ok(org) and (m.group("stopped") or spans):
            yield ending(ctx, clause, ctx.speaker_id, "works_at", org, "en.stopped_working_at", m.group())
    for m in _LEFT_THERE.finditer(clause.text):
        old = list(_OLD_WORKPLACE.finditer(ctx.text, 0, clause.start + m.start()))
        org = _clean(old[-1].group("org") or old[-1].group("org2")) if old else ""
        if org and _employer_ok(org) and not _own_phrase_negated(clause.text, m.start()):
            yield ending(ctx, clause, ctx.speaker_id, "works_at", org, "en.left_there", m.group())


def _work_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    yield from _workmate_facts(ctx, clause)
    yield from _informal_job_facts(ctx, clause)
    for m in _WORK.finditer(clause.text):
        if _title_before_at(clause.text, m):
            continue
        if _org_of(m).lower() not in _CITY_WORDS:
            for fact in _state(ctx, clause, m, "works_at", _org_of(m), "works_at"):
                yield _job_end_dated(ctx, clause, fact)
    yield from _begun_job_facts(ctx, clause)
    yield from _title_made_verb_facts(ctx, clause)
    for m in _JOIN.finditer(clause.text):
        subject = _subject_of(ctx, clause, m)
        # "I signed with Vodafone" is a phone contract; with a job said in the turn it is an employer.
        if m.group("signed") and not (_JOB_TALK.search(ctx.text) or _ANY_JOB_NOUN.search(ctx.text)):
            continue
        if subject and m.group("org").split()[0] not in _NOT_NAMES:
            # ("got hired by X as a deckhand!! I start tomorrow": the first day said after it dates the post)
            when = clause.past_time(ctx) or _start_said_after(ctx, clause.start + m.end())
            yield _fact(
                ctx,
                clause,
                m,
                subject,
                "works_at",
                _clean(m.group("org")),
                "joined",
                valid_from=None if m.group("tenure") else when,
                confidence=0.85,
                ends_previous=True,
            )
            # (the role after "joined X as …" is the joined-as rule's, dated by its own phrase)
            title = m.group("title") if re.search(r"\b(?:hired|employed)\b", m.group()) else None
            if title and not _NOT_A_ROLE.search(title) and not _negated(clause) and not _NOT_HIRED_AS.search(title):
                yield _fact(ctx, clause, m, subject, "job_title", _clean(title), "joined.as", valid_from=when)
            dashed = _TITLE_AFTER_DASH.match(clause.text, m.end()) or _TITLE_AFTER_COMMA.match(
                ctx.text, clause.start + m.end()
            )
            if dashed and not m.group("title") and not _negated(clause):
                yield _fact(
                    ctx, clause, dashed, subject, "job_title", dashed.group("title"), "joined.title", valid_from=when
                )
    yield from _hired_facts(ctx, clause)
    for m in _START.finditer(clause.text):
        # "I'll be starting at Zalando next Monday", "I'm joining Monzo next week": a plan, no fact yet.
        # ("I'll be working at Wise from next Monday" names the state and its first day: that holds.)
        planned = re.search(r"'ll\b|\bwill\b|\b(?:starting|joining)\b", m.group())
        if planned and not re.search(r"\bworking\b", m.group()):
            continue
        subject = _subject_of(ctx, clause, m)
        starts = clause.future_time(ctx)
        org = _clean(m.group("org"))
        if subject and starts and org.split()[0] not in _NOT_NAMES and org.lower() not in _CITY_WORDS:
            yield _fact(ctx, clause, m, subject, "works_at", org, "starts_at", valid_from=starts, ends_previous=True)
            yield from _round39_post_started(ctx, clause, m, subject, starts)
    # "used to be at Ocado but I'm at Tesco now": the employer before, named the same way, makes "at" a job.
    used_to = re.search(r"\bused\s+to\s+(?:be\s+at|work\s+(?:at|for))\s+(?:the\s+)?[A-Z]", ctx.text)
    if _JOB_TALK.search(ctx.text) or _WORK_DENIED.search(ctx.text) or used_to:
        for m in _AT_EMPLOYER.finditer(clause.text):
            if _JUST_NOW.search(clause.text):
                continue  # "I'm at Heathrow right now": where one is, not where one works
            org = _clean(m.group("org"))
            if org.split()[0] not in _NOT_NAMES and org.lower() not in _CITY_WORDS:
                yield _fact(ctx, clause, m, ctx.speaker_id, "works_at", org, "at_employer", ends_previous=True)
    yield from _ended_jobs(ctx, clause)
    yield from _left_after_years(ctx, clause)
    for m in _MOVE_AWAY.finditer(clause.text):
        subject = _subject_of(ctx, clause, m)
        org = _clean(m.group("place"))
        # "Home is Dublin now; I left Cork": among words of home and moving, "left" is a place.
        home_talk = _HOME_TALK.search(_sentence_of(ctx.text, clause))
        job = "moved" not in m.group() and org.lower() not in _CITY_WORDS and org.split()[0] not in _NOT_NAMES
        # ("I've left Rotorua … my nan's still in Rotorua": the name is where someone lives elsewhere in the turn)
        lived_in = re.search(
            r"\b(?:still|living|lives?|based|staying|stays?|back)\s+(?:(?:up|down|over|out)\s+)?in\s+"
            + re.escape(org)
            + r"\b",
            _without(ctx.text, m, clause),
        )
        if subject and job and not lived_in and (not home_talk or _FIRM_SHAPED.search(org)):
            yield ending(ctx, clause, subject, "works_at", org, "en.left_job", m.group())
    yield from _title_facts(ctx, clause)
    yield from _made_rank_facts(ctx, clause)
    yield from _work_in_passing_facts(ctx, clause)


# A name no town has: "Smith & Nephew", "Baker Ltd", "Halden Foods" left in a turn about moving is still an employer.
_FIRM_SHAPED = re.compile(
    r"&|\b(?:Ltd|Inc|LLC|plc|PLC|GmbH|AG|Corp|Group|Bank|Partners|Associates|Consulting|Labs?|Technologies|Systems"
    r"|Solutions|Software|Foods|Airlines?|Airways|Insurance|Pharma|Motors|Logistics|Coffee|Studios?)\b"
)
# "doing contract work for Mott MacDonald now", "I'm freelancing for the BBC": paid work for a firm, told in passing
# (the subject is the speaker's, said or dropped at the phrase's start).
_WORK_DONE_FOR = re.compile(
    r"(?:^|[,;:\u2014\u2013]|\band|\bnow|\bI(?:'m|\s+am|'ve\s+been|\s+have\s+been))\s*(?:(?:now|currently|mostly|still|also|just)\s+)*"
    r"(?:(?:doing|do)\s+(?:some\s+|a\s+bit\s+of\s+|mostly\s+)?(?:contract|freelance|consulting|consultancy|agency|temp"
    r"|locum|shift|casual|part-time|full-time)\s+work|freelancing|consulting|temping|subcontracting)\s+for\s+(?:the\s+)?"
    + _employer("org")
)
# "I'm at Patagonia now (logistics coordinator)", "I'm with Arup these days, as a planner": being at a firm, in a post.
_AT_FIRM_AS_TITLE = re.compile(
    r"\bI(?:'m|\s+am)\s+(?:now\s+)?(?:at|with)\s+(?:the\s+)?"
    + _employer("org")
    + r"(?:\s+(?:now|these\s+days|nowadays))?\s*(?:\(\s*(?:as\s+)?(?:an?\s+|the\s+)?"
    + _TITLE
    + r"\s*\)|,?\s+as\s+(?:an?\s+|the\s+)?"
    + _TITLE.replace("title", "title2")
    + r")"
)


def _work_in_passing_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """Work told in passing: work done for a firm, or being at a firm in a named post."""
    if _OTHER_SUBJECT.match(clause.text):
        return
    for m in _WORK_DONE_FOR.finditer(clause.text):
        org = _clean(m.group("org"))
        if _employer_ok(org) and not _own_phrase_negated(clause.text, m.end()):
            yield _fact(ctx, clause, m, ctx.speaker_id, "works_at", org, "work_done_for", ends_previous=True)
    for m in _AT_FIRM_AS_TITLE.finditer(clause.text):
        org, title = _clean(m.group("org")), _clean(m.group("title") or m.group("title2"))
        if not _employer_ok(org) or _own_phrase_negated(clause.text, m.end()) or _JUST_NOW.search(clause.text):
            continue
        yield _fact(ctx, clause, m, ctx.speaker_id, "works_at", org, "at_firm_as_title", ends_previous=True)
        yield _fact(ctx, clause, m, ctx.speaker_id, "job_title", title, "at_firm_as_title.title")


# A move the turn names: its date carries to the new home said in another phrase.
_MOVE_TOLD = re.compile(
    r"\b(?i:moved|relocated)\b|\b(?i:moving\s+day|the\s+(?:big\s+)?move)\s+(?i:was|went)\b"
    # "We got the keys yesterday, so we're officially Tromso residents now": the keys date the new home.
    r"|\b(?i:got|picked\s+up|collected|were\s+handed)\s+(?i:the|our|my)\s+(?i:new\s+)?(?i:keys|house\s+keys)\b"
    # "Keys handed over yesterday, so …"
    # ("keys came through yesterday. I'm a Hilo resident now!")
    r"|\b(?i:keys)\s+(?i:handed\s+over|collected|picked\s+up|came\s+through|arrived)\b"
    # "Two weeks ago I left Cusco for good. Lima is home base now."
    r"|\b(?i:left)\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?\s+(?i:for\s+good|behind\s+for\s+good)\b"
    # "Our family left Nairobi last year, we're settled in Mombasa now": a place left, the new one lived in.
    r"|\b(?i:left)\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?\b(?=[^.!?]{0,60}\b(?i:settled|living|based|live)\s+in\s+[A-Z])"
    # "I transferred to the Limerick office and rent a place there now": a move with the job.
    r"|\b(?i:transferred|got\s+transferred|was\s+transferred)\s+to\s+(?:the\s+|our\s+)?[A-Z][a-z]+\s+"
    r"(?i:office|branch|site|campus|store|plant|hub)\b"
    # "the truck dropped our stuff off last Monday", "the movers brought our furniture on Friday": the household's
    # belongings delivered by the removal people (a parcel's driver brings "my order", not "our stuff")
    r"|\b(?i:movers|removalists|removal\s+(?:men|guys|van|truck|company)|moving\s+(?:truck|van|company|guys)"
    r"|the\s+(?:truck|van|lorry))\s+(?i:finally\s+|just\s+)?(?i:dropped|delivered|brought|unloaded|dumped)(?:\s+off)?"
    r"\s+(?i:all\s+)?(?i:our|my)\s+(?i:stuff|things|boxes|furniture|belongings)\b"
)
# Words of home and moving: "left X" among them is a place left, not an employer.
_HOME_TALK = re.compile(
    # ("Left Deloitte last Monday. Doing freelance tax prep from home now": work done from home is work talk)
    r"\b(?:(?<!\bfrom\s)home|moved|moving|relocat\w*|live|living|house|flat|apartment|city|town|settled|unpack\w*|neighbou?rhood"
    r"|for\s+good|packed|rent(?:ing|ed)?)\b"
    # ("we left Accra, been in Kumasi since Monday": a stay in a town since a time)
    r"|\bbeen\s+(?:living\s+|staying\s+)?in\s+(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?\s+since\b"
    # ("… left Leeds, I'm based in Tromsø now"; not "based in the Leeds office of KPMG")
    r"|\bbased\s+(?:in|out\s+of)\s+(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?\b"
    r"(?!\s+(?:office|branch|site|team|hub|HQ|headquarters)\b)",
    re.I,
)


def _profile_field_facts(ctx: TurnContext, clause: Clause, bare: str) -> Iterator[CandidateFact]:
    """ "Update my profile: employer Natixis, title compliance analyst" (the speaker's own, said as now)."""
    if re.search(r"\b(?:not|never|used to|his|her|their|your|old|former|previous)\b|n't\b", clause.text, re.I):
        return
    for m in _PROFILE_FIELD.finditer(bare):
        field_colon = re.search(
            r"(?:employer|company|workplace|title|role|position|occupation|profession)\s*:", m.group(), re.I
        )
        if not (_PROFILE_CUE.search(ctx.text) or field_colon):
            continue
        if m.group("org") and m.group("org").split()[0] not in _NOT_NAMES:
            yield _fact(ctx, clause, m, ctx.speaker_id, "works_at", _clean(m.group("org")), "profile_field")
        elif m.group("title") and not _NOT_A_ROLE.search(m.group("title")):
            yield _fact(ctx, clause, m, ctx.speaker_id, "job_title", _clean(m.group("title")), "profile_field")


def _is_job(title: str) -> bool:
    """A job noun, never a customer's or a guest's part ("I'm with Vodafone as a customer")."""
    return bool(_ANY_JOB_NOUN.search(title)) and not _NOT_A_ROLE.search(title)


def _team_and_transfer_facts(ctx: TurnContext, clause: Clause, bare: str, *, negated: bool) -> Iterator[CandidateFact]:
    """A post held on a team ("I'm on the payments team as a backend dev"), a move over to an employer in a post."""
    for m in _ON_TEAM_AS.finditer(bare):
        subject = _subject_of(ctx, clause, m)
        if subject and not negated and not _NOT_A_ROLE.search(m.group("title")):
            yield _fact(ctx, clause, m, subject, "job_title", _clean(m.group("title")), "on_team_as")
    for m in _MOVED_TO_JOB.finditer(bare):
        subject = _subject_of(ctx, clause, m)
        if subject is None or negated or _NOT_A_ROLE.search(m.group("title")) or not _place_ok(m.group("org")):
            continue
        when = clause.past_time(ctx)
        org, title = _clean(m.group("org")), _clean(m.group("title"))
        yield _fact(ctx, clause, m, subject, "works_at", org, "moved_to_job", valid_from=when, ends_previous=True)
        yield _fact(ctx, clause, m, subject, "job_title", title, "moved_to_job.as", valid_from=when, ends_previous=True)


def _role_at_facts(ctx: TurnContext, clause: Clause, bare: str, *, negated: bool) -> Iterator[CandidateFact]:
    """A title at an employer: "she's the procurement lead at Tanaka Foods"."""
    for m in _IS_ROLE_AT.finditer(bare):
        subject = _subject_of(ctx, clause, m)
        title, org = _clean(m.group("title")), _clean(m.group("org"))
        if subject is None or negated or _NOT_A_ROLE.search(title) or org.split()[0] in _NOT_NAMES:
            continue
        yield _fact(ctx, clause, m, subject, "job_title", title, "role_at")
        if org.lower() not in _CITY_WORDS:
            yield _fact(ctx, clause, m, subject, "works_at", org, "role_at.employer")


# An employer said with "in" (Indian and Irish English): "I'm a nurse in St James's Hospital", "working as data analyst
# in Infosys Pune campus", "Husband is in Wipro as team lead". Only an employer-shaped name (a hospital, a bank, a
# college, a firm's campus or office) or one followed by the post held there; "a nurse in Leeds" is a city.
_IN_EMPLOYER = re.compile(
    _SUBJ
    + _ADV
    + r"(?:\s+(?:working|employed)\s+as\s+(?:an?\s+|the\s+)?(?P<title>(?:[A-Za-z-]+\s+){0,3}?[A-Za-z-]+)"
    + r"|(?:\s*'m|\s*'s|\s+am|\s+is)\s+(?:an?\s+)(?P<title2>(?:[A-Za-z-]+\s+){0,3}?[A-Za-z-]+))"
    + r"\s+in\s+(?:the\s+)?"
    + _employer("org")
    + r"(?P<site>\s+(?:campus|office|branch|plant|factory|HQ|headquarters|centre|center))?"
    + r"|"
    + _SUBJ.replace("subj", "subj2")
    + r"(?:\s*'m|\s*'s|\s+am|\s+is)(?:\s+(?:now|currently|also|still|working))*\s+in\s+(?:the\s+)?"
    + _employer("org2")
    + r"\s+as\s+(?:an?\s+|the\s+)?(?P<title3>(?:[A-Za-z-]+\s+){0,2}?[A-Za-z-]+)"
    + r"(?=\s*(?:[,.;!?]|$|\s+(?:and|but|since)\b))"
)
_EMPLOYER_SHAPED = re.compile(
    r"\b(?:Hospital|Clinic|Infirmary|Bank|University|College|School|Academy|Institute|Ltd|Limited|Inc|Corp|Corporation"
    r"|Group|Technologies|Tech|Labs|Solutions|Systems|Services|Consulting|Council|Trust|Pharmacy|Hotel|Airlines|Airways"
    r"|Motors|Foods|Insurance)$"
)


def _employer_in_facts(ctx: TurnContext, clause: Clause, *, negated: bool) -> Iterator[CandidateFact]:
    for m in _IN_EMPLOYER.finditer(clause.text):
        subject = _subject_of(ctx, clause, m, "subj", "subj2")
        org = _clean(m.group("org") or m.group("org2"))
        title = _clean(m.group("title") or m.group("title2") or m.group("title3"))
        site = m.group("site") if m.group("org") else None
        shaped = _EMPLOYER_SHAPED.search(org) is not None or site is not None or m.group("org2") is not None
        if subject is None or negated or not shaped or not _employer_ok(org) or _NOT_A_ROLE.search(title):
            continue
        # ("working as …" says the post; "in Tesco as usual" names none)
        if not (_is_job(title) or m.group("title")):
            continue
        if site and len(org.split()) == 2:
            org = org.split()[0]  # "Infosys Mysore campus": the firm, not its town
        yield _fact(ctx, clause, m, subject, "works_at", org, "employer_in")
        if m.group("title3") or (m.group("title2") and _is_job(title)):
            yield _fact(ctx, clause, m, subject, "job_title", title, "employer_in.title")


def _title_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    # Time words blanked, so a title ends where the date starts ("as a QA engineer two weeks ago").
    bare = clause.without_times(ctx)
    negated = re.search(r"\b(?:not|never|used to)\b", _without_not_me(clause.text))
    yield from _profile_field_facts(ctx, clause, bare)
    yield from _role_at_facts(ctx, clause, bare, negated=bool(negated))
    yield from _employer_in_facts(ctx, clause, negated=bool(negated))
    for m in _JOIN_AS.finditer(bare):
        subject = _subject_of(ctx, clause, m, "subj", "subj2")
        title = _clean(m.group("title") or m.group("title2"))
        if subject is None or negated or _NOT_A_ROLE.search(title):
            continue
        when = clause.past_time(ctx)
        yield _fact(ctx, clause, m, subject, "job_title", title, "joined_as", valid_from=when, ends_previous=True)
        if m.group("org2") and m.group("org2").split()[0] not in _NOT_NAMES:
            org = _clean(m.group("org2"))
            yield _fact(ctx, clause, m, subject, "works_at", org, "started_as", valid_from=when, ends_previous=True)
        elif m.group("org") and re.search(r"\bstarted\s+work\s|\bplaced\s|\bgot\s+(?:selected\s+)?into\s", m.group()):
            # ("started work with Dangote Cement as …", "got placed in Deloitte as …": no other rule names the firm)
            org = _clean(m.group("org"))
            yield _fact(ctx, clause, m, subject, "works_at", org, "started_as", valid_from=when, ends_previous=True)
    yield from _begun_as_facts(ctx, clause, bare)
    yield from _team_and_transfer_facts(ctx, clause, bare, negated=bool(negated))
    for m in _WORK_AT_AS.finditer(clause.text):
        subject = _subject_of(ctx, clause, m)
        # "worked" is past unless perfect: "has worked at the BBC as a sound engineer since 2021".
        past = re.search(r"\bworked\b", m.group()) and not re.search(r"'ve|\bha(?:ve|s)\b", m.group())
        # ("I work at Ferrari as a favour": no post)
        if (
            past
            or (m.group("being") is not None and not _is_job(m.group("title")))
            or _NOT_HIRED_AS.search(m.group("title"))
        ):
            continue
        if subject and not re.search(r"\b(?:not|never|used to)\b", clause.text):
            yield _fact(ctx, clause, m, subject, "job_title", _clean(m.group("title")), "works_as")
            if not re.search(r"\bwork", m.group()):
                # "I've been at Shopify as a senior PM": no "work" verb, so no other rule names the employer.
                org = _clean(m.group("org"))
                yield _fact(ctx, clause, m, subject, "works_at", org, "been_at", valid_from=clause.past_time(ctx))
    for pattern, rule, changed in ((_WORK_AS, "works_as", False), (_IS_TITLE, "is_a", False)):
        for m in pattern.finditer(clause.text):
            subject = _subject_of(ctx, clause, m)
            if subject is None or re.search(r"\b(?:not|never|used to)\b", clause.text):
                continue
            # "Tom is my partner", "Ana is our assistant": a relation to the speaker, not a title.
            if re.search(r"\b(?:my|our|their)\s+(?:new\s+)?$", clause.text[: m.start("title")]) and (
                _clean(m.group("title")).lower().removeprefix("new ") in {*_RELATIONS, "associate"}
            ):
                continue
            yield _fact(
                ctx,
                clause,
                m,
                subject,
                "job_title",
                _clean(m.group("title")),
                rule,
                confidence=STATE_CONFIDENCE,
                ends_previous=changed,
            )
            if m.group("org"):
                yield _fact(
                    ctx,
                    clause,
                    m,
                    subject,
                    "works_at",
                    _clean(m.group("org")),
                    f"{rule}.employer",
                    confidence=STATE_CONFIDENCE,
                )
    # (the times blanked: "bumped up to operations manager two weeks ago" names the title without its date)
    for m in _PROMOTED.finditer(bare):
        subject = _subject_of(ctx, clause, m)
        became = _BECAME.search(m.group())
        # ("promoted to a new role at Sony" names no title)
        if subject and became and not _NO_TITLE_PROMOTED.fullmatch(_clean(m.group("title"))):
            yield _fact(
                ctx,
                clause,
                m,
                subject,
                "job_title",
                _clean(m.group("title")),
                "promoted",
                valid_from=clause.past_time(ctx),
                confidence=0.85,
                ends_previous=True,
            )
            org = m.group("org")
            if org and org.split()[0] not in _NOT_NAMES and org.lower() not in _CITY_WORDS:
                yield _fact(ctx, clause, m, subject, "works_at", _clean(org), "promoted.employer")
    if not negated:
        yield from _bare_title_facts(ctx, clause, bare)
    for m in _TITLE_IS.finditer(clause.text):
        subject = ctx.speaker_id if m.group("account") else _subject_of(ctx, clause, m)
        if subject:
            yield _fact(
                ctx, clause, m, subject, "job_title", _clean(m.group("title")), "title_is", confidence=STATE_CONFIDENCE
            )
    yield from _activity_titles(ctx, clause, bare, negated=bool(negated))
    yield from _field_taught_titles(ctx, clause)


# "My husband just made partner at Baker & Kemble", "finally made sergeant", "she made head of science": a rank
# reached, said with "made" and no article (never "made a partner happy", "made dinner").
_MADE_RANK = re.compile(
    _SUBJ
    + _ADV
    + r"\s+(?:finally\s+|just\s+|now\s+)?made\s+(?P<title>(?:(?:senior|full|equity|managing|salaried|junior|staff"
    r"|chief|first|head|detective)\s+)?(?:partner|sergeant|captain|lieutenant|major|corporal|inspector|detective|superintendent"
    r"|principal|fellow|professor|associate\s+professor|team\s+lead|lead|manager|director|supervisor|foreman|editor"
    r"|head\s+of\s+[a-z]+|head\s+chef|sous\s+chef|chef|VP|vice\s+president|CEO|CTO|CFO|COO))\b"
    r"(?!\s+(?:happy|sad|angry|proud|laugh|cry|wait|coffee|tea|dinner|lunch|breakfast)"
    # ("made captain of the netball team": a team's, not a job)
    r"|\s+of\s+(?:the|our|my|his|her|their)\s+[a-z])" + r"(?:\s+(?:at|with|of)\s+(?:the\s+)?" + _employer("org") + ")?"
)


def _made_rank_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    if clause.text.rstrip().endswith("?") or _negated(clause):
        return
    for m in _MADE_RANK.finditer(clause.text):
        subject = _subject_of(ctx, clause, m)
        if subject is None:
            continue
        when = clause.past_time(ctx)
        title = _clean(m.group("title"))
        yield _fact(ctx, clause, m, subject, "job_title", title, "made_rank", valid_from=when, ends_previous=True)
        org = m.group("org")
        if org and org.split()[0] not in _NOT_NAMES and org.lower() not in _CITY_WORDS:
            yield _fact(ctx, clause, m, subject, "works_at", _clean(org), "made_rank.employer", valid_from=when)


def _begun_as_facts(ctx: TurnContext, clause: Clause, bare: str) -> Iterator[CandidateFact]:
    """ "Started as a ranger on Lord Howe", "new role as a data analyst at Grab": the speaker's own new post."""
    # (not asked, denied, wished or someone else's: "did you start as an intern?", "my son started as a …")
    others = re.search(rf"\b(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}(?:{_REL})\b|\b(?:he|she|they)\b", clause.text, re.I)
    if clause.text.rstrip().endswith("?") or _negated(clause) or others:
        return
    if re.search(
        r"\b(?:want|wants|hope|hoping|looking|apply|applying|applied|if|would|could|might)\b", clause.text, re.I
    ):
        return
    for m in _BEGUN_AS.finditer(bare):
        title = _clean(m.group("title"))
        if _NOT_A_ROLE.search(title):
            continue
        # (only a time in its own phrase dates it: "Moved to Singapore two weeks ago, new role as …" dates the move)
        when = clause.phrase_at(m.start("title"), ",;\u2014\u2013").past_time(ctx)
        yield _fact(ctx, clause, m, ctx.speaker_id, "job_title", title, "begun_as", valid_from=when, ends_previous=True)
        org = m.group("org")
        if org and org.split()[0] not in _NOT_NAMES and org.lower() not in _CITY_WORDS:
            org = _clean(org)
            yield _fact(
                ctx, clause, m, ctx.speaker_id, "works_at", org, "begun_as", valid_from=when, ends_previous=True
            )


# "work's at the port now — crane operator for …", "job is in Nelson now: …": the speaker's work told as changed
# before the title said bare.
_WORK_NOW = re.compile(r"^\W*(?:[Mm]y\s+)?(?:[Ww]ork|[Jj]ob)(?:'s|\s+is)\s+(?:at|in|on|with)\s+[^.;!?]{1,30}?\s+now\b")


def _title_here(ctx: TurnContext, said: str) -> str:
    """The title as written, but for the capital the turn's opening gives it ("Paramedic here") or the capitals a
    turn typed in lower case is given to read it ("high school maths teacher here")."""
    title = _clean(said)
    if ctx.typed_in_lower_case:
        return title.lower()
    words = title.split()
    if words[0][1:].islower() and not (len(words) > 1 and all(w[:1].isupper() for w in words)):
        return title[0].lower() + title[1:]
    return title


def _bare_title_facts(ctx: TurnContext, clause: Clause, bare: str) -> Iterator[CandidateFact]:
    """ "got promoted last month!! senior actuary now": the title said bare after the speaker's own job change;
    "Paramedic here, …": the title signed as the turn opens."""
    here = _TITLE_HERE.match(ctx.text) if clause.start == 0 and not _NAME_HERE_TITLE.match(ctx.text) else None
    if here and not _NOT_A_ROLE.search(here.group("title")) and here.group("title").lower() not in _RELATIONS:
        yield _fact(ctx, clause, here, ctx.speaker_id, "job_title", _title_here(ctx, here.group("title")), "title_here")
    m = _BARE_TITLE_NOW.search(bare)
    # (only the speaker's own change: "my brother got promoted, manager now" is his)
    others = re.search(rf"\b(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}(?:{_REL})\b|\b(?:he|she|they)\b", ctx.text, re.I)
    work_now = _WORK_NOW.search(ctx.text, 0, clause.start + m.start()) if m else None
    if m is None or others or not (_JOB_CHANGE.search(ctx.text) or _JOB_LEFT.search(ctx.text) or work_now):
        return
    # (without "now", only right after an event of the job: "since last year" dates, it changes nothing)
    if m.group("org2") and not (_JOB_EVENT.search(ctx.text) or _JOB_LEFT.search(ctx.text) or work_now):
        return
    title = _clean(m.group("title"))
    if title.lower() in _RELATIONS or _NOT_A_ROLE.search(title):
        return
    yield _fact(ctx, clause, m, ctx.speaker_id, "job_title", title, "bare_title_now", ends_previous=True)
    org = m.group("org") or m.group("org2")
    if org and org.split()[0] not in _NOT_NAMES and org.lower() not in _CITY_WORDS:
        yield _fact(ctx, clause, m, ctx.speaker_id, "works_at", _clean(org), "bare_title_now.employer")


# "she lectures in ecology", "I teach chemistry at a comp in Leeds", "my husband teaches high-school maths": the title
# named by the field taught (a lecture's field is any; a school's subjects are known by name, as "teaches piano" or
# "teaches my kids" would not be one).
_SCHOOL_SUBJECTS = (
    r"maths|math|mathematics|English|history|geography|chemistry|physics|biology|science|music|art|drama|French|Spanish"
    r"|German|Mandarin|Chinese|Japanese|Latin|economics|PE|computing|computer\s+science|philosophy|psychology|law"
)
_FIELD_TAUGHT = re.compile(
    _SUBJ
    + r"(?:\s+(?:now|also|still|actually|currently))?"
    + r"\s+(?:(?P<lecture>lecture|lectures)\s+in\s+(?P<field>[a-z]+(?:\s+[a-z]+)?|[A-Z][a-z]+)"
    + r"|(?:teach|teaches)\s+(?:(?:high[- ]school|secondary|primary|GCSE|A-level|year\s+\d+)\s+)?"
    + rf"(?P<subject>{_SCHOOL_SUBJECTS}))"
    + r"(?=\s*(?:[,.;!\u2014\u2013]|$|\s+(?:at|for|now|these\s+days|and|to|full-time|part-time)\b))"
)


def _field_taught_titles(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The title of one who lectures or teaches a field, said by the field (see :data:`_FIELD_TAUGHT`)."""
    if _negated(clause) or _is_question(clause) or _HYPOTHETICAL.search(clause.text):
        return
    for m in _FIELD_TAUGHT.finditer(clause.text):
        subject = _subject_of(ctx, clause, m)
        if subject is None or any(
            a.start() <= m.end() and m.start() <= a.end() for a in _ACTIVITY_TITLE.finditer(clause.text)
        ):
            continue  # ("teaches maths at Riverside High": the activity title's, with its employer)
        if m.group("lecture"):
            field = m.group("field")
            title = f"{field} lecturer"
        else:
            field = re.sub(r"\s+", " ", m.group("subject"))
            title = f"{field} teacher"
        yield _fact(ctx, clause, m, subject, "job_title", title, "field_taught")


def _activity_titles(ctx: TurnContext, clause: Clause, bare: str, *, negated: bool) -> Iterator[CandidateFact]:
    """Titles said as an appointment, an activity or a freelance field."""
    # (an activity after the old post's end is the new one: "not a translator anymore - these days I teach
    # Japanese at Berlitz"; only a negation in its own phrase denies it)
    for m in _ACTIVITY_TITLE.finditer(bare):
        if _own_phrase_negated(bare, m.start()):
            continue
        subject = _subject_of(ctx, clause, m)
        words = m.group("org").split()
        # "for The Guardian" names an employer; "for Yesterday" does not.
        if subject is None or (words[0] in _NOT_NAMES and len(words) == 1):
            continue
        # ("drives", "coaches": the verb's third person, back to its base)
        verb = re.sub(r"(?<=ch)es$|s$", "", (m.group("verb") or "").lower())
        if m.group("books"):
            activity = "bookkeeper"
        else:
            activity = f"{m.group('field')} teacher" if m.group("teach") else _ACTIVITY_TITLES[verb]
        fleet = (m.group("fleet") or "").lower()
        if fleet:
            activity = {"lorrie": "lorry", "buse": "bus", "coache": "coach"}.get(fleet, fleet) + " driver"
        yield _fact(ctx, clause, m, subject, "job_title", activity, "activity_title")
    if negated:
        return
    for m in _APPOINTED.finditer(bare):
        subject = _subject_of(ctx, clause, m)
        if subject is None:
            continue
        if re.match(r"(?i)redundant\b", m.group("title")):
            continue  # "been made redundant" ends a job (``_LEAVE``), it names no title
        yield _fact(ctx, clause, m, subject, "job_title", _clean(m.group("title")), "appointed", ends_previous=True)
        org = m.group("org")
        if org and org.split()[0] not in _NOT_NAMES and org.lower() not in _CITY_WORDS:
            yield _fact(ctx, clause, m, subject, "works_at", _clean(org), "appointed.employer", ends_previous=True)
    titled = [m.span() for m in _FREELANCE_AS.finditer(bare)]
    for m in _FREELANCE_AS.finditer(bare):
        if not _negated(clause):
            yield _fact(ctx, clause, m, ctx.speaker_id, "job_title", _clean(m.group("title")), "freelance_as")
    for m in _FREELANCE.finditer(bare):
        if any(start <= m.start() < end for start, end in titled):
            continue
        field = (m.group("field") or "").strip()
        trade = next((field[: -len(end)] + job for end, job in _FIELD_TITLES if field.lower().endswith(end)), None)
        # ("freelance translation from home": the field is the first word when the phrase runs on)
        first = field.split()[0] if field else ""
        trade = trade or next((job for end, job in _FIELD_TITLES if first.lower() == end), None)
        freelance = f"freelance {trade}" if trade else "freelancer"
        yield _fact(ctx, clause, m, ctx.speaker_id, "job_title", freelance, "freelance")


def _own_phrase_negated(text: str, position: int) -> bool:
    """A negation in the phrase before ``position``, the phrase starting after the last comma, semicolon or dash."""
    head = text[:position]
    start = max(head.rfind(sep) for sep in (",", ";", "\u2014", "\u2013", " - ")) + 1
    return re.search(r"\b(?:not|never|no longer|used to)\b|n't\b", head[start:]) is not None


def _unpossessed_device_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """Devices named without "my": "Phone's a Pixel 8", "it's just the Surface now", "got a pixel 8"."""
    for m in _BARE_DEVICE_IS.finditer(clause.text):
        if clause.text.rstrip().endswith("?") or _phrase_negated(clause.text, m, r"not|never|isn't|wasn't|was"):
            continue
        if re.search(r"\b(?:his|her|their|your)\b", ctx.text[: clause.start + m.start()], re.I):
            continue  # "his laptop is …, phone's a Pixel 8": whose phone is unclear
        yield _fact(ctx, clause, m, ctx.speaker_id, "owns_device", _clean(m.group("device")), "device_is.bare")
    # Only next to a device the speaker is said to own: "at work I use a ThinkPad" alone may be the firm's.
    if _BARE_DEVICE_IS.search(ctx.text) or _DEVICE_IS.search(ctx.text):
        for m in _USE_DEVICE_IS.finditer(clause.text):
            if clause.text.rstrip().endswith("?") or _phrase_negated(clause.text, m, r"not|never|isn't|wasn't|was"):
                continue
            before = ctx.text[: clause.start + m.start()]
            if re.search(r"\b(?:his|her|their|your)\b", before, re.I) or _SOMEONES_DEVICE.search(before):
                continue  # "My husband's laptop is …; at home it's a Kindle": whose is unclear
            yield _fact(ctx, clause, m, ctx.speaker_id, "owns_device", _clean(m.group("device")), "device_is.use")
    # (the "I" a dropped subject was restored with does not count as typing in capitals)
    lower_case = ctx.typed_in_lower_case or not re.search(r"[A-Z]", re.sub(r"^\s*I\b", "", clause.text))
    if lower_case and not clause.text.rstrip().endswith("?"):
        for m in _LOWER_DEVICE.finditer(clause.text):
            if _phrase_negated(clause.text, m):
                continue
            listed, pos = [m], m.end()
            while (more := _LOWER_MORE.match(clause.text, pos)) is not None:
                listed.append(more)
                pos = more.end()
            if len(listed) > 1 and re.match(
                r"\s+(?:for|as\s+(?:a\s+)?(?:gifts?|presents?))\s+(?:my|him|her|them|a|the|our)\b", clause.text[pos:]
            ):
                continue  # "got a pixel 8 and an iphone 15 for the kids": bought for someone else
            for one in listed:
                device = _lower_device_name(one.group("device"), one.group("brand").lower())
                yield _fact(
                    ctx,
                    clause,
                    one,
                    ctx.speaker_id,
                    "owns_device",
                    device,
                    "owns_device.lower_case",
                    valid_from=clause.past_time(ctx),
                    confidence=0.8,
                )
    left = _LEFT_WITH.match(clause.text)
    given_up = _GAVE_UP_DEVICE.search(ctx.text[: clause.start])
    if left and given_up and _ANY_DEVICE.search(ctx.text, given_up.start(), clause.start):
        yield _fact(ctx, clause, left, ctx.speaker_id, "owns_device", _clean(left.group("device")), "left_with")


def _replaced_devices(ctx: TurnContext, clause: Clause, replaced: set[str]) -> Iterator[CandidateFact]:
    """A device replaced by another: the old one ends, the new one is owned (its name goes into ``replaced``)."""
    for m in _REPLACE.finditer(clause.text):
        subject = _subject_of(ctx, clause, m, "subj", "subj2", "subj3")
        new = m.group("device") or m.group("device2") or m.group("device3")
        old = m.group("old") or m.group("old2") or _device_named_before(ctx, clause.start + m.start())
        if subject:
            replaced.add(_clean(new))
            if old:
                yield ending(ctx, clause, subject, "owns_device", _clean(old), "en.replaced_device", m.group())
            yield _fact(
                ctx,
                clause,
                m,
                subject,
                "owns_device",
                _clean(new),
                "replaced_device",
                valid_from=clause.past_time(ctx),
                confidence=0.85,
            )


# "… so I grabbed a Pixel 9 Pro", "…, bought an iPad Air to replace it": the speaker's new device after the death.
_REPLACEMENT_AFTER = re.compile(
    r"\b(?:so|and|then)\s+(?:I\s+|I've\s+|we\s+)?(?:just\s+|had\s+to\s+|finally\s+)?(?:bought|got|grabbed|ordered"
    r"|picked\s+up|splashed\s+out\s+on|upgraded\s+to)\s+(?:myself\s+|us\s+)?(?:an?\s+|the\s+)?(?:new\s+)?"
    + _device("device")
)


def _died_devices(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """A device that broke and is not replaced: "apple watch died, not wearing one anymore"."""
    # ("Galaxy S21 died yesterday so I grabbed a Pixel 9 Pro": a replacement bought after it says it is gone too)
    replaced = _REPLACEMENT_AFTER.search(ctx.text, clause.start) or _ITS_DEVICE_NOW.search(ctx.text)
    if _NOT_REPLACED.search(ctx.text) or _DEAD_FOR_GOOD.search(ctx.text) or replaced:
        for m in _DEVICE_DIED.finditer(clause.text):
            if replaced and replaced.group("device") in m.group():
                continue
            low = m.group("low")
            device = _lower_device_name(low, m.group("brand")) if low else _clean(m.group("device"))
            yield ending(ctx, clause, ctx.speaker_id, "owns_device", device, "en.device_died", m.group())


# A device filled in as a form field: "Phone: iPhone 15.", "laptop - ThinkPad X1", "Tablet: iPad Air (2022)".
_DEVICE_FIELD = re.compile(
    r"(?:^\W*|(?<=, )|(?<=; ))(?i:(?:my\s+)?(?:phone|mobile|cell|handset|laptop|computer|tablet|watch|smartwatch"
    r"|e-?reader|console|device|devices))\s*(?::|[\u2014\u2013-]|=)\s*(?:(?:an?|the|my)\s+)?"
    + _device("device")
    # "my setup these days = Pixel 8 Pro + ThinkPad X1 Carbon", "my daily drivers are an iPhone 15 and a ThinkPad":
    # the devices one works with, listed as one's kit
    + r"|(?:^\W*|(?<=, )|(?<=; ))(?i:my\s+(?:current\s+|usual\s+|tech\s+|work\s+)?(?:setup|set-up|kit|gear|rig"
    r"|daily\s+drivers?)(?:\s+(?:these\s+days|nowadays|now|right\s+now|at\s+the\s+moment))?)"
    r"\s*(?::|[\u2014\u2013-]|=|\s+(?i:is|are|'s)\b)\s*(?:(?:an?|the|my)\s+)?" + _device("device2")
)


def _device_field_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _DEVICE_FIELD.finditer(clause.text):
        # (not a choice asked about: "Phone: iPhone 16 or Pixel 9?")
        if not re.match(r"\s*(?:\?|or\b)", clause.text[m.end() :]):
            yield _fact(
                ctx, clause, m, ctx.speaker_id, "owns_device", _clean(m["device"] or m["device2"]), "device_field"
            )
            for device in _listed_devices(clause.text, m.end()) if m["device2"] else ():
                yield _fact(ctx, clause, m, ctx.speaker_id, "owns_device", device, "device_field")


# ("My mother is using the Redmi Note 13 I bought her last week": the time dates the speaker's buying it, not her
# having it)
_BOUGHT_THEM = re.compile(r"\s+(?:that\s+|which\s+)?I\s+(?:just\s+)?(?:bought|got|gave)\s+(?:her|him|them)\b")


def _given_to(
    ctx: TurnContext, owned: CandidateFact, gift: re.Match[str] | None, *, bought_them: bool
) -> CandidateFact | None:
    """A device fact as the relative's when it was bought for them ("Just bought a Galaxy Watch for my dad"), else as
    said; ``None`` when bought for someone the turn does not name. The purchase's time dates the buying, not the
    relative's having it (as with a device handed on)."""
    if gift is not None:
        if gift.group("rel") is None:
            return None
        relative = f"{ctx.speaker_id}:{_RELATIONS[gift.group('rel').lower()]}"
        return replace(owned, subject=relative, valid_from=None)
    if bought_them and owned.subject != ctx.speaker_id and owned.valid_to is None:
        return replace(owned, valid_from=None)
    return owned


def _device_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    replaced: set[str] = set()
    yield from _replaced_devices(ctx, clause, replaced)
    labelled = [_clean(m.group("device")) for m in _NEW_DEVICE_LABEL.finditer(clause.text)]
    for m in _ACQUIRE.finditer(clause.text):
        device = _clean(m.group("device"))
        # "Got a new laptop: a ThinkPad X1": the model is the device, not "laptop".
        if device in replaced or (labelled and device.lower() in _GENERIC_DEVICES.split("|")):
            continue
        if re.match(rf"\s+(?:{_TAKEN_VERBS})\b", clause.text[m.end() :]):
            continue  # "got my iPhone stolen": taken from the speaker, not acquired
        devices = [device, *_listed_devices(clause.text, m.end())]
        # "Just bought a Galaxy Watch for my dad": the device is the relative's.
        gift = _GIFT_FOR.match(clause.text, m.end())
        bought_them = _BOUGHT_THEM.match(clause.text, m.end()) is not None
        for one in devices:
            generic = one.lower() in _GENERIC_DEVICES.split("|")
            for fact in _state(ctx, clause, m, "owns_device", one, "owns_device"):
                owned = (
                    fact if fact.valid_to else replace(fact, confidence=0.7 if generic else 0.85, ends_previous=False)
                )
                given = _given_to(ctx, owned, gift, bought_them=bought_them)
                if given is not None:
                    yield given
    for m in _DEVICE_IS.finditer(clause.text):
        subject = ctx.speaker_id if m.group("our") else _subject_of(ctx, clause, m)
        # A model without a known brand needs a model number: "a Fritz!Box 7590", not "a Dream".
        model = m.group("model")
        if model is not None and (not re.search(r"\d", model) or model.split()[0] in _NOT_NAMES):
            continue
        if subject and not re.search(r"\b(?:not|never|isn't|was)\b", clause.text):
            device = _clean(m.group("device") or model)
            yield _fact(ctx, clause, m, subject, "owns_device", device, "device_is", valid_from=clause.past_time(ctx))
    yield from _unpossessed_device_facts(ctx, clause)
    yield from _disposed_devices(ctx, clause)
    for m in _GIFTED.finditer(clause.text):
        subject = _subject(ctx, m.group("who"))
        if subject and not _phrase_negated(clause.text, m):
            device = _clean(m.group("device"))
            yield _fact(ctx, clause, m, subject, "owns_device", device, "gifted", valid_from=clause.past_time(ctx))
    for m in _DEVICE_ARRIVED.finditer(clause.text):
        if not re.search(r"\b(?:not|never|hasn't|didn't|yet)\b|n't\b", clause.text):
            device = _clean(m.group("device"))
            yield _fact(
                ctx,
                clause,
                m,
                ctx.speaker_id,
                "owns_device",
                device,
                "device_arrived",
                valid_from=clause.past_time(ctx),
            )
    yield from _gone_devices(ctx, clause)
    yield from _devices_taken_along(ctx, clause)
    yield from _models_handed_on(ctx, clause)
    yield from _taken_devices(ctx, clause)
    yield from _devices_in_passing(ctx, clause)
    for m in _NEW_DEVICE_LABEL.finditer(clause.text):
        if not re.search(r"\b(?:not|never|didn't)\b", clause.text):
            yield _fact(ctx, clause, m, ctx.speaker_id, "owns_device", _clean(m.group("device")), "new_device_label")
    disuse = _DISUSE_IT.search(clause.text)
    if disuse is not None:
        sentence_start = max(ctx.text.rfind(mark, 0, clause.start) for mark in ".!?\n") + 1
        named = list(re.finditer(_device("device"), ctx.text[sentence_start : clause.start]))
        if named:
            device = _clean(named[-1].group("device"))
            yield ending(ctx, clause, ctx.speaker_id, "owns_device", device, "en.disused_device", disuse.group())


# "Bought a Galaxy S24 yesterday, replacing the old Huawei P30", "got a Kobo to replace my Kindle": the device a new one
# was bought to replace (the phrase's own time, if any, dates it).
_BOUGHT_REPLACING = re.compile(
    # ("New Garmin Fenix 8 arrived today to replace my Forerunner 255")
    r"\b(?:bought|got|ordered|picked\s+up|treated\s+myself\s+to|(?<=\s)arrived|came)\s+[^.;!?]{0,60}?(?:,\s*|\s+)"
    r"(?P<phrase>(?:to\s+replace|replacing)\s+"
    + r"(?:my|the|our)\s+(?:(?:old|previous|ancient|dead|broken)\s+)*"
    + _device("device")
    + r")"
)


# A device handed on to a relative, said with who has it now: "gave it to my nephew", "the old A52 went to my niece",
# "passed the Switch on to my little brother", "my old Kindle now belongs to my sister" (not "didn't give it to …",
# nor a plan: "I'll give it to my son").
_HANDED_TO_RELATIVE = re.compile(
    r"(?<!n't\s)(?<!\bnot\s)(?<!\bnever\s)(?<!\bwill\s)(?<!'ll\s)(?<!\bmight\s)(?<!\bcould\s)(?<!\bwould\s)"
    r"(?<!\bto\s)(?<!\bshould\s)"
    r"\b(?:gave|passed|handed|sold|went|goes|has\s+gone|is\s+going|'s\s+going|now\s+belongs|belongs|was\s+given"
    # (what went between the verb and "to" is the device, not the money it fetched: "sold it and gave the cash to …")
    r"|got\s+given)\b(?:\s+(?!to\b|(?:the\s+)?(?:money|cash|proceeds|profit|charger|case|box)\b)[\w'-]+){0,5}?"
    # ("my old iPad went to mum": a parent named bare, as a name)
    r"\s+(?:on\s+|down\s+|over\s+)?to\s+(?:(?:my|our)\s+" + _KIN_ADJ + rf"|(?={_KIN_AS_NAME_BARE}))(?P<rel>{_REL})\b"
    # (lent, not handed on: "gave my iPad to my son for a repair", "… to my sister for the weekend")
    r"(?!'s|\s+(?:for|as)\s+(?:a\s+)?(?:repair|fix|look|check|safekeeping|the\s+weekend|a\s+while)\b)",
    re.IGNORECASE,
)
# "upgraded to a MacBook Pro M3 and gave the M1 Air to my son", "just got a Galaxy S24 FE, the old A52 went to my
# niece": the old device handed on, named by its model code alone (a letter and digits, maybe a suffix word) in a
# turn that names a device of a brand.
_MODEL_HANDED_ON = re.compile(
    r"\b(?:gave|passed|handed)\s+(?:my|the|our)\s+(?:old\s+)?(?P<code>[A-Z]{1,2}\d{1,4}[a-z]?(?:\s+(?:Pro|Air|Max"
    r"|Plus|Ultra|Mini|mini|SE|Lite|FE))?)\s+(?:on\s+|down\s+)?to\s+(?:my|our)\s+"
    r"|\b(?:my|the|our)\s+old\s+(?P<code2>[A-Z]{1,2}\d{1,4}[a-z]?(?:\s+(?:Pro|Air|Max|Plus|Ultra|Mini|mini|SE|Lite"
    r"|FE))?)\s+(?:went|goes|is\s+going|'s\s+going|now\s+belongs)\s+to\s+(?:my|our)\s+"
)


def _models_handed_on(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """An old device handed on, named by its model code alone, in a turn that names a branded device."""
    if not re.search(_device("device"), ctx.text):
        return
    for m in _MODEL_HANDED_ON.finditer(clause.text):
        if _HANDED_TO_RELATIVE.search(clause.text, m.start()) and not _phrase_negated(clause.text, m):
            code = m.group("code") or m.group("code2")
            yield ending(ctx, clause, ctx.speaker_id, "owns_device", code, "en.model_handed_on", m.group())


# "my dad finally upgraded to …": whose old device a put-away one is.
_UPGRADER = re.compile(
    rf"(?P<who>\b[Mm]y\s+{_KIN_ADJ}(?:{_REL}))\s+(?:\w+\s+)?(?:upgraded|switched|moved|changed)\s+(?:over\s+)?to\b"
)


# "he … took my old MacBook Air with him", "my daughter took our spare iPad": the speaker's device, a relative's now.
_TOOK_MY_DEVICE = re.compile(
    rf"(?:\b(?P<pron>he|she)\s+(?:also\s+|just\s+)?|\band\s+|(?P<kin>\b[Mm]y\s+{_KIN_ADJ}(?:{_REL}))\s+(?:also\s+|just\s+)?)"
    r"took\s+(?:my|our)\s+(?:(?:old|spare|previous)\s+)?" + _device("device") + r"(?:\s+with\s+(?P<with>him|her))?"
)


def _devices_taken_along(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The speaker's device a relative took: the relative's now, the speaker's no longer."""
    for m in _TOOK_MY_DEVICE.finditer(clause.text):
        pronoun = {"him": "he", "her": "she"}.get(m.group("with") or "", m.group("pron") or m.group("with"))
        at = clause.start + m.start()
        taker = _subject(ctx, m.group("kin")) if m.group("kin") else pronoun and _antecedent(ctx, pronoun.lower(), at)
        if not taker or taker == ctx.speaker_id or _phrase_negated(clause.text, m):
            continue
        if not taker.startswith(f"{ctx.speaker_id}:"):
            continue
        device = _clean(m.group("device"))
        yield make_fact(taker, "owns_device", device, "en.device_taken_along", m.group())
        yield ending(ctx, clause, ctx.speaker_id, "owns_device", device, "en.device_taken_along.ended", m.group())


def _gone_devices(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """A device that went, said of the device: "my old Kindle found a new owner", "the iPad went to my nephew"."""
    for m in _DEVICE_GONE.finditer(clause.text):
        recovered = re.search(r"\b(?:found|got)\s+it\s+back\b|\bfound\s+it\b|\brecovered\b", ctx.text, re.I)
        if not re.search(r"\b(?:not|never|wasn't|hasn't|didn't)\b", clause.text) and not recovered:
            low = m.group("low")
            device = _lower_device_name(low, m.group("brand")) if low else _clean(m.group("device"))
            # ("bought a Pixel 9 Pro yesterday, my old iPhone 12 is going in a drawer": put away the day its
            # replacement came)
            put_away = m.group("put_away") or m.group("handed_on")
            dated = clause if not put_away or clause.past_time(ctx) else Clause(ctx.text, 0)
            # ("my dad upgraded to a Pixel 9, the old Moto G went in a drawer": the one who upgraded put it away)
            upgrader = _UPGRADER.search(ctx.text, 0, clause.start + m.start()) if m.group("put_away") else None
            owner = _subject(ctx, upgrader.group("who")) if upgrader else ctx.speaker_id
            yield ending(ctx, dated, owner or ctx.speaker_id, "owns_device", device, "en.device_gone", m.group())


def _disposed_devices(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """A device sold, given away, traded in or returned ends: "I sold my Kindle", "traded my Pixel 7 in"."""
    for m in _BOUGHT_REPLACING.finditer(clause.text):
        if not _phrase_negated(clause.text, m, r"not|never|didn't|haven't|won't"):
            phrase = Clause(m.group("phrase"), clause.start + m.start("phrase"))
            yield ending(
                ctx, phrase, ctx.speaker_id, "owns_device", _clean(m.group("device")), "en.replaced_device", m.group()
            )
    for m in _DISPOSE.finditer(clause.text):
        if m.group("split") and m.group("particle") not in _SPLIT_PARTICLES[m.group("split")]:
            continue
        subject = _subject_of(ctx, clause, m, "subj", "subj2", "subj3")
        if subject and not _phrase_negated(clause.text, m):
            device = _clean(m.group("device") or m.group("device2") or m.group("device3"))
            ended = ending(ctx, clause, subject, "owns_device", device, "en.disposed_device", m.group())
            yield _replaced_when_new_came(ctx, clause, ended)


def _replaced_when_new_came(ctx: TurnContext, clause: Clause, ended: CandidateFact) -> CandidateFact:
    """ "Got a Pixel 9 yesterday, ditched the old Galaxy S21": the old one, told after the new one's coming in the same
    sentence with no time of its own, went when the new one came."""
    if clause.past_time(ctx) is not None or not re.search(r"\bold\b", ended.evidence_text, re.I):
        return ended
    start = max(ctx.text.rfind(mark, 0, max(clause.start, 0)) for mark in ".!?\n") + 1
    earlier = Clause(ctx.text[start : clause.start], start)
    own = (
        r"^\W*(?:(?:I|we)(?:'ve)?\s+)?(?:(?:just|finally)\s+)?"
        r"(?:got|bought|picked\s+up|grabbed|received|upgraded\s+to)\b"
    )
    if not re.search(own, earlier.text, re.I):
        return ended
    came = earlier.past_time(ctx)
    return replace(ended, valid_to=came) if came is not None else ended


def _taken_devices(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """A device stolen or lost ends: "my Steam Deck got nicked last week", "someone pinched my Galaxy Watch"."""
    recovered = re.search(r"\b(?:found|got)\s+it\s+back\b|\bfound\s+it\b|\brecovered\b|\bturned\s+up\b", ctx.text, re.I)
    doubted = re.search(r"\b(?:not|never|wasn't|hasn't|didn't|almost|nearly|if|in\s+case)\b", clause.text, re.I)
    if recovered or doubted:
        return
    for m in _DEVICE_TAKEN.finditer(clause.text):
        if re.match(r"\s+in\s+(?:the\s+)?(?:post|mail|transit|delivery)\b", clause.text[m.end() :]):
            continue  # "my new Kindle got lost in the post": a parcel that never came, never owned
        low = m.group("low")
        said = first_group(m, ("device", "device2", "device3")) or ""
        device = _lower_device_name(low, m.group("brand")) if low else _clean(said)
        owner = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}" if m.group("rel") else ctx.speaker_id
        yield ending(ctx, clause, owner, "owns_device", device, "en.device_taken", m.group())


def _devices_in_passing(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """Devices told of by the way: one that died, one in use or at fault, one claimed as someone's."""
    yield from _died_devices(ctx, clause)
    yield from _presupposed_device_facts(ctx, clause)
    yield from _claimed_devices(ctx, clause)
    yield from _given_devices(ctx, clause)
    for m in _DEVICE_FAULT.finditer(clause.text):
        owner = ctx.speaker_id if m.group("our") else _subject_of(ctx, clause, m)
        if owner and not _HYPOTHETICAL.search(clause.text):
            low = m.group("low")
            device = _lower_device_name(low, m.group("brand")) if low else _clean(m.group("device"))
            yield _fact(ctx, clause, m, owner, "owns_device", device, "device_fault")
    for m in _TRIED_ON_MY_DEVICE.finditer(clause.text):
        if not (_HYPOTHETICAL.search(clause.text) or _phrase_negated(clause.text, m, r"not|never|didn't|haven't")):
            yield _fact(ctx, clause, m, ctx.speaker_id, "owns_device", _clean(m.group("device")), "tried_on_device")


# "I tried it on my iPad Air too, same problem", "then I try on my Pixel also same thing": a fault retried on another
# device of the speaker's own.
_TRIED_ON_MY_DEVICE = re.compile(
    r"(?:\bI\s+|(?:^|,\s*)\W*(?:(?:then|and|also|so)\s+)?)(?:(?:also|then|even)\s+)?(?:tried|try|tested|checked)"
    r"(?:\s+(?:it|again|that|this|the\s+app|the\s+site))?\s+on\s+my\s+(?:(?:old|other|work|spare)\s+)?"
    + _device("device")
)


# "My grandson set me up with an iPad mini in March", "my son got me a Kindle for my birthday", "Mum passed me her old
# iPad": a device given to the speaker.
_GIVEN_TO_ME = re.compile(
    r"\b(?:set\s+me\s+up\s+with|sorted\s+me\s+(?:out\s+)?with|got\s+me|bought\s+me|gave\s+me|gifted\s+me"
    r"|passed\s+(?:on\s+)?(?:to\s+)?me|handed\s+(?:down\s+)?(?:to\s+)?me)\s+"
    r"(?:(?:an?|the|his|her|their|old|new|brand[- ]new|second-hand|used|refurbished)\s+)*"
    + _device("device")
    # ("got me a case for …", "bought me an iPhone charger": an accessory, not the device)
    + r"(?!\s+(?:case|cover|charger|screen\s+protector|cable|strap|band|stand|sleeve|skin|dock|adapter)s?\b)"
)
# "does this case fit a Galaxy A55? that's what I've got": the device just named, owned.
_WHAT_I_HAVE = re.compile(
    r"^\W*(?:that's|that\s+is|it's|that's\s+the\s+one|that's\s+the\s+model)\s+(?:what|the\s+one|the\s+model\s+)?\s*"
    r"(?:I|we)(?:'ve\s+got|\s+have|\s+own|\s+use|'m\s+using|\s+got|'re\s+using|\s+am\s+using)\b",
    re.IGNORECASE,
)


def _given_devices(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _GIVEN_TO_ME.finditer(clause.text):
        if not _phrase_negated(clause.text, m) and not _HYPOTHETICAL.search(clause.text):
            device = _clean(m.group("device"))
            yield _fact(
                ctx, clause, m, ctx.speaker_id, "owns_device", device, "given_to_me", valid_from=clause.past_time(ctx)
            )
    have = _WHAT_I_HAVE.match(clause.text)
    if have and not clause.text.rstrip().endswith("?") and not _phrase_negated(clause.text, have, r"not|never"):
        named = list(re.finditer(_device("device"), ctx.text[: clause.start]))
        if named:
            yield _fact(
                ctx, clause, have, ctx.speaker_id, "owns_device", _clean(named[-1].group("device")), "what_i_have"
            )


def _claimed_devices(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """ "the Garmin Forerunner 265 is mine", "that iPad is my daughter's": a device and whose it is."""
    for m in _DEVICE_CLAIMED.finditer(clause.text):
        if _phrase_negated(clause.text, m, r"not|never|isn't|wasn't"):
            continue
        owner = _subject(ctx, m.group("who")) if m.group("who") else ctx.speaker_id
        if owner:
            yield _fact(ctx, clause, m, owner, "owns_device", _clean(m.group("device")), "device_claimed")


# "it's a PS5 Slim household now", "we're an iPhone family": the device the household runs on, said of the household.
_DEVICE_HOUSEHOLD = re.compile(
    r"\b(?i:it's|it\s+is|we're|we\s+are|we've\s+become|we\s+became)\s+(?:(?:now|officially|basically|fully|firmly"
    r"|strictly|very\s+much)\s+)*(?:an?\s+)?" + _device("device") + r"\s+(?:household|house|home|family)\b"
)
# "we got a Galaxy Tab S9 on top of the old Kindle Paperwhite", "bought a Garmin alongside my Apple Watch": the
# device kept beside the one acquired.
_KEPT_BESIDE = re.compile(
    r"\b(?:on\s+top\s+of|in\s+addition\s+to|alongside|along\s+with|next\s+to|besides)\s+"
    r"(?:(?:the|my|our)\s+)(?:(?:old|trusty|ancient|existing|current)\s+)*" + _device("device")
)
# "the Dell XPS 13 I got last month already has a dead pixel", "this Kindle we bought in May": the device named with
# the speaker's buying of it (not one bought for someone: "the iPad I got my son").
_DEVICE_I_GOT = re.compile(
    r"\b(?:[Tt]he|[Tt]his|[Tt]hat|[Mm]y|[Oo]ur)\s+(?:new\s+|brand[- ]new\s+)?"
    + _device("device")
    + r"\s+(?:that\s+|which\s+)?(?:I|we)\s+(?:just\s+|only\s+|recently\s+|finally\s+)?"
    r"(?:got|bought|purchased|ordered|picked\s+up)\b"
    # ("the AirPods Pro I got for Christmas": the occasion, not someone the device was for)
    r"(?!\s+(?:for(?!\s+(?:Christmas|Xmas|my\s+(?:birthday|anniversary|graduation)|Eid|Diwali|Hanukkah)\b)|my|our|him"
    r"|her|them|as\s+a)\b)"
)
# "left my AirPods Pro on the subway", "dropped my Kindle overboard": a device left behind, gone only when the turn
# says it will not be replaced or came back ("left my iPad on the train" alone may be got back).
_DEVICE_LEFT_BEHIND = re.compile(
    r"\b(?:left|lost|dropped|forgot)\s+(?:my|our)\s+(?:(?:old|new|brand[- ]new|work)\s+)*"
    + _device("device")
    + r"\s+(?:on|in|at|behind|overboard|somewhere)\b"
)
# "not buying another pair", "done with earbuds", "never got them back": the loss is for good.
_GONE_FOR_GOOD = re.compile(
    r"\b(?:not|never|won't|no\s+point)\s+(?:be\s+)?(?:buying|getting|replacing)\s+(?:another|a\s+new)\s+(?:pair|one)\b"
    r"|\bdone\s+with\s+(?:\w+\s+)?(?:earbuds|earphones|headphones|phones|tablets|watches|smartwatches|e-?readers|it|them)\b"
    r"|\bnever\s+(?:got|get|saw|see)\s+(?:it|them)\s+(?:back|again)\b|\bgone\s+for\s+good\b",
    re.IGNORECASE,
)
# "my Ring doorbell caught the whole thing", "my Garmin clocked 30k", "my Apple Watch says I slept 5 hours": a device
# at its work is the speaker's (or the named relative's).
_DEVICE_AT_WORK = re.compile(
    rf"(?:{_POSS}|(?P<our>\b[Oo]ur))\s+(?:(?:old|new|trusty|little)\s+)*"
    + _device("device")
    + r"(?:'s|\s+(?:has|had|just|literally|actually))*\s+"
    r"(?:caught|recorded|filmed|captured|spotted|picked\s+up|tracked|logged|clocked|counted|measured|flagged|beeped"
    r"|buzzed|pinged|alerted|woke|says|said|shows|showed|reckons|registered|saved)\b"
)


# "won't pair anymore", "doesn't hold a charge any more": a fault the device still has.
_FAULT_GOES_ON = re.compile(
    r"\b(?:won't|wont|doesn't|does\s+not|can't|cannot|will\s+not|isn't|refuses\s+to)\s+(?:\w+\s+){1,3}?any\s?more\b",
    re.IGNORECASE,
)


def _devices_said_casually(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """Devices told of informally: a household's, one kept beside a new one, one "I got", one lost for good, one at
    its work."""
    text = clause.text
    if text.rstrip().endswith("?") or _HYPOTHETICAL.search(text):
        return
    for m in _DEVICE_HOUSEHOLD.finditer(text):
        if not _phrase_negated(text, m, r"not|never|isn't|aren't|wasn't|no\s+longer"):
            yield _fact(ctx, clause, m, ctx.speaker_id, "owns_device", _clean(m["device"]), "device_household")
    acquired = _ACQUIRE.search(text)
    after = acquired.end() if acquired else len(text)
    for m in _KEPT_BESIDE.finditer(text, after):
        if not _phrase_negated(text, m):
            yield _fact(ctx, clause, m, ctx.speaker_id, "owns_device", _clean(m["device"]), "device_kept_beside")
    # ("the Kobo I bought last year, I don't use it anymore", "… want to return it": gone, or going back)
    # ("the Sony … I bought from you won't pair anymore": a fault that goes on, not the device gone)
    unfaulted = _FAULT_GOES_ON.sub(" ", ctx.text)
    kept = not (_ENDS_STATE.search(unfaulted) or _GAVE_UP_DEVICE.search(ctx.text) or _DISUSE_IT.search(ctx.text))
    for m in _DEVICE_I_GOT.finditer(text) if kept else ():
        if not re.search(r"\b(?:return\w*|refund\w*|sen[dt]\s+(?:it\s+)?back|exchang\w*)\b", ctx.text, re.I):
            device = _clean(m["device"])
            yield _fact(
                ctx, clause, m, ctx.speaker_id, "owns_device", device, "device_i_got", valid_from=clause.past_time(ctx)
            )
    if _GONE_FOR_GOOD.search(ctx.text):
        for m in _DEVICE_LEFT_BEHIND.finditer(text):
            if not _phrase_negated(text, m):
                yield ending(
                    ctx, clause, ctx.speaker_id, "owns_device", _clean(m["device"]), "en.device_left", m.group()
                )
    for m in _DEVICE_AT_WORK.finditer(text):
        owner = ctx.speaker_id if m["our"] else _subject_of(ctx, clause, m)
        if owner and not _phrase_negated(text, m, r"not|never|didn't|doesn't|don't|isn't|wasn't"):
            yield _fact(ctx, clause, m, owner, "owns_device", _clean(m["device"]), "device_at_work")


def _settled_device_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The clause's device facts, without the owning of a device the same clause says went ("bought an iPad Air and
    the old iPad mini went to my nephew": the mini is listed after the Air, but it is gone)."""
    facts = [*_device_facts(ctx, clause), *_devices_said_casually(ctx, clause)]
    gone = {(f.subject, f.value) for f in facts if f.predicate == "owns_device" and f.valid_to is not None}
    yield from (f for f in facts if f.valid_to is not None or (f.subject, f.value) not in gone)


def _device_named_before(ctx: TurnContext, end: int) -> str | None:
    """The last device the sentence names before ``end`` ("My iPad died so I replaced it with …")."""
    sentence_start = max(ctx.text.rfind(mark, 0, end) for mark in ".!?\n") + 1
    named = list(re.finditer(_device("device"), ctx.text[sentence_start:end]))
    return named[-1].group("device") if named else None


def _phrase_negated(text: str, m: re.Match[str], words: str = r"not|never|didn't|wasn't|hasn't") -> bool:
    """A negation in the comma phrase of ``m``: "Sold my Xbox, never had time to play" ends the Xbox, "I
    haven't sold my Xbox" does not."""
    start = max(text.rfind(mark, 0, m.start()) for mark in ",;:") + 1
    ends = [i for i in (text.find(mark, m.end()) for mark in ",;:") if i >= 0]
    return re.search(rf"\b(?:{words})\b", _unfelt(text[start : min(ends) if ends else len(text)])) is not None


def _listed_devices(text: str, pos: int) -> Iterator[str]:
    """The devices that follow a first one in a list: "a ThinkPad X1, an iPad and a Kindle"."""
    while (more := _MORE_DEVICES.match(text, pos)) is not None:
        device = _clean(more.group("device"))
        yield re.sub(r"(?<=[a-z])s$", "", device) if more.group("count") and not device.endswith("ss") else device
        pos = more.end()


# "cancelled the landline, so 020 … is dead", "closed the old hotmail account, so … is gone": the line or inbox
# given up, then its value said ended.
_LINE_GIVEN_UP = re.compile(
    r"^\W*(?:(?:I|we)\s+)?(?:(?:just|finally|also)\s+)?(?:cancell?ed|disconnected|got\s+rid\s+of|gave\s+up|dropped"
    r"|ditched|closed|shut\s+down|deleted)\s+(?:the|my|our)\s+(?:old\s+)?(?:landline|home\s+phone|house\s+phone"
    r"|work\s+phone|second\s+line|(?:old\s+)?(?:number|mobile|sim)|(?:[\w-]+\s+)?(?:e-?mail|inbox|mailbox|account)(?:\s+account)?)"
    r"\s*(?:,|\s[\u2014\u2013-])?\s*(?:so|and)\s+(?:the\s+|that\s+|my\s+)?(?:old\s+)?$",
    re.IGNORECASE,
)


def _contact_ended(
    ctx: TurnContext, clause: Clause, predicate: str, mention: IdentifierMention, before: str
) -> CandidateFact | None:
    """The speaker's phone or e-mail said ended: "stop using …", "not using the … number anymore", "… is dead"."""
    value = contact_value(predicate, mention)
    ended_after = _CONTACT_ENDED_AFTER.match(ctx.text, mention.span[1], clause.end)
    # ("… is dead, use rb@fastmail.com instead": with a replacement named, only the new one is told)
    replaced = any(m.kind == mention.kind and m.span != mention.span for m in ctx.identifiers)
    if ended_after and (_OWN_OLD_CONTACT.match(before) or _LINE_GIVEN_UP.match(before)) and not replaced:
        return ending(ctx, clause, ctx.speaker_id, predicate, value, f"en.{predicate}.ended_after", ended_after.group())
    stop = _STOP_USING.search(before)
    planned = re.search(r"'ll\b|\bwill\b|\bgoing\s+to\b|\bgonna\b", before, re.I)
    if stop is not None and planned is None and not _OTHER_PEOPLE.search(stop.group()):
        return ending(ctx, clause, ctx.speaker_id, predicate, value, f"en.{predicate}.stop_using", stop.group())
    # "not using the 0412 … number anymore": the ending said around the value.
    disused = _DISUSED_AROUND.search(before)
    after = ctx.text[mention.span[1] : clause.end]
    if disused and re.match(r"\s*(?:number|mobile|phone|e-?mail|address|one)?\s*(?:any\s?more|now)\b", after, re.I):
        return ending(ctx, clause, ctx.speaker_id, predicate, value, f"en.{predicate}.disused", disused.group())
    return None


def _contact_listed_or_theirs(
    ctx: TurnContext, clause: Clause, predicate: str, mention: IdentifierMention, before: str
) -> tuple[bool, list[CandidateFact]]:
    """Whether the contact is told without a cue of :data:`_CONTACT_CUE`, and its fact if anyone's.

    "my mobile's … and email …": the second of the speaker's own lines, listed bare after "and";
    "so his email … should get receipts": the relative's, named by the pronoun.
    """
    value = contact_value(predicate, mention)
    listed = predicate == "email" and re.search(r"\band\s+e-?mail\s*$", before, re.I)
    if listed and _CONTACT_CUE["phone"].search(before):
        return True, [make_fact(ctx.speaker_id, predicate, value, "en.email.listed", "email", confidence=0.85)]
    pronoun = _PRONOUN_CONTACT.search(before)
    if pronoun is None:
        return False, []
    word = "he" if (pronoun.group("pron") or pronoun.group("pron2")).lower() in ("his", "he") else "she"
    subject = _antecedent(ctx, word, clause.start + pronoun.start())
    if subject is None:
        return True, []
    return True, [make_fact(subject, predicate, value, f"en.{predicate}.theirs", pronoun.group(), confidence=0.85)]


def _cue_subject(ctx: TurnContext, clause: Clause, m: re.Match[str]) -> str | None:
    """Whose contact a cue names: the speaker's, a relative named with or without "my", or its subject's."""
    kin = m.groupdict().get("kin")
    if kin:
        return f"{ctx.speaker_id}:{_RELATIONS[kin.lower()]}"
    return ctx.speaker_id if m.group("me") else _subject_of(ctx, clause, m)


def _changed_then_colon(predicate: str, before: str) -> re.Match[str] | None:
    """ "Phone number's been different since last Monday btw: …": the speaker's changed contact named, then a colon."""
    colon = re.search(r"[:：]\s*$", before)
    if colon is None or not re.search(r"\b(?:changed|new|different|updated)\b", before):
        return None
    if re.search(r"\b(?:old|previous|former|wrong)\b", before, re.I):
        return None
    return colon if _OWN_CONTACT_NAMED[predicate].search(before, 0, colon.start()) else None


_LISTED_NEW = re.compile(r"[,;\u2014\u2013]\s*(?:(?:and|plus)\s+)?new\b", re.IGNORECASE)
_RELATIVE_NEWS = re.compile(
    rf"^\W*(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}(?:{_REL})\s+(?:just\s+|recently\s+|finally\s+)?"
    r"(?:got|has|is|was|started|joined|moved|changed|switched|left|quit)\b"
)


def _listed_after_someone_else(clause: Clause, cue: re.Match[str]) -> bool:
    """ "my wife got a job, new work email …": a new line listed after a relative's news may be theirs."""
    return _LISTED_NEW.match(cue.group()) is not None and _RELATIVE_NEWS.match(clause.text) is not None


# Someone else the turn spoke of before a bare "Number is …": "The shop moved. Number is …", "my mum's in Perth, number
# is …".
_SOMEONE_BEFORE = re.compile(
    rf"(?:^|[.!?]\s+)\W*(?:[Tt]he|[Tt]his|[Tt]hat|[Tt]heir|[Oo]ur|[Hh]is|[Hh]er)\s+[a-z]+"
    rf"|\b[Mm]y\s+{_KIN_ADJ}(?:{_REL})\b|\b(?:[Hh]e|[Ss]he|[Tt]hey)\b"
)


def _bare_label_after_someone(ctx: TurnContext, clause: Clause, cue: re.Match[str]) -> bool:
    """ "Number is …" with no owner said is the speaker's, unless the turn spoke of someone else before it."""
    bare = re.fullmatch(r"\W*(?i:number)(?:\s+is)?\s*[:：]?\s*", cue.group()) is not None
    return bare and _SOMEONE_BEFORE.search(ctx.text, 0, clause.start + cue.start()) is not None


def _cue_holds(cues: list[re.Match[str]], before: str) -> bool:
    """Whether the last cue before a contact names the speaker's own, not negated ("That is not my number: …")."""
    if not cues:
        return False
    window = before[max(0, cues[-1].start() - 12) :]
    # ("texts not calls pls: …" sets one channel against another: only someone else's line is refused)
    if cues[-1].groupdict().get("chan"):
        return not re.search(rf"\b(?:[Mm]y\s+{_KIN_ADJ}(?:{_REL})|his|her|their|[A-Z][a-z]+'s)\b", before)
    return not re.search(r"\b(?:not|isn't|wasn't)\b", window)


def _contact_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for predicate, cue in _CONTACT_CUE.items():
        kind: IdentifierKind = "phone" if predicate == "phone" else "email"
        for mention in clause.identifiers(ctx, kind):
            before = clause.text[: mention.span[0] - clause.start]
            ended_contact = _contact_ended(ctx, clause, predicate, mention, before)
            if ended_contact is not None:
                yield ended_contact
                continue
            relative = _REACH_RELATIVE.search(before) if predicate == "phone" else None
            # ("if you can't reach me try my dad …": the condition's "can't" negates nothing asked)
            unreachable = _UNREACHABLE.match(before)
            asked_from = unreachable.end() if unreachable else 0
            if relative is not None and not _negated_before(before[asked_from:], relative.start() - asked_from):
                subject = _subject(ctx, relative.group("who"))
                if subject is not None and subject != ctx.speaker_id:
                    value = contact_value(predicate, mention)
                    yield make_fact(
                        subject, predicate, value, "en.phone.reach_relative", relative.group(), confidence=0.85
                    )
                continue
            cues = list(cue.finditer(before))
            after = _CONTACT_AFTER.match(ctx.text, mention.span[1], clause.end)
            if not cues and after is not None and not _negated(clause):
                value = contact_value(predicate, mention)
                yield make_fact(
                    ctx.speaker_id,
                    predicate,
                    value,
                    f"en.{predicate}.named_after",
                    after.group(),
                    confidence=0.85,
                    ends_previous=bool(re.search(r"\b(?:new|only|now)\b", after.group())),
                )
                continue
            correction = (
                (_CORRECTION_CUE.search(before) or _changed_then_colon(predicate, before)) if not cues else None
            )
            if correction and _OWN_CONTACT_NAMED[predicate].search(ctx.text, 0, clause.start + correction.start()):
                # ("phone's been different since last Monday, it's …": the new one's start)
                since = re.search(r"\bsince\b", before[: correction.start()], re.I)
                yield make_fact(
                    ctx.speaker_id,
                    predicate,
                    contact_value(predicate, mention),
                    f"en.{predicate}.corrected",
                    correction.group(),
                    valid_from=clause.past_time(ctx) if since else None,
                    confidence=0.85,
                )
                continue
            # ("if you can't get hold of me, try my husband — his mobile's …": the condition's "can't" negates nothing)
            if not cues and not re.search(r"\b(?:not|never|no longer|used to)\b|n't\b", _unfelt(before[asked_from:])):
                told, bare = _contact_listed_or_theirs(ctx, clause, predicate, mention, before)
                yield from bare
                if told:
                    continue
            if not _cue_holds(cues, before):
                continue
            m = cues[-1]
            subject = _cue_subject(ctx, clause, m)
            if subject is None or _listed_after_someone_else(clause, m) or _bare_label_after_someone(ctx, clause, m):
                continue
            value = contact_value(predicate, mention)
            evidence = clause.text[m.start() : mention.span[1] - clause.start]
            dead = _CONTACT_DEAD.search(clause.text)
            # "my email is no longer e.adams@…": the value named as ended.
            if re.search(r"(?:\bis|'s)\s+no\s+longer\s*$", before):
                yield ending(ctx, clause, subject, predicate, value, f"en.{predicate}.no_longer", evidence)
                continue
            # The old one is this value only when "old" qualifies it or the ending follows it: in "Don't use my
            # old gmail anymore, use X", X is the replacement.
            mention_at = mention.span[0] - clause.start
            if dead and (dead.end() > mention_at or re.search(r"\b(?:old|previous|former)\b", evidence, re.I)):
                yield ending(ctx, clause, subject, predicate, value, f"en.{predicate}.ended", evidence)
                continue
            # ("moved to Chattogram last month, new number …": a line listed after other news takes no date of theirs)
            listed = "listed" in m.groupdict() and m.group("listed") is not None
            yield CandidateFact(
                subject=subject,
                predicate=predicate,
                value=value,
                rule=f"en.{predicate}",
                evidence_text=evidence.strip(),
                valid_from=None if listed else clause.past_time(ctx),
                confidence=0.9,
                ends_previous=bool(_CONTACT_CHANGE.search(evidence)) or dead is not None,
            )


# "add my colleague Priya Sethi (priya.s@…)", "cc Tom Reyes (0412 …)": a person named in full, the contact in brackets.
_NAME_BEFORE_BRACKET = re.compile(
    r"(?<![\w'])(?P<name>[A-Z][a-z]+\s+(?:(?:van|von|de|da|di|del|al|el|le|la)\s+)?[A-Z][a-z]+(?:-[A-Z][a-z]+)?)\s*\(\s*$"
)
_DESK_WORDS = frozenset(
    re.split(
        r"\s+",
        "Service Services Support Team Desk Office Department Dept Sales Accounts Admin Billing Group Club Store Shop"
        " Care Centre Center Customer Customers Order Orders Client Help Helpdesk Info Contact Press Media Returns"
        " Shipping Reception Enquiries Inquiries HR IT Finance Legal Marketing Payroll Operations",
    )
)
_OWN_NAME_BEFORE = re.compile(r"\b(?:I'm|I\s+am|[Tt]his\s+is|[Ii]t's|[Nn]ame's|[Nn]ame\s+is|[Mm]e)\s*,?\s*$")


def _bracketed_contact_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The e-mail or number given in brackets right after someone's full name is that person's."""
    for mention in (*clause.identifiers(ctx, "email"), *clause.identifiers(ctx, "phone")):
        named = _NAME_BEFORE_BRACKET.search(ctx.text, max(0, mention.span[0] - 60), mention.span[0])
        if named is None or not re.match(r"\s*\)", ctx.text[mention.span[1] :]):
            continue
        name = named.group("name")
        if name.split()[0] in _NOT_NAMES | _NOT_FIRST_NAMES | _KIN_AS_NAMES or _DESK_WORDS.intersection(name.split()):
            continue  # ("Customer Service (help@…)", "Order Desk (…)": a desk, not a person)
        if _OWN_NAME_BEFORE.search(ctx.text, 0, named.start()) or _negated_before(ctx.text, named.start()):
            continue
        predicate = "phone" if mention.kind == "phone" else "email"
        value = contact_value(predicate, mention)
        # ("my manager Helen Park (…)" is the speaker's manager; "my colleague Priya Sethi (…)", one of many, is named)
        kin = re.search(rf"\b[Mm]y\s+{_KIN_ADJ}({_REL})\s*,?\s*$", ctx.text[max(0, named.start() - 40) : named.start()])
        relation = _RELATIONS[kin.group(1).lower()] if kin else None
        subject = f"{ctx.speaker_id}:{relation}" if relation and relation not in _ONE_OF_MANY else name
        evidence = named.group() + mention.text
        yield make_fact(subject, predicate, value, f"en.{predicate}.bracketed", evidence, confidence=0.8)


# "Hi! Quick one: I'm Jonah, I work at …", "It's Siobhan, by the way": a first name given in passing.
# "Long-time customer here, Guillermo Paz, …": the writer introduced by their standing with us, then the full name.
_CUSTOMER_HERE = (
    r"(?:(?:[Ll]ong-?time|[Ll]oyal|[Rr]egular|[Nn]ew|[Ff]irst-time)\s+)?(?:[Cc]ustomer|[Cc]lient|[Mm]ember|[Ss]ubscriber)"
    r"\s+here\s*,\s+"
)
# "quick intro — …", "Introduction: …", "a bit about me: …": a label before the writer's own name and post.
_INTRO_LABEL = (
    r"^\W*(?:(?:[Hh]i|[Hh]ello|[Hh]ey)\W+)?(?:(?:[Aa]\s+)?(?:[Qq]uick|[Ss]hort|[Bb]rief)\s+)?"
    r"(?:[Ii]ntro(?:duction)?|(?:[Aa]\s+bit\s+)?[Aa]bout\s+me)\s*(?:[:\u2014\u2013]|\s-)+\s*"
)
_INTRODUCED = re.compile(
    rf"{_INTRO_LABEL}(?P<name7>[A-Z][a-z]{{2,}}\s+(?:{_PARTICLE})?[A-Z][a-z]+)(?=\s*,)"
    rf"|^\W*{_CUSTOMER_HERE}(?P<name6>[A-Z][a-z]{{2,}}\s+(?:{_PARTICLE})?[A-Z][a-z]+)(?=\s*,|\s*$)"
    r"|\bI'm\s+(?P<name>[A-Z][a-z]{2,})(?=\s*,|\s+here\b|\s+by the way\b|\s+[\u2014\u2013]\s)"
    r"|\b(?:[Ii]t's|[Tt]his is)\s+(?P<name2>[A-Z][a-z]{2,})(?=\s+here\b|,?\s+by the way\b)"
    # "Ellie here, I manage …": a name that opens the turn, signed like a phone call.
    # ("G'day, Liam here": a greeting first)
    r"|^\W*(?:(?:[Hh]i|[Hh]ey|[Hh]ello|[Hh]iya|G'day|[Gg]ood\s+(?:morning|afternoon|evening)|[Mm]orning)\W+)?"
    r"(?P<name3>(?!(?:Everyone|Anyone|Someone|Nobody|Noone|Nothing|Everything|Something|Same|Back|Home|Still"
    r"|Stuck|Right|Over|Out|Up|Down|Just|Only|Again)\b)[A-Z][a-z]{2,}"
    # ("Kenji Watanabe here —": the full name signed so too)
    # (not a desk or a team signing: "Customer Service here", "Billing Team here")
    + r"(?:\s+(?!(?:Service|Services|Support|Team|Desk|Office|Department|Dept|Sales|Accounts|Admin|Billing|Group"
    + rf"|Club|Store|Shop|Care|Centre|Center)\b)(?:{_PARTICLE})?[A-Z][a-z]+(?:-[A-Z][a-z]+)?)?)\s+here\s*(?=[,!:—–-])"
    # "Name's Nha Lopes, I'm a nurse", "The name's Ortega": the name given without "my", opening the turn
    r"|^\W*(?:[Tt]he\s+)?[Nn]ame(?:'s|\s+is)\s+(?P<name4>[A-Z][\w'-]+(?:\s+(?:[a-z]{1,3}\s+)?[A-Z][\w'-]+){0,2})"
    r"(?=\s*(?:[,.;!\u2014\u2013-]|$))"
    # "hi, 我是 Kevin, …": the introduction typed in Chinese, the name in English
    r"|(?:我是|我叫|本人)\s*(?P<name5>[A-Z][a-z]{2,}(?:\s+[A-Z][a-z]+)?)(?=\s*(?:[,，.。!！;\u2014\u2013-]|$))"
)
# "I'm Pedro, a nurse at Mount Sinai": the title and employer set off after the name.
# ("Long-time customer here, Guillermo Paz, accountant at KPMG Madrid": the title without its article)
_NAMED_AS_TITLE = re.compile(
    # ("I'm Ilka, night-shift nurse at Charité": the title may come bare, as on a badge)
    # ("Hi team, this is Ananya Krishnan, QA lead at Infosys": a greeting first, and the full name is the name)
    r"^\W*(?:(?:(?:[Hh]i|[Hh]ello|[Hh]ey|[Dd]ear|[Gg]ood\s+(?:morning|afternoon|evening)|[Tt]eam|[Ff]olks|[Ee]veryone)(?:\s+(?:team|all|there|folks"
    r"|everyone))?\W+)?"
    rf"(?:I'm|I\s+am|[Tt]his\s+is|[Ii]t's)\s+(?P<intro_name>[A-Z][a-z]{{2,}}(?:\s+[A-Z][a-z]+)?)(?:,|\s*[\u2014\u2013])\s+"
    r"(?:(?:an?|the)\s+)?"
    # ("quick intro — Tariq Haddad, product designer at Duolingo": the writer introduced under a label)
    rf"|{_INTRO_LABEL}[A-Z][a-z]{{2,}}\s+(?:{_PARTICLE})?[A-Z][a-z]+,\s+(?:(?:an?|the)\s+)?"
    # ("Hi, Tariq Haddad here, product designer at Duolingo": the name signed like a call, then the post)
    rf"|^\W*(?:(?:[Hh]i|[Hh]ello|[Hh]ey)\W+)?[A-Z][a-z]{{2,}}(?:\s+(?:{_PARTICLE})?[A-Z][a-z]+)?\s+here\s*"
    r"(?:,|[\u2014\u2013]|\s-)\s*(?:(?:an?|the)\s+)?"
    rf"|{_CUSTOMER_HERE}[A-Z][a-z]{{2,}}\s+(?:{_PARTICLE})?[A-Z][a-z]+,\s+(?:(?:an?|the)\s+)?)"
    + _TITLE
    + r"\s+(?:at|with|for)\s+(?:the\s+)?"
    + _employer("org")
)
# "I manage the Cardiff branch of Greggs", "I run the Leeds store for Boots": the employer and the post.
_MANAGE_UNIT = re.compile(
    r"\bI\s+(?:now\s+|currently\s+)?(?:manage|run)\s+(?:the|our|their)\s+(?:[A-Z][\w'-]*\s+){1,2}"
    r"(?P<unit>branch|store|shop|office|site|depot|warehouse|restaurant|outlet|location)\s+(?:of|for)\s+(?:the\s+)?"
    + _employer("org")
)
# "Hi, I'm Carla.": a greeting, then the name on its own.
_GREETING = re.compile(r"^\W*(?:hi|hello|hey|good (?:morning|afternoon|evening))(?:\s+there)?\W*$", re.IGNORECASE)
_GREETED_NAME = re.compile(r"^\s*I'm\s+(?P<name>[A-Z][a-z]{2,})\s*(?:[.!,]|$)")
# Words that follow "I'm" capitalised without being names.
_NOT_FIRST_NAMES = frozenset(
    [
        "Sorry",
        "Fine",
        "Good",
        "Back",
        "Done",
        "Afraid",
        "Glad",
        "Happy",
        "Sure",
        "Okay",
        "Ready",
        "Home",
        "Out",
        "Late",
        "New",
        "Busy",
        "Tired",
        "Confused",
        "Excited",
        "Interested",
        "Curious",
        "Not",
        "Really",
        "Very",
        "British",
        "American",
        "Chinese",
        "Canadian",
        "Australian",
        "Irish",
        "German",
        "French",
        "Spanish",
        "Italian",
        "Japanese",
        "Korean",
        "Indian",
        "Mexican",
        "Brazilian",
        "Dutch",
        "Swiss",
        "Swedish",
        "Vegan",
        "Vegetarian",
        "Pescatarian",
        "Coeliac",
        "Celiac",
        "Diabetic",
        "Jewish",
        "Muslim",
        "Christian",
        "Catholic",
        "Free",
        "Available",
        "Online",
        "Offline",
        "Pregnant",
        "Retired",
        "Single",
        "Married",
        "Divorced",
    ]
)


# "Hazel is my daughter — she sometimes uses this account too": a relative introduced by name.
_NAME_IS_RELATIVE = re.compile(rf"^\W*(?P<name>[A-Z][a-z]+)\s+is\s+my\s+(?P<rel>{_REL})\b(?!'s|\s+\w+'s)")


def _event_time(ctx: TurnContext, clause: Clause, event: re.Pattern[str]) -> datetime | None:
    """The one past time of the sentence around ``clause`` when the sentence names ``event``: "Got married in
    December, so my surname is …" dates the name by the wedding."""
    sentence = _sentence_of(ctx.text, clause)
    if not event.search(sentence):
        return None
    start = ctx.text.find(sentence)
    begun = {
        t.start
        for t in ctx.times
        if start <= t.span[0] < start + len(sentence) and t.start <= ctx.at and not t.start <= ctx.at < t.end
    }
    return begun.pop() if len(begun) == 1 else None


# "can you fix the name on my account? it's Rangi Parata-Walker, hyphen and all", "it's Siobhán with the fada btw,
# not Siobhan": the speaker's name set right, opening its clause (only in a turn about the speaker's name or how it
# is written, checked by ``_spelled_names``).
_NAME_SET_RIGHT = re.compile(
    # ("its Siyabonga not Siyabongo": the apostrophe dropped)
    r"(?:^\W*|(?<=[\u2014\u2013]\s))(?:(?i:no|nope|actually|sorry|oh|and)[,\s]+)*(?i:it's|its|it\s+is|it\s+should\s+be)\s+"
    # (any letters, accented or not, and a capital inside: "MacLeòid", "Tāne", "O'Neill")
    rf"(?P<name>[A-ZÀ-ÖØ-Þ](?:[^\W\d_]|['’])+(?:[\s-]+(?:{_PARTICLE})?[A-ZÀ-ÖØ-Þ](?:[^\W\d_]|['’])+){{0,2}})"
    r"(?=\s*(?:[,.;!]|$)|\s+(?:with|btw|not|please|pls|thanks)\b)"
)
# What makes a turn about the speaker's name: the name itself (the speaker's or the one on the account) or its
# writing ("with the fada", "hyphen and all", "spelt with two n's").
_NAME_TALK = re.compile(
    r"(?:\b(?:my|the)\s+|^\W*)(?:(?:full|first|last|sur|given|legal|display)\s*)?name\b(?!\s+of\b)"
    r"|\b(?:(?:mis)?spell(?:ed|t|ing)?|(?:mis)?spelt|fada|accent|acute|diacritics?|macron|umlaut|hyphen(?:ated)?"
    r"|apostrophe)\b",
    re.IGNORECASE,
)
# Words of a place or an address, which the same "it's …, not …" corrects as often ("it's Zürich, not Zurich").
_PLACE_TALK = re.compile(
    r"\b(?:street|st|road|rd|avenue|ave|lane|city|town|suburb|village|address|live|living|moved|based|postcode"
    r"|order|ticket|tracking|company|shop|store|brand|model)\b",
    re.IGNORECASE,
)


def _legal_name(ctx: TurnContext) -> tuple[re.Match[str], str] | None:
    """The speaker's legal name, when the turn also says what people call the speaker (then the only name told)."""
    m = _LEGAL_NAME.search(ctx.text)
    if m is None or not _NAME_WORDS.search(ctx.text, m.end()):
        return None
    name = m.group("name")
    return None if name.split()[0] in _NOT_NAMES or name in _KIN_AS_NAMES else (m, name)


# "it's Siyabonga not Siyabongo on my account": the wrong spelling set aside, then where it is written (the record
# the name is on, which makes the correction a name's).
_MISSPELT_ON_RECORD = re.compile(
    r"\s*,?\s+not\s+(?P<wrong>[A-Z][^\W\d_]+)\s+on\s+(?:my|the|your)\s+(?:acc(?:oun)?t|profile|booking|card|file"
    r"|records?|invoices?|system)\b"
)


def _misspelt(name: str, wrong: str) -> bool:
    """Whether ``wrong`` is ``name`` misspelt: one or two letters changed, added or dropped ("Siyabongo")."""
    return name != wrong and SequenceMatcher(None, name.lower(), wrong.lower()).ratio() >= _MISSPELT_RATIO


_MISSPELT_RATIO = 0.8


def _spelled_names(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    m = _NAME_SET_RIGHT.search(clause.text)
    if m is None or _PLACE_TALK.search(ctx.text):
        return
    wrong = _MISSPELT_ON_RECORD.match(clause.text, m.end())
    if not _NAME_TALK.search(ctx.text) and not (wrong and _misspelt(m.group("name"), wrong.group("wrong"))):
        return
    name = _clean(m.group("name"))
    first = name.split()[0]
    if first in _NOT_NAMES or first in _NOT_FIRST_NAMES or first in _KIN_AS_NAMES or name.lower() in _CITY_WORDS:
        return
    # (whose name the turn speaks of: "my son's name …" makes it another's)
    if re.search(rf"\b(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}(?:{_REL})'s\b|\b(?:his|her|their)\s+name\b", ctx.text):
        return
    yield _fact(ctx, clause, m, ctx.speaker_id, "name", name, "name_set_right", confidence=0.8, ends_previous=True)


# The speaker's name said as one kind of name, or as the right spelling of the one on file: "going by my maiden name
# Harper again", "I go by my middle name, Tomas", "Ffion Pritchard is just for forms", "name on the account is
# misspelled, it's Walter Kowalczyk".
_NAME_OF_A_KIND = re.compile(
    r"(?:\bI(?:'m|\s+am)?\s+|(?:^|(?<=[,;:\u2014\u2013]\s))(?:(?:and|now|so)\s+)?)(?:go|going|goes)\s+by\s+my\s+"
    r"(?:maiden|middle|birth|married|stage|pen|given|first|old)\s+name,?\s+(?:again\s+)?"
    r"(?P<name>[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?)"
    r"|(?:^|(?<=[,;:\u2014\u2013]\s)|(?<=\s-\s))(?P<name2>[A-Z][a-z'-]+\s+[A-Z][a-z'-]+)(?:'s|\s+is)\s+(?:just|only)\s+"
    r"(?:for|on)\s+(?:the\s+)?(?:forms|paperwork|official\s+\w+|passports?|legal\s+\w+|documents|the\s+bank)\b"
    r"|\b(?P<mine>[Mm]y\s+|(?:[Tt]he\s+)?)(?:sur|last\s+|full\s+)?name\s+(?:on\s+(?:the|my)\s+(?:account|profile|order|card)\s+)?"
    r"(?:is|was|'s)\s+(?:been\s+)?(?:misspell(?:ed|t)|spelt\s+wrong|spelled\s+wrong|wrong|incorrect|a\s+typo)\b"
    r"[^.;!?]{0,20}?[,;:\u2014\u2013-]\s*(?:it's|it\s+is|it\s+should\s+be|should\s+be)\s+"
    r"(?P<name3>[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+){0,2})"
)


def _name_of_a_kind_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _NAME_OF_A_KIND.finditer(clause.text):
        name = _clean(m.group("name") or m.group("name2") or m.group("name3"))
        if name.split()[0] in _NOT_NAMES or _negated_before(clause.text, m.start()):
            continue
        # (only the speaker's: "my son's name on the account is wrong" names the son's)
        if re.search(rf"\b(?:[Mm]y\s+{_KIN_ADJ}(?:{_REL})'s|his|her|their)\s*$", clause.text[: m.start()]):
            continue
        yield _fact(ctx, clause, m, ctx.speaker_id, "name", name, "name_of_a_kind", confidence=0.85)


def _names_to_use(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The name the speaker asks to be used: on the account, as a display name, a short form, after marriage."""
    for m in _NAME_TO_USE.finditer(clause.text):
        groups = ("name", "name2", "name3", "name4", "name5", "name6", "name7", "full", "short")
        name = _clean(next(m.group(g) for g in groups if m.group(g)))
        if m.group("full") and not _full_name_ok(ctx.text, clause.start + m.start("full"), name):
            continue
        if m.group("name7") and not _account_name_ok(ctx.text, m.start("name7"), name):
            continue
        if m.group("name3") and not re.search(r"\b(?:name|surname|married|wedding|maiden)\b", ctx.text, re.I):
            continue
        if m.group("name5") and not _NAME_EVENT.search(ctx.text):
            continue
        if m.group("short") and (not _short_name_ok(ctx.text, name) or _legal_name(ctx)):
            continue
        if name.split()[0] not in _NOT_NAMES and not _negated_before(clause.text, m.start()):
            when = _event_time(ctx, clause, _NAME_EVENT) if m.group("name5") else None
            whose = m.group("whose") or m.group("whose2")
            subject = _subject(ctx, f"my {whose}" if m.group("whose") else whose) if whose else ctx.speaker_id
            # (the name on a gift card is the one it is for, not the buyer's)
            if subject is None or (m.group("gift") and not whose):
                continue
            yield _fact(
                ctx,
                clause,
                m,
                subject,
                "name",
                name,
                "name_to_use",
                valid_from=when,
                confidence=0.85,
                ends_previous=True,
            )
    yield from _spelled_names(ctx, clause)


# "night-shift nurse", "part-time barista": when one works, no part of the title.
_WORK_PATTERN = re.compile(
    r"^(?:(?:night|day|late|early|weekend|graveyard)[\s-]shift|part-time|full-time|part\s+time|full\s+time)\s+(?=\S)",
    re.IGNORECASE,
)


# "ICU nurse at Mercy Hospital here, …", "Hi, site manager with Balfour Beatty here": the post signed as the turn opens.
_TITLE_AT_ORG_HERE = re.compile(
    r"^\W*(?:(?:hi|hey|hello|hiya|morning|g'day)[,!\s]+)?(?:(?:just|only)\s+)?(?:an?\s+)?"
    r"(?!(?:your|my|our|his|her|their|the|this|that|a|an)\b)"
    + _TITLE
    + r"\s+(?:at|with|for)\s+(?:the\s+)?"
    + _employer("org")
    # ("Software dev at Monzo. Also …", "Sous chef at Nobu!": the fragment alone opening the turn signs it too, see
    # ``_title_fragment_ok``)
    + r"(?:\s+here\b(?=\s*(?:[,.;:!?\u2014\u2013-]|$))|(?P<fragment>(?=\s*(?:[.!;]|$))))",
    re.IGNORECASE,
)
_NOT_IN_A_TITLE = re.compile(
    r"\b(?:is|are|was|were|be|the|my|your|our|his|her|their|for|to|of|and|book|get|call|ask|tell|send|need|want|fyi"
    r"|btw|please|pls)\b",
    re.IGNORECASE,
)


def _title_fragment_ok(here: re.Match[str]) -> bool:
    """A bare "<title> at <Org>." opening the turn: a short title of no verb nor article, at the employer."""
    if here.group("fragment") is None:
        return True
    said = here.string[here.start("title") : here.start("org")]
    return (
        len(said.split()) <= 5
        and re.search(r"\sat\s+(?:the\s+)?$", said) is not None
        and not (_NOT_IN_A_TITLE.search(here.group("title")))
    )


# "Tom Baker here, QA lead", "Hi, Priya Nair here - senior buyer at Marks & Spencer": a name signed, then the title.
_NAME_HERE_TITLE = re.compile(
    r"^\W*(?:(?i:hi|hey|hello|hiya|morning|g'day)[,!\s]+)?(?P<name>[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?)\s+here\s*"
    r"(?:[,\u2014\u2013:-]+|\s+and\s+I'm)\s*(?:(?i:an?|the)\s+)?"
    + _TITLE
    + r"(?:\s+(?i:at|with|for)\s+(?:the\s+)?"
    + _employer("org")
    + r")?(?=\s*(?:[,.;:!?\u2014\u2013]|\s-\s|$))"
)
# "ICU nurse", "A&E doctor": the ward one works on, no part of the title (like the shift, ``_WORK_PATTERN``).
_WARD = re.compile(r"^(?:ICU|NICU|PICU|ER|A&E|ED|theatre|maternity|oncology|cardiac|ward)\s+(?=\S)")
# "Liam here, chippy by trade": the trade said in passing, slang for a few trades read as the trade.
_BY_TRADE = re.compile(r"(?:^\W*|(?<=,)\s*)(?:an?\s+)?(?P<title>[a-z]+(?:\s+[a-z]+)?)\s+by\s+trade\b")
_TRADE_SLANG = {
    "chippy": "carpenter",
    "chippie": "carpenter",
    "sparky": "electrician",
    "sparkie": "electrician",
    "brickie": "bricklayer",
    "plumber": "plumber",
    "carpenter": "carpenter",
    "electrician": "electrician",
    "builder": "builder",
    "mechanic": "mechanic",
    "welder": "welder",
    "painter": "painter",
    "plasterer": "plasterer",
    "tiler": "tiler",
    "roofer": "roofer",
    "joiner": "joiner",
    "chef": "chef",
    "baker": "baker",
    "butcher": "butcher",
    "locksmith": "locksmith",
    "glazier": "glazier",
    "landscaper": "landscaper",
}


def _introduced_job_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """A job said with an introduction: "I'm Pedro, a nurse at …", "I manage the Cardiff branch of …"."""
    if _negated(clause):
        return
    for m in _NAMED_AS_TITLE.finditer(clause.text):
        org = _clean(m.group("org"))
        title = _WORK_PATTERN.sub("", _clean(m.group("title")))
        yield _fact(ctx, clause, m, ctx.speaker_id, "job_title", title, "named_as_title")
        name = m.group("intro_name")
        if name and name.split()[0] not in _NOT_NAMES and name.split()[0] not in _NOT_FIRST_NAMES:
            yield _fact(ctx, clause, m, ctx.speaker_id, "name", name, "named_as_title.name", confidence=0.8)
        if org.split()[0] not in _NOT_NAMES and org.lower() not in _CITY_WORDS:
            yield _fact(ctx, clause, m, ctx.speaker_id, "works_at", org, "named_as_title.employer")
    signed = _NAME_HERE_TITLE.match(clause.text) if clause.start == 0 else None
    if signed and signed.group("name").split()[0] not in _NOT_NAMES and not _NOT_A_ROLE.search(signed.group("title")):
        title = _WARD.sub("", _WORK_PATTERN.sub("", _clean(signed.group("title"))))
        if title.lower() not in _RELATIONS:
            yield _fact(ctx, clause, signed, ctx.speaker_id, "job_title", title, "name_here_title")
            org = _clean(signed.group("org") or "")
            if org and org.split()[0] not in _NOT_NAMES and org.lower() not in _CITY_WORDS:
                yield _fact(ctx, clause, signed, ctx.speaker_id, "works_at", org, "name_here_title.employer")
    here = _TITLE_AT_ORG_HERE.match(clause.text) if clause.start == 0 else None
    if here and not _NOT_A_ROLE.search(here.group("title")) and _title_fragment_ok(here):
        title = _WARD.sub("", _WORK_PATTERN.sub("", _title_here(ctx, here.group("title"))))
        org = _clean(here.group("org"))
        if title.lower() not in _RELATIONS and org.split()[0] not in _NOT_NAMES and org.lower() not in _CITY_WORDS:
            yield _fact(ctx, clause, here, ctx.speaker_id, "job_title", title, "title_at_org_here")
            yield _fact(ctx, clause, here, ctx.speaker_id, "works_at", org, "title_at_org_here.employer")
    for m in _BY_TRADE.finditer(clause.text):
        trade = _TRADE_SLANG.get(m.group("title").lower().split()[-1])
        # (only in the speaker's own introduction: "Liam here, chippy by trade")
        if trade and (_INTRODUCED.search(ctx.text) or re.match(r"\W*(?:I'm|I\s+am)\b", clause.text)):
            yield _fact(ctx, clause, m, ctx.speaker_id, "job_title", trade, "by_trade")
    for m in _MANAGE_UNIT.finditer(clause.text):
        org = _clean(m.group("org"))
        if org.split()[0] not in _NOT_NAMES and org.lower() not in _CITY_WORDS:
            yield _fact(ctx, clause, m, ctx.speaker_id, "works_at", org, "manage_unit.employer")
            yield _fact(ctx, clause, m, ctx.speaker_id, "job_title", f"{m.group('unit')} manager", "manage_unit")


def _signed_name(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The writer's name under a letter's closing, as the turn's last line."""
    signed = _SIGNED_NAME.fullmatch(clause.text) if not ctx.text[clause.end :].strip() else None
    head = ctx.text[: clause.start]
    if signed is None or not _CLOSING.search(head):
        return
    if ("\n" in head[-3:] or _FORMAL_CLOSING.search(head[-40:])) and signed.group("name").split()[0] not in (
        _NOT_NAMES | _NOT_FIRST_NAMES
    ):
        yield _fact(
            ctx, clause, signed, ctx.speaker_id, "name", _clean(signed.group("name")), "signed", confidence=0.85
        )


def _signed_title(ctx: TurnContext, m: re.Match[str]) -> bool:
    """ "Paramedic here —": a title signed as the turn opens, not a name."""
    return (
        bool(m.groupdict().get("name3"))
        and _TITLE_HERE.match(ctx.text) is not None
        and _NAME_HERE_TITLE.match(ctx.text) is None
    )


def _future_start(ctx: TurnContext, clause: Clause) -> datetime | None:
    """The start still to come a clause names ("from next Monday …"), else ``None``."""
    start = clause.preference_start(ctx)
    return start if start is not None and start > ctx.at else None


# "my wife teaches at …, her name is Goh Pei Shan": the name of the relative the pronoun stands for.
_PRONOUN_NAMED = re.compile(
    rf"(?:^\W*|(?<=[,;:\u2014\u2013]\s)|(?<=\band\s))(?P<pron>[Hh]is|[Hh]er)\s+(?:full\s+)?name(?:'s|\s+is)\s+"
    rf"(?P<name>(?!(?:{'|'.join(_NOT_NAMES)})\b)[A-ZÀ-Ý][a-zß-ÿ]+(?:\s+[A-ZÀ-Ý][a-zß-ÿ]+){{0,2}})\b(?!')"
)


# "My accountant Pieter only takes PDFs", "my physio Aroha says rest it": whom the household deals with, named beside
# the role (the role is the subject, as a relation's is: "{speaker}:accountant").
_SERVICE_NAMED = re.compile(
    r"\b[Mm]y\s+(?:(?:regular|usual|new|own)\s+)?(?P<role>"
    + r"accountant|lawyer|attorney|solicitor|doctor|GP|dentist|nanny|cleaner|gardener|plumber|electrician|vet|tutor"
    + r"|babysitter|carer|caregiver|therapist|physio|physiotherapist|optician|hairdresser|stylist|realtor|landlord"
    + r"|landlady|builder|mechanic|trainer|coach|midwife|bookkeeper|dietitian|nutritionist|chiropractor|psychiatrist"
    + rf")\s+(?P<name>(?!(?:{'|'.join(_NOT_NAMES)}|Dr|Mr|Mrs|Ms|Miss|Prof)\b)[A-ZÀ-Ý][a-zß-ÿ]+"
    + rf"(?:\s+(?!(?:{'|'.join(_NOT_NAMES)})\b)[A-ZÀ-Ý][a-zß-ÿ]+)?)"
    + r"(?=\s+(?:only|always|usually|never|just|also|still|is|has|says|said|wants|needs|takes"
    + r"|prefers|likes|hates|asked|told|insists|uses|works|lives|will|can|and)\b|,|\s*[—–-]\s)"
)


def _service_name_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The name of the speaker's accountant, lawyer, doctor… told beside the role."""
    if _is_question(clause) or _HYPOTHETICAL.search(clause.text):
        return
    for m in _SERVICE_NAMED.finditer(clause.text):
        role = m.group("role").lower()
        yield _fact(ctx, clause, m, f"{ctx.speaker_id}:{role}", "name", _clean(m.group("name")), "service_name")


def _relative_name_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The name of a relative (or a manager, a colleague) told beside the relation: "my sister Anna lives …"."""
    for m in _PRONOUN_NAMED.finditer(clause.text):
        pronoun = "he" if m.group("pron").lower() == "his" else "she"
        subject = _antecedent(ctx, pronoun, clause.start + m.start()) or _owner_antecedent(
            ctx, pronoun, clause.start + m.start()
        )
        if subject is not None and subject.startswith(f"{ctx.speaker_id}:"):
            yield _fact(ctx, clause, m, subject, "name", m.group("name"), "pronoun_named", confidence=0.8)
    for m in _RELATIVE_NAMED.finditer(clause.text):
        rel = next(m.group(g) for g in ("rel", "rel2", "rel3", "rel4", "rel5", "rel6") if m.group(g))
        relation = _RELATIONS[rel.lower()]
        name = next(m.group(g) for g in ("name", "name2", "name3", "name4", "name5") if m.group(g))
        if m.group("rel2") and relation in _OUTSIDE_HOUSEHOLD and re.match(r"\s+as\b", clause.text[m.end() :]):
            continue  # "add my assistant Rhys as a viewer": access for staff, not a name the user tells of
        if m.group("rel3") and re.match(r"\s+who\b", clause.text[m.end() :]):
            continue  # "you have a cousin Rachel who …": a kin title without "my" is no one's in particular
        if m.group("rel2") and " " in name and relation in _ONE_OF_MANY:
            continue  # "my colleague Dana Liu handles …": one of many, known by the full name (the subject)
        yield _fact(
            ctx, clause, m, f"{ctx.speaker_id}:{relation}", "name", _clean(name), "relative_name", confidence=0.85
        )
    yield from _service_name_facts(ctx, clause)


def _profile_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _NAME_IS_RELATIVE.finditer(clause.text):
        if m.group("name") not in _NOT_NAMES and m.group("name") not in _PRONOUNS:
            relative = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}"
            yield _fact(ctx, clause, m, relative, "name", m.group("name"), "name_is_relative")
    greeted = _GREETED_NAME.match(clause.text) if _GREETING.match(ctx.text[: clause.start]) else None
    for m in (*_INTRODUCED.finditer(clause.text), *([greeted] if greeted else [])):
        name = m.group("name") or m.groupdict().get("name2") or m.groupdict().get("name3")
        name = name or m.groupdict().get("name4") or m.groupdict().get("name5") or m.groupdict().get("name6")
        name = name or m.groupdict().get("name7")
        first = name.split()[0] if name else ""
        if (
            name
            and first not in _NOT_NAMES
            and first not in _NOT_FIRST_NAMES
            and not _NAME.search(clause.text)
            and not _signed_title(ctx, m)
        ):
            yield _fact(ctx, clause, m, ctx.speaker_id, "name", name, "introduced", confidence=0.8)
    yield from _introduced_job_facts(ctx, clause)
    yield from _signed_name(ctx, clause)
    legal = _legal_name(ctx)
    if legal is not None and clause.start <= legal[0].start() < clause.end:
        yield _fact(ctx, clause, legal[0], ctx.speaker_id, "name", legal[1], "name.legal", confidence=0.85)
    for m in () if legal else _NAME.finditer(clause.text):
        if _SURNAME_FULL.search(clause.text):
            break  # "my surname is Lindqvist now: Hal Lindqvist": the full name it makes is the name
        subject = _subject(ctx, m.group("subj") or m.group("subj2") or m.group("subj4") or m.group("subj5") or "I")
        name = next(m.group(g) for g in ("name", "name2", "name3", "name4", "name5", "name6", "name7") if m.group(g))
        negated = re.search(r"\b(?:not|never|no\s+longer)\b|\b\w+n't\b", clause.text[: m.end()], re.I)
        if subject and name.split()[0] not in _NOT_NAMES and not negated:
            rule = "name.called" if m.group("name6") else "name"
            # "Since last Monday the team calls me Dev", "Since the wedding in December I go by …": a name used
            # from a day on.
            since = clause.past_time(ctx) if m.group("name5") or m.group("name6") else None
            # "We married in June - I'm Ana Okoro-Lind now": the event that changed the name dates it.
            since = since or _event_time(ctx, clause, _NAME_EVENT)
            yield _fact(ctx, clause, m, subject, "name", _clean(name), rule, valid_from=since, confidence=0.9)
    for m in _SURNAME_FULL.finditer(clause.text):
        if not _negated_before(clause.text, m.start()):
            yield _fact(
                ctx,
                clause,
                m,
                ctx.speaker_id,
                "name",
                _clean(m.group("name")),
                "surname_full",
                valid_from=clause.past_time(ctx) or _event_time(ctx, clause, _NAME_EVENT),
                confidence=0.85,
                ends_previous=True,
            )
    yield from _names_to_use(ctx, clause)
    yield from _name_of_a_kind_facts(ctx, clause)
    yield from _relative_name_facts(ctx, clause)
    for m in _ADDRESS.finditer(clause.text):
        subject = ctx.speaker_id if m.group("the") else _subject_of(ctx, clause, m)
        # "my address is unchanged", "… is on the form": an address has a number or a name in it
        named = re.search(r"\d|\b(?!(?:" + "|".join(_NOT_NAMES) + r")\b)[A-Z]", m.group("addr"))
        # ("my address will be … once we move" is a plan: only with the day it starts is it the address to come)
        planned = m.group("will") is not None and _future_start(ctx, clause) is None
        if subject and named and not re.search(r"\bnot\b", m.group()) and not planned:
            changed = bool(re.search(r"\b(?:new|changed|now)\b", m.group()))
            yield _fact(
                ctx,
                clause,
                m,
                subject,
                "address",
                _clean(m.group("addr")),
                "address",
                # "I moved house last month, the new address is …": the address holds since the move.
                valid_from=clause.past_time(ctx) if not m.group("will") else _future_start(ctx, clause),
                confidence=0.85,
                ends_previous=changed or m.group("will") is not None,
            )
    for m in _SHIPS_TO.finditer(clause.text):
        # Sending there once is an errand; only a lasting marker or "I'm at … now" make it the address.
        if m.group("at") is None and m.group("habit") is None and not _LASTING.search(clause.text):
            continue
        # "all my orders" are the speaker's own; "all customers' orders" are not.
        # ("send all parcels to …": every parcel of the speaker's own)
        mine = r"\ball\s+(?:of\s+)?(?:my\b|(?=(?:the\s+)?(?:parcels|packages|orders|deliveries|shipments|post|mail)\b))"
        others = _OTHER_PEOPLE.search(re.sub(mine, "", m.group(), flags=re.I))
        if re.search(r"\b(?:not|never|don't)\b", clause.text[: m.start()]) or others:
            continue
        address = _CLOSING_COURTESY.sub("", _clean(m.group("addr") or m.group("addr2")))
        # "from next Monday parcels should go to …": a standing address with a start still to come
        start = clause.preference_start(ctx)
        held, since = _there_since(ctx, clause, m)
        if not held:
            continue
        yield _fact(
            ctx,
            clause,
            m,
            ctx.speaker_id,
            "address",
            address,
            "ships_to",
            valid_from=start if start is not None and start > ctx.at else since,
            confidence=0.8,
            ends_previous=True,
        )
    if any(f for f in _ADDRESS.finditer(clause.text)) or any(_SHIPS_TO.finditer(clause.text)):
        return
    yield from _address_mine_facts(ctx, clause)


def _there_since(ctx: TurnContext, clause: Clause, m: re.Match[str]) -> tuple[bool, datetime | None]:
    """Whether the address of :data:`_SHIPS_TO` holds as a home, and since when it has.

    "it's … now, has been since last Monday": said after it; "since last Monday we're at …": said first. A household
    "at" an address holds only with "now" or a "since" ("we're at 5 Kent Road for the party" is a visit).
    """
    since = _been_there_since(ctx, clause.start + m.end())
    if since is not None or m.group("at") is None:
        return True, since
    for mention in clause.times(ctx):
        if re.search(r"\bsince\s+$", ctx.text[: mention.span[0]], re.I) and mention.start <= ctx.at:
            return True, mention.start
    return m.group("at")[0] not in "Ww" or re.match(r",?\s+now\b", clause.text[m.end() :]) is not None, None


# "it's Unit 9, not Unit 6 — 1420 Vali-Asr Street, Tehran": the right part, the wrong one set aside, then the rest; a
# closing "ty!!" or "thanks" is no part of the address.
_CORRECTED_PART = re.compile(
    r"^(?P<right>[^,]{1,30}),\s+(?i:not)\s+[^,\u2014\u2013]{1,30}?\s*[\u2014\u2013,-]\s*(?P<rest>.+)$"
)
_CLOSING_COURTESY = re.compile(r",?\s+(?:ty|thx|thanks|thank\s+you|ta|cheers|pls|please)\W*$", re.I)


def _corrected(address: str) -> str:
    address = _CLOSING_COURTESY.sub("", address)
    # ("it's 1190 Water St, not 1109": the wrong number set aside at the end)
    # ("88 Quarry Hill Rd, NOT Quarry Mill Rd": the wrong street shouted, just the same)
    address = re.sub(r",\s+(?i:not)\s+[^,\u2014\u2013]{1,30}$", "", address)
    part = _CORRECTED_PART.match(address)
    if part is None:
        return address
    # ("it's 42 Tui St, not 24 — couriers keep …": a remark after the wrong part is no part of the address)
    rest = part.group("rest")
    return f"{part.group('right')}, {rest}" if re.match(r"[A-Z0-9]", rest) else part.group("right")


_HELD_SINCE = re.compile(r"\s*(?:now\s*,?\s*)?(?:(?:it's|it\s+has|has|'s)\s+been\s+)?since\b", re.I)


# "my daughter's hostel is Block C Room 214, IISc Hostels, Bengaluru 560012", "my flat is 12 College Rd, Leeds": a home
# named by its kind, then its address (checked by ``_home_address_facts``: a number, and a street or a place after a
# comma; "my flat is 2 minutes from the station" is none).
_HOME_ADDRESS_IS = re.compile(
    _POSS
    + r"\s+(?:(?:new|current|student)\s+)?(?:hostel|dorm(?:\s+room)?|halls|flat|apartment|place|house|home|digs|condo"
    r"|studio|bedsit)\s+(?:is|'s)\s+(?:at\s+)?(?P<addr>[A-Z0-9][^;!?\n]+?)" + _ADDRESS_END
)


def _home_address_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _HOME_ADDRESS_IS.finditer(clause.text):
        address = _corrected(_clean(m.group("addr")))
        shaped = re.search(_STREET, address) or re.search(r",\s+[A-Z][^,]*,", address)
        subject = _subject_of(ctx, clause, m)
        if subject is None or not re.search(r"\d", address) or not shaped or _negated_before(clause.text, m.start()):
            continue
        yield _fact(ctx, clause, m, subject, "address", address, "home_address_is", confidence=0.8)


# "the address is 310 Keller Ave unit 5 …" after a delivery gone wrong, "I moved to Rosario, the address is …": the
# address named bare, in a turn about the speaker's own deliveries or move (``_address_mine_facts``).
_THE_ADDRESS_IS = re.compile(
    r"(?:^\W*|(?<=[.,;!]\s))(?i:the)\s+(?:(?i:new|right|correct|full)\s+)?(?i:address)\s+is\s+(?:now\s+)?"
    r"(?P<addr>(?:[^;!?\n]*?\d)[^;!?\n]*?)" + _ADDRESS_END,
    re.IGNORECASE,
)
_OWN_DELIVERY_OR_MOVE = re.compile(
    r"\b(?:driver|courier|delivery|deliveries|delivered|parcels?|packages?|my\s+order|wrong\s+(?:door|house|address))\b"
    r"|\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+)?(?:moved|relocated|shifted)\b",
    re.IGNORECASE,
)


def _the_address_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    if not _OWN_DELIVERY_OR_MOVE.search(ctx.text) or _RELATIVE_ADDRESS.search(ctx.text):
        return
    for m in _THE_ADDRESS_IS.finditer(clause.text):
        sentence = _sentence_of(ctx.text, clause)
        if _OTHER_PEOPLE.search(sentence) or _negated_before(clause.text, m.start()) or "?" in m.group():
            continue
        address = _corrected(_clean(m.group("addr")))
        if re.search(r"\d", address) and re.search(r"[A-Za-z]{3}", address):
            yield make_fact(ctx.speaker_id, "address", address, "en.the_address_is", m.group(), confidence=0.75)


# "… goes to 88 Larkspur Lane, Cheektowaga NY 14225. Been there since yesterday.": how long the speaker has lived at the
# address just given, said in the next sentence.
_BEEN_THERE_SINCE = re.compile(
    r"\s*[.!]?\s*(?:(?:I've|I\s+have|we've|we\s+have)\s+)?(?:been|lived|living)\s+(?:living\s+)?(?:there|here)\s+since\b",
    re.IGNORECASE,
)


def _been_there_since(ctx: TurnContext, end: int) -> datetime | None:
    said = _BEEN_THERE_SINCE.match(ctx.text, end)
    if said is None:
        return None
    stop = min([i for i in (ctx.text.find(mark, said.end()) for mark in ".!?\n") if i >= 0] or [len(ctx.text)])
    return Clause(ctx.text[said.start() : stop], said.start()).past_time(ctx)


def _address_mine_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The speaker's address given without "my … address is": "New address: …", "deliver to my office at …"."""
    yield from _address_set_facts(ctx, clause)
    yield from _home_address_facts(ctx, clause)
    yield from _the_address_facts(ctx, clause)
    for m in _ADDRESS_MINE.finditer(clause.text):
        address = _corrected(_clean(m.group("addr")))
        # "on my account" is the speaker's own; other people's addresses are not.
        mine = r"\b(?:my|the)\s+(?:account|profile|orders?)\b"
        others = _OTHER_PEOPLE.search(re.sub(mine, "", m.group(), flags=re.I))
        if not re.search(r"\d", address) or others or _negated_before(clause.text, m.start()):
            continue
        # "my sister's address is wrong - it's 4 Elm St": the address of the relative just named
        if _RELATIVE_ADDRESS.search(_sentence_of(ctx.text, clause)):
            continue
        # "For this order only, deliver to my office at …": an errand, kept in the window only.
        # (not a remark in brackets: "(the zip is right this time)")
        plain = re.sub(r"\([^)]*\)", "", clause.text)
        lasting = not (_ONE_OFF.search(plain) and not _LASTING.search(plain))
        # ("ship it to my brother's place: …" for good is his address; only an errand's parcel makes it the speaker's)
        if lasting and re.search(rf"\bmy\s+{_KIN_ADJ}(?:{_REL}|aunty)'s?(?:\s+\w+)?\s*[:\u2014\u2013]", m.group()):
            continue
        # "my address changed last month, it's … now": the change told before the address dates it.
        told = _ADDRESS_CHANGED.search(ctx.text, 0, clause.start + m.start())
        since = Clause(ctx.text, 0).past_time(ctx) if told and lasting else None
        # "New billing address, effective from next Monday: …": the day it starts, said with the label.
        effective = re.search(r"\b(?:effective|starting|beginning|valid|as\s+of|from)\b", m.group(), re.I)
        if since is None and lasting and effective:
            since = Clause(m.group(), clause.start + m.start()).preference_start(ctx)
        # "it's 5/22 Wattle Crescent … now, has been since last Monday": how long it has held, said after it
        if since is None and lasting and _HELD_SINCE.match(clause.text, m.end()):
            since = clause.past_time(ctx)
        yield make_fact(
            ctx.speaker_id,
            "address",
            address,
            "en.address_mine",
            m.group(),
            valid_from=since,
            lasting=lasting,
            confidence=0.8,
            ends_previous=lasting,
        )


# "can u put 18 Rua Serpa Pinto, Praia as my shipping address?", "save Flat 2, 9 Hill St as my billing address": the
# speaker's address, set in the request that names it ("use … as my address" is ``_ADDRESS_MINE``'s).
_PUT_AS_ADDRESS = re.compile(
    r"\b(?:put|set|make|have|save|keep)\s+(?P<addr>(?:" + _STREET + r")[^;!?\n]*?)\s+as\s+(?:my|our)\s+(?:new\s+)?"
    r"(?:(?:home|shipping|delivery|mailing|postal|billing|default|main)\s+)*add?ress\b",
    re.IGNORECASE,
)
# "dad's present should go to his place, 23 Kowhai Road, Gisborne", "my sister's parcels go to her flat: 4 Elm St":
# where a relative's things go, said as their home, is the relative's address.
_RELATIVE_PLACE = re.compile(
    rf"(?:\b[Mm]y\s+(?P<rel>{_KIN_ADJ}(?:{_REL}))|(?<![\w'])(?P<rel2>(?i:mum|mom|dad|grandma|grandpa|granny|gran|nan|nana"
    r"|grandad|granddad)))'s\s+(?:[\w-]+\s+){0,2}?(?:(?:should|can|will|always|must)\s+)?(?:go|goes|get\s+sent|be\s+sent)"
    r"\s+to\s+(?:his|her|their)\s+(?:place|house|home|flat|apartment|unit)\s*[,:\u2014\u2013]\s*"
    rf"(?P<addr>(?:{_STREET})[^;!?\n]*?)" + _ADDRESS_END
)


def _address_set_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """An address set by a request that names it, or a relative's home where their things go."""
    for m in _PUT_AS_ADDRESS.finditer(clause.text):
        if _negated_before(clause.text, m.start()):
            continue
        lasting = not (_ONE_OFF.search(clause.text) and not _LASTING.search(clause.text))
        address = _corrected(_clean(m.group("addr")))
        yield make_fact(
            ctx.speaker_id,
            "address",
            address,
            "en.address_put",
            m.group(),
            lasting=lasting,
            confidence=0.8,
            ends_previous=lasting,
        )
    for m in _RELATIVE_PLACE.finditer(clause.text):
        who = f"my {m.group('rel')}" if m.group("rel") else m.group("rel2").capitalize()
        subject = _subject(ctx, who)
        if subject is None or subject == ctx.speaker_id or _negated_before(clause.text, m.start()):
            continue
        address = _corrected(_clean(m.group("addr")))
        yield make_fact(subject, "address", address, "en.address_relative_place", m.group(), confidence=0.8)


_RELATIVE_ADDRESS = re.compile(rf"\b(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}(?:{_REL})'s?\s+(?:[\w-]+\s+)?add?ress\b")
_RELATIVE_OWNER = re.compile(rf"\b[Mm]y\s+({_REL})'s\s+(?:[\w-]+\s+){{0,3}}(?:is\s+|was\s+|:\s*|#\s*)?$")


# "the bot gave me QN-7715 but that's not mine", "RX-20 isn't mine": a number the user disowns right after naming it.
_DISOWNED_AFTER = re.compile(
    r"[\s,]*(?:(?:but|and|though)\s+)?(?:(?:that|it|this)(?:'s|\s+is|\s+was)\s+not|(?:that|it|this)\s+(?:isn't|wasn't))"
    r"\s+(?:mine|my\s+(?:order|ticket|number|one))\b"
    r"|[\s,]*(?:(?:but|and)\s+)?(?:isn't|is\s+not|wasn't)\s+(?:mine|my\s+(?:order|ticket|number|one))\b"
    # ("QX-11220 belongs to my flatmate": someone else's, looked up for them)
    r"|\s+(?:belongs|belonged)\s+to\s+(?:my|our|someone|somebody|another|a)\b",
    re.IGNORECASE,
)


def _reference_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """Order and ticket numbers the user mentions are theirs to look up later.

    The fact holds from the turn: a date in the turn ("I placed #A-778 two weeks ago", "opened case 88412
    last Monday") dates the placing or the opening, an event the episode keeps with its time mentions, not
    the start of the record being the user's (the schema's convention, settled in session 10).
    """
    kinds: tuple[IdentifierKind, ...] = ("order_id", "ticket_id")
    for kind in kinds:
        for mention in clause.identifiers(ctx, kind):
            if named_as_wrong(ctx, mention) or _DISOWNED_AFTER.match(ctx.text, mention.span[1]):
                continue
            # "My sister's order is 88120045": the relative's, looked up on their behalf.
            owner = _RELATIVE_OWNER.search(ctx.text, clause.start, mention.span[0])
            yield CandidateFact(
                subject=f"{ctx.speaker_id}:{_RELATIONS[owner.group(1).lower()]}" if owner else ctx.speaker_id,
                predicate=kind,
                value=normalize_id(mention.text),
                rule=f"en.{kind}",
                evidence_text=mention.text,
                confidence=0.85,
            )


# ---------------------------------------------------------------------------- preferences

_THEME = re.compile(
    r"\b(?P<theme>dark|light|night|day|high[- ]contrast|sepia)\s+(?:mode|theme)\b"
    # "make the theme light", "switch the theme to dark"
    # ("change my default theme to dark")
    r"|\b(?:make|set|switch|change|turn|keep)\s+(?:the|my)\s+(?:default\s+)?(?:theme|mode|display)\s+(?:to\s+)?"
    r"(?P<theme2>dark|light)\b"
    # "Keep it dark for this session only", "make it light from now on": "it" is the display, with a marker.
    r"|\b(?:keep|make|set|switch|turn|leave)\s+(?:it|everything|things)\s+(?:to\s+)?(?P<theme3>dark|light)\b"
    r"(?=[^.?!]{0,12}\b(?:for (?:this|the) (?:session|time|once)|this time|today|for now|from now on|always|by default"
    r"|going forward|only|please)\b)"
    # ("for today only could the theme go light?", "can the display be dark from now on": what the theme should go)
    r"|\b(?:the|my)\s+(?:theme|display|screen|app)\s+(?:please\s+|just\s+)?(?:go|be|switch\s+to|change\s+to|turn)\s+"
    r"(?P<theme4>dark|light)\b(?!\s+(?:blue|grey|gray|green|red|brown)\b)",
    re.IGNORECASE,
)
_FORMAT = re.compile(
    r"(?<![A-Za-z])(?P<fmt>(?i:pdfs?|excel|xlsx|csv|docx|json|markdown|pptx?|powerpoint|spreadsheets?)|Word(?=\s+(?:doc|document"
    r"|file|format)))(?![A-Za-z])"
)
# "the CSV broke my spreadsheet": the file something broke, named last.
_R38_FORMAT_BROKEN = re.compile(
    r"\b(?:broke|breaks|ruined|ruins|mangled|mangles|messed\s+up|corrupted|corrupts|crashed|crashes|wrecked)\s+"
    r"(?:up\s+)?(?:my|the|our|all\s+my)\s+$",
    re.IGNORECASE,
)
# "the CSV broke my spreadsheet", "the xlsx ruined the dates": a format blamed for what it did.
_R38_FORMAT_BROKE = re.compile(
    r"(?:\s+files?)?\s+(?:totally\s+|completely\s+)?(?:broke|ruined|mangled|messed\s+up|corrupted|crashed|wrecked)\b",
    re.IGNORECASE,
)
# "excel keeps mangling my dates", "PDFs are useless on my phone": a format blamed after its name.
_THEME_BLAMED = re.compile(
    r"\s+(?:is|'s|was|looks|feels|gets)\s+(?:(?:so|too|really|just|totally|basically|kinda)\s+)?"
    r"(?:unreadable|awful|terrible|horrible|useless|painful|hard\s+to\s+read|impossible|killing|hurting|rubbish|garbage"
    r"|too\s+(?:dark|bright|dim))\b"
    r"|\s+(?:hurts|kills|strains|burns)\s+my\s+eyes\b|\s+sucks\b",
    re.IGNORECASE,
)
_FORMAT_BLAMED = re.compile(
    r"(?:\s+files?)?\s+(?:keeps?|always|just|mangles?|breaks?|ruins?|mess(?:es)?|corrupts?|screws?|strips?|is\s+(?:broken|useless|a\s+pain)"
    # ("as a spreadsheet this time - the PDF was useless": the file blamed in the past)
    r"|are\s+(?:broken|useless|a\s+pain)|(?:was|were)\s+(?:(?:so|totally|completely|pretty)\s+)?(?:broken|useless|a\s+pain"
    r"|unreadable|rubbish|garbage))\b",
    re.IGNORECASE,
)
_R39_FORMAT_REFUSED_BY = re.compile(
    r"\b(?:chokes?\s+on|can't\s+(?:open|read|handle|import|take|deal\s+with)|cannot\s+(?:open|read|handle|import|take)"
    r"|(?:doesn't|does\s+not|won't)\s+(?:open|read|handle|support|like|take|import|accept)|hates|struggles\s+with"
    r"|breaks\s+on|fails\s+on|falls\s+over\s+on)\s+(?:the\s+|an?\s+|any\s+|our\s+|my\s+)?$",
    re.IGNORECASE,
)
_USUAL_REFUSED = re.compile(
    r"\b(?:not|instead\s+of|rather\s+than)\s+(?:the|my|our|your)\s+(?:usual|normal|regular|default|standard)\b", re.I
)
_PREFERS_FORMAT = re.compile(
    r"\b(?:prefer|like|love|want|choose|pick|go with|stick with)\s+(?:the\s+|a\s+|my\s+|\w+\s+in\s+)?$", re.I
)
_FORMAT_CONTEXT = re.compile(
    r"\b(?:export|exports|report|reports|send|file|files|format|download|save|deliver|as|in|get|documents?|use"
    r"|give|want|prefer)\b"
    # "Today a CSV is fine": the format accepted for the file at hand
    r"|\b(?:is|'s)\s+(?:totally\s+|perfectly\s+|just\s+)?(?:fine|ok|okay|good\s+enough)\b",
    re.IGNORECASE,
)
_REPORT_FORMAT = re.compile(
    # ("I want variant 2", "option B of the deck": a coded choice of the document's form)
    r"\b(?P<rf>(?:(?:weekly|monthly|daily|quarterly|sales)\s+)?(?:report\s+)?(?:[Tt]emplate|[Vv]ersion|[Ll]ayout|[Ss]tyle"
    r"|[Ff]ormat|[Vv]ariant|[Oo]ption|[Dd]esign)\s+[A-Z0-9][\w-]{0,10})\b"
)
# "the B version", "the 2-page layout" is not coded; "the C layout": a code, then the kind of form.
_CODE_FIRST = re.compile(
    r"\b(?i:the)\s+(?P<rf>[A-Z0-9]\s+(?i:version|layout|template|variant|option|format|style|design))\b"
)
_REPORT_WORD = re.compile(r"\breports?\b|\btemplate\b", re.IGNORECASE)
# A coded layout ("layout C", "template 2") names a report format for any recurring document: "For the Monday ops
# digest I always want layout C".
_CODED_LAYOUT_DOCUMENT = re.compile(
    # ("for the monthly KPI pack I want variant 2": a pack, a deck or a scorecard is such a document too)
    r"\b(?:reports?|template|digests?|summar(?:y|ies)|newsletters?|briefings?|recaps?|round-?ups?|dashboards?|packs?"
    r"|decks?|scorecards?|one-pagers?|bulletins?)\b",
    re.IGNORECASE,
)
# A described layout of the reports: "the one-page summary layout for my weekly report",
# "the short version of the report".
_REPORT_STYLE = re.compile(
    # ("one-page version of the weekly report this week only": the style said first, bare; not "Use the compact …")
    r"(?:\b(?:the|a|an|my)\s+|^\W*(?!(?:use|send|give|make|put|get|do|set|switch|change|keep|can|could|would|please|pls"
    r"|i|we|the|a|an|my|our)\b))(?P<rf>(?:[\w-]+\s+){0,2}?[\w-]+\s+(?:layout|version|template|format|style|edition))"
    # ("the short version of the weekly digest": any recurring document, see ``_REPORT_NOUNS``)
    r"\s+(?:of|for)\s+(?:the\s+|my\s+|our\s+|all\s+|each\s+|every\s+)?(?:[\w-]+\s+)?"
    r"(?:reports?|digests?|summar(?:y|ies)|newsletters?|briefings?|recaps?|round-?ups?|bulletins?)\b",
    re.IGNORECASE,
)
# "make it the one-page executive summary", "give me the detailed report layout" when reports are the topic.
_REPORT_NAMED = re.compile(
    r"\b(?:the|a|an)\s+(?P<rf>(?:[\w-]+\s+){0,3}?(?:summary|digest|overview|layout|version|template|edition|style))\b"
    r"(?:\s+with\s+(?:[\w-]+\s+){0,2}[\w-]+)?",
    re.IGNORECASE,
)
# "give me the long-form report", "the condensed version": a report named by its style.
_REPORT_BY_STYLE = re.compile(
    r"\b(?:the|a|an)\s+(?P<rf>(?:long-form|short-form|long|short|detailed|condensed|brief|full|one-page|two-page|abridged"
    r"|extended|compact|visual|graphical|text-only|plain-text|printable|bullet-point|executive"
    # ("the charts-only report", "the numbers-only summary": what alone it should hold)
    r"|[a-z]+-only)\s+(?:report|version|summary))\b",
    re.IGNORECASE,
)
# "send the weekly digest as the short version", "put my monthly statement in the compact layout": a
# recurring document named, then the style it should come in.
# ("the monthly board pack")
_REPORT_NOUNS = (
    r"reports?|digests?|summar(?:y|ies)|statements?|newsletters?|briefings?|recaps?|round-?ups?|dashboards?"
    r"|(?:board|info|press)\s+packs?"
)
_DOCUMENT_AS_STYLE = re.compile(
    rf"\b(?:{_REPORT_NOUNS})\s+(?:as|in)\s+(?:the|a|an|its)\s+"
    r"(?P<rf>(?:[\w-]+\s+){0,2}?[\w-]+\s+(?:version|layout|format|edition|style|view))\b"
    r"(?!\s+(?:of|for)\s+(?:the|my|your|his|her|their)\b)"
    # "the weekly summary as version C", "my digest in template 2": a coded version of the document.
    rf"|\b(?:{_REPORT_NOUNS})\s+(?:as|in)\s+(?:the\s+)?"
    r"(?P<rf2>(?:version|template|layout|format|style|edition)\s+(?-i:[A-Z0-9][A-Za-z0-9-]{0,3}))\b"
    # "give me the weekly report as the condensed one-pager": the short kind of document it should come as
    rf"|\b(?:{_REPORT_NOUNS})\s+as\s+(?:the|a|an)\s+"
    r"(?P<rf3>(?:[\w-]+\s+)?(?:one-pagers?|two-pagers?|one-page\s+summary|bullet[- ]point\s+(?:list|summary)"
    r"|slide\s+deck))\b",
    re.IGNORECASE,
)
# "For the weekly digest I'd rather get the short one-pager version", "on my monthly newsletter, the plain-text
# edition please": the document named first, then the style it should come in.
_DOCUMENT_LEAD_STYLE = re.compile(
    rf"^\W*(?:for|on|with|as\s+for)\s+(?:the|my|our|your)\s+(?:[\w-]+\s+){{0,2}}?(?:{_REPORT_NOUNS}|bulletins?)\b"
    r"[^.;!?]{0,40}?\b(?:the|a|an)\s+(?P<rf>(?:[\w-]+\s+){0,2}?[\w-]+\s+(?:version|layout|format|edition|style|view))\b"
    r"(?!\s+(?:of|for)\s+(?:the|my|your|his|her|their)\b)",
    re.IGNORECASE,
)
_NOT_A_STYLE = re.compile(r"^(?:same|usual|old|new|other|right|wrong|current|default|latest|previous|final)\b", re.I)
_LANGUAGE_NAMES = (
    "Chinese|Mandarin|Cantonese|English|Japanese|Korean|French|German|Spanish|Portuguese|Italian|Hindi|Arabic|Russian"
    "|Vietnamese|Thai|Swedish|Norwegian|Danish|Finnish|Icelandic|Dutch|Flemish|Polish|Czech|Slovak|Hungarian|Romanian"
    "|Bulgarian|Greek|Turkish|Hebrew|Persian|Farsi|Urdu|Bengali|Tamil|Punjabi|Indonesian|Malay|Tagalog|Filipino"
    "|Ukrainian|Croatian|Serbian|Catalan|Basque|Welsh|Irish|Swahili|Afrikaans|Estonian|Latvian|Lithuanian|Slovenian"
    "|Slovene|Georgian|Armenian|Albanian|Macedonian|Bosnian|Maltese|Luxembourgish|Galician|Nepali|Sinhala|Khmer|Lao"
    "|Burmese|Mongolian|Kazakh|Uzbek|Amharic|Somali|Yoruba|Igbo|Hausa|Zulu|Xhosa|Maori|Samoan|Gujarati|Marathi"
    "|Telugu|Kannada|Malayalam|Scottish Gaelic|Gaelic|Breton|Faroese|Frisian"
)
_LANGUAGE_WORD = re.compile(r"\b(?:" + _LANGUAGE_NAMES + r")\b", re.IGNORECASE)
# Languages by their own names ("I prefer français"): a language, never a free-text taste.
_NATIVE_LANGUAGE = re.compile(
    r"(?:fran[cç]ais|espa[nñ]ol|castellano|deutsch|italiano|portugu[eê]s|nederlands|polski|svenska|norsk|dansk|suomi"
    r"|t[uü]rk[cç]e|[cč]e[sš]tina|magyar|ελληνικά|русский|українська|العربية|עברית|हिन्दी|日本語|中文|普通话|粤语|한국어"
    r"|tiếng việt|bahasa(?:\s+\w+)?)",
    re.IGNORECASE,
)
# "send the summary in Portuguese", "give me the invoices in German": a document asked for in a language.
_LANGUAGE_SENT = re.compile(
    r"\b(?i:send|give|deliver|prepare|draft|translate|do|make)\b(?:\s+[\w-]+){1,4}?\s+(?i:in|into)\s+"
    r"(?P<lang>" + _LANGUAGE_NAMES + r")\b(?!\s+(?:and|or)\s+(?:" + _LANGUAGE_NAMES + r")\b)"
)
# "I'd like statements in Welsh going forward": the documents one receives, in a language.
_LANGUAGE_DOCUMENT = re.compile(
    r"\b(?i:statements?|invoices?|reports?|letters?|bills?|receipts?|summaries|documents?|newsletters?|digests?"
    r"|updates|notifications|correspondence)\s+(?i:in)\s+"
    r"(?P<lang>" + _LANGUAGE_NAMES + r")\b(?!\s+(?:and|or)\s+(?:" + _LANGUAGE_NAMES + r")\b)"
)
_LANGUAGE = re.compile(
    r"\b(?i:repl(?:y|ied)|respond(?:ed)?|answer(?:ed)?|talk(?:ed)?|speak|spoke|write|wrote|written|communicate[d]?|chat"
    r"|responses?|replies|answers|use|used|prefer|switch to|switch\s+me\s+(?:over\s+|back\s+)?to"
    # ("can u switch the app to English", "set my account back to Spanish": what the speaker reads the service in)
    r"|(?:switch|set|change|put|flip)\s+(?:the|my|your)\s+(?:app|account|site|website|interface|settings|profile"
    r"|menus?|display|store)(?:\s+(?:language\s+)?(?:over|back))?\s+(?:to|into)"
    r"|(?:more\s+)?comfortable"
    r"|language is|language to)"
    # ("answer me in te reo Māori": the language's own name for itself before it)
    r"\b(?:\s+\w+){0,3}?\s+(?:in\s+)?(?:(?i:te\s+reo)\s+)?(?P<lang>" + _LANGUAGE_NAMES + r")\b"
    r"(?!\s+(?:food|cuisine|restaurant|class|lessons?"
    r"|course|teacher|tutor|book|movie|film|show|friend|colleague|client|customers?|market|version of"
    # ("switch me to the German team": a group, not a language)
    r"|team|office|branch|department|desk|store|site|shop)\b)"
)
# A language named for everything, or as the default: "I'd like everything in French", "English as the default
# language for the digest", "today English please", "Japanese is fine usually".
_LANGUAGE_CHOSEN = (
    re.compile(
        r"\b(?i:everything|all\s+of\s+it|it\s+all|all\s+(?:my\s+)?(?:messages|communication|correspondence)|things)"
        r"\s+(?i:in)\s+(?P<lang>" + _LANGUAGE_NAMES + r")\b(?!\s+(?:and|or)\s+(?:" + _LANGUAGE_NAMES + r")\b)"
    ),
    re.compile(
        r"\b(?P<lang>" + _LANGUAGE_NAMES + r")\s+(?i:as\s+(?:the|my)\s+(?:default\s+|main\s+|preferred\s+)?language)\b"
    ),
    re.compile(
        r"^\W*(?:(?i:today|tonight|now|this\s+time|just|only|from\s+now\s+on|going\s+forward|and|oh|so)[,\s]+)*"
        # ("English replies from here on please": the language of what we send, named before it)
        r"(?i:in\s+)?(?P<lang>" + _LANGUAGE_NAMES + r")(?:\s+(?i:replies|answers|responses|messages))?"
        r"(?:\s+(?i:only|again))?\s*,?\s*"
        r"(?i:please|pls|plz|from\s+(?:now|here)\s+on|going\s+forward|(?:is|'s)\s+(?:totally\s+|perfectly\s+|just\s+)?"
        r"(?:fine|ok|okay|best|great|good|easier|easiest|simpler))\b"
    ),
    # "háblame en español from now on", "écris-moi en français stp": the language asked for in itself
    re.compile(r"\b(?i:h[áa]blame|escr[íi]beme|resp[óo]ndeme|cont[ée]stame)\s+(?i:en)\s+(?P<lang>(?i:espa[ñn]ol))\b"),
    re.compile(
        r"\b(?i:parle[sz]?[- ]moi|[ée]cri(?:s|vez)[- ]moi|r[ée]ponds[- ]moi|r[ée]pondez[- ]moi)\s+(?i:en)\s+"
        r"(?P<lang>(?i:fran[çc]ais))\b"
    ),
)
# A language named in itself, as asked for in it ("háblame en español").
_LANGUAGE_IN_ITSELF = {"español": "Spanish", "espanol": "Spanish", "français": "French", "francais": "French"}
# A language conceded, not wished: "..., even when I write to you in Hindi", "whenever I type in Welsh".
_LANGUAGE_CONCEDED = re.compile(r"\b(?:even\s+(?:when|though)|whenever)\s+I\s+$", re.I)
# The language a relative can be served in: "My mother only speaks Cantonese", "my dad reads only Spanish".
_RELATIVE_LANGUAGE = re.compile(
    rf"\b[Mm]y\s+(?P<rel>{_HOUSEHOLD})(?:\s+[A-Z][a-z]+)?\s+(?:only\s+|mostly\s+|mainly\s+|just\s+)?(?:speaks|reads"
    r"|understands|prefers)"
    r"\s+(?:only\s+)?(?P<lang>" + _LANGUAGE_NAMES + r")\b"
)
_CHANNEL = re.compile(
    r"\b(?:notify|notification|notifications|notifs?|alert|alerts|remind|reminders?|contact|message|updates?|ping|reach"
    # "send the daily digest by email by default": how a recurring document reaches the speaker
    r"|digests?|newsletters?|briefings?|recaps?|round-?ups?|statements?|invoices|receipts)"
    # ("move my alerts off push and onto email")
    r"\b[^.?!]{0,30}?\b(?:by|via|through|over|on|onto|into|using|with|to my|to)\s+"
    r"(?P<ch>e-?mail|SMS|sms|text(?: messages?)?|WeChat|WhatsApp|Telegram|Signal|phone|push(?: notifications?)?"
    r"|the app|Slack)\b"
    r"|\b(?P<ch2>e-?mail|SMS|texts?|text messages|WeChat|phone calls?|calls|push(?: notifications?)?|WhatsApp)"
    # "Push notifications in the app are fine": where the channel lives may sit before the verb.
    r"(?:\s+(?:in|on|from|through)\s+(?:the\s+|my\s+)?(?:app|phone|mobile))?"
    # ("whatsapp should be my default for alerts, not email")
    r"\s+(?:is|are|should\s+be|will\s+be|is\s+now)\s+(?:the\s+best(?:\s+way)?"
    r"|my\s+(?:preferred|favou?rite|usual|default)(?:\s+(?:channel|way|option))?"
    r"|(?:what|how)\s+I\s+prefer|best(?:\s+for\s+me)?"
    # ("whatsapp is easiest for order updates", "email's simplest for me": the handiest way to reach the speaker)
    r"|(?:the\s+)?(?:easiest|simplest|handiest|quickest|most\s+reliable)(?:\s+for\s+(?:me|us|(?:[\w-]+\s+){0,2}?"
    r"(?:updates|notifications|alerts|notices|reminders)))?(?=\s*(?:[,.;!\u2014\u2013-]|$))"
    r"|(?:(?:totally|perfectly|just)\s+)?(?:fine|ok|okay|good|great|perfect|enough|all\s+I\s+need)(?!\s*,?\s+(?:but|though)\b))\b"
    # "always text rather than call", "Text me by SMS rather than email": one channel chosen over another.
    # ("Shoot me a text rather than an email": the channel as the thing sent)
    r"|\b(?:(?:send|shoot|drop|give)\s+me\s+(?:an?\s+)?)?(?P<ch6>text|sms|e-?mail|call|phone|ring|WhatsApp|WeChat|message)"
    r"(?:\s+me)?(?:\s+(?:by|via|on|over|through)\s+(?P<ch6b>SMS|text|e-?mail|WhatsApp|WeChat|phone|Telegram|Signal))?"
    # ("Text me on 0412 555 019 rather than ringing": the number to use said between)
    r"(?:\s+(?:on|at)\s+[+(\d][\d\s().-]{5,20}\d)?"
    r"\s+(?:rather\s+than|instead\s+of)\s+(?:an?\s+)?(?:call|phon|ring|e-?mail|text|messag|writ)\w*"
    # "texts only", "WhatsApp only please", "only by e-mail"
    # ("text only please", "WhatsApp notifications only pls": the channel, or its messages, and nothing else)
    r"|\b(?P<ch9>texts|text\s+messages|(?<!plain\s)(?<!rich\s)text(?=\s+only\s*(?:[,.;!]|$|please|pls|plz|thanks))"
    r"|SMS|e-?mails?|WhatsApp|WeChat|Telegram|(?-i:Signal)|phone\s+calls|push\s+notifications)"
    r"(?:\s+(?:notifications|alerts|messages|updates|reminders))?\s+only\b"
    # "texts not calls pls", "email, not phone calls": one channel set against another, without a verb
    r"|\b(?P<ch23>texts|text\s+messages|SMS|e-?mails?|WhatsApp|WeChat)\s*,?\s+not\s+(?:phone\s+)?(?:calls|texts"
    r"|e-?mails?|ringing|rings)\b"
    # "Email's the only thing I check reliably", "WhatsApp is the one app I actually read": the channel one reads
    r"|^\W*(?P<ch24>e-?mail|WhatsApp|WeChat|texts?|SMS)(?:'s|\s+is)\s+(?:the\s+)?(?:only|one)\s+(?:thing|one|app|place"
    r"|channel)\s+I\s+(?:actually\s+|really\s+|ever\s+)?(?:check|read|answer|look\s+at|use|see)\b"
    r"|\bonly\s+(?:by|via|through|over)\s+(?P<ch10>SMS|text|e-?mail|WhatsApp|WeChat|phone|push)\b"
    # "Text messages are the only notifications I actually read": the one channel the speaker heeds.
    r"|\b(?P<ch11>e-?mails?|SMS|texts|text\s+messages|WhatsApp|WeChat|push\s+notifications|phone\s+calls)"
    r"(?:\s+messages)?\s+(?:is|are)\s+the\s+only\s+(?:notifications?|messages?|alerts?|things?|ones?"
    r"|channel|way)\s+(?:that\s+)?I\s+(?:actually\s+|really\s+|ever\s+|reliably\s+|even\s+)?(?:read|check|see|notice"
    r"|look\s+at|answer|pick\s+up|respond\s+to)\b"
    # "I'd rather get texts than emails"
    # ("I'd rather get order updates as push notifications than emails": the kind of message named first)
    r"|\b(?:rather|prefer(?:\s+to)?)\s+(?:get|have|receive)\s+"
    r"(?:(?:my\s+|the\s+|all\s+)?(?:[\w-]+\s+)?(?:updates|notifications|alerts|reminders|news)\s+(?:as|by|via|through|over)\s+)?"
    r"(?P<ch12>texts|text\s+messages|SMS|e-?mails|calls|phone\s+calls"
    r"|WhatsApps?|WhatsApp\s+messages|push\s+notifications?)\s+(?:than|over|instead\s+of|rather\s+than)\b"
    # "I prefer WhatsApp", "she prefers SMS"
    r"|\bprefers?\s+(?P<ch8>WhatsApp|WeChat|SMS|texts|text\s+messages|e-?mails?|phone\s+calls|Telegram|Signal)\b"
    r"(?!\s+(?:groups?|accounts?|address(?:es)?|apps?|stickers?|over\s+(?:in|face)|for\s+(?:work|business))\b)"
    # "My father prefers WhatsApp for reminders"
    r"|\b(?:prefers?|likes?|wants?|uses?|use)\s+(?P<ch7>e-?mail|SMS|texts?|text\s+messages|WhatsApp|WeChat|Telegram|Signal"
    r"|push(?:\s+notifications?)?|phone\s+calls?)\s+for\s+(?:all\s+|any\s+|the\s+|my\s+|his\s+|her\s+)?"
    r"(?:reminders|notifications|alerts|updates|messages|news|anything|everything|appointments)\b"
    # "just use SMS for anything urgent"
    r"|\buse\s+(?P<ch3>SMS|texts?|WeChat|e-?mail|WhatsApp|push(?: notifications?)?)"
    r"\s+for\s+(?:anything|everything|all|any)\b"
    # "Text me at 021 … instead of calling": one channel chosen over another.
    # "SMS > email", "texts > calls": one channel ranked over another in shorthand.
    # ("shifts are brutal so email > phone calls, always": after a reason's "so" as well)
    r"|(?:^|(?<=[,;:]\s)|(?<=\bso\s))\W*(?P<ch13>SMS|texts?|e-?mails?|WhatsApp|WeChat|phone\s+calls|calls|Telegram|Signal)"
    r"\s*(?:>|>>|over|beats|\u2192)\s*(?:SMS|texts?|e-?mails?|WhatsApp|WeChat|phone\s+calls|calls|Telegram|Signal)"
    r"(?=\s*(?:[,.;!]|$|\s+(?:for\s+me|please|always|any\s+day)\b))"
    r"|\b(?P<ch4>text|sms|e-?mail|call|phone|ring|WeChat|WhatsApp)\s+me\b(?:[^.?!]|\.(?=\S)){0,40}?\binstead\s+of\s+"
    r"(?:calling|phoning|ringing|e-?mailing|texting|messaging)\b"
    # "Text me for shipping updates, not email", "email me about order changes": the channel for a kind of message
    # "email me at … — always email, WhatsApp is for family only", "always texts pls": the channel alone, always
    r"|(?:^|(?<=[,;:\u2014\u2013]\s))\W*(?:(?:please|pls|just)\s+)?always\s+(?:by\s+|via\s+)?"
    r"(?P<ch16>e-?mail|texts?|SMS|WhatsApp|WeChat|Telegram|Signal|phone\s+calls?|calls?)"
    r"(?=\s*(?:[,.!;\u2014\u2013-]|$|(?:please|pls|plz|thanks|ty)\b))"
    # ("WhatsApp me the delivery updates": the kind of message as the verb's object)
    r"|^\W*(?:(?:please|pls|just|always)\s+)*(?P<ch15>text|sms|e-?mail|call|phone|ring|WhatsApp|WeChat)\s+me\s+"
    r"(?:(?:for|with|about)\s+(?:all\s+|any\s+|the\s+|my\s+)?|all\s+(?:the\s+|my\s+)?|the\s+|my\s+)"
    r"(?:[\w-]+\s+){0,2}?(?:updates|notifications|alerts|reminders|news|changes|confirmations)\b"
    # "I'd rather get everything by email", "prefer to have it all on WhatsApp": all of it by one channel
    r"|\b(?:rather|prefer(?:\s+to)?)\s+(?:get|have|receive)\s+(?:everything|it\s+all|all\s+of\s+it)\s+"
    r"(?:by|via|over|through|on)\s+(?P<ch25>e-?mail|SMS|text|WhatsApp|WeChat|Telegram|Signal)\b"
    # "she'd like texts rather than calls", "I want emails, not texts": one channel wanted over another
    r"|\b(?:'d\s+like|would\s+like|likes?|wants?|prefers?|rather\s+have|rather)\s+"
    r"(?P<ch17>texts|text\s+messages|SMS|e-?mails|phone\s+calls|calls|WhatsApps?|WhatsApp\s+messages)"
    r"\s*,?\s+(?:rather\s+than|instead\s+of|over|not)\s+(?:an?\s+)?(?:calls|phone|texts|text|e-?mails?|SMS|WhatsApp)\b"
    # "Text me, don't email", "text me on 0412 555 019 from now on, not email": the verb's channel, the other refused
    r"|^\W*(?:(?:please|pls|just|only)\s+)?(?P<ch18>text|txt|sms|e-?mail|call|phone|ring|WhatsApp|WeChat)\s+me\b"
    r"(?:\s+(?:on|at)\s+[+(\d][\d\s().-]{5,20}\d)?(?:\s+(?:from\s+now\s+on|going\s+forward|instead|only|please|pls))*"
    r"\s*[,;\u2014\u2013-]+\s*(?:but\s+|and\s+)?(?:don't|do\s+not|not|never|no)\s+(?:by\s+|via\s+|an?\s+)?"
    r"(?:e-?mail|call|phon|ring|text|sms|WhatsApp|WeChat)\w*"
    # "notifications → SMS please", "alerts -> email": the channel the speaker's messages should go to, as an arrow
    r"|\b(?:notifications|notifs|alerts|reminders|updates)\s*(?:\u2192|->|=>)\s*"
    r"(?P<ch21>e-?mail|SMS|texts?|WhatsApp|WeChat|Telegram|Signal|push(?:\s+notifications?)?)\b"
    # "email for shipping notices from now on pls", "SMS for delivery updates please": the channel for a kind of
    # message, said first and bare
    r"|^\W*(?:(?:please|pls|just|only)\s+)?(?P<ch22>e-?mail|SMS|texts?|WhatsApp|WeChat|Telegram|Signal)\s+for\s+"
    r"(?:all\s+|any\s+|the\s+|my\s+)?(?:[\w-]+\s+){0,2}?(?:notices|notifications|alerts|reminders|updates"
    r"|confirmations)\b"
    # "put me on email for notifications", "switch me over to SMS alerts": the speaker moved to a channel
    r"|\b(?:put|switch|move|set|change)\s+me\s+(?:over\s+|back\s+)?(?:on|onto|to)\s+"
    r"(?P<ch19>e-?mail|SMS|texts?|WhatsApp|WeChat|Telegram|Signal|push(?:\s+notifications?)?)"
    r"(?=\s+(?:for\s+(?:all\s+|the\s+|my\s+)?)?(?:notifications|alerts|reminders|updates)\b)"
    # "make email my default for notifications", "set SMS as the default for alerts"
    r"|\b(?:make|set|use|have)\s+(?P<ch14>e-?mail|SMS|texts?|WhatsApp|WeChat|push(?:\s+notifications?)?|phone\s+calls)"
    r"\s+(?:as\s+)?(?:my|the)\s+default(?:\s+channel)?\s+for\s+(?:all\s+|my\s+)?"
    r"(?:notifications|alerts|reminders|updates|messages)\b",
    re.IGNORECASE,
)
_CHANNEL_DOCUMENT = re.compile(
    r"(?:digests?|newsletters?|briefings?|recaps?|round-?ups?|statements?|invoices|receipts)\b", re.IGNORECASE
)
_CHANNEL_SENT = re.compile(
    r"\b(?:send|use)\s+(?:me\s+)?(?:an?\s+)?(?P<ch>push(?:\s+notifications?)?|text(?:\s+messages?)?|SMS|WeChat\s+messages?)"
    r"(?:\s+(?:notifications?|alerts?|reminders?))?\b"
    r"(?=[^.?!]{0,40}\b(?:when|once|if|as soon as|before|after)\b|\s+(?:instead|only)\b)",
    re.IGNORECASE,
)
# "text me instead of calling": the verb names the channel. Only with a marker ("always", "for this
# delivery only"), since a bare "text me when it ships" is a request; "call me Bob" and "email me at
# x@y.z" are a name and a contact.
_CHANNEL_VERB = re.compile(
    r"\b(?P<ch>text|txt|sms|e-?mail|call|phone|ring|WeChat|WhatsApp)\s+me\b(?!\s+(?:at|on)\b|\s+(?-i:[A-Z]))", re.I
)
# "txt me pls, I never pick up calls", "email me, I don't answer the phone at work": the other channel refused as a
# habit makes the one asked for a standing choice.
_CHANNEL_REFUSED_HABIT = re.compile(
    r"\b(?:I|I'm)\s+(?:(?:almost|basically|just)\s+)?(?:never|don't|do\s+not|can't|cannot|rarely|hardly\s+ever|won't)\s+"
    r"(?:(?:ever|really|always)\s+)?(?:pick(?:ing)?\s+up|answer(?:ing)?|take|check(?:ing)?|read(?:ing)?|look\s+at|open)\s+"
    r"(?:(?:my|the|any|unknown|random)\s+)*(?:e-?mails?|calls|phone(?:\s+calls)?|texts|inbox|voicemails?|messages)\b"
    # ("my inbox is a graveyard of promos and I never open it": the channel named first, then refused as "it")
    r"|\b(?:my|the)\s+(?:e-?mail\s+)?(?:inbox|e-?mails?|voicemail)\b[^.!?]{0,60}?\bI\s+(?:(?:almost|basically)\s+)?"
    r"(?:never|don't|do\s+not|rarely|hardly\s+ever)\s+(?:(?:ever|really)\s+)?(?:open|check|read|look\s+at|listen\s+to)"
    r"\s+(?:it|them)\b",
    re.I,
)
_CHANNEL_VERBS = {
    "whatsapp": "WhatsApp",
    "text": "SMS",
    "txt": "SMS",
    "sms": "SMS",
    "call": "phone",
    "phone": "phone",
    "ring": "phone",
    "wechat": "WeChat",
}
_CARRIERS = {
    "sf express": "顺丰",
    "sf": "顺丰",
    "jd logistics": "京东物流",
    "zto": "中通",
    "yto": "圆通",
    "yunda": "韵达",
    "fedex": "FedEx",
    "ups": "UPS",
    "dhl": "DHL",
    "usps": "USPS",
    "ems": "EMS",
    "royal mail": "Royal Mail",
    # National posts and parcel firms elsewhere, named as written.
    **{
        name.lower(): name
        for name in (
            "Canada Post",
            "Australia Post",
            "NZ Post",
            "Purolator",
            "Canpar",
            "DPD",
            "Evri",
            "Hermes",
            "GLS",
            "PostNL",
            "PostNord",
            "La Poste",
            "Colissimo",
            "Chronopost",
            "Deutsche Post",
            "Correos",
            "CTT",
            "Poste Italiane",
            "An Post",
            "Parcelforce",
            "Japan Post",
            "Yamato",
            "Sagawa",
            "India Post",
            "Blue Dart",
            "Delhivery",
            "Aramex",
            "OnTrac",
            "LaserShip",
            "InPost",
            "StarTrack",
            "Sendle",
            "Posti",
            # (South Africa, Australia and New Zealand, South-East Asia, Latin America, Eastern Europe, the Pacific)
            "The Courier Guy",
            "Courier Guy",
            "Fastway",
            "Aramex",
            "PostNet",
            "Pargo",
            "Dawn Wing",
            "Toll",
            "CouriersPlease",
            "Couriers Please",
            "Pos Laju",
            "Ninja Van",
            "J&T Express",
            "Kerry Express",
            "Flash Express",
            "LBC",
            "Estafeta",
            "Correios",
            "Servientrega",
            "Chilexpress",
            "Andreani",
            "Nova Poshta",
            "Yodel",
            "CourierPost",
            "Aramex NZ",
            "Post Haste",
            "SingPost",
            "Post Fiji",
        )
    },
    "顺丰": "顺丰",
    "京东物流": "京东物流",
    "京东快递": "京东物流",
    "中通": "中通",
    "圆通": "圆通",
    "韵达": "韵达",
    "申通": "申通",
    "极兔": "极兔",
    "德邦": "德邦",
}
_CHINESE_CARRIERS = "|".join(name for name in _CARRIERS if not name.isascii())
# Carriers whose name is a whole phrase of its own ("Canada Post", "DPD"); "Hermes", "Yamato" and the
# like are names of other things too, and count only beside a shipping word.
_POSTS = (
    r"Canada Post|Australia Post|NZ Post|Purolator|Canpar|DPD|Evri|GLS|PostNL|PostNord|La Poste|Colissimo"
    r"|Chronopost|Deutsche Post|Correos|Poste Italiane|An Post|Parcelforce|Japan Post|India Post|Blue Dart"
    r"|Delhivery|Aramex|OnTrac|LaserShip|InPost|StarTrack|Sendle"
    r"|The Courier Guy|Courier Guy|Fastway|PostNet|Pargo|Dawn Wing|CouriersPlease|Couriers Please|Pos Laju|Ninja Van"
    r"|J&T Express|Kerry Express|Flash Express|Estafeta|Correios|Servientrega|Chilexpress|Andreani|Nova Poshta"
    r"|Yodel|SingPost|Post Fiji|CourierPost|Aramex NZ|Post Haste"
    # ("go with Toll": the Australian carrier, never a toll road or booth)
    r"|Toll(?!\s+(?:roads?|booths?|plazas?|gates?|free|bridges?|ways?|charges?|fees?)\b)"
)
_ANY_CARRIER = (
    r"SF Express|SF|JD Logistics|ZTO|YTO|Yunda|FedEx|UPS|DHL|USPS|EMS|Royal Mail|"
    + _POSTS
    + r"|Hermes|Yamato|Sagawa|CTT|Posti|"
    + _CHINESE_CARRIERS
)
# Names that are a carrier whatever the words around them ("SF" and "EMS" need a shipping word).
_NAMED_CARRIER = (
    r"SF Express|JD Logistics|FedEx|UPS|DHL|USPS|Royal Mail|Yunda|ZTO|YTO|" + _POSTS + "|" + _CHINESE_CARRIERS
)
_CARRIER = re.compile(
    r"\b(?i:ship|send|deliver|shipping|delivery|deliveries|courier|carrier|shipments?|packages?|parcels?|orders"
    # ("keep sending stuff by PostNL")
    r"|sending|shipped|sent|delivered)\b"
    rf"[^.?!]{{0,30}}?(?<![A-Za-z])(?P<carrier>{_ANY_CARRIER})(?![A-Za-z])"
    # (a carrier blamed is no choice: "…for my deliveries, Fastway lost two of my parcels")
    r"(?!\s+(?:lost|broke|damaged|smashed|never|keeps?|kept|messed|failed|dropped|delayed|ruined|left|threw"
    r"|is\s+(?:useless|hopeless|terrible|awful|slow|rubbish|unreliable)|are\s+(?:useless|hopeless|terrible|awful"
    r"|slow|rubbish|unreliable))\b)"
    # ("want it to go by DHL this time": the parcel's own way)
    r"|\b(?i:use|prefer|with|via|default to|go with|stick with|switch to|choose|pick|set|make|go\s+by|goes\s+by)"
    rf"\s+(?P<carrier2>{_NAMED_CARRIER})(?![A-Za-z])"
    rf"|(?<![A-Za-z])(?P<carrier3>{_ANY_CARRIER})\s+(?i:for)\s+(?i:my\s+|all\s+my\s+|the\s+|our\s+|this\s+)?"
    r"(?i:deliveries|delivery|shipments?|shipping|packages?|parcels?|orders?)\b"
    # "Starting next Monday, DHL for everything please", "UPS for all of it", "Aramex for anything heavy": the carrier
    # for everything sent
    rf"|(?<![A-Za-z])(?P<carrier8>{_NAMED_CARRIER})\s+(?i:for)\s+(?i:everything|all\s+of\s+it|anything|all\s+of\s+them"
    r"|every\s+(?:order|parcel|package|delivery|shipment)|all\s+(?:orders|parcels|packages|deliveries|shipments))\b"
    # (asked, not told of: "DHL for everything was a bad idea")
    r"(?=\s*(?:[,.!;\u2014\u2013-]|$|(?i:please|pls|plz|from\s+now|going\s+forward|thanks|ty|heavy|big)\b))"
    # "I trust JD Logistics more than the others, default to them" (weak: needs a marker).
    rf"|\b(?i:trust|rely on|only use|like)\s+(?P<carrier4>{_NAMED_CARRIER})(?![A-Za-z])"
    # "I'd rather DHL handled my deliveries": the carrier, then what it should do
    rf"|\b(?i:rather(?:\s+have)?)\s+(?P<carrier7>{_NAMED_CARRIER})(?=\s+(?i:handle|handled|deliver|delivered|do|did|take|took"
    r"|ship|shipped|bring|brought|carry|carried|deal|dealt|look\s+after|looked\s+after|for)\b)"
    # "For my orders, Parcelforce works best"
    rf"|(?<![A-Za-z])(?P<carrier6>{_NAMED_CARRIER})\s+(?i:works|is)\s+(?i:best|better)\b"
    # "DHL please, not DPD", "CourierPost by default", "PostNL from now on": the carrier named alone, then its scope
    rf"|^\W*(?:(?i:and|oh|also|so|just|only)[,\s]+)*(?P<carrier9>{_NAMED_CARRIER})(?:\s+(?i:only))?\s*,?\s*"
    # ("NZ Post only for me": the speaker's own rule)
    r"(?=(?i:please|pls|plz|by\s+default|from\s+now\s+on|going\s+forward|always|every\s+time|for\s+now|this\s+time"
    r"|for\s+me|for\s+us)\b)"
    r"|\b(?i:courier|carrier|shipping(?:\s+(?:method|company|provider))?|delivery\s+(?:service|company))"
    rf"\s+(?i:should\s+(?:always\s+)?be|will\s+be|is\s+now)\s+(?P<carrier5>{_NAMED_CARRIER})(?![A-Za-z])"
)
_PAYMENTS = {
    "upi": "UPI",
    "rupay": "RuPay",
    "alipay": "支付宝",
    "wechat pay": "微信支付",
    "unionpay": "银联",
    "paypal": "PayPal",
    "apple pay": "Apple Pay",
    "google pay": "Google Pay",
    "cash on delivery": "cash on delivery",
    # ("I'll pay on delivery": cash on delivery, said by when the money changes hands)
    "on delivery": "cash on delivery",
    "credit card": "credit card",
    "debit card": "debit card",
    "card": "card",
    "cash": "cash",
    "bank transfer": "bank transfer",
    "wire transfer": "bank transfer",
    "company card": "company card",
    "company credit card": "company card",
    "corporate card": "corporate card",
    "work card": "work card",
    "visa": "Visa",
    "mastercard": "Mastercard",
    # Wallets, banks' cards and pay-later services, named as written.
    **{
        name.lower(): name
        for name in (
            "M-Pesa",
            "Revolut",
            "Monzo",
            "Venmo",
            "Cash App",
            "Zelle",
            "Klarna",
            "Afterpay",
            "iDEAL",
            "Bancontact",
            "Paytm",
            "PhonePe",
            "GCash",
            "Interac",
            "Twint",
            "MobilePay",
            "Vipps",
            "Samsung Pay",
            "Amex",
            "American Express",
            "Maestro",
            # Wallets of one country each (Peru, Colombia, Spain, Sweden, Poland, Brazil, Japan, Korea, Italy,
            # Portugal, Latin America, South-East Asia)
            "Yape",
            "Plin",
            "Nequi",
            "Bizum",
            "Swish",
            "BLIK",
            "Pix",
            "PayPay",
            "KakaoPay",
            "Satispay",
            "MB Way",
            "Mercado Pago",
            "GrabPay",
            # (the national instant-payment schemes of South-East Asia, paid by QR or phone number)
            "PayNow",
            "PromptPay",
            "DuitNow",
            "QRIS",
            # (the Pacific, Africa, South and South-East Asia)
            "M-PAiSA",
            "MyCash",
            "EcoCash",
            "Airtel Money",
            "MTN MoMo",
            "Orange Money",
            "SnapScan",
            "Easypaisa",
            "JazzCash",
            "bKash",
            "eSewa",
            "GoPay",
            "ShopeePay",
            "TrueMoney",
            "PayMaya",
            "ZaloPay",
            # (pay-later services)
            "Zip Pay",
            "Sezzle",
            "Clearpay",
            "Laybuy",
            "Atome",
            "Tabby",
            "Tamara",
            "Scalapay",
            "Paidy",
        )
    },
    "zippay": "Zip Pay",
    "mpesa": "M-Pesa",
    "支付宝": "支付宝",
    "微信支付": "微信支付",
}
_PAY_NAMES = (
    r"Alipay|WeChat Pay|PayPal|Apple Pay|Google Pay|company credit card|company card|corporate card|work card"
    r"|credit card|debit card|cash on delivery|cash|bank transfer|Visa"
    r"|Mastercard|M-?Pesa|Revolut|Monzo|Venmo|Cash App|Zelle|Klarna|Afterpay|iDEAL|Bancontact|Paytm|PhonePe|GCash"
    r"|Interac|Twint|MobilePay|Vipps|Samsung Pay|American Express|Amex|Maestro"
    r"|Yape|Plin|Nequi|Bizum|Swish|BLIK|Pix|PayPay|KakaoPay|Satispay|MB Way|Mercado Pago|GrabPay"
    r"|PayNow|PromptPay|DuitNow|QRIS"
    r"|M-PAiSA|MyCash|EcoCash|Airtel Money|MTN MoMo|Orange Money|SnapScan|Easypaisa|JazzCash|bKash|eSewa|GoPay"
    r"|ShopeePay|TrueMoney|PayMaya|ZaloPay|Zip\s?Pay|Sezzle|Clearpay|Laybuy|Atome|Tabby|Tamara|Scalapay|Paidy"
    r"|UnionPay|支付宝|微信支付"
    # (India's instant payments, and its card network)
    r"|UPI|RuPay"
)
_PAYMENT = re.compile(
    # ("I'll settle every order by bank transfer", "cover the invoices via PayPal")
    r"\b(?:pay|pays|paying|payment|payments|checkout|charge|bill|settle|settling|settles|cover|covering)\b[^.?!]{0,30}?"
    r"\b(?:with|by|via|using|through|on|to)\s+"
    # ("pay with the Visa ending 4421": the card named by its end)
    rf"(?:my\s+|a\s+|the\s+)?(?P<pay>{_PAY_NAMES})(?![A-Za-z])"
    # "charge my Visa card": the card is the object of the verb.
    rf"|\b(?:charge|bill)\s+(?:it\s+to\s+|everything\s+to\s+)?(?:my\s+|the\s+)(?P<pay2>{_PAY_NAMES})(?![A-Za-z])"
    # "put this one on Apple Pay"; "Apple Pay is my preferred way to pay".
    r"|\b(?:put|charge)\s+(?:it|this(?:\s+one)?|that|everything|them|the\s+(?:order|bill|purchase))\s+(?:on|to)\s+"
    rf"(?:my\s+)?(?P<pay3>{_PAY_NAMES})(?![A-Za-z])"
    # ("PayPal should be my default way to pay")
    rf"|(?<![A-Za-z])(?P<pay4>{_PAY_NAMES})\s+(?:is|should\s+be|will\s+be|'s)\s+(?:always\s+)?(?:now\s+)?my\s+"
    r"(?:preferred|favou?rite|usual|go-to|default)\b"
    rf"|(?<![A-Za-z])(?P<pay7>{_PAY_NAMES})\s+is\s+(?:what|how)\s+I\s+(?:(?:always|usually|normally|mostly|now)\s+)?"
    r"(?:use|pay)\b"
    # "for this purchase I'll do a bank transfer instead"
    r"|\b(?:do|make|send)\s+(?:it\s+(?:as|by|via)\s+)?(?:a|an)\s+(?P<pay10>bank transfer|wire transfer)\b"
    r"|\bpay(?:ing)?\s+(?P<pay5>cash on delivery|cash)\b"
    # ("pay by card for this one": a card of any kind, said as the way to pay)
    r"|\bpay(?:s|ing)?\s+(?:by|with\s+a)\s+(?P<pay12>card)\b(?!\s+(?:number|details|reader|machine)\b)"
    # "this time I'll pay on delivery": cash on delivery
    r"|\bpay(?:ing)?\s+(?:the\s+courier\s+)?(?:up)?(?P<pay13>on\s+delivery)\b"
    # "…, next time card as usual", "PayPal as always": the usual method, said as the usual
    rf"|(?:^|(?<=[,;])|(?<=[,;]\s))\s*(?:(?:but|and)\s+)?(?:(?:next\s+time|otherwise|normally|usually)\s+)?"
    rf"(?P<pay14>{_PAY_NAMES}|card)\s+as\s+(?:usual|always|normal)\b"
    # "Cash on delivery by default, please": the method itself with a standing marker right after it.
    # ("not using PayPal anymore, Apple Pay from now on": after the one given up)
    # ("I don't use PayPal anymore — GrabPay always": after a spaced dash as well)
    r"|(?:^\W*|(?<=[,;\u2014\u2013])\s*|(?<=[,;\u2014\u2013]\s))"
    rf"(?P<pay6>{_PAY_NAMES})\s+(?:by default|always|from now on|going forward"
    r"|every time)\b"
    # "otherwise keep the card on file as my default": the standing method kept
    rf"|\bkeep\s+(?:the|my)\s+(?P<pay15>{_PAY_NAMES}|card)(?:\s+on\s+file)?\s+as\s+(?:my\s+|the\s+)?default\b"
    # "Apple Pay only for this purchase", "PayPal this time", "just Klarna today please": the method, then its scope
    rf"|^\W*(?:(?:only|just)\s+)?(?P<pay11>{_PAY_NAMES})(?:\s+(?:only|just))?\s+(?:for\s+(?:this|today|now)"
    r"|this\s+(?:time|once|one|order|purchase)|today|only)\b"
    # "Default payment should be PayPal going forward": the setting named, then its value.
    r"|\b(?:payment(?:\s+method)?|way\s+to\s+pay|card)\s+(?:should\s+(?:always\s+)?be|will\s+be|is\s+now)\s+(?:my\s+)?"
    rf"(?P<pay8>{_PAY_NAMES})(?![A-Za-z])"
    # "I switched to Klarna for big purchases", "moved over to Apple Pay"
    r"|\b(?:switched|moved|changed)\s+(?:over\s+)?to\s+(?:my\s+|using\s+)?"
    rf"(?P<pay9>{_PAY_NAMES})(?![A-Za-z])(?!\s+(?:account|app|balance|wallet|bank)\b)",
    re.IGNORECASE,
)
# "I always pay with Nequi", for a wallet the list above does not know: a capitalised name after a habitual "pay with".
_PAY_NAMED_HABIT = re.compile(
    r"(?:\bI\s+(?:always|usually|normally|generally|mostly|only)\s+"
    # ("Going forward I pay with M-PAiSA", "these days I pay using Wave": a standing habit told by its start)
    r"|(?i:going\s+forward|from\s+now\s+on|these\s+days|nowadays)[,\s]+I\s+(?:(?:only|always|now)\s+)?)"
    r"pay\s+(?:with|by|using|via|through)\s+(?:my\s+)?"
    r"(?P<pay>[A-Z](?:[A-Za-z0-9]+|-[A-Z][A-Za-z0-9]+)(?:[ -][A-Z][A-Za-z0-9]+)?)(?![\w'])"
)
# "Use PayPal for this order only", "I use Apple Pay for everything": a request unless a marker says more.
_PAY_USE = re.compile(
    rf"\b(?:use|uses|using)\s+(?:my\s+)?(?P<pay>{_PAY_NAMES})(?![A-Za-z])(?!\s+(?:account|app|balance|wallet)\b)",
    re.IGNORECASE,
)
_DEFAULT_CHANGE = re.compile(
    # "Change my export format to Excel", "set the download format to CSV": the setting named, then its value
    r"\b(?i:change|set|switch|make|put)\s+(?i:the\s+|my\s+|our\s+)?(?i:default\s+)?(?i:export|download|file)\s+"
    r"(?i:format|type|setting)s?\s*(?i:to|as|into)\s+(?P<val3>(?i:pdf|excel|xlsx|csv|word|json|markdown))\b|"
    r"\b(?:change|set|switch|make)\s+(?:the\s+|my\s+)?(?:default\s+)(?:report\s+)?(?:format|template|layout)?"
    r"\s*(?:to|as)\s+(?P<val>[A-Z0-9][\w-]{0,15}|(?i:pdf|excel|csv|word|json|markdown))\b"
    r"|\b(?:change|set|switch|make)\s+(?:the\s+|my\s+)?(?:report\s+)(?:format|template|layout)\s*(?:to|as)\s+"
    r"(?P<val2>[A-Z0-9][\w-]{0,15})\b"
)
# Words that make a named value a preference rather than a request parameter ("I prefer PDF" vs
# "export it as PDF").
_PREFERENCE_WORD = re.compile(
    r"\b(?:prefer|preferred|rather|like|love|favou?rite|default|want|suits? me|works? (?:best )?for me|best for me"
    # ("Weekly report should be the detailed version": a recurring document's standing form)
    r"|(?:weekly|monthly|daily|quarterly|annual|yearly|fortnightly)\s+(?:[\w-]+\s+)?(?:reports?|digests?|summar(?:y|ies)"
    r"|statements?|newsletters?|invoices?|exports?)\s+(?:should|must|needs?\s+to)\s+(?:always\s+)?(?:be|come)"
    r"|works best|best way|switched|instead\s+of"
    # ("NZ Post only for me": the one the speaker will have, to the exclusion of others)
    r"|only\s+for\s+(?:me|us)|for\s+(?:me|us)\s+only"
    # ("the summary version is plenty for me": what is enough, chosen over more)
    r"|(?:is|'s|are)\s+(?:plenty|enough|all\s+I\s+need)(?:\s+for\s+(?:me|us))?)\b",
    re.I,
)

# Free-text preferences, each read to a short phrase by ``_preference_phrase``.
_GENERIC_PREFERENCE = re.compile(
    r"\bI(?P<aux>'d|\s+would)?\s+(?:really\s+|much\s+|usually\s+|always\s+|generally\s+|normally\s+|also\s+)*"
    r"(?P<verb>prefer|rather|like|love|enjoy|want|need)\s+(?P<val>[^,.;!?]{2,60})"
    r"|\bI\s+(?:always|usually)\s+(?P<val2>(?!use\b|live\b|work\b|have\b|want\b|prefer\b|like\b|love\b"
    # Mishaps are habits, not preferences: "I always forget them", "I usually lose the receipt".
    r"|forget\b|lose\b|miss\b|get\b|end up\b|struggle\b|mess\b|break\b|run out\b|fall\b|overspend\b)"
    r"[a-z][^,.;!?]{2,60})"
    r"|\b[Mm]y\s+favou?rite\s+(?P<what>\w+(?:\s+\w+)?)\s+is\s+(?P<val3>[^,.;!?]{1,40})"
)
# Diets and the like are lasting preferences said as who one is: "I'm vegetarian", "I don't eat pork";
# said of a relative ("my son is allergic to sesame"), they are the relative's.
_DIET = re.compile(
    # ("I've been vegetarian for years": the perfect says it still holds)
    rf"(?P<who>\bI|\b[Ww]e|\b[Mm]y\s+(?:{_HOUSEHOLD}))(?:'m|'re|'s|\s+am|\s+are|\s+is|(?:'ve|\s+have|\s+has)\s+been)\s+"
    r"(?:a\s+|an\s+|strictly\s+|strict\s+|also\s+|severely\s+|all\s+)*"
    r"(?P<diet>vegetarian|vegan|pescatarian"
    r"|lactose[- ]intolerant|gluten[- ]free|teetotal|allergic to [a-z][\w -]{1,30}?)(?:\s+(?:household|family))?"
    # ("I'm vegetarian btw so …": an aside may follow)
    r"(?=[,.;!?\u2014\u2013]|\s+(?:so|and|but|-)(?:\s|$)|\s+for\s+(?:years|ages|decades|a\s+long\s+time|\w+\s+years)\b|$"
    r"|\s+(?:btw|fyi|tbh|by\s+the\s+way)\b)"
    rf"|(?P<who2>\bI|\b[Mm]y\s+(?:{_HOUSEHOLD}))\s+(?:don't|doesn't|do not|does not|never)\s+(?P<verb>eat|drink)\s+"
    r"(?P<food>[a-z][\w -]{1,30}?)(?=[,.;!?]|\s+(?:so|and|but|because)\b|$)"
    # "Being vegetarian, …", "As a vegan, …", "vegetarian here, so …": the speaker's diet said in passing.
    r"|^\W*(?:(?:being|as)\s+(?:an?\s+|strictly\s+)*|(?=\w+\s+here\b))"
    r"(?P<diet2>vegetarian|vegan|pescatarian|lactose[- ]intolerant|coeliac|celiac|teetotal)\b(?=\s*,|\s+here\b)"
    # ("No meat recipes ever please, been vegetarian for 12 years": the perfect, its "I've" dropped)
    r"|(?:^|(?<=,\s))\W*(?:and\s+)?been\s+(?:a\s+|strictly\s+)*(?P<diet3>vegetarian|vegan|pescatarian|coeliac|celiac"
    r"|teetotal)\s+for\s+(?:years|ages|decades|a\s+long\s+time|\w+\s+years)\b",
    re.IGNORECASE,
)
# "I'd rather not get calls before 10am", "I prefer not to receive paper invoices": what the speaker does not want.
_RATHER_NOT = re.compile(
    r"\bI(?:'d|\s+would)\s+(?:much\s+)?rather\s+not\s+(?:get|receive|have|be\s+sent|be\s+given|take)\s+"
    r"|\bI\s+(?:'d\s+)?prefer\s+not\s+to\s+(?:get|receive|have|be\s+sent|be\s+given|take)\s+"
)
_RATHER_NOT_THING = re.compile(
    r"(?P<val>(?!(?:any|it|that|this|them|into|in|on|out|up|off|over|to|involved|there|back|away|started|used)\b"
    r"|[a-z]+ed\b)[a-z][\w-]*(?:\s+[\w-]+){0,4})",
    re.I,
)
# A thing named first, then how often: "Aisle seat always", "Vegan meals on every flight you book",
# "Morning slots by default". The thing must not open with a verb or a word of chat.
_THING_FIRST = re.compile(
    r"^\W*(?:(?:and|also|oh|btw|so)\W+)*(?P<val>(?:an?\s+)?(?!(?:thanks|thank|same|it|that|this|you|me|I|we|not|no|yes|ok"
    r"|okay|please|hello|hi|hey|call|send|use|book|give|make|keep|put|ship|deliver|e-?mail|text|let|tell|show|check|add"
    r"|remove|cancel|refund|charge|pay|bill|ask|reply|write|contact|notify|remind|set|switch|change|do|don't|never"
    r"|sure|great|cool|fine|good|one|just|always|every|all|approve|allow|grant|delete|ignore)\b)[A-Za-z][\w-]*"
    # ("Invoices in my company's name, please, every time")
    r"(?:\s+[a-z][\w'-]*){0,4}?)"
    r"\s*,?\s+(?:please\s*,?\s+)?(?:always|every\s+time|each\s+time|by\s+default"
    r"|(?:on|for|with|in)\s+(?:every|each)\s+(?:single\s+)?[a-z]+)(?=\s*(?:[,.;!]|$|please\b|you\b|I\b|for\s+me\b))",
    re.IGNORECASE,
)
_CLAUSE_WORDS = re.compile(r"\b(?:is|are|was|were|has|have|had|because|since|if|when|while|although)\b", re.I)
_PEOPLE_NOUN = re.compile(
    r"\b(?:customers?|users?|people|accounts?|one|body|members?|clients?|staff|employees?|visitors?|guests?)\b", re.I
)
# "Meetings in the morning suit me best": the thing that suits the speaker.
_SUITS_ME = re.compile(
    r"^\W*(?P<val>(?!(?:it|that|this|these|those|the|anything|everything|whatever|either|both|same|any)\b)[A-Za-z][\w-]*(?:\s+[a-z][\w-]*){0,4}?)"
    r"\s+(?:suits?|works?)\s+(?:me|for\s+me)\s+(?:best|better|well|fine)\b",
    re.IGNORECASE,
)
# What the speaker never wants in their things: "No onions in any of my orders, ever", "Never put mushrooms in
# my pizza orders", "no ice in my drink this time". Only with a marker: "no onions on my burger" may be the
# order at hand.
_EXCLUSION = re.compile(
    # ("Vegetarian household here — please never pack meat samples in my subscription box": who the speaker is may be
    # set off before it by a dash or a colon)
    r"^\W*(?:[^.!?:\u2014\u2013]{2,40}?(?:\s[\u2014\u2013-]+\s*|:\s*))?(?:(?:please|and|also|oh|just|so)\W+)*"
    # ("Please don't put paper invoices in the box from now on")
    r"(?:no|(?:never|don't|do\s+not)(?:\s+ever)?\s+(?:put|add|include|use|send|give\s+me|pack|ship|slip|throw|serve|stock"
    r"|sneak)|avoid|hold\s+the"
    r"|skip\s+the|leave\s+out(?:\s+the)?|without)\s+"
    r"(?P<thing>(?!(?:one|problem|worries|thanks|need|rush|way|idea|longer|more|matter|it|that|this|charge)\b)"
    # ("no paper receipts in the box pls, every order": the box of each order)
    r"[a-z][a-z-]*(?:\s+[a-z-]+){0,2}?)\s+(?:in|on|with|for|to)\s+(?:any\s+of\s+)?(?:my|our|any|all|the)\s+[a-z-]+"
    r"(?:\s+[a-z-]+){0,2}?(?=\s*(?:[,.!;]|$|\s+(?:ever|please|pls|plz|again|from now on|this time|today|for me)\b))",
    re.IGNORECASE,
)
# "Please never schedule calls with me before 10am", "don't book meetings on Fridays, ever": a standing limit
# on when things are planned for the speaker, kept as "no calls before 10am".
_SCHEDULE_LIMIT = re.compile(
    # ("I never want calls before 9am, ever": the speaker's own wish, said with "I")
    # ("Rule of thumb for my account: nobody rings me before 10am": a label may head the rule)
    r"^\W*(?:[^.!?:\u2014\u2013]{2,40}?:\s*)?(?:(?:please|and|also|oh|just)\W+)*(?P<want>I\s+)?"
    r"(?P<neg>never|don't|do\s+not|no(?=\s+(?:more\s+)?[a-z]+s\b)|nobody|no\s*-?\s*one)"
    r"\s+(?:ever\s+)?(?:(?<=nobody\s)|(?<=one\s))?(?:(?:should|shall|is\s+to|may|can|gets?\s+to|is\s+allowed\s+to)\s+)?"
    # ("no calls before 10 am please": the thing refused, named at once)
    r"(?:(?:schedule|book|set\s+up|arrange|plan|put\s+in|slot\s+in|organi[sz]e|(?<=I never )want|(?<=I don't )want"
    r"|(?<=I do not )want|(?<=^no )|(?<=\Wno ))\s*(?:any\s+)?"
    r"(?P<thing>calls|phone\s+calls|meetings|appointments|deliveries|visits|video\s+calls|interviews|sessions|classes"
    r"|texts|notifications|emails|e-mails|messages)"
    r"(?:\s+(?:with|for)\s+me)?"
    # "Please never call me before 10am": the contact itself, kept as "no calls before 10am"
    # ("nobody rings me before 10am": anyone's contact refused)
    # ("please don't call before 10 in the morning, I work nights": "me" left unsaid)
    r"|(?P<verb>call|ring|phone|text|message|visit)(?:s|es)?(?:\s+(?:me|us))?)\s+"
    r"(?P<when>(?:before|after)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?"
    r"(?:\s+(?:in\s+the\s+(?:morning|evening|afternoon)|at\s+night))?|before\s+noon|after\s+(?:noon|lunch|dark)"
    r"|on\s+(?:Mondays|Tuesdays|Wednesdays|Thursdays|Fridays|Saturdays|Sundays|weekends)|at\s+weekends"
    r"|in\s+the\s+(?:mornings?|evenings?|afternoons?)|over\s+lunch|during\s+lunch)"
    r"(?=\s*(?:[,.!;]|$|\s+(?:ever|please|again|from now on)\b))",
    re.IGNORECASE,
)
# A standing rule on how the speaker's things are handled, told as never to be broken: "please never leave parcels with
# the neighbours", "never ring the doorbell, the baby sleeps", "don't ever fold my prints". Kept as said ("never …").
_NEVER_RULE = re.compile(
    r"^\W*(?:[^.!?:\u2014\u2013]{2,40}?:\s*)?(?:(?:please|pls|and|also|oh|just|so|but)\W+)*"
    # ("the baby naps after lunch so please never ring the bell": the reason told first)
    r"(?:(?<![\w'])(?!(?:if|when|unless|whether)\b)[^.!?:\u2014\u2013]{2,60}?(?:,\s*|\s+)so\s+(?:please\s+|pls\s+)?)?"
    r"(?P<neg>never|(?:don't|do\s+not)(?:\s+ever)?)\s+(?:ever\s+)?"
    # (not "put", "add", "pack": what is never put in is kept as "no …", see ``_EXCLUSION``)
    # (nor "ship", "use", "deliver": a carrier or a channel refused is no choice of one)
    r"(?P<act>(?:leave|drop|post|stack|hide|hand|ring|knock|buzz|bend|fold|throw|sign\s+for|park|come)\s+(?!(?:it|them|this|that|me|you|us)\b)[^.;!?,]{3,60}?)"
    r"(?=\s*(?:[,.;!?\u2014\u2013]|$|\s+(?:please|pls|ever|again|thanks|from\s+now\s+on|going\s+forward)\b))",
    re.IGNORECASE,
)
_CONTACTED = {
    "call": "calls",
    "ring": "calls",
    "phone": "calls",
    "text": "texts",
    "message": "messages",
    "visit": "visits",
}
# "I hate cilantro, never add it to my orders": the thing disliked is the thing excluded.
_DISLIKED = re.compile(
    r"\bI\s+(?:hate|can't stand|don't like|do not like|dislike|can't eat|cannot eat)\s+(?P<thing>[a-z][a-z -]{1,25}?)"
    r"\s*,\s*(?:so\s+)?(?:please\s+)?(?:never|don't|do not)\s+(?:add|put|include|use|send)\s+(?:it|them|any)\b",
    re.IGNORECASE,
)
# Checks, limits and rights: what a "preference" must never be about.
_CONTROLS = re.compile(
    r"\b(?:verif\w*|(?:security|fraud|identity|id|background|credit)\s+checks?|validat\w*|authenticat\w*|security|fraud"
    r"|limits?|caps?|admin\w*|root|permissions?|access|rights|privileges?|passwords?|vip|approvals?|audit\w*|kyc|2fa|otp)\b",
    re.IGNORECASE,
)
_ALWAYS_OR_NEVER = re.compile(r"\b(?:ever|never|any of my|none of my|in any|in all)\b", re.IGNORECASE)
# A thing asked for with a marker: "For this trip only, a ground-floor room please", "Always a window seat, please".
_ASKED_THING = re.compile(
    r"(?:^|,)\s*(?:(?:always|again|just)\s+)?(?:an?)\s+(?P<val>[a-z][\w-]*(?:\s+[\w-]+){0,4}?)\s*,?\s+please\b",
    re.IGNORECASE,
)
# A standing "keep X to/short …" about how the speaker is served needs no marker: "Keep meeting invites to mornings".
_KEEP_RULE = re.compile(
    r"^keep\s+(?:my\s+|your\s+|the\s+|all\s+)?(?!it\b|this\b|that\b|them\b|me\b|you\b|change\b)[a-z-]+"
    r"(?:\s+[a-z-]+)?\s+(?:to|under|short|brief|simple|concise|below)\b",
    re.IGNORECASE,
)
# A standing instruction about how to serve the speaker: "Always double-check the address with me
# before shipping", "Please keep your answers short by default". Only with a lasting marker, only
# these verbs (the rest are requests or belong to a predicate above), never about other people.
_STANDING = re.compile(
    # At the start of the clause or after "…, so": "We had a baby, so please deliver in the afternoons from now on".
    r"(?:^|[,;]\s*(?:so|and)\s+)\s*(?:(?:also|and|oh|btw|plus)\s*,?\s+)?"
    r"(?:(?:please|always|by default|from now on|going forward|in future|in the future)\s*,?\s+"
    # "Whenever you book flights for me, go for aisle seats"
    r"|whenever\s+[^,]{2,50},\s*)*"
    r"(?P<act>(?:keep|double-check|check|confirm|ask|remind|include|add|avoid|skip|book|reserve|leave|put|mention"
    # ("always show prices in euros": how things are shown to the speaker)
    # ("Always gift-wrap anything going to my niece")
    r"|cc|copy|attach|wrap|gift-?\s?wrap|deliver|go for|opt for|choose|pick|show|display|quote)\b[^.;!?]{2,70})",
    re.IGNORECASE,
)
# "this time leave it with the neighbour at no. 14", "…, drop the parcel behind the shed": where a parcel is left.
_DROP_OFF_ONCE = re.compile(
    r"(?:^|[,;\u2014\u2013:]|\s-)\s*(?:(?:just|please|pls|and|so|this\s+time|today)\s*,?\s+)*"
    r"(?P<act>(?:leave|drop)\s+(?:it|them|the\s+(?:parcel|package|box|delivery|order))\s+"
    r"(?:with|at|by|on|in|behind|outside|next\s+to)\s+(?:[^.;!?,]|(?<=\bno)\.(?=\s*\d)){2,60}?)"
    r"(?=\s*(?:[,;!?]|(?<!\bno)\.|$|\s+(?:this\s+time|today|please|pls|thanks|just\s+this\s+once)\b))",
    re.IGNORECASE,
)
# The currency amounts are shown in, with a marker for how long: "just for today can you show prices in USD",
# "can you always quote totals in euros?" (the errand alone, "show me the price in USD", is no preference).
_SHOWN_IN_CURRENCY = re.compile(
    r"\b(?:show|display|quote|list|give|put)\s+(?:me\s+|us\s+)?(?:the\s+|all\s+|your\s+)?"
    r"(?P<what>prices|amounts|totals|costs|sums|figures)\s+in\s+(?P<cur>(?-i:[A-Z]{3})(?![A-Za-z])|(?i:(?:US|Canadian|Australian"
    r"|NZ|Hong\s+Kong|Singapore)\s+dollars|dollars|euros|pounds(?:\s+sterling)?|sterling|yen|yuan|RMB|rupees|rand|pesos"
    r"|francs|kronor|kroner|krona|won|baht|ringgit|dirhams|shekels|lira|reais|zloty))(?![A-Za-z])",
    re.IGNORECASE,
)
# When something recurring comes to the speaker, set: "change the report delivery time to 7am", "move my reminder time
# to 8:30am" (a standing setting, changed: the request states it, as an address change does; not a parcel's slot).
_TIMING_SET = re.compile(
    r"^\W*(?:(?:please|pls|can\s+you|could\s+you)\s+)*(?:change|set|move|switch|update|shift|push)\s+(?:the|my|our)\s+"
    r"(?P<what>(?:[a-z-]+\s+){0,2}?(?:report|digest|newsletter|reminder|summary|briefing|statement|alert|notification"
    r")s?\s+(?:delivery\s+|send\s+|sending\s+)?(?:time|hour))\s+to\s+"
    r"(?P<when>\d{1,2}(?::\d{2})?\s*(?:am|pm)|\d{1,2}:\d{2})\b(?!\s+(?:today|tomorrow|for\s+this|just|only)\b)",
    re.IGNORECASE,
)
_OTHER_PEOPLE = re.compile(
    r"\b(?:every|all|any|anyone|anybody|everyone|everybody|other|others|customers?|users?|people|accounts?)\b", re.I
)
_PHRASE_END = re.compile(
    r"\s+(?:when|whenever|if|because|since|so that|so|as|while|unless|but|please)\b.*$|\s*,.*$", re.IGNORECASE
)
_PHRASE_NOISE = re.compile(
    r"\b(?:always|by default|from now on|going forward|in (?:the )?future|please|today|tonight|this time"
    r"|for now|just this once)\b|\s+(?:for|with|to)\s+me\b|\byour\s+",
    re.IGNORECASE,
)
_NOT_A_THING = re.compile(
    r"^(?:it|that|this|them|you|your|him|her|to|how|what|when|where|which|who|if|a refund|refund|my money"
    r"|the refund)\b",
    re.I,
)
_PAPERWORK = re.compile(r"\b(?:receipts?|invoices?|packing\s+slips?|delivery\s+notes?)\b", re.I)
_REQUEST_OBJECTS = re.compile(
    r"\b(?:refund|cancel\w*|return|money back|status|help|check|know|ask|speak|replacement|exchange|repair|call ?back"
    r"|discount|compensation|voucher|receipt|invoice copy)\b",
    re.I,
)


def _preference_phrase(raw: str) -> str:
    """The short phrase a preference is stored as: no markers, no "for me", no trailing clause."""
    value = _PHRASE_END.sub("", raw)
    value = _PHRASE_NOISE.sub(" ", value)
    # the choice, not the verb: "go for aisle seats", "show prices in euros" (not "show you a photo")
    value = re.sub(
        r"^\s*(?:go for|opt for|choose|pick|(?:show|display|quote)(?!\s+(?:you|me|us|him|her|them)\b))\s+",
        "",
        value,
        flags=re.IGNORECASE,
    )
    value = re.sub(r"^\s*(?:the|a|an|to|some|my)\s+", "", value)
    # "leave meat out of recipe suggestions", "keep nuts off the menu": what is left out, said as "no …".
    value = re.sub(
        r"^\s*(?:leave|keep)\s+(?:any\s+|all\s+|the\s+)?(?P<x>[\w -]{2,30}?)\s+(?P<prep>out\s+of|off)\s+"
        r"(?:the\s+|my\s+)?(?P<y>.+)$",
        lambda m: f"no {m.group('x')} {'in' if m.group('prep') != 'off' else 'on'} {m.group('y')}",
        value,
        flags=re.IGNORECASE,
    )
    return _clean(re.sub(r"\s+", " ", value))


# The usual way, told beside a one-off one: "PDF this time, Excel as usual", "this time DHL, normally UPS".
_USUAL = re.compile(
    r"\b(?:as\s+usual|as\s+always|as\s+normal|usually|normally|otherwise|the\s+rest\s+of\s+the\s+time|every\s+other\s+time)\b",
    re.IGNORECASE,
)


def _once_and_usual(clause: Clause, offset: int) -> bool | None:
    """Whether the phrase at ``offset`` of a clause that tells a one-off choice and the usual one is the lasting one
    (``None`` when its phrase carries neither marker)."""
    if not (_ONE_OFF.search(clause.text) and _USUAL.search(clause.text)):
        return None
    # ("PDF this time — normally Excel": a dash sets the phrases apart too)
    phrase = clause.phrase_at(offset, ",;\u2014\u2013").text
    if _USUAL.search(phrase):
        return True
    return False if _ONE_OFF.search(phrase) else None


def _lasting(text: str) -> tuple[bool, float]:
    """(lasting, confidence) from the clause's markers; a lasting marker wins over a one-off one."""
    if _LASTING.search(text):
        return True, LASTING_CONFIDENCE
    if _ONE_OFF.search(text):
        return False, ONE_OFF_CONFIDENCE
    return True, PLAIN_PREFERENCE_CONFIDENCE


def _sentence_start(text: str, at: int) -> int:
    """Where the sentence around offset ``at`` starts."""
    return max(text.rfind(mark, 0, max(at, 0)) for mark in ".!?\n") + 1


# How a home ends: the lease runs out, the keys go back, the flat is given up.
_HOME_END_EVENT = re.compile(
    r"\b(?:lease|tenancy|rental|rent\s+contract)\s+(?:ran\s+out|ended|expired|was\s+up|finished|ran\s+its\s+course)"
    r"|\bmoved\s+out\b|\bhanded\s+(?:back\s+)?(?:the|my|our)\s+keys\b|\bkeys\s+(?:went|handed)\s+back\b"
    r"|\bgave\s+up\s+(?:the|my|our)\s+(?:flat|apartment|place|house|room)\b",
    re.I,
)


def _told_after_time(ctx: TurnContext, clause: Clause, event: re.Pattern[str]) -> datetime | None:
    """The one past time of the sentence right after ``clause``'s when it names ``event`` (the date of a state's end
    said next: "Not in Leeds anymore. Lease ran out last month.")."""
    said = clause.start + len(clause.text.rstrip(".!?\n "))
    ends = [i for i in (ctx.text.find(mark, said) for mark in ".!?\n") if i >= 0]
    if not ends:
        return None
    start = min(ends) + 1
    following = [i for i in (ctx.text.find(mark, start) for mark in ".!?\n") if i >= 0]
    stop = min(following) if following else len(ctx.text)
    if not event.search(ctx.text, start, stop):
        return None
    begun = {
        t.start for t in ctx.times if start <= t.span[0] < stop and t.start <= ctx.at and not t.start <= ctx.at < t.end
    }
    return begun.pop() if len(begun) == 1 else None


def _home_ended(ctx: TurnContext, clause: Clause, ended: CandidateFact) -> CandidateFact:
    """A home's end, dated by the next sentence when it tells how the home ended ("Not in Sharjah anymore. Lease ran
    out last month …"); a time in the clause itself already dated it."""
    when = None if clause.times(ctx) else _told_after_time(ctx, clause, _HOME_END_EVENT)
    return replace(ended, valid_to=when) if when else ended


def _sentence_of(text: str, clause: Clause) -> str:
    start = max(text.rfind(mark, 0, max(clause.start, 0)) for mark in ".!?\n")
    ends = [i for i in (text.find(mark, clause.end) for mark in ".!?\n") if i >= 0]
    return text[start + 1 : min(ends) if ends else len(text)]


_Candidate = tuple[str, str, re.Match[str], bool]
"""(predicate, value, match, weak): a weak reading needs a marker or a preference word."""


_CARRIER_GROUPS = (
    "carrier",
    "carrier2",
    "carrier3",
    "carrier4",
    "carrier5",
    "carrier6",
    "carrier7",
    "carrier8",
    "carrier9",
)
_CHANNEL_GROUPS = (
    "ch",
    "ch2",
    "ch3",
    "ch4",
    "ch6b",
    "ch6",
    "ch7",
    "ch8",
    "ch9",
    "ch10",
    "ch11",
    "ch12",
    "ch13",
    "ch14",
    "ch15",
    "ch16",
    "ch17",
    "ch18",
    "ch19",
    "ch21",
    "ch22",
    "ch23",
    "ch24",
    "ch25",
)
_PAY_GROUPS = (
    *("pay", "pay2", "pay3", "pay4", "pay5", "pay6", "pay7", "pay8", "pay9", "pay10", "pay11", "pay12"),
    *("pay13", "pay14", "pay15"),
)


def _report_candidates(text: str) -> Iterator[_Candidate]:
    """Report formats: a default changed, a coded layout ("layout C"), a described style of the reports."""
    styles_said: list[str] = []
    for candidate in _report_formats(text):
        styles_said.append(candidate[1].lower())
        yield candidate
    for m in [*_DOCUMENT_AS_STYLE.finditer(text), *_DOCUMENT_LEAD_STYLE.finditer(text)]:
        style = first_group(m, ("rf", "rf2", "rf3")) or ""
        if any(style.lower() in said or said in style.lower() for said in styles_said):
            continue  # ("… send me the two-page summary version": said once, read by two patterns)
        if style and not _FORMAT.search(style) and not _NOT_A_STYLE.match(style) and not _LANGUAGE_WORD.search(style):
            # "send the digest as the short version" may be the errand at hand: weak, as a carrier is.
            yield "preferred_report_format", style, m, True


def _report_formats(text: str) -> Iterator[_Candidate]:
    from palimpsest.write.registry import normalize_format

    for m in _DEFAULT_CHANGE.finditer(text):
        value = m.group("val") or m.group("val2") or m.group("val3")
        if _FORMAT.fullmatch(value):
            yield "preferred_export_format", normalize_format(value), m, False
        elif "format" in m.group() or "template" in m.group() or "layout" in m.group():
            yield "preferred_report_format", value, m, False
    if _CODED_LAYOUT_DOCUMENT.search(text) and not _DEFAULT_CHANGE.search(text):
        # (beside a digest or a summary rather than a report, a coded layout may be the errand at hand: weak)
        weak = _REPORT_WORD.search(text) is None
        for m in _REPORT_FORMAT.finditer(text):
            if not _FORMAT.search(m.group("rf")):
                yield "preferred_report_format", m.group("rf"), m, weak
        for m in _CODE_FIRST.finditer(text) if not _REPORT_FORMAT.search(text) else ():
            yield "preferred_report_format", m.group("rf"), m, weak
    # ("For the weekly digest I'd rather get the short one-pager version": a digest, a newsletter or a briefing has
    # a style too; only a report is named by its kind alone, see ``_REPORT_NAMED``)
    if (_REPORT_WORD.search(text) or _CODED_LAYOUT_DOCUMENT.search(text)) and not _DEFAULT_CHANGE.search(text):
        styles = 0
        for m in _REPORT_STYLE.finditer(text):
            style = m.group("rf")
            if not _FORMAT.search(style) and not _NOT_A_STYLE.match(style) and not _REPORT_FORMAT.search(m.group()):
                styles += 1
                yield "preferred_report_format", style, m, True
        for m in _REPORT_BY_STYLE.finditer(text) if not styles else ():
            styles += 1
            yield "preferred_report_format", m.group("rf"), m, True
        named = not styles and not _REPORT_FORMAT.search(text) and _REPORT_WORD.search(text)
        for m in _REPORT_NAMED.finditer(text) if named else ():
            style = m.group("rf")
            if not _FORMAT.search(style) and not _NOT_A_STYLE.match(style):
                yield "preferred_report_format", style, m, True


def _once_beside_usual(text: str, formats: list[re.Match[str]], chosen: re.Match[str]) -> Iterator[_Candidate]:
    """The other format of a turn that tells a one-off one beside the usual one: "this time just send the invoice as
    PDF — normally Excel is fine" (both are told; ``_once_and_usual`` tells which lasts)."""
    from palimpsest.write.registry import normalize_format

    if not (_ONE_OFF.search(text) and _USUAL.search(text)):
        return
    said = {normalize_format(chosen.group("fmt").rstrip("s"))}
    for f in formats:
        value = normalize_format(f.group("fmt").rstrip("s"))
        if value not in said:
            said.add(value)
            yield "preferred_export_format", value, f, True


def _preference_candidates(clause: Clause) -> Iterator[_Candidate]:
    from palimpsest.write.registry import normalize_channel, normalize_format

    text = clause.text
    for m in _THEME.finditer(text):
        # ("switch my theme to light, dark mode is unreadable in the sun": the theme blamed is the one left)
        if m.group("theme") and _THEME_BLAMED.match(text, m.end()):
            continue
        theme = (first_group(m, ("theme", "theme2", "theme3", "theme4")) or "").lower()
        if theme.startswith("high") or theme == "sepia":
            yield "preferred_theme", "high-contrast" if theme.startswith("high") else theme, m, False
            continue
        yield "preferred_theme", "dark" if theme in ("dark", "night") else "light", m, False
    formats = list(_FORMAT.finditer(text))
    if formats and _FORMAT_CONTEXT.search(text):
        # The format a preference verb takes wins ("I prefer CSV exports, Excel mangles my zeros"); else
        # the last one named ("switch from PDF to Excel") that is not refused ("Reports in PDF, always - never Excel").
        # ("export as CSV, excel keeps mangling my dates": the format blamed is not the one wanted)
        allowed = [
            f
            for f in formats
            # ("PDF this time, not the usual CSV", "instead of the normal xlsx")
            if not re.search(
                r"\b(?:never|not|no|instead\s+of|rather\s+than)\s+(?:the\s+|my\s+|our\s+|your\s+|an?\s+)?"
                r"(?:usual|normal|regular|default|standard|old|current|same)?\s*$",
                text[: f.start()],
                re.I,
            )
            and not _FORMAT_BLAMED.match(text, f.end())
            # ("PDF this time, the CSV broke my spreadsheet": the file a format broke is not a format wanted)
            and not _R38_FORMAT_BROKEN.search(text, 0, f.start())
            and not _R38_FORMAT_BROKE.match(text, f.end())
            # ("export as CSV this time, our accounting tool chokes on xlsx": the format a tool cannot take)
            and not _R39_FORMAT_REFUSED_BY.search(text, 0, f.start())
        ] or formats
        chosen = next((f for f in formats if _PREFERS_FORMAT.search(text, 0, f.start())), allowed[-1])
        yield "preferred_export_format", normalize_format(chosen.group("fmt").rstrip("s")), chosen, True
        yield from _once_beside_usual(text, formats, chosen)
    yield from _report_candidates(text)
    languages = list(_LANGUAGE.finditer(text))
    for chosen_pattern in _LANGUAGE_CHOSEN:
        taken = {n.start("lang") for n in languages}
        languages += [m for m in chosen_pattern.finditer(text) if m.start("lang") not in taken]
    # A document asked for in a language is an errand unless a marker or a preference word says more.
    asked = [*_LANGUAGE_SENT.finditer(text), *_LANGUAGE_DOCUMENT.finditer(text)]
    sent = [m for m in asked if not any(m.start("lang") == n.start("lang") for n in languages)]
    sent = [m for i, m in enumerate(sent) if not any(m.start("lang") == n.start("lang") for n in sent[:i])]
    for m in languages + sent:
        if _LANGUAGE_CONCEDED.search(text, 0, m.start()):
            continue  # "reply in English, even when I write to you in Hindi": the language one writes in
        language = _LANGUAGE_IN_ITSELF.get(m.group("lang").lower(), m.group("lang"))
        # Cantonese has its own code (yue); the registry would fold it into Chinese.
        code = "yue" if language == "Cantonese" else normalize_language(language)
        yield "preferred_language", code, m, m in sent
    for m in _CHANNEL.finditer(text):
        said = next(m.group(g) for g in _CHANNEL_GROUPS if m.group(g))
        channel = _CHANNEL_VERBS.get(said.lower()) or (
            "SMS" if said.lower().startswith("text") else normalize_channel(said)
        )
        # "send the invoices by email" may be the errand at hand: a document's channel is weak.
        yield "preferred_notification_channel", channel, m, _CHANNEL_DOCUMENT.match(m.group()) is not None
    # "Today just send a push notification": an errand unless a marker says how to notify.
    for m in _CHANNEL_SENT.finditer(text):
        said = m.group("ch")
        channel = "SMS" if said.lower().startswith("text") else normalize_channel(said)
        yield "preferred_notification_channel", channel, m, True
    for m in _CARRIER.finditer(text):
        carrier = next(m.group(g) for g in _CARRIER_GROUPS if m.group(g))
        # "Use DHL." may be about the parcel at hand: a marker or "prefer" makes it a preference.
        yield "preferred_shipping_carrier", _CARRIERS[carrier.lower()], m, True
    for m in _PAYMENT.finditer(text):
        method = next(m.group(g) for g in _PAY_GROUPS if m.group(g))
        yield "preferred_payment_method", _PAYMENTS[method.lower()], m, False
    if not _PAYMENT.search(text):
        for m in _PAY_USE.finditer(text):
            yield "preferred_payment_method", _PAYMENTS[m.group("pay").lower()], m, True
        for m in _PAY_NAMED_HABIT.finditer(text) if not _PAY_USE.search(text) else ():
            if m.group("pay").split()[0] not in _NOT_NAMES | _KIN_AS_NAMES:
                yield "preferred_payment_method", m.group("pay"), m, False


# Words that make a time said before the preference its first day: "from the 5th of october onward, i want …".
_STARTS_LEAD = re.compile(r"\b(?:starting|from|beginning|as\s+of|effective|since)\b", re.IGNORECASE)


def _start_said_before(ctx: TurnContext, clause: Clause) -> datetime | None:
    """The first day a phrase before ``clause`` in its sentence gives it: "Starting next Monday, I want …"."""
    begin = _sentence_start(ctx.text, clause.start)
    lead = Clause(ctx.text[begin : clause.start], begin)
    if not lead.text.strip() or not _STARTS_LEAD.search(lead.text):
        return None
    # (the word must lead the time itself: "moved from Graz to Innsbruck on October 1st, and I pay with PayPal now"
    # dates the move, and its "from" names a town)
    said = [begin + m.end() for m in _STARTS_LEAD.finditer(lead.text)]
    if not any(0 <= t.span[0] - end <= 3 for t in lead.times(ctx) for end in said):
        return None
    return lead.preference_start(ctx)


def _negated_before(text: str, position: int) -> bool:
    """A negation ahead of the preference in its own phrase ("I don't want dark mode"); "SMS, not email"
    keeps SMS, and "Don't phone me, email is best" keeps email."""
    head = text[:position]
    head = head[max(head.rfind(","), head.rfind(";")) + 1 :]
    # ("stop the push alerts and put me on email": the refusal is the first errand's, not the second's)
    head = re.split(r"\band\s+(?=(?:put|switch|move|set|send|use|make|keep|give)\s+me\b)", head)[-1]
    return bool(_PREF_NEGATED.search(head))


def _relative_language_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _RELATIVE_LANGUAGE.finditer(clause.text):
        if re.search(r"\b(?:not|never|doesn't|don't)\b", clause.text[: m.start()]):
            continue
        language = m.group("lang")
        code = "yue" if language == "Cantonese" else normalize_language(language)
        subject = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}"
        yield _fact(ctx, clause, m, subject, "preferred_language", code, "relative_language")


# "My wife prefers aisle seats", "my dad likes dark mode": a relative's own preference.
_RELATIVE_PREFERS = re.compile(
    # ("My wife Hana prefers texts": the relative's name may follow the relation)
    rf"^\W*(?:(?:and|also|oh|btw)\W+)*[Mm]y\s+(?P<rel>{_HOUSEHOLD})(?:\s+(?!(?:{'|'.join(_NOT_NAMES)})\b)[A-Z][a-z]+)?\s+"
    r"(?:really\s+|much\s+|always\s+|usually\s+|only\s+)*"
    r"(?P<verb>prefers|likes|loves|wants|uses|needs)\s+(?P<val>[^,.;!?]{2,60})"
)
# Someone else's standing wish, told as theirs: "my dad keeps asking — he wants the dark theme", "my manager Rosa
# wants the report in template C", "my husband Greg pays with Apple Pay", "she'd like texts rather than calls".
_THIRD_PARTY_WISH = re.compile(
    r"(?:^|(?<=[,;:\u2014\u2013-]\s)|(?<=\bso\s)|(?<=\band\s))\W*"
    rf"(?:[Mm]y\s+{_KIN_ADJ}(?P<rel>{_REL})(?:\s+(?!(?:{'|'.join(_NOT_NAMES)})\b)[A-Z][a-z]+)?|(?P<pron>[Hh]e|[Ss]he))"
    r"(?:\s+(?:really|always|only|usually|also|now|still))*"
    r"(?:\s+(?:wants|prefers|likes|loves|pays|uses|needs)|(?:'d|\s+would)\s+(?:like|rather|prefer))\b"
)
# "…, so talk to her in Cantonese": the language asked for is the relative's, not the speaker's.
_FOR_SOMEONE_ELSE = re.compile(r"\b(?:to|for|with)\s+(?:her|him|them)\b|\b(?:his|her|their)\s+\w+", re.IGNORECASE)


# Someone else's advice: "Aunt May always says to pay cash", "my dad keeps telling me I should use DHL".
_ADVICE = re.compile(
    r"^\W*(?:(?:and|but|also|oh|btw)\W+)*(?!I\b)(?:[Mm]y\s+[\w-]+|[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?|[Hh]e|[Ss]he|[Tt]hey"
    r"|[Ee]veryone|[Pp]eople)\s+(?:always\s+|often\s+|once\s+|keeps?\s+|would\s+)?(?:says?|said|saying|tells?\s+me"
    r"|told\s+me|telling\s+me|reckons?|thinks?|swears?|insists?)\s+(?:to|that|I\s+should|we\s+should|you\s+should)\b"
)
_SWITCH_EVENT = re.compile(r"\b(?:switched|changed|swapped|moved\s+(?:over|banks|to)|opened|signed\s+up)\b", re.I)


def _without_request_wish(text: str) -> str:
    """``text`` without "I'd like" when it asks for a file: "I'd like a download of my transactions as CSV" is a
    request, its format an intent parameter."""
    return re.sub(r"\b(?:I'd|I\s+would)\s+like\b", "", text, flags=re.I) if _FILE_VERB.search(text) else text


def _third_party(ctx: TurnContext, clause: Clause, wish: re.Match[str]) -> str | None:
    """Whose wish ``wish`` (a `_THIRD_PARTY_WISH` match) tells, or ``None`` when it is nobody's we keep."""
    # (a pronoun with no relative named before it is nobody we can pin down)
    someone = (
        f"{ctx.speaker_id}:{_RELATIONS[wish.group('rel').lower()]}"
        if wish.group("rel")
        else _antecedent(ctx, wish.group("pron").lower(), clause.start + wish.start())
    )
    if someone is None:
        return None
    # Someone outside the household counts only when they ask for a standing change to what the speaker gets
    # ("my manager Rosa wants the report in template C from now on"); "my boss prefers WhatsApp", "my boss pays
    # with Amex" are their own ways, no choice for the account.
    outside = someone.split(":")[-1] in _OUTSIDE_HOUSEHOLD or ":" not in someone
    if outside and not (re.search(r"\bwants\b", wish.group()) and _LASTING.search(clause.text)):
        return None
    return someone


def _channel_verbs(text: str, chosen: bool) -> list[_Candidate]:
    """ "Text me instead of emailing": "instead", a marker or the other channel refused makes the verb a choice."""
    if not chosen and not re.search(r"\binstead\b", text, re.I):
        return []
    return [
        ("preferred_notification_channel", _CHANNEL_VERBS.get(m.group("ch").lower(), "email"), m, False)
        for m in _CHANNEL_VERB.finditer(text)
    ]


def _preference_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    relatives = list(_relative_language_facts(ctx, clause))
    yield from relatives
    text = clause.text
    if _ADVICE.match(text):
        return  # "My aunt always says to pay cash": someone else's advice, no taste of the speaker's
    relative = _RELATIVE_PREFERS.match(text)
    owner = f"{ctx.speaker_id}:{_RELATIONS[relative.group('rel').lower()]}" if relative else ctx.speaker_id
    third = _THIRD_PARTY_WISH.search(text) if relative is None else None
    if third is not None:
        someone = _third_party(ctx, clause, third)
        if someone is None:
            return
        owner = someone
    # Markers may sit in a sibling clause: "Every time I download statements, I want them in CSV".
    sentence = _sentence_of(ctx.text, clause)
    lasting, confidence = _lasting(text if _LASTING.search(text) or _ONE_OFF.search(text) else sentence)
    has_marker = bool(_LASTING.search(sentence) or _ONE_OFF.search(sentence))
    valid_from = clause.preference_start(ctx) or _start_said_before(ctx, clause)
    # "Starting next month, send everything by DHL": a first day said for it makes the choice a standing one.
    # (a past "since …" dates a habit, it does not make a wish one: "since October …, I need a better system")
    has_marker = has_marker or bool(valid_from and valid_from > ctx.at)
    if valid_from is None and re.search(r"\bnow\b", text, re.I):
        # "yesterday I switched banks and now pay with my Revolut card": the change dates the new habit.
        valid_from = _event_time(ctx, clause, _SWITCH_EVENT)
    found = False
    candidates = list(_preference_candidates(clause))
    refused = _CHANNEL_REFUSED_HABIT.search(sentence) is not None
    candidates += _channel_verbs(text, has_marker or refused)
    for predicate, value, match, weak in candidates:
        # (a channel is refused by what stands before its own name: "stop the push alerts and put me on email")
        said_at = [match.start(g) for g in _CHANNEL_GROUPS if match.groupdict().get(g)]
        if _negated_before(text, said_at[0] if said_at and predicate.endswith("channel") else match.start()):
            continue
        # "My boss prefers WhatsApp": a third person's taste is the speaker's only through a relative named.
        if owner == ctx.speaker_id and re.match(r"(?:prefers|likes|wants|uses)\b", match.group(), re.I):
            continue
        if predicate == "preferred_language" and _FOR_SOMEONE_ELSE.search(text):
            continue
        # A bare request ("export it as PDF") is an intent, not a preference ("SMS > email" ranks: it is one).
        # ("Text me for shipping updates, not email": the channel chosen for a kind of message ranks too)
        ranked = any(
            # ("texts only", "texts not calls", "Email's the only thing I check": a channel set above the others)
            match.groupdict().get(g) is not None
            for g in ("ch13", "ch15", "ch17", "ch18", "ch19", "ch21", "ch9", "ch11", "ch23", "ch24")
        ) or (refused and match.re is _CHANNEL_VERB)
        # ("my husband pays with Apple Pay": a third person's habit told as theirs is their standing choice)
        if not has_marker and not _PREFERS.search(text) and not ranked and third is None:
            continue
        if weak and not has_marker and not _PREFERENCE_WORD.search(_without_request_wish(text)):
            continue
        # "The weekly digest in layout B looked odd today": a remark on the errand, with no word that asks.
        # ("Download the March statements - Excel this time, not the usual PDF": the usual one refused asks for it)
        if (
            weak
            and not _LASTING.search(sentence)
            and not _PREFERENCE_WORD.search(text)
            and not _PREFERS.search(text)
            and not _USUAL_REFUSED.search(text)
            and not _format_once(sentence, text, predicate, match)
        ):
            continue
        found = True
        # "this time I'll pay on delivery, next time card as usual": each phrase its own marker
        once_and_usual = _once_and_usual(clause, match.start())
        yield CandidateFact(
            subject=_channel_owner(ctx, clause, owner) if predicate == "preferred_notification_channel" else owner,
            predicate=predicate,
            value=value,
            lasting=lasting if once_and_usual is None else once_and_usual,
            valid_from=valid_from,
            confidence=confidence,
            rule=f"en.{predicate}",
            evidence_text=text.strip(),
            ends_previous=bool(re.search(r"\b(?:change|switch|from now on|instead)\b", text, re.I)),
        )
    if found or relatives or third is not None:
        return
    if relative is not None and relative.group("verb") != "uses" and not _PREF_NEGATED.search(text):
        value = _preference_phrase(relative.group("val"))
        # "My son wants a refund" asks for something; a want lasts only with a marker.
        asks = relative.group("verb") in ("wants", "needs") and not has_marker
        if value and not asks and not _NOT_A_THING.match(value) and not _REQUEST_OBJECTS.search(value):
            yield CandidateFact(
                subject=owner,
                predicate="preference",
                value=value,
                lasting=lasting,
                valid_from=valid_from,
                confidence=confidence,
                rule="en.relative_preference",
                evidence_text=relative.group().strip(),
            )
        return
    yield from (casual := list(_casual_preference_facts(ctx, clause, has_marker, (lasting, confidence, valid_from))))
    if casual:
        return
    for subject, value, evidence in _free_preferences(ctx, clause, has_marker):
        if not _free_preference_kept(value):
            continue
        yield CandidateFact(
            subject=subject,
            predicate="preference",
            value=value,
            lasting=lasting,
            valid_from=valid_from,
            confidence=confidence,
            rule="en.preference",
            evidence_text=evidence.strip(),
        )


def _format_once(sentence: str, text: str, predicate: str, match: re.Match[str]) -> bool:
    """ "just this once could I get the breakdown as a PDF?": a file's format chosen for this one time."""
    return (
        predicate == "preferred_export_format"
        and _ONE_OFF.search(sentence) is not None
        and re.search(r"\b(?:can|could|may)\s+(?:I|we)\s+(?:please\s+)?(?:get|have)\b", text, re.I) is not None
        and re.search(r"\b(?:as|in)\s+(?:an?\s+)?$", text[: match.start()], re.I) is not None
    )


def _free_preference_kept(value: str) -> bool:
    """Whether a free phrase is a taste the ``preference`` predicate keeps."""
    if _CONTROLS.search(value):
        return False  # "no verification on my orders" is no taste: checks and rights are not preferences
    # ("… but I prefer français": a language, which only the language rules keep)
    return not (_LANGUAGE_WORD.fullmatch(value) or _NATIVE_LANGUAGE.fullmatch(value))


def _casual_preference_facts(
    ctx: TurnContext, clause: Clause, has_marker: bool, read: tuple[bool, float, datetime | None]
) -> Iterator[CandidateFact]:
    """The fact of :func:`_casual_preference`; ``read`` is the clause's (lasting, confidence, start)."""
    casual = _casual_preference(ctx, clause, has_marker)
    if casual is None:
        return
    lasting, confidence, valid_from = read
    # (a past time in the clause dates the news told beside it: "started at … two weeks ago, … so weekday mornings for
    # deliveries"; only a start still to come is the preference's)
    yield CandidateFact(
        subject=ctx.speaker_id,
        predicate="preference",
        value=casual[0],
        lasting=lasting,
        valid_from=valid_from if valid_from and valid_from > ctx.at else None,
        confidence=confidence,
        rule="en.preference.casual",
        evidence_text=casual[1].strip(),
    )


# "I like my meeting summaries short", "we want our invoices itemised": the thing, then how it should be.
_SHAPES = (
    r"short|shorter|brief|concise|detailed|simple|plain|formal|informal|casual|itemi[sz]ed|printed|bilingual"
    r"|black|strong|mild|spicy|unsweetened|decaf|well-done|rare|medium|quiet|early|late|short\s+and\s+sweet"
)
_LIKE_IT_SHAPED = re.compile(
    r"^\W*(?:I|[Ww]e)\s+(?:(?:always|usually|really|just)\s+)?(?:like|prefer|want|need)\s+(?:my|our)\s+"
    r"(?P<thing>(?:[a-z-]+\s+){0,2}?[a-z-]+)\s+(?P<adj>" + _SHAPES + r")(?:\s+and\s+(?P<adj2>" + _SHAPES + r"))?"
    r"(?=\s*(?:[:,;.!]|$|\s+(?:please|thanks|from\s+now\s+on|going\s+forward|by\s+default)\b))"
)


# "I usually have stuff delivered in the evening, after 7": when deliveries suit the speaker, kept as "deliveries …".
_CLOCK = r"\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?"
_DELIVERED_WHEN = re.compile(
    r"\bI\s+(?:usually|always|normally|generally|mostly|prefer\s+to|like\s+to)\s+(?:have|get)\s+"
    r"(?:stuff|things|everything|it|them|(?:my\s+)?(?:parcels|packages|orders|deliveries|shopping|groceries))\s+"
    r"delivered\s+(?P<when>(?:in\s+the\s+(?:morning|afternoon|evening)s?|at\s+night|at\s+(?:the\s+)?weekends?"
    rf"|on\s+(?:weekends|weekdays|Saturdays|Sundays)|after\s+work|(?:before|after)\s+{_CLOCK})"
    rf"(?:\s*,?\s*(?:after|before|around|from)\s+{_CLOCK})?)(?=\s*(?:[,.;!?]|$|\s+(?:please|if|when|because|as)\b))",
    re.IGNORECASE,
)


# "Deliveries between 6 and 8 pm only", "drop-offs after 5pm only please": the one window things may come in.
_WINDOW_ONLY = re.compile(
    r"^\W*(?P<what>deliveries|drop-?offs|collections|visits)\s+(?P<when>between\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?\s+and\s+"
    rf"{_CLOCK}|(?:before|after)\s+{_CLOCK}|on\s+(?:weekends|weekdays)|in\s+the\s+(?:mornings?|afternoons?|evenings?))"
    r"\s+only\b",
    re.IGNORECASE,
)


# "change my delivery slot to evenings", "can you move our deliveries to the mornings": the part of the day the
# speaker's deliveries are set to come in, kept as "evening deliveries".
_DELIVERY_SLOT_SET = re.compile(
    r"(?:\b(?:change|move|switch|update|set|put|shift)\s+(?:my|our|the)\s+(?:usual\s+|default\s+)?"
    # (not "move my delivery to the evening": the one delivery at hand)
    r"(?:deliveries|delivery\s+(?:slot|window|time)s?)"
    # ("could my deliveries be moved to the evening slot?": the change asked for in the passive)
    r"|\b(?:my|our)\s+(?:usual\s+|default\s+)?(?:deliveries|delivery\s+(?:slot|window|time)s?)\s+(?:please\s+)?"
    r"(?:be|get|to\s+be)\s+(?:changed|moved|switched|shifted|set|put))"
    r"\s+(?:over\s+|back\s+)?to\s+(?:the\s+)?"
    r"(?P<part>morning|afternoon|evening|weekend)s?\b(?!\s+(?:of|on|for|before|after)\b|\s+\d)",
    re.IGNORECASE,
)


def _how_things_come(text: str) -> tuple[str, str] | None:
    """(phrase, evidence) of how the speaker likes things to come: "short meeting summaries", "deliveries after 7"."""
    window = _WINDOW_ONLY.match(text)
    if window:
        return f"{window.group('what').lower()} {' '.join(window.group('when').split())}", window.group()
    delivered = _DELIVERED_WHEN.search(text)
    if delivered and not _PREF_NEGATED.search(text[: delivered.start()]):
        return f"deliveries {' '.join(delivered.group('when').replace(',', ' ').split())}", delivered.group()
    slot = _DELIVERY_SLOT_SET.search(text)
    if slot and not _PREF_NEGATED.search(text[: slot.start()]) and not _HYPOTHETICAL.search(text):
        return f"{slot.group('part').lower()} deliveries", slot.group()
    shaped = _LIKE_IT_SHAPED.search(text)
    if shaped:
        adjectives = " and ".join(a for a in (shaped.group("adj"), shaped.group("adj2")) if a)
        return f"{adjectives.lower()} {shaped.group('thing').lower()}", shaped.group()
    return None


# "…, I work nights", "I sleep days": the speaker's standing routine, the reason a limit holds for good.
_ROUTINE_REASON = re.compile(
    r"\bI\s+(?:work|sleep)\s+(?:nights|days|late|early|shifts|night\s+shifts?)\b|\bI'm\s+on\s+nights\b", re.I
)


def _schedule_limit(text: str, has_marker: bool) -> tuple[str, str] | None:
    """(phrase, evidence) of a standing limit on contact: "never call me before 10am" -> "no calls before 10am"."""
    limit = _SCHEDULE_LIMIT.match(text)
    if limit is None:
        return None
    standing_limit = limit.group("neg").lower().startswith(("never", "no"))
    if not (standing_limit or has_marker or _ALWAYS_OR_NEVER.search(text)):
        return None
    when = re.sub(r"\s+", " ", limit.group("when")).replace(" am", "am").replace(" pm", "pm")
    limited = limit.group("thing") or _CONTACTED[limit.group("verb").lower()]
    return f"no {limited.lower()} {when}", limit.group()


def _refused_before(ctx: TurnContext, clause: Clause) -> bool:
    """Whether the sentence refuses something before ``clause`` ("please never leave parcels outside, I'd rather …")."""
    return _PREF_NEGATED.search(ctx.text, _sentence_start(ctx.text, clause.start), clause.start) is not None


# "please never ring me about deliveries", "never text me re: promotions": a kind of contact ruled out on one subject.
_NEVER_CONTACT_ABOUT = re.compile(
    r"(?:^\W*|[,;:\u2014\u2013]\s*)(?:(?:please|pls|and|also|just|so|but)\s+)*"
    r"(?P<rule>never\s+(?:ring|call|phone|text|message|e-?mail)\s+me\s+(?:about|for|regarding|re:?|over)\s+"
    r"(?:the\s+|my\s+|any\s+)?[a-z][a-z-]*(?:\s+[a-z-]+)?)(?=\s*(?:[,.;!\u2014\u2013]|$|\s+(?:please|pls|again|ever)\b))",
    re.IGNORECASE,
)


def _never_rule(text: str, has_marker: bool) -> tuple[str, str] | None:
    """(phrase, evidence) of a standing "never …" on handling: "never leave parcels with the neighbours"."""
    about = _NEVER_CONTACT_ABOUT.search(text)
    if about is not None:
        return about.group("rule")[:1].lower() + about.group("rule")[1:], about.group()
    never = _NEVER_RULE.match(text)
    if never is None:
        return None
    if not (never.group("neg").lower() == "never" or "ever" in never.group("neg").lower() or has_marker):
        return None
    act = _preference_phrase(never.group("act"))
    if not act or _OTHER_PEOPLE.search(act) or _CONTROLS.search(act):
        return None
    return f"never {act[:1].lower()}{act[1:]}", never.group()


# "deliveries before noon are a no", "weekend visits are a no-go for us", "calls after 8pm are a hard no": a kind of
# errand ruled out for good, kept as "no …" (a weekday would be read as a date: left out).
_RULED_OUT_AS_NO = re.compile(
    r"(?:^\W*|\b(?:so|and|but|because|cos|as)\s+)(?P<thing>(?:(?:weekend|morning|evening|night|early|late"
    r"|doorstep|phone|video|sales|cold)\s+)?(?:deliveries|calls|visits|drop-?offs|pick-?ups|collections|appointments"
    r"|call-?backs|meetings|texts|packages|parcels)(?:\s+(?:before|after|on|at|during)\s+(?:\d{1,2}(?::\d{2})?\s*(?:am|pm)?"
    r"|noon|midday|lunch|dark|weekends|night|the\s+weekend|the\s+day))?)"
    # ("packages during the day are a nightmare for me": a kind ruled out by what it costs the speaker)
    r"\s+(?:are|is)\s+(?:(?:a|an)\s+)?(?:absolute\s+|hard\s+|firm\s+|big\s+|total\s+|real\s+)?"
    r"(?:no|no-go|no\s+go|nightmare|non-starter|nonstarter)"
    r"(?:\s+for\s+(?:me|us))?(?=\s*(?:[,.;!\u2014\u2013]|$))",
    re.IGNORECASE,
)
# "no plastic packaging, ever", "no cutlery ever please": a thing never wanted, said bare before "ever".
_BARE_EXCLUSION = re.compile(
    r"^\W*(?:(?:please|and|also|oh|just|so)\W+)*no\s+"
    r"(?P<thing>(?!(?:one|problem|worries|thanks|need|rush|way|idea|longer|more|matter|it|that|this|charge)\b)"
    r"[a-z][a-z-]*(?:\s+[a-z-]+){0,2}?)\s*,?\s+ever\b",
    re.IGNORECASE,
)
# "keep marketing emails switched off for good", "turn off the promo texts": messages of a kind never wanted.
_MESSAGES_OFF = re.compile(
    r"\b(?:turn|switch|shut)\s+off\s+(?:the\s+|all\s+|my\s+|those\s+|any\s+)?(?P<thing>(?:marketing|promotional|promo"
    r"|sales|survey|newsletter)\s+(?:e-?mails|texts|messages|notifications|calls|mail|pings))\b"
    r"|\bkeep\s+(?:the\s+|all\s+|my\s+|those\s+|any\s+)?(?P<thing2>(?:marketing|promotional|promo|sales|survey"
    r"|newsletter)\s+(?:e-?mails|texts|messages|notifications|calls|mail|pings))\s+(?:switched|turned|shut)\s+off\b",
    re.IGNORECASE,
)
_OFFERED_IN_CASE = re.compile(r"\s*,?\s*if\s+(?:that|it|this)\s+(?:matters|helps)\b", re.IGNORECASE)


def _diets(ctx: TurnContext, clause: Clause) -> Iterator[tuple[str, str, str]]:
    """(subject, phrase, evidence) of a diet: "I'm vegetarian", "my son doesn't eat pork"."""
    # ("I'm vegetarian if that matters for the hamper": the clause cut before an "if" that conditions nothing)
    said = clause.text.rstrip() + "," if _OFFERED_IN_CASE.match(ctx.text, clause.end) else clause.text
    for m in _DIET.finditer(said):
        food = m.group("food")
        own = m.group("diet2") or m.group("diet3")
        subject = _subject(ctx, m.group("who") or m.group("who2")) if not own else ctx.speaker_id
        if subject is not None:
            diet = m.group("diet") or own
            yield subject, (f"no {_clean(food)}" if food else _clean(diet).lower()), m.group()


def _unwanted(text: str, turn: str) -> tuple[str, str] | None:
    """(phrase, evidence) of things never wanted: "deliveries before noon are a no", "turn off the marketing emails"."""
    ruled_out = _RULED_OUT_AS_NO.search(text)
    if ruled_out and not text.rstrip().endswith("?"):
        return f"no {_clean(ruled_out.group('thing')).lower()}", ruled_out.group()
    off = _MESSAGES_OFF.search(text)
    if off and not _phrase_negated(text, off, r"not|never|don't|didn't|won't"):
        return f"no {(off.group('thing') or off.group('thing2')).lower()}", off.group()
    bare = _BARE_EXCLUSION.match(text)
    # ("No meat recipes ever please, been vegetarian for 12 years": the diet said is the rule, kept as the diet)
    if bare and not _OTHER_PEOPLE.search(bare.group("thing")) and not _DIET.search(turn):
        return f"no {bare.group('thing').lower()}", bare.group()
    return None


# "I work nights, so ring me after 2pm", "reach me at (312) 555-0186 after 6pm, my work line is useless": when the
# speaker can be contacted, kept as "calls after 2pm".
_CONTACT_WINDOW = re.compile(
    r"(?:^\W*|\b(?P<so>so|then)\s+|[,;]\s*)(?:(?:please|pls|just|best\s+to|better\s+to)\s+)?"
    r"(?P<verb>call|ring|phone|text|message|reach|contact)\s+(?:me|us)\s+"
    r"(?:(?:at|on)\s+\+?[\d(][\d()\s.-]{6,18}\d\s+)?"
    r"(?P<when>(?:after|before)\s+(?:\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|noon|midday|lunch|work)"
    r"|between\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?\s+and\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)"
    r"|in\s+the\s+(?:mornings?|afternoons?|evenings?)|on\s+weekdays|(?:on|at)\s+weekends)"
    r"(?=\s*(?:[,.;!\u2014\u2013]|$|\s+(?:please|pls|thanks|if|as|because|cos)\b))",
    re.IGNORECASE,
)
# What makes a contact window the speaker's standing one: their hours ("mostly nights"), a line that does not work.
_CONTACT_HABIT = re.compile(
    r"\b(?:mostly|usually|normally|always|nights|night\s+shifts?|shifts?|work\s+line|office\s+line|landline"
    r"|at\s+work\s+all\s+day|during\s+the\s+day|every\s+day)\b",
    re.IGNORECASE,
)
_CONTACT_WINDOW_KIND = {"reach": "calls", "contact": "calls"}
# "weekends are impossible now so weekday mornings for deliveries pls": when deliveries suit the speaker, said first.
_DELIVERY_WINDOW_ASKED = re.compile(
    r"(?:^\W*|\b(?P<so>so|then)\s+|[,;]\s*)(?:(?:only|just)\s+)?(?P<when>(?:weekday|weekend)\s+(?:mornings|afternoons"
    r"|evenings)|weekdays|weekends|mornings|afternoons|evenings|(?:after|before)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm))"
    r"\s+(?:(?:are|is|work)\s+(?:best|better)\s+)?(?:only\s+)?for\s+(?:the\s+|my\s+|any\s+)?"
    r"(?P<what>deliveries|drop-?offs|parcels|packages)"
    r"(?=\s*(?:[,.;!\u2014\u2013]|$|\s+(?:please|pls|plz|thanks|if|as)\b))",
    re.IGNORECASE,
)
# "my husband sleeps days — deliveries after 5pm pls", "so drop-offs in the evening please": the window named first,
# standing when the turn gives its reason.
_DELIVERIES_WHEN_NAMED = re.compile(
    r"(?:^\W*|\b(?P<so>so|then)\s+|[,;\u2014\u2013]\s*|\s-\s*)(?P<what>deliveries|drop-?offs)\s+"
    r"(?P<when>(?:after|before)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)|in\s+the\s+(?:mornings?|afternoons?|evenings?)"
    r"|on\s+weekends|at\s+(?:the\s+)?weekends?)"
    r"(?=\s*(?:[,.;!\u2014\u2013]|$|\s+(?:please|pls|plz|thanks|only)\b))",
    re.IGNORECASE,
)
_REASON_GIVEN = re.compile(r"\b(?:so|because|cos|coz|since)\b", re.IGNORECASE)
# "I'm vegetarian btw so no meat samples in the box, ever": the diet, then what it rules out; one rule, kept whole.
_DIET_SO_NO = re.compile(
    r"\s*(?:btw|fyi|tbh|by\s+the\s+way)?\s*,?\s*(?:so|and)\s+(?:please\s+|pls\s+)?no\s+"
    r"(?P<thing>[a-z][a-z-]*(?:\s+[a-z-]+){0,2}?)\s+(?:in|on|with|for)\s+(?:any\s+of\s+)?(?:my|our|the|any|all)\s+"
    r"[a-z-]+(?=\s*(?:[,.!;]|$|\s+(?:ever|please|pls|again|from now on)\b))",
    re.IGNORECASE,
)


def _casual_preference(ctx: TurnContext, clause: Clause, has_marker: bool) -> tuple[str, str] | None:
    """(phrase, evidence) of a standing preference said casually: when to be called, when deliveries suit, a diet and
    what it rules out. A one-off marker, a question or a negation keeps it silent."""
    text = clause.text
    sentence = _sentence_of(ctx.text, clause)
    if _ONE_OFF.search(sentence) or text.rstrip().endswith("?") or _HYPOTHETICAL.search(text):
        return None
    if re.search(r"\bthis\s+(?:week|weekend|month)\b|\btomorrow\b", sentence, re.I):
        return None  # "I'm on nights this week so call me after 4pm": for now, not for good
    window = _CONTACT_WINDOW.search(text)
    standing = window and (window["so"] or has_marker or _CONTACT_HABIT.search(ctx.text))
    if window and standing and not _PREF_NEGATED.search(text[: window.start("verb")]):
        when = re.sub(r"\s+", " ", window["when"].lower()).replace(" am", "am").replace(" pm", "pm")
        verb = window["verb"].lower()
        return f"{_CONTACT_WINDOW_KIND.get(verb) or _CONTACTED[verb]} {when}", window.group()
    delivery = _DELIVERY_WINDOW_ASKED.search(text)
    if delivery and (delivery["so"] or has_marker):
        when = re.sub(r"\s+", " ", delivery["when"].lower()).replace(" am", "am").replace(" pm", "pm")
        lead = "" if when.startswith(("after", "before")) else ("on " if "week" in when else "in the ")
        what = delivery["what"].lower()
        return f"{'deliveries' if what.startswith(('deliver', 'drop')) else what} {lead}{when}", delivery.group()
    named = _DELIVERIES_WHEN_NAMED.search(text)
    if named and (named["so"] or has_marker or _REASON_GIVEN.search(sentence)):
        when = re.sub(r"\s+", " ", named["when"].lower()).replace(" am", "am").replace(" pm", "pm")
        return f"deliveries {when}", named.group()
    for diet in _DIET.finditer(text) if _ALWAYS_OR_NEVER.search(sentence) or has_marker else ():
        ruled_out = _DIET_SO_NO.match(text, diet.end())
        if ruled_out and diet["diet"] and _subject(ctx, diet["who"]) == ctx.speaker_id:
            return f"{diet['diet'].lower()}, no {ruled_out['thing'].lower()}", diet.group() + ruled_out.group()
    return None


def _free_preferences(ctx: TurnContext, clause: Clause, has_marker: bool) -> Iterator[tuple[str, str, str]]:
    """(subject, phrase, evidence) of the preferences no predicate above names."""
    text = clause.text
    yield from _diets(ctx, clause)
    shaped = _how_things_come(text)
    if shaped is not None:
        yield ctx.speaker_id, *shaped
        return
    rather_not = _RATHER_NOT.search(text)
    thing = _RATHER_NOT_THING.match(text, rather_not.end()) if rather_not else None
    if rather_not and thing and not _OTHER_PEOPLE.search(thing.group()):
        value = _preference_phrase(thing.group("val"))
        if value and not _REQUEST_OBJECTS.search(value):
            yield ctx.speaker_id, f"no {value.lower()}", rather_not.group() + thing.group()
            return
    for found in (_THING_FIRST.match(text), _SUITS_ME.match(text)):
        if found is None:
            continue
        m = found
        if _PREF_NEGATED.search(m.group("val")) or _REQUEST_OBJECTS.search(m.group("val")):
            continue
        if _CLAUSE_WORDS.search(m.group("val")):
            continue  # "Because the rules are different in each state": a clause of its own, not a thing
        if any(
            clause.start + m.start("val") < t.span[1] and t.span[0] < clause.start + m.end("val") for t in ctx.times
        ):
            continue  # "Friday suits me best": a day for the errand at hand
        if _PEOPLE_NOUN.search(m.group()[m.end("val") - m.start() :]):
            continue  # "… for every customer" is a rule about other people, not a taste
        value = _preference_phrase(_daypart_first(m.group("val").lower()))
        if value and not _NOT_A_THING.match(value):
            yield ctx.speaker_id, value, m.group()
            return
    limit = _schedule_limit(text, has_marker or _ROUTINE_REASON.search(ctx.text) is not None)
    if limit is not None:
        yield ctx.speaker_id, *limit
        return
    disliked = _DISLIKED.search(text)
    if disliked and not _OTHER_PEOPLE.search(disliked.group("thing")):
        yield ctx.speaker_id, f"no {disliked.group('thing').lower()}", disliked.group()
        return
    unwanted = _unwanted(text, ctx.text)
    if unwanted is not None:
        yield ctx.speaker_id, *unwanted
        return
    exclusion = _EXCLUSION.match(text)
    if (
        exclusion
        and (has_marker or _ALWAYS_OR_NEVER.search(text))
        and not _OTHER_PEOPLE.search(exclusion.group("thing"))
    ):
        yield ctx.speaker_id, f"no {exclusion.group('thing').lower()}", exclusion.group()
        return
    never = _never_rule(text, has_marker)
    if never is not None:
        yield ctx.speaker_id, *never
        return
    for m in _ASKED_THING.finditer(text) if has_marker else ():
        if not _REQUEST_OBJECTS.search(m.group("val")) and not _NOT_A_THING.match(m.group("val")):
            yield ctx.speaker_id, _preference_phrase(m.group("val")), m.group()
    # "always leave parcels with the building guard, never at my door": the way ruled out after the one asked for
    text = _RULED_OUT_TAIL.sub("", text)
    if _PREF_NEGATED.search(text) or _OTHER_PEOPLE.search(text):
        return
    if re.search(_STREET, text):
        return  # "leave the box at my studio at 4 Quay Street from now on" is an address, kept as one
    for value, evidence in _wanted(text, has_marker):
        # ("never leave parcels with the neighbours, I'd rather collect them from the depot": the way wanted instead of
        # a refused one is the same rule, and alone its "them" names nothing)
        if re.search(r"\b(?:them|it)\b", value, re.I) and _refused_before(ctx, clause):
            continue
        yield ctx.speaker_id, value, evidence


_RULED_OUT_TAIL = re.compile(
    r"\s*[,;\u2014\u2013-]\s*(?:but\s+|and\s+)?(?:never|not|no)\s+(?:at|to|in|on|with|by|via|through|outside|near\b"
    # "I prefer paperless receipts, no printed ones in the box", "I prefer window seats, not the aisle": the thing
    # refused after the one preferred (not a hedge: "…, not sure", "…, no idea why")
    r"|(?!(?:sure|really|idea|problem|worries|rush|pressure|big\s+deal|yet|that|me|I|you|one)\b)(?:the\s+|any\s+)?"
    r"[a-z-]+(?:\s+ones?)?(?=\s*(?:[.!]|$|\s+(?:in|on|at|for|by|from|please|thanks)\b)))"
    r"[^.;!?,]*[.!]?\s*$",
    re.IGNORECASE,
)


def _daypart_first(phrase: str) -> str:
    """ "meetings in the morning" -> "morning meetings": the usual short form of a timed thing."""
    m = re.fullmatch(
        r"(?P<thing>[\w-]+(?:\s+[\w-]+)?)\s+in\s+the\s+(?P<part>morning|afternoon|evening)s?", phrase.strip(), re.I
    )
    return f"{m.group('part')} {m.group('thing')}" if m else phrase


def _wanted(text: str, has_marker: bool) -> Iterator[tuple[str, str]]:
    """(phrase, evidence) of what the speaker says they like, want or always do."""
    for m in _GENERIC_PREFERENCE.finditer(text):
        verb, raw = m.group("verb"), m.group("val")
        if raw is not None:
            if _NOT_A_THING.match(raw) and verb not in ("prefer", "rather"):
                continue
            # "I want …" / "I'd like …" are requests unless a marker makes them a preference.
            asks = verb in ("want", "need") or (m.group("aux") and verb in ("like", "love"))
            # ("I always want a paper receipt in the box": paperwork wanted as a rule is a preference)
            standing_paperwork = _PAPERWORK.search(raw) and _LASTING.search(text)
            if asks and (not has_marker or (_REQUEST_OBJECTS.search(raw) and not standing_paperwork)):
                continue
        elif m.group("val2") is not None:
            raw = m.group("val2")
        else:
            raw = f"{m.group('what')}: {m.group('val3')}"
        value = _preference_phrase(raw)
        if value:
            yield value, m.group()
    # ("override the usual drop-off this time, leave it with the neighbour": where one parcel goes, a one-off choice)
    dropped = _DROP_OFF_ONCE.search(text) if _ONE_OFF.search(text) and not _LASTING.search(text) else None
    # ("For this order only, drop it at my office: Unit 7, …": a place of the speaker's own is an address, kept as one)
    if dropped and not re.search(r"\b(?:my|our)\s+(?:office|work|home|house|flat|place|address)\b|:", dropped.group()):
        yield _clean(re.sub(r"\s+", " ", dropped.group("act"))), dropped.group()
        return
    standing = _STANDING.search(text)
    if standing and (_LASTING.search(text) or _KEEP_RULE.match(standing.group("act"))):
        value = _preference_phrase(standing.group("act"))
        if value:
            yield value, standing.group()
            return
    shown = _SHOWN_IN_CURRENCY.search(text)
    if shown and has_marker:
        yield f"{shown.group('what').lower()} in {shown.group('cur')}", shown.group()
    timing = _TIMING_SET.search(text)
    if timing:
        yield f"{timing.group('what').lower()} {timing.group('when')}", timing.group()


# ---------------------------------------------------------------------------- intents

_DIMENSIONS = {
    "region": "region",
    "regions": "region",
    "area": "region",
    "product": "product",
    "products": "product",
    "category": "category",
    "categories": "category",
    "channel": "channel",
    "channels": "channel",
    "month": "month",
    "quarter": "quarter",
    "week": "week",
    "day": "day",
    "store": "store",
    "stores": "store",
    "city": "city",
    "cities": "city",
    "province": "province",
    "department": "department",
    "customer": "customer",
    "customers": "customer",
    "country": "country",
    "salesperson": "salesperson",
    "team": "team",
    "reason": "reason",
    "reasons": "reason",
    "product line": "product line",
    "product lines": "product line",
    "payment method": "payment method",
    "payment methods": "payment method",
    "source": "source",
    "platform": "platform",
    "device": "device",
    "brand": "brand",
    "warehouse": "warehouse",
    "age group": "age group",
    "plan": "plan",
}
# "average shipping time broken down by courier", "deliveries per carrier": who carried the parcels, as a breakdown
# (not "I sent it by courier": "by" alone names how a thing was sent)
_CARRIER_DIMENSION = re.compile(
    r"\b(?:broken\s+down\s+by|split\s+by|grouped\s+by|per|for\s+each|by\s+each|across)\s+(?:courier|carrier)s?\b"
    r"|\bby\s+(?:courier|carrier)s\b",
    re.IGNORECASE,
)
_DIMENSION = re.compile(
    r"\b(?:by|per|for each|across|and|each)\s+(?P<dim>" + "|".join(sorted(_DIMENSIONS, key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)
_PER_DIMENSION = re.compile(
    r"\bper\s+(?P<dim>" + "|".join(sorted(_DIMENSIONS, key=len, reverse=True)) + r")\b", re.IGNORECASE
)
# "Per category, …", "By region, …": the dimension that opens a sentence, set off before the question.
_LEAD_DIMENSION = re.compile(
    r"\W*(?:per|by|for\s+each|across|broken\s+down\s+by|split\s+by)\s+(?P<dim>"
    + "|".join(sorted(_DIMENSIONS, key=len, reverse=True))
    + r")\b\s*[,:\u2014\u2013-]",
    re.IGNORECASE,
)
# "per agent", "for each clinic": a dimension the list above does not know, named after "per"/"each".
_ANY_DIMENSION = re.compile(
    r"\b(?:per|for each|by each|each)\s+(?P<dim>(?!(?:cent|se|day|hour|minute|year|person|unit|item|kg"
    # ("per OS version": a short capitalized name with its kind)
    r"|piece|night|head|capita|annum|month|week|time|one|other)\b)(?:[a-z]{3,}|(?-i:[A-Z]{2,4}))"
    r"(?:\s+(?:line|version|type|group|code))?)\b",
    re.I,
)
# Money spent, said casually: "how much have I blown on your site", "what did I drop here in May", "how much did I
# fork out last month".
_SPEND_SLANG = (
    r"|blow|blown|blew|drop|dropped|splurge|splurged|sink|sunk|burn|burned|burnt|shell(?:ed)?\s+out|fork(?:ed)?\s+out"
    r"|splash(?:ed)?\s+out|throw|thrown|threw"
)
_OWN_SPEND_ASKED = (
    r"\bhow\s+much\s+(?:money\s+)?(?:did|have|'ve)\s+I\s+(?:\w+\s+)?(?:spen[dt]|paid|pay" + _SPEND_SLANG + r")\b"
)
_METRICS = (
    ("average order value", re.compile(r"\b(?:average order value|aov)\b", re.I)),
    ("sign-ups", re.compile(r"\b(?:sign-?ups|signups|registrations|new users)\b", re.I)),
    ("returns", re.compile(r"\breturns\b", re.I)),
    ("revenue", re.compile(r"\b(?:revenue|gmv|turnover|sales amount)\b", re.I)),
    ("sales_volume", re.compile(r"\bsales\b", re.I)),
    ("profit", re.compile(r"\bprofits?\b", re.I)),
    ("order_count", re.compile(r"\b(?:orders|order count|number of orders)\b", re.I)),
    ("monthly_active_users", re.compile(r"\b(?:mau|monthly active users)\b", re.I)),
    ("daily_active_users", re.compile(r"\b(?:dau|daily active users)\b", re.I)),
    ("retention_rate", re.compile(r"\bretention\b", re.I)),
    ("conversion_rate", re.compile(r"\bconversion\b", re.I)),
    # "what was our average basket size in March?", "my total spend in May", "tickets the team closed last week"
    ("basket size", re.compile(r"\bbasket\s+(?:size|value)\b", re.I)),
    (
        "spend",
        re.compile(
            r"\b(?:total|average|monthly|weekly)\s+spend(?:ing)?\b"
            # "how much have I blown on your site this month": the sum of one's own spending asked
            r"|" + _OWN_SPEND_ASKED,
            re.I,
        ),
    ),
    (
        "closed tickets",
        re.compile(r"\btickets\b(?:\s+\w+){0,4}?\s+(?:close|closed|resolve|resolved|solve|solved)\b", re.I),
    ),
)
# "Total trading volume by desk": a dimension the list above does not know, after "by" under an aggregate word.
_BY_DIMENSION = re.compile(
    r"\bby\s+(?P<dim>(?!(?:e-?mail|post|phone|text|sms|courier|card|cash|hand|far|mistake|accident|myself|default"
    r"|then|now|noon|tomorrow|today|the|a|an|my|our|end|close|monday|tuesday|wednesday|thursday|friday|saturday"
    r"|sunday|next|last|this|way|air|sea|road|rail)\b)[a-z]{3,}(?:\s+(?:version|type|line|group|code))?)\b",
    re.I,
)
_AGGREGATE = re.compile(
    r"\b(?:summari[sz]e|summary of|aggregate|total|totals|tally|sum up|break down|breakdown|broken down|group|roll up"
    r"|compile|how many|average|avg|median|compare|split by)\b"
    # "what's the count for each warehouse?"
    r"|\b(?:the|a)\s+(?:total\s+)?count\s+(?:of|for|per|by)\b"
    # "Count app crashes per OS": the imperative, not "count me in".
    r"|^\W*(?:please\s+)?count\s+(?!me\b|us\b|on\b|in\b)"
    # "quick one: count of tickets my team closed last week?": the measure named, without a verb
    r"|(?:^\W*|:\s*)(?:the\s+|a\s+)?count\s+of\b",
    re.I,
)
# Every record of a kind: "every order my shop placed", "all the invoices", "each of my refunds" (not "all the things
# you can do": the records are of a business's kinds).
_EVERY_RECORD = (
    r"(?:every|each|all)\s+(?:of\s+)?(?:the\s+|my\s+|our\s+|those\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:orders?|invoices?|bills?|payments?|transactions?|refunds?|returns?|purchases?|receipts?|statements?|customers?"
    r"|sales|bookings?|subscriptions?|deliver(?:y|ies)|shipments?|charges?|subscribers?|expenses?|sign-?ups?)\b"
)
_EXPORT = re.compile(
    r"\b(?:export|download|send me|send\s+over|generate|give me|get\s+me|dump|put\s+\w+(?:\s+\w+)?\s+into"
    # "Send my own order history to my email"
    r"|send\s+(?:all\s+)?my\s+(?:[\w-]+\s+){0,3}?(?:history|statements?|invoices|records|data)\s+to\s+(?:me|my\s+(?:e-?mail|inbox))"
    # "… my personal info file — send it to my inbox please": the file named, then sent to the speaker
    r"|send\s+(?:it|them|that|this|everything|a\s+copy)\s+(?:over\s+)?to\s+(?:me\b|my\s+(?:e-?mail|inbox|mailbox))"
    # "PDF of every invoice we raised last week, please": the file named first, without a verb
    # ("CSV of what I ordered last week, pls", "an Excel of everything I bought": what was done, named by a clause)
    r"|^\W*(?:an?\s+)?(?:PDF|CSV|Excel|xlsx|JSON|spreadsheet)s?\s+(?:copy\s+|file\s+|export\s+)?of\s+"
    r"(?:every|each|all|my|our|the|what|whatever|everything)"
    # "Everything I was invoiced in March - pull it into an xlsx", "stick them in a spreadsheet for me": the records
    # named first, then put into a file
    # (asked: the verb opens the request, never "I put it in a spreadsheet myself")
    r"|(?:^\W*|(?<=[,;:\u2013\u2014-]\s)|(?<=[,;:\u2013\u2014-])|(?<=please\s)|(?<=pls\s)|(?<=plz\s)|(?<=can\syou\s)"
    r"|(?<=could\syou\s)|(?<=would\syou\s)|(?<=just\s))"
    r"(?:pull|put|turn|save|get|dump|stick|throw|export|drop)\s+(?:it|them|that|this|those|these|everything|it\s+all"
    r"|them\s+all)\s+(?:in|into|to|as)\s+(?:an?\s+)?(?=(?:CSV|Excel|PDF|spreadsheet|xlsx|JSON|Google\s+Sheet)\b)"
    # "Send my inbox a file with …", "send my e-mail a copy of …": the file sent to the speaker's mailbox
    r"|send\s+my\s+(?:inbox|e-?mail|mailbox)\s+(?:an?\s+)?(?:file|copy|spreadsheet|CSV|PDF|list)\b"
    # "Bundle up all the personal data your system holds on me and email it over"
    r"|(?:bundle|package|zip|gather)\s+up|e-?mail\s+(?:it|them|that|this)\s+(?:over|across|to\s+me)"
    # "I need last month's invoices downloaded as PDFs": the file wanted, said in the passive
    # ("need march's invoices exported, PDF pls")
    # (not "I need to know if the report was exported")
    # ("Need the invoices I got in March exported, PDF is fine": the object may be a phrase of its own)
    # ("need last year's invoices, the whole lot, exported to PDF": an aside set off by commas)
    r"|(?:need|want|like)\s+(?!(?:to|if|whether)\b)(?:(?!(?:if|whether|was|were|is|be|been)\b)[\w'-]+,?\s+){1,12}?"
    r"(?:downloaded|exported|converted\s+(?:to|into)|saved\s+(?:as|to))\b"
    # "I need a CSV of every bill from January", "can I get an Excel file of my payments", "I'd like a list of every
    # order my shop placed": a file or a full list of records wanted, named by its kind
    r"|(?:need|want|like|get|have)\s+(?:an?\s+|the\s+)?(?:PDF|CSV|Excel|xlsx|JSON|spreadsheet)s?\s+"
    r"(?:copy\s+|file\s+|export\s+|version\s+|sheet\s+)?of\b"
    r"|(?:need|want|like|get)\s+(?:an?\s+|the\s+)?(?:full\s+|complete\s+|whole\s+)?list\s+of\s+"
    + _EVERY_RECORD
    # "I'd like everything you've got on me … emailed over to me": the data wanted, sent to the speaker
    + r"|(?:need|want|like)\s+[^.?!]{0,80}?\b(?:e-?mailed|sent|forwarded|mailed)\s+(?:over\s+|across\s+)?to\s+"
    r"(?:me|my\s+(?:inbox|e-?mail))\b"
    # "Email me a CSV of …", "put together a spreadsheet of …", "a PDF copy of my statements"
    # ("help me create a spreadsheet" asks for help, not for the file)
    r"|(?:e-?mail|mail|forward)\s+me|(?:put|pull)\s+together"
    r"|(?<!\bhelp\s)(?<!\bme\s)(?<!\bto\s)(?:make|prepare|create|draw\s+up)\s+(?:me\s+)?(?:an?\s+)?"
    r"(?=(?:CSV|Excel|PDF|spreadsheet|xlsx|JSON)\b)"
    r"|(?:PDF|CSV|Excel|spreadsheet|JSON|xlsx)\s+(?:copy|copies|version|file|export)\s+of"
    # "Pull next Monday's scheduled deliveries into a CSV"
    r"|^\W*(?:please\s+)?(?:pull|save|turn|get)\s+[\w'-]+(?:\s+[\w'-]+){0,3}\s+into(?=\s+(?:an?\s+)?(?:CSV|Excel"
    r"|PDF|spreadsheet|xlsx|JSON|Word|Google\s+Sheet)))\b",
    re.I,
)
# (a history of one's own records: "order history", never "rich in history")
_FILE_WORD = re.compile(
    r"\b(?:report|data|file|(?:order|purchase|transaction|payment|booking|billing|account|chat|message)\s+history)\b",
    re.I,
)
# "Export this month's bills for me", "download all my receipts from 2025, please": records of a kind exported, the
# verb leading the request (not "the export of bills failed").
_EXPORT_RECORDS = re.compile(
    r"^\W*(?:(?:please|pls|plz|kindly|can\s+you|could\s+you|would\s+you|hey|hi)[,\s]+)*(?:export|download)\s+"
    r"(?:[\w'-]+\s+){0,4}?(?:orders?|invoices?|bills?|payments?|transactions?|refunds?|returns?|purchases?|receipts?"
    r"|statements?|bookings?|charges?|expenses?|sales|deliver(?:y|ies)|shipments?|subscriptions?)\b",
    re.I,
)
# "Make my default export format Excel" changes a setting; it asks for no file.
_EXPORT_SETTING = re.compile(r"\bexport\s+(?:format|setting|type|option)s?\b", re.I)
# "Send over everything you have stored about me": all one's own data asked for.
_PERSONAL_DATA = re.compile(
    # ("whatever personal info your company keeps on me": the data named, any amount)
    r"\b(?:everything|all|whatever|any)\s+(?:(?:personal|private)\s+(?:info(?:rmation)?\s+|data\s+|details\s+)?)?"
    r"(?:(?:that|which)\s+)?(?:you(?:'ve|\s+have)?|your\s+\w+)"
    r"\s+(?:have\s+|got\s+)?(?:hold|holds|have|has|store|stores|stored|keep|keeps|kept|got)\s+(?:on|about)\s+me\b"
    # "my personal info file", "a copy of my personal data": one's own data named as such
    r"|\bmy\s+(?:personal|private)\s+(?:info(?:rmation)?|data|details|records?)(?:\s+file)?\b",
    re.I,
)
# "I need all the receipts from my trip to Japan exported": things wanted as a file, whatever they are.
_DONE_AS_FILE = re.compile(
    r"\b(?:need|want|like)\s+(?!(?:to|if|whether)\b)(?:(?!(?:if|whether|was|were|is|be|been)\b)[\w'-]+,?\s+){1,12}?"
    r"(?:downloaded|exported|converted\s+(?:to|into)|saved\s+(?:as|to))\b"
    # "I'd like a list of every order my shop placed last month", "give me a full list of all our refunds": every
    # record of a kind, asked for as a list (not "a list of your stores": the records are everything of a kind)
    r"|\b(?:need|want|like|get|give\s+me|send\s+me|email\s+me)\s+(?:an?\s+|the\s+)?(?:full\s+|complete\s+|whole\s+)?"
    r"list\s+of\s+" + _EVERY_RECORD,
    re.IGNORECASE,
)
# The verbs that ask for a file whatever else the request says.
_FILE_VERB = re.compile(
    r"\b(?:export|download|dump)\b|\bsend\s+me\s+(?:an?\s+)?(?:spreadsheet|CSV|Excel|PDF|xlsx|JSON|file|copy)\b"
    r"|\binto\s+(?:an?\s+)?(?:CSV|Excel|spreadsheet|xlsx|JSON|PDF)\b",
    re.I,
)
# "Weekly active users by platform in March, please": a measure broken down by a dimension, asked without a verb.
_BY_MEASURE = re.compile(
    r"^\W*(?:(?:please\s+)?(?:give|show|get)\s+me\s+)?"
    r"(?!(?:sort|filter|order|rank|send|ship|deliver|text|e-?mail|notify|list|pay|split|group)\b)"
    r"(?:[\w-]+\s+){0,3}?[a-z]{3,}s\s+by\s+(?:" + "|".join(sorted(_DIMENSIONS, key=len, reverse=True)) + r")\b",
    re.I,
)
# "revenue by channel for last week pls": a measure said in the singular, broken down by a dimension.
_MEASURE_BY = re.compile(
    r"^\W*(?:(?:please\s+)?(?:give|show|get)\s+me\s+)?(?:(?:total|net|gross|average|weekly|monthly|daily)\s+)?"
    r"(?:revenue|turnover|spend|spending|profit|churn|retention|conversion|GMV|traffic|usage|footfall|margin)\s+"
    r"by\s+(?:" + "|".join(sorted(_DIMENSIONS, key=len, reverse=True)) + r")\b",
    re.I,
)
_SHOW_PER = re.compile(
    r"^\W*(?:(?:please|pls|can\s+you|could\s+you)\s+)?(?:show|give|get|pull|send)\s+(?:me|us)\s+(?:the\s+)?"
    r"(?:[\w-]+\s+){0,2}?[a-z][a-z-]{2,}s\s+(?:per|by\s+each|for\s+each)\s+"
    r"(?P<dim>(?!(?:cent|person|head|capita|day|hour|week|month|year|night|unit|item|piece)\b)[a-z]{3,})\b",
    re.I,
)
_MEASURE_ASKED = re.compile(
    r"^\W*(?:what|which)(?:'s|\s+is|\s+was|\s+were|\s+are)\s+(?:our|the)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:rate|volume|revenue|sales|count|number|total|spend|cost|margin|churn|sign-?ups|users|turnover|profit)s?\b",
    re.I,
)
_ASKED_REST = re.compile(
    r"(?:\s+(?:for|in|during|from|over|since|last|this|across)\b[^.!?,;]*)?"
    # ("revenue by payment method for this month, as a chart please": the shape of the answer asked too)
    r"(?:\s*,?\s*(?:as|in)\s+(?:an?\s+)?(?:bar\s+|pie\s+|line\s+)?(?:chart|graph|table|list|plot|breakdown))?"
    r"\s*(?:,?\s*(?:please|pls|plz|thanks|ty))?\s*[.?!]*\s*",
    re.I,
)
# "How do I export a report myself?", "Can I download a copy …?": how-to questions, no request.
_HOW_TO = re.compile(
    r"^\W*(?:how\s+(?:do|can|would|should)\s+I|can\s+I|is\s+there\s+(?:a|any)\s+way|where\s+(?:do|can)\s+I)\b", re.I
)
# Requests, not mentions: "the refund was supposed to be $1,050" asks for nothing.
_REFUND = re.compile(
    r"\b(?:(?:want|need|like|get|request|issue|process|give me|demand)\s+(?:a\s+|my\s+|the\s+)?(?:full\s+)?refund"
    r"|refund (?:me|my|the|this|it|order)|money back|reimburse me"
    # "Please refund one of them", "refund the duplicate": one of the charges just named.
    r"|refund\s+(?:one|both|them|those|that|either)\b"
    r"|(?:want|need|get|like)\s+(?:the|my|our)\s+(?:[$€£¥]\s?[\d.,]+|\d[\d.,]*\s*(?:dollars|euros|pounds)|money|cash)\s+back"
    # "I want the duplicate charge back", "need that extra fee back", "reverse the double payment": a charge undone
    r"|(?:want|need|get|like)\s+(?:the|my|that|this|those|these)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:charges?|payments?|fees?|deposit|debits?)\s+back"
    r"|\b(?:reverse|refund)\s+(?:the|that|this|those|these)\s+(?:[\w-]+\s+){0,2}?(?:charges?|payments?|debits?|fees?)\b"
    # "can I get S/ 45 back for that?", "I want 20 euros back": a sum asked back, in any currency
    r"|(?:want|need|get|have)\s+(?:(?:[A-Z]{1,3}\$|[$€£¥₹]|S/\.?|[A-Z]{3}\s)\s?\d[\d.,]*"
    r"|\d[\d.,]*\s*(?:dollars|euros|pounds|bucks|soles|quid|yuan|rupees))\s+back"
    # "refund please, not a replacement", "a refund pls", "just refund it", "I'd like it refunded", "full refund rather
    # than store credit": the refund asked for, however short (never "no refund please" nor "refund policy")
    r"|(?<!\bno\s)(?<!\bnot\s)(?<!\bany\s)\b(?:a\s+|full\s+)*refund\s*,?\s+(?:please|pls|plz|asap|now)\b"
    r"|\b(?:just\s+|please\s+)refund\s+(?:it|them|that|this|me|the\s+\w+)\b"
    r"|\b(?:want|need|like|have)\s+(?:it|this|them|that|the\s+(?:order|item|\w+))\s+refunded\b"
    r"|\b(?:a\s+|full\s+)*refund\s*,?\s+(?:not|rather\s+than|instead\s+of|over)\s+(?:a\s+|an\s+|the\s+)?"
    r"(?:replacement|exchange|repair|store\s+credit|credit|voucher|swap|new\s+one))"
    r"(?:\b|(?<=[\d$€£¥]))",
    re.I,
)
_CANCEL = re.compile(
    # ("kill order #JP883120 before it ships", "scrap my order", "call off the order")
    # ("cancel my subscription box order SUB-77120": up to three words name the kind of order)
    r"\b(?:cancel(?:l?ing)?|kill|scrap|void|call\s+off)\s+(?:my|the|this|that|an?)?\s*(?:[\w-]+\s+){0,3}?order\b"
    r"|\bstop\s+(?:my\s+|the\s+|this\s+|that\s+)?order\b(?!\s+(?:confirmation|e-?mails?|notifications?|updates?|alerts?)\b)"
    # "Cancel the subscription box I ordered today, order 7719-2204": what was ordered, named otherwise.
    r"|^\W*(?:please\s+)?cancel\s+(?:(?:my|the|this|that)\s+(?:[\w-]+\s+){0,3}?|everything\s+|all\s+(?:that\s+)?|what\s+)"
    r"(?:I|we)\s+(?:just\s+)?(?:ordered|bought|placed)\b"
    # "Cancel my 55-210-883", "Please cancel 90-441-2207": the order named by its number.
    # ("can you cancel NH-40112?", "pls could you cancel my QX-8812": asked politely)
    r"|^\W*(?:(?:please|pls|plz|kindly|can\s+you|could\s+you|would\s+you|can\s+u|hi|hey|ok)[,\s]+)*cancel\s+(?:(?:my|order)\s+#?\s*(?=[A-Z0-9-]*\d[A-Z0-9-]*\b)"
    r"|#?\s*(?=(?:[A-Z]{1,4}-\d{5,}|(?:[A-Z]{1,4}-?)?\d[\d-]{4,}\d)(?![\w-])))",
    re.I,
)
# "NZ7730125 - can that be cancelled before it ships?": the cancelling asked in the passive, of an order the turn
# names (checked in ``_intents``).
_CANCEL_PASSIVE = re.compile(
    r"\b(?:can|could|would|will)\s+(?:you\s+)?(?:that|it|this|they|those|these|the\s+order|my\s+order)\s+"
    r"(?:still\s+|please\s+|just\s+)?(?:be\s+)?(?:cancell?ed|called\s+off)\b"
    r"|\b(?:is|are)\s+(?:it|that|this|they)\s+(?:still\s+)?(?:possible|too\s+late)\s+to\s+cancel\b"
    # "MX-20931 needs to be cancelled", "that one has to be cancelled", "order 5512 should be cancelled please"
    # (never "was cancelled": a report, not a request)
    r"|\b(?:needs?|has|have)\s+to\s+be\s+cancell?ed\b|\b(?:should|must)\s+be\s+cancell?ed\b(?!\s+by\b)",
    re.I,
)
# ("I'm officially complaining now"; never "not complaining, just asking")
_COMPLAINT = re.compile(
    r"\b(?:complain|complaint|unacceptable|terrible service|awful service|file a report)\b"
    r"|\b(?:I'm|I\s+am|I've\s+been|we're|we\s+are)\s+(?:(?:now|officially|formally|hereby)\s+)*complaining\b",
    re.I,
)
# An imperative: the clause opens with the verb (after "please" / "can you" and the like).
_MODIFY = re.compile(
    # (also after a reason: "my surname changed, so please make it … on the account")
    # ("…, so update my address to …": the change asked after a reason)
    r"(?:^|[,;]\s*(?:so|and|then)\s+(?=please\b|(?:update|change|switch|set)\s+my\b))"
    # ("Temporarily switch me to Spanish": how long the change lasts, before the verb)
    r"\s*(?:(?:please|pls|plz|can you|could you|would you|(?:can|could|cud) u|kindly|hey|ok|okay|now|temporarily"
    r"|just|for\s+now)[,\s]+)*"
    r"(?:change|switch|flip|set|update|override|reset|swap|move"
    r"|turn on|turn off|enable|disable|make)\b.*\b(?:to|mode|theme|default|setting"
    r"|settings|language|notifications?|format|template"
    # "Turn off the weekly newsletter", "make it Ana Ruiz on the account": a subscription or the account's record.
    r"|newsletters?|alerts?|reminders?|marketing\s+e-?mails?|subscriptions?|on\s+(?:the|my)\s+(?:account|profile))\b"
    # "please update my profile", "remove my old phone number from my profile": the record itself changed
    r"|(?:^|[,;])\W*(?:(?:please|pls|can you|could you|kindly)[,\s]+)*(?:update|amend|correct|fix)\s+(?:my|the)\s+"
    r"(?:profile|details|records?|account\s+details|info(?:rmation)?|card(?:\s+on\s+file)?|payment\s+(?:method|details))\b"
    # (deleting is a look-alike of the account's own deletion, which asks for no setting: "Delete my old number …")
    r"|^\W*(?:(?:please|pls|can you|could you|kindly)[,\s]+)*(?:remove|take)\s+(?:my|the)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:number|e-?mail(?:\s+address)?|address|card|payment\s+method)\s+(?:off|from)\s+(?:my|the)\s+(?:profile|account)\b"
    # "fix my delivery address: 44 Rose St", "correct my surname to Ngata": a stored record corrected to a value given
    r"|(?:^|[,;:\u2014\u2013]\s*|\b(?:so|and)\s+)(?:(?:please|pls|can you|could you|kindly)[,\s]+)*"
    r"(?:fix|correct|amend)\s+"
    r"(?:my|the)\s+(?:[\w-]+\s+)?(?:address|e-?mail(?:\s+address)?|number|name|surname|spelling)"
    r"(?=\s*(?:to\b|:|\u2192|->))"
    # "use 14 Harbour Road, Cobh instead": a stored address, number or e-mail replaced
    r"|^\W*(?:(?:please|pls|just)[,\s]+)*use\s+(?=\d+[A-Za-z]?\s+[A-Z]|\S+@\S+|\+?\d[\d\s-]{6,})"
    r"(?:[^.;!?]|\.(?=\s+[A-Z]))*?\binstead\b"
    # "Opt me out of marketing e-mails", "Unsubscribe me from the newsletter"
    r"|^\W*(?:(?:please|pls|can you|could you|kindly)[,\s]+)*(?:opt\s+me\s+(?:out|in)|unsubscribe\s+me|subscribe\s+me"
    r"|sign\s+me\s+up)\b"
    # "Light theme please": the setting named, then asked for
    r"|^\W*(?:the\s+)?(?:dark|light|night|high[- ]contrast)\s+(?:mode|theme)\s*,?\s+please\b"
    # "Swap the contact number on file for …", "replace my e-mail with …"
    # ("old gmail got hacked, so swap the email on my profile for …": after a reason too)
    r"|(?:^|[,;\u2014\u2013-]\s*(?:so|and|then)?)\s*(?:(?:please|pls|can you|could you|kindly|just)[,\s]+)*"
    r"(?:swap|replace|switch|change|update)\s+(?:my|the)\s+"
    r"(?:contact\s+|phone\s+|mobile\s+|billing\s+|delivery\s+|shipping\s+|postal\s+|home\s+|e-?mail\s+|login\s+|work\s+)*"
    r"(?:number|e-?mail(?:\s+address)?|address|phone\s+number)\b"
    r"(?=(?:\s+(?:on|in)\s+(?:(?:my|the)\s+)?(?:profile|account|file|records?))?\s*(?:for|with|to|\u2192|->|:)\s*\S)"
    # "my name's spelled Teuea, not Teuia — can you fix it on the account?": the record corrected where it is kept
    r"|\b(?:fix|correct|amend|update|change)\s+(?:it|that|this|them)\s+(?:on|in)\s+(?:the|my|your)\s+"
    r"(?:account|profile|records?|file|system)\b"
    # "please take away Kiri's edit rights", "revoke Tom's admin access": a named person's rights on the account
    r"|(?<!want\sto\s)(?<!like\sto\s)(?<!need\sto\s)(?<!plan\sto\s)(?<!going\sto\s)"
    r"\b(?:take\s+away|revoke|remove|strip|withdraw|cancel|turn\s+off|switch\s+off|disable)\s+"
    r"(?:(?-i:[A-Z][a-z]+)|my\s+[\w-]+(?:\s+(?-i:[A-Z][a-z]+))?|his|her|their)(?:'s)?\s+"
    r"(?:[\w-]+\s+)?(?:rights|access|permissions?|privileges|role)\b"
    # "please set my husband up as a second user", "add my daughter as an authorised user on the account"
    # (asked for, not wished: "I want to add my colleague as a viewer" says what the owner means to do)
    r"|(?<!want\sto\s)(?<!like\sto\s)(?<!need\sto\s)(?<!wish\sto\s)(?<!plan\sto\s)(?<!hope\sto\s)(?<!going\sto\s)"
    # ("add my colleague ben@firm.io as an editor": the person may be named by an e-mail)
    r"\b(?:set|add)\s+(?:my\s+[\w-]+(?:\s+(?-i:[A-Z][a-z]+)|\s+\S+@\S+)?|him|her|them)\s+(?:up\s+)?"
    r"(?:as|to\s+the\s+account\s+as)\s+(?:a|an)\s+"
    r"(?:(?:second|additional|extra|new|joint|authori[sz]ed|read-only)\s+(?:user|member|account\s+holder|card\s*holder)"
    # "add my assistant Rhys as a viewer": a role on the account
    r"|(?:[\w-]+\s+)?(?:viewer|editor|collaborator|delegate|approver|guest\s+user|team\s+member|member))\b"
    # "Job title on my account should say Senior Architect": the record as it should read
    r"|\b(?:on|in)\s+my\s+(?:account|profile)\s+should\s+(?:say|read)\b"
    # "my plan's on monthly billing, flip it to yearly": the change asked after the setting is named
    r"|[,;]\s*(?:so\s+|and\s+|then\s+)?(?:(?:please|pls|just)\s+)?(?:change|switch|flip|set|turn)\s+"
    r"(?:it|that|this|me|us|my\s+\w+|the\s+\w+)\s+(?:over\s+|back\s+)?(?:to|onto)\s+"
    r"(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|tomorrow|today|tonight|next|the\s+\d)\b)\w+"
    # "make my profile private", "set the workspace to public": who may see a record of the speaker's
    r"|\b(?:make|set|switch|turn)\s+(?:my|our|the)\s+(?:[\w-]+\s+)?(?:profile|account|page|posts?|workspace|wishlist|list"
    r"|listing|photos?|album|calendar|activity|reviews?)\s+(?:to\s+)?(?:private|public|visible|hidden|invisible"
    r"|friends[- ]only)\b"
    # "please make my new hire Mere a viewer only": a role on the account given to someone the speaker names
    r"|(?<!want\sto\s)(?<!like\sto\s)(?<!need\sto\s)(?<!plan\sto\s)(?<!going\sto\s)"
    r"\bmake\s+(?:my\s+(?:new\s+)?[\w-]+(?:\s+(?-i:[A-Z][a-z]+))?|him|her|them|(?-i:[A-Z][a-z]+))\s+"
    r"(?:an?\s+)?(?:viewer|editor|commenter|collaborator|read-only\s+(?:user|member)|guest|admin|administrator|moderator)\b"
    # "please set my new hire Jake to view-only on the dashboard", "give Priya read-only access", "limit my intern to
    # viewing reports": the rights of someone the speaker names, set
    r"|(?<!want\sto\s)(?<!like\sto\s)(?<!need\sto\s)(?<!plan\sto\s)(?<!going\sto\s)"
    r"\b(?:set|switch|change|move|put|give|limit|restrict|downgrade|upgrade)\s+(?:my\s+(?:new\s+)?[\w-]+(?:\s+(?-i:[A-Z][a-z]+))?"
    r"|him|her|them|(?-i:[A-Z][a-z]+))(?:'s\s+(?:access|account|role|permissions?|rights))?\s+(?:to|as|on|with)?\s*"
    r"(?:an?\s+)?(?:view-only|read-only|view\s+only|read\s+only|viewer|editor|commenter|admin|full|edit|viewing|reading)"
    r"(?:\s+(?:access|rights|permissions?|role|mode))?\b",
    re.I,
)
# A query is about the user's own records; how-to questions and chit-chat are not.
_QUERY = re.compile(
    r"\b(?:check|look up|find|show me|what's|where's|status|track|tell me|how much|when will|where is|what is|has|did"
    r"|why)\b"
    # imperatives that ask for records: "List my transactions", "Pull up the orders I placed", "Show appointments …"
    r"|^\W*(?:please\s+)?(?:list|pull\s+up|show|bring\s+up|fetch|look\s+up)\b",
    re.I,
)
_CHECK_IT = re.compile(
    r"\b(?:check|confirm|see|make\s+sure)\s+(?:if\s+|whether\s+|that\s+)?(?:it|they|that|this)\b", re.I
)
# In a statement, only an imperative asks: "… ticket T-7781 has been open for nine days" asks nothing.
_QUERY_STATEMENT = re.compile(
    # ("roughly how much have i blown on your site this month": a question typed without its mark)
    r"^\W*(?:(?:so|ok|okay|hey|roughly|approximately|approx|about|just|quick\s+one)[,:\s]+)?how\s+(?:much|many)\s+"
    r"(?:money\s+|cash\s+)?(?:did|have|'ve|do)\s+I\b|"
    r"\b(?:check|look up|find|show me|track|tell me|status|following up|follow(?:ing)?-up|any (?:news|updates?))\b"
    # "Ticket TK-20914 still says pending, can someone look at it": a record of one's own to be looked into
    r"|\b(?:can|could)\s+(?:someone|somebody|anyone|anybody|you)\s+(?:please\s+)?(?:look\s+(?:at|into)|chase|see\s+what's)"
    r"|\b(?:please\s+)?(?:look\s+into|chase\s+up)\s+(?:it|this|that|them)\b"
    r"|^\W*(?:please\s+)?(?:list|pull\s+up|show|bring\s+up|fetch)\b",
    re.I,
)
_OWN_RECORDS = re.compile(
    # ("my last three orders": a count or an order may sit before the records)
    r"\b(?:my|our)\s+(?:\w+\s+){0,2}?(?:orders?|package|parcel|ticket|case|refund|bill|invoice|account|balance|delivery"
    r"|shipment|subscription|points|payment|return|statement|plan|charges?|profile|transactions?|reservations?"
    r"|bookings?|appointments?|history|usage|purchases?)s?\b"
    # "How much did I spend …" (not "would it be cheaper if I paid …").
    r"|\b(?:did|have|'ve)\s+I\s+(?:spend|spent|pay|paid|order|ordered|buy|bought|make|made|book|booked|place|placed"
    r"|rack(?:ed)?\s+up|use|used|have|get|receive)\b"
    # "how much have I blown on your site", "how much did I fork out last month": the sum spent, said casually
    r"|\bhow\s+much\s+(?:money\s+|cash\s+)?(?:did|have|'ve)\s+I\s+(?:\w+\s+)?(?:spen[dt]|paid" + _SPEND_SLANG + r")\b"
    # "the orders I placed two weeks ago", "appointments I had last month"
    r"|\b(?:orders|appointments|reservations|bookings|transactions|payments|purchases|tickets|calls)\s+I\s+"
    r"(?:placed|had|made|booked|ordered|opened|filed|paid)\b"
    r"|\bdo\s+I\s+have\s+on\s+(?:my|file)\b"
    # "any news on the headphones refund?": a process of one's own, named by what it is about
    r"|\bany\s+(?:news|updates?|word)\s+(?:on|about|with)\s+(?:the|my)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:refund|order|delivery|return|parcel|package|claim|replacement|exchange|repair)\b"
    # "why was I charged a late fee?", "how many points do I have left?"
    r"|\b(?:was|were|am)\s+I\s+(?:charged|billed|debited|refunded)\b"
    r"|\b(?:points|credits?|miles|vouchers?)\s+(?:do\s+I\s+have|have\s+I\s+got)\b"
    r"|(?<!\bif )(?<!\bwhen )(?<!\bunless )\bI\s+(?:spent|paid|ordered|bought)\b",
    re.I,
)
# "Which address do you have on file for me?", "show me the data you have stored about me": a query — unless a copy
# is asked for ("Can I download a copy of everything you've stored about me?").
_ABOUT_ME = re.compile(
    r"\b(?:on file for me|(?:stored|kept|hold|have) (?:about|on) me)\b"
    # "what email do you have on file?", "is the address you have still 9 Quarry Rd?"
    r"|\bdo\s+you\s+have\s+on\s+file\b|\b(?:address|number|e-?mail|name)\s+you\s+have\s+(?:on\s+file\s+)?still\b"
    # "do you still have my old address on file?": a record of the speaker's, looked for
    r"|\b(?:do|did)\s+you\s+(?:still\s+)?(?:have|keep|hold)\s+my\s+(?:[\w-]+\s+){0,2}?(?:address|number|e-?mail|card|details"
    r"|name|phone)\s+(?:on\s+file|stored|saved|in\s+(?:your|the)\s+system)\b",
    re.I,
)
_COPY = re.compile(r"\b(?:download|export|copy)\b", re.I)
# Questions that look up no record: how-to questions ("How do I export my invoices myself?") and favours asked of
# things already named ("…, any chance they ship together?"; not "any chance you could check my order?").
_NO_RECORD_ASKED = re.compile(
    r"\W*(?:how\s+(?:do|can|should)\s+I|is\s+there\s+(?:a|any)\s+way"
    r"|(?:is\s+there\s+)?any\s+chance\s+(?:that\s+)?(?:they|it|both|we)\b)\b",
    re.I,
)


# "default" as a word: the name of a setting ("change the default to PDF", "my default export format"), or, closing the
# value's phrase, the lasting marker ("Make dark mode my default, …", "keep it as my default at checkout").
_DEFAULT_WORD = re.compile(
    r"(?<!\bby )(?P<lead>\b(?:my|as(?:\s+my|\s+the)?)\s+)?\bdefault\b"
    r"(?P<end>(?=\s*(?:[,.;!?]|$)|\s+(?:for|at|from|going|please|pls|now|too|on)\b))?",
    re.IGNORECASE,
)
# "new mobile: +60 12-345 6789, please update": a new contact or address told, then the update asked for bare.
_UPDATE_IT = re.compile(
    r"(?:^\W*|[,;:\u2014\u2013-]\s*)(?:(?:so|and)\s+)?(?:(?:please|pls|plz|kindly|can\s+you|could\s+you)\s+)*"
    r"(?:update|change|amend|correct)(?:\s+(?:it|that|this|them|accordingly|(?:my|your|the)\s+(?:records?|details|profile"
    r"|account|file)|on\s+file))?(?:\s*,?\s*(?:please|pls|plz|thanks|thx|ty|asap))*\W*$",
    re.IGNORECASE,
)
# "Can you delete my account and everything attached to it?": deleting one's own account or data asks for no record.
_DELETION = re.compile(
    r"\b(?:delete|close|remove|deactivate|erase|wipe|terminate)\s+(?:my|our)\s+(?:whole\s+|entire\s+)?"
    r"(?:account|profile|data|personal\s+data|membership|information|info)\b",
    re.IGNORECASE,
)


def _time_range(ctx: TurnContext, clause: Clause) -> tuple[RelativeTime | None, dict[str, str]]:
    for mention in clause.times(ctx):
        if mention.relative is not None:
            return mention.relative, {}
        return None, {"time_start": mention.start.isoformat(), "time_end": mention.end.isoformat()}
    return None, {}


def _output_format(text: str, default: str | None) -> str | None:
    fmt = _FORMAT.search(text)
    if fmt:
        from palimpsest.write.registry import normalize_format

        return normalize_format(fmt.group("fmt").rstrip("s"))
    if re.search(r"\b(?:chart|graph|plot)\b", text, re.I):
        return "chart"
    return default


def _metric(text: str) -> str | None:
    return next((name for name, pattern in _METRICS if pattern.search(text)), None)


def _id_slots(ctx: TurnContext) -> dict[str, str]:
    """Order, ticket and amount of the whole turn: "refund order X, I paid $30" spans clauses."""
    slots: dict[str, str] = {}
    for mention in ctx.identifiers:
        if mention.kind in ("order_id", "ticket_id", "amount"):
            slots.setdefault(mention.kind, mention.value)
            if mention.currency:
                slots.setdefault("currency", mention.currency)
    return slots


def _measure_asked(ctx: TurnContext, clause: Clause, question: bool) -> tuple[tuple[str, ...], str | None, bool]:
    """(dimensions, metric, whether a measure is asked by a dimension) of an aggregation the clause may ask for."""
    text = clause.text
    dims = tuple(dict.fromkeys(_DIMENSIONS[m.group("dim").lower()] for m in _DIMENSION.finditer(text)))
    if _CARRIER_DIMENSION.search(text):
        dims = (*dims, "carrier")
    if not dims and _AGGREGATE.search(text):
        # "Per depot, how many vans left?": the dimension may open the sentence, before the question's clause.
        sentence = _sentence_of(ctx.text, clause)
        dims = tuple(dict.fromkeys(m.group("dim").lower() for m in _ANY_DIMENSION.finditer(sentence)))
        dims = dims or tuple(dict.fromkeys(m.group("dim").lower() for m in _BY_DIMENSION.finditer(text)))
    metric = _metric(text)
    # "Sales per region for last month": a measure broken down "per" a dimension is an aggregation by itself.
    per = _PER_DIMENSION.search(text)
    per_measure = bool(per and (metric or re.search(r"\b[a-z]{3,}s\s*$", text[: per.start()], re.I)))
    # "Show me new customers per island for yesterday", "give me bookings per clinic last week": a count of records
    # asked per a dimension the list above does not know
    shown_per = _SHOW_PER.match(text)
    if shown_per and not dims and _ASKED_REST.fullmatch(text, shown_per.end()):
        dims, per_measure = (shown_per.group("dim").lower(),), True
    by_measure = _BY_MEASURE.match(text) or _MEASURE_BY.match(text)
    # (asked, not told: only a time and "please" may follow: "Orders by region look fine" is a remark)
    per_measure = per_measure or bool(by_measure and _ASKED_REST.fullmatch(text, by_measure.end()))
    # "What's our churn rate by plan for last quarter?": a measure asked by a dimension
    per_measure = per_measure or bool(dims and question and _MEASURE_ASKED.match(text))
    # "per category, what did returns look like two weeks ago?": the dimension set off before the question
    lead = _LEAD_DIMENSION.match(ctx.text, _sentence_start(ctx.text, clause.start), clause.start)
    if lead and not dims and metric and question:
        dims, per_measure = (_DIMENSIONS[lead.group("dim").lower()],), True
    return dims, metric, per_measure


def _intents(ctx: TurnContext, clause: Clause, facts: list[CandidateFact], question: bool) -> Iterator[Intent]:
    text = clause.text
    time_range, time_slots = _time_range(ctx, clause)
    # A standing preference ("always export PDF") is a fact, not a request.
    # "default" names the setting in "change the default to A", so it does not make a request standing; "make dark
    # mode my default" is the marker itself.
    unmarked = _DEFAULT_WORD.sub(lambda m: m.group() if m.group("lead") and m.group("end") is not None else "", text)
    standing = any(f.lasting and f.predicate.startswith("preferred_") and _LASTING.search(unmarked) for f in facts)
    dims, metric, per_measure = _measure_asked(ctx, clause, question)
    ids = _id_slots(ctx)
    file_asked = True
    # "Send me a spreadsheet of this month's sign-ups per city": a file asked for by name is an export.
    as_file = bool(_FILE_VERB.search(text) and _FORMAT.search(text))
    # ("How much did I spend in total last month?": one's own spending asked is a query, whatever word sums it)
    own_spend = re.search(_OWN_SPEND_ASKED, text, re.I) is not None and not dims
    if ((_AGGREGATE.search(text) and (dims or metric)) or per_measure) and not as_file and not own_spend:
        yield Intent("data_aggregation", time_range, dims, metric, _output_format(text, "table"), time_slots)
    elif (
        not standing
        and not _HOW_TO.search(text)
        and not _EXPORT_SETTING.search(text)
        and _EXPORT.search(text)
        and (
            _FORMAT.search(text)
            or _FILE_WORD.search(text)
            or _PERSONAL_DATA.search(text)
            or _DONE_AS_FILE.search(text)
            or _EXPORT_RECORDS.search(text)
        )
        # "Just for today, give me the detailed report layout": a style of the report asks for no file
        and (_FORMAT.search(text) or not any(f.predicate == "preferred_report_format" for f in facts))
    ):
        yield Intent("export", time_range, dims, metric, _output_format(text, None), time_slots)
    else:
        file_asked = False
    if _REFUND.search(text):
        yield Intent("refund", time_range, slots=ids | time_slots)
    ordered = "order_id" in ids or re.search(r"\border", _sentence_of(ctx.text, clause), re.I)
    cancels = bool(_CANCEL.search(text) or (_CANCEL_PASSIVE.search(text) and ordered))
    if cancels:
        yield Intent("cancel_order", time_range, slots=ids | time_slots)
    if _COMPLAINT.search(text):
        yield Intent("complaint", time_range, slots=ids | time_slots)
    preference = next((f for f in facts if f.predicate.startswith("preferred_")), None)
    # "Can you switch me to dark mode?" asks for the change as much as "Switch me to dark mode" does.
    modify = bool(_MODIFY.search(text) and (not question or _POLITE_REQUEST.match(text)) and not standing)
    new_contact = any(m.kind in ("phone", "email") for m in ctx.identifiers) or re.search(_STREET, ctx.text)
    modify = modify or bool(_UPDATE_IT.search(text) and new_contact and not question)
    if modify:
        setting = (
            {"setting": preference.predicate.removeprefix("preferred_"), "value": preference.value}
            if preference
            else {}
        )
        yield Intent("modify_setting", slots=setting)
    own = bool(_OWN_RECORDS.search(text) or {"order_id", "ticket_id"} & set(ids))
    own = own or bool(_ABOUT_ME.search(text) and not _COPY.search(text))
    # "I paid the deposit in March, can you check it went through?": the record is named in the sentence.
    if not own and _CHECK_IT.search(text):
        own = bool(_OWN_RECORDS.search(_sentence_of(ctx.text, clause)))
    asks = (question and not modify) or (_QUERY if question else _QUERY_STATEMENT).search(text) is not None
    if re.search(r"\b(?:if|suppose|supposing|imagine|hypothetically)\b", _sentence_of(ctx.text, clause), re.I):
        asks = False  # "What would happen if I moved, would my plan still work?"
    if _NO_RECORD_ASKED.match(text) or file_asked or _DELETION.search(text):
        asks = False  # a how-to question, a favour, a file: "Can you export all my transactions as CSV?"
    if own and asks and not _REFUND.search(text) and not cancels:
        yield Intent("query", time_range, dims, metric, slots=ids | time_slots)


def describe_request(ctx: TurnContext, intent_type: str) -> Intent:
    """The details of a request whose type was decided elsewhere (the learned intent model): its time, breakdown,
    measure, file format and the records it names, read from the whole turn."""
    whole = Clause(ctx.text, 0)
    time_range, time_slots = _time_range(ctx, whole)
    dims, metric, _ = _measure_asked(ctx, whole, "?" in ctx.text)
    slots = {**_id_slots(ctx), **time_slots}
    if intent_type in ("data_aggregation", "export", "query"):
        default = "table" if intent_type == "data_aggregation" else None
        fmt = _output_format(ctx.text, default) if intent_type != "query" else None
        return Intent(intent_type, time_range, dims, metric, fmt, time_slots if intent_type != "query" else slots)
    return Intent(intent_type, time_range, slots=slots if intent_type != "modify_setting" else {})


# ---------------------------------------------------------------------------- tags and anchors

_TOPICS = {
    "orders": r"\b(?:orders?|purchase|purchased|bought)\b",
    "billing": r"\b(?:bill|billing|invoice|charged?|payment|pay|refund|price|fee|fees|subscription|receipt)\b",
    "relocation": r"\b(?:move|moved|moving|relocat\w*)\b",
    "reports": r"\b(?:reports?|sales|data|summar\w+|aggregate|dashboard|metrics?|template|spreadsheet)\b",
    "account": r"\b(?:account|password|log ?in|sign ?in|username|user id|profile settings)\b",
    "devices": r"\b(?:iphone|ipad|macbook|laptop|phone|device|tablet|pixel|galaxy|thinkpad|kindle|smartwatch)\b",
    "shipping": r"\b(?:ship|shipping|shipped|delivery|deliver|courier|tracking|package|parcel|carrier)\b",
    "support": r"\b(?:help|issue|problem|broken|complain\w*|ticket|support|not working|error|bug)\b",
    "preferences": r"\b(?:prefer\w*|default|always|from now on|mode|theme|notifications?|language|favou?rite)\b",
    "profile": r"\b(?:my name|name is|address|my email|my number|phone number|job|title|work at|work for)\b",
}
_TOPIC_PATTERNS = {topic: re.compile(pattern, re.I) for topic, pattern in _TOPICS.items()}
_PREDICATE_TOPICS = {
    "lives_in": "profile",
    "address": "profile",
    "works_at": "profile",
    "job_title": "profile",
    "name": "profile",
    "phone": "profile",
    "email": "profile",
    "owns_device": "devices",
    "order_id": "orders",
    "ticket_id": "support",
}
_CONFIRM = re.compile(
    r"^\s*(?:yes|yeah|yep|yup|correct|right|exactly|confirmed|sure|ok|okay|sounds good|perfect|great|agreed)\b"
    r"|\b(?:that's right|that is right|i confirm|confirmed|go ahead|let's do (?:it|that)|use this (?:one|template)"
    r"|that one|looks good|that works)\b",
    re.I,
)
_DECISION = re.compile(
    r"\b(?:let's go with|let's use|we'll go with|i'll go with|i'll take|i choose|i chose|i've decided|i decided"
    r"|we decided|decided to|we'll use|i'll use|go with|opt for|instead of|rather than)\b",
    re.I,
)
_CHANGE = re.compile(
    r"\b(?:change|changed|switch|switched|update|updated|from now on|no longer|anymore|moved|relocated"
    r"|new (?:number|phone|email|address)|replace|replaced|upgrade|upgraded)\b",
    re.I,
)
_FAILURE = re.compile(
    r"\b(?:wrong|incorrect|mistake|mistaken|not right|not what i (?:asked|meant|wanted)|that's not it|you misread"
    r"|doesn't match|is off)\b",
    re.I,
)
_CORRECTION = re.compile(
    r"\b(?:should be|should have been|supposed to be|i meant|actually it's|it's actually|use)\b", re.I
)
_NEGATIVE_START = re.compile(r"^\s*(?:no|nope|not quite|nah)\b", re.I)


def _anchors(text: str, facts: list[CandidateFact]) -> set[AnchorKind]:
    anchors: set[AnchorKind] = set()
    if (_FAILURE.search(text) and (_CORRECTION.search(text) or _NEGATIVE_START.search(text))) or re.search(
        r"\bi meant\b", text, re.I
    ):
        anchors.add("failure_correction")
    elif _CONFIRM.search(text) and not _NEGATIVE_START.search(text):
        anchors.add("confirmation")
    if _DECISION.search(text):
        anchors.add("decision")
    if _CHANGE.search(text) or any(f.ends_previous for f in facts):
        anchors.add("change")
    return anchors


def _topics(ctx: TurnContext, facts: list[CandidateFact]) -> set[str]:
    topics = {topic for topic, pattern in _TOPIC_PATTERNS.items() if pattern.search(ctx.text)}
    for fact in facts:
        if fact.predicate == "lives_in" and fact.ends_previous:
            topics.add("relocation")
        topics.add(_PREDICATE_TOPICS.get(fact.predicate, "preferences"))
    return topics


# ---------------------------------------------------------------------------- entry point


# "Can you answer in Spanish this time?" asks for something rather than about something: a
# preference it carries still counts (the marker decides whether it lasts).
# (also typed as a text message: "can u update the phone on file to …", "cud you pls …")
_POLITE_REQUEST = re.compile(
    # ("for this session only can you reply in …", "from now on could you …": how long, said first)
    r"^\s*(?:(?:for\s+(?:this|the|today's|tonight's)\s+\w+(?:\s+only)?|for\s+(?:today|tonight)(?:\s+only)?"
    r"|just\s+(?:for\s+)?(?:this\s+once|today|tonight|now)"
    r"|from\s+now\s+on|going\s+forward|for\s+now|today|tonight|this\s+time(?:\s+only)?|please)\s*,?\s+)?"
    # "can we do this chat in Chinese just this time?", "could we switch to Spanish?": the talk itself asked for
    r"(?:(?:can|could)\s+we\s+(?:please\s+|just\s+)?(?:do|have|keep|continue|switch|talk|chat|speak|write|go\s+on)\b"
    # "just this once can I get the export in xlsx?": the file asked for
    r"|(?:can|could|may)\s+(?:I|we)\s+(?:please\s+|pls\s+)?(?:get|have)\b"
    # "Could the monthly report default to the condensed layout from now on?": a document's standing form asked for
    # ("can exports come through as CSV going forward?": the documents named bare, in the plural)
    r"|(?:can|could|would)\s+(?:(?:the|my|our)\s+(?:[\w-]+\s+){0,3}?(?:reports?|digests?|summar(?:y|ies)|exports?"
    r"|statements?|invoices?|newsletters?|briefings?)|(?:[\w-]+\s+)?(?:reports|digests|exports|statements|invoices"
    r"|newsletters))\s+(?:please\s+)?(?:default|be|come|go)\b"
    # "can it go with Toll instead?", "could this one go by DHL?": the parcel's way asked for
    r"|(?:can|could)\s+(?:it|this(?:\s+one)?|that(?:\s+one)?|the\s+(?:parcel|package|order|delivery))\s+"
    r"(?:please\s+|just\s+)?(?:go|be\s+sent|ship|come)\s+(?:(?:with|by|via|through)\b"
    # ("can this one go UPS?": the carrier named bare)
    r"|(?=(?:" + "|".join(sorted((re.escape(k) for k in _CARRIERS), key=len, reverse=True)) + r")\s*\?))"
    # ("Hi can deliver to Blk 512 … from now on?": Singapore English drops the "you" of a request)
    r"|(?:(?:hi|hello|hey)\W+)?(?:can|could)\s+(?:please\s+|pls\s+|help\s+)?(?:deliver|send|ship)\s+to\b"
    r"|(?:can|could|cud)\s+(?:you|u|ya)\s+(?:please\s+|pls\s+|plz\s+|kindly\s+|just\s+)?"
    r"(?!tell\b|explain\b|check\b|remind\b|recommend\b|suggest\b|imagine\b|believe\b|guess\b|see\b|hear\b)\w+"
    # "can it be dark mode for tonight only?": the setting asked for as what "it" should be
    r"|(?:can|could)\s+(?:it|everything|the\s+(?:app|screen|display|site|theme))\s+(?:please\s+|just\s+)?be\s+"
    r"(?=[^?]*\b(?:mode|theme)\b)"
    # ("could my deliveries be moved to the evening slot?": a standing slot asked for)
    r"|(?:can|could)\s+(?:my|our)\s+(?:usual\s+|default\s+)?(?:deliveries|delivery\s+(?:slot|window|time)s?)\s+"
    r"(?:please\s+)?be\s+(?:changed|moved|switched|shifted|set|put)\b"
    # ("could the theme go light?")
    r"|(?:can|could)\s+(?:the|my)\s+(?:theme|display|screen)\s+(?:please\s+|just\s+)?(?:go|be|switch|turn|change)\s+"
    r"(?:to\s+)?(?:dark|light)\b)",
    re.I,
)
# Chat drops the subject of a first-person report: "Just relocated to Bristol", "Got promoted last Monday".
_DROPPED_SUBJECT = re.compile(
    r"^(?P<lead>\s*(?:[A-Z][\w'-]*(?:\s+[\w'-]+){0,3}\s*:\s*)?"  # "Long story: moved to Leeds …"
    r"(?:(?:just|recently|finally|also|so|and|then|oh|btw|well|actually|officially|currently|now|still)[,\s]+)*)"
    r"(?=(?:moved|relocated|shifted|joined|started|quit|left|bought|got|picked up|sold|switched|upgraded|settled|traded"
    r"|resigned|was promoted|been promoted|promoted|retired|gave away|got rid of|donated|ditched|replaced|swapped"
    # "Gave my old Pixel 6 to my niece", "Passed the Switch on to my nephew"
    r"|gave\s+(?:up\s+)?(?:my|our|the)|passed\s+(?:my|our|the)|handed\s+(?:my|our|the)|treated\s+(?:myself|ourselves)"
    r"|lost|been\s+(?:living|based|staying|in)|living\s+in|based\s+in|employed\s+(?:at|by)|contracting\s+for"
    # "Don't use the Kindle anymore, …": a named device no longer used (an order to us would name no device)
    r"|(?:don't|do\s+not)\s+(?:use|wear)\s+(?:the|my|our)\s+[A-Z][^,.;!?]*\bany\s?more"
    # "Using a ThinkPad for work", "Running a Synology at home", "Have an iPad and a Kindle", "No longer have the Apple
    # Watch": devices told of without "I" (an order to us would be "use …", not "using …")
    r"|(?:using|running|rocking)\s+(?:an?|the|my|two|both)\s|(?:have|own)\s+(?:an?|two|both)\s"
    r"|no\s+longer\s+(?:have|own|use|wear|got)\s"
    # ("Not using the Huawei tablet anymore", "Not working at Aldi any more": a state ended, its "I'm" dropped)
    # (not a number or an address out of use: "not using the 0413 … number anymore" is the contact rules')
    r"|not\s+(?:using|working|living|wearing|employed)\s(?=[^.;!?]*\bany\s?more\b)(?![^.;!?]*(?:\d{3}|@))"
    # "Signed with Shopify", "Retrained as a nurse", "Cleared my desk and left Philips": a first-person report.
    r"|signed\s+(?:on\s+)?with|(?:re)?qualified\s+as|retrained\s+as|[a-z]{3,}ed\s+(?:(?:out|up|off|down|in|over|back|away)\s+)?(?:my|our)(?=\s))\b)",
    re.IGNORECASE,
)


# A profile filled in as fields: "employer Natixis, title compliance analyst", "Company: Arup; role: planner".
_PROFILE_FIELD = re.compile(
    r"(?:^\W*|[:,;]\s*|\band\s+)(?:(?:my|new|current)\s+)?(?i:(?:employer|company|workplace)\s*(?::|=|-)?\s+(?:now\s+)?"
    + _employer("org")
    # ("occupation: beekeeper", "profession - midwife": the form's other words for the title)
    + r"|(?:job\s+)?(?:title|role|position|occupation|profession)\s*(?::|=|-)?\s+(?:now\s+)?"
    + _TITLE
    + r")(?=\s*(?:[,;.!]|$))"
)
_PROFILE_CUE = re.compile(r"\b(?:profile|account|details|records?|on\s+file|update|updated|change|changed)\b", re.I)
# "Day one at Spotify was last Monday", "my first day at Aldi was yesterday": a job begun then.
_FIRST_DAY = re.compile(
    # ("start date at Rakuten was yesterday": the day named by the contract's word)
    r"(?:^\W*|\b[Mm]y\s+)(?i:first\s+(?:day|shift|week)|day\s+one|start(?:ing)?\s+date)\s+(?:at|with)\s+(?:the\s+)?"
    + _employer("org")
    + r"\s+was\b"
)
# "they hired me as a data engineer", "Ocado took me on as a picker": the title (and the employer when named).
_HIRED_ME = re.compile(
    r"(?:\b(?i:they)|(?P<org>(?<![A-Za-z'])[A-Z][\w'&.-]*(?:\s+[A-Z][\w'&.-]*){0,2}))\s+(?:just\s+|finally\s+)?"
    r"(?:hired|took\s+me\s+on|brought\s+me\s+on(?:board)?|signed)\s+(?:me\s+)?as\s+(?:an?\s+|the\s+|their\s+)?"
    + _TITLE_FREE
    # "They made me a senior engineer last week", "Acme promoted me to team lead": a job noun, never "a cake"
    + r"|(?:\b(?i:they)|(?P<org2>(?<![A-Za-z'])[A-Z][\w'&.-]*(?:\s+[A-Z][\w'&.-]*){0,2}))\s+(?:just\s+|finally\s+)?"
    r"(?:made\s+me|promoted\s+me\s+to)\s+(?:an?\s+|the\s+|their\s+)?(?:new\s+)?"
    + _TITLE.replace("title", "title2")
    # "they moved me into the data team as an analyst", "I got transferred to the sales team as an account
    # executive": a new post inside the same employer.
    + r"|(?:\b(?i:they)\s+(?:just\s+)?(?:moved|transferred|put|switched|shifted)\s+me|\bI\s+(?:was|got|'ve\s+been)\s+"
    r"(?:moved|transferred|put|switched|shifted))\s+(?:in(?:to)?|to|over\s+to|onto)\s+(?:the|a|our|their)\s+"
    r"(?:[\w-]+\s+){1,2}?(?:team|department|dept|group|unit|division|desk)\s+as\s+(?:an?\s+|the\s+|their\s+)?"
    + _TITLE.replace("title", "title3")
)


def _own_subject(ctx: TurnContext, head: str) -> str | None:
    """The speaker or a relative named as the subject of ``head`` (a capitalized word is no subject here)."""
    for candidate in _SUBJECT_CANDIDATE.finditer(head):
        word = candidate.group()
        if _AFTER_PREPOSITION.search(head, 0, candidate.start()):
            continue  # "gave up the flat in Halifax and moved to Truro": a place, not who moved
        if word.capitalize() in _PRONOUNS:
            return None
        if word in ("I", "we", "We") or word.lower().startswith(("my ", "our ")):
            return _subject(ctx, word)
    return None


# Feelings said with a negation that negate nothing told: "— still can't believe it", "can't wait", "couldn't be
# happier", "not gonna lie", "can't complain".
_FEELING = re.compile(
    r"\b(?:still\s+|honestly\s+|really\s+|just\s+)?(?:can't|cannot|can\s+not|couldn't)\s+(?:quite\s+)?(?:believe"
    r"|wait|complain|stop\s+(?:smiling|grinning)|get\s+over|be\s+happier|be\s+prouder|thank\s+\w+\s+enough)\b"
    r"|\b(?:not\s+gonna\s+lie|not\s+going\s+to\s+lie|no\s+kidding|no\s+joke|never\s+been\s+happier|not\s+complaining"
    r"|never\s+looked\s+back)\b",
    re.IGNORECASE,
)


def _unfelt(text: str) -> str:
    """``text`` with the feelings of :data:`_FEELING` blanked (same length)."""
    return _FEELING.sub(lambda m: " " * len(m.group()), text)


# "invoices made out to the business not me", "send it to my wife, not us": a thing put on someone other than the
# speaker, the "not" setting one receiver against another, which denies nothing else the clause says.
_NOT_ME_INSTEAD = re.compile(
    r"(?<=\w)(?<!\bis)(?<!'s)(?<!\bwas)(?<!\bare)(?<!'re)(?<!\bit)(?<!\bthat)\s*,?\s+not\s+(?:me|us|myself)"
    r"(?=\s*(?:[,.;!?]|$))",
    re.IGNORECASE,
)


def _without_not_me(text: str) -> str:
    """``text`` with the "not me" of :data:`_NOT_ME_INSTEAD` blanked (same length)."""
    return _NOT_ME_INSTEAD.sub(lambda m: " " * len(m.group()), text)


def _negated(clause: Clause) -> bool:
    text = _without_not_me(_unfelt(clause.text))
    return re.search(r"\b(?:not|never|no longer|used to)\b|n't\b", text) is not None


# A job change the turn names: its date carries to the title said in another clause.
_JOB_CHANGE = re.compile(
    r"\b(?:promoted|promotion|joined|signed\s+(?:on\s+)?with|started (?:a |my )?(?:new )?(?:job|work|role|position|gig)"
    r"|started at|new job|hired"
    # ("start date at Rakuten was yesterday, I'm on the payments team as …": the contract's word for the first day)
    r"|start(?:ing)?\s+date\s+(?:at|with)|first\s+day\s+(?:at|with)"
    # ("been living here since last month" dates being here, not the job: never "since" after "here"/"there")
    r"|took over|taken over|stepped (?:up|in)|appointed|as of|(?<!\bhere\s)(?<!\bthere\s)since"
    r"|(?:changed|switched) (?:jobs|companies))\b"
    # ("I'm the new ops lead at Tessaro (started yesterday)": the start set aside after the post)
    r"|(?:\(|[\u2014\u2013]\s)\s*(?:just\s+|only\s+)?(?:started|began)\b"
    # ("now works for Deloitte as a tax manager, started last Monday": the start told after a comma, with its time)
    r"|(?:,|\band)\s*(?:just\s+|only\s+)?(?:started|began)\s+(?=(?:last|on|yesterday|this|in|earlier|two|three|four)\b)",
    re.IGNORECASE,
)


# A clause that opens with someone else as its subject: "My brother moved …", "Anna quit …".
_OTHER_SUBJECT = re.compile(
    r"^\W*(?:[A-Z][\w'-]*(?:\s+[\w'-]+){0,3}\s*:\s*)?"
    rf"(?:(?:[Mm]y|[Oo]ur)\s+(?:[\w-]+\s+)?[\w-]+|(?!(?:{'|'.join(_NOT_NAMES)})\b)[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?"
    r"\s+(?:just\s+|recently\s+|also\s+)?(?:[a-z]+ed|is|was|has|had|works|lives|got|left|sold|quit)\b)"
)


_MOVED_ME = re.compile(
    r"\b(?:transferred|relocated|posted|seconded|moved|sent)\s+me\b(?!\s+(?:a|an|the|my|some)\b)", re.I
)


def _with_subject(clause: Clause, previous: Clause | None = None) -> Clause:
    """The clause with its dropped "I" restored; offsets in the turn stay as they were.

    Not when the clause continues a sentence about someone else ("My brother moved to Leeds, joined Asda").
    """
    m = _DROPPED_SUBJECT.match(clause.text)
    if m is None or clause.text.rstrip().endswith("?"):
        return clause
    # ("Company transferred me, been staying in Penang": the one moved is the speaker, told as the object)
    moved_me = previous is not None and _MOVED_ME.search(previous.text)
    if (
        previous is not None
        and not re.search(r"[.!?\n]\s*$", previous.text)
        and _OTHER_SUBJECT.match(previous.text)
        and not moved_me
    ):
        return clause
    lead = m.group("lead")
    rest = clause.text[len(lead) :]
    verb = rest[:1].lower() + rest[1:]
    # "I" takes the place of the lead words (or sits just before the verb), so every time and
    # identifier mention keeps its offset in the turn.
    if len(lead) >= 2:
        return Clause("I" + " " * (len(lead) - 1) + verb, clause.start)
    return Clause("I " + verb, clause.start + len(lead) - 2)


_RETRACTED = re.compile(
    r"(?:[\u2014\u2013-]+|,)\s*(?:(?:wait|hold\s+on|oops|sorry|erm|um)[,\s]+)?(?:no|nope|scratch\s+that|I\s+mean)\W*$"
    r"|\b(?:wait,?\s+no|no,?\s+wait|scratch\s+that)\W*$",
    re.IGNORECASE,
)


_UNREACHABLE = re.compile(
    r"^\W*(?:if|when(?:ever)?|in\s+case)\s+(?:(?:you|they|the\s+(?:courier|driver|team)|anyone|someone|nobody)\s+"
    r"(?:can't|cannot|can\s+not|couldn't|don't|do\s+not)\s+(?:reach|get\s+hold\s+of|get\s+through\s+to|contact|find"
    # ("if you can't reach me try my dad …": without the comma, the contact asked for follows at once)
    # ("If I don't pick up, call my wife …": the speaker not answering, just the same)
    r"|get\s+me)(?:\s+me)?|I\s+(?:don't|do\s+not|can't|cannot|didn't)\s+(?:pick\s+up|answer)"
    # ("if I'm not home, his name's Craig", "if I'm not in, my wife …": the speaker away, just the same)
    r"|I(?:'m|\s+am)\s+not\s+(?:at\s+)?(?:home|in|around|there|available|about))\b(?:[^,;]*,\s*|\s+(?=(?:please\s+)?(?:try|call|ring|text|contact|reach|message)\s+my\b))",
    re.IGNORECASE,
)


# "check whether …", "can you see if …", "I'm wondering if …": a question asked of a record, not a supposition.
_ASKED_WHETHER = re.compile(
    r"\b(?:check|see|find\s+out|know|tell\s+me|confirm|look\s+into|wondering|wonder)\s+(?:if|whether)\b", re.IGNORECASE
)


# "put her down as backup contact, can?", "deliver after 6pm can or not?": Singapore and Malaysian English close a
# request with "can?", which asks for nothing but the favour; the statement before it stands.
_REQUEST_TAG = re.compile(r"(?:,\s*|\s+)(?i:can(?:\s+or\s+not)?|can\s+anot)\s*\?+\s*$")


def _is_question(clause: Clause) -> bool:
    if _QUESTION_START.match(clause.text):
        return True
    text = clause.text.rstrip()
    opening = r"^\W*(?:(?i:eh|hi|hey|hello|oh|ok|so|sorry)\W+)?(?i:can|could|is|are|do|does|will)\b"
    if _REQUEST_TAG.search(text) and not re.match(opening, text):
        return False
    return text.endswith("?")


# "how do I pair my Fitbit Charge 6 with the app?": a how-to about one's own device says one has it.
_HOW_TO_MY_DEVICE = re.compile(
    r"^\W*(?:(?:hi|hey|hello|ok|so|quick\s+question)\W+)*(?i:how)\s+(?i:do|can|should|would)\s+(?i:i|we)\s+"
    r"(?:\w+\s+)?(?i:pair|connect|sync|set\s+up|setup|reset|update|charge|link|register|restart|reboot|factory[\s-]reset"
    r"|back\s+up|unlock|clean|descale|install\s+\w+\s+on|log\s+in\s+on|use\s+\w+\s+on)\s+(?i:my|our)\s+(?:new\s+)?"
    + _device("device")
)


# "the Chromecast in our bedroom drops the wifi", "the Echo Dot on my desk keeps losing its connection": a device
# placed in the speaker's own rooms is theirs (not "the TV in my hotel room").
_DEVICE_IN_MY_ROOM = re.compile(
    r"\b[Tt]he\s+(?:(?:old|new|little|spare|second)\s+)?"
    + _device("device")
    + r"\s+(?:in|on|by)\s+(?:my|our)\s+(?:(?:spare|back|front|kids'?|guest|main|upstairs|downstairs|little)\s+)?"
    r"(?:room|bedroom|kitchen|lounge|living\s+room|office|study|hall(?:way)?|garage|flat|house|apartment|car|desk"
    r"|nightstand|bedside\s+table)\b"
)
# "on an iPhone 16 Pro, iOS 18.6.2, if that matters": the speaker's device, said at the turn's start as the setting of a
# fault or a question (the system's version or a "btw" after it; never "on an iPhone, can I …?").
_ON_DEVICE_OPENING = re.compile(
    r"^\W*(?:(?:btw|fyi|fwiw|also|oh|ok|so)\W+)?(?:(?:I'm|I\s+am|im)\s+)?(?i:on|using)\s+(?:an?|my)\s+"
    + _device("device")
    + r"(?=\s*(?:,\s*(?:(?:iOS|iPadOS|Android|One\s?UI|HyperOS|MIUI|EMUI|HarmonyOS|Windows|macOS|ChromeOS|Wear\s?OS"
    r"|watchOS|Kindle\s+OS|firmware)\s*v?\d|if\s+(?:that|it)\s+(?:matters|helps)|btw|fyi|fwiw)"
    r"|\s+(?:if\s+(?:that|it)\s+(?:matters|helps)|btw|fyi|fwiw)\b|\s*[.!]?\s*$))"
)
# "does the Kobo Clara BW do audiobooks? mine won't show the option": the device asked about, then "mine" said of it.
_MINE_AFTER_QUESTION = re.compile(
    r"^\W*(?:(?:and|but|because|cos|coz|since|as)\s+)?mine\s+(?:(?:just|still|also|never|only)\s+)?"
    r"(?:won't|doesn't|does|did|didn't|can't|isn't|is|has|hasn't|keeps|kept|shows?|came|got|will\s+not|only)\b",
    re.IGNORECASE,
)


def _device_asked_about(ctx: TurnContext, clause: Clause) -> str | None:
    """The device named in the question just before ``clause``, named as a kind ("the", "a"), not as someone's."""
    before = ctx.text[: clause.start]
    asked_end = before.rfind("?")
    if asked_end < 0 or before[asked_end + 1 :].strip(" ,;"):
        return None
    question_start = max(before.rfind(mark, 0, asked_end) for mark in ".!?\n") + 1
    named = list(re.finditer(r"\b(?:the|a|an|this|that)\s+" + _device("device"), before[question_start:asked_end]))
    return _clean(named[-1].group("device")) if named else None


def _presupposed_device_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """Devices a how-to or a fault report takes for granted: "how do I pair my Fitbit …", "… crashing on my iPad"."""
    m = _HOW_TO_MY_DEVICE.match(clause.text)
    if m:
        yield _fact(ctx, clause, m, ctx.speaker_id, "owns_device", _clean(m.group("device")), "device_how_to")
    for m in _DEVICE_IN_MY_ROOM.finditer(clause.text):
        if not _phrase_negated(clause.text, m, r"not|never|no\s+longer|anymore|any\s+more"):
            yield _fact(ctx, clause, m, ctx.speaker_id, "owns_device", _clean(m.group("device")), "device_in_my_room")
    opening = _ON_DEVICE_OPENING.match(ctx.text) if clause.start == 0 else None
    if opening:
        yield _fact(ctx, clause, opening, ctx.speaker_id, "owns_device", _clean(opening.group("device")), "on_device")
    mine = _MINE_AFTER_QUESTION.match(clause.text)
    asked = _device_asked_about(ctx, clause) if mine else None
    if mine and asked:
        yield _fact(ctx, clause, mine, ctx.speaker_id, "owns_device", asked, "mine_after_question")
    for m in _PAIRED_WITH_MY_DEVICE.finditer(clause.text):
        if not _HYPOTHETICAL.search(clause.text):
            yield _fact(ctx, clause, m, ctx.speaker_id, "owns_device", _clean(m.group("device")), "device_paired")
    for m in _ON_MY_DEVICE.finditer(clause.text):
        since = clause.past_time(ctx) if m.group("use") else None
        device = _clean(m.group("device"))
        yield _fact(ctx, clause, m, ctx.speaker_id, "owns_device", device, "device_in_use", valid_from=since)


# "Where do I live? Kumasi.", "occupation? beekeeper.": a question about the speaker, asked by the speaker and answered
# at once with the bare value.
_OWN_QUESTION = re.compile(
    r"(?:^|[.!\n]\s*)\W*(?i:(?P<job>occupation|profession|my\s+job|what\s+do\s+I\s+do(?:\s+for\s+(?:a\s+living|work))?)"
    r"|(?P<home>where\s+do\s+I\s+live(?:\s+now)?|where\s+am\s+I\s+based|where\s+do\s+we\s+live))\s*\?+\s*$"
)
_BARE_TITLE_ANSWER = re.compile(r"^\s*(?:(?:I'm|I\s+am)\s+)?(?:an?\s+)?" + _TITLE + r"(?=\s*(?:[,.;!]|$))", re.I)
_BARE_PLACE_ANSWER = re.compile(r"^\s*(?:(?:in|still)\s+)?" + _named("place") + r"(?=\s*(?:[,.;!]|$))")


def _self_answered_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The bare answer to a question about the speaker the speaker has just asked."""
    asked = _OWN_QUESTION.search(ctx.text, 0, clause.start)
    if asked is None:
        return
    if asked.group("job"):
        m = _BARE_TITLE_ANSWER.match(clause.text)
        if m and not _NOT_A_ROLE.search(m.group("title")):
            yield _fact(ctx, clause, m, ctx.speaker_id, "job_title", _clean(m.group("title")), "self_answered")
        return
    m = _BARE_PLACE_ANSWER.match(clause.text)
    if m and _place_ok(m.group("place")) and not _NOT_A_HOME.search(m.group("place")):
        yield _fact(ctx, clause, m, ctx.speaker_id, "lives_in", _city(m.group("place")), "self_answered")


# "Monday was my first day at Monzo as a data engineer", "had my first shift with Ocado yesterday": a job begun,
# told by its first day (past: "tomorrow is my first day" is a plan).
_FIRST_DAY_TOLD = re.compile(
    r"(?:\b[Mm]y|\bI\s+(?:had|did|worked|started)\s+my)\s+(?:very\s+)?first\s+(?:day|week|shift|morning)\s+(?:at|with)\s+"
    r"(?:the\s+)?"
    + _employer("org")
    + r"(?![\w'&-])(?:\s+as\s+(?:an?\s+|the\s+)?"
    + _TITLE
    # ("my first day at Aldi was yesterday": ``_FIRST_DAY`` reads that one)
    + r")?(?!\s+was\b)"
)
_FIRST_DAY_PLANNED = re.compile(
    r"\b(?:will|'ll|tomorrow|next|going\s+to|gonna|is\s+my|s\s+my)\b(?![^,;]*\b(?:was|had|did|worked|started)\b)", re.I
)
# "Deloitte and I parted ways last month", "I parted company with Arup in May": an employer left, said as a parting.
_PARTED_WAYS = re.compile(
    _employer("org") + r"\s+and\s+I\s+(?:have\s+|'ve\s+|finally\s+|officially\s+)*(?:parted\s+(?:ways|company)"
    r"|went\s+our\s+separate\s+ways|split\s+up)"
    r"|\bI\s+(?:have\s+|'ve\s+|finally\s+|officially\s+)*(?:parted\s+(?:ways|company)|split)\s+with\s+(?:the\s+)?"
    + _employer("org2")
)


def _job_milestone_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """A job begun told by its first day, a job left told as a parting of ways."""
    if _negated(clause) or clause.text.rstrip().endswith("?"):
        return
    for m in _FIRST_DAY_TOLD.finditer(clause.text):
        org = _clean(m.group("org"))
        if _FIRST_DAY_PLANNED.search(clause.text[: m.start()] + " " + clause.text[m.end() :]) and not re.search(
            r"\b(?:was|had|did|worked|started)\b", clause.text[: m.start()]
        ):
            continue
        if org.split()[0] in _NOT_NAMES or org.lower() in _CITY_WORDS:
            continue
        when = clause.past_time(ctx)
        yield _fact(ctx, clause, m, ctx.speaker_id, "works_at", org, "first_day", valid_from=when, ends_previous=True)
        if m.group("title"):
            title = _clean(m.group("title"))
            yield _fact(ctx, clause, m, ctx.speaker_id, "job_title", title, "first_day", valid_from=when)
    # (matched on the turn: "Deloitte and I" splits before "I"; read in the clause that holds the verb. A person
    # one parts from is no employer, so only among words of work or beside a job begun)
    at_work = _WORK_WORDS.search(ctx.text) or _FIRST_DAY_TOLD.search(ctx.text) or _JOB_EVENT.search(ctx.text)
    for m in _PARTED_WAYS.finditer(ctx.text) if at_work else ():
        if not clause.start <= m.end() - 1 < clause.end:
            continue
        org = _clean(m.group("org") or m.group("org2"))
        if org.split()[0] not in _NOT_NAMES and org.lower() not in _CITY_WORDS:
            yield ending(ctx, clause, ctx.speaker_id, "works_at", org, "en.parted_ways", m.group())


# Round 30. "so deliveries after 11am are best", "deliveries after 6pm won't work": a delivery window judged, with the
# turn's reason for it ("I'm a line cook, nights mostly, so …"); a bad one is kept as "no deliveries …".
_DELIVERY_VERDICT = re.compile(
    r"(?:^\W*|\b(?:so|then|and)\s+|[,;\u2014\u2013]\s*|\s-\s*)(?P<what>deliveries|drop-?offs)\s+"
    r"(?P<when>(?:after|before)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)|in\s+the\s+(?:mornings?|afternoons?|evenings?)"
    r"|on\s+weekends|at\s+(?:the\s+)?weekends?|on\s+weekdays)\s+"
    r"(?:(?P<good>(?:are|is)\s+(?:best|better|ideal|perfect)|work\s+(?:best|better)|suit\s+(?:me|us)\s+(?:best|better))"
    r"|(?P<bad>(?:won't|don't|do\s+not|will\s+not|wouldn't|can't)\s+work|are\s+(?:no\s+good|impossible|useless)"
    r"|aren't\s+(?:possible|an\s+option|any\s+good)))"
    r"(?:\s+for\s+(?:me|us))?(?=\s*(?:[,.;!\u2014\u2013]|$|\s+(?:please|pls|plz|thanks|anymore|now)\b))",
    re.IGNORECASE,
)
# Why a way of delivering stands: the household's hours ("I sleep days", "my husband works nights", "nights mostly").
_HOUSEHOLD_HOURS = re.compile(
    r"\b(?:sleeps?|sleeping)\s+(?:days|during\s+the\s+day|in\s+the\s+day(?:time)?)\b|\bworks?\s+(?:nights|night\s+shifts?)"
    r"|\bnight\s+shifts?\b|\bnights\s+mostly\b|\bmostly\s+nights\b|\bon\s+nights\b|\bbaby\s+(?:naps|sleeps)\b"
    r"|\bday\s+sleeper\b",
    re.IGNORECASE,
)
# "leave parcels at the side gate and please don't knock", "pls don't ring the doorbell, just leave it on the step":
# how the door is to be handled, standing when the household's hours are the reason.
_LEAVE_AT = (
    r"leave\s+(?:the\s+|my\s+|our\s+|all\s+)?(?:parcels?|packages?|deliveries|boxes|it|them|everything)\s+"
    r"(?:at|on|by|behind|in|under|inside|next\s+to)\s+(?:the|my|our)\s+(?:[a-z-]+\s+){0,2}?"
    r"(?:gate|step|steps|porch|door|doorstep|garage|shed|letterbox|mailbox|fence|veranda|verandah|lobby|reception"
    r"|concierge|bench)\b"
)
_NO_KNOCK = (
    r"(?:don't|do\s+not|no)\s+(?:knock(?:ing)?|ring(?:ing)?\s+(?:the\s+|my\s+|our\s+)?(?:door\s*)?bell"
    r"|buzz(?:ing)?(?:\s+(?:the|my|our)\s+(?:buzzer|bell|door))?)"
)
_DOOR_RULE = re.compile(
    r"(?:^\W*|\b(?:so|and|but|then)\s+|[,;\u2014\u2013]\s*|\s-\s*)(?:(?:please|pls|plz|just|kindly)\s+)*"
    rf"(?:(?P<leave>{_LEAVE_AT})(?:\s+(?:and|&)\s+(?:(?:please|pls|plz|just)\s+)*(?P<knock>{_NO_KNOCK})\b)?"
    rf"|(?P<knock2>{_NO_KNOCK})\b)",
    re.IGNORECASE,
)


def _delivery_way_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """Standing ways of delivering told casually: a window judged, how the door is to be handled."""
    text = clause.text
    sentence = _sentence_of(ctx.text, clause)
    if text.rstrip().endswith("?") or _HYPOTHETICAL.search(text) or _ONE_OFF.search(sentence):
        return
    if re.search(r"\bthis\s+(?:week|weekend|month|time)\b|\btoday\b|\btomorrow\b|\btonight\b", sentence, re.I):
        return  # "deliveries after 6pm won't work this week": for now, not for good
    verdict = _DELIVERY_VERDICT.search(text)
    reason = _REASON_GIVEN.search(sentence) or _HOUSEHOLD_HOURS.search(ctx.text) or _LASTING.search(sentence)
    if verdict and reason:
        when = re.sub(r"\s+", " ", verdict["when"].lower()).replace(" am", "am").replace(" pm", "pm")
        value = f"{'no ' if verdict['bad'] else ''}deliveries {when}"
        yield make_fact(ctx.speaker_id, "preference", value, "en.delivery_verdict", verdict.group(), confidence=0.8)
        return
    door = _DOOR_RULE.search(text)
    if door is None or not (_HOUSEHOLD_HOURS.search(ctx.text) or _LASTING.search(sentence)):
        return
    # ("pls never ring the doorbell … — just leave it at the door": one rule for the door, said first)
    if re.search(
        r"\b(?:never|don't|do\s+not)\s+(?:ring|knock|buzz|leave)\b|\bleave\s+(?:it|them|the|parcels?)\b",
        ctx.text[: clause.start + door.start()],
        re.I,
    ):
        return
    if door["leave"]:
        value = _clean(door["leave"])
        if door["knock"]:
            value += " and " + re.sub(r"(?i)^do\s+not\b", "don't", _clean(door["knock"]))
    else:
        value = re.sub(r"(?i)^do\s+not\b", "don't", _clean(door["knock2"]))
    yield make_fact(
        ctx.speaker_id, "preference", value[:1].lower() + value[1:], "en.door_rule", door.group(), confidence=0.8
    )


# "the landlord handed over the keys to 77 Quarry Lane Unit 3, Lehi UT 84043", "got the keys to 5 Elm St, Leeds
# today": the home whose keys the speaker took, at its address.
_KEYS_TO_ADDRESS = re.compile(
    r"\b(?:(?:handed|gave)\s+(?:over\s+)?(?:(?:me|us)\s+)?|got|picked\s+up|collected|received|been\s+handed)\s*"
    r"(?:the|our|my)\s+(?:new\s+)?keys?\s+(?:to|for)\s+(?P<addr>(?:" + _STREET + r")[^;!?\n]*?)" + _ADDRESS_END
)


def _keys_to_address_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    if _negated(clause) or clause.future_time(ctx) or re.search(r"'ll\b|\bwill\b|\bgoing\s+to\b", clause.text):
        return
    for m in _KEYS_TO_ADDRESS.finditer(clause.text):
        before = clause.text[: m.start()]
        if re.search(r"\b(?:my|our|his|her|their)\s+(?:" + _REL + r")\b|\b(?:she|he|they)\s+$", before, re.I):
            continue  # "my sister got the keys to …": someone else's home
        address = re.sub(r"[^\w.)]+$", "", _clean(m.group("addr")))
        yield _fact(
            ctx, clause, m, ctx.speaker_id, "address", address, "keys_to_address", valid_from=clause.past_time(ctx)
        )


# "my Fairphone 4 is dead for good, got a Nokia G42 to replace it": the new device, got in the old one's place.
_GOT_TO_REPLACE = re.compile(
    r"\b(?:got|bought|picked\s+up|grabbed)\s+(?:myself\s+)?(?:a|an|the)\s+(?:new\s+)?"
    + _device("device")
    + r"\s+(?:to\s+replace\s+(?:it|that|them|the\s+old\s+one)|as\s+(?:a|the|its)\s+replacement)\b"
)


def _got_to_replace_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    if _negated(clause):
        return
    for m in _GOT_TO_REPLACE.finditer(clause.text):
        if re.search(r"\b(?:my|our)\s+(?:" + _REL + r")\b|\b(?:she|he|they)\s+$", clause.text[: m.start()], re.I):
            continue
        yield _fact(ctx, clause, m, ctx.speaker_id, "owns_device", _clean(m.group("device")), "got_to_replace")


# "yeah it's the Pixel 8a now, the old iPhone 11 died": the device in use now, told after a change of devices.
_ITS_DEVICE_NOW = re.compile(
    r"(?:^\W*|\b(?:yeah|yep|yes|so|and|but|now)\s+|[,;]\s*)(?:it's|it\s+is)\s+(?:the|an?|my)\s+(?:new\s+)?"
    + _device("device")
    + r"\s+(?:now|these\s+days|nowadays)\b"
)
_DEVICE_CHANGE_TALK = re.compile(r"\b(?:old|died|dead|broke|broken|replaced|switched|upgraded|swapped)\b", re.I)


def _device_now_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    if _negated(clause) or not _DEVICE_CHANGE_TALK.search(ctx.text):
        return
    for m in _ITS_DEVICE_NOW.finditer(clause.text):
        yield _fact(ctx, clause, m, ctx.speaker_id, "owns_device", _clean(m.group("device")), "device_now")


# "moved out of the Leith flat last Monday": the home in the place named before its kind, left.
_MOVED_OUT_OF_HOME = re.compile(
    r"\b(?:moved|moving)\s+out\s+of\s+(?:the|our|my)\s+(?:old\s+)?"
    r"(?P<place>(?!(?:New|Old|Big|Little|Tiny|Small|Lovely|Shared|Student)\b)[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)\s+"
    r"(?:flat|house|apartment|place|unit|home|condo|cottage|studio|townhouse|bungalow|bedsit)\b"
)
# "kipping on my sister's sofa in Dundee", "staying at my mum's place in Leeds": the relative's home is there.
_AT_KINS_PLACE_IN = re.compile(
    r"\b(?:staying|kipping|crashing|sleeping|living|dossing|bunking)\s+(?:(?:at|on|in|with)\s+)?"
    # (the bed borrowed only: "crashing at my brother's in Leeds" may be where the speaker has moved to)
    rf"my\s+{_KIN_ADJ}(?P<rel>{_REL})'s\s+(?:sofa|couch|floor|spare\s+room|spare\s+bed|futon|sofa\s+bed)\s+"
    r"(?:(?:up|down|over|out)\s+)?in\s+" + _named("place")
)


def _homes_left_and_borrowed(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    if re.search(r"'ll\b|\bwill\b|\bgoing\s+to\b|\bmight\b|\bif\b", clause.text):
        return
    for m in _MOVED_OUT_OF_HOME.finditer(clause.text):
        before = clause.text[: m.start()]
        if _NEGATION_WORD.search(before):
            continue
        if re.search(rf"\b(?:my|our)\s+(?:{_REL})\b|\b(?:she|he|they)(?:'s|\s+has|\s+have)?\s+$", before, re.I):
            continue
        if _place_ok(m.group("place")) and clause.past_time(ctx):
            yield ending(
                ctx, clause, ctx.speaker_id, "lives_in", _city(m.group("place")), "en.moved_out_of_home", m.group()
            )
    for m in _AT_KINS_PLACE_IN.finditer(clause.text):
        if _place_ok(m.group("place")) and not _NEGATION_WORD.search(clause.text[: m.start()]):
            relative = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}"
            yield _fact(ctx, clause, m, relative, "lives_in", _city(m.group("place")), "at_kins_place_in")


# "same company (Mercado Libre) just a better title": the employer named in brackets, kept through a promotion.
_SAME_COMPANY_NAMED = re.compile(
    r"\b(?:same|still\s+the\s+same)\s+(?:company|employer|firm)\s*\(\s*(?P<org>[A-Z][\w&'.-]*(?:\s+[A-Z\d][\w&'.-]*){0,3})\s*\)"
)
# "my expense claims will come from kai.lim@grab.com now", "I'll be emailing from …": the address the speaker writes
# from from now on.
_COMES_FROM_CUE = re.compile(
    r"\b(?:[Mm]y\s+(?:[\w-]+\s+){0,2}(?:will|'ll)\s+(?:now\s+)?(?:come|be\s+coming|be\s+sent)"
    r"|\bI(?:'ll|\s+will)\s+(?:now\s+)?be\s+(?:emailing|e-mailing|writing|ordering|sending\s+(?:them|everything|it))"
    r")\s+from\s*$"
)


def _employer_and_sender_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _SAME_COMPANY_NAMED.finditer(clause.text):
        if not _NEGATION_WORD.search(clause.text[: m.start()]) and _employer_ok(m.group("org")):
            yield _fact(ctx, clause, m, ctx.speaker_id, "works_at", _clean(m.group("org")), "same_company_named")
    for mention in clause.identifiers(ctx, "email"):
        before = clause.text[: mention.span[0] - clause.start]
        cue = _COMES_FROM_CUE.search(before)
        if cue and not _NEGATION_WORD.search(before) and not _OTHER_PEOPLE.search(before[cue.start() :]):
            yield make_fact(
                ctx.speaker_id,
                "email",
                contact_value("email", mention),
                "en.email.comes_from",
                cue.group(),
                confidence=0.85,
            )


# "so I'm not using PayPal anymore, Apple Pay from now on", "no longer paying with Venmo": a way to pay given up.
_PAYMENT_GIVEN_UP = re.compile(
    r"(?:^\W*|\b(?:so|and|but|also)\s+|[,;\u2014\u2013]\s*)(?:(?:I'm|I\s+am|we're|we\s+are)\s+)?"
    # ("I don't use PayPal anymore — GrabPay always": the habit denied, with "anymore")
    r"(?:(?:I|we)\s+)?(?:not|no\s+longer|don't|do\s+not)\s+(?:using|use|paying\s+(?:with|by|via|through)"
    r"|pay\s+(?:with|by|via|through))\s+(?:my\s+)?"
    rf"(?P<pay>{_PAY_NAMES})(?![A-Za-z])(?:\s+(?:account|app|wallet))?\s*(?P<more>any\s?more|now)?\b",
    re.IGNORECASE,
)


def _payment_given_up_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    if _HYPOTHETICAL.search(clause.text) or clause.text.rstrip().endswith("?"):
        return
    for m in _PAYMENT_GIVEN_UP.finditer(clause.text):
        if m.group("more") or re.search(r"\bno\s+longer\b", m.group(), re.I):
            method = _PAYMENTS.get(m.group("pay").lower(), m.group("pay"))
            yield ending(
                ctx, clause, ctx.speaker_id, "preferred_payment_method", method, "en.payment_given_up", m.group()
            )


# "my mom moved in with us too", "my father-in-law Mr. Tan Boon Huat stays with us now": a relative sharing the
# speaker's home, so sharing the home the turn names (not a stay for a while: "stays with us for the summer").
_KIN_WITH_US = re.compile(
    rf"\b(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}(?P<rel>{_REL})\b(?:\s+(?:Mr|Mrs|Ms|Mdm|Dr)\.?)?(?:\s+[A-Z][\w'-]*){{0,3}}"
    r"(?:\s+(?:now|also|still|just|finally|has|have|'s|permanently))*\s+(?:lives|is\s+living|'s\s+living|stays|is\s+staying"
    r"|'s\s+staying|moved\s+in|came\s+to\s+live)\s+with\s+(?:me|us)\b"
    r"(?!\s+(?:for|until|till|this|next|over|on|at|during|while|when|some|sometimes|occasionally|every)\b)"
)
# "my father-in-law Mr. Tan Boon Huat": a relative named with an honorific, the name without it.
_KIN_HONORIFIC_NAME = re.compile(
    rf"\b(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}(?P<rel>{_REL})\s+(?:Mr|Mrs|Ms|Mdm|Madam|Dr)\.?\s+"
    r"(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2})\b(?!')"
)


def _kin_with_us(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """The speaker's home, named in the turn, for the relative said to live with them."""
    if ctx.role != "user":
        return []
    homes = [
        f
        for f in facts
        if f.subject == ctx.speaker_id and f.predicate in ("lives_in", "address") and f.valid_to is None and f.lasting
    ]
    added: list[CandidateFact] = []
    for m in _KIN_WITH_US.finditer(ctx.text):
        if _NEGATION_WORD.search(m.group()) or re.search(r"\b(?:will|'ll|going\s+to|might|if)\b", m.group(), re.I):
            continue
        opened = max(ctx.text.rfind(mark, 0, m.start()) for mark in ".!?\n")
        closed = re.search(r"[.!?\n]|$", ctx.text[m.end() :])
        said = ctx.text[opened + 1 : m.end() + (closed.start() if closed else 0) + 1]
        if said.rstrip().endswith("?") or _HYPOTHETICAL.search(ctx.text[opened + 1 : m.start()]):
            continue  # "if my mum moves in with us …", "does my mum living with us change …?"
        relative = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}"
        told = {(f.subject, f.predicate) for f in facts}
        for home in homes:
            if (relative, home.predicate) not in told:
                added.append(
                    make_fact(relative, home.predicate, home.value, "en.kin_with_us", m.group(), confidence=0.8)
                )
    return added


# "remove the address 2201 Av. Rivera from my address book, I don't live there anymore": a home given up.
_ADDRESS_REMOVED = re.compile(
    r"\b(?:remove|delete|drop|take\s+off)\s+(?:the\s+|my\s+)?(?:old\s+)?(?:address\s+)?(?P<addr>(?:"
    + _STREET
    + r"|\d+[A-Za-z]?\s+(?:Av|Avda|Bv|Jr)\.\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)[^;!?\n]*?)\s+from\s+(?:my|the)\s+"
    r"(?:address\s+book|saved\s+addresses|addresses|account|profile)\b"
)
_LIVE_THERE_NO_MORE = re.compile(
    r"\b(?:(?:don't|do\s+not)\s+live\s+there\s+(?:any\s?more|now)|no\s+longer\s+live\s+there|moved\s+out)\b", re.I
)
# "I don't have a smart TV, just an ancient Roku stick": the device had, set against the one not had.
_JUST_A_DEVICE = re.compile(
    r"\b(?:don't|do\s+not)\s+(?:have|own)\s+(?:an?\s+)?[\w -]{1,30}?[,;]\s*(?:just|only)\s+(?:an?|my|the)\s+"
    r"(?:(?:old|ancient|cheap|basic|little|tiny|battered|trusty|aging|ageing)\s+)*" + _device("device")
)


# "the Galaxy Watch went with my ex", "my ex kept the iPad": a device gone with a former partner.
_DEVICE_WENT_WITH_EX = re.compile(
    r"\b(?:the|my|our)\s+" + _device("device") + r"\s+(?:went|left|stayed)\s+with\s+(?:my|the)\s+ex\b"
    r"|\b(?:my\s+|the\s+)?ex(?:-(?:wife|husband|partner|girlfriend|boyfriend))?\s+(?:kept|took|got)\s+(?:the|my|our)\s+"
    + _device("device2")
)


def _given_up_or_kept_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _DEVICE_WENT_WITH_EX.finditer(clause.text):
        if not _NEGATION_WORD.search(clause.text[: m.end()]) and not clause.text.rstrip().endswith("?"):
            device = _clean(m.group("device") or m.group("device2"))
            # (the times of the turn are the divorce's and the move's, not the day the device went)
            gone = ending(ctx, clause, ctx.speaker_id, "owns_device", device, "en.device_went_with_ex", m.group())
            yield replace(gone, valid_to=ctx.at)
    for m in _ADDRESS_REMOVED.finditer(clause.text):
        if _LIVE_THERE_NO_MORE.search(ctx.text):
            address = _clean(m.group("addr"))
            yield ending(ctx, clause, ctx.speaker_id, "address", address, "en.address_removed", m.group())
    for m in _JUST_A_DEVICE.finditer(clause.text):
        if not re.search(r"\b(?:my|our)\s+(?:" + _REL + r")\b|\b(?:she|he|they)\b", clause.text[: m.start()], re.I):
            yield _fact(ctx, clause, m, ctx.speaker_id, "owns_device", _clean(m.group("device")), "just_a_device")


def _round30_settled(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """The turn's facts with the relatives' shared homes added, and a name said with its honorific kept without it."""
    plain = {(f.subject, f.value) for f in facts if f.rule == "en.kin_honorific_name"}
    kept = [
        f
        for f in facts
        if not (
            f.predicate == "name"
            and f.rule != "en.kin_honorific_name"
            and (f.subject, re.sub(r"^(?:Mr|Mrs|Ms|Mdm|Madam|Dr)\.?\s+", "", f.value)) in plain
        )
    ]
    return kept + _kin_with_us(ctx, kept)


def _round30_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    yield from _given_up_or_kept_facts(ctx, clause)
    for m in _KIN_HONORIFIC_NAME.finditer(clause.text):
        relative = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}"
        yield _fact(ctx, clause, m, relative, "name", m.group("name"), "kin_honorific_name")
    yield from _payment_given_up_facts(ctx, clause)
    yield from _employer_and_sender_facts(ctx, clause)
    yield from _homes_left_and_borrowed(ctx, clause)
    yield from _device_now_facts(ctx, clause)
    yield from _delivery_way_facts(ctx, clause)
    yield from _keys_to_address_facts(ctx, clause)
    yield from _got_to_replace_facts(ctx, clause)


# ---------------------------------------------------------------------------- round 33
# "we're Wellington based now", "I'm London-based these days": the home said as where the speaker is based.
_PLACE_BASED = re.compile(
    r"(?:^|(?<=[^\w']))(?:I'm|I\s+am|[Ii]m|we're|we\s+are)\s+(?:now\s+|officially\s+|fully\s+|permanently\s+)?"
    + _named("place")
    + r"(?:-|\s+)based\b(?!\s+(?:company|business|firm|startup|start-up|team|brand|shop|store|agency|on|in)\b)"
)
# ("came down from Tauranga yesterday": a move told by where one came from)
_CAME_FROM = re.compile(r"\b(?:came|come|moved)\s+(?:down|up|over|across|back)\s+from\b", re.IGNORECASE)
# "My father has shifted to Pune with us": the relative moved to where the speaker lives, so the place is the
# speaker's home too (not a stay: "… with us for the summer").
_KIN_MOVED_WITH_US = re.compile(
    rf"\b[Mm]y\s+{_KIN_ADJ}(?P<rel>{_REL})\b(?:\s+(?:has|have|'s|just|finally|also|now|recently))*\s+"
    r"(?:moved|shifted|relocated|came)\s+(?:over\s+|down\s+|up\s+)?to\s+"
    + _named("place")
    + r"\s+(?:to\s+(?:live|stay)\s+)?with\s+(?:us|me)\b(?!\s+(?:for|until|till|over|during)\b)"
)
# "retired in March after 30 yrs at Boeing", "my dad retired last year after 40 years with Ford": the employer left.
_RETIRED_AFTER = re.compile(
    r"(?:^\W*|\bI\s+(?:just\s+|finally\s+|officially\s+)?|\b[Mm]y\s+"
    + _KIN_ADJ
    + rf"(?P<rel>{_REL})\s+(?:just\s+|finally\s+|officially\s+)?)"
    r"retired\b[^.!?;,]{0,30}?\s+after\s+(?:(?:\d+|[a-z]+)\s+){1,3}?(?:years|yrs|decades?)\s+(?:at|with)\s+(?:the\s+)?"
    + _employer("org")
)
# "Pixel 9 Pro is my daily driver now", "the Galaxy S24 is my main phone": the device in everyday use.
_DAILY_DRIVER = re.compile(
    r"(?:^\W*|(?<=[,;:]\s)|\b(?:and|so|now|but)\s+)(?:(?:the|my)\s+(?:new\s+)?)?"
    + _device("device")
    + r"(?:'s|\s+is)\s+(?:now\s+|officially\s+)?(?:my|our)\s+(?:new\s+)?(?:daily\s+driver|main\s+(?:phone|device"
    r"|laptop|machine|computer|tablet|one)|everyday\s+(?:phone|laptop|device|carry))\b"
)
# "the iPhone 13 I handed down to my wife two weeks ago": a device handed on, said as the one the speaker handed on.
_DEVICE_I_HANDED = re.compile(
    r"\b(?:[Tt]he|[Mm]y|[Oo]ur)\s+(?:old\s+)?"
    + _device("device")
    + r"\s+(?:that\s+|which\s+)?I(?:'ve|\s+have|\s+just)?\s+"
    r"(?:handed\s+(?:down|on|over)|passed\s+(?:on|down)|gave|gifted)"
    + rf"\s+to\s+(?:my|our)\s+{_KIN_ADJ}(?P<rel>{_REL})\b(?!')"
)
# "Apple Watch Series 9 got lost at the gym": a device lost or stolen, its "my" dropped at the sentence's start.
_BARE_DEVICE_TAKEN = re.compile(
    r"^\W*(?:(?:old|new|work)\s+)?"
    + _device("device")
    + rf"\s+(?:(?:was|got|has\s+been|just\s+got)\s+(?:just\s+)?(?:{_TAKEN_VERBS}|lost)\b"
    r"|(?:went|has\s+gone)\s+missing\b)"
)
# "My Kindle Paperwhite went through the washing machine": a device drowned in the wash (not one that survived it).
_DEVICE_WASHED = re.compile(
    r"\b(?:[Mm]y|[Oo]ur)\s+(?:(?:old|new|work)\s+)?"
    + _device("device")
    + r"\s+(?:went|has\s+been|got|was)\s+(?:put\s+)?(?:through|in)\s+(?:the|a)\s+(?:washing\s+machine|wash|washer"
    r"|tumble\s+dryer|dryer|dishwasher)\b"
)
_SURVIVED = re.compile(r"\b(?:but|survived|still\s+works?|still\s+working|works\s+fine|is\s+fine|luckily)\b", re.I)
# "my MacBook Pro M3 has been at the repair shop since Monday, still mine": a device away for repair is still owned.
_DEVICE_AT_REPAIR = re.compile(
    r"\b(?:[Mm]y|[Oo]ur)\s+(?:(?:old|new|work)\s+)?"
    + _device("device")
    # ("my MacBook Air's been at the repair shop since yesterday")
    + r"(?:'s|\s+is|\s+has\s+been|'s\s+been|\s+was)\s+(?:still\s+)?"
    r"(?:at\s+(?:the\s+)?(?:repair\s+shop|repairers?|Apple\s+Store"
    r"|service\s+cent(?:re|er))|in\s+(?:for\s+)?(?:repairs?|a\s+repair|service)|(?:away\s+)?being\s+(?:repaired|fixed))\b"
)
# "My dad finally has a smartphone - a Samsung A15 -": the kind of device had, then its model set beside it.
_HAS_KIND_NAMED = re.compile(
    rf"(?:\b[Mm]y\s+{_KIN_ADJ}(?P<rel>{_REL})|\bI)(?:\s+(?:finally|now|just|also))*\s+(?:has|have|got|bought|has\s+got)"
    r"\s+(?:a|an)\s+(?:new\s+)?(?:smartphone|phone|mobile|tablet|laptop|smartwatch|smart\s+watch|computer|e-?reader"
    r"|console)\s*[-\u2013\u2014,:(]\s*(?:an?\s+|the\s+)?" + _device("device")
)


def _round33_home_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _PLACE_BASED.finditer(clause.text):
        if _place_ok(m.group("place")) and not clause.text.rstrip().endswith("?"):
            moved = (_MOVE_TOLD.search(ctx.text) or _CAME_FROM.search(ctx.text)) and Clause(ctx.text, 0).past_time(ctx)
            since = clause.past_time(ctx) or (moved or None)
            yield _fact(
                ctx, clause, m, ctx.speaker_id, "lives_in", _city(m.group("place")), "place_based", valid_from=since
            )
    for m in _KIN_MOVED_WITH_US.finditer(clause.text):
        if _place_ok(m.group("place")):
            yield _fact(ctx, clause, m, ctx.speaker_id, "lives_in", _city(m.group("place")), "kin_moved_with_us")


def _round33_job_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _RETIRED_AFTER.finditer(clause.text):
        if not _employer_ok(m.group("org")):
            continue
        subject = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}" if m.group("rel") else ctx.speaker_id
        yield ending(ctx, clause, subject, "works_at", _clean(m.group("org")), "en.retired_after", m.group())


def _round33_device_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    mine = ctx.speaker_id
    for m in _DAILY_DRIVER.finditer(clause.text):
        yield _fact(ctx, clause, m, mine, "owns_device", _clean(m.group("device")), "daily_driver")
    for m in _DEVICE_I_HANDED.finditer(clause.text):
        device = _clean(m.group("device"))
        yield _fact(ctx, clause, m, f"{mine}:{_RELATIONS[m.group('rel').lower()]}", "owns_device", device, "i_handed")
        yield ending(ctx, clause, mine, "owns_device", device, "en.i_handed.mine", m.group())
    for m in _BARE_DEVICE_TAKEN.finditer(clause.text):
        yield ending(ctx, clause, mine, "owns_device", _clean(m.group("device")), "en.bare_device_taken", m.group())
    for m in _DEVICE_WASHED.finditer(clause.text):
        sentence_end = re.search(r"[.!?;]|$", ctx.text[clause.start + m.end() :])
        rest = ctx.text[clause.start + m.end() : clause.start + m.end() + (sentence_end.start() if sentence_end else 0)]
        if not _SURVIVED.search(rest):
            yield ending(ctx, clause, mine, "owns_device", _clean(m.group("device")), "en.device_washed", m.group())
    for m in _DEVICE_AT_REPAIR.finditer(clause.text):
        yield _fact(ctx, clause, m, mine, "owns_device", _clean(m.group("device")), "device_at_repair")
    for m in _HAS_KIND_NAMED.finditer(clause.text):
        owner = f"{mine}:{_RELATIONS[m.group('rel').lower()]}" if m.group("rel") else mine
        yield _fact(ctx, clause, m, owner, "owns_device", _clean(m.group("device")), "has_kind_named")


# "I've got a Galaxy S24 now, bought it yesterday": the purchase, told after the device with "it", dates it.
_BOUGHT_IT = re.compile(
    # ("is it still under warranty?? got it from you guys in March": the question asked, then the purchase told)
    r"(?:^|[,;.!?\u2014\u2013]\s*|\b(?:and|just|only)\s+)(?:I\s+)?(?:just\s+|only\s+)?(?:bought|got|picked|grabbed)\s+"
    r"(?:it|one)(?:\s+up)?\s+(?P<when>[^,.;!?]+)",
    re.IGNORECASE,
)


def _bought_it_dated(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """The one undated device of the speaker's, dated by the purchase told after it (see :data:`_BOUGHT_IT`)."""
    mine = [
        f
        for f in facts
        if f.subject == ctx.speaker_id and f.predicate == "owns_device" and f.valid_to is None and f.lasting
    ]
    if ctx.role != "user" or len(mine) != 1 or mine[0].valid_from is not None or _HYPOTHETICAL.search(ctx.text):
        return facts
    for m in _BOUGHT_IT.finditer(ctx.text):
        times = [t for t in ctx.times if m.start("when") <= t.span[0] < m.end("when") and t.start <= ctx.at]
        if len(times) == 1 and not _NEGATION_WORD.search(m.group()):
            return [replace(f, valid_from=times[0].start) if f is mine[0] else f for f in facts]
    return facts


def _round33_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    if _negated(clause):
        return
    yield from _round33_home_facts(ctx, clause)
    yield from _round33_job_facts(ctx, clause)
    yield from _round33_device_facts(ctx, clause)


# ---------------------------------------------------------------------------- round 34
# "I've left Rotorua, renting a place in Hamilton since yesterday": renting a home told as a participle after the
# speaker's own clause, its subject dropped (the sentence's subject must be the speaker's "I"/"we").
_DROPPED_RENTING = re.compile(
    r"(?:^\W*|(?<=,)\s*|\s+(?:and|now|so)\s+)(?:(?:now|currently|been|just)\s+)*renting"
    + _RENTED_HOME
    + r"\s+in\s+"
    + _named("place")
)
_SPEAKER_HEAD = re.compile(r"^\W*(?:\w+\s+){0,2}?(?:I|I've|I'm|we|we've|we're)\b", re.I)
# "I'm stopping at my dad's in Inverness until the sale goes through", "staying at my mum's place in Leeds": where the
# relative lives, said by staying at theirs.
_AT_KINS_IN = re.compile(
    # (not a night or two on their floor: "ended up crashing at my brother's in Leeds" was left unlabelled in round 18)
    r"\b(?:stay(?:s|ing|ed)?|stopping|stop|living)\s+(?:over\s+)?(?:at|with)\s+"
    rf"(?:my|our)\s+{_KIN_ADJ}(?P<rel>{_REL})(?:'s|(?<=s)')(?:\s+(?:place|house|flat|home|apartment))?"
    r"\s+(?:(?:up|down|over|out)\s+)?in\s+" + _named("place")
)


# "My contract with Lazada ended last month", "my wife's placement at Arup finished in June": the work there over,
# said of the contract or post (a contract among words of work only: "my contract with Vodafone ended" is a phone's).
_POST_ENDED = re.compile(
    rf"(?:\b[Mm]y|\b[Oo]ur|\b(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}(?P<rel>{_REL})'s)\s+"
    r"(?:(?:fixed-term|temp|temporary|short-term|freelance|old|last)\s+)?"
    r"(?P<post>contract|job|role|position|post|placement|internship|secondment|stint|tenure|gig)\s+(?:with|at|for)\s+"
    r"(?:the\s+)?"
    + _employer("org")
    + r"\s+(?:has\s+|had\s+|just\s+|finally\s+|officially\s+)*(?:ended|finished|wrapped\s+up|ran\s+out|expired"
    r"|came\s+to\s+an\s+end|was\s+over|is\s+over|got\s+cut|was\s+cut|was\s+terminated)\b"
)
# "I run a little bakery", "my wife owns a small café in Bath": the owner of a business, by its kind.
_RUNS_BUSINESS = re.compile(
    rf"(?:\bI|\b[Mm]y\s+{_KIN_ADJ}(?P<rel>{_REL}))(?:\s+(?:also|now|still|actually))?\s+(?:run|runs|own|owns)\s+"
    r"(?:a|an|my|our|his|her|their)\s+(?:(?:little|small|tiny|family|local|busy|new|independent)\s+)*"
    r"(?P<biz>bakery|caf[eé]|coffee\s+shop|restaurant|(?:hair\s+|nail\s+|beauty\s+)?salon|barbershop|barber\s+shop"
    r"|pub|bookshop|bookstore|boutique|florist|flower\s+shop|food\s+truck|guesthouse|B&B|bed\s+and\s+breakfast"
    r"|daycare|nursery|(?:online|corner|gift|pet|bike|print|repair|coffee)\s+(?:shop|store)|catering\s+business"
    r"|small\s+business|cleaning\s+business|construction\s+(?:company|business)|farm|vineyard|winery|brewery|deli"
    r"|butcher(?:'s|\s+shop)|pharmacy|dental\s+practice|vet\s+practice|garage|gym|kennels|cattery)\b"
    r"(?![\w-]|\s+(?:order|orders|account|app|website|club|class|membership|newsletter)\b)"
)
_BUSINESS_OWNER = {"B&B": "B&B", "bed and breakfast": "B&B"}
# "my son dropped his Nintendo Switch OLED", "I cracked my Pixel 7's screen": a device of one's own, damaged.
_DAMAGED_OWN = re.compile(
    rf"(?:\bI|\b[Mm]y\s+{_KIN_ADJ}(?P<rel>{_REL}))(?:\s+(?:just|accidentally|finally|somehow))?\s+"
    r"(?:dropped|cracked|broke|smashed|dented|scratched|spilled\s+\w+\s+(?:on|all\s+over)|sat\s+on|stepped\s+on)\s+"
    r"(?P<whose>my|his|her)\s+(?:(?:new|old|brand[- ]new)\s+)?" + _device("device")
)


def _gender(rel: str) -> str | None:
    relation = _RELATIONS[rel.lower()]
    return "she" if relation in _FEMALE else "he" if relation in _MALE else None


def _round34_home_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _DROPPED_RENTING.finditer(clause.text):
        sentence = _sentence_of(ctx.text, clause)
        head = sentence[: max(0, clause.start + m.start() - ctx.text.find(sentence))]
        speaker = not head.strip() or (
            _SPEAKER_HEAD.search(head) and not re.search(rf"\b(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}(?:{_REL})\b", head)
        )
        if speaker and _place_ok(m.group("place")) and not clause.text.rstrip().endswith("?"):
            since = clause.past_time(ctx)
            yield _fact(
                ctx, clause, m, ctx.speaker_id, "lives_in", _city(m.group("place")), "dropped_renting", valid_from=since
            )
    for m in _AT_KINS_IN.finditer(clause.text):
        if _place_ok(m.group("place")) and not clause.text.rstrip().endswith("?"):
            relative = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}"
            yield _fact(ctx, clause, m, relative, "lives_in", _city(m.group("place")), "at_kins_in")


def _round34_job_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _POST_ENDED.finditer(clause.text):
        org = _clean(m.group("org"))
        if not _employer_ok(org):
            continue
        if m.group("post") == "contract" and not _WORK_WORDS.search(_without(ctx.text, m, clause)):
            continue
        subject = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}" if m.group("rel") else ctx.speaker_id
        yield ending(ctx, clause, subject, "works_at", org, "en.post_ended", m.group())
    for m in _RUNS_BUSINESS.finditer(clause.text):
        if clause.text.rstrip().endswith("?"):
            continue
        subject = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}" if m.group("rel") else ctx.speaker_id
        business = re.sub(r"\s+", " ", m.group("biz"))
        title = f"{_BUSINESS_OWNER.get(business, business)} owner"
        yield _fact(ctx, clause, m, subject, "job_title", title, "runs_business")


def _round34_device_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _DAMAGED_OWN.finditer(clause.text):
        rel, whose = m.group("rel"), m.group("whose")
        # (the possessive agrees with the one who damaged it: "my son dropped my iPad" is the speaker's)
        agrees = rel is not None and whose == {"she": "her", "he": "his"}.get(_gender(rel) or "", whose)
        if whose == "my":
            owner = ctx.speaker_id
        elif rel is not None and agrees:
            owner = f"{ctx.speaker_id}:{_RELATIONS[rel.lower()]}"
        else:
            continue
        yield _fact(ctx, clause, m, owner, "owns_device", _clean(m.group("device")), "damaged_own", confidence=0.8)


def _round34_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    if _negated(clause) or _HYPOTHETICAL.search(clause.text):
        return
    yield from _round34_home_facts(ctx, clause)
    yield from _round34_job_facts(ctx, clause)
    yield from _round34_device_facts(ctx, clause)


# ---------------------------------------------------------------------------- round 36
# An address closed by the postal code (or the region) its country writes last: a US "CA 90024", an Australian "NSW
# 2026", a UK "BA11 1AA", an Irish Eircode "P31 XK27", a Canadian "M5V 2T6", an Indian PIN "452001", or Hong Kong's
# "Kowloon" / "New Territories" (which has no code). The street part may open with a flat, a block or a hall and holds a
# number somewhere.
_R36_POSTAL_TAIL = (
    r"(?:,?\s+[A-Z]{2}\s+\d{5}(?:-\d{4})?"
    r"|,?\s+(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT)\s+\d{4}"
    r"|,?\s+[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}"
    r"|,\s+[AC-FHKNPRTV-Y]\d{2}\s?[AC-FHKNPRTV-Y0-9]{4}"
    r"|,?\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d"
    r"|(?<=[a-z])\s+\d{6}"
    r"|,\s+(?:Kowloon|New\s+Territories|Hong\s+Kong\s+Island|Hong\s+Kong|N\.T\.))(?![\w-])"
)
_R36_ADDRESS_VALUE = r"(?P<addr>(?=[^;!?\n]{0,60}\d)[A-Z0-9][^;!?\n]{3,110}?" + _R36_POSTAL_TAIL + r")"
# What puts the address: things sent there ("send everything to …"), the right one after a wrong one ("Correct one is
# …"), the new home ("Our new house is …"), "it's … now", and a labelled address ("my daughter's dorm address for the
# care packages: …").
_R36_ADDRESS_CUE = re.compile(
    r"(?P<send>\b(?i:send|ship|deliver|post|mail|forward)\s+(?:(?i:everything|it|them|all(?:\s+my)?\s+\w+|parcels|packages"
    r"|orders|my\s+\w+|the\s+\w+)\s+)?(?i:to)\s+)"
    r"|(?P<right>\b(?i:correct|right|proper|actual)\s+(?i:one|address)\s+(?i:is|should\s+be)\s*:?\s*)"
    r"|(?P<home>\b(?i:my|our)\s+(?i:new\s+)(?i:house|home|place|flat|apartment|unit|address)\s+(?i:is)\s+)"
    r"|(?P<now>\b(?i:it's|it\s+is)\s+(?=[^;!?\n]{4,120}\s+now\b))"
    rf"|(?P<label>\b(?:[Mm]y|[Oo]ur)(?:\s+{_KIN_ADJ}(?P<rel>{_REL})(?:'s?))?\s+(?:[a-z]+\s+)?address"
    r"(?:\s+for\s+(?:the|my|her|his|their|our)\s+[\w\s-]{1,30}?)?\s*(?::|is)\s*)"
)
_R36_ADDRESS = re.compile(r"(?:" + _R36_ADDRESS_CUE.pattern + r")" + _R36_ADDRESS_VALUE)
# ("We got the keys last Monday! Our new house is …": the day the home became theirs)
_R36_HOME_TAKEN = re.compile(r"\b(?:got|get|picked\s+up)\s+the\s+keys\b|\bmoved\s+in\b", re.I)


def _round36_address_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    sentence = _sentence_of(ctx.text, clause)
    for m in _R36_ADDRESS.finditer(clause.text):
        subject = ctx.speaker_id
        if m.group("rel"):
            subject = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}"
        lasting, valid_from = True, None
        if m.group("send"):
            if _ONE_OFF.search(sentence):
                lasting = False
            elif not _LASTING.search(sentence):
                continue  # sent there once is an errand
        if m.group("home") and _R36_HOME_TAKEN.search(ctx.text):
            begun = {t.start for t in ctx.times if t.start <= ctx.at and not t.start <= ctx.at < t.end}
            valid_from = begun.pop() if len(begun) == 1 else None
        if m.group("now") and not re.search(r"\b(?:address|unit|flat|house|place|parcels?|deliver\w*)\b", ctx.text):
            continue
        if _NEGATION_WORD.search(m.group()[: m.start("addr") - m.start()]):
            continue
        value = _clean(m.group("addr"))
        yield make_fact(
            subject,
            "address",
            value,
            "en.r36.postal_address",
            m.group(),
            valid_from=valid_from,
            lasting=lasting,
            confidence=STATE_CONFIDENCE if lasting else ONE_OFF_CONFIDENCE,
        )


# "Not a teacher anymore — I left the school in June": the post given up, dated by the leaving.
_R36_LEFT_WHEN = re.compile(
    r"\b(?:I|we)\s+(?:left|quit|finished\s+at|resigned\s+from|walked\s+out\s+of)\s+(?:the|my|that)\s+"
    r"(?:[\w-]+\s+)?(?:school|job|hospital|firm|company|practice|clinic|office|shop|store|bank|agency|restaurant)\s+"
    r"(?P<when>(?:in|on|last|back\s+in|at\s+the\s+end\s+of)\s+[\w ]{2,20}?|yesterday|\w+\s+(?:days|weeks|months)\s+ago)"
    r"(?=\s*(?:[,.;!?\u2014\u2013]|and\b|$))",
    re.IGNORECASE,
)
# "Her email is …", "his mobile is …": a contact of the person the pronoun points back to.
_R36_PRONOUN_CONTACT = re.compile(
    r"\b(?P<pron>[Hh]er|[Hh]is)\s+(?:new\s+|own\s+|personal\s+)?(?P<kind>e-?mail(?:\s+address)?|mobile(?:\s+number)?"
    r"|number|phone(?:\s+number)?|cell)\s+(?:is|'s|:)\s*"
)
# "she's an ICU nurse": the post of the person the pronoun points back to.
_R36_PRONOUN_TITLE = re.compile(
    r"(?:^|[,;\u2014\u2013]\s*|\s[\u2014\u2013-]\s*)(?P<pron>[Ss]he|[Hh]e)(?:'s|\s+is)\s+(?:an?\s+)"
    r"(?P<title>(?:[A-Za-z-]+\s+){0,2}?(?i:" + _JOB_NOUNS + r"))(?=\s*(?:[,.;!?]|$))"
)
# The person a pronoun of the turn points back to: a relative by role (and name), or a parent named as "Mom".
_R36_PERSON = re.compile(
    rf"\b(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}(?P<rel>{_REL})\b(?:\s+(?P<name>[A-Z][a-z]+)\b)?"
    rf"|\b(?P<bare>{'|'.join(_KIN_AS_NAMES)})\b(?!')"
)
_R36_WORK_TALK = re.compile(r"\b(?:work|works|working|job|shifts?|employed|hired)\b", re.I)


def _round36_pointed_to(ctx: TurnContext, pronoun: str, at: int) -> str | None:
    """The one person a pronoun may point back to: the last relative named before it, of the pronoun's gender or of
    none (a partner); ``None`` when two people of that kind came before."""
    kin = _FEMALE if pronoun == "she" else _MALE
    found: list[str] = []
    last = None
    for m in _R36_PERSON.finditer(ctx.text, 0, at):
        last = m
        relation = _RELATIONS[(m.group("rel") or m.group("bare")).lower()]
        named = m.group("name") and m.group("name") not in _NOT_NAMES
        # (a partner named by name is a subject of their own: "my partner Tash … she's an ICU nurse")
        if named and relation in ("partner", "girlfriend", "boyfriend", "fiance", "fiancee"):
            found.append(m.group("name"))
        elif relation in kin or relation in ("partner", "fiance", "fiancee"):
            found.append(f"{ctx.speaker_id}:{relation}")
    # (someone else named between them makes it nobody's: "my sister talked to Maria, her number is …")
    if last is not None and _OTHER_PERSON.search(ctx.text, last.end(), at):
        return None
    return found[0] if len(set(found)) == 1 else None


def _round36_redated(ctx: TurnContext, fact: CandidateFact) -> CandidateFact:
    """A post given up, dated by the leaving the turn tells; a relative's stay with the speaker, by its "since"."""
    if fact.predicate == "job_title" and fact.valid_to is not None and fact.valid_to == ctx.at:
        left = _R36_LEFT_WHEN.search(ctx.text)
        times = [t for t in ctx.times if left and left.start("when") <= t.span[0] < left.end("when")]
        if left and len(times) == 1 and times[0].start <= ctx.at:
            return replace(fact, valid_to=times[0].start)
    if fact.rule == "en.with_me_in.theirs" and fact.valid_from is None:
        at = ctx.text.find(fact.evidence_text)
        since = re.compile(r"\s*since\s+").match(ctx.text, at + len(fact.evidence_text)) if at >= 0 else None
        times = [t for t in ctx.times if since and t.span[0] == since.end() and t.start <= ctx.at]
        if times:
            return replace(fact, valid_from=times[0].start)
    return fact


def _round36_turn_facts(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """Round 36's readings of the whole turn: what a clause left hypothetical after it, or a pronoun, hides."""
    added: list[CandidateFact] = []
    for m in _R36_INTO_MY_HOME.finditer(ctx.text):
        sentence_start = max(ctx.text.rfind(mark, 0, m.start()) for mark in ".!?\n") + 1
        if _HYPOTHETICAL.search(ctx.text, sentence_start, m.end()) or not _place_ok(m.group("place")):
            continue
        place = _city(m.group("place"))
        kin = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}"
        stop = re.compile(r"[,.;!?]|$").search(ctx.text, m.end())
        end = stop.start() if stop else len(ctx.text)
        times = [t for t in ctx.times if m.start() <= t.span[0] <= end and t.start <= ctx.at]
        when = times[0].start if len(times) == 1 else None
        added.append(make_fact(kin, "lives_in", place, "en.r36.into_my_home", m.group(), valid_from=when))
        added.append(make_fact(ctx.speaker_id, "lives_in", place, "en.r36.into_my_home.mine", m.group()))
    for m in _R36_NAMES.finditer(ctx.text):
        sentence_start = max(ctx.text.rfind(mark, 0, m.start()) for mark in ".!?\n") + 1
        name = m.group("name")
        if _HYPOTHETICAL.search(ctx.text, sentence_start, m.end()) or name.split()[0] in _NOT_NAMES:
            continue
        if not any(f.predicate == "name" for f in facts):
            added.append(make_fact(ctx.speaker_id, "name", name, "en.r36.names", m.group()))
    for m in _R36_PRONOUN_CONTACT.finditer(ctx.text):
        mention = next((i for i in ctx.identifiers if i.span[0] == m.end() and i.kind in ("email", "phone")), None)
        if mention is None or any(f.predicate == mention.kind for f in facts):
            continue
        subject = _round36_pointed_to(ctx, "she" if m.group("pron").lower() == "her" else "he", m.start())
        if subject is not None:
            value = contact_value(mention.kind, mention)
            added.append(make_fact(subject, mention.kind, value, "en.r36.pronoun_contact", m.group() + mention.text))
    for m in _R36_PRONOUN_TITLE.finditer(ctx.text):
        if not _R36_WORK_TALK.search(ctx.text, 0, m.start()):
            continue
        subject = _round36_pointed_to(ctx, m.group("pron").lower(), m.start())
        if subject is not None and not any(f.subject == subject and f.predicate == "job_title" for f in facts):
            added.append(make_fact(subject, "job_title", m.group("title"), "en.r36.pronoun_title", m.group()))
    return _relatives_by_name([_round36_redated(ctx, f) for f in facts] + added)


def _round36_settled(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """A round-36 address closed by its code replaces the same address another pattern cut short (at "Co.") or ran
    on past (", send the gift there"); a report's kind read by round 36 only when no other pattern read one."""
    facts = _round36_turn_facts(ctx, facts)
    reports = [f for f in facts if f.predicate == "preferred_report_format" and not f.rule.startswith("en.r36.")]
    facts = [f for f in facts if not (f.rule.startswith("en.r36.report") and reports)]
    whole = [f for f in facts if f.rule == "en.r36.postal_address"]
    kept = []
    for f in facts:
        # (one address read by two patterns, one of them cut short or running on: the one closed by its code stays)
        if (
            f.predicate == "address"
            and f not in whole
            and any(
                w.subject == f.subject
                and w.value != f.value
                and (w.value.startswith(f.value.rstrip(". ")) or f.value.startswith(w.value))
                for w in whole
            )
        ):
            continue
        if f in whole and any(
            g.predicate == "address" and g.subject == f.subject and g not in whole and g.value == f.value for g in facts
        ):
            continue
        kept.append(f)
    return kept


# "I finally closed on the house in Raleigh and I've been living there since last Monday": "there" stands for the
# place a home was named in just before (a house, flat or place in X), and the time dates it.
_R36_HOME_IN = re.compile(
    r"\b(?:the|a|our|my)\s+(?:new\s+)?(?:house|flat|apartment|condo|place|home|townhouse|unit)\s+(?:(?:up|down|out|over)\s+)?in\s+"
    + _named("place")
)
_R36_LIVING_THERE = re.compile(
    r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:been\s+)?(?:living|staying|based)\s+there\s+since\b"
    r"|\b(?:I|we)\s+(?:moved|moved\s+in)\s+there\b"
)
# "I've swapped Joburg for Durban": a home traded for another (both places, the words of a stay around them).
_R36_SWAPPED = re.compile(
    r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?(?:swapped|traded|exchanged)\s+"
    + _named("old")
    + r"\s+for\s+"
    + _named("place")
)
_R36_STAY_WORDS = re.compile(r"\b(?:staying|living|lived|live|moved|based|settled|home|house|flat)\b", re.I)
# "Back home in Cork since the 1st": the speaker home again, since a time.
_R36_BACK_HOME = re.compile(
    r"(?:^\W*|\b(?:I'm|I\s+am|we're|we\s+are)\s+)(?:(?:finally|now)\s+)?[Bb]ack\s+home\s+in\s+"
    + _named("place")
    + r"\s+since\b"
)
# "My parents retired to Scottsdale in March", "my uncle emigrated to Perth": a move told by why it was made.
_R36_RETIRED_TO = re.compile(
    rf"(?:\b(?P<me>I|[Ww]e)|\b[Mm]y\s+{_KIN_ADJ}(?P<rel>{_REL}))(?:\s+(?:just|finally|both|have|has|'ve))*\s+"
    r"(?:retired|emigrated)\s+(?:down\s+|out\s+|over\s+|back\s+)?to\s+" + _named("place")
)
# "My sister moved into my spare room in Leeds last month": the relative lives in the speaker's home, in that place.
_R36_INTO_MY_HOME = re.compile(
    rf"\b[Mm]y\s+{_KIN_ADJ}(?P<rel>{_REL})(?:\s+(?:just|has|'s|finally))*\s+moved\s+into\s+(?:my|our)\s+"
    r"(?:spare\s+room|spare\s+bedroom|box\s+room|granny\s+flat|place|flat|house|home|apartment|basement)\s+in\s+"
    + _named("place")
)
# "My wife is still renting near her job at Duke Health in Durham": a home near one's work, both named.
_R36_NEAR_JOB = re.compile(
    rf"(?:\b(?P<me>I'm|I\s+am|we're)|\b[Mm]y\s+{_KIN_ADJ}(?P<rel>{_REL})(?:\s+is|'s))(?:\s+(?:still|now|currently))*\s+"
    r"(?:renting|living|staying)\s+(?:a\s+(?:flat|place|room|house)\s+)?near\s+(?:her|his|my|their|our)\s+"
    r"(?:job|work|office|workplace|hospital)\s+(?:at|with)\s+(?:the\s+)?"
    + _employer("org")
    + r"\s+in\s+"
    + _named("place")
)
# ("My grandmother is staying with us in Tampines since last week": the relative's stay dated by its "since")
_R36_SINCE_TIME = re.compile(r"\bsince\s+$", re.I)


def _round36_home_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _R36_LIVING_THERE.finditer(clause.text):
        before = ctx.text[max(0, clause.start + m.start() - 160) : clause.start + m.start()]
        homes = list(_R36_HOME_IN.finditer(before))
        if homes and _place_ok(homes[-1].group("place")):
            when = clause.past_time(ctx)
            yield _fact(
                ctx,
                clause,
                m,
                ctx.speaker_id,
                "lives_in",
                _city(homes[-1].group("place")),
                "r36.living_there",
                valid_from=when,
            )
    for m in _R36_SWAPPED.finditer(clause.text):
        known = re.fullmatch(f"(?i:{_KNOWN_CITIES})", m.group("place")) is not None
        if (known or _R36_STAY_WORDS.search(ctx.text)) and _place_ok(m.group("place")) and _place_ok(m.group("old")):
            begun = {t.start for t in ctx.times if t.start <= ctx.at and not t.start <= ctx.at < t.end}
            when = begun.pop() if len(begun) == 1 else None
            yield _fact(
                ctx, clause, m, ctx.speaker_id, "lives_in", _city(m.group("place")), "r36.swapped", valid_from=when
            )
    for m in _R36_BACK_HOME.finditer(clause.text):
        if _place_ok(m.group("place")):
            yield _fact(
                ctx,
                clause,
                m,
                ctx.speaker_id,
                "lives_in",
                _city(m.group("place")),
                "r36.back_home",
                valid_from=clause.past_time(ctx),
            )
    for m in _R36_RETIRED_TO.finditer(clause.text):
        subject = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}" if m.group("rel") else ctx.speaker_id
        if _place_ok(m.group("place")):
            yield _fact(
                ctx,
                clause,
                m,
                subject,
                "lives_in",
                _city(m.group("place")),
                "r36.retired_to",
                valid_from=clause.past_time(ctx),
            )
    for m in _R36_NEAR_JOB.finditer(clause.text):
        subject = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}" if m.group("rel") else ctx.speaker_id
        org = _clean(m.group("org"))
        if _place_ok(m.group("place")) and _employer_ok(org):
            yield _fact(ctx, clause, m, subject, "lives_in", _city(m.group("place")), "r36.near_job")
            yield _fact(ctx, clause, m, subject, "works_at", org, "r36.near_job.work")


# "Just landed a job at Shopee as a data engineer, starting next Monday!": a job got, with its post and first day.
_R36_LANDED_JOB = re.compile(
    r"(?:^\W*(?:[Jj]ust\s+)?|\b(?:I|I've|I\s+have|we've)\s+(?:just\s+|finally\s+)?)(?:landed|got|accepted|bagged|scored|snagged)"
    r"\s+(?:a|the|my\s+dream|a\s+new|a\s+full-time|a\s+permanent)\s+(?:job|role|position|post|gig)\s+(?:at|with)\s+(?:the\s+)?"
    + _employer("org")
    + r"(?:\s+as\s+(?:an?\s+)?"
    + _TITLE
    + r")?"
)
# "now I'm a barista at a Starbucks in Xinyi": one site of a chain, after a title.
_R36_TITLE_AT_A = re.compile(
    r"\b(?:I'm|I\s+am)(?:\s+(?:now|still|currently))*\s+an?\s+" + _TITLE + r"\s+at\s+an?\s+" + _employer("org")
)
# "My dad is still a night watchman at the port": the trades named with -man, and others the job nouns lack.
_R36_MORE_TITLES = (
    r"(?:night\s+)?watchman|doorman|lineman|linesman|repairman|deliveryman|delivery\s+man|ferryman|fireman"
    r"|policeman|policewoman|milkman|binman|bin\s+man|dustman|security\s+guard|night\s+guard|bouncer|warehouse\s+worker"
)
_R36_MORE_TITLE = re.compile(
    rf"(?:\b(?P<me>I'm|I\s+am)|\b[Mm]y\s+{_KIN_ADJ}(?P<rel>{_REL})(?:\s+is|'s))(?:\s+(?:still|now|currently|just))*\s+"
    rf"(?:an?|the)\s+(?P<title>{_R36_MORE_TITLES})\b"
)
# Trade names in Australian and British slang: "I'm a chippy", "my brother's a sparky".
_R36_TRADE_SLANG = {"chippy": "carpenter", "chippie": "carpenter", "sparky": "electrician", "sparkie": "electrician"}
_R36_SLANG_TITLE = re.compile(
    rf"(?:\b(?P<me>I'm|I\s+am)|\b[Mm]y\s+{_KIN_ADJ}(?P<rel>{_REL})(?:\s+is|'s))(?:\s+(?:still|now|just))*\s+an?\s+"
    r"(?P<title>chippy|chippie|sparky|sparkie)\b(?!\s+(?:tea|dinner|supper|shop|run))"
)
# "I'm between jobs since Tesco let me go three days ago": an employer that let the speaker go.
_R36_LET_GO = re.compile(
    r"\b(?:since|after|when|because|as)\s+(?:the\s+)?"
    + _employer("org")
    + r"\s+(?:let\s+me\s+go|laid\s+me\s+off|made\s+me\s+redundant|sacked\s+me|fired\s+me|let\s+go\s+of\s+me)\b"
)
# "I'm not with HSBC anymore, I'm at Standard Chartered now, still a compliance analyst": the new employer after the old
# one given up, and the post kept.
_R36_NOT_WITH = re.compile(
    r"\b(?:I'm|I\s+am)\s+(?:not|no\s+longer)\s+(?:with|at)\s+(?:the\s+)?" + _employer("old") + r"(?:\s+any\s?more)?\b"
)
_R36_AT_NOW = re.compile(
    r"(?:^\W*|,\s*)(?:I'm|I\s+am)\s+(?:now\s+)?(?:at|with)\s+(?:the\s+)?" + _employer("org") + r"\s+now\b"
)
_R36_STILL_TITLE = re.compile(
    r",\s+still\s+(?:an?\s+|the\s+)?(?P<title>(?:[a-z-]+\s+){0,2}(?:" + _JOB_NOUNS + r"))(?=\s*[,.;!]|\s*$)"
)
# "Me and my partner Tash both work at Queensland Health": the speaker works there too.
_R36_BOTH_WORK = re.compile(
    rf"\b(?:[Mm]e|I)\s+and\s+(?:my\s+{_KIN_ADJ}(?:{_REL})\s+)?[A-Z][a-z]+\s+both\s+work\s+(?:at|for)\s+(?:the\s+)?"
    + _employer("org")
)


def _round36_job_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _R36_LANDED_JOB.finditer(clause.text):
        org = _clean(m.group("org"))
        # (the subject dropped only where a sentence starts: "My brother moved to Leeds but got a job at Asda" is his)
        before = ctx.text[: clause.start + m.start()].rstrip()
        dropped = not re.match(r"\W*(?:I|I've|we've)\b", m.group())
        if not _employer_ok(org) or (dropped and before and before[-1] not in ".!?\n"):
            continue
        when = clause.future_time(ctx) if re.search(r"\bstart", ctx.text[clause.start + m.end() :], re.I) else None
        yield _fact(ctx, clause, m, ctx.speaker_id, "works_at", org, "r36.landed_job", valid_from=when)
        if m.group("title"):
            yield _fact(
                ctx,
                clause,
                m,
                ctx.speaker_id,
                "job_title",
                _clean(m.group("title")),
                "r36.landed_job.as",
                valid_from=when,
            )
    for m in _R36_TITLE_AT_A.finditer(clause.text):
        org = _clean(m.group("org"))
        org = re.sub(r"\s+(?:in|on|at|near)\b.*$", "", org)
        if _employer_ok(org):
            yield _fact(ctx, clause, m, ctx.speaker_id, "works_at", org, "r36.title_at_a")
    for m in _R36_MORE_TITLE.finditer(clause.text):
        subject = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}" if m.group("rel") else ctx.speaker_id
        yield _fact(ctx, clause, m, subject, "job_title", m.group("title").lower(), "r36.more_title")
    for m in _R36_SLANG_TITLE.finditer(clause.text):
        subject = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}" if m.group("rel") else ctx.speaker_id
        yield _fact(ctx, clause, m, subject, "job_title", _R36_TRADE_SLANG[m.group("title").lower()], "r36.trade_slang")
    for m in _R36_BOTH_WORK.finditer(clause.text):
        org = _clean(m.group("org"))
        if _employer_ok(org):
            yield _fact(ctx, clause, m, ctx.speaker_id, "works_at", org, "r36.both_work")


def _round36_negated_job_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The job facts of round 36 that a clause with "not" may state (an ending, a change)."""
    for m in _R36_LET_GO.finditer(clause.text):
        org = _clean(m.group("org"))
        if _employer_ok(org):
            yield ending(ctx, clause, ctx.speaker_id, "works_at", org, "en.r36.let_go", m.group())
    left = _R36_NOT_WITH.search(ctx.text)
    for m in _R36_AT_NOW.finditer(clause.text) if left else ():
        org = _clean(m.group("org"))
        if _employer_ok(org) and org != _clean(left.group("old")) if left else False:
            yield _fact(ctx, clause, m, ctx.speaker_id, "works_at", org, "r36.at_now")
            still = _R36_STILL_TITLE.match(clause.text, m.end())
            if still:
                yield _fact(ctx, clause, still, ctx.speaker_id, "job_title", still.group("title"), "r36.still_title")


# A model named bare after "old", without its maker: "the old Note20", "my old P30".
_R36_BARE_MODEL = (
    r"(?P<bare>(?:Note|Mate|Find|Reno|Redmi|Nova|Xperia|Moto|Edge)\s?\d{1,3}[A-Za-z]*"
    r"(?:\s+(?:Pro|Max|Plus|Ultra|mini|Lite|FE))*)"
)
# "the old Note20 went to my mum", "my old Huawei P30 is my nephew's now": a device of the speaker's now a relative's.
_R36_NOW_KINS = re.compile(
    r"\b(?:[Mm]y|[Tt]he)\s+old\s+(?:" + _device("device") + r"|" + _R36_BARE_MODEL + r")\s+"
    rf"(?:(?:went|has\s+gone|was\s+passed\s+on|was\s+handed\s+down)\s+to\s+(?:my\s+{_KIN_ADJ})?(?P<rel>{_REL})\b(?!'s)"
    rf"|is\s+(?:now\s+)?my\s+{_KIN_ADJ}(?P<rel2>{_REL})'s(?:\s+now)?\b|now\s+belongs\s+to\s+my\s+{_KIN_ADJ}(?P<rel3>{_REL})\b)"
)
# "Three days ago I traded in my iPhone 13 and got the 16 Pro": the new one got in the trade (its maker the old one's
# when only the model is said).
_R36_TRADED_FOR = re.compile(
    r"\b(?:I\s+|I've\s+|I\s+have\s+)?(?:traded\s+in|part-exchanged|swapped)\s+(?:my|the)\s+(?:old\s+)?"
    + _device("old")
    + r"\s+(?:and\s+(?:got|picked\s+up|went\s+for)|for)\s+(?:the|a|an)\s+(?:new\s+)?(?:"
    + _device("device")
    + r"|(?P<model>\d{1,3}[A-Za-z]?(?:\s+(?:Pro|Max|Plus|Ultra|mini|Lite|FE|Air))*)\b)"
)
# "the Roomba finally died yesterday after 7 yrs, RIP", "my Kindle finally gave up the ghost": a device that stopped for
# good, told as the end of a long life ("finally", "RIP", "after nine years"); a plain "died" may be a flat battery or a
# repair ("my Fitbit died last week, getting a new one Friday" was left unlabelled in round 12).
_R36_LONG_LIFE = re.compile(r"\bRIP\b|\brest\s+in\s+peace\b|\bafter\s+(?:\d+|[a-z]+)\s+(?:years|yrs)\b", re.I)
_R36_DIED = re.compile(
    r"\b(?:[Mm]y|[Tt]he|[Oo]ur)\s+(?:old\s+|trusty\s+|ancient\s+)?"
    + _device("device")
    + r"(?:\s+(?:finally|just|has|have|officially|completely))*\s+"
    r"(?:died|is\s+dead|gave\s+up\s+the\s+ghost|bit\s+the\s+dust"
    r"|kicked\s+the\s+bucket|conked\s+out\s+for\s+good|packed\s+(?:in|up)\s+for\s+good)\b"
)
# "the iPad mini is hers": a device said to be a relative's, by the pronoun.
_R36_IS_HERS = re.compile(r"\b(?:[Tt]he|[Tt]hat)\s+" + _device("device") + r"\s+is\s+(?P<pron>hers|his)\b")
# "Bought the missus a Kindle Paperwhite": a gift to a relative named with "the".
_R36_GIFT_THE = re.compile(
    r"\b(?:[Bb]ought|[Gg]ot)\s+the\s+(?P<rel>missus|wife|hubby|husband|kids?)\s+(?:an?|the)\s+(?:new\s+)?"
    + _device("device")
)
# "I'm still on my trusty Kobo Clara": the speaker's device, with a fond word for it.
_R36_STILL_ON = re.compile(
    r"\b(?:I'm|I\s+am)\s+(?:still\s+)?on\s+(?:my|an?)\s+(?:(?:trusty|faithful|beloved|battered|ancient|old\s+faithful)\s+)+"
    + _device("device")
)
# "My own laptop is a ThinkPad X1 Carbon": the speaker's device named by its kind.
_R36_MY_KIND_IS = re.compile(
    rf"\b[Mm]y\s+(?:own\s+|personal\s+|main\s+|work\s+)?(?:{_GENERIC_DEVICES}|laptop|phone|mobile)\s+is\s+(?:an?|the)\s+"
    + _device("device")
)


def _round36_device_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _R36_NOW_KINS.finditer(clause.text):
        device = _clean(m.group("device") or m.group("bare"))
        rel = m.group("rel") or m.group("rel2") or m.group("rel3")
        relation = _RELATIONS[rel.lower()]
        if relation in ("friend", "colleague", "boss", "manager", "neighbour", "roommate", "flatmate", "housemate"):
            continue
        begun = {t.start for t in ctx.times if t.start <= ctx.at and not t.start <= ctx.at < t.end}
        when = begun.pop() if len(begun) == 1 else ctx.at
        yield replace(
            ending(ctx, clause, ctx.speaker_id, "owns_device", device, "en.r36.now_kins", m.group()), valid_to=when
        )
        yield _fact(ctx, clause, m, f"{ctx.speaker_id}:{relation}", "owns_device", device, "r36.now_kins.theirs")
    for m in _R36_TRADED_FOR.finditer(clause.text):
        model = m.group("model")
        device = f"{m.group('old').split()[0]} {model}" if model else _clean(m.group("device"))
        yield _fact(
            ctx, clause, m, ctx.speaker_id, "owns_device", device, "r36.traded_for", valid_from=clause.past_time(ctx)
        )
    for m in _R36_DIED.finditer(clause.text):
        if "finally" not in m.group() and not _R36_LONG_LIFE.search(ctx.text):
            continue
        yield ending(ctx, clause, ctx.speaker_id, "owns_device", _clean(m.group("device")), "en.r36.died", m.group())
    for m in _R36_IS_HERS.finditer(clause.text):
        subject = _antecedent(ctx, "she" if m.group("pron") == "hers" else "he", clause.start + m.start())
        if subject is not None:
            yield _fact(ctx, clause, m, subject, "owns_device", _clean(m.group("device")), "r36.is_hers")
    for m in _R36_GIFT_THE.finditer(clause.text):
        rel = m.group("rel").lower()
        relation = {"kid": "child", "kids": "child"}.get(rel) or _RELATIONS[rel]
        yield _fact(
            ctx, clause, m, f"{ctx.speaker_id}:{relation}", "owns_device", _clean(m.group("device")), "r36.gift_the"
        )
    for rx in (_R36_STILL_ON, _R36_MY_KIND_IS):
        for m in rx.finditer(clause.text):
            yield _fact(ctx, clause, m, ctx.speaker_id, "owns_device", _clean(m.group("device")), "r36.own_device")


# "Can you email the receipts to ciara.nolan@… instead of my work address?": the address things go to from now on.
_R36_EMAIL_INSTEAD = re.compile(
    r"\b(?:e-?mail|send|forward)\s+(?:(?:the|my|all)\s+(?:the\s+|my\s+)?)?[\w-]+\s+to\s+(?P<id>\S+@\S+?)\s+instead\s+of\s+"
    r"(?:my|the)\s+(?:old\s+|work\s+|office\s+|current\s+|uni\s+|school\s+)*(?:e-?mail\s+)?(?:address|e-?mail|inbox|one)\b",
    re.I,
)
# "Best way to reach me is WhatsApp, +44 7700 900412": the channel one is reached on (and the number on it).
_R36_BEST_WAY = re.compile(
    r"\b(?:best|easiest|quickest|fastest|surest)\s+way\s+to\s+(?:reach|contact|get\s+(?:hold\s+of\s+)?|message)\s*me\s+is\s+"
    r"(?:by\s+|on\s+|via\s+|through\s+)?(?P<ch>WhatsApp|WeChat|Telegram|Signal|SMS|text|e-?mail|phone|Viber|LINE)\b",
    re.I,
)
_R36_CHANNEL_NAMES = {
    "whatsapp": "WhatsApp",
    "wechat": "WeChat",
    "telegram": "Telegram",
    "signal": "Signal",
    "sms": "SMS",
    "text": "SMS",
    "texts": "SMS",
    "txt": "SMS",
    "email": "email",
    "e-mail": "email",
    "emails": "email",
    "phone": "phone",
    "viber": "Viber",
    "line": "LINE",
}
# "Text me when it ships", "WhatsApp me once the parcel is out for delivery": the channel for the order's news.
_R36_WHEN_IT_SHIPS = re.compile(
    r"^\W*(?:(?:please|pls|just)\s+)?(?P<ch>text|txt|sms|e-?mail|WhatsApp|WeChat|Telegram)\s+me\s+(?:when|once|as\s+soon\s+as)\s+"
    r"(?:it|they|my\s+\w+|the\s+\w+)\s+(?:ships|ship|has\s+shipped|is\s+shipped|(?:gets\s+|is\s+)?dispatched|dispatches"
    r"|is\s+out\s+for\s+delivery|is\s+on\s+(?:its|the)\s+way)\b",
    re.I,
)
_R36_OTHER_REFUSED = re.compile(
    r"\b(?:don't|do\s+not|no\s+need\s+to|never)\s+(?:bother\s+with|send|use)\s+(?:any\s+|the\s+)?"
    r"(?:e-?mails?|texts?|calls?|SMS|letters)\b"
    r"|\b(?:e-?mails?|texts?|SMS)\b[^.!?]{0,30}\b(?:spam|junk|buried|get\s+lost|never\s+(?:read|checked|open))\b",
    re.I,
)
# "Telegram messages are fine", "WhatsApp texts are best": the channel that suits, said of its messages.
_R36_MESSAGES_FINE = re.compile(
    r"(?:^\W*|[,.;]\s*)(?P<ch>WhatsApp|WeChat|Telegram|Signal|Viber|SMS|e-?mail)\s+(?:messages|texts|msgs|chats)\s+"
    r"(?:are|is)\s+(?:(?:totally|perfectly|just)\s+)?(?:fine|ok|okay|best|great|better|preferred)\b",
    re.I,
)
# "Please never ring me", "don't ever call me": phone calls refused as a standing wish.
_R36_NEVER_CALL = re.compile(
    # (only "never": "Don't phone me, email is the best way" names the channel and nothing more, as the older sets read)
    r"^\W*(?:(?:please|pls|kindly)\s+)?(?:never(?:\s+ever)?|don't\s+ever|do\s+not\s+ever)\s+(?:ring|call|phone)\s+me\b"
    r"(?!\s+(?:before|after|until|till|at|on|between|today|tonight|tomorrow|this|back|again\s+today)\b)"
    # ("Never call me Bob": a name one is called, not a call)
    r"(?=\s*(?:[,.;!\u2014\u2013]|$|(?:again|ever|at\s+all|please|pls|thanks)\b))",
    re.I,
)
# "Monthly reports — summary version going forward": the kind of report, with a lasting marker right after it.
_R36_REPORT_KIND = re.compile(
    r"\b(?P<rf>summary|detailed)\s+(?:version|format|one|edition)\s+"
    r"(?:going\s+forward|from\s+now\s+on|by\s+default|always|in\s+future|please)\b",
    re.I,
)
# "For this quarter's report only, could I have the full detailed breakdown?": a report's kind, for one report.
_R36_REPORT_ONCE = re.compile(
    r"\b(?:could|can|may)\s+I\s+(?:have|get)\s+(?:the|a)\s+(?:full\s+)?(?P<rf>detailed|summary|short|condensed|brief)"
    r"\s+(?:breakdown|version|report|one)\b",
    re.I,
)
_R36_ONE_REPORT = re.compile(
    r"\b(?:for\s+)?this\s+(?:[\w']+\s+){0,2}(?:report|statement|summary)\s+only\b|\bjust\s+(?:for\s+)?this\s+(?:one|report)\b",
    re.I,
)
_R36_REPORT_VALUES = {"summary": "summary", "short": "summary", "condensed": "summary", "brief": "summary"}
# "Can this one go by Ninja Van? Just for this order": a carrier asked for one order.
_R36_CARRIER_ONCE = re.compile(
    r"\b(?:can|could)\s+(?:this(?:\s+one|\s+order|\s+parcel)?|it)\s+(?:go|ship|be\s+sent|come)\s+(?:by|with|via|through)\s+"
    r"(?P<carrier>" + "|".join(sorted((re.escape(k) for k in _CARRIERS), key=len, reverse=True)) + r")\b",
    re.I,
)
# "took the Mastercard off after it got skimmed": a way to pay removed.
_R36_PAY_REMOVED = re.compile(
    rf"\b(?:took|removed|deleted|dropped|cancell?ed)\s+(?:the|my)\s+(?:old\s+)?(?P<pay>{_PAY_NAMES})\s+(?:off|from)\b"
    rf"|\btook\s+off\s+(?:the|my)\s+(?P<pay2>{_PAY_NAMES})\b"
)
# "I'll pay by EFT this once, normally it's SnapScan": the usual way to pay beside the one for this time.
_R36_PAY_NAMES = _PAY_NAMES + r"|EFT"
_R36_PAY_ONCE = re.compile(
    rf"\bpay\s+(?:by|with|via|through|using)\s+(?P<pay>{_R36_PAY_NAMES})\s+(?:just\s+)?(?:this\s+once|this\s+time"
    r"|for\s+this\s+(?:one|order))\b"
)
_R36_PAY_NORMALLY = re.compile(
    rf"\b(?:normally|usually|otherwise)\s+(?:it's|it\s+is|I\s+(?:use|pay\s+(?:with|by|via)))\s+(?P<pay>{_R36_PAY_NAMES})\b"
)
# ("name's Bronwyn Kelly": the speaker's name with "my" dropped, after an account number or at the turn's start)
_R36_NAMES = re.compile(
    r"(?:^\W*|(?<=[,;])\s*|\s[\u2014\u2013-]\s*)name's\s+(?P<name>[A-Z][a-z]+(?:[ -][A-Z][a-z'-]+){0,2})\b(?!\s*')"
)


def _round36_contact_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _R36_EMAIL_INSTEAD.finditer(clause.text):
        mentions = [i for i in clause.identifiers(ctx, "email") if i.span[0] >= clause.start + m.start("id")]
        if mentions:
            yield _fact(
                ctx, clause, m, ctx.speaker_id, "email", contact_value("email", mentions[0]), "r36.email_instead"
            )
    for m in _R36_BEST_WAY.finditer(clause.text):
        channel = _R36_CHANNEL_NAMES[m.group("ch").lower()]
        yield _fact(ctx, clause, m, ctx.speaker_id, "preferred_notification_channel", channel, "r36.best_way")
        phones = [i for i in clause.identifiers(ctx, "phone") if i.span[0] >= clause.start + m.end()]
        if len(phones) == 1:
            yield _fact(
                ctx, clause, m, ctx.speaker_id, "phone", contact_value("phone", phones[0]), "r36.best_way.phone"
            )
    for m in _R36_NAMES.finditer(clause.text):
        name = m.group("name")
        if name.split()[0] not in _NOT_NAMES:
            yield _fact(ctx, clause, m, ctx.speaker_id, "name", name, "r36.names")


def _round36_preference_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    sentence = _sentence_of(ctx.text, clause)
    for rx in (_R36_WHEN_IT_SHIPS, _R36_MESSAGES_FINE):
        # ("text me when it ships" alone asks for one message; with another channel refused it is the standing one)
        refused = _R36_OTHER_REFUSED.search(ctx.text) or _CHANNEL_REFUSED_HABIT.search(ctx.text)
        for m in rx.finditer(clause.text) if rx is _R36_MESSAGES_FINE or refused else ():
            if _negated_before(clause.text, m.start("ch")):
                continue
            channel = _R36_CHANNEL_NAMES[m.group("ch").lower()]
            yield _fact(ctx, clause, m, ctx.speaker_id, "preferred_notification_channel", channel, "r36.channel")
    for m in _R36_NEVER_CALL.finditer(clause.text):
        yield _fact(ctx, clause, m, ctx.speaker_id, "preference", "no phone calls", "r36.never_call")
    if re.search(r"\breports?\b", ctx.text, re.I):
        for m in _R36_REPORT_KIND.finditer(clause.text):
            value = _R36_REPORT_VALUES.get(m.group("rf").lower(), "detailed")
            yield _fact(ctx, clause, m, ctx.speaker_id, "preferred_report_format", value, "r36.report_kind")
    for m in _R36_REPORT_ONCE.finditer(clause.text):
        if _R36_ONE_REPORT.search(ctx.text):
            value = _R36_REPORT_VALUES.get(m.group("rf").lower(), "detailed")
            fact = _fact(ctx, clause, m, ctx.speaker_id, "preferred_report_format", value, "r36.report_once")
            yield replace(fact, lasting=False, confidence=ONE_OFF_CONFIDENCE)
    for m in _R36_CARRIER_ONCE.finditer(clause.text):
        if _ONE_OFF.search(ctx.text):
            carrier = _CARRIERS[m.group("carrier").lower()]
            fact = _fact(ctx, clause, m, ctx.speaker_id, "preferred_shipping_carrier", carrier, "r36.carrier_once")
            yield replace(fact, lasting=False, confidence=ONE_OFF_CONFIDENCE)
    for m in _R36_PAY_REMOVED.finditer(clause.text):
        pay = m.group("pay") or m.group("pay2")
        yield ending(ctx, clause, ctx.speaker_id, "preferred_payment_method", pay, "en.r36.pay_removed", m.group())
    usual = _R36_PAY_NORMALLY.search(sentence)
    for m in _R36_PAY_ONCE.finditer(clause.text) if usual else ():
        fact = _fact(ctx, clause, m, ctx.speaker_id, "preferred_payment_method", m.group("pay"), "r36.pay_once")
        yield replace(fact, lasting=False, confidence=ONE_OFF_CONFIDENCE)
    for m in _R36_PAY_NORMALLY.finditer(clause.text):
        if _R36_PAY_ONCE.search(sentence):
            yield _fact(ctx, clause, m, ctx.speaker_id, "preferred_payment_method", m.group("pay"), "r36.pay_normally")


def _round36_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    if _HYPOTHETICAL.search(clause.text):
        return
    yield from _round36_address_facts(ctx, clause)
    yield from _round36_negated_job_facts(ctx, clause)
    yield from _round36_contact_facts(ctx, clause)
    yield from _round36_preference_facts(ctx, clause)
    if _negated(clause):
        return
    yield from _round36_home_facts(ctx, clause)
    yield from _round36_job_facts(ctx, clause)
    yield from _round36_device_facts(ctx, clause)


def _round36_requested_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """What a polite request of round 36 states: the address or e-mail things go to, one order's carrier or report."""
    if _HYPOTHETICAL.search(clause.text):
        return
    yield from _round36_address_facts(ctx, clause)
    for m in _R36_EMAIL_INSTEAD.finditer(clause.text):
        mentions = [i for i in clause.identifiers(ctx, "email") if i.span[0] >= clause.start + m.start("id")]
        if mentions:
            yield _fact(
                ctx, clause, m, ctx.speaker_id, "email", contact_value("email", mentions[0]), "r36.email_instead"
            )
    for m in _R36_REPORT_ONCE.finditer(clause.text):
        if _R36_ONE_REPORT.search(ctx.text):
            value = _R36_REPORT_VALUES.get(m.group("rf").lower(), "detailed")
            fact = _fact(ctx, clause, m, ctx.speaker_id, "preferred_report_format", value, "r36.report_once")
            yield replace(fact, lasting=False, confidence=ONE_OFF_CONFIDENCE)
    for m in _R36_CARRIER_ONCE.finditer(clause.text):
        if _ONE_OFF.search(ctx.text):
            carrier = _CARRIERS[m.group("carrier").lower()]
            fact = _fact(ctx, clause, m, ctx.speaker_id, "preferred_shipping_carrier", carrier, "r36.carrier_once")
            yield replace(fact, lasting=False, confidence=ONE_OFF_CONFIDENCE)


# ---------------------------------------------------------------------------- round 37
# "call me on 0412 … anytime, I don't check email much": the number to ring, with the other channel refused as a
# habit, makes calls the standing channel (without the refusal "call me on …" only gives the number).
_R37_CALL_ME_ON = re.compile(
    r"\b(?P<ch>call|ring|phone|text|txt|sms|WhatsApp)\s+me\s+(?:on|at)\s+(?:my\s+(?:mobile|cell)\s+)?(?=[+(\d])", re.I
)
# "Her name's Jess, mobile 0433 …": the contact of the person just named, not the speaker's.
_R37_NAMED_CONTACT = re.compile(
    r"\b(?:[Hh]er|[Hh]is|[Tt]heir)\s+name(?:'s|\s+is)\s+(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s*"
    r"(?:[,;:\u2014\u2013]|\s-|\s+and)\s*(?:(?:her|his|their)\s+)?(?P<kind>mobile|cell|phone|number|e-?mail)"
    r"(?:\s+(?:number|no\.?|address))?(?:\s+is|\s*:)?\s*",
)
# "For the next report only, give me the detailed one": a report's kind for one report.
_R37_REPORT_ONCE = re.compile(
    r"\b(?:give|send|make|do)\s+(?:me\s+|it\s+|us\s+)?(?:the|a)\s+(?P<rf>detailed|summary|short|condensed|brief|full)\s+"
    r"(?:one|version|report|breakdown)\b",
    re.I,
)
_R37_ONE_REPORT = re.compile(
    r"\b(?:for\s+)?(?:the\s+)?next\s+(?:report|one|statement|summary)\s+only\b"
    r"|\bonly\s+(?:for\s+)?(?:the\s+next|this)\s+(?:report|one|statement)\b",
    re.I,
)
# "Can this one go UPS?": the carrier named bare after the verb, for one order.
_R37_CARRIER_BARE = re.compile(
    r"\b(?:can|could)\s+(?:this(?:\s+one|\s+order|\s+parcel)?|it)\s+(?:go|ship|be\s+sent)\s+"
    r"(?P<carrier>" + "|".join(sorted((re.escape(k) for k in _CARRIERS), key=len, reverse=True)) + r")"
    r"(?=\s*(?:[?.!,]|$|please|pls|instead))",
    re.I,
)
# "I don't use PayPal anymore — GrabPay always": the way to pay set against the one dropped, after a dash.
_R37_PAY_SET_AGAINST = re.compile(
    rf"(?:[\u2014\u2013;]|\s-)\s*(?:it's\s+|now\s+)?(?P<pay>{_PAY_NAMES})\s+(?:always|from\s+now\s+on|going\s+forward"
    r"|only|all\s+the\s+way)\b(?!\s+(?:if|when|for\s+this))"
)
# "New shipping address please: … Moved in last week.", "New number: … The old one got cancelled when I switched
# carriers yesterday": the change that made the new address or number the speaker's, dated in another sentence.
_R37_CHANGE_EVENTS = {
    "address": re.compile(r"\b(?:moved\s+in|got\s+the\s+keys|moved\s+(?:house|there|over))\b", re.I),
    "phone": re.compile(
        r"\b(?:switched|changed|moved)\s+(?:carriers|networks|providers|telcos|plans|to\s+(?:a\s+new\s+)?\w+\s+(?:sim|plan))"
        r"|\bgot\s+a\s+new\s+(?:sim|number|phone\s+number)\b",
        re.I,
    ),
}
_R37_NEW_VALUE = {
    "address": re.compile(r"\bnew\s+(?:\w+\s+)?address\b|\bmy\s+new\s+(?:house|home|place|flat)\b", re.I),
    "phone": re.compile(r"\bnew\s+(?:mobile\s+|phone\s+|cell\s+)?(?:number|no\.?|mobile)\b", re.I),
}
# "I'm a call centre agent at Concentrix here in Cebu": the speaker's work, then where it is, as "here in" a town.
_R37_WORK_HERE_IN = re.compile(
    r"\b(?:I'm|I\s+am|I\s+work|I've\s+been\s+working|I\s+have\s+been\s+working)\b[^.;!?]{0,80}?\s(?:at|for|with)\s+"
    r"[A-Z][^.;!?]{0,50}?\s+here\s+in\s+" + _named("place")
)
_R37_VISIT = re.compile(
    r"\b(?:holiday|vacation|visiting|visit|trip|conference|travell?ing|business\s+trip|stopover|layover|week|weekend)\b",
    re.I,
)
# "…, and Mama is a team lead there too", "my brother works there as well": a relative at the employer just named.
_R37_KIN_THERE_TOO = re.compile(
    rf"(?:\b[Mm]y\s+{_KIN_ADJ}(?P<rel>{_REL})|\b(?P<bare>{'|'.join(_KIN_AS_NAMES)}))(?:\s+[A-Z][a-z]+)?"
    r"(?:\s+(?:is|'s)\s+(?:also\s+)?(?:an?|the)\s+[a-z][\w -]{1,30}?|\s+(?:also\s+)?works)"
    r"\s+there\s+(?:too|as\s+well)\b"
)
# "… my brother lives out there": the place asked about before, where a relative lives.
_R37_KIN_LIVES_THERE = re.compile(
    rf"\b[Mm]y\s+{_KIN_ADJ}(?P<rel>{_REL})\s+(?:lives|is\s+living|'s\s+living|is\s+based|'s\s+based)"
    r"\s+(?:(?:out|over|up|down|back)\s+)?there\b(?!\s+(?:now|too|with|since|for|from|until|till))"
)
_R37_PLACE_ASKED = re.compile(r"\b(?:ship|deliver|send|post)\s+(?:\w+\s+)?to\s+" + _named("place") + r"\s*\?")


def _round37_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    if _HYPOTHETICAL.search(clause.text):
        return
    yield from _round37_requested_facts(ctx, clause)
    for m in _R37_CALL_ME_ON.finditer(clause.text):
        sentence = _sentence_of(ctx.text, clause)
        if _CHANNEL_REFUSED_HABIT.search(sentence) and not _negated_before(clause.text, m.start()):
            channel = _CHANNEL_VERBS.get(m.group("ch").lower(), "WhatsApp")
            yield _fact(ctx, clause, m, ctx.speaker_id, "preferred_notification_channel", channel, "r37.call_me_on")
    for m in _R37_PAY_SET_AGAINST.finditer(clause.text):
        yield _fact(ctx, clause, m, ctx.speaker_id, "preferred_payment_method", m.group("pay"), "r37.pay_set_against")
    if _negated(clause):
        return
    for m in _R37_WORK_HERE_IN.finditer(clause.text):
        if _place_ok(m.group("place")) and not _R37_VISIT.search(_sentence_of(ctx.text, clause)):
            yield _fact(ctx, clause, m, ctx.speaker_id, "lives_in", _city(m.group("place")), "r37.work_here_in")


def _round37_requested_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """A report's kind for the next report only, and a carrier named bare for one order."""
    if _HYPOTHETICAL.search(clause.text):
        return
    for m in _R37_REPORT_ONCE.finditer(clause.text):
        if _R37_ONE_REPORT.search(ctx.text) or _R36_ONE_REPORT.search(ctx.text):
            value = _R36_REPORT_VALUES.get(m.group("rf").lower(), "detailed")
            fact = _fact(ctx, clause, m, ctx.speaker_id, "preferred_report_format", value, "r37.report_once")
            yield replace(fact, lasting=False, confidence=ONE_OFF_CONFIDENCE)
    for m in _R37_CARRIER_BARE.finditer(clause.text):
        if _ONE_OFF.search(ctx.text):
            carrier = _CARRIERS[m.group("carrier").lower()]
            fact = _fact(ctx, clause, m, ctx.speaker_id, "preferred_shipping_carrier", carrier, "r37.carrier_bare")
            yield replace(fact, lasting=False, confidence=ONE_OFF_CONFIDENCE)


def _r37_event_date(ctx: TurnContext, event: re.Pattern[str]) -> datetime | None:
    """The one past time told in the sentence where ``event`` is said (``None`` for none, or two)."""
    found = event.search(ctx.text)
    if found is None:
        return None
    start = _sentence_start(ctx.text, found.start())
    stop = re.compile(r"[.!?\n]|$").search(ctx.text, found.end())
    end = stop.start() if stop else len(ctx.text)
    begun = {t.start for t in ctx.times if start <= t.span[0] < end and t.start <= ctx.at}
    return begun.pop() if len(begun) == 1 else None


def _round37_settled(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """Round 37's readings of the whole turn: a named person's contact, a new address or number dated by the change
    told beside it, a relative at the employer or in the place named just before."""
    # ("I'm a sparky with Jim's Electrical": the slang title read by one pattern, its plain name by another: one post)
    plain = {(f.subject, f.value) for f in facts if f.predicate == "job_title"}
    facts = [
        f
        for f in facts
        if not (
            f.predicate == "job_title"
            and (f.subject, _R36_TRADE_SLANG.get(f.value.lower(), "")) in plain
            and f.valid_to is None
        )
    ]
    if _HYPOTHETICAL.search(ctx.text):
        return facts
    for m in _R37_NAMED_CONTACT.finditer(ctx.text):
        kind = "email" if "mail" in m.group("kind").lower() else "phone"
        mention = next((i for i in ctx.identifiers if i.span[0] == m.end() and i.kind == kind), None)
        name = m.group("name")
        if mention is None or name.split()[0] in _NOT_NAMES:
            continue
        value = contact_value(kind, mention)
        facts = [f for f in facts if not (f.subject == ctx.speaker_id and f.predicate == kind and f.value == value)]
        facts.append(make_fact(name, kind, value, "en.r37.named_contact", m.group() + mention.text))
    for predicate, event in _R37_CHANGE_EVENTS.items():
        mine = [f for f in facts if f.subject == ctx.speaker_id and f.predicate == predicate and f.valid_to is None]
        if len(mine) != 1 or mine[0].valid_from is not None or not _R37_NEW_VALUE[predicate].search(ctx.text):
            continue
        when = _r37_event_date(ctx, event)
        if when is not None:
            facts = [replace(f, valid_from=when) if f is mine[0] else f for f in facts]
    employers = {f.value for f in facts if f.subject == ctx.speaker_id and f.predicate == "works_at" and not f.valid_to}
    for m in _R37_KIN_THERE_TOO.finditer(ctx.text) if len(employers) == 1 else ():
        kin = m.group("rel") or m.group("bare")
        subject = f"{ctx.speaker_id}:{_RELATIONS[kin.lower()]}"
        if not _NEGATION_WORD.search(m.group()) and not any(
            f.subject == subject and f.predicate == "works_at" for f in facts
        ):
            facts.append(make_fact(subject, "works_at", next(iter(employers)), "en.r37.kin_there_too", m.group()))
    for m in _R37_KIN_LIVES_THERE.finditer(ctx.text):
        asked = list(_R37_PLACE_ASKED.finditer(ctx.text, 0, m.start()))
        subject = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}"
        if len(asked) != 1 or not _place_ok(asked[0].group("place")) or _NEGATION_WORD.search(m.group()):
            continue
        if not any(f.subject == subject and f.predicate == "lives_in" for f in facts):
            facts.append(make_fact(subject, "lives_in", _city(asked[0].group("place")), "en.r37.kin_there", m.group()))
    return facts


# ---------------------------------------------------------------------------- round 38
# An address sent to the speaker's work or office ("can you send it to my work - Level 4, …", "send to my office this
# time only — 12th floor, …"): one-off with a one-off marker, standing with a lasting one, else an errand (nothing).
# "New one is Blk 412 …" after the address was named: "one" stands for the address. A relative's labelled address with
# the "my" dropped as the turn opens ("parents' address for the hamper: …").
_R38_ADDRESS_CUE = (
    r"(?P<work>\b(?i:send|ship|deliver|post|courier)\s+(?:(?i:it|them|this(?:\s+one)?|the\s+\w+|everything)\s+)?"
    r"(?i:to)\s+(?i:my|our)\s+(?i:work|office|workplace|work\s+address|office\s+address)"
    r"(?:\s+(?i:this\s+time(?:\s+only)?|for\s+this\s+order(?:\s+only)?|just\s+this\s+once|instead|from\s+now\s+on))?"
    r"\s*(?:[:\u2014\u2013]|\s-|,)\s*)"
    r"|(?P<newone>(?:^\W*|[.;]\s*)(?i:the\s+)?(?i:new)\s+(?i:one)\s*(?:(?i:is)|'s|:)\s*:?\s*)"
    rf"|(?P<label>^\W*(?P<rel>(?i:{_REL}))(?:'s?)\s+(?:[a-z]+\s+)?(?i:address)"
    r"(?:\s+for\s+(?:the|my|her|his|their|our)\s+[\w\s-]{1,30}?)?\s*(?::|is)\s*)"
)
_R38_ADDRESS = re.compile(r"(?:" + _R38_ADDRESS_CUE + r")" + _R36_ADDRESS_VALUE)


def _round38_address_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    sentence = _sentence_of(ctx.text, clause)
    for m in _R38_ADDRESS.finditer(clause.text):
        subject, lasting = ctx.speaker_id, True
        if m.group("work"):
            if _ONE_OFF.search(sentence):
                lasting = False
            elif not _LASTING.search(sentence):
                continue  # sent to the office once is an errand
        if m.group("newone") and not re.search(r"\baddress\b", ctx.text[: clause.start + m.start()], re.I):
            continue  # ("new one is …" stands for the address only after the address was named)
        if m.group("rel"):
            relation = _RELATIONS.get(m.group("rel").lower())
            if relation is None:
                continue
            subject = f"{ctx.speaker_id}:{relation}"
        if _NEGATION_WORD.search(m.group()[: m.start("addr") - m.start()]):
            continue
        yield make_fact(
            subject,
            "address",
            _clean(m.group("addr")),
            "en.r38.address",
            m.group(),
            lasting=lasting,
            confidence=STATE_CONFIDENCE if lasting else ONE_OFF_CONFIDENCE,
        )


# The kind of report wanted, named as a version or a format of a report or statement: "I only need the summary version
# every month", "detailed version for the quarterly statement please" ("do the reports in the detailed format" is read
# by ``_report_candidates`` once "Do the …" is no longer taken for a question). A document word must be in the turn; a
# kind refused ("not that detailed thing") is not wanted.
_R38_REPORT_KIND = r"(?P<{}>summary|summarised|summarized|short|condensed|brief|detailed|full|long)"
_R38_REPORT = re.compile(
    r"\b(?:only\s+|just\s+)?(?:need|want|prefer|like|get|take|have)\s+(?:the|a)\s+"
    + _R38_REPORT_KIND.format("rf")
    + r"\s+(?:version|format|edition|layout)\b"
    r"|^\W*"
    + _R38_REPORT_KIND.format("rf2")
    + r"\s+(?:version|format|layout)\s+(?:for|of)\s+(?:the|my|our)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:reports?|statements?|digests?)\b(?=[^.;!?]{0,12}\b(?:please|pls|plz)\b)",
    re.I,
)
_R38_REPORT_VALUES = {"detailed": "detailed", "full": "detailed", "long": "detailed"}
_R38_DOCUMENT = re.compile(r"\b(?:reports?|statements?|digests?)\b", re.I)


def _round38_report_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    if not _R38_DOCUMENT.search(ctx.text):
        return
    sentence = _sentence_of(ctx.text, clause)
    for m in _R38_REPORT.finditer(clause.text):
        kind = first_group(m, ("rf", "rf2")) or ""
        # ("the detailed version of the mobile plan": a version of something else)
        of = re.match(r"\s+(?:of|for)\s+(?:the|my|our|this|that|a)\s+[^,.;!?]{0,30}", clause.text[m.end() :])
        if of and not _R38_DOCUMENT.search(of.group()):
            continue
        if _negated_before(clause.text, m.start()) or re.search(
            r"\bnot\s+(?:that|the|a)\s*$", clause.text[: m.start()]
        ):
            continue
        value = _R38_REPORT_VALUES.get(kind.lower(), "summary")
        fact = _fact(ctx, clause, m, ctx.speaker_id, "preferred_report_format", value, "r38.report_kind")
        if _ONE_OFF.search(sentence) and not _LASTING.search(sentence):
            fact = replace(fact, lasting=False, confidence=ONE_OFF_CONFIDENCE)
        yield fact


# "I stopped using Alipay last month, only credit card now": a way to pay given up (dated by the clause), and the one
# kept said as "only … now", from the same time.
_R38_PAY_STOPPED = re.compile(
    rf"(?:^\W*|\b(?i:I|we|so|and)\s+)(?:(?i:have|'ve)\s+)?(?i:stopped|quit)\s+(?i:using|paying\s+(?:with|by|via))\s+"
    rf"(?:(?i:my|the)\s+)?(?P<pay>(?i:{_PAY_NAMES}))(?![A-Za-z])"
)
_R38_PAY_ONLY_NOW = re.compile(
    rf"\b(?i:only)\s+(?P<pay>(?i:{_PAY_NAMES}))\s+(?i:now|these\s+days|from\s+now\s+on)\b"
    rf"|\b(?P<pay2>(?i:{_PAY_NAMES}))\s+(?i:only)\s+(?i:now|these\s+days|from\s+now\s+on)\b"
)


def _round38_payment_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    stopped = list(_R38_PAY_STOPPED.finditer(clause.text))
    for m in stopped:
        if re.search(r"\b(?:never|not|haven't|hasn't|didn't)\s*$", clause.text[: m.start("pay")], re.I):
            continue
        yield ending(
            ctx, clause, ctx.speaker_id, "preferred_payment_method", m.group("pay"), "en.r38.pay_stopped", m.group()
        )
    if not stopped:
        return
    for m in _R38_PAY_ONLY_NOW.finditer(clause.text):
        pay = m.group("pay") or m.group("pay2")
        if any(pay.lower() == s.group("pay").lower() for s in stopped):
            continue
        since = clause.past_time(ctx)
        yield _fact(
            ctx, clause, m, ctx.speaker_id, "preferred_payment_method", pay, "r38.pay_only_now", valid_from=since
        )


# "the Kindle Paperwhite on the account is my daughter's": a device on the speaker's account said to be a relative's.
_R38_DEVICE_ON_ACCOUNT_KINS = re.compile(
    r"\b[Tt]he\s+"
    + _device("device")
    + r"\s+(?:on|in|under|linked\s+to|registered\s+(?:on|to|under))\s+(?:the|my|our|this)\s+"
    r"(?:account|profile|plan|subscription)\s+is\s+(?:actually\s+|really\s+)?(?:my\s+|our\s+)"
    + _KIN_ADJ
    + rf"(?P<rel>{_REL})'s\b"
)


def _round38_device_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _R38_DEVICE_ON_ACCOUNT_KINS.finditer(clause.text):
        relation = _RELATIONS[m.group("rel").lower()]
        owner = f"{ctx.speaker_id}:{relation}"
        yield _fact(ctx, clause, m, owner, "owns_device", _clean(m.group("device")), "r38.device_on_account")


# "I'm in Galway these days, gave up the Dublin flat last Monday": the home in the town given up, beside the one now.
_R38_HOME_GIVEN_UP = re.compile(
    r"(?<!\bnot\s)(?<!\bnever\s)\b(?:I\s+|we\s+|I've\s+|we've\s+)?(?:gave\s+up|given\s+up|let\s+go\s+of"
    r"|handed\s+back|moved\s+out\s+of|gave\s+notice\s+on)\s+(?:the|my|our)\s+"
    r"(?P<town>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?:flat|apartment|place|house|home|rental|unit|digs)\b"
)


def _round38_home_given_up(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    homes = {f.value for f in facts if f.subject == ctx.speaker_id and f.predicate == "lives_in" and not f.valid_to}
    out: list[CandidateFact] = []
    for m in _R38_HOME_GIVEN_UP.finditer(ctx.text):
        town = m.group("town")
        if not homes or town in homes or _HYPOTHETICAL.search(ctx.text[max(0, m.start() - 40) : m.start()]):
            continue
        if any(f.predicate == "lives_in" and f.value == town for f in facts) or town in _NOT_NAMES:
            continue
        sentence_end = re.search(r"[.!?;]|$", ctx.text[m.end() :])
        stop = m.end() + (sentence_end.start() if sentence_end else 0)
        begun = [t.start for t in ctx.times if m.end() <= t.span[0] <= stop and t.start <= ctx.at]
        ended = make_fact(ctx.speaker_id, "lives_in", town, "en.r38.home_given_up", m.group(), ends_previous=True)
        out.append(replace(ended, valid_to=begun[0] if len(begun) == 1 else ctx.at, confidence=0.8))
    return facts + out


def _round38_settled(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """A report's kind read by the older rules as well ("I want the detailed version") is said once; a home in a
    town given up beside the one now is ended."""
    older = any(f.predicate == "preferred_report_format" and f.rule != "en.r38.report_kind" for f in facts)
    facts = [f for f in facts if not (older and f.rule == "en.r38.report_kind")]
    return _round38_home_given_up(ctx, facts)


def _round38_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    if _HYPOTHETICAL.search(clause.text):
        return
    yield from _round38_address_facts(ctx, clause)
    yield from _round38_report_facts(ctx, clause)
    yield from _round38_payment_facts(ctx, clause)
    if _negated(clause):
        return
    yield from _round38_device_facts(ctx, clause)


def _round38_requested_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """What a polite request of round 38 states: the office an order goes to this once, the kind of report."""
    if _HYPOTHETICAL.search(clause.text):
        return
    yield from _round38_address_facts(ctx, clause)
    yield from _round38_report_facts(ctx, clause)


# ---------------------------------------------------------------------------- round 39
# "we finally left Accra, been in Kumasi since last Monday": the stay after the leaving, its subject carried over the
# comma from the leaving verb (a stay "since" a time, after a home left, is the new home).
_R39_LEFT_BEEN_IN = re.compile(
    r"\b(?P<subj>I|[Ww]e)\s+(?:(?:finally|just|have|'ve|recently|officially)\s+)*(?:left|moved\s+(?:out|away)\s+(?:of|from))\s+"
    + _named("old")
    + r"\s*(?:,|;|\s[\u2014\u2013-])\s*(?:and\s+)?(?:(?:have|'ve)\s+)?(?:now\s+)?been\s+"
    r"(?:living\s+|based\s+|staying\s+)?in\s+" + _named("place") + r"\s+since\b"
)
# "My daughter's at uni in Cardiff now": a student's home is the town of the university or boarding school.
_R39_AT_UNI = re.compile(
    rf"\b(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}(?P<rel>{_REL})(?:'s|\s+is)(?:\s+(?:now|still|currently|away|off))*\s+"
    r"(?:at|studying\s+at|in)\s+(?:uni|university|college|boarding\s+school|med\s+school|law\s+school)"
    r"(?:\s+(?:up|down|over|out))?\s+in\s+" + _named("place")
)
# "my mom moved in with my brother in Sacramento in March": a relative moved into another's home in a named town; the
# move dates the mover's home, not the host's (the host lived there before).
_R39_KIN_MOVED_IN_WITH = re.compile(
    rf"\b[Mm]y\s+{_KIN_ADJ}(?P<rel>{_REL})(?:\s+(?:has|'s|just|finally|recently))*\s+moved\s+in\s+with\s+"
    rf"(?:my|our)\s+{_KIN_ADJ}(?P<host>{_REL})\s+(?:(?:up|down|over|out)\s+)?in\s+" + _named("place")
)
# "My cousin in Pokhara says …", "my brother over in Darwin sent …": a relative named by the town they live in, as the
# subject of what follows (not "my son in Year 9", not "my sister in March").
_R39_KIN_IN = re.compile(
    rf"\b(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}(?P<rel>{_REL})\s+(?:(?:up|down|over|out|back)\s+)?in\s+"
    + _named("place")
    + r"(?=\s+(?:says|said|keeps|told|tells|sent|sends|wants|wanted|needs|asked|asks|is|was|has|had|just|can|can't"
    r"|could|will|won't|orders?|ordered|bought|loves|uses|got|gets)\b)"
)
# Relations that are not family: where they are tells no home the speaker would know.
_R39_NOT_KIN = frozenset({"friend", "colleague", "boss", "manager", "neighbour", "roommate", "flatmate", "housemate"})
# ("my son in Year 9", "my daughter in Grade 5": a school year, not a town)
_R39_NOT_TOWN = re.compile(r"^(?:Year|Grade|Form|Class|Primary|Secondary|High|Uni|College|Hospital)\b")


def _round39_kin(ctx: TurnContext, rel: str) -> str | None:
    relation = _RELATIONS[rel.lower()]
    return None if relation in _R39_NOT_KIN else f"{ctx.speaker_id}:{relation}"


# A name shaped like a firm's, beside the words _FIRM_SHAPED knows: "Globe Telecom", "Meridian Energy".
_R39_FIRM_WORD = re.compile(
    r"\b(?:Telecom|Telekom|Telco|Communications|Networks|Media|Energy|Capital|Holdings|Ventures|Digital|Health"
    r"|Pharmaceuticals|Electronics|Engineering|Industries|Consultancy|Agency|Bank)\b"
)
# The speaker's employer named as the thing to update: "pls update my company", "for the corporate discount".
_R39_EMPLOYER_TALK = re.compile(
    r"\b(?:my\s+(?:company|employer|workplace|office)|corporate\s+(?:discount|rate|account|plan)|company\s+(?:name|details))\b",
    re.I,
)


def _round39_firm_moved_to(ctx: TurnContext, org: str) -> bool:
    """ "Moved to Globe Telecom last month as a network engineer": a plain "moved to" is a move of job, not of home,
    when what it moved to is shaped like a firm or the turn talks of the speaker's employer ("moved to Leeds as a
    nurse" stays a home)."""
    if org.lower() in _CITY_WORDS or not _place_ok(org):
        return False
    return bool(_FIRM_SHAPED.search(org) or _R39_FIRM_WORD.search(org) or _R39_EMPLOYER_TALK.search(ctx.text))


_R39_MOVED_TO_FIRM = re.compile(
    _SUBJ + _ADV + r"\s+moved\s+to\s+(?:the\s+)?" + _employer("org") + _AS_A_JOB + r"(?!\s+(?:student|intern))"
)
_R39_NUMBER = (
    r"(?:\d+|a\s+few|a\s+couple\s+of|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen"
    r"|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty)(?:-(?:one|two|three|four|five|six|seven"
    r"|eight|nine))?)"
)
# "Retired last Monday!! thirty-five years at Petrobras as an engineer": the employer (and post) of a working life,
# ended by the retiring (said by the speaker, the subject dropped at the turn's start, or by a relative).
_R39_RETIRED = re.compile(
    rf"(?:^\W*|\b(?P<me>I|I've|I\s+have)\s+|\b[Mm]y\s+{_KIN_ADJ}(?P<rel>{_REL})(?:\s+has|'s)?\s+)"
    r"(?:(?:just|finally|officially|recently|now)\s+)*(?:[Rr]etired|RETIRED)\b(?!\s+(?:from\s+)?(?:football|rugby|the\s+game))"
)
_R39_YEARS_AT = re.compile(
    r"\b(?:(?:after|for)\s+)?(?:(?:almost|nearly|over|about|some|a\s+solid)\s+)?"
    + _R39_NUMBER
    + r"\s+(?:long\s+|whole\s+)?years\s+(?:at|with|working\s+(?:at|for))\s+(?:the\s+)?"
    + _employer("org")
    + r"(?:\s+as\s+(?:an?\s+|the\s+)?"
    + _TITLE
    + r")?"
)


# "since I upgraded to an S24 Ultra last Monday": a new model named bare, its maker the one of the device named before
# it ("my old Galaxy S21").
_R39_UPGRADED_TO_BARE = re.compile(
    r"\b(?:I|I've|I\s+have|we|we've)?\s*(?:just\s+|finally\s+)?(?:upgraded|switched|moved)\s+(?:over\s+)?to\s+"
    r"(?:an?|the)\s+(?:new\s+)?(?:(?P<galaxy>[SA]\d{2}|Z\s?(?:Fold|Flip)\s?\d)(?:\s+(?P<tier>Ultra|Plus|FE|\+))?"
    r"|" + _R36_BARE_MODEL + r")(?![\w-])"
)


def _round39_device_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _R39_UPGRADED_TO_BARE.finditer(clause.text):
        if m.group("galaxy"):
            # (an S or A model is a Galaxy only where the turn names Samsung's phones)
            if not re.search(r"\b(?:Galaxy|Samsung)\b", ctx.text):
                continue
            model = " ".join(x for x in ("Galaxy", m.group("galaxy"), m.group("tier")) if x)
        else:
            model = _clean(m.group("bare"))
        yield _fact(
            ctx, clause, m, ctx.speaker_id, "owns_device", model, "r39.upgraded_to", valid_from=clause.past_time(ctx)
        )


# "just moved into a 3-bedroom flat in Leeds, which router should I get?": a statement, then a question after a comma;
# the statement holds (the question is asked about it).
_R39_ASKED_AFTER = re.compile(
    r",\s*(?:so\s+|and\s+|but\s+)?(?:which|what|how|where|when|should|can|could|do|does|is|are|any|will|would)\b[^,]*\?\s*$",
    re.I,
)
_R39_NOT_TOLD = re.compile(
    r"^\W*(?:if|when|whether|should|can|could|would|will|do|does|is|are|did|what|which|how)\b", re.I
)
# "Is the Dyson V11 I bought in March still under warranty?": a device the speaker got, asked about.
_R39_GOT_ASKED = re.compile(
    r"\b(?:[Tt]he|[Tt]his|[Tt]hat|[Mm]y)\s+(?:new\s+)?"
    + _device("device")
    + r"\s+(?:that\s+|which\s+)?I\s+(?:just\s+|recently\s+)?(?:got|bought|purchased|picked\s+up)\b"
    r"(?!\s+(?:for|as\s+a)\b)"
)


def _round39_told_before_asking(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """What a question's clause states before it asks (see :data:`_R39_ASKED_AFTER`), and a device the speaker
    says they got inside a question."""
    for m in _R39_GOT_ASKED.finditer(clause.text):
        device = _clean(m.group("device"))
        yield _fact(
            ctx, clause, m, ctx.speaker_id, "owns_device", device, "r39.got_asked", valid_from=clause.past_time(ctx)
        )
    asked = _R39_ASKED_AFTER.search(clause.text)
    told = Clause(clause.text[: asked.start()], clause.start) if asked else None
    if told is None or _R39_NOT_TOLD.match(told.text) or _HYPOTHETICAL.search(told.text) or "?" in told.text:
        return
    for rule in (_live_facts, _work_facts, _settled_device_facts):
        yield from rule(ctx, told)


def _round39_job_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    bare = clause.without_times(ctx)
    for m in _R39_MOVED_TO_FIRM.finditer(bare):
        subject = _subject_of(ctx, clause, m)
        org = _clean(m.group("org"))
        if subject is None or not _round39_firm_moved_to(ctx, org) or _NOT_A_ROLE.search(m.group("title")):
            continue
        when = clause.past_time(ctx)
        yield _fact(ctx, clause, m, subject, "works_at", org, "r39.moved_to_firm", valid_from=when, ends_previous=True)
        title = _clean(m.group("title"))
        yield _fact(ctx, clause, m, subject, "job_title", title, "r39.moved_to_firm.as", valid_from=when)


def _round39_retired(ctx: TurnContext) -> list[CandidateFact]:
    """The employer and post a retiring ends (see :data:`_R39_RETIRED`), when the turn names the years there."""
    retired = _R39_RETIRED.search(ctx.text)
    years = _R39_YEARS_AT.search(ctx.text)
    if retired is None or years is None or _HYPOTHETICAL.search(ctx.text) or _is_question(Clause(ctx.text, 0)):
        return []
    # ("I retired last week. My wife spent 30 years at Telstra": someone else named between has the years)
    between = ctx.text[retired.end() : years.start()]
    if re.search(rf"\b(?:[Mm]y\s+{_KIN_ADJ}(?:{_REL})|[Hh]e|[Ss]he|[Tt]hey|[Hh]is|[Hh]er)\b", between):
        return []
    org = _clean(years.group("org"))
    if not _employer_ok(org) or org.lower() in _CITY_WORDS:
        return []
    subject = _round39_kin(ctx, retired.group("rel")) if retired.group("rel") else ctx.speaker_id
    if subject is None:
        return []
    # (dated by the time said with the retiring: "Retired last Monday")
    stop = re.compile(r"[.!?;,]|$").search(ctx.text, retired.end())
    end = stop.start() if stop else len(ctx.text)
    times = [t for t in ctx.times if retired.start() <= t.span[0] <= end and t.start <= ctx.at]
    when = times[0].start if len(times) == 1 else ctx.at
    out = [make_fact(subject, "works_at", org, "en.r39.retired", years.group())]
    if years.group("title") and not _NOT_A_ROLE.search(years.group("title")):
        out.append(make_fact(subject, "job_title", _clean(years.group("title")), "en.r39.retired.as", years.group()))
    return [replace(f, valid_to=when, confidence=ENDING_CONFIDENCE, ends_previous=True) for f in out]


def _round39_post_started(
    ctx: TurnContext, clause: Clause, m: re.Match[str], subject: str, starts: datetime
) -> Iterator[CandidateFact]:
    """ "Mere starts at Fonterra next Monday as a lab technician": the post named after the first day begins then."""
    post = re.match(_AS_A_JOB, clause.without_times(ctx)[m.end() :])
    if post and not _NOT_A_ROLE.search(post.group("title")):
        title = _clean(post.group("title"))
        yield _fact(ctx, clause, m, subject, "job_title", title, "r39.starts_at.as", valid_from=starts)


def _round39_home_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _R39_LEFT_BEEN_IN.finditer(clause.text):
        if _place_ok(m.group("place")) and _place_ok(m.group("old")) and m.group("place") != m.group("old"):
            when = clause.past_time(ctx)
            yield _fact(
                ctx, clause, m, ctx.speaker_id, "lives_in", _city(m.group("place")), "r39.left_been_in", valid_from=when
            )
    for m in _R39_AT_UNI.finditer(clause.text):
        kin = _round39_kin(ctx, m.group("rel"))
        if kin and _place_ok(m.group("place")) and not _R39_NOT_TOWN.match(m.group("place")):
            yield _fact(ctx, clause, m, kin, "lives_in", _city(m.group("place")), "r39.at_uni")
    for m in _R39_KIN_MOVED_IN_WITH.finditer(clause.text):
        mover, host = _round39_kin(ctx, m.group("rel")), _round39_kin(ctx, m.group("host"))
        if mover and host and mover != host and _place_ok(m.group("place")):
            place = _city(m.group("place"))
            yield _fact(
                ctx, clause, m, mover, "lives_in", place, "r39.kin_moved_in_with", valid_from=clause.past_time(ctx)
            )
            yield _fact(ctx, clause, m, host, "lives_in", place, "r39.kin_moved_in_with.host")


# "I normally pay with PayNow. For this order can I use my Amex instead?": the usual way to pay, then another asked for
# one order (in a sentence of its own, often a question).
_R39_PAY_USUAL = re.compile(
    rf"\b(?:I|we)\s+(?:normally|usually|always|mostly|generally)\s+(?:pay\s+(?:with|by|via|using|through)|use)\s+"
    rf"(?:my\s+|our\s+)?(?P<pay>{_PAY_NAMES})\b"
)
_R39_PAY_ONCE_ASKED = re.compile(
    r"\b(?i:for\s+this\s+(?:order|one|purchase|time)|this\s+time|just\s+this\s+once)\s*,?\s*(?:can|could|may)\s+(?:I|we)\s+"
    rf"(?:use|pay\s+(?:with|by|via|using))\s+(?:my\s+|our\s+|the\s+)?(?P<pay>{_PAY_NAMES})\b"
)


def _round39_pay_once_beside_usual(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """The usual way to pay and the one asked for one order (see :data:`_R39_PAY_USUAL`): the one-off marker of the
    asking does not reach back to the usual one."""
    usual, once = _R39_PAY_USUAL.search(ctx.text), _R39_PAY_ONCE_ASKED.search(ctx.text)
    if usual is None or once is None or _HYPOTHETICAL.search(ctx.text):
        return facts
    kept = [f for f in facts if f.predicate != "preferred_payment_method"]
    lasting = make_fact(
        ctx.speaker_id,
        "preferred_payment_method",
        _PAYMENTS[usual.group("pay").lower()],
        "en.r39.pay_usual",
        usual.group(),
    )
    one_off = make_fact(
        ctx.speaker_id,
        "preferred_payment_method",
        _PAYMENTS[once.group("pay").lower()],
        "en.r39.pay_once",
        once.group(),
    )
    return [*kept, lasting, replace(one_off, lasting=False, confidence=ONE_OFF_CONFIDENCE)]


def _round39_settled(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """Round 39's readings of the whole turn."""
    facts = _round39_pay_once_beside_usual(ctx, _round39_kin_in(ctx, facts))
    retired = [
        f for f in _round39_retired(ctx) if not any(g.predicate == f.predicate and g.value == f.value for g in facts)
    ]
    return facts + retired


def _round39_kin_in(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """A relative named by their town (see :data:`_R39_KIN_IN`), when nothing else in the turn gives them a home."""
    added: list[CandidateFact] = []
    for m in _R39_KIN_IN.finditer(ctx.text):
        kin = _round39_kin(ctx, m.group("rel"))
        place = m.group("place")
        sentence_start = max(ctx.text.rfind(mark, 0, m.start()) for mark in ".!?\n") + 1
        if (
            kin is None
            or not _place_ok(place)
            or _R39_NOT_TOWN.match(place)
            or _HYPOTHETICAL.search(ctx.text, sentence_start, m.end())
            or any(f.subject == kin and f.predicate == "lives_in" for f in facts + added)
        ):
            continue
        added.append(make_fact(kin, "lives_in", _city(place), "en.r39.kin_in", m.group()))
    return facts + added


def _round39_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    if _HYPOTHETICAL.search(clause.text) or _negated(clause):
        return
    yield from _round39_home_facts(ctx, clause)
    yield from _round39_job_facts(ctx, clause)
    yield from _round39_device_facts(ctx, clause)


# ---------------------------------------------------------------------------- round 41
# "Could you switch my reports to the summary version?", "can you make my exports PDF instead?", "change my statements
# to the detailed format": a standing document's kind or file format changed by name.
_R41_FORMAT_NAMES = r"pdfs?|excel|xlsx|csv|docx|json|spreadsheets?"
_R41_DOCUMENT_SWITCHED = re.compile(
    r"\b(?:switch|change|make|set|move|turn|put)\s+(?:all\s+)?(?:my|our|the)\s+(?:(?:monthly|weekly|daily|quarterly"
    r"|annual|usual)\s+)?(?P<doc>reports?|statements?|digests?|exports?|downloads?)\s+(?:over\s+)?(?:(?:to|into|as)\s+)?"
    rf"(?:(?:the|a|an)\s+)?(?:(?P<kind>summary|summarised|summarized|short|condensed|brief|detailed|full)"
    rf"(?:\s+(?:version|format|layout|edition|ones?))?|(?P<fmt>{_R41_FORMAT_NAMES})(?:\s+(?:files?|format))?)\b"
    r"(?!\s+(?:of|for)\b)",
    re.I,
)
# "reports: detailed, every line item", "Exports: CSV please": a document's kind set after a colon, the way a form is
# filled in ("Notifications: email only").
_R41_DOCUMENT_COLON = re.compile(
    r"(?:^\W*|[,;]\s*|\bso\s+|\band\s+)(?P<doc>(?i:reports?|statements?|digests?|exports?))\s*:\s*"
    rf"(?:(?P<kind>(?i:summary|short|condensed|brief|detailed|full))|(?P<fmt>(?i:{_R41_FORMAT_NAMES})))"
    r"(?=\s*(?:[,.;!\u2014\u2013]|$|(?i:please|pls|only|always)\b))"
)
_R41_REPORT_KINDS = {"detailed": "detailed", "full": "detailed"}
_R41_EXPORT_DOCS = re.compile(r"^(?:exports?|downloads?)$", re.I)


def _round41_document_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    from palimpsest.write.registry import normalize_format

    found = [*_R41_DOCUMENT_SWITCHED.finditer(clause.text), *_R41_DOCUMENT_COLON.finditer(clause.text)]
    if not found:
        return
    sentence = _sentence_of(ctx.text, clause)
    one_off = _ONE_OFF.search(sentence) is not None and not _LASTING.search(sentence)
    for m in found:
        if _negated_before(clause.text, m.start()):
            continue
        if m.group("fmt"):
            fmt = re.sub(r"s$", "", m.group("fmt"), flags=re.I)
            value = normalize_format("excel" if fmt.lower() == "spreadsheet" else fmt)
            fact = _fact(ctx, clause, m, ctx.speaker_id, "preferred_export_format", value, "r41.document_format")
        elif _R41_EXPORT_DOCS.match(m.group("doc")):
            continue  # ("switch my exports to the detailed version": no report named)
        else:
            value = _R41_REPORT_KINDS.get(m.group("kind").lower(), "summary")
            fact = _fact(ctx, clause, m, ctx.speaker_id, "preferred_report_format", value, "r41.document_kind")
        yield replace(fact, lasting=False, confidence=ONE_OFF_CONFIDENCE) if one_off else fact


# "Only this once I need it in Excel", "just this time I want it as a PDF": the file asked for one export, said after
# the standing one ("Exports as CSV by default please").
_R41_FORMAT_ONCE = re.compile(
    r"\b(?i:only|just)\s+(?i:this\s+(?:once|time))\s*,?\s+(?:I|we)\s+(?:need|want|would\s+like|'d\s+like)\s+"
    rf"(?:it|them|the\s+(?:export|file|report)|one)\s+(?:in|as)\s+(?:an?\s+)?(?P<fmt>(?i:{_R41_FORMAT_NAMES}))\b"
)


def _round41_format_once(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    from palimpsest.write.registry import normalize_format

    if not re.search(r"\bexports?\b|\bexported\b|\bdownloads?\b", ctx.text, re.I):
        return
    for m in _R41_FORMAT_ONCE.finditer(clause.text):
        fmt = re.sub(r"s$", "", m.group("fmt"), flags=re.I)
        value = normalize_format("excel" if fmt.lower() == "spreadsheet" else fmt)
        fact = _fact(ctx, clause, m, ctx.speaker_id, "preferred_export_format", value, "r41.format_once")
        yield replace(fact, lasting=False, confidence=ONE_OFF_CONFIDENCE)


# "send with DPD instead", "and use Ninja Van, the other courier can never find the lane", "ship everything via Aramex
# from now on": a carrier told as the one to use (an imperative, so never after "I", "if" or "don't").
_R41_CARRIER_NAMES = "|".join(sorted((re.escape(k) for k in _CARRIERS), key=len, reverse=True))
_R41_CARRIER_USE = re.compile(
    r"(?:^\W*|[,;]\s*|\b(?:and|so|please|pls|just)\s+)(?:please\s+|pls\s+|just\s+)?"
    r"(?:use|send\s+(?:it\s+|them\s+|everything\s+|my\s+(?:parcels|orders|stuff)\s+)?(?:with|by|via|through)"
    r"|ship\s+(?:it\s+|them\s+|everything\s+)?(?:with|by|via|through)|go\s+with|stick\s+(?:to|with))\s+"
    rf"(?P<carrier>(?i:{_R41_CARRIER_NAMES}))(?![\w-])"
    r"(?=\s*(?:[,.;!\u2014\u2013]|$|(?i:instead|please|pls|from\s+now\s+on|going\s+forward|for\s+(?:my\s+)?(?:parcels"
    r"|deliveries|orders|everything)|then|only|always)\b))",
)
# ("the courier", "the other courier", "delivery", "parcels": the turn is about how parcels come)
_R41_PARCEL_TALK = re.compile(
    r"\b(?:courier|carrier|parcels?|packages?|deliver(?:y|ies|ed)?|ship(?:ping|ped)?|post(?:ed|ing)?|send|sent)\b", re.I
)


_R41_THIS_ONE = re.compile(r"\b(?:it|them)\b", re.I)
_R41_CARRIER_CHANGED = re.compile(
    r"\s*(?i:instead|from\s+now\s+on|going\s+forward|always|for\s+(?:my\s+)?(?:parcels|deliveries|orders|everything))\b"
)


def _round41_carrier_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    found = list(_R41_CARRIER_USE.finditer(clause.text))
    sentence = _sentence_of(ctx.text, clause) if found else ""
    for m in found:
        # (the match opens its own phrase, so "stop using Evri and send with DPD" refuses Evri only)
        if not _R41_PARCEL_TALK.search(ctx.text) or _NEGATION_WORD.search(m.group()):
            continue
        # ("send it by DHL" is how this one parcel goes; "send it with DPD instead" changes the carrier)
        if _R41_THIS_ONE.search(m.group()) and not _R41_CARRIER_CHANGED.match(clause.text, m.end()):
            continue
        carrier = _CARRIERS[m.group("carrier").lower()]
        fact = _fact(ctx, clause, m, ctx.speaker_id, "preferred_shipping_carrier", carrier, "r41.carrier_use")
        if _ONE_OFF.search(sentence) and not _LASTING.search(sentence):
            fact = replace(fact, lasting=False, confidence=ONE_OFF_CONFIDENCE)
        yield fact


# "Usually it's my debit card", "normally I pay with the Amex": the usual way to pay, said beside the one for this
# order (or alone).
_R41_PAY_USUALLY = re.compile(
    r"\b(?i:usually|normally|generally|mostly|otherwise)\s*,?\s+(?:(?i:it's|it\s+is|I\s+use|I\s+pay\s+(?:with|by|via)"
    rf"|I\s+go\s+with))\s+(?:(?i:my|the|a|an)\s+)?(?P<pay>(?i:{_PAY_NAMES}))(?![\w-])"
    # ("usually it's my debit card that gets declined": the card told about, not the way chosen)
    r"(?!\s+(?i:that|which|gets?|got|is|was|keeps|kept|being)\b)"
)


def _round41_pay_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _R41_PAY_USUALLY.finditer(clause.text):
        if _negated_before(clause.text, m.start("pay")):
            continue
        pay = _PAYMENTS.get(m.group("pay").lower(), m.group("pay"))
        yield _fact(ctx, clause, m, ctx.speaker_id, "preferred_payment_method", pay, "r41.pay_usually")


# "Already got a replacement iPad mini", "I'm wearing a Coros Pace 3 now", "Using the missus's old Oppo A78 till the
# new one turns up": the device the speaker has now (the subject dropped or "I").
_R41_DEVICE_NOW = re.compile(
    r"(?:^\W*|[,;]\s*|\b(?:and|so|now)\s+|\bI(?:'ve|\s+have)?\s+|\bI'm\s+|\bI\s+am\s+)(?:(?i:already|just|now|finally)\s+)*"
    r"(?:(?i:got)\s+(?:a|an|the)\s+replacement\s+"
    r"|(?i:wearing|using|rocking)\s+(?:a|an|the\s+(?:missus's|wife's|husband's|hubby's)\s+old|my\s+(?:"
    + _REL
    + r")'s\s+old)\s+)"
    + _device("device")
    + r"(?=\s+(?:now|these\s+days|instead|till|until|for\s+now|at\s+the\s+moment)\b|\s*[,.;!]|$)"
)


def _round41_device_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _R41_DEVICE_NOW.finditer(clause.text):
        if _negated_before(clause.text, m.start()):
            continue
        yield _fact(ctx, clause, m, ctx.speaker_id, "owns_device", _clean(m.group("device")), "r41.device_now")


# "Sold it three days ago", "got rid of it last week" after a sentence naming the device: the "it" is that device.
_R41_IT_GONE = re.compile(
    r"^\W*(?:(?:I|we)\s+)?(?:(?:already|just|actually)\s+)?(?:sold|traded\s+in|got\s+rid\s+of|gave\s+away|binned|recycled)"
    r"\s+it\b(?!\s+(?:for\s+me|on\s+my\s+behalf))"
)


def _round41_device_gone(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _R41_IT_GONE.finditer(clause.text):
        before = ctx.text[: clause.start]
        named = list(re.finditer(_device("device"), before))
        # (only the device of the sentence just before: "Can you take the Fire TV Stick off my list? Sold it …")
        previous_start = max(before.rstrip().rfind(mark, 0, len(before.rstrip()) - 1) for mark in ".!?\n") + 1
        named = [n for n in named if n.start() >= previous_start]
        if len(named) != 1:
            continue
        device = _clean(named[0].group("device"))
        yield ending(ctx, clause, ctx.speaker_id, "owns_device", device, "en.r41.it_gone", m.group())


# "Got promoted yesterday!!! shift supervisor at the Costco in Tigard": the new post said on its own after the
# promotion (a title at an employer, the sentence's first words).
_R41_PROMOTED = re.compile(
    r"^\W*(?:(?:I|I've|I\s+have|I\s+was|I\s+got|I've\s+been|just|finally)\s+)*(?:got\s+|been\s+|was\s+)?promoted\b"
    r"[^.!?]{0,20}[.!?]+\s+(?:(?:I'm|I\s+am|now)\s+)*(?:(?:a|an|the)\s+)?"
    + _TITLE
    + r"\s+(?:at|with|for)\s+(?:the\s+)?"
    + _employer("org"),
    re.I,
)


def _round41_promoted(ctx: TurnContext) -> list[CandidateFact]:
    m = _R41_PROMOTED.search(ctx.text)
    if m is None or _HYPOTHETICAL.search(ctx.text) or _NOT_A_ROLE.search(m.group("title")):
        return []
    org = _clean(m.group("org"))
    org = re.sub(r"\s+in\s+.*$", "", org)
    if not _employer_ok(org) or org.lower() in _CITY_WORDS:
        return []
    stop = m.start("title")
    times = [t for t in ctx.times if m.start() <= t.span[0] < stop and t.start <= ctx.at]
    when = times[0].start if len(times) == 1 else None
    title = _clean(m.group("title"))
    return [
        make_fact(ctx.speaker_id, "job_title", title, "en.r41.promoted", m.group(), valid_from=when),
        make_fact(ctx.speaker_id, "works_at", org, "en.r41.promoted.employer", m.group()),
    ]


# "Our daughter Ruby has just started as an apprentice electrician with Ausgrid", "my son Kai started as a junior
# developer at Xero": a relative named by role and name, starting a post at a firm.
_R41_KIN_STARTED_AS = re.compile(
    rf"\b(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}(?P<rel>{_REL})(?:\s+(?P<name>[A-Z][a-z]+))?\s+(?:(?:has|'s|just|recently|now"
    r"|finally)\s+)*(?:started|begun|began)\s+(?:work\s+|working\s+)?as\s+(?:an?\s+)?"
    + _TITLE
    + r"\s+(?:at|with|for)\s+"
    + _employer("org")
)


def _round41_kin_started(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _R41_KIN_STARTED_AS.finditer(clause.without_times(ctx)):
        kin = _round39_kin(ctx, m.group("rel"))
        org = _clean(m.group("org"))
        if kin is None or _NOT_A_ROLE.search(m.group("title")) or not _employer_ok(org):
            continue
        when = clause.past_time(ctx)
        name = m.group("name")
        if name and name not in _NOT_NAMES and m.group().startswith(("Our", "our")):
            # ("Our daughter Ruby": "my daughter Ruby" is named by the older rules)
            yield _fact(ctx, clause, m, kin, "name", name, "r41.kin_started.name", confidence=0.85)
        yield _fact(ctx, clause, m, kin, "job_title", _clean(m.group("title")), "r41.kin_started_as", valid_from=when)
        yield _fact(ctx, clause, m, kin, "works_at", org, "r41.kin_started_at", valid_from=when)


# "I'm the owner of a small shop on your marketplace", "I'm the owner of a little bakery": a business one owns,
# as "I run a small shop" says it (never an account, a workspace or "this service").
_R41_OWNER_OF = re.compile(
    r"\bI(?:'m|\s+am)\s+(?:the\s+)?(?:proud\s+)?owner\s+of\s+(?:a|an)\s+(?:(?:little|small|tiny|family|local|busy|new"
    r"|independent)\s+)*(?P<biz>shop|store|bakery|caf[eé]|coffee\s+shop|restaurant|salon|barbershop|pub|bookshop"
    r"|boutique|florist|deli|gym|garage|pharmacy|brewery|farm)\b"
    r"(?![\w-]|\s+(?:order|orders|account|app|website|club|class|membership|newsletter)\b)",
    re.I,
)


def _round41_owner_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _R41_OWNER_OF.finditer(clause.text):
        business = re.sub(r"\s+", " ", m.group("biz").lower())
        yield _fact(ctx, clause, m, ctx.speaker_id, "job_title", f"{business} owner", "r41.owner_of")


# "Sister's still down in Cork", "Mum's still in Leeds": a relative's home beside the speaker's, the "my" dropped at
# the sentence's start (as _KIN_STILL_IN reads it with "my").
_R41_BARE_KIN_STILL_IN = re.compile(
    rf"(?:^|(?<=[.!?]\s)|(?<=[.!?]\s\s))\W*(?P<rel>(?i:{_REL}))(?:'s|\s+is|\s+are|'re)\s+still\s+"
    r"(?:(?:up|down|over|out|back)\s+)?(?:living\s+|based\s+)?in\s+" + _named("place")
)


def _round41_home_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    found = list(_R41_BARE_KIN_STILL_IN.finditer(clause.text))
    told = found and re.search(
        r"\b(?:lives?|living|based|moved|relocated|shifted|renting|left|anymore|any\s+more)\b", ctx.text, re.I
    )
    for m in found:
        kin = _round39_kin(ctx, m.group("rel"))
        if kin and told and _place_ok(m.group("place")) and not _NEGATION_WORD.search(m.group()):
            yield _fact(ctx, clause, m, kin, "lives_in", _city(m.group("place")), "r41.bare_kin_still_in")


# "just so u know im in Montevideo now, came over from Porto Alegre in March", "ya I'm in Joburg now": where the
# speaker is "now", said as news, is the home (never a trip: a conference, a hotel, a holiday or a stay with an end).
_R41_IN_PLACE_NOW = re.compile(
    r"(?:^\W*|[,;:]\s*|\b(?:so|and|but|know|ya|yeah|btw|fyi|update)\W+)(?:I'm|I\s+am|[Ii]m)\s+(?:now\s+)?in\s+"
    + _named("place")
    + r"\s+now\b(?=\s*(?:[,.;!\u2014\u2013]|$|\s-\s))"
)
_R41_TRIP_TALK = re.compile(
    r"\b(?:trip|holiday|vacation|hols|conference|hotel|hostel|airbnb|flight|airport|layover|stopover|visit(?:ing)?"
    r"|tour(?:ing)?|travell?ing|business|work\s+thing|for\s+(?:the|a)\s+(?:week|weekend|month|few\s+days|night)"
    r"|until|till|back\s+(?:home|on|next|in)|stuck|waiting|queue|store|shop|mall|office)\b",
    re.I,
)
# ("came over from Porto Alegre in March": the move that brought the speaker there dates the home)
_R41_CAME_OVER = re.compile(
    r"\b(?:moved|relocated|shifted|came\s+(?:over|across|down|up)\s+from|settled|made\s+the\s+move)\b", re.I
)


# ("I'm in Tesco now, what was on the list?": a shop; a home is news, or told beside a move or another's home)
# ("We moved the meeting, I'm in Linz now": no move of a home; "btw I'm in Linz now" alone may be a visit)
_R41_HOME_NEWS = re.compile(
    r"\b(?:moved\s+(?:to|here|there|over|out|in|house|away|back|from|across|up|down)|relocated|shifted\s+(?:to|over"
    r"|from|here)|came\s+(?:over|across|down|up)\s+from|left\s+(?-i:[A-Z])\w*|settled|lives?|living|based|sigue|still\s+in"
    r"|(?:my|our)\s+(?:new\s+)?(?:home|flat|house|place))\b",
    re.I,
)


def _round41_in_place_now(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    found = list(_R41_IN_PLACE_NOW.finditer(clause.text))
    if not found or _R41_TRIP_TALK.search(ctx.text) or _is_question(clause) or not _R41_HOME_NEWS.search(ctx.text):
        return
    for m in found:
        place = m.group("place")
        if not _place_ok(place) or _R39_NOT_TOWN.match(place) or _NEGATION_WORD.search(m.group()):
            continue
        since = None
        if _R41_CAME_OVER.search(ctx.text):
            since = Clause(ctx.text, 0).past_time(ctx)
        yield _fact(ctx, clause, m, ctx.speaker_id, "lives_in", _city(place), "r41.in_place_now", valid_from=since)


# The employer before the present one, said beside it: "data analyst at Infosys, previously at TCS", "before that I
# was with Accenture", Hinglish "pehle TCS mein tha" ("before, I was in TCS"). The old employer is ended.
_R41_EMPLOYER_BEFORE = re.compile(
    r"(?:[,;]\s*|[.!]\s+|\s[\u2014\u2013-]\s*|\b(?:and|but)\s+)(?:"
    r"(?i:previously|formerly|before\s+that|before\s+this|prior\s+to\s+that)\s*,?\s+(?:(?:I\s+was|I\s+worked|I\s+spent"
    r"\s+\w+\s+years?)\s+)?(?i:at|with|in|for)\s+(?:the\s+)?"
    + _employer("org")
    + r"(?=\s*(?:[,.;!?]|$)|\s+(?:for|as)\b)"
    r"|(?i:pehle)\s+(?:(?i:main|mai|mein|hum)\s+)?" + _employer("org2") + r"\s+(?i:mein|me|mai|pe)\s+"
    r"(?:(?i:kaam\s+kar(?:ta|ti|te)\s+)?(?i:tha|thi|the))\b)"
)


def _round41_employer_before(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    current = {f.value for f in facts if f.subject == ctx.speaker_id and f.predicate == "works_at" and not f.valid_to}
    if not current or _HYPOTHETICAL.search(ctx.text):
        return facts
    added: list[CandidateFact] = []
    for m in _R41_EMPLOYER_BEFORE.finditer(ctx.text):
        org = _clean(m.group("org") or m.group("org2"))
        if org in current or not _employer_ok(org) or org.lower() in _CITY_WORDS or not _place_ok(org):
            continue
        if any(f.predicate == "works_at" and f.value == org for f in facts + added):
            continue
        ended = make_fact(ctx.speaker_id, "works_at", org, "en.r41.employer_before", m.group(), ends_previous=True)
        added.append(replace(ended, valid_to=ctx.at, confidence=ENDING_CONFIDENCE))
    return facts + added


# "Is shipping to Anchorage more expensive? My son lives up there": the place asked about, where a relative lives
# (as _R37_PLACE_ASKED, with the shipping named by its noun and words between the place and the question mark).
_R41_PLACE_ASKED = re.compile(
    r"\b(?:ship|shipping|deliver|delivery|deliveries|send|sending|post|postage|courier)\s+(?:\w+\s+)?to\s+"
    + _named("place")
    + r"\b[^.?!]{0,40}\?"
)
_R41_KIN_LIVES_THERE = re.compile(
    rf"\b[Mm]y\s+{_KIN_ADJ}(?P<rel>{_REL})\s+(?:lives|is\s+living|'s\s+living|is\s+based|'s\s+based)"
    r"\s+(?:(?:out|over|up|down|back)\s+)?there\b(?!\s+(?:now|too|with|since|for|from|until|till))"
)


def _round41_kin_lives_there(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    added: list[CandidateFact] = []
    for m in _R41_KIN_LIVES_THERE.finditer(ctx.text):
        asked = list(_R41_PLACE_ASKED.finditer(ctx.text, 0, m.start()))
        kin = _round39_kin(ctx, m.group("rel"))
        if kin is None or len(asked) != 1 or not _place_ok(asked[0].group("place")) or _NEGATION_WORD.search(m.group()):
            continue
        if not any(f.subject == kin and f.predicate == "lives_in" for f in facts + added):
            added.append(make_fact(kin, "lives_in", _city(asked[0].group("place")), "en.r41.kin_there", m.group()))
    return facts + added


# "The only console in this house is my son's Switch", "the laptop on the desk is my daughter's MacBook Air": a device
# said to be a relative's.
_R41_IS_KINS_DEVICE = re.compile(
    rf"\b(?:is|'s)\s+(?:actually\s+|just\s+|really\s+)?(?:my|our)\s+{_KIN_ADJ}(?P<rel>{_REL})'s\s+(?:(?:old|new)\s+)?"
    + _device("device")
    + r"(?=\s*(?:[,.;!]|$))"
)


def _round41_kins_device(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _R41_IS_KINS_DEVICE.finditer(clause.text):
        kin = _round39_kin(ctx, m.group("rel"))
        if kin is None or _NEGATION_WORD.search(clause.text[: m.end()]):
            continue
        device = _clean(m.group("device"))
        if device == "Switch":
            device = "Nintendo Switch"
        yield _fact(ctx, clause, m, kin, "owns_device", device, "r41.kins_device")


# "Evenings as my default slot please", "mornings as the standing delivery slot": the part of the day set as the
# slot deliveries come in (kept as "evening deliveries", as _DELIVERY_SLOT_SET keeps it).
_R41_SLOT_DEFAULT = re.compile(
    r"(?:^\W*|[,;.]\s*|\b(?:so|and)\s+)(?P<part>(?i:morning|afternoon|evening|weekend))s?\s+(?:(?i:as|for)\s+)"
    r"(?:(?i:my|our|the)\s+)(?i:default|usual|standing|regular)\s+(?:(?i:delivery)\s+)?(?i:slot|window|time)\b",
)


def _round41_slot_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _R41_SLOT_DEFAULT.finditer(clause.text):
        value = f"{m.group('part').lower()} deliveries"
        yield _fact(ctx, clause, m, ctx.speaker_id, "preference", value, "r41.slot_default")


# An address as the older rules read it, or written postcode first as in Malaysia, Germany or France ("No. 8, Jalan
# Sultan Azlan Shah, 31400 Ipoh", "Hauptstr. 5, 10115 Berlin").
_R41_ADDRESS_VALUE = (
    r"(?P<addr>(?=[^;!?\n]{0,60}\d)[A-Z0-9][^;!?\n]{3,110}?(?:"
    + _R36_POSTAL_TAIL
    + r"|,\s+\d{5}\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?(?![\w-])))"
)
# "new place is 2217 NE Alberta St Apt 5, Portland OR 97211", "Correction on the postcode … Full thing: 3/19 Kensington
# Rd, Norwood SA 5067": the speaker's address with its "my" dropped, or written out in full after a correction.
_R41_ADDRESS = re.compile(
    r"(?:(?:^\W*|[.!?;,]\s*|\b(?:and|so)\s+)(?:(?i:the)\s+)?(?i:new)\s+(?i:place|flat|house|home|apartment|unit|pad)"
    r"\s*(?:(?i:is)|'s|:)\s*"
    r"|(?P<full>\b(?i:full|whole|complete)\s+(?i:thing|address|one)\s*:\s*))" + _R41_ADDRESS_VALUE
)
_R41_MOVED_IN = re.compile(
    r"(?:^|(?<=[.!?;\n])|(?<=[.!?;]\s)|(?<=[.!?;]\s\s))\W*(?:(?:I|we)\s+)?(?:(?:just|only|finally)\s+)?"
    r"(?:moved\s+in|got\s+the\s+keys)\b[^.!?;\n]*",
    re.I,
)
_R41_ADDRESS_TALK = re.compile(r"\b(?:address|post\s?code|zip(?:\s?code)?|pin\s?code|street|flat\s+number)\b", re.I)
# "Pls deliver to my mum's place from now on: No. 8, Jalan …": the relative's home, where the speaker's parcels go.
_R41_TO_KINS_PLACE = re.compile(
    r"\b(?i:deliver|send|ship|post|forward)\s+(?:(?i:everything|it|them|all\s+my\s+\w+|my\s+\w+|parcels|orders)\s+)?"
    rf"(?i:to)\s+(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}(?P<rel>{_REL})(?:'s|(?<=s)')\s+(?i:place|house|flat|home|apartment)"
    r"(?P<when>\s+(?i:from\s+now\s+on|going\s+forward|by\s+default|for\s+now|this\s+time))?\s*:\s*" + _R41_ADDRESS_VALUE
)


def _round41_address_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _R41_ADDRESS.finditer(clause.text):
        if m.group("full") and not _R41_ADDRESS_TALK.search(ctx.text):
            continue
        addr = _clean(m.group("addr"))
        # ("new place is … . moved in yesterday": the moving in, told in its own sentence, dates the address)
        since = clause.past_time(ctx)
        moved_in = _R41_MOVED_IN.search(ctx.text, clause.end)
        if since is None and moved_in is not None:
            times = [t for t in ctx.times if moved_in.start() <= t.span[0] < moved_in.end() and t.start <= ctx.at]
            since = times[0].start if len(times) == 1 else None
        yield _fact(ctx, clause, m, ctx.speaker_id, "address", addr, "r41.address", valid_from=since)


def _r41_overlaps(text: str, evidence: str, m: re.Match[str]) -> bool:
    at = text.find(evidence) if evidence else -1
    return at >= 0 and at < m.end() and at + len(evidence) > m.start()


def _round41_kins_place(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """The relative's address and the speaker's, lasting only with a marker (see :data:`_R41_TO_KINS_PLACE`); the
    instruction is no free-text preference."""
    if _HYPOTHETICAL.search(ctx.text):
        return facts
    for m in _R41_TO_KINS_PLACE.finditer(ctx.text):
        kin = _round39_kin(ctx, m.group("rel"))
        if kin is None or _NEGATION_WORD.search(m.group()):
            continue
        addr = _clean(m.group("addr"))
        sentence = ctx.text[max(ctx.text.rfind(mark, 0, m.start()) for mark in ".!?\n") + 1 : m.end()]
        facts = [f for f in facts if not (f.predicate == "preference" and _r41_overlaps(ctx.text, f.evidence_text, m))]
        added = [make_fact(kin, "address", addr, "en.r41.kins_place", m.group())]
        if _LASTING.search(sentence):
            added.append(make_fact(ctx.speaker_id, "address", addr, "en.r41.kins_place.mine", m.group()))
        elif _ONE_OFF.search(sentence):
            mine = make_fact(ctx.speaker_id, "address", addr, "en.r41.kins_place.mine", m.group())
            added.append(replace(mine, lasting=False, confidence=ONE_OFF_CONFIDENCE))
        facts = facts + [f for f in added if not any(g.subject == f.subject and g.value == f.value for g in facts)]
    return facts


# "Finally upgraded, MacBook Pro M4 arrived this morning!": a device named bare arriving, beside the speaker's own
# upgrade or order (news of a launch, "iPhone 17 arrived in stores", tells no upgrade).
_R41_BARE_ARRIVED = re.compile(
    r"(?:^\W*|[,;:]\s*|\s[-\u2013\u2014]\s*|\b(?:and|so)\s+)"
    + _device("device")
    + r"\s+(?:(?:finally|just|has|had)\s+)*(?:arrived|came|was\s+delivered|got\s+delivered|showed\s+up|turned\s+up)\b"
    r"(?!\s+(?:in|at)\s+(?:stores?|shops?|the\s+shops?))"
)
_R41_UPGRADE_TOLD = re.compile(r"\b(?:upgraded|upgrade|ordered|bought|treated\s+myself|splurged|pre-?ordered)\b", re.I)


def _round41_bare_arrived(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    if not _R41_UPGRADE_TOLD.search(ctx.text) or re.search(r"\b(?:your|his|her|their)\b", ctx.text, re.I):
        return
    for m in _R41_BARE_ARRIVED.finditer(clause.text):
        device = _clean(m.group("device"))
        yield _fact(
            ctx, clause, m, ctx.speaker_id, "owns_device", device, "r41.bare_arrived", valid_from=clause.past_time(ctx)
        )


# "I don't want the paper catalogue posted to me any more": a printed thing the speaker no longer wants sent, kept as
# "no paper catalogue" (e-mails and messages are a setting to change, not a preference of this kind).
_R41_NO_MORE_POST = re.compile(
    r"\bI\s+(?:really\s+)?(?:don't|do\s+not)\s+(?:want|need)\s+(?:the|any|your|those|these)\s+(?:more\s+)?"
    r"(?P<thing>(?:(?:paper|printed|glossy|monthly|weekly|seasonal|free|plastic)\s+)*(?:catalogues?|catalogs?|brochures?"
    r"|leaflets?|flyers?|magazines?|statements?|invoices?|receipts?|samples?|bags?))\s+"
    r"(?:(?:posted|sent|mailed|delivered|coming|put\s+through\s+my\s+door)\s+)?(?:to\s+(?:me|us|my\s+\w+)\s+)?"
    r"(?:any\s?more|anymore|from\s+now\s+on)\b",
    re.I,
)


def _round41_no_more_post(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _R41_NO_MORE_POST.finditer(clause.text):
        thing = re.sub(r"\s+", " ", m.group("thing").lower())
        yield _fact(ctx, clause, m, ctx.speaker_id, "preference", f"no {thing}", "r41.no_more_post")


# "Do not send anything to my office mail rk@…, I have left Tata Steel": the work mailbox ends with the job.
_R41_WORK_MAIL = re.compile(
    r"\b(?:my\s+)?(?:old\s+)?(?:office|work|company|corporate)\s+(?:e-?)?mail(?:\s+(?:address|id|ID))?\s*(?:is\s+|:\s*)?$",
    re.I,
)


def _round41_work_mail_ended(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    left = [f for f in facts if f.subject == ctx.speaker_id and f.predicate == "works_at" and f.valid_to]
    if len({f.value for f in left}) != 1:
        return facts
    for mention in ctx.identifiers:
        if mention.kind != "email" or not _R41_WORK_MAIL.search(
            ctx.text[max(0, mention.span[0] - 40) : mention.span[0]]
        ):
            continue
        value = contact_value("email", mention)
        facts = [f for f in facts if not (f.predicate == "email" and f.value == value)]
        ended = make_fact(ctx.speaker_id, "email", value, "en.r41.work_mail_ended", mention.text, ends_previous=True)
        facts.append(replace(ended, valid_to=left[0].valid_to, confidence=ENDING_CONFIDENCE))
    return facts


def _round41_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    if _HYPOTHETICAL.search(clause.text):
        return
    yield from _round41_document_facts(ctx, clause)
    yield from _round41_format_once(ctx, clause)
    yield from _round41_carrier_facts(ctx, clause)
    yield from _round41_pay_facts(ctx, clause)
    yield from _round41_slot_facts(ctx, clause)
    yield from _round41_address_facts(ctx, clause)
    yield from _round41_no_more_post(ctx, clause)
    if _negated(clause):
        return
    yield from _round41_in_place_now(ctx, clause)
    yield from _round41_kins_device(ctx, clause)
    yield from _round41_bare_arrived(ctx, clause)
    yield from _round41_device_facts(ctx, clause)
    yield from _round41_device_gone(ctx, clause)
    yield from _round41_kin_started(ctx, clause)
    yield from _round41_owner_facts(ctx, clause)
    yield from _round41_home_facts(ctx, clause)


def _round41_requested_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """What a polite request of round 41 states: a standing document's kind or format switched."""
    if _HYPOTHETICAL.search(clause.text):
        return
    yield from _round41_document_facts(ctx, clause)


def _round41_still_undated(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """ "my daughter moved to Hilo two weeks ago, I'm still in Honolulu": a home one is still in is older than the
    move told beside it, which neither dates it nor ends another."""
    return [
        replace(f, valid_from=None, ends_previous=False)
        if f.rule == "en.still_in" and re.search(r"\bstill\b", f.evidence_text, re.I) and f.valid_to is None
        else f
        for f in facts
    ]


def _round41_left_when_arrived(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """ "I'm not in Cork anymore, I've been renting in Galway since two weeks ago": the old home, ended with no time of
    its own, ended when the one new home began."""
    new = [
        f
        for f in facts
        if f.subject == ctx.speaker_id and f.predicate == "lives_in" and f.valid_to is None and f.valid_from
    ]
    # (one new home, however many rules read it)
    if len({(f.value, f.valid_from) for f in new}) != 1 or new[0].valid_from is None or new[0].valid_from > ctx.at:
        return facts
    return [
        replace(f, valid_to=new[0].valid_from)
        if f.subject == ctx.speaker_id
        and f.predicate == "lives_in"
        and f.valid_to == ctx.at
        and f.value != new[0].value
        else f
        for f in facts
    ]


# "I never open my inbox. SMS only from now on, number's (509) 555-0173": the speaker's number with its "my" dropped,
# opening a phrase; "Can someone ring me about the claim? 0423 556 781, any time after 3": the number said on its own
# right after asking to be rung.
_R41_NUMBER_BARE = re.compile(
    r"(?:^|[,;:.!?\u2014\u2013]\s*|\b(?:and|so)\s+)(?:the\s+)?(?:(?:mobile|cell|phone|contact)\s+)?(?:number|mobile|no\.?)"
    r"(?:'s|\s+is)\s*:?\s*$",
    re.I,
)
_R41_RING_ME = re.compile(
    r"\b(?:ring|call|phone|text|reach|contact|whatsapp)\s+me\b[^.!?\n]*[.!?]+\s*$",
    re.I,
)


_R41_THIRD_PARTY = re.compile(
    r"\b(?:shop|store|clinic|office|surgery|restaurant|salon|company|business|school|hotel|bank|garage|pharmacy|agent"
    r"|landlord|his|her|their|he|she|they)\b",
    re.I,
)


def _round41_bare_numbers(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    said = {f.value for f in facts if f.predicate == "phone"}
    added: list[CandidateFact] = []
    for mention in ctx.identifiers:
        if mention.kind != "phone":
            continue
        value = contact_value("phone", mention)
        before = ctx.text[: mention.span[0]]
        cue = _R41_NUMBER_BARE.search(before) or _R41_RING_ME.search(before)
        if value in said or cue is None:
            continue
        sentence = before[max(before.rfind(mark, 0, cue.start() + 1) for mark in ".!?\n") + 1 :]
        # ("Don't call me. 0423 … is the scammer's": refused, or a number told about rather than given)
        described = re.match(r"\s*(?:is|was|'s|keeps|called|rang|texted)\b", ctx.text[mention.span[1] :], re.I)
        if _NEGATION_WORD.search(sentence) or _HYPOTHETICAL.search(sentence) or described:
            continue
        # (a number of a shop or clinic just named: "The shop moved. Number is 6123 4567 now", "ring the clinic,
        # number is …"; the speaker's own turns on "me", "my", "I")
        # (the window: the sentence of the cue and the one before it)
        previous_end = max(before.rfind(mark, 0, cue.start() + 1) for mark in ".!?\n")
        window = before[max(before.rfind(mark, 0, max(previous_end, 0)) for mark in ".!?\n") + 1 :]
        if _R41_THIRD_PARTY.search(window) or (
            cue.re is _R41_NUMBER_BARE
            and not re.search(r"\b(?:I|I'm|I've|me|my|please|pls|texts?|sms|whatsapp|updates)\b", window, re.I)
        ):
            continue
        # (someone else's line: "my wife's number is", "his number's")
        if re.search(
            rf"\b(?:his|her|their|[Mm]y\s+{_KIN_ADJ}(?:{_REL})'s|[A-Z][a-z]+'s)\s*$", before[: cue.start() + 1]
        ):
            continue
        said.add(value)
        added.append(make_fact(ctx.speaker_id, "phone", value, "en.r41.bare_number", cue.group(), confidence=0.85))
    return facts + added


def _round41_town_left(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """ "left Rotorua in the end, im in Tauranga now": beside a home said as where one is now, a town "left" with no
    word of work is the home left, not an employer."""
    if not any(f.rule == "en.r41.in_place_now" for f in facts) or _WORK_WORDS.search(ctx.text):
        return facts
    return [
        replace(f, predicate="lives_in", rule="en.r41.town_left")
        if f.rule == "en.left_job" and f.subject == ctx.speaker_id and _place_ok(f.value)
        else f
        for f in facts
    ]


def _round41_settled(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """Round 41's readings of the whole turn; a value the older rules already state is said once."""
    facts = _round41_left_when_arrived(ctx, _round41_still_undated(ctx, _round41_town_left(ctx, facts)))
    facts = _round41_bare_numbers(ctx, facts + _round41_promoted(ctx))
    facts = _round41_kin_lives_there(ctx, _round41_employer_before(ctx, facts))
    facts = _round41_work_mail_ended(ctx, _round41_kins_place(ctx, facts))
    # ("make the weekly report the short version by default": a document's kind the older rules read is said once)
    older = {f.predicate for f in facts if f.predicate.startswith("preferred_") and ".r41." not in f.rule}
    facts = [f for f in facts if not (f.rule.startswith("en.r41.document_") and f.predicate in older)]
    seen: set[tuple[str, str, str]] = set()
    out: list[CandidateFact] = []
    # (the older rules' reading first: a round-41 fact adds only what they did not state)
    for f in sorted(facts, key=lambda f: ".r41." in f.rule):
        key = (f.subject, f.predicate, f.value.lower())
        if ".r41." in f.rule and key in seen:
            continue
        seen.add(key)
        out.append(f)
    return [f for f in facts if any(f is g for g in out)]


_FACT_RULES = (
    _live_facts,
    _with_me_in_facts,
    _self_answered_facts,
    _work_facts,
    _job_milestone_facts,
    _relative_instead_facts,
    _settled_device_facts,
    _device_field_facts,
    _contact_facts,
    _bracketed_contact_facts,
    _profile_facts,
    _preference_facts,
    _round30_facts,
    _round33_facts,
    _round34_facts,
    _round36_facts,
    _round37_facts,
    _round38_facts,
    _round39_facts,
    _round41_facts,
)
# Whole-turn passes over the facts found, in order (each round's corrections see the earlier rounds' results).
_SETTLE_RULES = (
    _round30_settled,
    _round36_settled,
    _round37_settled,
    _round38_settled,
    _round39_settled,
    _round41_settled,
)
# "Could you update my shipping address to …?" asks for a change: what it changes to is the user's.
_REQUESTED_FACT_RULES = (
    _contact_facts,
    _bracketed_contact_facts,
    _profile_facts,
    _preference_facts,
    _round36_requested_facts,
    _round37_requested_facts,
    _round38_requested_facts,
    _round41_requested_facts,
)


def _relatives_by_name(facts: list[CandidateFact]) -> list[CandidateFact]:
    """ "My husband Tom just got a job at Unilever": what is said of Tom is said of the husband."""
    named = {f.value: f.subject for f in facts if f.predicate == "name" and f.rule == "en.relative_name"}
    return [replace(f, subject=named[f.subject]) if f.subject in named else f for f in facts]


# "Priya Nair, my co-founder, moved to …": the apposition between a name and its verb.
_APPOSITION = re.compile(
    r"(?P<name>(?<![A-Za-z'])[A-Z][a-z]+(?: [A-Z][a-z]+)?)"
    r"(?P<apposition>,\s+(?:my|our)\s+[\w-]+(?:\s+[\w-]+){0,2},"
    # "Wiremu Tane (my old flatmate) works for Fonterra": the apposition in brackets
    r"|\s*\((?:my|our)\s+[\w-]+(?:\s+[\w-]+){0,2}\)"
    # "Tomasz Nowak, the guy who sits next to me, is …": a person described by a relative clause.
    r"|,\s+(?:the|a|an|this)\s+(?:guy|man|woman|lady|girl|boy|chap|bloke|fellow|person|one|kid|colleague|friend"
    r"|neighbou?r)\s+(?:who|that|from|with|in|at|on)\s+[^,;.!?]{2,50},"
    # "Priya Raman from my team lives in …", "Jonas from accounting is …": where one knows the person from.
    r"|\s+(?:from|in|on|at|of)\s+(?:my|our)\s+(?:team|office|department|dept|class|building|floor|squad|group|lab"
    r"|unit|project|street|block|company|course|crew|band|club)"
    # ("Bongani from accounts", "Mia from procurement")
    r"|\s+from\s+(?:accounting|accounts|marketing|sales|HR|IT|finance|legal|engineering|support|payroll|procurement"
    r"|admin|reception|logistics|operations|ops|compliance|next\s+door|upstairs"
    r"|downstairs|work|school|uni|college|church|the\s+gym))(?=\s+[a-z])"
)
# "My boss, Karen Holt, just joined Stripe": the name between commas after a relation.
_NAME_APPOSITION = re.compile(
    rf"(?P<head>\b[Mm]y\s+(?:{_REL}))(?P<apposition>,\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?,)(?=\s+[a-z])"
)


# Words in quotes that someone else said: 'My mum said "always pay cash"', '"Always bring a brolly", my gran says'.
_QUOTED = re.compile(
    r"\"[^\"]{2,160}\"|\u201c[^\u201d]{2,160}\u201d"
    # 'always pay cash' in single quotes: an apostrophe inside a word ("don't") neither opens nor closes it.
    r"|(?<![\w'])'(?=[A-Za-z])[^'\n]{1,160}?(?:'(?=[a-z])[^'\n]{0,160}?)*(?<=[\w.!?,])'(?![\w'])"
)
_SAID_BEFORE = re.compile(
    rf"\b(?:(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}[\w-]+|[A-Z][a-z]+|he|she|they|someone|people|everyone"
    # "In that ad the guy goes 'my name is Chad …'": someone pointed at, not named.
    r"|(?:[Tt]he|[Tt]his|[Tt]hat)\s+(?:\w+\s+)?(?:guy|man|woman|lady|girl|boy|kid|dude|bloke|chap|actor|presenter|host|narrator"
    r"|character|voice|ad|advert|commercial|sign|caller|driver|courier|agent))\s+(?:(?:is|was|are|were|'s)\s+)?"
    r"(?:always\s+|once\s+|used\s+to\s+|would\s+|keeps?\s+|likes?\s+to\s+|just\s+)?(?:said|says|say|saying|told\s+me"
    r"|tells\s+me|tell\s+me|telling\s+me|joked|jokes|wrote|writes|goes|went|going|like|shouted|shouts|yelled|yells)"
    r"\s*[:,]?\s*$"
)
_SAID_AFTER = re.compile(
    rf"^\s*,?\s*(?:(?:[Mm]y|[Oo]ur)\s+{_KIN_ADJ}[\w-]+|[A-Z][a-z]+|he|she|they|someone|people|everyone)\s+"
    r"(?:always\s+|once\s+|used\s+to\s+|would\s+|keeps?\s+|likes?\s+to\s+)?(?:said|says|say|saying|told\s+me|tells\s+me"
    r"|joked|jokes|wrote|writes)\b"
)


def _without_others_quotes(text: str) -> str:
    """``text`` with what someone else is quoted as saying blanked (same length): their "always …" is no
    preference of the speaker's."""

    def blank(m: re.Match[str]) -> str:
        before, after = text[max(0, m.start() - 60) : m.start()], text[m.end() : m.end() + 60]
        said = _SAID_BEFORE.search(before) or _SAID_AFTER.match(after)
        # '"Use DHL", I told him' is the speaker's own word; '… keeps saying "use X", I couldn't care less' is not.
        mine = re.match(r"^\s*,?\s*I\s+(?:\w+\s+)?(?:said|say|told|tell|wrote|write|replied|answered)\b", after)
        if said is None or mine or re.search(r"\bI\s+\w+\s*[:,]?\s*$", before):
            return m.group()
        return m.group()[0] + " " * (len(m.group()) - 2) + m.group()[-1]

    return _QUOTED.sub(blank, text)


# A text the speaker commissions or tells about ("write me a movie script where Ruth, a languages teacher, …",
# "in my story the hero lives in Paris"): what its people do is made up, nobody's fact.
_FICTION = re.compile(
    r"(?:\b(?:write|draft|compose|make\s+up|come\s+up\s+with|generate|invent|dream\s+up|tell\s+me|give\s+me|writing)"
    r"\s+(?:me\s+|us\s+|for\s+me\s+)?(?:a|an|some|my)\s+(?:[\w-]+\s+){0,2}?(?:story|stories|script|screenplay"
    r"|poem|scene|novel|novella|tale|dialogue|sketch|song|lyrics|play|fanfic|fan\s+fiction|limerick|role-?play|plot"
    r"|bedtime\s+story|short\s+film|sitcom|episode|character)\b"
    r"|\b(?:in|for)\s+(?:my|our|this|the)\s+(?:[\w-]+\s+)?(?:story|novel|novella|script|screenplay|fanfic|fan\s+fiction"
    r"|short\s+story|poem|sitcom|campaign|role-?play)\b"
    r"|\b(?:my|the|our)\s+(?:main\s+)?(?:character|protagonist|hero|heroine|narrator)\b)"
    # ("the character limit", "my character reference", "the hero banner": parts of a form, a page or a letter)
    r"(?!\s+(?:limit|count|set|encoding|section|banner|image|field|box|reference|witness)s?\b)",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?\n]+(?=\s|$)")


def _without_fiction(text: str) -> str:
    """``text`` with every sentence that commissions or tells fiction blanked (same length)."""
    for m in _FICTION.finditer(text):
        start = max((e.end() for e in _SENTENCE_END.finditer(text, 0, m.start())), default=0)
        end = _SENTENCE_END.search(text, m.end())
        stop = end.start() if end else len(text)
        text = text[:start] + " " * (stop - start) + text[stop:]
    return text


def _without_appositions(text: str) -> str:
    """``text`` with appositions after a name blanked (same length, so every offset holds)."""

    def blank(m: re.Match[str]) -> str:
        if m.group("name").split()[0] in _NOT_NAMES:
            return m.group()
        # "Sam (my son) works at Tesco": kin named by name stay the relation's subject, as "my son Sam" does
        if m.group("apposition").lstrip().startswith("(") and re.search(
            rf"\b(?:{_HOUSEHOLD})(?:,\s*\d{{1,2}}[^)]*)?\)", m.group("apposition")
        ):
            return m.group()
        return m.group("name") + " " * len(m.group("apposition"))

    text = _APPOSITION.sub(blank, text)
    return _NAME_APPOSITION.sub(lambda m: m.group("head") + " " * len(m.group("apposition")), text)


# "we both", "both of us", "we're both": what the clause says holds for the speaker and the one relative named.
_WE_BOTH = re.compile(r"\b(?:we(?:'re|'ve|\s+are|\s+have)?\s+both|both of us|the two of us|we\s+two)\b", re.IGNORECASE)
_SHARED_PREDICATES = frozenset({"lives_in", "owns_device", "preferred_theme", "preferred_language", "preference"})


def _shared_with_relative(
    ctx: TurnContext, clause: Clause, before: list[CandidateFact], facts: list[CandidateFact]
) -> list[CandidateFact]:
    """ "My partner Sam works at Moderna and we both just got Pixel Watches": the watches are both of theirs."""
    if not _WE_BOTH.search(clause.text):
        return []
    relatives = {f.subject for f in before if f.subject.startswith(f"{ctx.speaker_id}:")}
    relatives |= {
        f"{ctx.speaker_id}:{_RELATIONS[m.group(1).lower()]}"
        for m in re.finditer(rf"\b[Mm]y\s+({_REL})\b", ctx.text[: clause.start])
    }
    if len(relatives) != 1:
        return []
    (relative,) = relatives
    return [
        replace(f, subject=relative)
        for f in facts
        if f.subject == ctx.speaker_id and f.predicate in _SHARED_PREDICATES and f.valid_to is None
    ]


# "Greta Lindqvist, our new team lead, lives in …": the apposition is the named person's title.
_TITLE_APPOSITION = re.compile(
    # ("Marta Silva, my accountant": whom the speaker deals with, a relation more than a title.)
    r"(?P<name>(?<![A-Za-z'])[A-Z][a-z]+ [A-Z][a-z]+),\s+our\s+(?:new\s+)?"
    rf"(?!(?:old|former|ex|previous|late|retired|first)\b)(?P<title>(?:[a-z-]+\s+){{0,1}}(?i:{_JOB_NOUNS})),(?=\s+[a-z])"
)


# Whom a household deals with: "Dev Rao, our accountant" is theirs, said as a relation.
_SERVICE_ROLES = frozenset(
    {
        "accountant",
        "lawyer",
        "attorney",
        "doctor",
        "dentist",
        "nanny",
        "cleaner",
        "gardener",
        "plumber",
        "electrician",
        "vet",
        "tutor",
        "babysitter",
        "carer",
        "caregiver",
        "therapist",
        "physio",
        "physiotherapist",
        "optician",
        "hairdresser",
        "stylist",
        "realtor",
    }
)


def _apposed_titles(ctx: TurnContext, text: str) -> Iterator[CandidateFact]:
    """The titles said between commas after a full name (never a bare relation: "my manager" is one)."""
    for m in _TITLE_APPOSITION.finditer(text):
        title = m.group("title")
        if m.group("name").split()[0] in _NOT_NAMES or title.lower() in _SERVICE_ROLES.union(_RELATIONS):
            continue
        if _HYPOTHETICAL.search(text) or _is_question(Clause(text, 0)):
            continue
        yield make_fact(m.group("name"), "job_title", title, "en.apposed_title", m.group(), confidence=0.8)


def _apposed_names(ctx: TurnContext, said: str) -> Iterator[CandidateFact]:
    """The names blanked as appositions of a relation ("My boss, Karen Holt, just joined …")."""
    for m in _NAME_APPOSITION.finditer(said):
        relation = _RELATIONS[m.group("head").split()[-1].lower()]
        name = m.group("apposition").strip(" ,")
        if name.split()[0] not in _NOT_NAMES:
            yield make_fact(
                f"{ctx.speaker_id}:{relation}", "name", name, "en.relative_name", m.group(), confidence=0.85
            )


_JOB_PREDICATES = frozenset({"works_at", "job_title"})


def _times_for_jobs(ctx: TurnContext, spans: list[tuple[Clause, list[CandidateFact]]]) -> TurnContext:
    """The turn without the times of clauses that told a move and no job: "moved to Leeds in March, joined
    Asda as a store manager" dates the move, not the job."""
    moves = [
        clause
        for clause, facts in spans
        if any(f.predicate == "lives_in" for f in facts)
        # (a job named as what the move was for, "moved … last month for the new job at NetEase", takes no date)
        and not any(f.predicate in _JOB_PREDICATES and f.rule != "en.job_for_move" for f in facts)
    ]
    times = tuple(t for t in ctx.times if not any(c.start <= t.span[0] < c.end for c in moves))
    return replace(ctx, times=times) if len(times) != len(ctx.times) else ctx


_PROMOTION = re.compile(r"\bpromot(?:ed|ion)\b", re.IGNORECASE)
# A clause that opens on when its state begins: "starting next Monday I'm night manager at …", "as of the 1st I'm
# at 12 Elm Row", "from next week I'm a shift lead at …". The time dates the states the clause tells.
_OPENS_ON_START = re.compile(
    r"^\W*(?:(?:and|so|but)\s+)?(?:starting(?:\s+from)?|from|as\s+of|beginning|effective)\s+$", re.I
)
_DATED_STATES = frozenset({"works_at", "job_title", "lives_in", "address"})


def _dated_by_opening_time(
    ctx: TurnContext, spans: list[tuple[Clause, list[CandidateFact]]], facts: list[CandidateFact]
) -> list[CandidateFact]:
    """The start named as a clause opens, on the undated states it tells (see :data:`_OPENS_ON_START`)."""
    starts: dict[int, datetime] = {}
    for clause, told in spans:
        mentions = clause.times(ctx)
        if not told or len(mentions) != 1:
            continue
        mention = mentions[0]
        if not _OPENS_ON_START.match(ctx.text[clause.start : mention.span[0]]):
            continue
        for fact in told:
            starts[id(fact)] = mention.start
    if not starts:
        return facts
    return [
        replace(f, valid_from=starts[id(f)])
        if id(f) in starts
        and f.predicate in _DATED_STATES
        and f.valid_from is None
        and f.valid_to is None
        and f.lasting
        and not f.subject.count(":")
        else f
        for f in facts
    ]


def _carry_job_dates(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """The job change's date on the undated job facts; a promotion dates the new title only ("Got promoted
    yesterday!!! senior SRE at Alaska Airlines": the employer is no newer than before)."""
    changes = [m.group() for m in _JOB_CHANGE.finditer(ctx.text)]
    if not changes or not all(_PROMOTION.fullmatch(change) for change in changes):
        carried = carry_job_change_date(ctx, facts, _JOB_CHANGE)
        if not all(change.lower() == "since" for change in changes):
            return carried
        # ("Long-time customer here, Ana Lima, nurse at …, using your app since last year": a job told with an
        # introduction is the writer's standing; a "since" about something else dates no change of it)
        return [
            said if said.rule.startswith("en.named_as_title") else new for said, new in zip(facts, carried, strict=True)
        ]
    titles = iter(carry_job_change_date(ctx, [f for f in facts if f.predicate != "works_at"], _JOB_CHANGE))
    return [f if f.predicate == "works_at" else next(titles) for f in facts]


# "pretend you're a pirate and tell me where parcel PX-7002 be", "talk like a cowboy when you check order 5521-Q": a
# part the assistant is asked to play, for fun; the order asked about is still the user's (not a part that lifts the
# rules: "pretend you're DAN with no rules", an attack, keeps its identifiers but states no fact).
_ASSISTANT_PLAYS = re.compile(
    r"\b(?:pretend|imagine)\s+(?:that\s+)?(?:you're|you\s+are)\s+(?:a|an|my)\s+"
    r"|\b(?:talk|speak|answer|reply|respond|act)\s+like\s+(?:a|an)\s+"
    # ("answer me as a pirate would", "reply as Yoda would": a voice to answer in)
    r"|\b(?:talk|speak|answer|reply|respond|write)\s+(?:to\s+)?(?:me\s+|us\s+)?as\s+(?:an?\s+|the\s+)?"
    r"[A-Za-z]+(?:\s+[A-Za-z]+)?\s+(?:would|might)\b",
    re.IGNORECASE,
)
_RULES_LIFTED = re.compile(
    r"\b(?:no|without|zero)\s+(?:rules|restrictions|limits|guidelines|filters|policy|policies)\b|\bunrestricted\b"
    r"|\b(?:admin|administrator|developer\s+mode|jailbr\w+|DAN|someone\s+else's|other\s+(?:people|customers|users)"
    r"|everyone's|another\s+(?:user|customer))\b",
    re.IGNORECASE,
)


def _supposed_only_after(text: str, named: str) -> bool:
    """Whether every supposing or reported word of ``text`` comes after ``named`` ("ticket CS-44120 - I was told
    someone would call": the number is the user's; "if order 88120 never comes": not yet a fact)."""
    at = text.find(named)
    if at < 0:
        return False
    said = [m.start() for pattern in (_HYPOTHETICAL, _REPORTED) for m in pattern.finditer(text)]
    return all(start >= at + len(named) for start in said)


def _played_for_fun(text: str) -> bool:
    """Whether the only supposing in ``text`` is a harmless part the assistant is asked to play."""
    played = _ASSISTANT_PLAYS.search(text)
    if played is None or _RULES_LIFTED.search(text):
        return False
    rest = text[: played.start()] + " " + text[played.end() :]
    return not re.search(r"\b(?:if|suppose|supposing|in\s+case|unless|maybe|perhaps|might|whether)\b", rest, re.I)


def _letter_folding() -> dict[int, str]:
    """Each accented Latin letter to its plain one, one character for one ("Ø" -> "O", "í" -> "i")."""
    table = {ord(c): p for c, p in zip("ØøŁłĐđÆæŒœÞþßıð", "OoLlDdAaOoTtsid", strict=True)}
    for code in range(0xC0, 0x250):
        plain = unicodedata.normalize("NFD", chr(code))[0]
        if code not in table and plain.isascii() and plain.isalpha():
            table[code] = plain
    return table


_LETTER_FOLDING = _letter_folding()


def _unfolded(value: str, folded: str, said: str) -> str:
    """``value`` read off the folded turn, with the letters the speaker typed put back ("Orsted" -> "Ørsted")."""
    if not value.isascii():
        return value
    for m in re.finditer(re.escape(value), folded, re.IGNORECASE):
        typed = said[m.start() : m.end()]
        if typed != m.group() and len(typed) == len(value):
            return "".join(
                (t.upper() if v.isupper() else t.lower()) if t != f else v
                for v, f, t in zip(value, m.group(), typed, strict=True)
            )
    return value


def apply_rules(ctx: TurnContext) -> RuleOutput:
    """Everything the English rules find in ``ctx`` (facts only for user turns).

    The rules read capitals and names as ASCII letters, so a turn naming "Ørsted", "Joaquín" or "Charité" is read
    with its accents folded (one letter for one, so every offset holds), and the values it gives are spelled back
    as typed.
    """
    said = ctx.text.replace("\u2019", "'")
    folded = said.translate(_LETTER_FOLDING)
    if folded == said:
        return _apply_rules(ctx)
    out = _apply_rules(dataclasses.replace(ctx, text=folded))
    out.facts = [
        replace(
            f,
            subject=f.subject if f.subject.startswith(ctx.speaker_id) else _unfolded(f.subject, folded, said),
            value=_unfolded(f.value, folded, said),
            evidence_text=_unfolded(f.evidence_text, folded, said),
        )
        for f in out.facts
    ]
    return out


# "my mom lives in Tucson, and grandpa Walt moved in with her yesterday", "my sister's in Perth now and my nephew
# moved in with her last week": one relative moved into another's home, whose place the turn tells; the move dates the
# mover's home, not the host's (who lived there before).
_KIN_JOINED = re.compile(
    rf"(?:\b[Mm]y\s+{_KIN_ADJ}|(?<![\w'])(?=[Gg]ran|[Aa]unt|[Uu]ncle|[Cc]ousin|[Nn]an))(?P<rel>{_REL})\b(?:\s+[A-Z][a-z]+)?"
    r"(?:\s+(?:has|'s|just|finally|now|also|recently|then))*\s+(?:moved|came\s+to\s+live)\s+in\s+with\s+"
    rf"(?P<host>her|him|them|my\s+{_KIN_ADJ}(?P<hrel>{_REL}))\b(?!\s+(?:in|at|on)\b)"
)


def _kin_joined_homes(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """The mover's home where the host relative's is said to be (see :data:`_KIN_JOINED`)."""
    added: list[CandidateFact] = []
    for m in _KIN_JOINED.finditer(ctx.text):
        if _HYPOTHETICAL.search(ctx.text) or _NEGATION_WORD.search(ctx.text, max(0, m.start() - 12), m.end()):
            continue
        mover = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel').lower()]}"
        if m.group("hrel"):
            host: str | None = f"{ctx.speaker_id}:{_RELATIONS[m.group('hrel').lower()]}"
        else:
            pronoun = {"her": "she", "him": "he"}.get(m.group("host").lower())
            host = _antecedent(ctx, pronoun, m.start()) if pronoun else None
        homes = [f for f in facts if f.subject == host and f.predicate == "lives_in" and f.valid_to is None]
        if host is None or host == mover or len({f.value for f in homes}) != 1:
            continue
        sentence_end = re.search(r"[.!?;]|$", ctx.text[m.end() :])
        stop = m.end() + (sentence_end.start() if sentence_end else 0)
        times = [t for t in ctx.times if m.start() <= t.span[0] <= stop and t.start <= ctx.at]
        when = times[0].start if len(times) == 1 else None
        home = homes[0]
        facts = [
            replace(f, valid_from=None, ends_previous=False) if f is home and f.valid_from == when else f for f in facts
        ]
        if not any(f.subject == mover and f.predicate == "lives_in" for f in facts):
            added.append(make_fact(mover, "lives_in", home.value, "en.kin_joined", m.group(), valid_from=when))
    return facts + added


def _names_said_twice(facts: list[CandidateFact]) -> list[CandidateFact]:
    # "My name's Marguerite Laurent, but everyone calls me Margo": one name, said twice.
    named = {f.subject for f in facts if f.predicate == "name" and f.rule != "en.name.called"}
    facts = [f for f in facts if not (f.rule == "en.name.called" and f.subject in named)]
    # "I'm Aroha, Aroha Ngata": the first name alone, said again in full; the full one is the name.
    full = {(f.subject, f.value.split()[0]) for f in facts if f.predicate == "name" and " " in f.value}
    return [f for f in facts if not (f.predicate == "name" and (f.subject, f.value) in full)]


def _apply_rules(ctx: TurnContext) -> RuleOutput:
    said = _without_fiction(ctx.text.replace("\u2019", "'"))
    text = _without_appositions(_without_others_quotes(said))
    ctx = dataclasses.replace(ctx, text=text)
    out = RuleOutput()
    previous: Clause | None = None
    spans: list[tuple[Clause, list[CandidateFact]]] = []
    for raw in split_clauses(text, _BOUNDARY):
        clause, previous = _with_subject(raw, previous), raw
        question = _is_question(clause)
        # "If you can't reach me, ring my wife on …": the condition is the speaker's absence, the rest holds.
        unreachable = _UNREACHABLE.match(clause.text)
        main = clause.text[unreachable.end() :] if unreachable else clause.text
        hypothetical = bool(_HYPOTHETICAL.search(main) or _REPORTED.search(main))
        facts: list[CandidateFact] = []
        # ("can you check whether order ZH-22018 shipped?": a question put as "whether" is about the user's order)
        asked_whether = _ASKED_WHETHER.search(ctx.text, max(0, clause.start - 40), clause.end) is not None
        if ctx.role == "user":
            references = list(_reference_facts(ctx, clause))
            if hypothetical and not (asked_whether or _played_for_fun(main)):
                references = [f for f in references if _supposed_only_after(main, f.evidence_text)]
            facts.extend(references)
        if ctx.role == "user" and not hypothetical:
            if not question or _POLITE_REQUEST.match(clause.text):
                for rule in _FACT_RULES if not question else _REQUESTED_FACT_RULES:
                    facts.extend(rule(ctx, clause))
            elif question:
                facts.extend([*_presupposed_device_facts(ctx, clause), *_round39_told_before_asking(ctx, clause)])
                # ("can you add Priya Sethi (priya.s@…) as a viewer?": the contact told inside the request)
                facts.extend(_bracketed_contact_facts(ctx, clause))
        if _RETRACTED.search(clause.text):
            facts = []  # "I'm a teacher — wait no, …": taken back as soon as said
        facts += _shared_with_relative(ctx, clause, out.facts, facts)
        out.facts.extend(facts)
        spans.append((clause, facts))
        if ctx.role == "user":
            out.intents.extend(_intents(ctx, clause, facts, question))
    if ctx.role == "user":
        out.facts.extend(_apposed_names(ctx, said))
        out.facts.extend(_apposed_titles(ctx, _without_others_quotes(said)))
    out.facts = _names_said_twice(out.facts)
    out.facts = _dated_by_opening_time(
        ctx, spans, _carry_job_dates(_times_for_jobs(ctx, spans), _relatives_by_name(out.facts))
    )
    # ("moved in with my girlfriend in Cork": her home there was hers before the move, which does not date it; so is
    # the speaker's in "my mum moved in with us in Tauranga")
    # (nor is a relative's who stayed: "moved to Perth in May but my brother is still in Darwin")
    kept = [
        f
        for f in out.facts
        if f.rule in ("en.moved_in_with.theirs", "en.with_me_in", "en.kin_still_in", "en.at_kins_place_in")
        or f.rule in ("en.r39.now_in.along", "en.r39.kin_moved_in_with.host")
    ]
    # (a relative moved in with another: see _KIN_JOINED)
    out.facts = _bought_it_dated(
        ctx,
        _kin_joined_homes(
            ctx,
            settle_move(ctx, [f for f in out.facts if f not in kept], _MOVE_TOLD) + kept,
        ),
    )
    if ctx.role == "user":
        out.facts = handed_on_to_relative(ctx, out.facts, _HANDED_TO_RELATIVE, _RELATIONS)
        for settle in _SETTLE_RULES:
            out.facts = settle(ctx, out.facts)
    out.anchors = _anchors(text, out.facts)
    out.topics = _topics(ctx, out.facts)
    out.intent_tags = {INTENT_TAG_OF_TYPE[i.intent_type] for i in out.intents if i.intent_type in INTENT_TAG_OF_TYPE}
    if "confirmation" in out.anchors:
        out.intent_tags.add("confirm")
    if "failure_correction" in out.anchors:
        out.intent_tags.add("correction")
    return out
