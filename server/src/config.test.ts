import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a local install', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.monitorPort).toBe(3001);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.dataDir).toMatch(/\.data$/);
    expect(c.databaseUrl).toBeNull();
    expect(c.supabase).toBeNull();
    expect(c.email.smtpUrl).toBeNull();
    expect(c.auth.signupDisabled).toBe(false);
    expect(c.ai).toEqual({
      apiKey: null,
      model: 'gpt-4o-mini',
      baseUrl: null,
      timeoutMs: 60_000,
      firstTokenTimeoutMs: 30_000,
      maxRetries: 2,
      webSearch: false,
      researchModel: 'gpt-4o-mini',
      computerModel: 'computer-use-preview',
    });
  });

  it('binds to this machine only while a local convenience runs, unless HOST says otherwise (issue 20 §1)', () => {
    const local = loadConfig({});
    expect(local.host).toBe('127.0.0.1');
    expect(local.localConveniences).toEqual(['dev mailbox', 'local checkout', 'SMS simulator']);
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const real = loadConfig({
      SMTP_URL: 'smtp://u:p@mail.example.com:587',
      STRIPE_SECRET_KEY: 'sk_test_x',
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'tok',
      TWILIO_PHONE_NUMBER: '+14155550123',
    });
    expect(real.localConveniences).toEqual([]);
    expect(real.host).toBe('0.0.0.0');
  });

  it('reads the AI settings, trimming the base URL', () => {
    const c = loadConfig({
      OPENAI_API_KEY: 'sk-x',
      OPENAI_MODEL: 'llama3',
      OPENAI_BASE_URL: 'http://localhost:11434/v1/',
      OPENAI_TIMEOUT_MS: '5000',
      OPENAI_FIRST_TOKEN_TIMEOUT_MS: '2000',
      OPENAI_MAX_RETRIES: '0',
    });
    expect(c.ai).toEqual({
      apiKey: 'sk-x',
      model: 'llama3',
      baseUrl: 'http://localhost:11434/v1',
      timeoutMs: 5000,
      firstTokenTimeoutMs: 2000,
      maxRetries: 0,
      webSearch: false,
      researchModel: 'llama3',
      computerModel: 'computer-use-preview',
    });
  });

  it('reads web research: AI_WEB_SEARCH and OPENAI_RESEARCH_MODEL', () => {
    const c = loadConfig({ OPENAI_API_KEY: 'sk-x', AI_WEB_SEARCH: 'true', OPENAI_RESEARCH_MODEL: 'gpt-4.1' });
    expect(c.ai).toMatchObject({ model: 'gpt-4o-mini', webSearch: true, researchModel: 'gpt-4.1' });
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ MONITOR_PORT: '-1' }, /MONITOR_PORT/],
    [{ PUBLIC_URL: 'localhost:3000' }, /PUBLIC_URL/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ AUTH_JWT_SECRET: 'short' }, /AUTH_JWT_SECRET/],
    [{ SIGNUP_DISABLED: 'maybe' }, /SIGNUP_DISABLED/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ CORS_ORIGINS: 'https://ok.example, not a url' }, /CORS_ORIGINS/],
    [{ SUPABASE_URL: 'https://x.supabase.co' }, /SUPABASE_ANON_KEY/],
    [{ SUPABASE_ANON_KEY: 'k'.repeat(40) }, /SUPABASE_URL/],
    [{ OPENAI_BASE_URL: 'localhost:11434' }, /OPENAI_BASE_URL/],
    [{ OPENAI_TIMEOUT_MS: 'soon' }, /OPENAI_TIMEOUT_MS/],
    [{ OPENAI_FIRST_TOKEN_TIMEOUT_MS: 'soon' }, /OPENAI_FIRST_TOKEN_TIMEOUT_MS/],
    [{ OPENAI_FIRST_TOKEN_TIMEOUT_MS: '10' }, /OPENAI_FIRST_TOKEN_TIMEOUT_MS/],
    [{ OPENAI_MAX_RETRIES: '-1' }, /OPENAI_MAX_RETRIES/],
    [{ AI_WEB_SEARCH: 'maybe' }, /AI_WEB_SEARCH/],
  ])('names the bad variable: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('never echoes secret values', () => {
    expect(() => loadConfig({ AUTH_JWT_SECRET: 'hunter2' })).not.toThrow(/hunter2/);
  });

  it('switches providers to real when their settings are present', () => {
    const c = loadConfig({
      PORT: '8080',
      SUPABASE_URL: 'https://x.supabase.co/',
      SUPABASE_ANON_KEY: 'k'.repeat(40),
      SMTP_URL: 'smtps://u:p@smtp.example.com',
      DATABASE_URL: 'postgres://u:p@db/cofounder',
      CORS_ORIGINS: 'https://a.example/, https://b.example',
      SIGNUP_DISABLED: 'yes',
      AUTH_RATE_LIMITS: 'false',
      DATA_DIR: 'relative/dir',
    });
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.supabase).toEqual({ url: 'https://x.supabase.co', anonKey: 'k'.repeat(40), jwtSecret: null });
    expect(c.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(c.auth.signupDisabled).toBe(true);
    expect(c.auth.limits.signInPerIp).toBe(Number.POSITIVE_INFINITY);
    expect(c.dataDir.startsWith('/')).toBe(true);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', SMTP_URL: '' }).port).toBe(3000);
  });

  it('configures a social platform exactly when its client id and secret are both set', () => {
    const none = loadConfig({});
    expect(none.social).toEqual({ tokenKey: null, twitter: null, reddit: null });
    expect(loadConfig({ X_CLIENT_ID: 'id' }).social.twitter).toBeNull();
    const c = loadConfig({ X_CLIENT_ID: 'id', X_CLIENT_SECRET: 'secret', REDDIT_CLIENT_ID: 'r', REDDIT_CLIENT_SECRET: 's' });
    expect(c.social.twitter).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      authorizeUrl: 'https://x.com/i/oauth2/authorize',
      apiBaseUrl: 'https://api.x.com',
      authBaseUrl: 'https://api.x.com',
    });
    expect(c.social.reddit).toMatchObject({
      authorizeUrl: 'https://www.reddit.com/api/v1/authorize',
      authBaseUrl: 'https://www.reddit.com',
      apiBaseUrl: 'https://oauth.reddit.com',
    });
  });

  it('reads TOKEN_ENCRYPTION_KEY as 32 bytes of hex or base64 and never echoes a bad one', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ TOKEN_ENCRYPTION_KEY: hex }).social.tokenKey).toEqual(Buffer.from(hex, 'hex'));
    const b64 = Buffer.alloc(32, 9).toString('base64');
    expect(loadConfig({ TOKEN_ENCRYPTION_KEY: b64 }).social.tokenKey).toEqual(Buffer.alloc(32, 9));
    expect(() => loadConfig({ TOKEN_ENCRYPTION_KEY: 'too-short-secret' })).toThrow(/TOKEN_ENCRYPTION_KEY/);
    expect(() => loadConfig({ TOKEN_ENCRYPTION_KEY: 'too-short-secret' })).not.toThrow(/too-short-secret/);
  });
});

describe('Twilio (phone) config', () => {
  const sid = `AC${'a'.repeat(32)}`;
  it('is local when unset and real with SID, token and number', () => {
    expect(loadConfig({}).twilio).toBeNull();
    const real = loadConfig({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'tok-secret', TWILIO_PHONE_NUMBER: '+14155550123' });
    expect(real.twilio).toMatchObject({ accountSid: sid, phoneNumber: '+14155550123', apiBaseUrl: 'https://api.twilio.com', apiKeySid: null });
  });
  it('names the missing or bad variable and never echoes the token', () => {
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: sid, TWILIO_PHONE_NUMBER: '+14155550123' })).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'tok-secret' })).toThrow(/TWILIO_PHONE_NUMBER/);
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'x', TWILIO_PHONE_NUMBER: '4155550123' })).toThrow(/TWILIO_PHONE_NUMBER/);
    expect(() => loadConfig({ TWILIO_AUTH_TOKEN: 'tok-secret' })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() =>
      loadConfig({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'x', TWILIO_PHONE_NUMBER: '+14155550123', TWILIO_API_KEY_SID: `SK${'b'.repeat(32)}` }),
    ).toThrow(/TWILIO_API_KEY_SECRET/);
  });
  it('reads TRUST_PROXY as a number of proxies (true is one)', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });

  it('reads the machine settings: allow-listed hosts, the cap and the search page', () => {
    const c = loadConfig({ VM_ALLOW_HOSTS: ' Localhost:3114, 127.0.0.1:3114 ,', VM_MAX_LOCAL_MACHINES: '2' });
    expect(c.vm).toMatchObject({ allowHosts: ['localhost:3114', '127.0.0.1:3114'], maxLocalMachines: 2, searchUrl: 'https://duckduckgo.com/html/?q=' });
    expect(loadConfig({ VM_CHROMIUM_PATH: '/opt/chrome' }).vm.chromiumPath).toBe('/opt/chrome');
  });

  it('puts machines on registered browser hosts only with VM_HOSTS=registered and a shared Postgres', () => {
    expect(loadConfig({}).vm.hosts).toBeNull();
    const pg = 'postgres://cofounder@db.internal/cofounder';
    expect(loadConfig({ VM_HOSTS: 'registered', DATABASE_URL: pg }).vm.hosts).toBe('registered');
    expect(() => loadConfig({ VM_HOSTS: 'registered' })).toThrow(/VM_HOSTS.*DATABASE_URL/);
  });

  it('opens machines on plain DevTools endpoints with VM_HOSTS=capacity@ws://…, never echoing their tokens', () => {
    const pool = 'wss://pool.example/chromium?token=sEcReT-token';
    expect(loadConfig({ VM_HOSTS: ` 4@${pool}, 2@ws://10.0.0.5:9222/devtools/browser/abc ` }).vm).toMatchObject({
      hosts: null,
      pool: [
        { url: pool, capacity: 4 },
        { url: 'ws://10.0.0.5:9222/devtools/browser/abc', capacity: 2 },
      ],
      egressHost: '127.0.0.1',
    });
    expect(loadConfig({}).vm.pool).toEqual([]);
    expect(loadConfig({ VM_HOSTS: `1@${pool}`, VM_EGRESS_HOST: '10.0.0.2' }).vm.egressHost).toBe('10.0.0.2');
    for (const bad of [pool, `0@${pool}`, `101@${pool}`, '4@http://pool:3000', '4@ws://', 'registered,4@ws://pool:3000']) {
      const attempt = () => loadConfig({ VM_HOSTS: bad, DATABASE_URL: 'postgres://cofounder@db.internal/cofounder' });
      expect(attempt, bad).toThrow(/Invalid VM_HOSTS: is "registered" \(hosts in the database\) or DevTools endpoints/);
      expect(attempt, bad).not.toThrow(/sEcReT/);
    }
  });
});
