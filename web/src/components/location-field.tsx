import type { ComponentProps } from 'react';
import { LoaderCircle, LocateFixed } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDetectLocation } from '../hooks/use-detect-location';
import { FieldError, FormField } from './form-field';
import { Button } from './ui/button';
import { Input } from './ui/input';

interface LocationFieldProps {
  id: string;
  label: string;
  error?: string;
  /** The text input's props (e.g. react-hook-form's `register('location')`). */
  inputProps: ComponentProps<'input'>;
  /** Receives 'City, Country' when detection succeeds; the form puts it into its field. */
  onDetected: (location: string) => void;
}

/** A 'City, Country' text field with a "detect my location" button (browser position + reverse geocoding). */
export function LocationField({ id, label, error, inputProps, onDetected }: LocationFieldProps) {
  const { t } = useTranslation();
  const { detect, isDetecting, error: detectError } = useDetectLocation();
  const detectErrorId = `${id}-detect-error`;

  const onDetect = async () => {
    const place = await detect();
    if (place) onDetected(place.formatted);
  };

  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              {...inputProps}
              {...control}
              aria-describedby={
                [control['aria-describedby'], detectError ? detectErrorId : undefined]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              placeholder={t('location.placeholder')}
              autoComplete="address-level2"
            />
            <Button
              variant="outline"
              className="shrink-0"
              onClick={() => void onDetect()}
              disabled={isDetecting}
            >
              {isDetecting ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <LocateFixed aria-hidden="true" />
              )}
              {isDetecting ? t('location.detecting') : t('location.detect')}
            </Button>
          </div>
          <div role="status" aria-live="polite" className="empty:-mt-2">
            <FieldError id={detectErrorId} message={detectError ?? undefined} />
          </div>
        </>
      )}
    </FormField>
  );
}
