import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationField } from '../../../components/location-field';
import { Button } from '../../../components/ui/button';

interface BrowseLocationPanelProps {
  /** The id the 'Set Location' button points at with `aria-controls`. */
  id: string;
  initial: string;
  signedIn: boolean;
  /** Receives the place typed, the place detected by GPS (applied at once), or '' for Clear. */
  onApply: (location: string) => void;
}

/** Browse's 'Set Location' panel: the shared location field (typed or detected), Apply and Clear. */
export function BrowseLocationPanel({ id, initial, signedIn, onApply }: BrowseLocationPanelProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const titleId = `${id}-title`;

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
          onApply(value.trim());
        }}
      >
        <LocationField
          id={`${id}-input`}
          label={t('browse.locationLabel')}
          inputProps={{ value, onChange: (event) => setValue(event.target.value) }}
          onDetected={(place) => {
            setValue(place);
            onApply(place);
          }}
        />
        <div className="flex gap-2">
          <Button type="submit" className="flex-1 sm:flex-none">
            {t('browse.applyLocation')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setValue('');
              onApply('');
            }}
          >
            {t('browse.clear')}
          </Button>
        </div>
      </form>
    </section>
  );
}
