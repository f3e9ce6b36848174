// A server process's live-monitor half, for the fan-out tests: the real bus, machine events and monitor socket on
// Postgres, with a fixed set of tokens. Prints `port N` once listening; each JSON line on stdin is an event to
// publish ({ userId, message, jpegBase64? }), answered with `published` once sent.
import { createInterface } from 'node:readline';
import pino from 'pino';
import { z } from 'zod';
import { openPostgres } from '../db/client.ts';
import { createEventBus } from '../events/create-bus.ts';
import { createVmEvents, type VmEventInput } from '../events/vm-events.ts';
import { startMonitor } from '../ws/monitor.ts';
import { fakeVerifier, ownsVmIn } from './monitor-client.ts';

const url = process.env.MONITOR_DATABASE_URL;
if (!url) throw new Error('MONITOR_DATABASE_URL is required');
const tokens = z.record(z.string(), z.string()).parse(JSON.parse(process.env.MONITOR_TOKENS ?? '{}'));
const Command = z.object({
  userId: z.string(),
  message: z.looseObject({ type: z.string() }),
  jpegBase64: z.string().optional(),
});

const database = await openPostgres(url, () => undefined);
const bus = await createEventBus(database);
const vmEvents = createVmEvents({ db: database.db, bus, now: Date.now });
const monitor = await startMonitor({
  port: 0,
  host: '127.0.0.1',
  verifier: fakeVerifier(tokens),
  log: pino({ level: 'silent' }),
  vmEvents,
  ownsVm: ownsVmIn(database),
});
process.stdout.write(`port ${monitor.port}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  const command = Command.parse(JSON.parse(line));
  const jpeg = command.jpegBase64 === undefined ? undefined : Buffer.from(command.jpegBase64, 'base64');
  // The test writes well-formed monitor events; the schema check happens where they are delivered.
  await vmEvents.publish(command.userId, command.message as unknown as VmEventInput, jpeg);
  process.stdout.write('published\n');
}
await monitor.close();
await bus.close();
await database.close();
