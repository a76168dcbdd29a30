import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Stay } from '@nomadswap/contracts/stays';
import { i18n } from '../i18n';
import { renderApp } from '../testing/render-app';
import { buildItem, buildUser, signInAs } from '../testing/api-mock';

/*
 * Place labels are stored in English; a German or Spanish page names the country in its language and keeps the
 * city as the data gives it (decision 0075).
 */
const SLOW = { timeout: 15_000 };

const stay: Stay = {
  location: 'Berlin, Germany',
  placeId: '2950159',
  timezone: 'Europe/Berlin',
  untilDate: '2027-12-18',
  until: '2027-12-18T22:59:00.000Z',
  next: {
    location: 'Mexico City, Mexico',
    placeId: '3530597',
    timezone: 'America/Mexico_City',
    fromDate: '2027-12-20',
    from: '2027-12-20T06:00:00.000Z',
  },
};
const ana = buildUser({ id: 'u-ana', fullName: 'Ana Nomad', location: 'Chiang Mai, Thailand', stay });
const tent = buildItem({ id: 'i1', title: 'Blue tent', location: 'Berlin, Germany', userId: 'u-ana' });

beforeAll(async () => {
  await import('./item');
});
afterEach(() => i18n.changeLanguage('en'));

describe.each([
  ['de', { germany: 'Berlin, Deutschland', mexico: 'Mexico City, Mexiko', thailand: 'Chiang Mai, Thailand' }],
  ['es', { germany: 'Berlin, Alemania', mexico: 'Mexico City, México', thailand: 'Chiang Mai, Tailandia' }],
])('place labels on a page in %s', (language, shown) => {
  it('the profile names the countries of its location, its stay and its items in the language', async () => {
    await i18n.changeLanguage(language);
    signInAs(buildUser({ id: 'u-viewer' }), {
      'GET /api/users/u-ana': { body: ana },
      'GET /api/items': { body: [tent] },
      'GET /api/reviews/user/u-ana': { body: [] },
    });
    renderApp('/user/u-ana');
    expect(await screen.findByText(shown.thailand, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(shown.mexico))).toBeInTheDocument();
    // The stay's line and the item's card both say Berlin, in the country's name of the page.
    await waitFor(() => expect(screen.getAllByText(new RegExp(shown.germany))).toHaveLength(2));
    expect(screen.getByText('Blue tent')).toBeInTheDocument();
    expect(screen.queryByText(/Germany|, Mexico\b/)).not.toBeInTheDocument();
  });

  it("the item's page names its country in the language", async () => {
    await i18n.changeLanguage(language);
    signInAs(buildUser({ id: 'u-viewer' }), {
      'GET /api/items/i1': { body: tent },
      'GET /api/items': { body: [] },
      'GET /api/exchanges': { body: [] },
    });
    renderApp('/item/i1');
    expect(await screen.findByText(shown.germany, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('Berlin, Germany')).not.toBeInTheDocument();
  });
});
