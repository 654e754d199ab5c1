#!/bin/sh
# Issue 17, point 5: /about (the English copy; the Chinese copy by cookie, routed by next.config.js;
# by Accept-Language, rewritten by proxy.ts), a public/ file and / under 50 connections, 10 s each,
# one run each, load average after each (the machine is shared: compare each to the public/ file).
#   sh scripts/bench/static-pages.sh http://127.0.0.1:3000 LABEL   (against a running `next start`)
bench() { # path [header]
  curl -s -o /dev/null ${2:+-H "$2"} "$URL$1"
  node node_modules/autocannon/autocannon.js -c 50 -d 10 -j ${2:+-H "$2"} "$URL$1" 2>/dev/null > "${TMPDIR:-/tmp}/ac.json"
  node -e 'const r=require(process.argv[3]); console.log(process.argv[1], process.argv[2], "req/s", Math.round(r.requests.average), "p50", r.latency.p50, "p99", r.latency.p99, "non2xx", r.non2xx, "errors", r.errors)' "$LABEL" "$1${2:+ [$2]}" "${TMPDIR:-/tmp}/ac.json"
  cut -d" " -f1-3 /proc/loadavg
}
URL=$1
LABEL=$2
bench /about
bench /about "cookie:NEXT_LOCALE=zh"
bench /about "accept-language:zh-CN,zh;q=0.9"
bench /icon.svg
bench /
