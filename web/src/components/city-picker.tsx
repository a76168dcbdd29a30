import { useEffect, useState, type ComponentProps, type KeyboardEvent, type Ref } from 'react';
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { placeLabelIn } from '../lib/place-label';
import type { Place } from '@nomadswap/contracts/places';
import { PLACE_SEARCH_MIN_CHARS, usePlaceSearch } from '../hooks/use-place-search';
import { cn } from '../lib/utils';
import { Input } from './ui/input';

/** What a location field holds: the text shown, and the city it names when one was picked (else null). */
export interface CityChoice {
  text: string;
  place: Place | null;
}

type InputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'ref' | 'role' | 'type'>;

interface CityPickerProps extends InputProps {
  id: string;
  value: string;
  /** Typing gives the text with no place; picking a suggestion gives its label and the place. */
  onChange: (choice: CityChoice) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The listbox's accessible name ('City suggestions'). */
  listLabel?: string;
  /** Only a city will do (alerts): no match says so rather than promising to keep the text as typed. */
  cityOnly?: boolean;
}

/**
 * A city text field with suggestions from our gazetteer (issue 22): the WAI-ARIA 1.2 combobox pattern, "list
 * autocomplete with manual selection" (APG). Suggestions appear as the user types; ArrowDown/ArrowUp move
 * through them (wrapping), Enter or a click/tap picks one, Escape closes the list and a second Escape clears the
 * field, Tab leaves with the text as typed. Free text stays valid: the server matches it on save.
 */
export function CityPicker({
  id,
  value,
  onChange,
  onBlur,
  onKeyDown,
  inputRef,
  listLabel,
  cityOnly = false,
  className,
  ...inputProps
}: CityPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { query, wanted, settled, searchable } = usePlaceSearch(value, open);
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const text = value.trim();
  const long = text.length >= PLACE_SEARCH_MIN_CHARS;
  // Longer than any city name the search takes: nothing is asked, the text is saved as typed.
  const tooLong = long && !searchable;
  // Answers for an older text (the debounce has not caught up) are never offered for this one.
  const options = long && settled && query.data ? query.data : [];
  const activeIndex = active < options.length ? active : -1;
  const listShown = open && options.length > 0;
  const status =
    !open || !long
      ? null
      : tooLong
        ? 'empty'
        : !settled || (wanted && query.isPending)
          ? 'loading'
          : query.isError
            ? 'error'
            : query.isSuccess && options.length === 0
              ? 'empty'
              : null;

  useEffect(() => {
    // On a phone the list may open below the fold or under the bottom bar (its scroll margin): bring it up.
    if (listShown) document.getElementById(listboxId)?.scrollIntoView?.({ block: 'nearest' });
  }, [listboxId, listShown]);

  useEffect(() => {
    if (activeIndex < 0) return;
    // Keeps the highlighted option visible in a list taller than its box (jsdom has no scrollIntoView).
    document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, activeIndex]);

  const pick = (place: Place) => {
    onChange({ text: place.label, place });
    setOpen(false);
    setActive(-1);
  };

  const move = (step: 1 | -1) => {
    if (!listShown) {
      setOpen(true);
      setActive(options.length === 0 ? -1 : step === 1 ? 0 : options.length - 1);
      return;
    }
    setActive(
      activeIndex < 0
        ? step === 1
          ? 0
          : options.length - 1
        : (activeIndex + step + options.length) % options.length,
    );
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter': {
        // With no option highlighted, Enter is the form's (submits the text as typed).
        const place = listShown && activeIndex >= 0 ? options[activeIndex] : undefined;
        if (place) {
          event.preventDefault();
          pick(place);
        }
        break;
      }
      case 'Escape':
        if (open && (listShown || status)) {
          // The list closes first; the surrounding dialog or panel keeps its place.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        } else if (value) {
          event.preventDefault();
          event.stopPropagation();
          onChange({ text: '', place: null });
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  return (
    <div className="relative flex-1">
      <Input
        {...inputProps}
        ref={inputRef}
        id={id}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={listShown}
        aria-controls={listboxId}
        aria-activedescendant={listShown && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        autoComplete="off"
        className={className}
        onChange={(event) => {
          onChange({ text: event.target.value, place: null });
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={handleKeyDown}
        onBlur={(event) => {
          setOpen(false);
          setActive(-1);
          onBlur?.(event);
        }}
      />
      <div
        className={cn(
          'absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-lg bg-popover text-popover-foreground',
          (listShown || status) && 'border shadow-lg',
        )}
      >
        <ul
          id={listboxId}
          role="listbox"
          aria-label={listLabel ?? t('location.picker.suggestions')}
          hidden={!listShown}
          className="max-h-72 scroll-mb-20 overflow-y-auto p-1 md:scroll-mb-4"
        >
          {options.map((place, index) => (
            // The keyboard picks through the combobox (aria-activedescendant), not the option itself.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={place.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              // The input keeps the focus (and the on-screen keyboard stays up) while an option is pressed.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(place)}
              onMouseMove={() => index !== activeIndex && setActive(index)}
              className={cn(
                'flex min-h-11 cursor-pointer items-center rounded-md px-3 py-2 text-base md:text-sm',
                index === activeIndex && 'bg-accent text-accent-foreground',
              )}
            >
              <OptionText place={place} />
            </li>
          ))}
        </ul>
        <p role="status" aria-live="polite" className={cn('text-sm', status && 'px-3 py-3')}>
          {status === 'loading' ? (
            <span className="flex items-center gap-2 text-muted-foreground">
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
              {t('location.picker.searching')}
            </span>
          ) : status === 'empty' ? (
            <span className="text-muted-foreground">
              {t(cityOnly ? 'location.picker.noCity' : 'location.picker.noMatch', { text })}
            </span>
          ) : status === 'error' ? (
            <span className="font-medium text-destructive">{t('location.picker.failed')}</span>
          ) : null}
        </p>
      </div>
    </div>
  );
}

/** 'Lisbon, Portugal' with the city's own name stressed, the country in the page's language. */
function OptionText({ place }: { place: Place }) {
  const { i18n } = useTranslation();
  const label = placeLabelIn(place, i18n.language);
  if (!label.startsWith(place.name)) return <span>{label}</span>;
  return (
    <span>
      <span className="font-medium">{place.name}</span>
      <span className="text-muted-foreground">{label.slice(place.name.length)}</span>
    </span>
  );
}
