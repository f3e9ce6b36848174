// How much does authentication cost a request? Measures, in one process and one run, the throughput of a
// bare route (GET /api/health, the baseline), an authenticated route (GET /api/me: bearer check with the
// verified-token cache) and a token refresh (rotation: two writes), and prints each as a ratio of the baseline.
import { latestMail, verifyLinkOf, uniqueEmail } from '../server/src/test/mail.ts';
import { startTestServer } from '../server/src/test/server.ts';

const DURATION_MS = Number(process.env.BENCH_MS ?? 3000);
const CONCURRENCY = 8;

/** Requests completed per second by CONCURRENCY loops calling `once` for DURATION_MS. */
async function throughput(once: () => Promise<void>): Promise<number> {
  let done = 0;
  const end = performance.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        await once();
        done++;
      }
    }),
  );
  return done / (DURATION_MS / 1000);
}

const server = await startTestServer({ env: { AUTH_RATE_LIMITS: 'false' } });
try {
  const supabase = server.supabase();
  const email = uniqueEmail('bench');
  await supabase.auth.signUp({ email, password: 'Str0ng!pass' });
  await fetch(verifyLinkOf(await latestMail(server.baseUrl, email, /confirm/i)), { redirect: 'manual' });
  const { data } = await supabase.auth.signInWithPassword({ email, password: 'Str0ng!pass' });
  const token = data.session!.access_token;
  let refreshToken = data.session!.refresh_token;

  const get = (path: string, headers: Record<string, string> = {}) => async () => {
    const res = await fetch(`${server.baseUrl}${path}`, { headers });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    await res.arrayBuffer();
  };
  // Refreshes must chain (each rotation spends the previous token), so they run one at a time.
  const refresh = async () => {
    const res = await fetch(`${server.baseUrl}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    if (!res.ok) throw new Error(`refresh: ${res.status}`);
    refreshToken = ((await res.json()) as { refresh_token: string }).refresh_token;
  };

  await throughput(get('/api/health')); // warm-up
  const base = await throughput(get('/api/health'));
  const me = await throughput(get('/api/me', { authorization: `Bearer ${token}` }));
  let refreshes = 0;
  const end = performance.now() + DURATION_MS;
  while (performance.now() < end) {
    await refresh();
    refreshes++;
  }
  const refreshRate = refreshes / (DURATION_MS / 1000);

  console.log(`baseline GET /api/health      ${base.toFixed(0)} req/s (1.00)`);
  console.log(`GET /api/me (bearer, cached)  ${me.toFixed(0)} req/s (${(me / base).toFixed(2)} of baseline)`);
  console.log(`token refresh (sequential)    ${refreshRate.toFixed(0)} req/s (${(refreshRate / base).toFixed(2)} of baseline)`);
} finally {
  await server.close();
}
