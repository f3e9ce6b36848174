import { UpgradeRequiredBody } from '@cofounder/shared';
import { expect } from 'vitest';

// givePlan lives in plans.ts (no vitest in it: benches use it too).
export { givePlan } from './plans.ts';

/** The gate let the call through: the route answers (a path no router has ends in the router's JSON 404). */
export async function expectPassesGate(res: Response): Promise<void> {
  const body: unknown = await res.json();
  expect(body).not.toHaveProperty('upgradeRequired');
  if (res.url.includes('/api/sms/status/')) {
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true });
  } else {
    expect(res.status).toBe(404);
    expect(body).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  }
}

/** The gate refused the call: 403 with the shared body naming the plan to upgrade to (spec 2 §6). */
export async function expectUpgradeRequired(res: Response): Promise<void> {
  expect(res.status).toBe(403);
  const body: unknown = await res.json();
  expect(UpgradeRequiredBody.parse(body)).toEqual(body);
  expect(body).toEqual({
    error: { code: 'forbidden', message: 'Upgrade to Builder to access this feature' },
    upgradeRequired: true,
    plan: 'builder',
    planName: 'Builder',
  });
}
