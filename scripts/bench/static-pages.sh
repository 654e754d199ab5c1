#!/bin/sh
# Issue 17, point 5: /about (the English copy; the Chinese copy by cookie, routed by next.config.js;
# by Accept-Language, rewritten by proxy.ts), public/ files and / under 50 connections, 10 s each.
#   sh scripts/bench/static-pages.sh PORT LABEL
# From a checkout with a production build (`npm run build`; DATABASE_URL, REDIS_URL and AUTH_SECRET
# in the environment or .env, as for `next start`): starts `next start` on 127.0.0.1:PORT, measures,
# stops it. The controls tell file size, the proxy and Next's prerender path apart:
#   /icon.svg                    537 B, through proxy.ts (as every public/ file but favicon.ico)
#   /favicon.ico                 1.3 KB, skipped by proxy.ts's matcher
#   /bench-same-size.html        the English copy's bytes, through proxy.ts
#   /prerendered/bench-same-size.html  the same bytes where the copies' files live (proxy.ts skips
#                                public/prerendered/ since they are served from there)
# After an unmeasured warm-up of every target, each is measured once. The last two rows repeat /about and the same-size file with a browser's Accept-Encoding.
# The controls are written into public/ before the server starts (Next lists public/ then) and
# removed at the end. The machine may be shared: before each target the script waits (up to
# 5 minutes) for the 1-minute load average to drop below MAX_LOAD (default 1.5) and prints it.
set -e
PORT=${1:?usage: static-pages.sh PORT LABEL}
LABEL=${2:?usage: static-pages.sh PORT LABEL}
URL=http://127.0.0.1:$PORT
MAX_LOAD=${MAX_LOAD:-1.5}
OUT=${TMPDIR:-/tmp}/static-pages-bench.$$
mkdir -p "$OUT" public/prerendered
COPY=.next/server/app/static-pages/en/about.html
cp "$COPY" public/bench-same-size.html
cp "$COPY" public/prerendered/bench-same-size.html
NODE_ENV=production node node_modules/next/dist/bin/next start -p "$PORT" -H 127.0.0.1 > "$OUT/server.log" 2>&1 &
SERVER=$!
cleanup() { kill "$SERVER" 2>/dev/null || true; rm -f public/bench-same-size.html public/prerendered/bench-same-size.html; rm -rf "$OUT"; }
trap cleanup EXIT INT TERM
for _ in $(seq 60); do curl -sf -o /dev/null "$URL/favicon.ico" && break; sleep 0.5; done

quiet() { # wait for the load average to drop below MAX_LOAD; print it
  for _ in $(seq 30); do
    node -e 'process.exit(+require("fs").readFileSync("/proc/loadavg","utf8").split(" ")[0] < +process.argv[1] ? 0 : 1)' "$MAX_LOAD" && break
    sleep 10
  done
  printf 'load before %s; ' "$(cut -d' ' -f1-3 /proc/loadavg)"
}
# CPU time (user + system, clock ticks) of the server and its children: per request, it is the
# cost of a response, which other work on a shared machine disturbs far less than requests/s.
ticks() { for p in "$SERVER" $(pgrep -P "$SERVER"); do sed 's/.*) //' "/proc/$p/stat" | cut -d' ' -f12,13; done | tr ' ' '\n' | paste -sd+ | bc; }
bench() { # path [header]
  curl -s -o /dev/null ${2:+-H "$2"} "$URL$1"
  quiet
  T0=$(ticks)
  node node_modules/autocannon/autocannon.js -c 50 -d 10 -j ${2:+-H "$2"} "$URL$1" 2>/dev/null > "$OUT/ac.json"
  T1=$(ticks)
  node -e 'const r=require(process.argv[3]); console.log(process.argv[1], process.argv[2], "req/s", Math.round(r.requests.average), "p50", r.latency.p50, "p99", r.latency.p99, "KB/res", Math.round(r.throughput.total/Math.max(1,r.requests.total)/1024), "server-cpu-ms/req", (1000*process.argv[4]/process.argv[5]/Math.max(1,r.requests.total)).toFixed(3), "non2xx", r.non2xx, "errors", r.errors)' "$LABEL" "$1${2:+ [$2]}" "$OUT/ac.json" "$((T1 - T0))" "$(getconf CLK_TCK)"
}
# Warm-up (JIT, lazily loaded route code), unmeasured: 2 s of each target, so the first row is
# not the server's first seconds.
for t in /about "/about NEXT_LOCALE=zh" /icon.svg /favicon.ico /bench-same-size.html /prerendered/bench-same-size.html /; do
  set -- $t
  node node_modules/autocannon/autocannon.js -c 10 -d 2 ${2:+-H "cookie:$2"} "$URL$1" > /dev/null 2>&1
done
node node_modules/autocannon/autocannon.js -c 10 -d 2 -H "accept-language:zh-CN,zh;q=0.9" "$URL/about" > /dev/null 2>&1
node node_modules/autocannon/autocannon.js -c 10 -d 2 -H "accept-encoding:gzip" "$URL/about" > /dev/null 2>&1
date -u +"%Y-%m-%d %H:%M UTC"
bench /about
bench /about "cookie:NEXT_LOCALE=zh"
bench /about "accept-language:zh-CN,zh;q=0.9"
bench /icon.svg
bench /favicon.ico
bench /bench-same-size.html
bench /prerendered/bench-same-size.html
bench /
# As browsers ask: Next gzips every response itself, the file's too.
bench /about "accept-encoding:gzip, deflate, br"
bench /prerendered/bench-same-size.html "accept-encoding:gzip, deflate, br"
