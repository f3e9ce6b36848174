import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CONTACT } from '@cofounder/shared';
import { createFakeServer, type FakeRequest } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';

async function fillValid(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText(/Full name/), 'Ada Founder');
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/Company/), 'Analytical Engines');
  await user.selectOptions(screen.getByLabelText(/Subject/), 'Product Demo');
  await user.type(screen.getByLabelText(/Message/), 'Can we see a demo next week?');
}

function contactServer(answer: (req: FakeRequest) => Response) {
  const requests: FakeRequest[] = [];
  const fetch = createFakeServer({
    'POST /api/contact': (req) => {
      requests.push(req);
      return answer(req);
    },
  });
  return { fetch, requests };
}

describe('/contact', () => {
  it('shows one h1, every subject, the 24-hour promise and the FAQ', async () => {
    renderApp('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const subject = screen.getByLabelText(/Subject/);
    for (const s of CONTACT.subjects) expect(within(subject).getByRole('option', { name: s })).toBeTruthy();
    expect(screen.getByText('We reply within 24 hours')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeTruthy();
    expect(screen.getByText('Can I get a product demo?')).toBeTruthy();
  });

  it('names every missing required field, focuses the first and sends nothing', async () => {
    const { fetch, requests } = contactServer(() => Response.json({ success: true, message: 'ok' }));
    const { user } = renderApp('/contact', { fetch });
    await user.click(await screen.findByRole('button', { name: 'Send Message' }));

    // The check runs once the form has loaded the shared schema (on its first submit).
    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Subject is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Name, email, subject and message are required');
    const name = screen.getByLabelText(/Full name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Full name is required',
    );
    expect(document.activeElement).toBe(name);
    expect(screen.getByLabelText(/Company/).getAttribute('aria-invalid')).toBeNull();

    await user.type(name, 'Ada');
    expect(screen.queryByText('Full name is required')).toBeNull();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Email/));
    expect(requests).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the form, shows the server message and clears the fields', async () => {
    const { fetch, requests } = contactServer(() =>
      Response.json({ success: true, message: CONTACT.successText }),
    );
    const { user } = renderApp('/contact', { fetch });
    await screen.findByRole('heading', { level: 1 });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(CONTACT.successText)).toBeTruthy();
    expect(requests[0]?.body).toEqual({
      name: 'Ada Founder',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      subject: 'Product Demo',
      message: 'Can we see a demo next week?',
    });
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/Subject/) as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText(/Message/) as HTMLTextAreaElement).value).toBe('');
  });

  it('disables sending while the request runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fetch = createFakeServer({
      'POST /api/contact': async () => {
        await gate;
        return Response.json({ success: true, message: 'Thanks!' });
      },
    });
    const { user } = renderApp('/contact', { fetch });
    await screen.findByRole('heading', { level: 1 });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const pending = await screen.findByRole('button', { name: 'Sending...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText('Thanks!')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shows the network-error text when the request never gets an answer', async () => {
    const { user } = renderApp('/contact', {
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await screen.findByRole('heading', { level: 1 });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(CONTACT.networkErrorText)).toBeTruthy();
    // Nothing typed is lost on failure.
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe('Ada Founder');
  });

  it("shows the server's text for a 429 and for other failures", async () => {
    let status = 429;
    const { fetch } = contactServer(() =>
      Response.json(
        {
          error: {
            code: status === 429 ? 'rate_limited' : 'bad_request',
            message: status === 429 ? 'Too many messages. Try again in a minute.' : 'Message is too long',
          },
        },
        { status },
      ),
    );
    const { user } = renderApp('/contact', { fetch });
    await screen.findByRole('heading', { level: 1 });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Too many messages. Try again in a minute.')).toBeTruthy();

    status = 400;
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message is too long')).toBeTruthy();
  });

  it('has a honeypot field people never reach, and sends it when a bot fills it', async () => {
    const { fetch, requests } = contactServer(() => Response.json({ success: true, message: 'ok' }));
    const { user, container } = renderApp('/contact', { fetch });
    await screen.findByRole('heading', { level: 1 });
    const trap = container.querySelector<HTMLInputElement>(`input[name="${CONTACT.honeypotField}"]`);
    expect(trap).toBeTruthy();
    expect(trap?.tabIndex).toBe(-1);
    expect(trap?.getAttribute('autocomplete')).toBe('off');
    const wrapper = screen.getByTestId('contact-honeypot');
    expect(wrapper.getAttribute('aria-hidden')).toBe('true');
    expect(wrapper.style.position).toBe('absolute');
    expect(wrapper.style.left).toBe('-10000px');
    // Hidden from the accessibility tree: no role query finds it.
    expect(screen.getAllByRole('textbox').includes(trap as HTMLInputElement)).toBe(false);

    await fillValid(user);
    await user.type(trap as HTMLInputElement, 'https://spam.example');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect((requests[0]?.body as Record<string, string>)[CONTACT.honeypotField]).toBe('https://spam.example');
  });
});
