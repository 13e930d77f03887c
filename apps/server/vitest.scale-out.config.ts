import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The scale-out test (src/scale-out): the built server twice behind nginx on a private PostgreSQL
// cluster. Its own step of `npm test` (npm run test:scale-out), after the build and the unit tests,
// so its processes never share the runner's cores with other tests; vitest.config.ts leaves it out.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'scale-out',
    environment: 'node',
    include: ['src/scale-out/**/*.test.ts'],
    fileParallelism: false,
    hookTimeout: 180_000,
    testTimeout: 600_000,
  },
});
