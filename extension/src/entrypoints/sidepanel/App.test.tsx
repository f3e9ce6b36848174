// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { DEFAULT_SERVER_URL } from '../../lib/server-url.ts';
import { SERVER_TEXT } from '../../lib/server-texts.ts';
import { App } from './App.tsx';

afterEach(cleanup);

describe('the side panel without a server', () => {
  it('says so in the words of the popup and the options page, and offers to try again', async () => {
    // No background worker answers in the fake browser: the server check fails as with a server that is down.
    render(<App />);
    expect(await screen.findByText(SERVER_TEXT.unreachable(DEFAULT_SERVER_URL))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
