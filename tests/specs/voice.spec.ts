import type { Page } from '@playwright/test';
import { refused } from '../support/test.ts';
import { expect, test } from '../support/microphone.ts';
import { VOICE, VOICE_TEXT } from '@cofounder/shared';
import { chatInput } from '../pages/chat.ts';
import { signInNewFounder } from '../pages/dashboard.ts';
import { failRealtimeCalls, FAKE_VOICE, realtimeReport } from '../support/fake-voice.ts';

// The fake provider refuses an SDP offer with 500 on purpose (the error banner is checked).
test.use({ consoleErrorsAllowed: refused(500, '/v1/realtime/calls') });

// Chromium's fake microphone (a beeping tone) with the permission prompt answered yes.
test.use({ microphone: { autoplay: true } });

const micButton = (page: Page) => page.getByRole('button', { name: 'Start voice input' });
const stopButton = (page: Page) => page.getByRole('button', { name: 'Stop recording' });

test('chat: record, transcribe, and the text lands in the message box to edit', async ({ page }) => {
  await signInNewFounder(page);
  await chatInput(page).fill('Note:');
  await micButton(page).click();
  await expect(stopButton(page)).toBeVisible();
  await expect(page.getByText('0:01')).toBeVisible();
  await stopButton(page).click();
  // The transcript is appended to what was typed and not sent.
  await expect(chatInput(page)).toHaveValue(`Note: ${FAKE_VOICE.transcript}`);
  await expect(page.getByRole('log', { name: 'Conversation' }).getByText(FAKE_VOICE.transcript)).toHaveCount(
    0,
  );
});

test('chat: the one-minute warning at 540 s and the automatic stop at 600 s', async ({ page }) => {
  await page.clock.install();
  await signInNewFounder(page);
  await micButton(page).click();
  await expect(stopButton(page)).toBeVisible();
  await page.clock.runFor(VOICE.warningAtSeconds * 1000);
  await expect(page.getByText(VOICE_TEXT.oneMinuteLeft)).toBeVisible();
  await page.clock.runFor((VOICE.maxRecordingSeconds - VOICE.warningAtSeconds) * 1000);
  await expect(stopButton(page)).toHaveCount(0);
  await expect(chatInput(page)).toHaveValue(FAKE_VOICE.transcript);
});

// The call tests share the fake peer (one fails its offers on purpose): they run one after the other.
test.describe.serial('voice call', () => {
  test('call: connects to the realtime provider, audio flows both ways, a spoken request becomes a task', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // Remember the page's peer connections so the test can read their stats (test instrumentation only).
    await page.addInitScript(() => {
      const Native = window.RTCPeerConnection;
      const seen: RTCPeerConnection[] = [];
      (window as unknown as { peers: RTCPeerConnection[] }).peers = seen;
      window.RTCPeerConnection = class extends Native {
        constructor(config?: RTCConfiguration) {
          super(config);
          seen.push(this);
        }
      } as typeof RTCPeerConnection;
    });
    await signInNewFounder(page);
    const before = await realtimeReport();
    await page.goto('/dashboard/call');
    const screen = page.locator('[data-call-state]');
    await page.getByRole('button', { name: 'Start Call' }).click();
    await expect(screen).toHaveAttribute('data-call-state', 'connected');

    // The fake peer's script: the founder's words, the reply, then a create_task function call.
    await expect(page.getByText('Please add a task to email ten potential customers.')).toBeVisible();
    await expect
      .poll(async () => (await realtimeReport()).receivedEventTypes.slice(before.receivedEventTypes.length))
      .toContain('conversation.item.create');
    await expect
      .poll(async () => (await realtimeReport()).packetsReceived)
      .toBeGreaterThan(before.packetsReceived);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const [pc] = (window as unknown as { peers: RTCPeerConnection[] }).peers;
          let bytes = 0;
          (await pc!.getStats()).forEach((s: { type: string; kind?: string; bytesReceived?: number }) => {
            if (s.type === 'inbound-rtp' && s.kind === 'audio') bytes += s.bytesReceived ?? 0;
          });
          return bytes;
        }),
      )
      .toBeGreaterThan(0);

    await page.getByRole('button', { name: 'End Call' }).click();
    await expect(screen).toHaveAttribute('data-call-state', 'disconnected');

    // The task the founder asked for is on the Work screen; the call's words are in the chat history.
    await page.goto('/dashboard/work');
    await expect(page.getByText(/email ten potential customers/i).first()).toBeVisible();
    await page.goto('/dashboard/chat');
    await expect(
      page
        .getByRole('log', { name: 'Conversation' })
        .getByText('Please add a task to email ten potential customers.'),
    ).toBeVisible();
  });

  test('call: a refused SDP offer shows the provider error, and Dismiss hides it', async ({ page }) => {
    await signInNewFounder(page);
    await failRealtimeCalls(500);
    try {
      await page.goto('/dashboard/call');
      await page.getByRole('button', { name: 'Start Call' }).click();
      const banner = page.getByRole('alert').filter({ hasText: VOICE_TEXT.connectionFailed(500) });
      await expect(banner).toBeVisible();
      await banner.getByRole('button', { name: 'Dismiss' }).click();
      await expect(banner).toHaveCount(0);
    } finally {
      await failRealtimeCalls(null);
    }
  });
});
