import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';
import { i18n } from '../i18n';
import { healthyResponse, mockApi, requestBody, wasCalled } from '../testing/api-mock';

function toasts() {
  return within(screen.getByRole('region', { name: /Notifications/ }));
}

async function fillValid() {
  await userEvent.type(screen.getByLabelText('Name'), 'Ana Silva');
  await userEvent.type(screen.getByLabelText('Email'), 'ana@example.test');
  await userEvent.type(screen.getByLabelText('Subject'), 'Hello');
  await userEvent.selectOptions(screen.getByLabelText('Category'), 'safety');
  await userEvent.type(screen.getByLabelText('Message'), 'How do I meet safely?');
}

describe('/contact', () => {
  it('the sanction banners’ appeal link opens the form with the appeal category chosen', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/contact?category=appeal');
    expect(await screen.findByLabelText('Category')).toHaveValue('appeal');
  });

  it('three info cards, the support address and the spec categories; validation texts', async () => {
    const fetchMock = mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/contact');

    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('heading', { name: 'Email support' })).toBeInTheDocument();
    expect(main.getByRole('heading', { name: 'Response time' })).toBeInTheDocument();
    expect(main.getByRole('heading', { name: 'Safety concern?' })).toBeInTheDocument();
    expect(main.getAllByRole('link', { name: 'support@nomadswap.example' })[0]).toHaveAttribute(
      'href',
      'mailto:support@nomadswap.example',
    );
    const options = within(screen.getByLabelText('Category'))
      .getAllByRole('option')
      .slice(1)
      .map((option) => [option.getAttribute('value'), option.textContent]);
    expect(options).toEqual([
      ['general', 'General Inquiry'],
      ['support', 'Technical Support'],
      ['safety', 'Safety & Trust'],
      ['report', 'Report Issue'],
      ['partnership', 'Partnership'],
      ['feedback', 'Feedback'],
      ['appeal', 'Appeal a moderation decision'],
    ]);

    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.type(screen.getByLabelText('Message'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Please select a category')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(wasCalled(fetchMock, 'POST', '/api/contact')).toBe(false);
  });

  it('Sending..., then the success view with Message sent!; Send Another Message brings back an empty form', async () => {
    let release: () => void = () => undefined;
    const fetchMock = mockApi({
      'GET /api/health': { body: healthyResponse },
      'POST /api/contact': () =>
        new Promise((resolve) => {
          release = () => resolve(new Response(JSON.stringify({ id: 'c1' }), { status: 201 }));
        }),
    });
    renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    expect(await toasts().findByText('Message sent!')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST', '/api/contact')).toEqual({
      name: 'Ana Silva',
      email: 'ana@example.test',
      subject: 'Hello',
      category: 'safety',
      message: 'How do I meet safely?',
      language: 'en',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Send Another Message' }));
    await waitFor(() => expect(screen.getByLabelText('Subject')).toHaveValue(''));
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('sends the language the page is in (German here), so a visitor is acknowledged in it', async () => {
    await i18n.changeLanguage('de');
    try {
      const fetchMock = mockApi({
        'GET /api/health': { body: healthyResponse },
        'POST /api/contact': { status: 201, body: { id: 'c1' } },
      });
      renderApp('/contact');
      await screen.findByRole('heading', { level: 1, name: i18n.t('contact.title') });
      await userEvent.type(screen.getByLabelText(i18n.t('contact.fields.name')), 'Lena');
      await userEvent.type(screen.getByLabelText(i18n.t('contact.fields.email')), 'lena@example.test');
      await userEvent.type(screen.getByLabelText(i18n.t('contact.fields.subject')), 'Hallo');
      await userEvent.selectOptions(screen.getByLabelText(i18n.t('contact.fields.category')), 'general');
      await userEvent.type(
        screen.getByLabelText(i18n.t('contact.fields.message')),
        'Wie treffe ich mich sicher?',
      );
      await userEvent.click(screen.getByRole('button', { name: i18n.t('contact.send') }));
      await waitFor(() => expect(wasCalled(fetchMock, 'POST', '/api/contact')).toBe(true));
      expect(requestBody(fetchMock, 'POST', '/api/contact')).toMatchObject({ language: 'de' });
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('the success card is scrolled into view (it replaces the long form)', async () => {
    mockApi({
      'GET /api/health': { body: healthyResponse },
      'POST /api/contact': { status: 201, body: { id: 'c1' } },
    });
    const scrolled: Element[] = [];
    const spy = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    try {
      renderApp('/contact');
      await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
      await fillValid();
      await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
      const card = (await screen.findByRole('button', { name: 'Send Another Message' })).closest(
        '[role="status"]',
      );
      await waitFor(() => expect(scrolled).toContain(card));
    } finally {
      spy.mockRestore();
    }
  });

  it('failure: Error with the server message, the form stays', async () => {
    mockApi({
      'GET /api/health': { body: healthyResponse },
      'POST /api/contact': { status: 429, body: { error: 'Too many requests, please try again later.' } },
    });
    renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await toasts().findByText('Error')).toBeInTheDocument();
    expect(toasts().getByText('Too many requests, please try again later.')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue('Hello');
  });
});
