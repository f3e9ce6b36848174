import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { MODEL_SETTINGS, type ModelConnectionTest, type ModelTestResponse } from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../../test/fake-auth.ts';
import type { FakeRequest } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render.tsx';
import { modelServer, OLLAMA, refused, SAVED_OPENAI, savedAnswer, serverDefault } from './test-server.ts';

const passed = (models: string[], latencyMs: number | null): ModelTestResponse => ({
  success: true,
  ok: true,
  models,
  latencyMs,
  failure: null,
});

async function openForm(fetch: typeof globalThis.fetch) {
  const view = renderApp('/dashboard/settings#model', { fetch, auth: createFakeAuth(fakeSession()) });
  const form = (await screen.findByRole('form', { name: 'Model connection' })) as HTMLElement;
  return { ...view, form };
}

const answering = () => screen.getByTestId('model-answering').textContent;
const radio = (form: HTMLElement, name: string) =>
  within(form).getByRole('radio', { name }) as HTMLInputElement;
const field = (form: HTMLElement, name: string) => within(form).getByLabelText(name) as HTMLInputElement;
const button = (form: HTMLElement, name: string) =>
  within(form).getByRole('button', { name }) as HTMLButtonElement;

describe('Settings → Model: the connection form', () => {
  it('starts from the saved connection, the key shown only as its hint', async () => {
    const { form } = await openForm(modelServer(SAVED_OPENAI).fetch);
    expect(answering()).toBe('gpt-4o-mini — your connection');
    expect(radio(form, 'OpenAI').checked).toBe(true);
    const key = field(form, 'API key');
    expect(key.type).toBe('password');
    expect(key.value).toBe('');
    expect(key.placeholder).toBe('Saved key sk-…abcd — leave empty to keep it');
    expect(field(form, 'Chat model').value).toBe('gpt-4o-mini');
    expect(button(form, 'Use server default')).toBeTruthy();
    // No server on this machine was found, so none is offered.
    expect(within(form).queryByRole('radio', { name: 'A model server on this machine' })).toBeNull();
  });

  it('tests a server: its models fill the chat model list, and a chosen model adds the latency', async () => {
    const tests: ModelConnectionTest[] = [];
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { fetch } = modelServer(serverDefault(), {
      routes: {
        'POST /api/model-settings/test': async ({ body }: FakeRequest) => {
          const test = body as ModelConnectionTest;
          tests.push(test);
          if (tests.length === 1) await hold;
          return Response.json(passed(['mistral-small', 'qwen2.5:7b'], test.chatModel ? 340 : null));
        },
      },
    });
    const { user, form } = await openForm(fetch);
    await user.click(radio(form, 'OpenAI-compatible server'));
    expect(field(form, 'API key (optional)').placeholder).toBe('Only if the server asks for one');
    await user.type(field(form, 'Base URL'), 'https://models.example.com/v1');
    await user.type(field(form, 'API key (optional)'), 'secret-key-0001');
    await user.click(button(form, 'Test connection'));
    expect(button(form, 'Testing...').disabled).toBe(true);
    await act(async () => release());
    expect((await within(form).findByTestId('model-test-result')).textContent).toBe('Connected · 2 models');
    expect(tests[0]).toEqual({
      kind: 'compatible',
      baseUrl: 'https://models.example.com/v1',
      apiKey: 'secret-key-0001',
    });

    const chat = within(form).getByRole('combobox', { name: 'Chat model' }) as HTMLSelectElement;
    expect([...chat.options].map((o) => o.value)).toEqual(['', 'mistral-small', 'qwen2.5:7b']);
    await user.selectOptions(chat, 'qwen2.5:7b');
    await user.click(button(form, 'Test connection'));
    expect((await within(form).findByText(/answered in/)).textContent).toBe(
      'Connected · 2 models · answered in 340 ms',
    );
    expect(tests[1]).toEqual({ ...tests[0], chatModel: 'qwen2.5:7b' });

    // Another server: the verdict and its list no longer apply.
    await user.type(field(form, 'Base URL'), '2');
    expect(within(form).queryByTestId('model-test-result')).toBeNull();
    expect(within(form).queryByRole('combobox', { name: 'Chat model' })).toBeNull();
    expect(field(form, 'Chat model').value).toBe('qwen2.5:7b');
  });

  it("shows a failed test's reason in plain words", async () => {
    const message = 'The server refused the API key. Check it and try again.';
    const { fetch } = modelServer(serverDefault(), {
      routes: {
        'POST /api/model-settings/test': () =>
          Response.json({
            success: true,
            ok: false,
            models: [],
            latencyMs: null,
            failure: { kind: 'bad_key', message },
          } satisfies ModelTestResponse),
      },
    });
    const { user, form } = await openForm(fetch);
    await user.click(radio(form, 'OpenAI'));
    await user.type(field(form, 'API key'), 'sk-wrong-000000000');
    await user.click(button(form, 'Test connection'));
    expect((await within(form).findByRole('alert')).textContent).toBe(message);
    expect(within(form).queryByText(/^Connected/)).toBeNull();
  });

  it('saves the connection as typed, toasts it, and shows what was saved', async () => {
    const { fetch, sent } = modelServer(serverDefault());
    const { user, form } = await openForm(fetch);
    expect(answering()).toBe('Offline co-founder (no language model)');
    await user.click(radio(form, 'OpenAI'));
    await user.type(field(form, 'API key'), ' sk-test-9876543210wxyz ');
    await user.type(field(form, 'Chat model'), 'gpt-4o-mini');
    await user.click(within(form).getByText('Separate models (optional)'));
    await user.type(field(form, 'Research model'), 'o3-mini');
    await user.click(button(form, 'Save'));
    expect(await screen.findByText('Your co-founder now answers with gpt-4o-mini.')).toBeTruthy();
    expect(sent.puts).toEqual([
      {
        kind: 'openai',
        apiKey: 'sk-test-9876543210wxyz',
        chatModel: 'gpt-4o-mini',
        researchModel: 'o3-mini',
        computerModel: null,
        transcriptionModel: null,
        realtimeModel: null,
      },
    ]);
    expect(answering()).toBe('gpt-4o-mini — your connection');
    // The key is gone from the page: only its hint, as the server answered it.
    expect(field(form, 'API key').value).toBe('');
    expect(field(form, 'API key').placeholder).toBe('Saved key sk-…wxyz — leave empty to keep it');
    expect(button(form, 'Use server default')).toBeTruthy();
  });

  it('keeps the saved key when the key field is left empty', async () => {
    const { fetch, sent } = modelServer(SAVED_OPENAI);
    const { user, form } = await openForm(fetch);
    await user.clear(field(form, 'Chat model'));
    await user.type(field(form, 'Chat model'), 'gpt-4.1');
    await user.click(button(form, 'Save'));
    await screen.findByText('Your co-founder now answers with gpt-4.1.');
    expect(sent.puts).toEqual([
      {
        kind: 'openai',
        chatModel: 'gpt-4.1',
        researchModel: null,
        computerModel: null,
        transcriptionModel: null,
        realtimeModel: null,
      },
    ]);
  });

  it('never carries a key typed for one server over to another', async () => {
    const { user, form } = await openForm(modelServer(serverDefault()).fetch);
    await user.click(radio(form, 'OpenAI'));
    await user.type(field(form, 'API key'), 'sk-test-1234567890ab');
    await user.click(radio(form, 'OpenAI-compatible server'));
    expect(field(form, 'API key (optional)').value).toBe('');
  });

  it("shows the server's 400 next to the form and marks the field", async () => {
    const puts: unknown[] = [];
    const { fetch } = modelServer(serverDefault(), {
      routes: {
        'PUT /api/model-settings': ({ body }: FakeRequest) => {
          puts.push(body);
          return refused(MODEL_SETTINGS.texts.blockedAddress, 'baseUrl');
        },
      },
    });
    const { user, form } = await openForm(fetch);
    await user.click(radio(form, 'OpenAI-compatible server'));
    await user.type(field(form, 'Base URL'), 'http://10.0.0.5:8000/v1');
    await user.type(field(form, 'Chat model'), 'llama3');
    await user.click(button(form, 'Save'));
    expect((await within(form).findByTestId('model-form-error')).textContent).toBe(
      'That address is on a private network, so the server will not call it. Connect a model server on the public internet.',
    );
    expect(within(form).getByTestId('model-form-error').getAttribute('role')).toBe('alert');
    expect(field(form, 'Base URL').getAttribute('aria-invalid')).toBe('true');
    expect(puts).toEqual([
      {
        kind: 'compatible',
        baseUrl: 'http://10.0.0.5:8000/v1',
        chatModel: 'llama3',
        researchModel: null,
        computerModel: null,
        transcriptionModel: null,
        realtimeModel: null,
      },
    ]);
    expect(answering()).toBe('Offline co-founder (no language model)');
    expect(screen.queryByText(/now answers with/)).toBeNull();
  });

  it("says what is missing before sending, in the shared schema's words", async () => {
    const { fetch } = modelServer(serverDefault());
    const { user, form } = await openForm(fetch);
    await user.click(radio(form, 'OpenAI-compatible server'));
    await user.click(button(form, 'Save'));
    expect(within(form).getByRole('alert').textContent).toBe(MODEL_SETTINGS.texts.baseUrlRequired);
    await user.type(field(form, 'Base URL'), 'https://user:pw@models.example.com/v1');
    await user.click(button(form, 'Test connection'));
    expect(within(form).getByRole('alert').textContent).toBe(MODEL_SETTINGS.texts.badBaseUrl);
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/model-settings/test'))).toBe(false);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it("goes back to the server's default: the saved key deleted, a toast, the form on Server default", async () => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { fetch, sent } = modelServer(SAVED_OPENAI, { hold });
    const { user, form } = await openForm(fetch);
    await user.click(button(form, 'Use server default'));
    expect(button(form, 'Switching back...').disabled).toBe(true);
    expect(button(form, 'Save').disabled).toBe(true);
    await act(async () => release());
    expect(await screen.findByText("Back to the server's default.")).toBeTruthy();
    expect(sent.deletes).toBe(1);
    expect(answering()).toBe('Offline co-founder (no language model)');
    expect(radio(form, 'Server default').checked).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Use server default' })).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it("offers this machine's servers, choosing the first found and its first model", async () => {
    const { fetch, sent } = modelServer(serverDefault(), { servers: [OLLAMA] });
    const { user, form } = await openForm(fetch);
    await user.click(await within(form).findByRole('radio', { name: 'A model server on this machine' }));
    const server = within(form).getByRole('combobox', { name: 'Server' }) as HTMLSelectElement;
    expect(server.value).toBe(OLLAMA.baseUrl);
    const chat = within(form).getByRole('combobox', { name: 'Chat model' }) as HTMLSelectElement;
    expect(chat.value).toBe('llama3.2:3b');
    await user.selectOptions(chat, 'qwen2.5:7b');
    expect(within(form).queryByLabelText(/API key/)).toBeNull();
    await user.click(button(form, 'Save'));
    await screen.findByText('Your co-founder now answers with qwen2.5:7b.');
    expect(sent.puts).toEqual([
      {
        kind: 'local',
        baseUrl: OLLAMA.baseUrl,
        chatModel: 'qwen2.5:7b',
        researchModel: null,
        computerModel: null,
        transcriptionModel: null,
        realtimeModel: null,
      },
    ]);
  });

  it('prefills a saved local connection with its separate models shown', async () => {
    const saved = savedAnswer({
      kind: 'local',
      baseUrl: OLLAMA.baseUrl,
      chatModel: 'qwen2.5:7b',
      computerModel: 'llama3.2:3b',
    });
    const { form } = await openForm(modelServer(saved, { servers: [OLLAMA] }).fetch);
    expect(radio(form, 'A model server on this machine').checked).toBe(true);
    expect((within(form).getByRole('combobox', { name: 'Chat model' }) as HTMLSelectElement).value).toBe(
      'qwen2.5:7b',
    );
    expect(within(form).getByText('Separate models (optional)').closest('details')?.open).toBe(true);
    expect(field(form, 'Computer-use model').value).toBe('llama3.2:3b');
    expect(field(form, 'Research model').value).toBe('');
  });
});
