import { expect, test } from '../support/test.ts';
import { chatLog, sendChatMessage } from '../pages/chat.ts';
import { signInNewFounder } from '../pages/dashboard.ts';

test('AI settings: a new name shows in the chat header, and brief + direct shape the reply', async ({
  page,
}) => {
  await signInNewFounder(page);

  await page.getByRole('complementary').getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole('tab', { name: 'AI Settings' })).toHaveAttribute('aria-selected', 'true');
  const name = page.getByLabel('Intern name');
  // Nothing saved yet: the form starts from the defaults and offers no save.
  await expect(name).toHaveValue('AI Intern');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);

  await name.fill('Nova');
  await expect(page.getByText('4/30')).toBeVisible();
  await page.getByRole('radio', { name: /^Direct/ }).check();
  await page.getByRole('radio', { name: /^Brief/ }).check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);

  // A reload reads the saved settings back from the server.
  await page.reload();
  await expect(page.getByLabel('Intern name')).toHaveValue('Nova');
  await expect(page.getByRole('radio', { name: /^Brief/ })).toBeChecked();

  await page.getByRole('complementary').getByRole('link', { name: 'Chat' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Nova', exact: true })).toBeVisible();

  // The offline co-founder greets only balanced or supportive founders, and a brief reply makes two points.
  await sendChatMessage(page, 'Hello! How do I find my first customers?');
  const reply = chatLog(page).locator('[data-kind="intern"]').last();
  await expect(reply).not.toHaveText('');
  await expect(reply).not.toContainText('Hello.');
  await expect(reply).not.toContainText('create tasks');
  // The reply is plain text until the Markdown renderer (loaded with the first reply) has drawn its points.
  await expect(reply.locator('li').first()).toBeVisible();
  const bullets = await reply.locator('li').count();
  expect(bullets).toBeLessThanOrEqual(2);
});
