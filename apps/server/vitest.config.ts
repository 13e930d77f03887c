import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The scale-out test runs on its own (vitest.scale-out.config.ts, npm run test:scale-out).
    exclude: [...configDefaults.exclude, 'src/scale-out/**'],
    // Migrates one PGlite template that every test file clones (src/test/databases.ts).
    globalSetup: ['src/test/global-setup.ts'],
    // Test files share their worker's module cache: PGlite's WASM is then compiled once per worker,
    // not once per file (about 14 s instead of 40 s for the suite on two cores). Safe because server
    // modules keep no mutable module state and the tests mock no modules; a test that needs vi.mock
    // should get its own project.
    isolate: false,
    // Creating a PostgreSQL database per file, or a PGlite, can take a few seconds on a busy machine.
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
