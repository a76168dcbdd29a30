import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { i18n } from '../i18n';
import { jsonResponse, lisbPlaces, mockApi, queriesOf } from '../testing/api-mock';
import { CityPicker, type CityChoice } from './city-picker';

/** A form with the picker; what it holds is shown beside it, and submitting records the text. */
function Harness({
  onSubmit = () => {},
  cityOnly,
}: {
  onSubmit?: (choice: CityChoice) => void;
  cityOnly?: boolean;
}) {
  const [choice, setChoice] = useState<CityChoice>({ text: '', place: null });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(choice);
      }}
    >
      <label htmlFor="city">City</label>
      <CityPicker id="city" value={choice.text} onChange={setChoice} cityOnly={cityOnly} />
      <p data-testid="place-id">{choice.place?.id ?? 'none'}</p>
      <button type="button">Next field</button>
    </form>
  );
}

function renderPicker(onSubmit?: (choice: CityChoice) => void, cityOnly?: boolean) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness onSubmit={onSubmit} cityOnly={cityOnly} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), input: screen.getByRole('combobox', { name: 'City' }) };
}

const placeId = () => screen.getByTestId('place-id').textContent;
const options = () => screen.getAllByRole('option');

describe('CityPicker', () => {
  it('typing asks for suggestions once typing pauses and lists them as options of a listbox', async () => {
    const fetchMock = mockApi({ 'GET /api/places': { body: lisbPlaces } });
    const { user, input } = renderPicker();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');

    await user.type(input, 'lisb');

    const listbox = await screen.findByRole('listbox', { name: 'City suggestions' });
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(options().map((option) => option.textContent)).toEqual([
      'Lisbon, Portugal',
      'Lisburn, United Kingdom',
      'Lisbon, United States',
    ]);
    expect(options().every((option) => option.getAttribute('aria-selected') === 'false')).toBe(true);
    // One request for the word typed quickly, not one per letter.
    expect(queriesOf(fetchMock, '/api/places')).toEqual([{ q: 'lisb' }]);
  });

  it.each([
    ['de', ['Lisbon, Portugal', 'Lisburn, Vereinigtes Königreich', 'Lisbon, Vereinigte Staaten']],
    ['es', ['Lisbon, Portugal', 'Lisburn, Reino Unido', 'Lisbon, Estados Unidos']],
  ])(
    'on a page in %s, the suggestions name the country in the language, the city as the data has it',
    async (language, shown) => {
      await i18n.changeLanguage(language);
      try {
        mockApi({ 'GET /api/places': { body: lisbPlaces } });
        const { user, input } = renderPicker();
        await user.type(input, 'lisb');
        await screen.findByRole('listbox');
        expect(options().map((option) => option.textContent)).toEqual(shown);
        // What is picked is the stored (English) label.
        await user.click(options()[1]!);
        expect(input).toHaveValue('Lisburn, United Kingdom');
      } finally {
        await i18n.changeLanguage('en');
      }
    },
  );

  it('asks nothing for one letter; the second letter is the first search', async () => {
    const fetchMock = mockApi({ 'GET /api/places': { body: lisbPlaces } });
    const { user, input } = renderPicker();

    await user.type(input, 'l');
    await user.type(input, 'i');

    await screen.findByRole('listbox');
    expect(queriesOf(fetchMock, '/api/places')).toEqual([{ q: 'li' }]);
  });

  it('searches text of the API limit (80 characters) and asks nothing for one more: it is kept as typed', async () => {
    const fetchMock = mockApi({ 'GET /api/places': { body: [] } });
    const { user, input } = renderPicker();
    const at = 'a'.repeat(80);

    await user.click(input);
    await user.paste(at);
    await screen.findByText(`No matching city — we'll save “${at}” as you typed it`);
    expect(queriesOf(fetchMock, '/api/places')).toEqual([{ q: at }]);

    await user.paste('b');
    expect(
      await screen.findByText(`No matching city — we'll save “${at}b” as you typed it`),
    ).toBeInTheDocument();
    expect(queriesOf(fetchMock, '/api/places')).toEqual([{ q: at }]);
  });

  it('ArrowDown and ArrowUp move through the options, wrapping; Enter picks the highlighted one', async () => {
    mockApi({ 'GET /api/places': { body: lisbPlaces } });
    const submit = vi.fn();
    const { user, input } = renderPicker(submit);
    await user.type(input, 'lisb');
    await screen.findByRole('listbox');

    await user.keyboard('{ArrowDown}');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options()[0]?.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options()[2]?.id);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options()[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options()[2]?.id);
    expect(options()[2]).toHaveAttribute('aria-selected', 'true');
    expect(options()[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowUp}{ArrowUp}{Enter}');

    expect(input).toHaveValue('Lisbon, Portugal');
    expect(placeId()).toBe('2267057');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // Enter picked the option; it did not also submit the form.
    expect(submit).not.toHaveBeenCalled();
  });

  it('Enter with no option highlighted submits the text as typed', async () => {
    mockApi({ 'GET /api/places': { body: lisbPlaces } });
    const submit = vi.fn();
    const { user, input } = renderPicker(submit);
    await user.type(input, 'lisb');
    await screen.findByRole('listbox');

    await user.keyboard('{Enter}');

    expect(submit).toHaveBeenCalledWith({ text: 'lisb', place: null });
  });

  it('a click (or tap) on an option picks it and keeps the focus in the field', async () => {
    mockApi({ 'GET /api/places': { body: lisbPlaces } });
    const { user, input } = renderPicker();
    await user.type(input, 'lisb');

    await user.click(await screen.findByRole('option', { name: 'Lisburn, United Kingdom' }));

    expect(input).toHaveValue('Lisburn, United Kingdom');
    expect(placeId()).toBe('2644411');
    expect(input).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('typing after a pick keeps the text but forgets the place', async () => {
    mockApi({ 'GET /api/places': { body: lisbPlaces } });
    const { user, input } = renderPicker();
    await user.type(input, 'lisb');
    await user.click(await screen.findByRole('option', { name: 'Lisbon, Portugal' }));
    expect(placeId()).toBe('2267057');

    await user.type(input, '{Backspace}');

    expect(input).toHaveValue('Lisbon, Portuga');
    expect(placeId()).toBe('none');
  });

  it('Escape closes the list and keeps the text; a second Escape clears the field', async () => {
    mockApi({ 'GET /api/places': { body: lisbPlaces } });
    const { user, input } = renderPicker();
    await user.type(input, 'lisb');
    await screen.findByRole('listbox');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('lisb');

    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });

  it('Tab leaves the field with the text as typed and no place', async () => {
    mockApi({ 'GET /api/places': { body: lisbPlaces } });
    const { user, input } = renderPicker();
    await user.type(input, 'lisb');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}');

    await user.tab();

    expect(screen.getByRole('button', { name: 'Next field' })).toHaveFocus();
    expect(input).toHaveValue('lisb');
    expect(placeId()).toBe('none');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('shows that it is searching while the answer is on its way', async () => {
    const replies: ((response: Response) => void)[] = [];
    mockApi({ 'GET /api/places': () => new Promise<Response>((resolve) => replies.push(resolve)) });
    const { user, input } = renderPicker();

    await user.type(input, 'lisb');

    await waitFor(() => expect(replies).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('Searching cities…');
    replies[0]?.(jsonResponse(200, lisbPlaces));
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('no match: says the text will be saved as typed, and keeps it', async () => {
    mockApi({ 'GET /api/places': { body: [] } });
    const submit = vi.fn();
    const { user, input } = renderPicker(submit);

    await user.type(input, 'Nowhereville');

    expect(
      await screen.findByText("No matching city — we'll save “Nowhereville” as you typed it"),
    ).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(submit).toHaveBeenCalledWith({ text: 'Nowhereville', place: null });
  });

  it('no match where only a city will do (alerts): says no city matches, promises nothing', async () => {
    mockApi({ 'GET /api/places': { body: [] } });
    const { user, input } = renderPicker(undefined, true);

    await user.type(input, 'Nowhereville');

    expect(await screen.findByText('No city matches “Nowhereville”')).toBeInTheDocument();
    expect(screen.queryByText(/as you typed it/)).not.toBeInTheDocument();
  });

  it('a failed search says so, and the typed text still counts', async () => {
    mockApi({ 'GET /api/places': { status: 503, body: { error: 'Service unavailable' } } });
    const submit = vi.fn();
    const { user, input } = renderPicker(submit);

    await user.type(input, 'Lisbon, Portugal');

    expect(
      await screen.findByText(
        'City suggestions are unavailable right now — you can still type your city and country.',
      ),
    ).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(submit).toHaveBeenCalledWith({ text: 'Lisbon, Portugal', place: null });
  });

  it('suggestions for an older text are not offered for the new one', async () => {
    const replies: ((response: Response) => void)[] = [];
    mockApi({ 'GET /api/places': () => new Promise<Response>((resolve) => replies.push(resolve)) });
    const { user, input } = renderPicker();
    await user.type(input, 'lisb');
    await waitFor(() => expect(replies).toHaveLength(1));

    await user.type(input, 'u');
    await waitFor(() => expect(replies).toHaveLength(2));
    replies[0]?.(jsonResponse(200, lisbPlaces));
    replies[1]?.(jsonResponse(200, [lisbPlaces[1]]));

    await screen.findByRole('listbox');
    expect(options().map((option) => option.textContent)).toEqual(['Lisburn, United Kingdom']);
  });
});
