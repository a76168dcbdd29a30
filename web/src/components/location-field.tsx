import type { Ref } from 'react';
import { LoaderCircle, LocateFixed } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDetectLocation } from '../hooks/use-detect-location';
import { CityPicker, type CityChoice } from './city-picker';
import { FieldError, FormField } from './form-field';
import { Button } from './ui/button';

interface LocationFieldProps {
  id: string;
  label: string;
  error?: string;
  /** The text in the field ('Lisbon, Portugal' once picked, or whatever was typed). */
  value: string;
  /** Typing gives the text with no place; picking a suggestion or detecting the location gives a place too. */
  onChange: (choice: CityChoice) => void;
  /** Receives the detected city instead of `onChange` (browse applies it at once). */
  onDetected?: (choice: CityChoice) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  /** Offer "Detect my location" (default); off where the city is not where the user is (a next stay). */
  detectable?: boolean;
}

/**
 * A location field: a city picker with suggestions from our gazetteer, free text still accepted (issue 22),
 * and a "detect my location" button (browser position, rounded, named by our server).
 */
export function LocationField({
  id,
  label,
  error,
  onChange,
  onDetected,
  detectable = true,
  ...pickerProps
}: LocationFieldProps) {
  const { t } = useTranslation();
  const { detect, isDetecting, error: detectError } = useDetectLocation();
  const detectErrorId = `${id}-detect-error`;

  const onDetect = async () => {
    const found = await detect();
    if (found) (onDetected ?? onChange)({ text: found.formatted, place: found.place });
  };

  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <>
          <div className="flex flex-col gap-2 sm:flex-row">
            <CityPicker
              {...pickerProps}
              {...control}
              onChange={onChange}
              aria-describedby={
                [control['aria-describedby'], detectError ? detectErrorId : undefined]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              placeholder={t('location.placeholder')}
            />
            {detectable ? (
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
            ) : null}
          </div>
          <div role="status" aria-live="polite" className="empty:-mt-2">
            <FieldError id={detectErrorId} message={detectError ?? undefined} />
          </div>
        </>
      )}
    </FormField>
  );
}
