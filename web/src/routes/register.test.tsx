import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type * as ImageResize from '../lib/image-resize';
import { renderApp } from '../testing/render-app';
import {
  buildPlace,
  buildUser,
  healthyResponse,
  jsonResponse,
  lisbPlaces,
  mockApi,
  queriesOf,
  requestBody,
  signInAs,
} from '../testing/api-mock';

const RESIZED = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';

// jsdom has no canvas: the resize step is replaced, the file checks stay real.
vi.mock('../lib/image-resize', async (importOriginal) => ({
  ...(await importOriginal<typeof ImageResize>()),
  resizeImage: vi.fn(async () => RESIZED),
}));

function photo(name = 'me.jpg', type = 'image/jpeg') {
  return new File(['jpeg-bytes'], name, { type });
}

async function fillValidForm(user = userEvent.setup()) {
  await user.type(await screen.findByLabelText('Full Name'), 'Lena Traveller');
  await user.type(screen.getByLabelText('Username'), 'lisbonlena');
  await user.type(screen.getByLabelText('Email'), 'Lena@Example.com');
  await user.type(screen.getByLabelText('Location'), 'Lisbon, Portugal');
  await user.type(screen.getByLabelText('Password'), 'secret12');
  await user.type(screen.getByLabelText('Confirm Password'), 'secret12');
  await user.type(screen.getByLabelText('Bio'), 'Moving from Lisbon to Bangkok next month.');
  await user.upload(screen.getByLabelText('Profile Photo'), photo());
  await screen.findByRole('img', { name: 'Profile photo preview' });
  await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }));
  return user;
}

describe('/auth/register', () => {
  it('placeholders read as examples ("e.g. …") in the lighter placeholder colour, never as typed values', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/auth/register');

    for (const label of ['Full Name', 'Username', 'Email']) {
      const field = await screen.findByLabelText(label, { exact: false, selector: 'input' });
      expect(field.getAttribute('placeholder'), label).toMatch(/^e\.g\. /);
      expect(field, label).toHaveClass('placeholder:text-placeholder');
    }
  });

  it('submitting the empty form shows the shared schema messages on each field', async () => {
    const fetchMock = mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/auth/register');

    await userEvent.click(await screen.findByRole('button', { name: 'Create Account' }));

    expect(await screen.findByLabelText('Full Name')).toHaveAccessibleDescription('Full name is required');
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
      'Username must be at least 3 characters',
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email address');
    expect(screen.getByLabelText('Location')).toHaveAccessibleDescription('Location is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters',
    );
    expect(screen.getByLabelText('Bio')).toHaveAccessibleDescription('Bio must be at least 10 characters');
    expect(screen.getByText('Profile photo is required')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /I agree/ })).toHaveAccessibleDescription(
      'You must agree to the Terms of Service and Privacy Policy',
    );
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/auth/register');
  });

  it('a failed submit puts focus on the first invalid field on screen (Full Name), not on Location', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/auth/register');

    await userEvent.click(await screen.findByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByLabelText('Full Name')).toHaveFocus());

    // Fill the fields above Location: the next submit lands on Location itself.
    await userEvent.type(screen.getByLabelText('Full Name'), 'Ana Nomad');
    await userEvent.type(screen.getByLabelText('Username'), 'ananomad');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveFocus());
  });

  it('a confirmation that differs shows "Passwords don\'t match" on the confirmation field', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/auth/register');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret13');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByLabelText('Confirm Password')).toHaveAccessibleDescription(
      "Passwords don't match",
    );
    expect(screen.getByLabelText('Password')).not.toHaveAccessibleDescription("Passwords don't match");
  });

  it('both password fields have their own show/hide toggle', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/auth/register');

    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');

    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password confirmation' }));
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('type', 'text');
  });

  it('a file that is not an image is refused with "Invalid file type"', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/auth/register');
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(await screen.findByLabelText('Profile Photo'), photo('cv.pdf', 'application/pdf'));

    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getByText('Please select an image file.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Profile photo preview' })).not.toBeInTheDocument();
  });

  it('an image over 10 MB is refused with "File too large"', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/auth/register');
    const big = photo('huge.jpg');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });

    await userEvent.upload(await screen.findByLabelText('Profile Photo'), big);

    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(screen.getByText('Please select an image smaller than 10MB.')).toBeInTheDocument();
  });

  it('the photo hint and the three legal links are shown; the links open in a new tab', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    renderApp('/auth/register');

    expect(await screen.findByText('JPG, PNG up to 10MB (auto-resized to 400px)')).toBeInTheDocument();
    // The footer has its own Terms and Privacy links: look inside the form.
    const form = within(screen.getByRole('button', { name: 'Create Account' }).closest('form')!);
    expect(form.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/community-rules?tab=terms',
    );
    expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(form.getByRole('link', { name: 'Legal Summary' })).toHaveAttribute('href', '/legal-summary');
    expect(form.getByRole('link', { name: 'Legal Summary' })).toHaveAttribute('target', '_blank');
    expect(form.getByRole('link', { name: 'Log in instead' })).toHaveAttribute('href', '/auth/login');
  });

  it('a 409 for the username is shown on the username field and in a Registration failed toast', async () => {
    mockApi({
      'GET /api/health': { body: healthyResponse },
      'POST /api/auth/register': {
        status: 409,
        body: {
          error: 'Username is already taken',
          code: 'CONFLICT',
          details: [{ field: 'username', message: 'Username is already taken' }],
        },
      },
    });
    renderApp('/auth/register');

    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username is already taken'),
    );
    const toastRegion = screen.getByRole('region', { name: /Notifications/ });
    expect(within(toastRegion).getByText('Registration failed')).toBeInTheDocument();
    expect(within(toastRegion).getByText('Username is already taken')).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('success sends the payload without confirmPassword/agreeToTerms, signs in, toasts and opens /welcome', async () => {
    const created = buildUser({ isApproved: false, approvedAt: null, email: 'lena@example.com' });
    let release: () => void = () => {};
    const fetchMock = mockApi({
      'GET /api/health': { body: healthyResponse },
      'POST /api/auth/register': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse(201, { token: 'new-token', user: created }));
        }),
    });
    const { router, queryClient } = renderApp('/auth/register');

    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    release();

    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    expect(requestBody(fetchMock, 'POST', '/api/auth/register')).toEqual({
      fullName: 'Lena Traveller',
      username: 'lisbonlena',
      email: 'lena@example.com',
      location: 'Lisbon, Portugal',
      password: 'secret12',
      bio: 'Moving from Lisbon to Bangkok next month.',
      avatar: RESIZED,
    });
    expect(window.localStorage.getItem('authToken')).toBe('new-token');
    expect(queryClient.getQueryData(['auth', 'me'])).toEqual(created);
    expect(await screen.findByText('Your account has been created successfully.')).toBeInTheDocument();
    expect(await screen.findByText('Lisbon, Portugal')).toBeInTheDocument();
  });

  it('a city picked from the suggestions is sent as placeId with its label', async () => {
    const fetchMock = mockApi({
      'GET /api/health': { body: healthyResponse },
      'GET /api/places': { body: lisbPlaces },
      'POST /api/auth/register': { status: 201, body: { token: 'new-token', user: buildUser() } },
    });
    renderApp('/auth/register');
    const user = await fillValidForm();

    const location = screen.getByRole('combobox', { name: 'Location' });
    await user.clear(location);
    await user.type(location, 'lisb');
    await user.click(await screen.findByRole('option', { name: 'Lisbon, Portugal' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() =>
      expect(requestBody(fetchMock, 'POST', '/api/auth/register')).toMatchObject({
        location: 'Lisbon, Portugal',
        placeId: '2267057',
      }),
    );
  });

  it('a signed-in user who opens /auth/register is sent home', async () => {
    signInAs(buildUser());
    const { router } = renderApp('/auth/register');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('detect my location on /auth/register', () => {
  function mockGeolocation(impl: Geolocation['getCurrentPosition']) {
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition: impl } });
  }

  it('fills in the city our server finds nearest the rounded browser position', async () => {
    const fetchMock = mockApi({
      'GET /api/health': { body: healthyResponse },
      'GET /api/places/nearest': {
        body: buildPlace({ id: '2262963', name: 'Sintra', label: 'Sintra, Portugal' }),
      },
    });
    const getCurrentPosition = vi.fn<Geolocation['getCurrentPosition']>((success) =>
      success({ coords: { latitude: 38.80097, longitude: -9.37826 } } as GeolocationPosition),
    );
    mockGeolocation(getCurrentPosition);
    renderApp('/auth/register');

    await userEvent.click(await screen.findByRole('button', { name: 'Detect my location' }));

    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveValue('Sintra, Portugal'));
    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual({
      enableHighAccuracy: true,
      timeout: 10_000,
      maximumAge: 60_000,
    });
    expect(queriesOf(fetchMock, '/api/places/nearest')).toEqual([{ lat: '38.8', lon: '-9.38' }]);
    // The position goes to our server only: no third-party geocoder is configured by default.
    expect(fetchMock.mock.calls.every(([url]) => String(url).startsWith('/api/'))).toBe(true);
  });

  it('shows "Detecting..." on the disabled button while the position is requested', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    mockGeolocation(() => {});
    renderApp('/auth/register');

    await userEvent.click(await screen.findByRole('button', { name: 'Detect my location' }));

    expect(await screen.findByRole('button', { name: 'Detecting...' })).toBeDisabled();
  });

  it('a refused permission shows the spec text under the field', async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    mockGeolocation((_success, failure) =>
      failure?.({ code: 1, message: 'denied' } as GeolocationPositionError),
    );
    renderApp('/auth/register');

    await userEvent.click(await screen.findByRole('button', { name: 'Detect my location' }));

    expect(
      await screen.findByText('Location access denied. Please enable location permissions in your browser.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Detect my location' })).toBeEnabled();
  });
});
