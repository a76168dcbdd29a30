/** Limits of places (issue 22), apart from ./places.ts so that importing them does not bring in zod. */
export const PLACE_LIMITS = {
  /** Suggestions per search, default and at most. */
  searchDefault: 8,
  searchMax: 20,
  /** Longest search text. */
  queryMax: 80,
  /** Browse "and within N km": the one radius the app offers, and the most a client may ask for. */
  nearbyKm: 50,
  nearbyMaxKm: 200,
  /** Decimals a position is rounded to before it leaves the browser (2 ≈ 1.1 km). */
  positionDecimals: 2,
} as const;
