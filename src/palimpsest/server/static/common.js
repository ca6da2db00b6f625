// Shared by the memory panel and the health dashboard: string tables (English and Chinese),
// the REST client and small DOM helpers. No build step, no dependencies.
"use strict";

const STRINGS = {
  en: {
    "panel.title": "Your memory",
    "health.title": "Memory health",
    "lang.toggle": "中文",
    "login.key": "API key",
    "login.user": "User id",
    "login.admin": "Admin key",
    "login.open": "Open",
    "login.signout": "Sign out",
    "login.hint": "The key stays in this browser tab only (sessionStorage).",
    "switches.title": "Memory switches",
    "switch.memory": "Memory (everything)",
    "switch.preferences": "Remember my preferences",
    "switch.conversations": "Remember our conversations",
    "switch.files": "Remember my files",
    "prefs.title": "Preferences",
    "facts.title": "Facts about you",
    "sessions.title": "Recent conversations",
    "files.title": "Your files",
    "files.upload": "Upload",
    "files.hint": "Text files (UTF-8, up to 512 KB): recall finds their passages.",
    "files.off": "File memory is switched off: new files are not accepted.",
    "files.tooLarge": "{name} is larger than 512 KB.",
    "files.meta": "{size} · {passages} passages · added {when}",
    "files.meta.one": "{size} · 1 passage · added {when}",
    "files.view": "View text",
    "confirm.delete.file": "Delete the file {what}? It leaves recall at once.",
    "status.uploaded": "Remembered {name}.",
    "quarantine.title": "Waiting for your confirmation",
    "add.title": "Add something to remember",
    "add.predicate": "What (e.g. preferred_theme)",
    "add.value": "Value",
    "add.save": "Remember",
    "empty": "Nothing here.",
    "action.why": "Why remembered?",
    "action.history": "History",
    "action.edit": "Edit",
    "action.save": "Save",
    "action.cancel": "Cancel",
    "action.delete": "Delete",
    "action.confirm": "Keep it",
    "action.reject": "Discard",
    "updated": "last updated",
    "valid": "valid",
    "until": "until",
    "superseded": "superseded",
    "forgotten": "forgotten",
    "source": "source",
    "turns": "turns",
    "session.span": "from {first} to {last}, {n} turns",
    "quarantine.why": "Held back because",
    "confirm.delete.fact": "Delete \"{what}\" from your memory?",
    "confirm.delete.session": "Delete the conversation {what}? It leaves recall at once.",
    "status.saved": "Saved.",
    "status.deleted": "Deleted.",
    "status.loading": "Loading…",
    "status.error": "Error: {message}",
    "health.threshold": "Alert below precision",
    "health.window": "Feedback samples",
    "health.refresh": "Refresh",
    "health.precision": "Recall precision from feedback",
    "health.noFeedback": "No feedback yet.",
    "health.alert": "Recall precision {p} is below the threshold {t}. Failing samples:",
    "health.ok": "Recall precision {p} (threshold {t}, {n} samples).",
    "health.latency": "Latency by operation (ms)",
    "health.sizes": "Store sizes",
    "health.writes": "Write rejections and quarantines",
    "health.precisionByTenant": "Recall precision by tenant",
    "health.metrics": "Prometheus metrics",
    "health.noData": "No data yet.",
    "col.tenant": "tenant",
    "col.query": "query",
    "col.item": "item",
    "col.at": "at",
    "col.user": "user",
    "series.facts": "facts",
    "series.turns": "turns",
    "series.files": "files",
    "series.rejections": "rejections",
    "series.quarantines": "quarantines",
    "series.precision": "precision",
  },
  zh: {
    "panel.title": "你的记忆档案",
    "health.title": "记忆健康度",
    "lang.toggle": "English",
    "login.key": "API 密钥",
    "login.user": "用户 ID",
    "login.admin": "管理员密钥",
    "login.open": "打开",
    "login.signout": "退出",
    "login.hint": "密钥只保存在当前浏览器标签页（sessionStorage）。",
    "switches.title": "记忆开关",
    "switch.memory": "记忆功能（总开关）",
    "switch.preferences": "记住我的偏好",
    "switch.conversations": "记住我们的对话",
    "switch.files": "记住我的文件",
    "prefs.title": "偏好设置",
    "facts.title": "关于你的事实",
    "sessions.title": "近期对话",
    "files.title": "你的文件",
    "files.upload": "上传",
    "files.hint": "文本文件（UTF-8，最大 512 KB）：召回时能找到其中的段落。",
    "files.off": "文件记忆已关闭：不再接收新文件。",
    "files.tooLarge": "{name} 超过 512 KB。",
    "files.meta": "{size} · {passages} 个段落 · 添加于 {when}",
    "files.meta.one": "{size} · 1 个段落 · 添加于 {when}",
    "files.view": "查看内容",
    "confirm.delete.file": "删除文件 {what}？它会立即从召回中消失。",
    "status.uploaded": "已记住 {name}。",
    "quarantine.title": "等待你确认的内容",
    "add.title": "添加一条记忆",
    "add.predicate": "内容类型（如 preferred_theme）",
    "add.value": "值",
    "add.save": "记住",
    "empty": "暂无内容。",
    "action.why": "为什么记住这个？",
    "action.history": "历史",
    "action.edit": "编辑",
    "action.save": "保存",
    "action.cancel": "取消",
    "action.delete": "删除",
    "action.confirm": "保留",
    "action.reject": "丢弃",
    "updated": "最后更新",
    "valid": "有效期",
    "until": "至",
    "superseded": "已被替代",
    "forgotten": "已遗忘",
    "source": "来源",
    "turns": "轮",
    "session.span": "{first} 至 {last}，共 {n} 轮",
    "quarantine.why": "被拦截的原因",
    "confirm.delete.fact": "从记忆中删除“{what}”？",
    "confirm.delete.session": "删除对话 {what}？它会立即从召回中消失。",
    "status.saved": "已保存。",
    "status.deleted": "已删除。",
    "status.loading": "加载中…",
    "status.error": "出错：{message}",
    "health.threshold": "召回准确率告警阈值",
    "health.window": "反馈样本数",
    "health.refresh": "刷新",
    "health.precision": "记忆召回准确率（来自反馈）",
    "health.noFeedback": "暂无反馈。",
    "health.alert": "召回准确率 {p} 低于阈值 {t}。失败样本：",
    "health.ok": "召回准确率 {p}（阈值 {t}，{n} 个样本）。",
    "health.latency": "各操作延迟（毫秒）",
    "health.sizes": "存储规模",
    "health.writes": "写入拒绝与隔离",
    "health.precisionByTenant": "各租户召回准确率",
    "health.metrics": "Prometheus 指标",
    "health.noData": "暂无数据。",
    "col.tenant": "租户",
    "col.query": "查询",
    "col.item": "条目",
    "col.at": "时间",
    "col.user": "用户",
    "series.facts": "事实",
    "series.turns": "对话轮次",
    "series.files": "文件",
    "series.rejections": "拒绝",
    "series.quarantines": "隔离",
    "series.precision": "准确率",
  },
};

const P = {
  lang: sessionStorage.getItem("palimpsest.lang") || (navigator.language.startsWith("zh") ? "zh" : "en"),

  t(key, values) {
    const table = STRINGS[P.lang] || STRINGS.en;
    let text = key in table ? table[key] : STRINGS.en[key] || key;
    for (const [name, value] of Object.entries(values || {})) text = text.split(`{${name}}`).join(String(value));
    return text;
  },

  // Every element with data-i18n (text) or data-i18n-placeholder gets the current language.
  translate(root) {
    document.documentElement.lang = P.lang === "zh" ? "zh-CN" : "en";
    for (const node of (root || document).querySelectorAll("[data-i18n]")) node.textContent = P.t(node.dataset.i18n);
    for (const node of (root || document).querySelectorAll("[data-i18n-placeholder]")) {
      node.placeholder = P.t(node.dataset.i18nPlaceholder);
    }
  },

  toggleLanguage(then) {
    P.lang = P.lang === "zh" ? "en" : "zh";
    sessionStorage.setItem("palimpsest.lang", P.lang);
    P.translate();
    then();
  },

  // The REST API with the key; an error answer throws with the server's message.
  async api(key, path, options) {
    const init = { method: (options && options.method) || "GET", headers: { "X-API-Key": key } };
    if (options && options.body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(options.body);
    }
    const response = await fetch(path, init);
    if (response.status === 204) return null;
    const data = await response.json();
    if (!response.ok) throw new Error((data.error && data.error.message) || response.statusText);
    return data;
  },

  el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
      else if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value === true ? "" : value);
    }
    for (const child of children) if (child !== null && child !== undefined) node.append(child);
    return node;
  },

  when(iso) {
    return iso ? new Date(iso).toLocaleString(P.lang === "zh" ? "zh-CN" : "en-GB") : "—";
  },

  status(message, isError) {
    const box = document.getElementById("status");
    box.textContent = message;
    box.className = isError ? "status error" : "status";
  },

  // Runs an action with the page marked busy (tests and users can wait for data-state="ready").
  async busy(action) {
    document.body.dataset.state = "busy";
    try {
      await action();
    } catch (error) {
      P.status(P.t("status.error", { message: error.message }), true);
    } finally {
      document.body.dataset.state = "ready";
    }
  },
};
