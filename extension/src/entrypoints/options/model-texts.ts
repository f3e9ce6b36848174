/** The options page's Model section; tests import these. */
export const MODEL_SUMMARY_TEXT = {
  heading: 'Model',
  signedOut: 'Sign in from the extension popup to see which model answers you.',
  loading: 'Loading your model settings...',
  loadFailed: 'Could not load your model settings.',
  tryAgain: 'Try again',
  connection: 'Connection',
  baseUrl: 'Base URL',
  apiKey: 'API key',
  noKey: 'None',
  change: 'Change in Settings → Model',
} as const;
