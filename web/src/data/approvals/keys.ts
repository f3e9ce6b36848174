/** Query keys of the approvals inbox. */
export const approvalKeys = {
  all: () => ['approvals'] as const,
  list: (status: 'pending' | 'approved' | 'rejected') => ['approvals', status] as const,
};

/** The pending list (the sidebar badge and the inbox) refetches this often (issue 4 item 7). */
export const APPROVALS_POLL_MS = 30_000;
