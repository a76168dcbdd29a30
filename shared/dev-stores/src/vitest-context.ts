/** What the global setups provide to tests; import this file (types only) where `inject()` is used. */
import type {} from 'vitest';
declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
    mongoUrl: string;
  }
}

export {};
