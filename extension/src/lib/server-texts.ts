/** The texts of the extension's "Server" setting and of every "cannot reach the server" message, once. */
export const SERVER_TEXT = {
  save: 'Save',
  checking: 'Checking...',
  saved: 'Saved.',
  invalid: 'Enter a full address, like http://localhost:3000.',
  needsPermission: (origin: string) => `Cofounder needs your permission to reach ${origin}.`,
  saveFailed: 'Could not save the server URL.',
  unreachable: (origin: string) => `Can't reach the Cofounder server at ${origin}.`,
  signsOut: (origin: string) => `Changing the server to ${origin} signs you out here.`,
  confirm: 'Change server',
  cancel: 'Cancel',
} as const;
