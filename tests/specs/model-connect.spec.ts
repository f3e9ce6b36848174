import { expect, test } from '../support/test.ts';
import { chatLog, sendChatMessage } from '../pages/chat.ts';
import { signInNewFounder } from '../pages/dashboard.ts';
import { FAKE_OLLAMA, startFakeOllama, type FakeOllama } from '../support/fake-ollama.ts';
import { MODE_TEXT } from '@cofounder/shared';

// Issue 23: a founder with a local model server running goes from the offline co-founder to that model in one
// click, with no restart and no env var. The app was started before this Ollama (as a founder starts it later):
// Settings → Model's "Scan again" finds it, and the chat's offer connects it.

let ollama: FakeOllama;
test.beforeAll(async () => {
  ollama = await startFakeOllama();
});
test.afterAll(async () => {
  await ollama?.close();
});

test('connect the local Ollama from the offline banner in one click; the next reply comes from it', async ({ page }) => {
  const model = FAKE_OLLAMA.model;
  ollama.model.reply = ['Talk to ten ', 'bakery owners ', 'before you build anything.'];
  await signInNewFounder(page);
  await expect(page.getByRole('button', { name: MODE_TEXT.offlineCofounder })).toBeVisible();

  await page.getByRole('complementary').getByRole('link', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Model' });
  await expect(section.getByTestId('model-answering')).toHaveText('Offline co-founder (no language model)');
  await section.getByRole('button', { name: 'Scan again' }).click();
  const card = section.getByTestId('local-model-server').filter({ hasText: 'Ollama' });
  await expect(card).toContainText(model);

  await page.getByRole('complementary').getByRole('link', { name: 'Chat' }).click();
  const offer = page.getByRole('region', { name: 'A local model is available' });
  await expect(offer).toContainText(`Ollama is running on this machine with ${model}.`);
  // Nothing switched by itself: the offline co-founder still answers until the click.
  expect(ollama.model.requests).toHaveLength(0);
  await offer.getByRole('button', { name: `Use ${model}` }).click();
  await expect(page.getByText(`Your co-founder now answers with ${model}.`)).toBeVisible();
  await expect(offer).toHaveCount(0);
  await expect(page.getByRole('button', { name: MODE_TEXT.offlineCofounder })).toHaveCount(0);

  await sendChatMessage(page, 'How do I find my first customers?');
  const reply = chatLog(page).locator('[data-kind="intern"]').last();
  await expect(reply).toContainText('Talk to ten bakery owners before you build anything.');
  await expect(reply.getByTestId('offline-draft')).toHaveCount(0);
  const asked = ollama.model.requests.at(-1)!;
  expect(asked.body).toMatchObject({ model, stream: true });
  expect(asked.body.messages.at(-1)).toEqual({ role: 'user', content: 'How do I find my first customers?' });
  // A local server needs no key: none is sent.
  expect(asked.authorization).toBeUndefined();

  // Settings → Model says who answers now, and going back is one button.
  await page.getByRole('complementary').getByRole('link', { name: 'Settings' }).click();
  await expect(section.getByTestId('model-answering')).toHaveText(`${model} — your connection`);
  await section.getByRole('button', { name: 'Use server default' }).click();
  await expect(page.getByText("Back to the server's default.")).toBeVisible();
  await expect(section.getByTestId('model-answering')).toHaveText('Offline co-founder (no language model)');
});
