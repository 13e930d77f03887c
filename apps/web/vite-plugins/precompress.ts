import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images we ship are SVG (text) too. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than a TCP packet; the server sends the plain file. */
export const MIN_BYTES = 1024;

/** Every file under `dir`, recursively, as absolute paths. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `file.br` and `file.gz` beside `file` when each is smaller; returns how many it wrote. */
export async function precompressFile(file: string): Promise<number> {
  const content = await readFile(file);
  if (content.length < MIN_BYTES) return 0;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  let written = 0;
  for (const [suffix, packed] of [
    ['.br', br],
    ['.gz', gz],
  ] as const) {
    if (packed.length < content.length) {
      await writeFile(`${file}${suffix}`, packed);
      written += 1;
    }
  }
  return written;
}

/**
 * The server sends no compressed responses of its own (no compression plugin), so on a phone's
 * 1.6 Mbps link the ~750 kB entry alone took 4.4 s to arrive. Brotli and gzip copies written at build
 * time (maximum quality, no per-request CPU) are served by @fastify/static's `preCompressed` to
 * browsers that accept them: the entry arrives as ~150 kB.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'localmart:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (!config) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map(precompressFile));
    },
  };
}
