import { CHAT, DEFAULT_INTERN_SETTINGS, InternSettingsResponse } from '@cofounder/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEST_OPTIONS } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser } from '../../test/users.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(CHAT_TEST_OPTIONS);
});
afterAll(() => t.close());

describe('intern settings', () => {
  it('answers the defaults (200) until settings are saved, then the saved ones', async () => {
    const user = await signedInUser(t);
    const path = `/api/users/${user.id}/intern-settings`;
    const initial = await call(t, 'GET', path, { token: user.token });
    expect(initial.status).toBe(200);
    expect(InternSettingsResponse.parse(await initial.json())).toEqual({
      success: true,
      settings: DEFAULT_INTERN_SETTINGS,
    });
    expect(DEFAULT_INTERN_SETTINGS.internName).toBe(CHAT.defaultInternName);

    const settings = { internName: 'Nova', communicationStyle: 'direct', formalityLevel: 'casual', responseLength: 'brief', priorityFocus: 'growth' };
    const saved = await call(t, 'POST', path, { token: user.token, body: { settings } });
    expect(InternSettingsResponse.parse(await saved.json())).toEqual({ success: true, settings });
    expect(await (await call(t, 'GET', path, { token: user.token })).json()).toEqual({ success: true, settings });
  });

  it('refuses invalid settings naming the field', async () => {
    const user = await signedInUser(t);
    const path = `/api/users/${user.id}/intern-settings`;
    for (const [settings, field] of [
      [{ internName: 'x'.repeat(31) }, 'settings.internName'],
      [{ internName: '   ' }, 'settings.internName'],
      [{ communicationStyle: 'rude' }, 'settings.communicationStyle'],
      [{ responseLength: 'epic' }, 'settings.responseLength'],
    ] as const) {
      const res = await call(t, 'POST', path, { token: user.token, body: { settings } });
      expect(res.status).toBe(400);
      expect((await res.json()).error.field).toBe(field);
    }
    expect((await (await call(t, 'GET', path, { token: user.token })).json()).settings).toEqual(DEFAULT_INTERN_SETTINGS);
  });

  it("refuses another founder's settings and a missing token", async () => {
    const [owner, other] = [await signedInUser(t), await signedInUser(t)];
    const path = `/api/users/${owner.id}/intern-settings`;
    expect((await call(t, 'GET', path, { token: other.token })).status).toBe(403);
    expect((await call(t, 'GET', path)).status).toBe(401);
  });
});
