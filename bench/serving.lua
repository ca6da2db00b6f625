-- wrk script of bench/serving.py: POSTs request bodies read from a file, one body per line.
--
--   wrk -t2 -c16 -d15s --timeout 30s -s bench/serving.lua URL -- BODIES PATH API_KEY THREADS
--
-- Thread k of n sends lines k, k+n, k+2n, ... in order, so no two requests of a run share a
-- body while the file lasts; a thread that runs out starts over and counts the wrap, which
-- the report shows (repeated bodies would hit the server's embedding cache). done() prints one
-- JSON line, prefixed "WRK_RESULT ", with counts, errors and latency percentiles in microseconds.

local threads = {}
local counter = 0

function setup(thread)
  thread:set("index", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

function init(args)
  local file, path, key, stride = args[1], args[2], args[3], tonumber(args[4])
  bodies = {}
  local line_no = 0
  for line in io.lines(file) do
    if line_no % stride == index then
      table.insert(bodies, line)
    end
    line_no = line_no + 1
  end
  if #bodies == 0 then
    error("no request bodies for thread " .. index .. " in " .. file)
  end
  headers = { ["Content-Type"] = "application/json", ["X-API-Key"] = key }
  target = path
  position = 0
  wraps = 0
  non_2xx = 0
end

function request()
  position = position + 1
  if position > #bodies then
    position = 1
    wraps = wraps + 1
  end
  return wrk.format("POST", target, headers, bodies[position])
end

function response(status, response_headers, body)
  if status < 200 or status > 299 then
    non_2xx = non_2xx + 1
    if non_2xx <= 3 then
      io.stderr:write("HTTP " .. status .. ": " .. string.sub(body, 1, 300) .. "\n")
    end
  end
end

function done(summary, latency, requests)
  local wrapped = 0
  for _, thread in ipairs(threads) do
    wrapped = wrapped + (thread:get("wraps") or 0)
  end
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"duration_us": %d, "requests": %d, "errors": {"connect": %d, "read": %d, "write": %d, ' ..
    '"status": %d, "timeout": %d}, "wraps": %d, "latency_us": {"p50": %d, "p95": %d, "p99": %d, ' ..
    '"max": %d, "mean": %.1f}}\n',
    summary.duration, summary.requests, e.connect, e.read, e.write, e.status, e.timeout, wrapped,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max, latency.mean))
end
