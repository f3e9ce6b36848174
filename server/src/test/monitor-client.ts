import { randomUUID } from 'node:crypto';
import { VMS } from '@cofounder/shared';
import { and, eq } from 'drizzle-orm';
import WebSocket from 'ws';
import type { Database } from '../db/client.ts';
import { vms } from '../db/schema.ts';
import { TokenError, type TokenVerifier } from '../http/token-verifier.ts';
import { isUuid } from '../db/ids.ts';

// Helpers for monitor socket tests: a client that records what it receives, and machines inserted directly.

export interface MonitorTestClient {
  socket: WebSocket;
  /** Every message received, parsed. */
  messages: Array<Record<string, unknown> & { type: string }>;
  closed: Promise<{ code: number; reason: string }>;
  send(message: object): void;
  /** Resolves with the first message (already received or to come) that matches. */
  next(
    match: (m: Record<string, unknown> & { type: string }) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
}

/** Connects to a monitor on 127.0.0.1 (query: e.g. `?token=…`); resolves once open. */
export function connectMonitor(
  port: number,
  query = '',
  options: WebSocket.ClientOptions = {},
): Promise<MonitorTestClient> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${VMS.monitorPath}${query}`, options);
  const messages: MonitorTestClient['messages'] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const client: MonitorTestClient = {
    socket,
    messages,
    closed,
    send: (message) => socket.send(JSON.stringify(message)),
    next: (match, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message; got ${JSON.stringify(messages.map((m) => m.type))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('error', reject);
  });
}

/** A verifier that knows a fixed set of tokens (for processes that run without the auth feature). */
export function fakeVerifier(userIdsByToken: Record<string, string>): TokenVerifier {
  return {
    async verify(token) {
      const id = userIdsByToken[token];
      if (!id) throw new TokenError('invalid', 'unknown token');
      return { id, email: `${id}@example.com`, sessionId: null, userMetadata: {} };
    },
    forgetSession: () => undefined,
    forgetUser: () => undefined,
  };
}

/** A RUNNING local machine row owned by userId. */
export async function insertVm(database: Database, userId: string): Promise<string> {
  const id = randomUUID();
  await database.db
    .insert(vms)
    .values({
      id,
      userId,
      name: 'Test machine',
      status: 'RUNNING',
      provider: 'local',
      machineType: 'chromium',
    });
  return id;
}


/** The ownership check the monitor is given, straight on the vms table. */
export const ownsVmIn =
  (database: Database) =>
  async (userId: string, vmId: string): Promise<boolean> =>
    isUuid(vmId) &&
    (
      await database.db
        .select({ id: vms.id })
        .from(vms)
        .where(and(eq(vms.id, vmId), eq(vms.userId, userId)))
    ).length > 0;
