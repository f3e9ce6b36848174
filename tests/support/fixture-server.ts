// Serves tests/fixtures/*.html at /fixtures/ for the computer-use spec (started by playwright.config.ts). Only
// plain file names: nothing outside the folder, nothing but HTML. /fixtures/notes keeps what note.html posts (a
// founder typing on a machine they took control of) for the test to read back: at most 100 short notes.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FIXTURE_SITE } from './fixture-site.ts';

const folder = join(import.meta.dirname, '..', 'fixtures');
const notes: string[] = [];

createServer((req, res) => {
  // A browser asks every site for its icon: none here, and not an error on the page's console.
  if (req.url === '/favicon.ico') {
    res.writeHead(204).end();
    return;
  }
  if (req.url === '/fixtures/notes') {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(notes));
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body = (body + chunk).slice(0, 500)));
    req.on('end', () => {
      if (notes.length < 100) notes.push(body);
      res.writeHead(204).end();
    });
    return;
  }
  const name = /^\/fixtures\/([\w-]+\.html)$/.exec(new URL(req.url ?? '/', 'http://x').pathname)?.[1];
  if (!name || req.method !== 'GET') {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  readFile(join(folder, name)).then(
    (body) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body),
    () => res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found'),
  );
}).listen(FIXTURE_SITE.port, '127.0.0.1', () =>
  process.stdout.write(`fixture site on http://127.0.0.1:${FIXTURE_SITE.port}\n`),
);
