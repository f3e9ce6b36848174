/** Texts of the "Browser extension" card on the Connections screen. */
export const EXTENSION_TEXT = {
  title: 'Browser extension',
  description:
    'Keep your co-founder beside every page. Connecting signs the extension in as you, with a session of its own.',
  connect: 'Connect extension',
  connecting: 'Connecting…',
  connected: (email: string | undefined) => (email ? `Extension connected as ${email}` : 'Extension connected'),
  notInstalled: 'Install the Cofounder extension in this browser, then try again.',
  refused: (reason: string) =>
    `The extension did not connect: ${reason}. Check that its server setting is ${window.location.origin}.`,
  failed: 'Could not connect the extension. Please try again.',
};
