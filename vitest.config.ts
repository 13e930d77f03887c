import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace; each project keeps its own environment and setup.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // Vitest's default is one worker per core minus one: a single worker on the 2-core CI runner,
    // where the server files spend most of their time waiting (job polling, SMTP sinks, timers) and
    // the suite took 24 min of wall clock for 11 min of CPU. Three workers overlap those waits.
    maxWorkers: Math.max(3, availableParallelism()),
  },
});
