/** Why detecting the location failed; each has its text in the catalogue (`location.errors.*`). */
export type LocationErrorCode =
  'unsupported' | 'permissionDenied' | 'positionUnavailable' | 'timeout' | 'failed' | 'noPlace' | 'noName';

export class LocationError extends Error {
  readonly code: LocationErrorCode;

  constructor(code: LocationErrorCode, options?: { cause?: unknown }) {
    super(`Location detection failed: ${code}`, options);
    this.name = 'LocationError';
    this.code = code;
  }
}

export function isLocationError(error: unknown): error is LocationError {
  return error instanceof LocationError;
}
