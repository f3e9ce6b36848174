import type { Page } from '@playwright/test';

/** The Active Tasks rows on /dashboard/work. */
export const taskRows = (page: Page) => page.getByTestId('task-row');

/** Rows whose status badge reads `status` ("Pending", "In Progress", "Completed", "Login Required", "Failed"). */
export const taskRowsWithStatus = (page: Page, status: string | RegExp) =>
  taskRows(page).filter({ has: page.getByText(status, { exact: typeof status === 'string' }) });
