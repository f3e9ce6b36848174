// A fake Ollama on its default port (11434) for the model-connection spec: Ollama's own GET /api/tags beside the
// OpenAI-compatible /v1 (the fake OpenAI of the server suite answers chat), so the app's scan of this machine finds
// it and a founder can connect it in one click.
import { createServer } from 'node:http';
import { startFakeOpenAi, type FakeOpenAi } from '../../server/src/test/fake-openai.ts';

export const FAKE_OLLAMA = { port: 11434, model: 'llama3.2:latest' } as const;

export interface FakeOllama {
  model: FakeOpenAi;
  close(): Promise<void>;
}

export async function startFakeOllama(): Promise<FakeOllama> {
  const model = await startFakeOpenAi();
  model.models = [FAKE_OLLAMA.model];
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/api/tags') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ models: (model.models ?? []).map((name) => ({ name, model: name, size: 1, digest: 'sha256:0' })) }));
      return;
    }
    model.handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new Error(`Port ${FAKE_OLLAMA.port} is taken (a real Ollama?): stop it to run this spec.`) : err),
    );
    server.listen(FAKE_OLLAMA.port, '127.0.0.1', resolve);
  });
  return {
    model,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await model.close();
    },
  };
}
