import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a dumped, migrated, empty PGlite data folder (see src/test/databases.ts). */
    pgliteTemplateFile: string;
  }
}

/**
 * Runs the migrations once per test run into an in-memory PGlite and dumps it; each test file then
 * starts its own fresh PGlite from that dump instead of running initdb again.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const file = path.join(tmpdir(), `localmart-pglite-template-${process.pid}-${Date.now()}.tar`);
  const template = await createPgliteTemplate();
  writeFileSync(file, Buffer.from(await template.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  return () => rmSync(file, { force: true });
}
