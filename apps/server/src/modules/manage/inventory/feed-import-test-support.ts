import {
  type InventoryImportReport,
  inventoryImportResponse,
  isImportFinished,
  managePaths,
} from '@localmart/contract';
import type { FastifyInstance } from 'fastify';
import { manageClient, type Person } from '../manage-test-support.ts';

/** An import's report as `who` reads it (GET managePaths.inventoryImport). */
export async function readImport(
  app: FastifyInstance,
  who: Pick<Person, 'token'>,
  storeId: string,
  importId: string,
): Promise<InventoryImportReport> {
  const response = await manageClient(app, who).get(managePaths.inventoryImport(storeId, importId));
  if (response.statusCode !== 200) {
    throw new Error(`GET import: ${response.statusCode} ${response.body}`);
  }
  return (inventoryImportResponse.parse(response.json()) as { result: InventoryImportReport })
    .result;
}

/** Polls the import's status as the page does until its job finished it (done or failed). */
export async function finishedImport(
  app: FastifyInstance,
  who: Pick<Person, 'token'>,
  storeId: string,
  importId: string,
  timeoutMs = 30_000,
): Promise<InventoryImportReport> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const report = await readImport(app, who, storeId, importId);
    if (isImportFinished(report.status)) return report;
    if (Date.now() > deadline) {
      throw new Error(`import ${importId} still ${report.status} after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
