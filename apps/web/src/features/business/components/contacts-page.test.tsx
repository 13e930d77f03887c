import { catalogPaths, CSRF_HEADER, toastTitles } from '@localmart/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '../../../components/ui/toasts/toasts.ts';
import { mockApi, type MockHandler } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { business, storeId } from '../test/fixtures.ts';
import { ContactsPage } from './contacts-page.tsx';
import { MESSAGE_NOT_SENT, SEND_MESSAGE_LABEL } from './contact-form.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
vi.mock('../../../components/ui/toasts/toasts.ts', () => ({
  showError: vi.fn(),
  showSuccess: vi.fn(),
  showInfo: vi.fn(),
  toastId: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(showError).mockClear();
  vi.mocked(showSuccess).mockClear();
});

const contactPath = catalogPaths.businessContact(storeId);

async function renderPage(send: MockHandler) {
  const api = mockApi({
    [`GET ${catalogPaths.business(storeId)}`]: () => ({ body: { status: 1, result: business() } }),
    [`POST ${contactPath}`]: send,
  });
  renderWithProviders(<ContactsPage />, { path: `/contacts?business=${storeId}` });
  await screen.findByRole('form', { name: 'Message Queen Street Market' }, { timeout: 5000 });
  return api;
}

async function fill(fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    const input = screen.getByLabelText(label);
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  }
}

// The first render loads Ionic and the page's modules, which takes seconds on a busy machine.
describe('ContactsPage', { timeout: 20_000 }, () => {
  it('shows the store contact details with tel: and mailto: links', async () => {
    await renderPage(() => ({ body: { status: 1 } }));
    expect(
      screen.getByRole('heading', { name: 'Contact Queen Street Market' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+1 416-555-0142' })).toHaveAttribute(
      'href',
      'tel:+14165550142',
    );
    expect(screen.getByRole('link', { name: 'hello@queenstreetmarket.example' })).toHaveAttribute(
      'href',
      'mailto:hello@queenstreetmarket.example',
    );
    expect(screen.getByRole('table', { name: 'Opening hours' })).toBeInTheDocument();
  });

  it('shows the contract messages after a submit attempt, and sends nothing', async () => {
    const api = await renderPage(() => ({ body: { status: 1 } }));
    expect(screen.queryByText('Please enter your name')).toBeNull();
    await fill({ Email: 'not-an-email', Message: 'Too short' });
    await userEvent.click(screen.getByRole('button', { name: SEND_MESSAGE_LABEL }));
    expect(screen.getByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toHaveFocus();
    expect(api.callsTo('POST', contactPath)).toHaveLength(0);
  });

  it('sends the form, toasts the server message and clears the fields', async () => {
    const api = await renderPage(() => ({
      body: { status: 1, message: 'Your message has been sent to Queen Street Market.' },
    }));
    await fill({
      'Your name': 'Ada Lovelace',
      Email: 'ada@example.com',
      Message: 'Do you have oat milk in stock this weekend?',
    });
    await userEvent.click(screen.getByRole('button', { name: SEND_MESSAGE_LABEL }));
    await vi.waitFor(() => expect(showSuccess).toHaveBeenCalled());
    expect(showSuccess).toHaveBeenCalledWith(
      toastTitles.success,
      'Your message has been sent to Queen Street Market.',
    );
    const [call] = api.callsTo('POST', contactPath);
    // No phone typed: the optional field is left out, not sent as ''.
    expect(call?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'Do you have oat milk in stock this weekend?',
    });
    expect(call?.headers[CSRF_HEADER]).toBe('test-csrf');
    expect(screen.getByLabelText('Your name')).toHaveValue('');
  });

  it('toasts the server refusal and keeps what was typed', async () => {
    await renderPage(() => ({
      status: 429,
      body: { status: 0, message: 'Too many messages. Please try again later.' },
    }));
    await fill({
      'Your name': 'Ada',
      Email: 'ada@example.com',
      'Phone (optional)': '416 555 0100',
      Message: 'Is the bakery open on Sunday?',
    });
    await userEvent.click(screen.getByRole('button', { name: SEND_MESSAGE_LABEL }));
    await vi.waitFor(() => expect(showError).toHaveBeenCalled());
    expect(showError).toHaveBeenCalledWith(
      MESSAGE_NOT_SENT,
      'Too many messages. Please try again later.',
    );
    expect(screen.getByLabelText('Your name')).toHaveValue('Ada');
  });
});
