"""The immune system's detectors (seed 003 §6.2): pure functions over text and source.

Writes that look like instructions to the agent, prompt injection, privilege claims or
destructive commands must never become active memory; nor may anything from an untrusted
source until a human confirms it. Detection is bilingual and looks through common
obfuscation (full-width characters, zero-width characters, letters spaced apart).

Scores are in [0, 1]; the pipeline quarantines at or above ``RiskPolicy.threshold``. A
*question about* a dangerous thing ("how do I use rm -rf safely?") is not an attempt to
plant it in memory, so interrogatives are damped — except for injection and privilege
phrasing, which is dangerous in any mood.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from palimpsest.write.model import RiskFinding, RiskKind

TRUSTED_SOURCES = frozenset({"user", "user_command", "auth_profile", "assistant", "system", "agent_inferred"})
"""Sources whose writes go straight through (after detection). Anything else (tool output,
web pages, documents, other agents) is untrusted and held until confirmed."""


@dataclass(frozen=True, slots=True)
class _Pattern:
    kind: RiskKind
    score: float
    rule: str
    regex: re.Pattern[str]
    damp_questions: bool = True


def _p(kind: RiskKind, score: float, rule: str, pattern: str, *, damp_questions: bool = True) -> _Pattern:
    return _Pattern(kind, score, rule, re.compile(pattern, re.IGNORECASE), damp_questions)


_PATTERNS: tuple[_Pattern, ...] = (
    # -- prompt injection -----------------------------------------------------------------------
    _p(
        "prompt_injection",
        0.95,
        "ignore_previous_en",
        r"\b(ignore|disregard|forget|override|bypass)\b.{0,30}\b(all |any |the |your )?(previous|prior|above|earlier|"
        r"preceding|system|original|safety)\b.{0,20}\b(instructions?|prompts?|rules?|directions?|guidelines?|messages?|"
        r"constraints?)",
        damp_questions=False,
    ),
    _p(
        "prompt_injection",
        0.9,
        "new_persona_en",
        r"\b(you are now|from now on you are|pretend (to be|you are)|act as)\b.{0,40}\b(dan|unrestricted|unfiltered|"
        r"jailbroken|evil|no (rules|limits|restrictions)|developer mode|root|admin)",
        damp_questions=False,
    ),
    _p(
        "prompt_injection",
        0.9,
        "system_prompt_en",
        r"\b(reveal|print|show|output|repeat|leak)\b.{0,30}\b(system prompt|hidden (prompt|instructions)|your instructions)",
        damp_questions=False,
    ),
    _p(
        "prompt_injection", 0.9, "jailbreak_en", r"\b(jailbreak|developer mode|do anything now)\b", damp_questions=False
    ),
    _p(
        "prompt_injection",
        0.85,
        "fake_role_tag",
        r"(^|\n)\s*(system|assistant)\s*:\s*\S|<\|?(system|im_start)\|?>|\[\[?system\]?\]",
        damp_questions=False,
    ),
    _p(
        "prompt_injection",
        0.95,
        "ignore_previous_zh",
        r"(忽略|无视|忘记|忘掉|跳过|覆盖|绕过)(掉)?(你)?(之前|以前|先前|上面|以上|前面|原来|所有|全部|系统)(的)?(所有|全部|一切)?(的)?"
        r"(指令|指示|规则|设定|提示词?|要求|限制|约束)",
        damp_questions=False,
    ),
    _p(
        "prompt_injection",
        0.9,
        "new_persona_zh",
        r"(你现在是|从现在(开始|起)你(是|就是|扮演)|假装你是|扮演一个).{0,20}(没有|不受|无)(任何)?(限制|约束|规则)|"
        r"(开发者模式|越狱模式|DAN模式)",
        damp_questions=False,
    ),
    _p(
        "prompt_injection",
        0.9,
        "system_prompt_zh",
        r"(输出|告诉我|显示|泄露|打印)(你的)?(系统提示词?|系统指令|隐藏指令)",
        damp_questions=False,
    ),
    # -- privilege claims --------------------------------------------------------------------------
    _p(
        "privilege_claim",
        0.9,
        "grant_privilege_en",
        r"\b(give|grant|make|set|elevate|upgrade|promote|escalate)\b.{0,25}\b(me|my (account|role|permissions?|access))\b.{0,25}"
        r"\b(admin|administrator|root|superuser|super user|full (access|control|rights|permissions)|highest|owner|"
        r"all (permissions|privileges|rights))",
        damp_questions=False,
    ),
    _p(
        "privilege_claim",
        0.85,
        "authority_claim_en",
        r"\bi('m| am)\b.{0,12}\b(the )?(ceo|cto|cfo|boss|owner|admin|administrator|root|sysadmin|your developer|"
        r"your creator|from (it|security|the security team))\b.{0,80}\b(give|grant|let|allow|need|want|must|access|"
        r"permission|rights|override|bypass|unlock|delete|export)",
        damp_questions=False,
    ),
    _p(
        "privilege_claim",
        0.9,
        "grant_privilege_zh",
        r"(把|将|给)(我|我的)(的)?(账号|账户|角色|权限)?.{0,6}(权限|角色|级别)?.{0,4}(改成|改为|提升|提升到|设为|设置为|升级|升到|调成|调到)"
        r".{0,6}(最高|管理员|超级|root|admin|所有|全部)",
        damp_questions=False,
    ),
    _p(
        "privilege_claim",
        0.9,
        "give_privilege_zh",
        r"(给|授予|开通)(我|本人)(开通)?.{0,4}(管理员|最高|超级|root|admin|全部|所有)(的)?(权限|账号|角色)",
        damp_questions=False,
    ),
    _p(
        "privilege_claim",
        0.85,
        "authority_claim_zh",
        r"我是(你们的|公司的|这里的|系统)?(管理员|超级管理员|老板|总裁|CEO|董事长|开发者|运维|站长|root|admin)"
        r".{0,30}(给我|把我|授权|开通|权限|删除|导出|绕过|解锁|必须)",
        damp_questions=False,
    ),
    # -- destructive commands ----------------------------------------------------------------------
    _p("destructive_command", 0.95, "rm_rf", r"\b(sudo\s+)?rm\s+-(rf|fr|r\s+-f|f\s+-r)\b\s*(/|~|\*|\.)"),
    _p("destructive_command", 0.85, "sudo", r"\bsudo\s+\S+"),
    _p(
        "destructive_command",
        0.95,
        "sql_drop",
        r"\b(drop\s+(table|database|schema)|truncate\s+table|delete\s+from\s+\w+\s*(;|$|where\s+1\s*=\s*1))",
    ),
    _p(
        "destructive_command",
        0.9,
        "disk_wipe",
        r"\b(mkfs(\.\w+)?\s+/dev/|dd\s+if=/dev/(zero|random)|format\s+c:|:\(\)\s*\{\s*:\|:&\s*\};:)",
    ),
    _p("destructive_command", 0.85, "pipe_to_shell", r"\b(curl|wget)\b[^|\n]{0,200}\|\s*(sudo\s+)?(ba|z)?sh\b"),
    _p(
        "destructive_command",
        0.9,
        "wipe_data_zh",
        r"(删除|删掉|清空|清除|抹掉)(所有|全部|整个)?(的)?(用户|客户)?(数据|数据库|记录|记忆|账号|文件)(全部|都)?"
        r"(删|清)?",
    ),
    _p(
        "destructive_command",
        0.9,
        "wipe_data_en",
        # "delete all my data" is a user exercising a right, not an attack: possessives of the speaker are excluded.
        r"\b(delete|erase|wipe|destroy|purge)\b.{0,20}\b(all|every|the entire|everyone'?s)\b(?!\s+(of\s+)?(my|our)\b)"
        r".{0,20}\b(data|database|records|"
        r"memories|users|accounts|files)\b",
    ),
    # -- instructions aimed at the agent's policy (not preferences about the user's own service) -----
    _p(
        "instruction",
        0.85,
        "exfiltrate_en",
        r"\b(send|forward|email|upload|post|leak|export)\b.{0,40}\b(all|every|other|everyone'?s|the whole)\b.{0,25}"
        r"\b(users?'?|customers?'?|clients?'?)?\s*(data|records|conversations|memories|passwords|credentials|emails|"
        r"phone numbers|information)\b.{0,40}\b(to|at)\b",
    ),
    _p(
        "instruction",
        0.85,
        "exfiltrate_zh",
        r"(把|将)(所有|全部|其他)(的)?(用户|客户|人)(的)?(数据|资料|信息|记录|对话|密码|手机号).{0,10}(发送|发给|转发|上传|导出|给)",
    ),
    _p(
        "instruction",
        0.8,
        "policy_override_en",
        r"\b(from now on|always|never|permanently)\b.{0,30}\b(ignore|skip|disable|turn off|bypass|hide|lie|deny|refuse)\b"
        r".{0,30}\b(safety|security|verification|checks?|logging|audit|rules|policy|policies|filters?|other users)\b",
    ),
    _p(
        "instruction",
        0.8,
        "policy_override_zh",
        r"(以后|从现在起|永远|一律|总是)(都)?(不要|不用|跳过|关闭|绕过|隐藏|忽略)(任何)?(安全|验证|审核|检查|日志|审计|规则|过滤)",
    ),
    _p(
        "instruction",
        0.75,
        "remember_rule_en",
        r"\b(remember|memori[sz]e|store|save)\b.{0,20}\bthat (you|the assistant|the agent)\b.{0,20}\b(must|should|will|are allowed|can)\b",
    ),
    _p(
        "instruction", 0.75, "remember_rule_zh", r"(记住|记下|保存)(：|:)?(你|助手|系统)(以后)?(必须|应该|可以|要|允许)"
    ),
)

_ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"), None)
_SPACED = re.compile(r"\b(?:[A-Za-z][ \t._-]){3,}[A-Za-z]\b")
_QUESTION = re.compile(
    r"(\?|？|\b(how|what|why|when|is it|can i|should i|could you explain)\b|怎么|如何|为什么|是什么|吗\s*[？?]?$|能不能|可以吗)",
    re.IGNORECASE,
)


def normalize_for_detection(text: str) -> str:
    """Undo cheap obfuscation: NFKC (full-width → ASCII), zero-width characters, s p a c e d letters."""
    folded = unicodedata.normalize("NFKC", text).translate(_ZERO_WIDTH)
    return _SPACED.sub(lambda m: re.sub(r"[ \t._-]", "", m.group(0)), folded)


def is_question(text: str) -> bool:
    return bool(_QUESTION.search(text))


def assess(text: str, *, source: str = "user") -> list[RiskFinding]:
    """Every risk the text (from ``source``) carries, strongest first."""
    normalized = normalize_for_detection(text)
    question = is_question(normalized)
    findings: dict[str, RiskFinding] = {}
    for pattern in _PATTERNS:
        match = pattern.regex.search(normalized)
        if match is None:
            continue
        score = pattern.score * (0.4 if question and pattern.damp_questions else 1.0)
        found = RiskFinding(kind=pattern.kind, score=score, evidence=match.group(0).strip()[:120], rule=pattern.rule)
        best = findings.get(pattern.kind)
        if best is None or found.score > best.score:
            findings[pattern.kind] = found
    if source not in TRUSTED_SOURCES:
        findings["untrusted_source"] = RiskFinding(
            kind="untrusted_source", score=1.0, evidence=f"source={source}", rule="untrusted_source"
        )
    return sorted(findings.values(), key=lambda f: -f.score)


@dataclass(frozen=True, slots=True)
class RiskPolicy:
    threshold: float = 0.7
    """Findings at or above this score send the write to quarantine."""
    quarantine_ttl: timedelta = timedelta(hours=24)
    """Unconfirmed quarantine items expire after this long."""
    burst_count: int = 3
    burst_window: timedelta = timedelta(minutes=10)
    """This many high-risk writes from one session within the window freeze its persistent writes."""


def risky(findings: Iterable[RiskFinding], policy: RiskPolicy) -> list[RiskFinding]:
    return [f for f in findings if f.score >= policy.threshold]


def should_freeze(high_risk_times: Sequence[datetime], now: datetime, policy: RiskPolicy) -> bool:
    """A burst: at least ``burst_count`` high-risk writes within ``burst_window`` before ``now``."""
    recent = [t for t in high_risk_times if now - policy.burst_window <= t <= now]
    return len(recent) >= policy.burst_count
