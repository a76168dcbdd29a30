/**
 * The floor for bench/web: React, React DOM and the router the app uses, and nothing else — a heading, a list of
 * "conversations" that opens one, and a composer that appends a message. What Lighthouse measures here is what
 * the framework alone costs on the same machine and throttling, beside the app's pages.
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Link, RouterProvider, createBrowserRouter, useSearchParams } from 'react-router-dom';

const PEOPLE = ['Kai', 'Noor', 'Tomás'];

function Floor() {
  const [params] = useSearchParams();
  const open = params.get('user');
  const [messages, setMessages] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  return (
    <main>
      <h1>Floor: React and the router only</h1>
      <ul>
        {PEOPLE.map((name) => (
          <li key={name}>
            <Link to={`/?user=${name}`}>{name}</Link>
          </li>
        ))}
      </ul>
      {open ? (
        <section aria-label={`Chat with ${open}`}>
          <ol>
            {messages.map((message, i) => (
              <li key={i}>{message}</li>
            ))}
          </ol>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setMessages((list) => [...list, draft]);
              setDraft('');
            }}
          >
            <textarea aria-label="Message" value={draft} onChange={(event) => setDraft(event.target.value)} />
            <button type="submit" aria-label="Send">
              Send
            </button>
          </form>
        </section>
      ) : null}
    </main>
  );
}

const router = createBrowserRouter([{ path: '*', element: <Floor /> }]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
