import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PLACE_LIMITS } from '@nomadswap/contracts/place-limits';
import type { CityChoice } from '../../../components/city-picker';
import { LocationField } from '../../../components/location-field';
import { Button } from '../../../components/ui/button';

/** The place browse filters by: the text shown, the picked city's id, and the radius around it. */
export interface BrowseLocation {
  location: string;
  placeId?: string;
  withinKm?: number;
}

interface BrowseLocationPanelProps {
  /** The id the 'Set Location' button points at with `aria-controls`. */
  id: string;
  initial: BrowseLocation;
  signedIn: boolean;
  /** Receives the place typed or picked, the place detected by GPS (applied at once), or '' for Clear. */
  onApply: (location: BrowseLocation) => void;
}

/**
 * Browse's 'Set Location' panel: the city picker (typed, picked or detected), "and within 50 km" once a city is
 * picked (issue 22), Apply and Clear.
 */
export default function BrowseLocationPanel({ id, initial, signedIn, onApply }: BrowseLocationPanelProps) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState({ text: initial.location, placeId: initial.placeId });
  const [nearby, setNearby] = useState(initial.withinKm !== undefined);
  const titleId = `${id}-title`;
  const nearbyId = `${id}-nearby`;
  const km = PLACE_LIMITS.nearbyKm;

  const toBrowse = ({ text, placeId }: { text: string; placeId?: string }): BrowseLocation => ({
    location: text.trim(),
    placeId,
    withinKm: placeId && nearby ? km : undefined,
  });
  const onChoice = ({ text, place }: CityChoice) => ({ text, placeId: place?.id });

  return (
    <section id={id} aria-labelledby={titleId} className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <h2 id={titleId} className="font-semibold">
        {t('browse.setLocation')}
      </h2>
      {!signedIn ? <p className="text-sm text-muted-foreground">{t('browse.locationSignedOut')}</p> : null}
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          onApply(toBrowse(choice));
        }}
      >
        <LocationField
          id={`${id}-input`}
          label={t('browse.locationLabel')}
          value={choice.text}
          onChange={(next) => setChoice(onChoice(next))}
          onDetected={(detected) => {
            const next = onChoice(detected);
            setChoice(next);
            onApply(toBrowse(next));
          }}
        />
        <div className="grid gap-1">
          <label htmlFor={nearbyId} className="flex min-h-11 items-center gap-3 text-sm font-medium">
            <input
              id={nearbyId}
              type="checkbox"
              className="size-5 accent-primary"
              checked={nearby && choice.placeId !== undefined}
              disabled={choice.placeId === undefined}
              aria-describedby={choice.placeId === undefined ? `${nearbyId}-hint` : undefined}
              onChange={(event) => setNearby(event.target.checked)}
            />
            {t('browse.withinKm', { km })}
          </label>
          {choice.placeId === undefined ? (
            <p id={`${nearbyId}-hint`} className="text-xs text-muted-foreground">
              {t('browse.withinKmHint')}
            </p>
          ) : null}
        </div>
        <div className="flex gap-2">
          <Button type="submit" className="flex-1 sm:flex-none">
            {t('browse.applyLocation')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setChoice({ text: '', placeId: undefined });
              onApply({ location: '' });
            }}
          >
            {t('browse.clear')}
          </Button>
        </div>
      </form>
    </section>
  );
}
