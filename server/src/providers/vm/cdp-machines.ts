import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, BrowserContext, CDPSession, Frame, Page, Request, Response } from 'playwright-core';
import type { Logger } from 'pino';
import { VMS } from '@cofounder/shared';
import { BLOCKED_HEADER } from './egress-proxy.ts';
import type { MachineBackend } from './machine-backend.ts';
import { checkMachineUrl, resolveTarget, urlPort } from './net-guard.ts';
import { retryOnNoFrame } from './no-frame-retry.ts';
import { COLLECT_ELEMENTS, toElements } from './page-elements.ts';
import type { ActionResult, MachineAction, MachineInfo, Observation, VmProvider } from './port.ts';
import { VmProviderError } from './port.ts';
import { startScreencast } from './screencast.ts';

// Machines driven over the DevTools protocol with playwright-core (issue 12 §1, issue 28): a queue of operations per
// machine, screenshots, the page's elements, actions that wait for the navigation or popup they cause, and the live
// screencast. Where the browser runs is the backend's business (machine-backend.ts).

const SUSPENDED = 'The machine is suspended. Resume it first.';
const NAVIGATE_TIMEOUT_MS = 15_000;
/**
 * How long a click or key press is given to start a navigation or open a popup before it counts as having done
 * neither. The request reaches us through the browser and CDP: 100 ms was too short on a loaded two-core machine
 * (a click on a link to a refused address came back 'ok'), and a step already costs a screenshot and a decision.
 */
const SETTLE_MS = 300;
const NAVIGATION_WAIT_MS = 3000;
const CLOSE_TIMEOUT_MS = 3000;
const JPEG_QUALITY = 70;
const MACHINE_TYPE = `chromium-${VMS.viewport.width}x${VMS.viewport.height}`;

interface Machine {
  id: string;
  browser: Browser;
  context: BrowserContext;
  /** A context of its own on a shared browser (a pool): where its cookies and storage are saved when it stops. */
  statePath: string | null;
  /** While a pool's machine is suspended: the sessions holding its pages' JavaScript paused (freeze). */
  frozen: CDPSession[];
  /** The page actions go to: the newest one (a popup takes over), null for a moment after the last one closed. */
  page: Page | null;
  suspended: boolean;
  stopping: boolean;
  /** Operations run one after another, so a screenshot never lands in the middle of an action. */
  queue: Promise<unknown>;
  cast: { page: Page; stop: () => Promise<void> } | null;
  castChain: Promise<void>;
  /** The CDP session screenshots are taken through, for the page it was opened on. */
  shots: { page: Page; session: CDPSession } | null;
  /**
   * Popups the browser has created so far, counted from CDP's Target.targetCreated, which comes well before
   * Playwright's 'page' event: an action that opened one waits for it to take over (see settle).
   */
  popupsOpened: number;
}

/** What a navigation caused by one action did: started, committed, or was refused by the egress proxy. */
interface NavigationWatch {
  started: boolean;
  committed: boolean;
  blocked: string | null;
  /** The machine's popup count when the action began. */
  popupsBefore: number;
}

const info = (): MachineInfo => ({ machineType: MACHINE_TYPE, externalIp: null });
const blocked = (reason: string): ActionResult => ({ result: 'blocked', detail: `Blocked: ${reason}` });
const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 300);

/** The DevTools id of the browser context `page` is in (the session asked is let go). */
async function browserContextIdOf(context: BrowserContext, page: Page): Promise<string | undefined> {
  const session = await context.newCDPSession(page);
  try {
    return (await session.send('Target.getTargetInfo')).targetInfo.browserContextId;
  } finally {
    await session.detach().catch(() => {});
  }
}

/** The VmProvider of machines whose browsers `backend` runs. */
export function createCdpVmProvider(backend: MachineBackend, log: Logger): VmProvider {
  const machines = new Map<string, Machine>();
  const booting = new Map<string, Promise<MachineInfo>>();
  const watchers = new Map<string, Set<(jpeg: Buffer) => void>>();
  /** Why the proxy refused host, if it did: a refused https CONNECT reaches the browser only as a tunnel error. */
  const refusalFor = (host: string) => backend.refusalFor(host);

  function held(id: string): Machine {
    const m = machines.get(id);
    if (!m) throw new VmProviderError(VMS.texts.notRunning);
    return m;
  }

  async function run<T>(id: string, op: (m: Machine, page: Page) => Promise<T>): Promise<T> {
    const m = await driven(id);
    const next = m.queue.then(async () => {
      if (m.suspended) throw new VmProviderError(SUSPENDED);
      if (m.stopping || !m.browser.isConnected()) throw new VmProviderError(VMS.texts.notRunning);
      const page = m.page ?? (await m.context.newPage());
      return op(m, page);
    });
    m.queue = next.catch(() => {});
    return next;
  }

  /**
   * A JPEG of the viewport straight from Page.captureScreenshot: page.screenshot() adds work a machine does not
   * need (waiting for fonts, hiding the caret); bench/vm measures the difference.
   */
  async function capture(m: Machine, page: Page): Promise<Buffer> {
    if (m.shots?.page !== page) m.shots = { page, session: await m.context.newCDPSession(page) };
    const { session } = m.shots;
    const { data } = await retryOnNoFrame(() => session.send('Page.captureScreenshot', { format: 'jpeg', quality: JPEG_QUALITY }));
    return Buffer.from(data, 'base64');
  }

  /** Keeps one screencast on the active page while anyone watches this machine. */
  function refreshCast(m: Machine): void {
    m.castChain = m.castChain
      .then(async () => {
        const wanted = (watchers.get(m.id)?.size ?? 0) > 0 && !m.stopping && m.page ? m.page : null;
        if (m.cast && m.cast.page === wanted) return;
        if (m.cast) await m.cast.stop();
        m.cast = null;
        if (!wanted) return;
        const stop = await startScreencast(m.context, wanted, (jpeg) => {
          for (const onFrame of watchers.get(m.id) ?? []) onFrame(jpeg);
        });
        m.cast = { page: wanted, stop };
      })
      .catch((err) => log.debug({ vmId: m.id, err: firstLine(err) }, 'machine screencast failed'));
  }

  function adopt(m: Machine, page: Page): void {
    m.page = page;
    page.setViewportSize(VMS.viewport).catch(() => {});
    page.on('close', () => {
      if (m.page !== page) return;
      m.page = m.context.pages().filter((p) => !p.isClosed()).at(-1) ?? null;
      // A machine always shows a page: when the site closes the last one, open a blank one (it is adopted below).
      if (!m.page && !m.stopping) m.context.newPage().catch(() => {});
      refreshCast(m);
    });
    refreshCast(m);
  }

  async function boot(id: string): Promise<MachineInfo> {
    if (machines.has(id)) return info();
    const pending = booting.get(id);
    if (pending) return pending;
    backend.checkCapacity(machines.size + booting.size);
    const started = (async () => {
      const link = await backend.open(id);
      try {
        // playwright-core is loaded with the first machine: a server that never launches one never pays for it.
        const { chromium } = await import('playwright-core');
        const browser = await chromium.connectOverCDP(link.wsUrl, { headers: link.headers });
        const own = link.context;
        const context = own
          ? await browser.newContext({
              proxy: own.proxy,
              viewport: VMS.viewport,
              ...(existsSync(own.statePath) ? { storageState: own.statePath } : {}),
            })
          : browser.contexts()[0];
        if (!context) throw new Error('the browser has no default context');
        const first = context.pages().at(-1) ?? (await context.newPage());
        await first.setViewportSize(VMS.viewport);
        // On a shared browser only this context's popups are this machine's.
        const contextId = own ? await browserContextIdOf(context, first) : null;
        const targets = await browser.newBrowserCDPSession();
        const m: Machine = {
          id,
          browser,
          context,
          statePath: own?.statePath ?? null,
          frozen: [],
          page: null,
          suspended: false,
          stopping: false,
          queue: Promise.resolve(),
          cast: null,
          castChain: Promise.resolve(),
          shots: null,
          popupsOpened: 0,
        };
        targets.on('Target.targetCreated', ({ targetInfo }) => {
          if (targetInfo.type !== 'page' || !targetInfo.openerId) return;
          if (contextId === null || targetInfo.browserContextId === contextId) m.popupsOpened += 1;
        });
        await targets.send('Target.setDiscoverTargets', { discover: true });
        context.on('page', (page) => adopt(m, page));
        const lost = () => {
          if (m.stopping || machines.get(id) !== m) return;
          log.warn({ vmId: id }, 'machine browser went away unexpectedly');
          machines.delete(id);
          backend.lost(id);
        };
        browser.on('disconnected', lost);
        void link.exited?.then(lost);
        machines.set(id, m);
        adopt(m, first);
        return info();
      } catch (err) {
        await backend.quit(id, null);
        log.warn({ vmId: id, err: firstLine(err) }, 'machine did not connect');
        throw new VmProviderError(`The machine could not start: ${firstLine(err)}`);
      }
    })().finally(() => booting.delete(id));
    booting.set(id, started);
    return started;
  }

  /**
   * The machine this process drives. With browsers on hosts, any process may drive any running machine: the first
   * action or observation here connects to it, and the host then ends the connection of the process that drove it
   * before (one driver at a time, so its live view and take-control are answered once). Watching and the view's
   * readiness never take a machine over: they are answered by the process driving it.
   */
  async function driven(id: string): Promise<Machine> {
    const m = machines.get(id);
    if (m) return m;
    if (!backend.machinesOutliveProcess) throw new VmProviderError(VMS.texts.notRunning);
    await boot(id);
    return held(id);
  }

  async function stop(id: string): Promise<void> {
    await booting.get(id)?.catch(() => {});
    const m = machines.get(id);
    if (!m) {
      // Not driven here: a hosted machine is still ended on its host.
      if (backend.machinesOutliveProcess) await backend.quit(id, null);
      return;
    }
    m.stopping = true;
    await thaw(m);
    m.suspended = false;
    refreshCast(m);
    await m.castChain;
    if (m.statePath) {
      // Its cookies and storage, for the next start (a pool's context ends with this connection).
      await m.context.storageState({ path: m.statePath }).catch((err: unknown) => log.warn({ vmId: id, err: firstLine(err) }, 'machine state not saved'));
      await Promise.race([m.context.close().catch(() => {}), sleep(CLOSE_TIMEOUT_MS)]);
    }
    await backend.quit(id, m.browser);
    machines.delete(id);
  }

  /**
   * Suspend on a browser that is not a process of ours: every page's JavaScript is paused where it next runs (its
   * timers, handlers and network callbacks wait) through a DevTools session held until the machine is thawed.
   */
  async function freeze(m: Machine): Promise<void> {
    for (const page of m.context.pages()) {
      const session = await m.context.newCDPSession(page);
      m.frozen.push(session);
      await session.send('Debugger.enable');
      await session.send('Debugger.pause');
    }
  }

  async function thaw(m: Machine): Promise<void> {
    const sessions = m.frozen.splice(0);
    for (const session of sessions) {
      await session.send('Debugger.resume').catch(() => {});
      await session.detach().catch(() => {});
    }
  }

  /** Server shutdown: lets go of a machine whose browser keeps running on its host. */
  async function detach(id: string): Promise<void> {
    await booting.get(id)?.catch(() => {});
    const m = machines.get(id);
    if (!m) return;
    m.stopping = true;
    machines.delete(id);
    await m.cast?.stop().catch(() => {});
    await Promise.race([m.browser.close().catch(() => {}), sleep(CLOSE_TIMEOUT_MS)]);
  }

  function watchNavigation(m: Machine, page: Page): { nav: NavigationWatch; dispose: () => void } {
    const nav: NavigationWatch = { started: false, committed: false, blocked: null, popupsBefore: m.popupsOpened };
    const main = (frame: Frame | null) => frame === page.mainFrame();
    const onRequest = (r: Request) => {
      if (r.isNavigationRequest() && main(r.frame())) nav.started = true;
    };
    const onResponse = (r: Response) => {
      const reason = r.headers()[BLOCKED_HEADER];
      if (reason && r.request().isNavigationRequest() && main(r.frame())) nav.blocked = reason;
    };
    const onFailed = (r: Request) => {
      if (!r.isNavigationRequest() || !main(r.frame())) return;
      if (r.failure()?.errorText.includes('TUNNEL_CONNECTION_FAILED')) {
        nav.blocked = refusalFor(new URL(r.url()).hostname) ?? nav.blocked;
      }
    };
    const onCommit = (frame: Frame) => {
      if (main(frame)) nav.committed = true;
    };
    page.on('request', onRequest);
    page.on('response', onResponse);
    page.on('requestfailed', onFailed);
    page.on('framenavigated', onCommit);
    return {
      nav,
      dispose: () => {
        page.off('request', onRequest);
        page.off('response', onResponse);
        page.off('requestfailed', onFailed);
        page.off('framenavigated', onCommit);
      },
    };
  }

  /**
   * After a click or key press: if it started a navigation, or opened a popup (which takes over as the machine's
   * page), wait (bounded) for the new page to be readable.
   */
  async function settle(m: Machine, nav: NavigationWatch, acting: Page): Promise<void> {
    await sleep(SETTLE_MS);
    const until = Date.now() + NAVIGATION_WAIT_MS;
    if (m.popupsOpened > nav.popupsBefore) {
      while (m.page === acting && Date.now() < until) await sleep(50);
      if (m.page && m.page !== acting) {
        await m.page.waitForLoadState('domcontentloaded', { timeout: Math.max(1, until - Date.now()) }).catch(() => {});
      }
      return;
    }
    if (!nav.started) return;
    while (!nav.committed && Date.now() < until) await sleep(50);
    const page = m.page;
    if (page && nav.committed) {
      await page.waitForLoadState('domcontentloaded', { timeout: Math.max(1, until - Date.now()) }).catch(() => {});
    }
  }

  /**
   * Only http(s) and about:blank are opened. Web pages themselves cannot reach file: or chrome: (Chromium refuses
   * those navigations from web content; local.test.ts clicks such links), and every http(s) request of theirs
   * meets the egress proxy.
   */
  async function navigate(page: Page, nav: NavigationWatch, raw: string): Promise<ActionResult> {
    const checked = checkMachineUrl(raw);
    if (!checked.ok) return blocked(checked.reason);
    const { url } = checked;
    if (url.href !== 'about:blank') {
      // The proxy enforces this for every request; checking first gives the founder the reason in words.
      const target = await resolveTarget(url.hostname, urlPort(url), backend.allowHosts);
      if (!target.ok && target.unresolved) return { result: 'failed', detail: `${url.hostname} could not be found` };
      if (!target.ok) return blocked(target.reason);
    }
    let response: Response | null;
    try {
      response = await page.goto(url.href, { waitUntil: 'domcontentloaded', timeout: NAVIGATE_TIMEOUT_MS });
    } catch (err) {
      const refused = nav.blocked ?? (/TUNNEL_CONNECTION_FAILED/.test(firstLine(err)) ? refusalFor(url.hostname) : null);
      if (refused) return blocked(refused);
      return { result: 'failed', detail: firstLine(err) };
    }
    const reason = response?.headers()[BLOCKED_HEADER] ?? nav.blocked;
    if (reason) return blocked(reason);
    return { result: 'ok', detail: `Opened ${page.url()}` };
  }

  async function perform(m: Machine, page: Page, action: MachineAction): Promise<ActionResult> {
    const { nav, dispose } = watchNavigation(m, page);
    try {
      let detail: string;
      switch (action.type) {
        case 'navigate':
          return await navigate(page, nav, action.url);
        case 'wait': {
          const ms = Math.max(0, Math.min(action.ms, VMS.maxWaitMs));
          await sleep(ms);
          return { result: 'ok', detail: `Waited ${ms} ms` };
        }
        case 'click':
          await page.mouse.click(action.x, action.y);
          detail = `Clicked at (${action.x}, ${action.y})`;
          break;
        case 'double_click':
          await page.mouse.dblclick(action.x, action.y);
          detail = `Double-clicked at (${action.x}, ${action.y})`;
          break;
        case 'type':
          await page.keyboard.type(action.text);
          detail = `Typed ${action.text.length} characters`;
          break;
        case 'key':
          await page.keyboard.press(action.keys);
          detail = `Pressed ${action.keys}`;
          break;
        case 'scroll':
          await page.mouse.move(action.x, action.y);
          await page.mouse.wheel(action.dx, action.dy);
          detail = `Scrolled by (${action.dx}, ${action.dy}) at (${action.x}, ${action.y})`;
          break;
      }
      await settle(m, nav, page);
      if (nav.blocked) return blocked(nav.blocked);
      return { result: 'ok', detail };
    } catch (err) {
      return { result: 'failed', detail: firstLine(err) };
    } finally {
      dispose();
    }
  }

  return {
    // A pool's machines belong to the process that opened them, as local ones do (pool.ts).
    kind: backend.kind === 'pool' ? 'local' : backend.kind,
    pool: backend.kind === 'pool',
    mode: 'local',
    available: true,
    unavailableReason: null,
    maxMachines: backend.maxMachines,
    describe: backend.describe,
    launch: boot,
    start: boot,
    async suspend(id) {
      if ((await driven(id)).suspended) return;
      await run(id, async (m) => {
        if (backend.freezesPages) await freeze(m);
        else await backend.suspend(id);
        m.suspended = true;
      });
    },
    async resume(id) {
      const m = await driven(id);
      if (backend.freezesPages) await thaw(m);
      else await backend.resume(id);
      m.suspended = false;
    },
    stop,
    async terminate(id) {
      await stop(id);
      watchers.delete(id);
      await backend.remove(id);
    },
    holds: (id) => machines.has(id),
    async connect(id) {
      await driven(id);
    },
    viewReady(id) {
      const m = machines.get(id);
      return !!m && !m.stopping && m.browser.isConnected() && !!m.page && !m.page.isClosed();
    },
    screenshot: (id) => run(id, capture),
    observe: (id) =>
      run(id, async (m, page): Promise<Observation> => {
        const screenshot = await capture(m, page);
        const elements = toElements(await page.evaluate(COLLECT_ELEMENTS).catch(() => []));
        const title = await page.title().catch(() => '');
        return { screenshot, url: page.url(), title, elements };
      }),
    act: (id, action) => run(id, (m, page) => perform(m, page, action)),
    watch(id, onFrame) {
      const set = watchers.get(id) ?? new Set();
      set.add(onFrame);
      watchers.set(id, set);
      const m = machines.get(id);
      if (m) refreshCast(m);
      return () => {
        set.delete(onFrame);
        if (!set.size && watchers.get(id) === set) watchers.delete(id);
        const now = machines.get(id);
        if (now) refreshCast(now);
      };
    },
    vnc: async () => null,
    ...(backend.lostOnHost ? { lostOnHost: backend.lostOnHost.bind(backend) } : {}),
    async shutdown() {
      const ids = [...new Set([...machines.keys(), ...booting.keys()])];
      await Promise.all(ids.map((id) => (backend.machinesOutliveProcess ? detach(id) : stop(id))));
      await backend.close();
    },
  };
}
