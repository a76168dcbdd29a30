import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '../config/env';
import type { DetectedLocation } from '../lib/geolocation';
import { isLocationError } from '../lib/location-error';

export type DetectLocationStatus = 'idle' | 'detecting' | 'done' | 'error';

/**
 * "Detect my location" (spec section 4: idle → detecting → done or error), resolved by our server's
 * gazetteer (issue 22). `detect()` resolves with the place, or null after a failure, whose text is then in
 * `error`. A detection still running when the component goes away is abandoned.
 */
export function useDetectLocation() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DetectLocationStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const detect = useCallback(async (): Promise<DetectedLocation | null> => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setStatus('detecting');
    setError(null);
    try {
      // Loaded on the first press: the home page's location bar shows the button but needs none of this to paint.
      const { detectLocation } = await import('../lib/geolocation');
      const place = await detectLocation({
        fallbackEndpoint: env.geocoderUrl,
        unknown: { city: t('location.unknownCity'), country: t('location.unknownCountry') },
        signal: current.signal,
      });
      if (current.signal.aborted) return null;
      setStatus('done');
      return place;
    } catch (failure) {
      if (current.signal.aborted) return null;
      setStatus('error');
      setError(t(`location.errors.${isLocationError(failure) ? failure.code : 'failed'}`));
      return null;
    }
  }, [t]);

  return { detect, status, isDetecting: status === 'detecting', error };
}
