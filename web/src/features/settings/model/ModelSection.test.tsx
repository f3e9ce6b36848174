import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import {
  LOCAL_MODEL_SERVERS,
  type LocalModelServer,
  type LocalModelServersResponse,
} from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../../test/fake-auth.ts';
import { createFakeServer, type FakeRoute } from '../../../test/fake-server.ts';
import { renderApp, TEST_CONFIG } from '../../../test/render.tsx';

const OLLAMA: LocalModelServer = {
  kind: 'ollama',
  name: 'Ollama',
  baseUrl: 'http://127.0.0.1:11434/v1',
  models: ['llama3.2:3b', 'qwen2.5:7b'],
};
const LM_STUDIO: LocalModelServer = {
  kind: 'lmstudio',
  name: 'LM Studio',
  baseUrl: 'http://127.0.0.1:1234/v1',
  models: [],
};

const found = (servers: LocalModelServersResponse['servers']): LocalModelServersResponse => ({
  success: true,
  servers,
  scannedAt: '2026-01-01T00:00:00.000Z',
});

const notFound = () => Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });

function server(routes: Record<string, FakeRoute> = {}) {
  return createFakeServer({
    'GET /onboarding/:userId/status': () =>
      Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    'GET /api/model-settings/local-servers': () => Response.json(found([])),
    ...routes,
  });
}

async function openModel(fetch: typeof globalThis.fetch, config: Partial<typeof TEST_CONFIG> = {}) {
  const view = renderApp('/dashboard/settings#model', { fetch, auth: createFakeAuth(fakeSession()), config });
  const section = (await screen.findByRole('region', { name: 'Model' })) as HTMLElement;
  return { ...view, section };
}

const EMPTY_TEXT =
  'No local model server found on this machine. Start Ollama, LM Studio, llama.cpp or vLLM and press Scan again.';

describe('Settings → Model', () => {
  it('is the #model section and says the offline co-founder answers, with how to connect a model', async () => {
    const { section } = await openModel(server());
    expect(section.id).toBe('model');
    expect(within(section).getByTestId('model-answering').textContent).toBe(
      'Offline co-founder (no language model)',
    );
    expect(section.textContent).toContain(
      'To connect a model today, set OPENAI_API_KEY on the server to an OpenAI key, or point OPENAI_BASE_URL at an ' +
        'OpenAI-compatible server such as a local Ollama, then restart the server.',
    );
    expect(section.textContent).toContain('Connecting a model from this page is not available yet.');
    // Read-only: nothing here pretends to save a model.
    expect(within(section).queryByRole('textbox')).toBeNull();
    expect(within(section).queryByRole('button', { name: /save|connect|test/i })).toBeNull();
  });

  it("names the server's model when a real model answers", async () => {
    const { section } = await openModel(server(), {
      modes: { ...TEST_CONFIG.modes, ai: 'real' },
      aiModel: 'llama3.1:8b',
    });
    expect(within(section).getByTestId('model-answering').textContent).toBe('llama3.1:8b');
    expect(section.textContent).not.toContain('Offline co-founder');
  });

  it('lists the local servers found, with their models and the env lines to copy', async () => {
    const fetch = server({
      'GET /api/model-settings/local-servers': () => Response.json(found([OLLAMA, LM_STUDIO])),
    });
    await openModel(fetch);
    const cards = await screen.findAllByTestId('local-model-server');
    expect(cards).toHaveLength(2);
    const ollama = cards[0]!;
    expect(within(ollama).getByRole('heading', { name: 'Ollama' })).toBeTruthy();
    expect(ollama.textContent).toContain('http://127.0.0.1:11434/v1');
    expect(ollama.textContent).toContain('Models: llama3.2:3b, qwen2.5:7b');
    const lines = within(ollama).getByLabelText('Environment lines for Ollama');
    expect(lines.textContent).toBe(
      'OPENAI_API_KEY=local\nOPENAI_BASE_URL=http://127.0.0.1:11434/v1\nOPENAI_MODEL=llama3.2:3b',
    );
    // A server with no model listed yet: no OPENAI_MODEL line to guess.
    expect(within(cards[1]!).getByLabelText('Environment lines for LM Studio').textContent).toBe(
      'OPENAI_API_KEY=local\nOPENAI_BASE_URL=http://127.0.0.1:1234/v1',
    );
    expect(cards[1]!.textContent).toContain('It lists no models yet.');

    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await act(async () => {
      fireEvent.click(within(ollama).getByRole('button', { name: 'Copy the lines for Ollama' }));
    });
    expect(writeText).toHaveBeenCalledWith(lines.textContent);
    expect(within(ollama).getByText('Copied')).toBeTruthy();
  });

  it('shows the empty state, and Scan again lists what the new scan found', async () => {
    let release!: () => void;
    const fetch = server({
      'POST /api/model-settings/local-servers/scan': async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return Response.json(found([OLLAMA]));
      },
    });
    const { user } = await openModel(fetch);
    expect(await screen.findByText(EMPTY_TEXT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Scan again' }));
    const scanning = await screen.findByRole('button', { name: 'Scanning...' });
    expect((scanning as HTMLButtonElement).disabled).toBe(true);
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'Ollama' })).toBeTruthy();
    expect(screen.queryByText(EMPTY_TEXT)).toBeNull();
    expect(screen.getByRole('button', { name: 'Scan again' })).toBeTruthy();
    expect(
      fetch.mock.calls.some(
        ([url, init]) => String(url).endsWith('/local-servers/scan') && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it("shows the server's text when scanned again too soon (429), keeping the last list", async () => {
    const fetch = server({
      'GET /api/model-settings/local-servers': () => Response.json(found([OLLAMA])),
      'POST /api/model-settings/local-servers/scan': () =>
        Response.json(
          { error: { code: 'rate_limited', message: LOCAL_MODEL_SERVERS.scanTooSoonText } },
          { status: 429 },
        ),
    });
    const { user } = await openModel(fetch);
    await screen.findByRole('heading', { name: 'Ollama' });
    await user.click(screen.getByRole('button', { name: 'Scan again' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Scanned a moment ago. Try again in a few seconds.',
    );
    expect(screen.getByRole('heading', { name: 'Ollama' })).toBeTruthy();
  });

  it('says quietly that finding local servers is not available when the server answers 404', async () => {
    const fetch = server({ 'GET /api/model-settings/local-servers': notFound });
    await openModel(fetch);
    expect(
      await screen.findByText(
        'Finding local model servers is not available on this server: only a local install, opened on its own machine, looks for them.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Scan again' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('turns to the same note when a scan answers 404', async () => {
    const fetch = server({ 'POST /api/model-settings/local-servers/scan': notFound });
    const { user } = await openModel(fetch);
    await screen.findByText(EMPTY_TEXT);
    await user.click(screen.getByRole('button', { name: 'Scan again' }));
    expect(
      await screen.findByText(/^Finding local model servers is not available on this server/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Scan again' })).toBeNull();
  });

  it('says in plain words when the server cannot be reached, and Try again loads the list', async () => {
    let up = false;
    const fetch = server({
      'GET /api/model-settings/local-servers': () => {
        if (!up) throw new TypeError('Failed to fetch');
        return Response.json(found([OLLAMA]));
      },
    });
    const { user } = await openModel(fetch);
    expect(
      await screen.findByText(/Could not reach the server\. Check that it is running and try again\./),
    ).toBeTruthy();
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Ollama' })).toBeTruthy();
  });
});
