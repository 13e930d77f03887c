// Measure the demo city generator without a database:
//   npx tsx src/modules/catalog/demo/generate-city.cli.ts [--scale small|bench] [--seed s] [--hash] [--check-ids]
// Prints record counts, wall time and memory; --hash adds a SHA-256 of the whole stream (determinism),
// --check-ids verifies every id is unique (keeps the ids in memory, so it costs ~150 MB at bench).
import { createHash } from 'node:crypto';
import { countRecords, generateCity } from './generate-city.ts';
import type { CityScaleName } from './scales.ts';
import type { DemoRecord } from './types.ts';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function idsOf(record: DemoRecord): string[] {
  const value = record.value;
  switch (record.type) {
    case 'menu':
      return [
        record.value.id,
        ...record.value.sections.flatMap((section) => [
          section.id,
          ...section.items.flatMap((item) => [
            item.id,
            item.image.id,
            ...item.optionGroups.flatMap((group) => [group.id, ...group.options.map((o) => o.id)]),
          ]),
        ]),
      ];
    case 'flyer':
      return [
        record.value.id,
        ...record.value.pages.flatMap((page) => [
          page.id,
          page.image.id,
          ...page.items.map((i) => i.id),
        ]),
      ];
    default:
      return [value.id];
  }
}

const scale = (option('scale') ?? 'small') as CityScaleName;
const seed = option('seed') ?? 'localmart';
const now = new Date(option('now') ?? '2025-06-13T16:00:00Z');
const started = performance.now();
const city = generateCity({ scale, seed, now });

if (process.argv.includes('--hash') || process.argv.includes('--check-ids')) {
  const hash = createHash('sha256');
  const ids = new Set<string>();
  let duplicates = 0;
  for (const record of city.records()) {
    if (process.argv.includes('--hash')) hash.update(JSON.stringify(record));
    if (process.argv.includes('--check-ids')) {
      for (const id of idsOf(record)) {
        if (ids.has(id)) duplicates++;
        ids.add(id);
      }
    }
  }
  if (process.argv.includes('--hash')) console.log(`sha256 ${hash.digest('hex')}`);
  if (process.argv.includes('--check-ids'))
    console.log(`${ids.size} ids, ${duplicates} duplicates`);
} else {
  console.log(countRecords(city));
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const memory = process.memoryUsage();
console.log(
  `scale ${scale}: ${seconds} s, heap ${Math.round(memory.heapUsed / 1e6)} MB, rss ${Math.round(memory.rss / 1e6)} MB`,
);
