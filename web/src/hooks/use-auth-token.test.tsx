import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../lib/auth-token';
import { renderingForSession, useAuthToken } from './use-auth-token';

function Who() {
  return <p>{useAuthToken() ? 'signed in' : 'visitor'}</p>;
}

afterEach(() => window.localStorage.clear());

describe('useAuthToken', () => {
  it('renders on the server as the session it is given, never from storage', () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stored-token');
    expect(renderingForSession('server-session', () => renderToString(<Who />))).toBe('<p>signed in</p>');
    expect(renderingForSession(null, () => renderToString(<Who />))).toBe('<p>visitor</p>');
  });

  it("hydrates a page rendered for the stored session as it is: the server's text, no mismatch", async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderingForSession('server-session', () => renderToString(<Who />));
    const text = container.querySelector('p')!.firstChild;
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stored-token');
    const recoverable = vi.fn();
    const root = await act(async () => hydrateRoot(container, <Who />, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.querySelector('p')!.firstChild).toBe(text);
    expect(container.textContent).toBe('signed in');
    act(() => root.unmount());
    container.remove();
  });
});
