import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import { buildUser, healthyResponse, mockApi, requestBody, signInAs } from '../testing/api-mock';

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

function toasts() {
  return within(screen.getByRole('region', { name: /Notifications/ }));
}

describe('/auth/login', () => {
  it('wrong credentials: a Login failed toast with the server message, and no session', async () => {
    mockApi({
      'GET /api/health': { body: healthyResponse },
      'POST /api/auth/login': {
        status: 401,
        body: { error: 'Invalid email or password', code: 'UNAUTHORIZED' },
      },
    });
    const { router } = renderApp('/auth/login');

    await submit('lena@example.com', 'wrong-password');

    expect(await toasts().findByText('Login failed')).toBeInTheDocument();
    expect(toasts().getByText('Invalid email or password')).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('a failure without a message falls back to "Please check your credentials and try again."', async () => {
    mockApi({
      'GET /api/health': { body: healthyResponse },
      'POST /api/auth/login': () => new Response(null, { status: 502, statusText: 'Bad Gateway' }),
    });
    renderApp('/auth/login');

    await submit('lena@example.com', 'secret12');

    expect(await toasts().findByText('Please check your credentials and try again.')).toBeInTheDocument();
  });

  it('too many attempts: the 429 message is shown as it came', async () => {
    mockApi({
      'GET /api/health': { body: healthyResponse },
      'POST /api/auth/login': {
        status: 429,
        body: { error: 'Too many login attempts. Please try again in 15 minutes.', code: 'RATE_LIMITED' },
      },
    });
    renderApp('/auth/login');

    await submit('lena@example.com', 'secret12');

    expect(
      await toasts().findByText('Too many login attempts. Please try again in 15 minutes.'),
    ).toBeInTheDocument();
  });

  it('invalid input shows the schema messages and sends nothing', async () => {
    const fetchMock = mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/auth/login');

    await userEvent.click(await screen.findByRole('button', { name: 'Log In' }));

    expect(await screen.findByLabelText('Email')).toHaveAccessibleDescription('Invalid email address');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(requestBody(fetchMock, 'POST', '/api/auth/login')).toBeUndefined();
  });

  it('success stores the token, caches the user, toasts Welcome back! and goes home', async () => {
    const user = buildUser();
    const fetchMock = mockApi({
      'GET /api/health': { body: healthyResponse },
      'POST /api/auth/login': { body: { token: 'tok-1', user } },
    });
    const { router, queryClient } = renderApp('/auth/login');

    await submit('lena@example.com', 'secret12');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await toasts().findByText('Welcome back!')).toBeInTheDocument();
    expect(toasts().getByText('You have successfully logged in.')).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBe('tok-1');
    expect(queryClient.getQueryData(['auth', 'me'])).toEqual(user);
    expect(requestBody(fetchMock, 'POST', '/api/auth/login')).toEqual({
      email: 'lena@example.com',
      password: 'secret12',
    });
    expect(
      await screen.findByRole('button', { name: 'LT, account menu for Lena Traveller' }),
    ).toBeInTheDocument();
  });

  it('the password can be shown and hidden; a link leads to sign-up', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/auth/login');

    const password = await screen.findByLabelText('Password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/register');
  });

  it('a signed-in user who opens /auth/login is sent home', async () => {
    signInAs(buildUser());
    const { router } = renderApp('/auth/login');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
