import { WebSocket, type RawData } from 'ws';
import type { CdpMessage, CdpPipe } from '../providers/vm/cdp-pipe.ts';

// One machine's DevTools, handed to one authorised client at a time (its "driver"). The browser has no DevTools
// port: the host holds its DevTools pipe, and each driver gets a browser session of its own on that pipe
// (Target.attachToBrowserTarget), which it uses as if it were the browser's own connection. When a driver leaves or
// is replaced, its session is detached, and Chromium undoes what that driver set up, exactly as when a DevTools
// socket closes: its page sessions detach, paused pop-ups resume, the contexts it made are disposed. Commands are
// renumbered on the pipe, and every answer and event goes only to the driver whose session it belongs to, so
// nothing a departed driver left in flight reaches the next one.

/** The close code a driver gets when another one takes the machine over (4000-4999 is the application range). */
const REPLACED = { code: 4000, reason: 'another process drives this machine now' };
const BROWSER_GONE = { code: 1001, reason: "the machine's browser stopped" };
const NOT_A_COMMAND = { code: 1007, reason: 'a DevTools command is a JSON object with a numeric id and a method' };
/** What Chromium itself answers for a session id it does not know. */
const NO_SUCH_SESSION = { code: -32001, message: 'Session with given id not found.' };

type Command = CdpMessage & { id: number; method: string };

interface Driver {
  client: WebSocket;
  /** The browser session this driver's session-less commands go to, once Chromium has attached it. */
  browserSession: string | null;
  /** Commands that arrived before that session existed. */
  waiting: Command[];
  /** Every session this driver may address: its browser session and the ones attached under it. */
  sessions: Set<string>;
  gone: boolean;
}

export interface DevtoolsRelay {
  /** Hands the machine to this client; the previous driver's connection ends. */
  drive(client: WebSocket): void;
}

export function createDevtoolsRelay(pipe: CdpPipe): DevtoolsRelay {
  let current: Driver | null = null;
  const owners = new Map<string, Driver>();
  /** Our id of each forwarded command → its driver, the id that driver gave it, and its method. */
  const inFlight = new Map<number, { driver: Driver; id: number; method: string }>();

  const own = (driver: Driver, sessionId: unknown) => {
    if (typeof sessionId !== 'string' || driver.gone) return;
    driver.sessions.add(sessionId);
    owners.set(sessionId, driver);
  };

  function toDriver(driver: Driver, message: CdpMessage): void {
    if (driver.gone || driver.client.readyState !== WebSocket.OPEN) return;
    // The driver believes it talks to the browser itself: its browser session is "no session" to it.
    const { sessionId, ...rest } = message;
    driver.client.send(JSON.stringify(sessionId === driver.browserSession ? rest : message));
  }

  function forward(driver: Driver, command: Command): void {
    const sessionId = command.sessionId ?? driver.browserSession!;
    if (owners.get(sessionId) !== driver) {
      toDriver(driver, { id: command.id, error: NO_SUCH_SESSION, ...(command.sessionId ? { sessionId } : {}) });
      return;
    }
    const id = pipe.nextId();
    inFlight.set(id, { driver, id: command.id, method: command.method });
    pipe.send({ ...command, id, sessionId });
  }

  function fromDriver(driver: Driver, data: RawData): void {
    if (driver.gone) return;
    const command = parseCommand(data);
    if (!command) driver.client.close(NOT_A_COMMAND.code, NOT_A_COMMAND.reason);
    else if (driver.browserSession) forward(driver, command);
    else driver.waiting.push(command);
  }

  function fromBrowser(message: CdpMessage): void {
    if (message.id !== undefined) {
      const origin = inFlight.get(message.id);
      if (!origin) return;
      inFlight.delete(message.id);
      // Attaching to a target (flat mode) answers with the new session, which belongs to the driver that asked.
      if (origin.method.startsWith('Target.attachTo')) own(origin.driver, message.result?.sessionId);
      return toDriver(origin.driver, { ...message, id: origin.id });
    }
    // Events on the pipe's own session (the browser sessions being attached and detached) are the relay's business.
    const driver = message.sessionId === undefined ? undefined : owners.get(message.sessionId);
    if (!driver) return;
    if (message.method === 'Target.attachedToTarget') own(driver, message.params?.sessionId);
    if (message.method === 'Target.detachedFromTarget' && typeof message.params?.sessionId === 'string') {
      driver.sessions.delete(message.params.sessionId);
      owners.delete(message.params.sessionId);
    }
    toDriver(driver, message);
  }

  /** The driver lets go: its session is detached (Chromium drops what it set up) and its leftovers are dropped. */
  function release(driver: Driver): void {
    if (driver.gone) return;
    driver.gone = true;
    if (current === driver) current = null;
    for (const sessionId of driver.sessions) owners.delete(sessionId);
    for (const [id, origin] of inFlight) if (origin.driver === driver) inFlight.delete(id);
    if (driver.browserSession) pipe.call('Target.detachFromTarget', { sessionId: driver.browserSession }).catch(() => {});
  }

  pipe.onMessage(fromBrowser);
  void pipe.closed.then(() => {
    if (!current) return;
    const driver = current;
    release(driver);
    driver.client.close(BROWSER_GONE.code, BROWSER_GONE.reason);
  });

  return {
    drive(client) {
      const driver: Driver = { client, browserSession: null, waiting: [], sessions: new Set(), gone: false };
      const previous = current;
      current = driver;
      if (previous) {
        release(previous);
        previous.client.close(REPLACED.code, REPLACED.reason);
      }
      client.on('message', (data) => fromDriver(driver, data));
      client.on('close', () => release(driver));
      client.on('error', () => client.terminate());
      pipe
        .call('Target.attachToBrowserTarget')
        .then(({ sessionId }) => {
          if (typeof sessionId !== 'string') throw new Error('Chromium attached no browser session');
          if (driver.gone) {
            // The driver left while its session was being made: the session goes at once.
            pipe.call('Target.detachFromTarget', { sessionId }).catch(() => {});
            return;
          }
          driver.browserSession = sessionId;
          own(driver, sessionId);
          for (const command of driver.waiting.splice(0)) forward(driver, command);
        })
        .catch(() => {
          release(driver);
          client.close(BROWSER_GONE.code, BROWSER_GONE.reason);
        });
    },
  };
}

/** A DevTools command (a JSON object with a numeric id and a method), or null for anything else. */
function parseCommand(data: RawData): Command | null {
  try {
    const message = JSON.parse(data.toString()) as CdpMessage | null;
    return Number.isInteger(message?.id) && typeof message?.method === 'string' ? (message as Command) : null;
  } catch {
    return null;
  }
}
