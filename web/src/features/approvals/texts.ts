export const APPROVALS_EMPTY = 'Nothing waiting for you';

/** The sidebar link's accessible name, with the waiting count when there is one. */
export function approvalsLinkLabel(count: number): string {
  return count > 0 ? `Approvals, ${count} waiting` : 'Approvals';
}
