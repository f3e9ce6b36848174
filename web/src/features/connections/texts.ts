/** Texts of the "Approve before posting" setting on the Connections screen. */
export const POSTING_TEXT = {
  label: 'Approve before posting',
  description:
    'Drafted posts wait in Approvals until you approve them. Turn off to let your co-founder publish to connected accounts on its own.',
  loading: 'Loading…',
  loadFailed: 'Could not load posting settings.',
  tryAgain: 'Try again',
  saved: 'Posting settings saved',
  saveFailed: 'Failed to save posting settings',
  confirmTitle: 'Publish without approval?',
  confirmText:
    'Your co-founder will post drafted X and Reddit posts to your connected accounts without asking first.',
  confirmLabel: 'Turn off approval',
};
