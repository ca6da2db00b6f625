// The health dashboard: reads GET /v1/admin/health with the admin key and draws inline SVG charts.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const COLORS = ["#2e90fa", "#f79009", "#d92d20", "#12b76a"];
let adminKey = sessionStorage.getItem("palimpsest.admin");
let latest = null;

function svg(tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

// Grouped bars: one group per label, one bar per series; an optional dashed threshold line.
function barChart(groups, series, options) {
  const width = 640;
  const height = 200;
  const left = 48;
  const bottom = 28;
  const top = 10;
  const max = (options && options.max) || Math.max(1e-9, ...groups.flatMap((g) => g.values));
  const plot = height - bottom - top;
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, width: "100%", role: "img", class: "chart-svg" });
  const y = (value) => top + plot - (plot * Math.min(value, max)) / max;
  for (const tick of [0, 0.5, 1]) {
    chart.append(svg("line", { x1: left, x2: width, y1: y(max * tick), y2: y(max * tick), stroke: "#eef0f4" }));
    chart.append(svg("text", { x: left - 6, y: y(max * tick) + 4, "text-anchor": "end" }, format(max * tick)));
  }
  const slot = (width - left) / Math.max(1, groups.length);
  const bar = Math.min(28, (slot * 0.8) / series.length);
  groups.forEach((group, i) => {
    const start = left + i * slot + (slot - bar * series.length) / 2;
    group.values.forEach((value, j) => {
      const rect = svg("rect", { x: start + j * bar, y: y(value), width: bar - 2, height: top + plot - y(value),
        fill: series[j].color, class: "bar" });
      rect.append(svg("title", {}, `${group.label} · ${series[j].name}: ${format(value)}`));
      chart.append(rect);
    });
    chart.append(svg("text", { x: left + i * slot + slot / 2, y: height - 8, "text-anchor": "middle" }, group.label));
  });
  if (options && options.threshold !== undefined) {
    chart.append(svg("line", { x1: left, x2: width, y1: y(options.threshold), y2: y(options.threshold),
      stroke: "#d92d20", "stroke-dasharray": "4 3", class: "threshold" }));
  }
  const legend = P.el("div", { class: "legend" },
    ...series.map((s) => P.el("span", {}, P.el("i", { style: `background:${s.color}` }), s.name)));
  return [chart, legend];
}

function format(value) {
  return Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1);
}

function draw(sectionId, groups, series, options) {
  const host = document.querySelector(`#${sectionId} .chart`);
  host.replaceChildren(...(groups.length ? barChart(groups, series, options) : [P.el("p", { class: "meta" }, P.t("health.noData"))]));
}

function percent(value) {
  return value === null ? "—" : `${(value * 100).toFixed(1)}%`;
}

function render(health) {
  const t = P.t;
  const p = health.precision;
  const section = document.getElementById("precision");
  section.classList.toggle("alert", p.alert);
  const body = section.querySelector(".body");
  if (p.precision === null) {
    body.replaceChildren(P.el("p", { class: "meta" }, t("health.noFeedback")));
  } else if (p.alert) {
    const rows = p.failing.map((s) => P.el("tr", {}, ...[s.tenant, s.user_id || "—", s.query, s.item_id, P.when(s.at)]
      .map((cell) => P.el("td", {}, cell))));
    const head = P.el("tr", {}, ...["col.tenant", "col.user", "col.query", "col.item", "col.at"]
      .map((k) => P.el("th", {}, t(k))));
    body.replaceChildren(
      P.el("p", { id: "precision-alert", role: "alert" }, t("health.alert", { p: percent(p.precision), t: percent(p.threshold) })),
      P.el("table", { id: "failing" }, head, ...rows),
    );
  } else {
    body.replaceChildren(P.el("p", { id: "precision-ok" },
      t("health.ok", { p: percent(p.precision), t: percent(p.threshold), n: p.useful + p.useless })));
  }
  draw("latency", health.latency.map((l) => ({ label: l.operation, values: [l.p50_ms, l.p95_ms, l.p99_ms] })),
    [{ name: "p50", color: COLORS[0] }, { name: "p95", color: COLORS[1] }, { name: "p99", color: COLORS[2] }]);
  draw("writes", health.tenants.map((x) => ({ label: x.tenant, values: [x.rejections, x.quarantines] })),
    [{ name: t("series.rejections"), color: COLORS[2] }, { name: t("series.quarantines"), color: COLORS[1] }]);
  draw("sizes", health.tenants.map((x) => ({ label: x.tenant, values: [x.facts, x.turns, x.files] })),
    [{ name: t("series.facts"), color: COLORS[0] }, { name: t("series.turns"), color: COLORS[3] },
     { name: t("series.files"), color: COLORS[1] }]);
  const scored = health.tenants.filter((x) => x.precision.precision !== null);
  draw("tenant-precision", scored.map((x) => ({ label: x.tenant, values: [x.precision.precision] })),
    [{ name: t("series.precision"), color: COLORS[3] }], { max: 1, threshold: p.threshold });
}

async function load() {
  const threshold = document.getElementById("threshold").value || "0.7";
  const samples = document.getElementById("window").value || "200";
  const query = `threshold=${encodeURIComponent(threshold)}&window=${encodeURIComponent(samples)}`;
  latest = await P.api(adminKey, `/v1/admin/health?${query}`);
  render(latest);
  P.status("");
}

function show() {
  document.getElementById("dashboard").hidden = !adminKey;
  document.getElementById("login").hidden = Boolean(adminKey);
  document.getElementById("signout").hidden = !adminKey;
  if (adminKey) P.busy(load);
}

document.getElementById("login").addEventListener("submit", (event) => {
  event.preventDefault();
  adminKey = document.getElementById("key").value.trim();
  sessionStorage.setItem("palimpsest.admin", adminKey);
  show();
});

document.getElementById("signout").addEventListener("click", () => {
  sessionStorage.removeItem("palimpsest.admin");
  adminKey = null;
  latest = null;
  P.status("");
  show();
});

document.getElementById("options").addEventListener("submit", (event) => {
  event.preventDefault();
  P.busy(load);
});

document.getElementById("lang").addEventListener("click", () => P.toggleLanguage(() => latest && render(latest)));

P.translate();
show();
