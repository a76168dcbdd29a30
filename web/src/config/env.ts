/** Build-time configuration (Vite `VITE_*` variables), with the defaults of the embedded setup. */
export const env = {
  /** Support contact shown in the footer and on the help pages (design.md: configuration, not a constant). */
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL?.trim() || 'support@nomadswap.example',
  /**
   * An optional third-party reverse geocoder (Nominatim's `/reverse` API shape) for "detect my location",
   * asked only when our own `/api/places/nearest` fails (issue 22;
   * docs/decisions/0067-location-fields-are-a-city-picker-detect-my-location-asks.md). Unset by default: the
   * position then never leaves our stack. When set, the gateway's CSP must allow its origin in `connect-src`
   * (`GEOCODER_ORIGIN`).
   */
  geocoderUrl: import.meta.env.VITE_GEOCODER_URL?.trim() || null,
} as const;
