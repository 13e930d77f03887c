// Search relevance of `npm run bench` (issue 17, ADR 0014): the judged query set
// (apps/server/src/modules/catalog/search/judged-queries.mjs) run over HTTP against a server that
// created and seeded its embedded database (the demo city `npm start` shows), scored as precision@3
// and nDCG@10. The relevance test (judged-queries.test.ts) holds the same set to its floors.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  evaluateJudgedQueries,
  JUDGED_QUERIES,
} from '../apps/server/src/modules/catalog/search/judged-queries.mjs';

/** The goal for precision@3; nDCG@10 is held to the same bar. */
const PRECISION_GOAL = 0.9;
const NDCG_GOAL = 0.9;

export async function relevanceFigures({ startServer, runSeed, recordAtLeast }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'localmart-bench-relevance-'));
  // Seeded first (db:seed, the same demo city a first start loads), so the server starts quickly.
  await runSeed({ DATA_DIR: dataDir, DATABASE_URL: '' });
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    const score = await evaluateJudgedQueries(async (url) => {
      const response = await fetch(`${server.baseUrl}${url}`);
      const body = await response.json();
      if (response.status !== 200 || body.status !== 1) {
        throw new Error(`${url}: HTTP ${response.status} ${body.message ?? ''}`);
      }
      return body;
    });
    const label = `judged set of ${JUDGED_QUERIES.length} queries, demo city on PGlite`;
    recordAtLeast(
      `search relevance P@3 (${label})`,
      Number(score.precisionAt3.toFixed(3)),
      '',
      PRECISION_GOAL,
    );
    recordAtLeast(
      `search relevance nDCG@10 (${label})`,
      Number(score.ndcgAt10.toFixed(3)),
      '',
      NDCG_GOAL,
    );
    for (const query of score.queries) {
      if (query.precisionAt3 !== null && query.precisionAt3 < 1) {
        console.log(`  below P@3 = 1: ${query.list} "${query.q}": ${query.top.join(' | ')}`);
      }
    }
    for (const query of score.forbidden) {
      console.log(
        `  FORBIDDEN in the top 3 of ${query.list} "${query.q}": ${query.forbidden.join(', ')}`,
      );
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
