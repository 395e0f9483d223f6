-- The load mix for wrk: about 80% reads, 20% writes, on a small seeded table.
--   70% GET /todos/:id on the seeded ids (1...SEEDED), 10% GET /todos,
--   10% POST /todos, 10% DELETE /todos/:id of a todo this thread created (so the table stays small).
-- Prints one machine-readable RESULT line at the end, read by load.sh.

local seeded = tonumber(os.getenv("SEEDED") or "20")
local counter = 0
local created = {}  -- ids this thread's POSTs created, not yet deleted

wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-Caller"] = "wrk"

request = function()
  counter = counter + 1
  local slot = counter % 10
  if slot == 0 then
    return wrk.format("POST", "/todos", nil, '{"title":"written under load"}')
  elseif (slot == 5 or #created > 16) and #created > 0 then
    return wrk.format("DELETE", "/todos/" .. table.remove(created))
  elseif slot == 9 then
    return wrk.format("GET", "/todos")
  else
    return wrk.format("GET", "/todos/" .. (counter % seeded + 1))
  end
end

response = function(status, headers, body)
  if status == 201 then
    local id = string.match(body, '"id":(%d+)')
    if id then table.insert(created, id) end
  end
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "RESULT requests=%d duration_us=%d status_errors=%d socket_errors=%d p50_us=%d p99_us=%d\n",
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
