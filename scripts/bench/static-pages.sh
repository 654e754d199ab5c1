#!/bin/sh
# Issue 17, point 5: /about, a public/ file and / under 50 connections, 10 s each, one run each,
# load average after each (the machine is shared: compare each to the public/ file).
#   sh scripts/bench/static-pages.sh http://127.0.0.1:3000 LABEL   (against a running `next start`)
for p in /about /icon.svg /; do
  curl -s -o /dev/null "$1$p"
  node node_modules/autocannon/autocannon.js -c 50 -d 10 -j "$1$p" 2>/dev/null > "${TMPDIR:-/tmp}/ac.json"
  node -e 'const r=require(process.argv[3]); console.log(process.argv[1], process.argv[2], "req/s", Math.round(r.requests.average), "p50", r.latency.p50, "p99", r.latency.p99, "non2xx", r.non2xx, "errors", r.errors)' "$2" "$p" "${TMPDIR:-/tmp}/ac.json"
  cut -d" " -f1-3 /proc/loadavg
done
