import { browser } from 'wxt/browser';

/** A message from one of the extension's own pages: not a web page, another extension or an injected script. */
export function isExtensionPage(sender: { id?: string; url?: string }): boolean {
  return sender.id === browser.runtime.id && !!sender.url?.startsWith(browser.runtime.getURL('/'));
}
