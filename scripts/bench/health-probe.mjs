// The adversarial run's /api/health observer, in a process of its own: the load generator's
// event loop is busy encoding uploads, and a probe sharing it would time its own stalls, not the
// server's. `node scripts/bench/health-probe.mjs <base> <until ms epoch>` prints the samples as JSON.
const [base, until] = [process.argv[2], Number(process.argv[3])];
const samples = [];
while (Date.now() < until) {
  const t0 = Date.now();
  let status;
  try {
    const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    status = res.status;
  } catch (e) {
    status = e.name === "TimeoutError" ? "timeout" : "error";
  }
  samples.push({ status, ms: Date.now() - t0 });
  await new Promise((r) => setTimeout(r, 500));
}
process.stdout.write(JSON.stringify(samples));
