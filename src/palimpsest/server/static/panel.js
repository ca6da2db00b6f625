// The memory panel: what is remembered about one user, with "why", edit and delete, and the
// switches. It only calls the REST API, with the user's key (kept in sessionStorage).
"use strict";

const el = P.el;
const t = P.t;
const state = { key: sessionStorage.getItem("palimpsest.key"), user: sessionStorage.getItem("palimpsest.user") };
const enc = encodeURIComponent;

function call(path, options) {
  return P.api(state.key, path, options);
}

function userPath(rest) {
  return `/v1/users/${enc(state.user)}${rest}`;
}

async function refresh() {
  const [controls, facts, sessions, quarantine, files] = await Promise.all([
    call(userPath("/controls")),
    call(`/v1/facts?user_id=${enc(state.user)}&limit=500`),
    call(userPath("/sessions")),
    call(`/v1/quarantine?user_id=${enc(state.user)}&limit=500`),
    call(userPath("/files?limit=500")),
  ]);
  for (const box of document.querySelectorAll("[data-switch]")) box.checked = Boolean(controls[box.dataset.switch]);
  // The server refuses files while the switch is off; the form says so instead of failing.
  const filesOn = Boolean(controls.memory && controls.files);
  document.getElementById("files-off").hidden = filesOn;
  for (const node of document.querySelectorAll("#file-form input, #file-form button")) node.disabled = !filesOn;
  fill("files", files.items, fileRow);
  const preferences = facts.items.filter((f) => f.category === "preferences");
  const others = facts.items.filter((f) => f.category !== "preferences");
  fill("preferences", preferences, factRow);
  fill("facts", others, factRow);
  fill("sessions", sessions, sessionRow);
  fill("quarantine", quarantine.items, quarantineRow);
}

function fill(sectionId, items, row) {
  const list = document.querySelector(`#${sectionId} ul`);
  list.replaceChildren(...(items.length ? items.map(row) : [el("li", { class: "meta" }, t("empty"))]));
}

function detail(host, ...content) {
  const existing = host.querySelector(":scope > .detail");
  if (existing) existing.remove();
  host.append(el("div", { class: "detail" }, ...content));
}

function factRow(fact) {
  const item = el("li", { "data-predicate": fact.predicate, "data-subject": fact.subject, "data-id": fact.id });
  const value = el("span", { class: "value" }, fact.value);
  const meta = el("span", { class: "meta" }, ` · ${t("updated")} ${P.when(fact.recorded_at)}`);
  const actions = el(
    "span",
    { class: "actions" },
    el("button", { type: "button", class: "why", onclick: () => P.busy(() => showWhy(item, fact)) }, t("action.why")),
    el("button", { type: "button", class: "history", onclick: () => P.busy(() => showHistory(item, fact)) },
      t("action.history")),
    el("button", { type: "button", class: "edit", onclick: () => startEdit(item, fact) }, t("action.edit")),
    el("button", { type: "button", class: "delete danger", onclick: () => deleteFact(fact) }, t("action.delete")),
  );
  item.append(el("span", { class: "name" }, fact.predicate), value, meta, actions);
  return item;
}

async function showWhy(item, fact) {
  const why = await call(`/v1/facts/versions/${enc(fact.id)}/why`);
  detail(item, why.text);
}

async function showHistory(item, fact) {
  const params = `predicate=${enc(fact.predicate)}&user_id=${enc(state.user)}&limit=500`;
  const history = await call(`/v1/facts/${enc(fact.subject)}/history?${params}`);
  const rows = history.items.map((v) =>
    el(
      "li",
      { class: "version" },
      el("span", { class: "value" }, v.value),
      el(
        "span",
        { class: "meta" },
        ` · ${t("valid")} ${P.when(v.valid_from)} ${t("until")} ${P.when(v.valid_to)} · ${t("source")} ${v.source}` +
          (v.superseded_at ? ` · ${t("superseded")} ${P.when(v.superseded_at)}` : "") +
          (v.forgotten_at ? ` · ${t("forgotten")} ${P.when(v.forgotten_at)}` : ""),
      ),
    ),
  );
  detail(item, el("ul", { class: "items" }, ...rows));
}

function startEdit(item, fact) {
  const input = el("input", { type: "text", class: "edit-value", value: fact.value });
  const save = () =>
    P.busy(async () => {
      const body = { subject: fact.subject, predicate: fact.predicate, value: input.value, user_id: state.user,
        source: "user_command", reason: "edited in the memory panel" };
      await call("/v1/facts", { method: "POST", body });
      await refresh();
      P.status(t("status.saved"));
    });
  const form = el(
    "form",
    { class: "inline detail", onsubmit: (event) => { event.preventDefault(); save(); } },
    input,
    el("button", { type: "submit", class: "save" }, t("action.save")),
    el("button", { type: "button", class: "cancel", onclick: () => form.remove() }, t("action.cancel")),
  );
  const existing = item.querySelector(":scope > .detail");
  if (existing) existing.remove();
  item.append(form);
  input.focus();
}

function deleteFact(fact) {
  if (!window.confirm(t("confirm.delete.fact", { what: `${fact.predicate}: ${fact.value}` }))) return;
  P.busy(async () => {
    const body = { predicate: fact.predicate, subject: fact.subject, reason: "deleted in the memory panel" };
    await call(userPath("/forget"), { method: "POST", body });
    await refresh();
    P.status(t("status.deleted"));
  });
}

const MAX_FILE_BYTES = 512 * 1024;
const TEXT_TYPES = { md: "text/markdown", markdown: "text/markdown", csv: "text/csv", tsv: "text/tab-separated-values",
  json: "application/json", yaml: "application/yaml", yml: "application/yaml", toml: "application/toml",
  xml: "application/xml", html: "text/html", htm: "text/html" };

function mediaType(file) {
  if (file.type) return file.type;
  const extension = file.name.includes(".") ? file.name.split(".").pop().toLowerCase() : "";
  return TEXT_TYPES[extension] || "text/plain";
}

// The raw bytes go as base64, so the server (not the browser) decides whether they are UTF-8.
function base64(buffer) {
  const bytes = new Uint8Array(buffer);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function readableSize(bytes) {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

function fileRow(file) {
  const item = el("li", { "data-file": file.id, "data-name": file.name });
  const meta = t(file.passages === 1 ? "files.meta.one" : "files.meta",
    { size: readableSize(file.size), passages: file.passages, when: P.when(file.added_at) });
  const view = async () => {
    const full = await call(`/v1/files/${enc(file.id)}`);
    detail(item, el("pre", { class: "file-text" }, full.content));
  };
  const remove = () => {
    if (!window.confirm(t("confirm.delete.file", { what: file.name }))) return;
    P.busy(async () => {
      await call(`/v1/files/${enc(file.id)}`, { method: "DELETE" });
      await refresh();
      P.status(t("status.deleted"));
    });
  };
  item.append(
    el("span", { class: "name" }, file.name),
    el("span", { class: "meta" }, meta),
    el(
      "span",
      { class: "actions" },
      el("button", { type: "button", class: "why", onclick: () => detail(item, file.why) }, t("action.why")),
      el("button", { type: "button", class: "view", onclick: () => P.busy(view) }, t("files.view")),
      el("button", { type: "button", class: "delete danger", onclick: remove }, t("action.delete")),
    ),
  );
  return item;
}

function sessionRow(session) {
  const item = el("li", { "data-session": session.session_id });
  const span = t("session.span", { first: P.when(session.first_at), last: P.when(session.last_at), n: session.turns });
  const remove = () => {
    if (!window.confirm(t("confirm.delete.session", { what: session.session_id }))) return;
    P.busy(async () => {
      await call(userPath(`/sessions/${enc(session.session_id)}/forget`), { method: "POST", body: {} });
      await refresh();
      P.status(t("status.deleted"));
    });
  };
  item.append(
    el("span", { class: "name" }, session.session_id),
    el("span", { class: "meta" }, span),
    el("span", { class: "actions" }, el("button", { type: "button", class: "delete danger", onclick: remove },
      t("action.delete"))),
  );
  return item;
}

function quarantineRow(held) {
  const item = el("li", { "data-quarantine": held.id });
  const decide = (decision) =>
    P.busy(async () => {
      await call(`/v1/quarantine/${enc(held.id)}/${decision}`, { method: "POST", body: { by: state.user } });
      await refresh();
      P.status(t(decision === "confirm" ? "status.saved" : "status.deleted"));
    });
  const reasons = held.findings.map((f) => `${f.kind} (${f.evidence})`);
  item.append(
    el("span", { class: "value" }, held.content),
    el("span", { class: "meta" }, ` · ${P.when(held.created_at)}`),
    el(
      "span",
      { class: "actions" },
      el("button", { type: "button", class: "why", onclick: () => detail(item, `${t("quarantine.why")}: ${reasons.join("; ")}`) },
        t("action.why")),
      el("button", { type: "button", class: "confirm", onclick: () => decide("confirm") }, t("action.confirm")),
      el("button", { type: "button", class: "reject danger", onclick: () => decide("reject") }, t("action.reject")),
    ),
  );
  return item;
}

function show() {
  const signedIn = Boolean(state.key && state.user);
  document.getElementById("panel").hidden = !signedIn;
  document.getElementById("login").hidden = signedIn;
  document.getElementById("signout").hidden = !signedIn;
  if (signedIn) P.busy(refresh);
}

document.getElementById("login").addEventListener("submit", (event) => {
  event.preventDefault();
  state.key = document.getElementById("key").value.trim();
  state.user = document.getElementById("user").value.trim();
  sessionStorage.setItem("palimpsest.key", state.key);
  sessionStorage.setItem("palimpsest.user", state.user);
  show();
});

document.getElementById("signout").addEventListener("click", () => {
  sessionStorage.removeItem("palimpsest.key");
  sessionStorage.removeItem("palimpsest.user");
  state.key = null;
  state.user = null;
  P.status("");
  show();
});

for (const box of document.querySelectorAll("[data-switch]")) {
  box.addEventListener("change", () =>
    P.busy(async () => {
      await call(userPath("/controls"), { method: "PATCH", body: { [box.dataset.switch]: box.checked } });
      await refresh();
      P.status(t("status.saved"));
    }),
  );
}

document.getElementById("add-form").addEventListener("submit", (event) => {
  event.preventDefault();
  P.busy(async () => {
    const body = { subject: state.user, user_id: state.user, source: "user_command", reason: "added in the memory panel",
      predicate: document.getElementById("add-predicate").value.trim(),
      value: document.getElementById("add-value").value.trim() };
    await call("/v1/facts", { method: "POST", body });
    event.target.reset();
    await refresh();
    P.status(t("status.saved"));
  });
});

document.getElementById("file-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const file = document.getElementById("file-input").files[0];
  if (!file) return;
  if (file.size > MAX_FILE_BYTES) {
    P.status(t("files.tooLarge", { name: file.name }), true);
    return;
  }
  P.busy(async () => {
    const body = { user_id: state.user, name: file.name, media_type: mediaType(file),
      content_base64: base64(await file.arrayBuffer()), metadata: { uploaded_from: "memory panel" } };
    event.target.reset();
    try {
      await call("/v1/files", { method: "POST", body });
    } finally {
      await refresh(); // a file held by the immune system shows up among the items waiting for confirmation
    }
    P.status(t("status.uploaded", { name: file.name }));
  });
});

document.getElementById("lang").addEventListener("click", () => P.toggleLanguage(() => state.key && state.user && P.busy(refresh)));

P.translate();
show();
