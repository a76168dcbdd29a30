/*
 * GET /api/reviews/:userId, written once for its query (./get-reviews.ts) and the early reads the small entry
 * starts for `/profile` (early/early-reads.ts). React-free and client-free: the entry imports it.
 */
export const reviewsPath = (userId: string) => `/api/reviews/${encodeURIComponent(userId)}`;
