import { anyOf, expect, refused, test } from '../support/test.ts';
import { signInNewFounder } from '../pages/dashboard.ts';

// The session ended elsewhere: the page's requests are refused on purpose until it leaves for /login.
test.use({
  consoleErrorsAllowed: anyOf(refused(401, '/api/'), refused(400, '/auth/v1/token?grant_type=refresh_token'), refused(403, '/auth/v1/logout')),
});

const baseURL = process.env.E2E_BASE_URL!;

/** Signs the founder in elsewhere (another device) and signs out everywhere from there. */
async function signOutEverywhere(email: string, password: string): Promise<void> {
  const { supabaseAnonKey: apikey } = (await (await fetch(`${baseURL}/api/config`)).json()) as {
    supabaseAnonKey: string;
  };
  const headers = { 'content-type': 'application/json', apikey };
  const signIn = await fetch(`${baseURL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  const { access_token } = (await signIn.json()) as { access_token: string };
  const out = await fetch(`${baseURL}/auth/v1/logout?scope=global`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${access_token}` },
  });
  expect(out.status).toBe(204);
}

test('a dashboard whose session was ended elsewhere goes to /login and stays there', async ({ page }) => {
  const user = await signInNewFounder(page);
  await signOutEverywhere(user.email, user.password);

  await page.getByRole('complementary').getByRole('link', { name: 'Intern Activity' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

  // Nothing of the ended session is left to send /login back to the dashboard.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard/chat');
  await expect(page).toHaveURL(/\/login$/);
});
