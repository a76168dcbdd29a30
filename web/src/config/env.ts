/** Build-time configuration (Vite `VITE_*` variables), with the defaults of the embedded setup. */
export const env = {
  /** Support contact shown in the footer and on the help pages (design.md: configuration, not a constant). */
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL?.trim() || 'support@nomadswap.example',
} as const;
