import fs from 'node:fs/promises';
import type { AuthResponse, Item, UserSelf } from '@nomadswap/contracts/responses';
import {
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  DEMO_USERS,
  demoEmail,
  type DemoItem,
  type DemoUser,
} from './demo-catalogue';
import { avatarFile, itemPhotoFile } from './make-photos';

export interface SeedDemoDataOptions {
  /** The gateway, e.g. `http://127.0.0.1:8080`. Everything goes through the public API. */
  baseUrl: string;
  /** The admin login, to approve the demo accounts. */
  adminEmail: string;
  adminPassword: string;
  log?: (line: string) => void;
}

export interface SeedOutcome {
  /** True when every demo user already existed with their items: nothing was done. */
  skipped: boolean;
  usersCreated: number;
  usersApproved: number;
  itemsCreated: number;
}

/** A call of the seed that the API refused; says which call and what the API answered. */
export class SeedError extends Error {
  constructor(
    readonly status: number,
    what: string,
    body: string,
  ) {
    super(`${what} failed with ${status}: ${body.slice(0, 300)}`);
    this.name = 'SeedError';
  }
}

interface Api {
  call<T>(what: string, method: string, path: string, token: string | null, body?: unknown): Promise<T>;
  /** Same, but answers null instead of throwing for the given status. */
  callUnless<T>(
    status: number,
    what: string,
    method: string,
    path: string,
    token: string | null,
    body?: unknown,
  ): Promise<T | null>;
}

function createApi(baseUrl: string): Api {
  const base = baseUrl.replace(/\/+$/, '');
  async function request(method: string, path: string, token: string | null, body?: unknown) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
  async function read<T>(response: Response, what: string): Promise<T> {
    const text = await response.text();
    if (!response.ok) throw new SeedError(response.status, what, text);
    return (text ? JSON.parse(text) : null) as T;
  }
  return {
    async call(what, method, path, token, body) {
      return read(await request(method, path, token, body), what);
    },
    async callUnless(status, what, method, path, token, body) {
      const response = await request(method, path, token, body);
      if (response.status === status) {
        await response.body?.cancel();
        return null;
      }
      return read(response, what);
    },
  };
}

const dataUrlOf = async (file: string) =>
  `data:image/jpeg;base64,${(await fs.readFile(file)).toString('base64')}`;

interface SeededUser {
  demo: DemoUser;
  user: UserSelf;
  token: string;
  /** The demo items still to list (none when the user already has items). */
  pending: DemoItem[];
}

/** Signs the demo user in, or registers them (with their avatar) the first time. */
async function signInOrRegister(
  api: Api,
  demo: DemoUser,
): Promise<{ session: AuthResponse; created: boolean }> {
  const email = demoEmail(demo);
  const existing = await api.callUnless<AuthResponse>(
    401,
    `login of ${email}`,
    'POST',
    '/api/auth/login',
    null,
    {
      email,
      password: DEMO_PASSWORD,
    },
  );
  if (existing) return { session: existing, created: false };
  try {
    const session = await api.call<AuthResponse>(
      `registration of ${email}`,
      'POST',
      '/api/auth/register',
      null,
      {
        fullName: demo.fullName,
        username: demo.username,
        email,
        location: demo.location,
        password: DEMO_PASSWORD,
        bio: demo.bio,
        avatar: await dataUrlOf(avatarFile(demo.avatar)),
      },
    );
    return { session, created: true };
  } catch (error) {
    if (error instanceof SeedError && error.status === 429) {
      throw new Error(
        `${error.message}\nThe auth service's registration limit per client address (REGISTER_LIMIT_PER_HOUR) ` +
          `stopped the seed; it needs at least ${DEMO_USERS.length} registrations. Running the seed again ` +
          `later resumes where it stopped.`,
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * Fills a running NomadSwap (through the gateway, as any client would) with a small living marketplace: twelve
 * approved demo travellers with avatars, two in each preset city, and four items each with photos across all
 * categories, a few already swapped. Idempotent and resumable: existing demo users are signed in rather than
 * registered, approved only if they are not yet, and given items only if they have none; when everything is
 * there already it changes nothing and reports `skipped`.
 */
export async function seedDemoData(options: SeedDemoDataOptions): Promise<SeedOutcome> {
  const log = options.log ?? (() => {});
  const api = createApi(options.baseUrl);
  const outcome: SeedOutcome = { skipped: false, usersCreated: 0, usersApproved: 0, itemsCreated: 0 };

  const admin = await api.call<AuthResponse>('admin login', 'POST', '/api/auth/login', null, {
    email: options.adminEmail,
    password: options.adminPassword,
  });

  const seeded: SeededUser[] = [];
  for (const demo of DEMO_USERS) {
    const { session, created } = await signInOrRegister(api, demo);
    if (created) outcome.usersCreated += 1;
    let user = session.user;
    if (!user.isApproved) {
      user = await api.call<UserSelf>(
        `approval of ${demo.username}`,
        'POST',
        `/api/admin/approve-user/${user.id}`,
        admin.token,
      );
      outcome.usersApproved += 1;
    }
    const own = await api.call<Item[]>(
      `items of ${demo.username}`,
      'GET',
      `/api/items?userId=${user.id}&limit=1`,
      session.token,
    );
    seeded.push({ demo, user, token: session.token, pending: own.length === 0 ? [...demo.items] : [] });
  }

  // Round-robin across users, so the newest-first browse list mixes cities and people.
  while (seeded.some((entry) => entry.pending.length > 0)) {
    for (const entry of seeded) {
      const item = entry.pending.shift();
      if (!item) continue;
      const images = await Promise.all(item.photos.map((photo) => dataUrlOf(itemPhotoFile(photo))));
      const created = await api.call<Item>(`item "${item.title}"`, 'POST', '/api/items', entry.token, {
        title: item.title,
        description: item.description,
        category: item.category,
        condition: item.condition,
        location: entry.demo.location,
        preferredExchange: item.preferredExchange,
        images,
      });
      if (item.swapped) {
        await api.call(
          `swapped mark of "${item.title}"`,
          'POST',
          `/api/items/${created.id}/toggle-swapped`,
          entry.token,
        );
      }
      outcome.itemsCreated += 1;
    }
  }

  outcome.skipped = outcome.usersCreated === 0 && outcome.usersApproved === 0 && outcome.itemsCreated === 0;
  log(
    outcome.skipped
      ? `demo data already present (${DEMO_USERS.length} demo users)`
      : `demo data: ${outcome.usersCreated} users registered, ${outcome.usersApproved} approved, ` +
          `${outcome.itemsCreated} items listed (demo logins: <username>@${DEMO_EMAIL_DOMAIN} / ${DEMO_PASSWORD})`,
  );
  return outcome;
}
