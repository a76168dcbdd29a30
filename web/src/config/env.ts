/** Build-time configuration (Vite `VITE_*` variables), with the defaults of the embedded setup. */
export const env = {
  /** Support contact shown in the footer and on the help pages (design.md: configuration, not a constant). */
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL?.trim() || 'support@nomadswap.example',
  /**
   * Reverse-geocoding endpoint for "detect my location" (Nominatim's `/reverse` API shape). The gateway's CSP
   * must allow its origin in `connect-src` (`GEOCODER_ORIGIN`).
   */
  geocoderUrl: import.meta.env.VITE_GEOCODER_URL?.trim() || 'https://nominatim.openstreetmap.org/reverse',
} as const;
