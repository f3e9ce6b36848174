import { expect, test } from '../fixtures/extension.ts';
import { anyOf, refused } from '../support/test.ts';
import { connectTo, signIn } from '../pages/extension.ts';
import { createConfirmedUser } from '../support/users.ts';

// The wrong password is refused on purpose (400 from the token endpoint).
test.use({ consoleErrorsAllowed: anyOf(refused(400, '/auth/v1/token?grant_type=password')) });

const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';

test('popup signs in against the configured server, opens the dashboard and signs out', async ({
  popup,
  context,
}) => {
  const user = await createConfirmedUser(baseURL);
  await connectTo(popup, baseURL);

  await signIn(popup, user.email, user.password);
  await expect(popup.getByText('Signed in as')).toBeVisible();
  await expect(popup.getByText(user.email)).toBeVisible();

  const [dashboard] = await Promise.all([
    context.waitForEvent('page'),
    popup.getByRole('link', { name: 'Open dashboard' }).click(),
  ]);
  await expect(dashboard).toHaveURL((url) => url.origin === baseURL);
  await dashboard.close();

  // The session lives in extension storage: a freshly opened popup is still signed in.
  await popup.reload();
  await expect(popup.getByText(user.email)).toBeVisible();

  await popup.getByRole('button', { name: 'Sign Out' }).click();
  await expect(popup.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(popup.getByLabel('Email', { exact: true })).toBeVisible();
});

test('popup validates the form and explains a wrong password', async ({ popup }) => {
  const user = await createConfirmedUser(baseURL);
  await connectTo(popup, baseURL);

  await popup.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(popup.getByRole('alert')).toHaveText('Please fix the errors below');
  await expect(popup.getByText('Email is required')).toBeVisible();
  await expect(popup.getByText('Password is required')).toBeVisible();

  await signIn(popup, user.email, 'Wr0ng!password');
  await expect(popup.getByRole('alert')).toHaveText(
    'Incorrect email or password. If you just registered, please verify your email first.',
  );
  await expect(popup.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
});
