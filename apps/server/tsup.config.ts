import { defineConfig } from 'tsup';

export default defineConfig({
  // Named entries keep every output flat in dist/: src/paths.ts finds the package root (and so
  // drizzle/ and ../web/dist) one level above the running file, from src/ and dist/ alike.
  entry: {
    main: 'src/main.ts',
    'migrate.cli': 'src/db/migrate.cli.ts',
    'seed.cli': 'src/db/seed.cli.ts',
  },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The contract is TypeScript source (no build of its own): inline it. Real packages stay external.
  noExternal: ['@localmart/contract'],
});
