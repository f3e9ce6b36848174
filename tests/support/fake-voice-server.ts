// The fake OpenAI speech endpoints of the end-to-end run: whisper transcription, realtime client secrets, and a
// werift WebRTC peer answering /v1/realtime/calls, all on one port (as OpenAI serves them on one base URL), plus
// inspection routes for the specs. Started by playwright.config.ts before the app.
import { createServer } from 'node:http';
import { startFakeOpenAi } from '../../server/src/test/fake-openai.ts';
import { startFakeRealtime } from '../../server/src/test/fake-realtime.ts';
import { FAKE_VOICE } from './fake-voice.ts';

const realtime = await startFakeRealtime({ validSecrets: (secret) => secret.startsWith('ek_fake_') });
const openai = await startFakeOpenAi({ realtime });

createServer((req, res) => {
  if (req.url === '/__fake/realtime') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        calls: realtime.calls.length,
        packetsReceived: realtime.packetsReceived,
        receivedEventTypes: realtime.receivedEvents.map((e) => e.type),
      }),
    );
    return;
  }
  if (req.url === '/__fake/realtime/fail' && req.method === 'POST') {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      realtime.failStatus = (JSON.parse(body) as { status: number | null }).status;
      res.writeHead(204).end();
    });
    return;
  }
  openai.handle(req, res);
}).listen(FAKE_VOICE.port, '127.0.0.1', () =>
  process.stdout.write(`fake voice on http://127.0.0.1:${FAKE_VOICE.port}\n`),
);
