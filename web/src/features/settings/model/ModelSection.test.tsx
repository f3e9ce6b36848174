import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  LOCAL_MODEL_SERVERS,
  MODEL_SETTINGS,
  type LocalModelServersResponse,
  type ModelSettingsResponse,
} from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../../test/fake-auth.ts';
import type { FakeRoute } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render.tsx';
import { LM_STUDIO, modelServer, OLLAMA, refused, savedAnswer, serverDefault } from './test-server.ts';

const found = (servers: LocalModelServersResponse['servers']): LocalModelServersResponse => ({
  success: true,
  servers,
  scannedAt: '2026-01-01T00:00:00.000Z',
});

const notFound = () => Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });

function server(routes: Record<string, FakeRoute> = {}, settings: ModelSettingsResponse = serverDefault()) {
  return modelServer(settings, { routes }).fetch;
}

async function openModel(fetch: typeof globalThis.fetch) {
  const view = renderApp('/dashboard/settings#model', { fetch, auth: createFakeAuth(fakeSession()) });
  const section = (await screen.findByRole('region', { name: 'Model' })) as HTMLElement;
  return { ...view, section };
}

const answering = async () => (await screen.findByTestId('model-answering')).textContent;

const EMPTY_TEXT =
  'No local model server found on this machine. Start Ollama, LM Studio, llama.cpp or vLLM and press Scan again.';

describe('Settings → Model', () => {
  it('is the #model section and says the offline co-founder answers when the server has no model', async () => {
    const { section } = await openModel(server());
    expect(section.id).toBe('model');
    expect(await answering()).toBe('Offline co-founder (no language model)');
    expect(section.textContent).not.toContain('not available yet');
    const serverDefaultChoice = within(section).getByRole('radio', { name: 'Server default' });
    expect((serverDefaultChoice as HTMLInputElement).checked).toBe(true);
    expect(serverDefaultChoice.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(serverDefaultChoice.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The offline co-founder (no language model).',
    );
    // Nothing saved yet: nothing to go back from.
    expect(within(section).queryByRole('button', { name: 'Use server default' })).toBeNull();
  });

  it("names the server's default model, and the founder's own when they connected one", async () => {
    const { unmount } = await openModel(server({}, serverDefault('gpt-4o-mini')));
    expect(await answering()).toBe("gpt-4o-mini — the server's default");
    expect(screen.getByText("The server's model, gpt-4o-mini.")).toBeTruthy();
    unmount();

    const mine = savedAnswer({ kind: 'local', baseUrl: OLLAMA.baseUrl, chatModel: 'llama3.2:latest' });
    await openModel(server({}, mine));
    expect(await answering()).toBe('llama3.2:latest — your connection');
  });

  it('says when the model settings could not be loaded, and Try again loads them', async () => {
    let up = false;
    const fetch = server({
      'GET /api/model-settings': () =>
        up
          ? Response.json(serverDefault('gpt-4o-mini'))
          : Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 }),
    });
    const { user, section } = await openModel(fetch);
    const alert = await within(section).findByText(/^Could not load your model settings\./);
    up = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await answering()).toBe("gpt-4o-mini — the server's default");
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

  it("connects a found server's first model in one click, then says Connected", async () => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { fetch, sent } = modelServer(serverDefault(), { servers: [OLLAMA, LM_STUDIO], hold });
    const { user } = await openModel(fetch);
    const [ollama, lmStudio] = await screen.findAllByTestId('local-model-server');
    // A server listing no model has nothing to use.
    expect(
      (within(lmStudio!).getByRole('button', { name: 'No model to use' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(within(ollama!).getByRole('button', { name: 'Use llama3.2:3b' }));
    expect(
      (within(ollama!).getByRole('button', { name: 'Connecting...' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await act(async () => release());
    expect(await screen.findByText('Your co-founder now answers with llama3.2:3b.')).toBeTruthy();
    expect(sent.puts).toEqual([{ kind: 'local', baseUrl: OLLAMA.baseUrl, chatModel: 'llama3.2:3b' }]);
    expect(await within(ollama!).findByText('Connected')).toBeTruthy();
    expect(within(ollama!).queryByRole('button', { name: 'Use llama3.2:3b' })).toBeNull();
    expect(await answering()).toBe('llama3.2:3b — your connection');
    // The form shows the saved connection too.
    expect(
      (screen.getByRole('radio', { name: 'A model server on this machine' }) as HTMLInputElement).checked,
    ).toBe(true);
    // The env lines for the server-wide default stay, under their note.
    expect(ollama!.textContent).toContain(
      "To make it every founder's default instead, set these on the server and restart it:",
    );
    expect(within(ollama!).getByLabelText('Environment lines for Ollama')).toBeTruthy();
  });

  it("shows the server's refusal on the card when connecting fails", async () => {
    const { fetch } = modelServer(serverDefault(), {
      servers: [OLLAMA],
      routes: { 'PUT /api/model-settings': () => refused(MODEL_SETTINGS.texts.localNotHere) },
    });
    const { user } = await openModel(fetch);
    const card = await screen.findByTestId('local-model-server');
    await user.click(within(card).getByRole('button', { name: 'Use llama3.2:3b' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'Model servers on this machine can be connected only on a local install, opened on the same machine.',
    );
    expect(within(card).queryByText('Connected')).toBeNull();
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Use llama3.2:3b' })).toBeTruthy());
  });
});
