import { EXTENSION, ExtensionExternalReply, type ExtensionExternalMessage } from '@cofounder/shared';

interface ChromeRuntime {
  sendMessage(extensionId: string, message: unknown, callback: (reply: unknown) => void): void;
  lastError?: { message?: string };
}

/** Chrome exposes `chrome.runtime` to a page only when an installed extension lists its origin. */
function runtime(): ChromeRuntime | null {
  const chrome = (globalThis as { chrome?: { runtime?: ChromeRuntime } }).chrome;
  return typeof chrome?.runtime?.sendMessage === 'function' ? chrome.runtime : null;
}

export class ExtensionNotFoundError extends Error {
  constructor() {
    super('The Cofounder extension is not installed in this browser');
  }
}

/** Sends one message to the Cofounder extension and validates its answer. */
export function sendToExtension(message: ExtensionExternalMessage): Promise<ExtensionExternalReply> {
  const chromeRuntime = runtime();
  if (!chromeRuntime) return Promise.reject(new ExtensionNotFoundError());
  return new Promise((resolve, reject) => {
    chromeRuntime.sendMessage(EXTENSION.id, message, (reply) => {
      // No extension with that id answering: Chrome sets lastError and calls back with nothing.
      if (chromeRuntime.lastError || reply === undefined) return reject(new ExtensionNotFoundError());
      const parsed = ExtensionExternalReply.safeParse(reply);
      if (parsed.success) resolve(parsed.data);
      else reject(new Error('The extension answered something unexpected'));
    });
  });
}

/** Best effort: signing out of the dashboard signs the extension out too (when it is installed and ours). */
export function signOutExtension(): Promise<void> {
  return sendToExtension({ type: 'cofounder:signout' }).then(
    () => undefined,
    () => undefined,
  );
}
