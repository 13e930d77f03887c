import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses API answers for clients that accept it: a phone's first products page is 29 kB of JSON
 * (about 6 kB compressed) and it downloads beside the app's code, so it counts in the first screen's
 * time (LCP, catalogue issue). Brotli at quality 4 costs about what gzip does in CPU for a better
 * ratio; the default (11) is meant for build-time compression and is far too slow per request. The
 * web app's files are compressed at build time (preCompressed, web-app.ts) and already carry their
 * Content-Encoding, which this plugin leaves alone; tiny answers (< 1 kB) are not worth it.
 *
 * An API answer is a string already in memory: up to 64 kB it is compressed in one call and sent
 * with its Content-Length in one write (issue 18). Through a compression stream (the plugin's
 * default above 8 kB on two cores, where our 19-30 kB list pages fall) each answer paid a zlib
 * context, a pipeline and chunked writes. Brotli at quality 4 compresses a 30 kB page in about
 * 0.3 ms on the bench machine.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      syncThreshold: 64 * 1024,
    });
  },
  { name: 'compression', fastify: '5.x' },
);
