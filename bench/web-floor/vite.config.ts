import { defineConfig } from 'vite';

/**
 * bench/web's floor page, built with the app's bundler in production mode. Vite's own JSX transform (automatic
 * runtime) stands in for the app's React plugin, which only adds Fast Refresh and the React Compiler hooks.
 */
export default defineConfig({
  root: import.meta.dirname,
  logLevel: 'error',
  oxc: { jsx: { runtime: 'automatic' } },
  build: { emptyOutDir: true },
});
