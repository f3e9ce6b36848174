import { expect, test } from '../support/test.ts';
import { chatLog, sendChatMessage } from '../pages/chat.ts';
import { connect } from '../pages/connections.ts';
import { signInNewFounder } from '../pages/dashboard.ts';
import { taskRows, taskRowsWithStatus } from '../pages/work.ts';
import { FAKE_REDDIT, FAKE_X, postsOn } from '../support/fake-social.ts';

test('paused marketing work resumes after connecting; an approved draft is posted with its link', async ({ page }) => {
  test.setTimeout(300_000);
  await signInNewFounder(page);

  // Marketing tasks draft X and Reddit posts; with neither connected they wait as "Login Required".
  await sendChatMessage(page, 'Create marketing tasks for our launch on Twitter and Reddit');
  await expect(chatLog(page).locator('[data-kind="task-notification"]')).toContainText(/I've created \d+ new tasks?/);
  await page.goto('/dashboard/work');
  await expect(taskRows(page).first()).toBeVisible();
  await expect(taskRowsWithStatus(page, /^(Pending|In Progress)$/)).toHaveCount(0, { timeout: 90_000 });
  const paused = await taskRowsWithStatus(page, 'Login Required').count();
  expect(paused).toBeGreaterThan(0);

  // Connecting both accounts resumes every one of them, and the toasts say how many.
  await page.goto('/dashboard/connections');
  const resumed = (await connect(page, 'twitter', 'X')) + (await connect(page, 'reddit', 'Reddit'));
  expect(resumed).toBe(paused);

  await page.goto('/dashboard/work');
  await expect(taskRowsWithStatus(page, /^(Pending|In Progress|Login Required)$/)).toHaveCount(0, {
    timeout: 60_000,
  });

  // The drafts wait for approval (on by default): approve one X post and one Reddit post.
  await page.goto('/dashboard/approvals');
  const waiting = page.getByTestId('approval');
  await expect(waiting.first()).toBeVisible();
  // Written by the offline co-founder, and each card says so.
  await expect(waiting.first().getByTestId('offline-draft')).toHaveText('Offline draft');
  const tweet = waiting.and(page.locator('[data-platform="twitter"]')).first();
  const tweetText = (await tweet.locator('p.whitespace-pre-wrap').textContent())!.trim();
  await tweet.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('Approved — queued to publish')).toBeVisible();
  const reddit = waiting.and(page.locator('[data-platform="reddit"]')).first();
  const redditTitle = (await reddit.locator('p.font-semibold').textContent())!.trim();
  // The subreddit follows the founder's industry (r/fintech, r/SaaS, …) or r/startups: read it from the card.
  const subreddit = (await reddit.getByText(/^r\/\w+$/).textContent())!.trim().slice(2);
  await reddit.getByRole('button', { name: 'Approve', exact: true }).click();

  // The publishing job posts them on the fakes; the Approved tab shows them published.
  await page.getByRole('tab', { name: 'Approved' }).click();
  await expect(page.getByTestId('publish-status').filter({ hasText: 'Published' })).toHaveCount(2, {
    timeout: 30_000,
  });
  await expect.poll(async () => (await postsOn(FAKE_X)).map((f) => f.text)).toContain(tweetText);
  await expect.poll(async () => (await postsOn(FAKE_REDDIT)).map((f) => f.title)).toContain(redditTitle);

  // Recent Activities on the Work screen link to the real posts.
  await page.goto('/dashboard/work');
  const feed = page.getByRole('region', { name: 'Recent Activities' });
  await expect(
    feed.getByRole('link', { name: 'View post' }).and(feed.locator(`[href^="https://x.com/${FAKE_X.username}/status/"]`)),
  ).toBeVisible();
  await expect(
    feed.getByRole('link', { name: 'View post' }).and(feed.locator(`[href^="https://www.reddit.com/r/${subreddit}/comments/"]`)),
  ).toBeVisible();
});
