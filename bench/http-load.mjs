// A load generator in its own process (like autocannon), so the server's thread does only the server's work:
//   node bench/http-load.mjs '{"url": "...", "headers": {...}, "connections": 50, "durationMs": 3000}'
// keeps `connections` keep-alive connections busy with GETs for durationMs and prints one JSON line:
// { requests, errors, timeouts, rps, p50, p99 } (latencies in ms). Started by load() in auth-api.bench.ts.
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

const { url, headers = {}, connections, durationMs, timeoutMs = 10_000 } = JSON.parse(process.argv[2]);
const target = new URL(url);
const pool = new Pool(target.origin, { connections, pipelining: 1, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
const path = `${target.pathname}${target.search}`;
const latencies = [];
let errors = 0;
let timeouts = 0;

const end = performance.now() + durationMs;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (performance.now() < end) {
      const started = performance.now();
      try {
        const res = await pool.request({ path, method: 'GET', headers });
        await res.body.arrayBuffer();
        if (res.statusCode !== 200) errors++;
        else latencies.push(performance.now() - started);
      } catch (err) {
        if (err?.code === 'UND_ERR_HEADERS_TIMEOUT' || err?.code === 'UND_ERR_BODY_TIMEOUT') timeouts++;
        else errors++;
      }
    }
  }),
);
await pool.close();
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? 0;
console.log(JSON.stringify({ requests: latencies.length, errors, timeouts, rps: latencies.length / (durationMs / 1000), p50: at(0.5), p99: at(0.99) }));
