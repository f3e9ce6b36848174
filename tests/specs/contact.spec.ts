import { anyOf, expect, test } from '../support/test.ts';
import { CONTACT } from '@cofounder/shared';

// The network error the page must explain is made on purpose (the contact request is cut).
test.use({ consoleErrorsAllowed: anyOf(/net::ERR_CONNECTION_REFUSED \(http[^ ]*\/api\/contact\)/) });

test('contact: the required fields are named, a message reaches the team mailbox, a network error is explained', async ({
  page,
}) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(`within ${CONTACT.responseHours} hours`).first()).toBeVisible();

  // Nothing filled: every required field says so, the first one has the focus.
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Full name is required')).toBeVisible();
  await expect(form.getByText('Email is required')).toBeVisible();
  await expect(form.getByText('Message is required')).toBeVisible();
  await expect(form.getByLabel('Full name')).toBeFocused();

  const sender = `founder-${Date.now()}@example.com`;
  await form.getByLabel('Full name').fill('Ada Founder');
  await form.getByLabel('Email').fill(sender);
  await form.getByLabel('Subject').selectOption('Product Demo');
  // Markup in a message is text: it is mailed as typed and never rendered.
  await form.getByLabel('Message').fill('Hello <b>team</b>, <script>alert(1)</script> can we see a demo?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(CONTACT.successText)).toBeVisible();
  await expect(form.getByLabel('Full name')).toHaveValue('');

  // The team's copy is in the dev mailbox, with the markup shown as text.
  await page.goto('/dev/mailbox');
  const mail = page.locator('article, li, tr').filter({ hasText: 'Contact form: Product Demo' }).first();
  await expect(mail).toBeVisible();
  await expect(page.getByText('<b>team</b>').first()).toBeVisible();

  // The server cannot be reached: the network-error text.
  await page.goto('/contact');
  await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
  await form.getByLabel('Full name').fill('Ada Founder');
  await form.getByLabel('Email').fill(sender);
  await form.getByLabel('Subject').selectOption('Billing');
  await form.getByLabel('Message').fill('Second try');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(CONTACT.networkErrorText)).toBeVisible();
});
