import {
  INVENTORY_FEED_FIELD,
  INVENTORY_MODE_FIELD,
  type InventoryImportReport,
  inventoryImportReportSchema,
  managePaths,
} from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { sitePaths } from '../../lib/site-paths.ts';
import { businessId, renderStorePage } from '../../test/store-page.tsx';
import { ImportReportPage } from './import-report-page.tsx';
import { InventoryPage } from './inventory-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const importId = '0c000000-0000-4000-8000-000000000001';
const opts = { timeout: 5000 };

function report(overrides: Partial<InventoryImportReport> = {}): InventoryImportReport {
  return inventoryImportReportSchema.parse({
    id: importId,
    createdAt: '2026-11-20T15:00:00.000Z',
    source: 'upload',
    mode: 'full',
    format: 'csv',
    filename: 'stock.csv',
    fileSha256: 'ab'.repeat(32),
    status: 'done',
    rowsTotal: 1000,
    rowsDone: 1000,
    rowsChanged: 990,
    rowsUnchanged: 7,
    rowsFailed: 3,
    offersZeroed: 12,
    durationMs: 850,
    finishedAt: '2026-11-20T15:00:01.000Z',
    failure: null,
    errors: [
      {
        line: 14,
        column: 'gtin',
        reason: 'No product with GTIN 5000000000014 in the Localmart catalogue.',
      },
      {
        line: 201,
        column: 'quantity',
        reason: 'quantity "-2" is not a whole number of 0 or more.',
      },
      {
        line: 877,
        column: 'store_code',
        reason: "store_code other is not this store's code (maple).",
      },
    ],
    errorsTruncated: false,
    notes: ['These columns are not read and were ignored: colour.'],
    dryRun: null,
    ...overrides,
  });
}

const imports = `GET ${managePaths.inventoryImports(businessId)}`;
/** The page's scheduled-fetch panel (docs/decisions/0023): no address set, no runs. */
const feedFetchRoutes = {
  [`GET ${managePaths.inventoryFeedSchedule(businessId)}`]: () => ({
    body: {
      status: 1,
      result: {
        url: null,
        schedule: 'off',
        mode: 'incremental',
        fullConfirmedAt: null,
        nextFetchAt: null,
      },
    },
  }),
  [`GET ${managePaths.inventoryFeedFetches(businessId)}`]: () => ({
    body: { status: 1, results: [] },
  }),
};
const uploadRoute = `POST ${managePaths.inventoryImports(businessId)}`;
const importRoute = `GET ${managePaths.inventoryImport(businessId, importId)}`;
const applyRoute = `POST ${managePaths.inventoryImportApply(businessId, importId)}`;
/** The upload's answer: a dry run, nothing written (docs/decisions/0019). */
const previewReport = () =>
  report({
    status: 'preview',
    rowsDone: 3,
    rowsChanged: 0,
    rowsUnchanged: 0,
    offersZeroed: 0,
    durationMs: 0,
    finishedAt: null,
    dryRun: {
      newItems: 90,
      updated: 900,
      unchanged: 7,
      outOfStock: 12,
      errors: 3,
      outOfStockSample: [{ title: 'Oat milk 1 L', sku: 'OAT-1' }],
      columns: [
        { header: 'SKU', target: 'id', how: 'recognised' },
        { header: 'Qty', target: 'quantity', how: 'recognised' },
        { header: 'Colour', target: 'ignore', how: 'ignored' },
      ],
      expiresAt: '2026-11-20T16:00:00.000Z',
    },
  });
/** Apply's answer: queued, its job not started yet. */
const queuedReport = () =>
  report({
    status: 'queued',
    rowsDone: 0,
    rowsChanged: 0,
    rowsUnchanged: 0,
    rowsFailed: 0,
    offersZeroed: 0,
    durationMs: 0,
    finishedAt: null,
    errors: [],
  });

describe('inventory feeds page', { timeout: 20_000 }, () => {
  it(
    'checks the chosen file with the chosen mode, applies the dry run, follows its progress, then shows what it did',
    { timeout: 45_000 },
    async () => {
      const { errors: _errors, errorsTruncated: _t, notes: _n, ...summary } = report();
      let listed = false;
      // The job's progress as the page polls it: halfway, then done.
      const progress = [report({ status: 'running', rowsDone: 500, finishedAt: null }), report()];
      const api = mockApi({
        ...feedFetchRoutes,
        [imports]: () => ({
          body: { status: 1, results: listed ? [summary] : [], result: { nextCursor: null } },
        }),
        [uploadRoute]: () => ({
          status: 201,
          body: { status: 1, message: 'Nothing has been changed yet.', result: previewReport() },
        }),
        [applyRoute]: () => {
          listed = true;
          return {
            status: 202,
            body: { status: 1, message: 'Applying the feed.', result: queuedReport() },
          };
        },
        [importRoute]: () => ({ body: { status: 1, result: progress.shift() ?? report() } }),
      });
      renderStorePage(
        <InventoryPage />,
        sitePaths.store(businessId, 'inventory'),
        '/manage/stores/:businessId/inventory',
      );
      expect(await screen.findByText('No imports yet', undefined, opts)).toBeVisible();
      expect(screen.getByRole('heading', { name: 'Columns we read' })).toBeVisible();

      // Nothing chosen: refused before any request.
      await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Choose a CSV or TSV file');
      expect(api.callsTo('POST', managePaths.inventoryImports(businessId))).toHaveLength(0);

      const file = new File(['store_code,id,quantity\nmaple,A,1\n'], 'stock.csv', {
        type: 'text/csv',
      });
      await userEvent.upload(screen.getByLabelText('Feed file'), file);
      await userEvent.selectOptions(screen.getByLabelText('Mode'), 'full');
      await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));

      // The dry run: what the file will do, nothing applied yet.
      const counts = await screen.findByRole('list', { name: 'What this file will do' }, opts);
      expect(counts).toHaveTextContent('90New items');
      expect(counts).toHaveTextContent('900Updated');
      expect(counts).toHaveTextContent('12Set out of stock');
      expect(counts).toHaveTextContent('3Rows with errors');
      expect(screen.getByText('Oat milk 1 L (OAT-1)')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Download the errors (CSV)' })).toBeVisible();
      expect(screen.getByLabelText('SKU')).toHaveValue('id');
      // Full mode: the owner types how many items go out of stock; a wrong number stops here.
      const confirm = screen.getByLabelText(/This file sets 12 items out of stock/);
      await userEvent.type(confirm, '11');
      await userEvent.click(screen.getByRole('button', { name: 'Apply 997 rows' }));
      expect(screen.getByRole('alert')).toHaveTextContent('The number typed does not match');
      expect(
        api.callsTo('POST', managePaths.inventoryImportApply(businessId, importId)),
      ).toHaveLength(0);
      await userEvent.clear(confirm);
      await userEvent.type(confirm, '12');
      await userEvent.click(screen.getByRole('button', { name: 'Apply 997 rows' }));

      // At once: the bar, from the upload's own answer; then the job's progress.
      const bar = await screen.findByRole('progressbar', { name: 'Import progress' }, opts);
      expect(bar.getAttribute('aria-valuetext')).toMatch(/^(0|500) of 1,000 rows$/);
      expect(await screen.findByText('500 of 1,000 rows', undefined, opts)).toBeVisible();

      const result = await screen.findByRole('list', { name: 'Import result' }, opts);
      expect(screen.queryByRole('progressbar')).toBeNull();
      expect(result.closest('[role="status"]')).toHaveTextContent('stock.csv imported.');
      const brief = screen.getByRole('table', { name: 'Bad rows in this file' });
      expect(within(brief).getAllByRole('row')).toHaveLength(1 + 3);
      expect(brief).toHaveTextContent(
        'No product with GTIN 5000000000014 in the Localmart catalogue.',
      );
      expect(result).toHaveTextContent('990 applied');
      expect(result).toHaveTextContent('7 unchanged');
      expect(result).toHaveTextContent('3 bad rows');
      expect(result).toHaveTextContent('12 set out of stock');
      expect(screen.getByRole('link', { name: 'View the import report' })).toHaveAttribute(
        'href',
        sitePaths.inventoryImport(businessId, importId),
      );
      const [applied] = api.callsTo('POST', managePaths.inventoryImportApply(businessId, importId));
      expect(applied!.body).toEqual({ confirmOutOfStock: 12 });
      const [sent] = api.callsTo('POST', managePaths.inventoryImports(businessId));
      const form = sent!.body as FormData;
      expect(form.get(INVENTORY_MODE_FIELD)).toBe('full');
      expect((form.get(INVENTORY_FEED_FIELD) as File).name).toBe('stock.csv');

      // The history now lists it, linking to its report.
      const table = await screen.findByRole('table', { name: /Import history/ }, opts);
      const row = within(table).getAllByRole('row')[1]!;
      expect(within(row).getByText('stock.csv')).toBeVisible();
      expect(within(row).getByText('Full')).toBeVisible();
      expect(within(row).getByText('1,000')).toBeVisible();
      expect(within(row).getByText('Done')).toBeVisible();
      expect(within(row).getByRole('link')).toHaveAttribute(
        'href',
        sitePaths.inventoryImport(businessId, importId),
      );
    },
  );

  it("shows the server's reason when a file is refused", async () => {
    mockApi({
      ...feedFetchRoutes,
      [imports]: () => ({ body: { status: 1, results: [], result: { nextCursor: null } } }),
      [uploadRoute]: () => ({
        status: 400,
        body: { status: 0, message: 'The file is missing these columns: store_code.' },
      }),
    });
    renderStorePage(
      <InventoryPage />,
      sitePaths.store(businessId, 'inventory'),
      '/manage/stores/:businessId/inventory',
    );
    await userEvent.upload(
      screen.getByLabelText('Feed file'),
      new File(['id,quantity\nA,1\n'], 'bad.csv', { type: 'text/csv' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByRole('alert', undefined, opts)).toHaveTextContent(
      'The file is missing these columns: store_code.',
    );
    expect(screen.queryByRole('list', { name: 'Import result' })).toBeNull();
  });
});

describe('import report page', { timeout: 20_000 }, () => {
  it('lists every bad row with its line, column and reason, and the notes', async () => {
    mockApi({
      ...feedFetchRoutes,
      [`GET ${managePaths.inventoryImport(businessId, importId)}`]: () => ({
        body: { status: 1, result: report() },
      }),
    });
    renderStorePage(
      <ImportReportPage />,
      sitePaths.inventoryImport(businessId, importId),
      '/manage/stores/:businessId/inventory/:importId',
    );
    const table = await screen.findByRole('table', { name: 'Bad rows' }, opts);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual(report().errors.map((error) => [String(error.line), error.column, error.reason]));
    expect(screen.getByRole('list', { name: 'Import result' })).toHaveTextContent('3 bad rows');
    expect(screen.getByText('These columns are not read and were ignored: colour.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to inventory feeds' })).toHaveAttribute(
      'href',
      sitePaths.store(businessId, 'inventory'),
    );
  });

  it('shows the progress of an import still running, and a stopped one in words', async () => {
    const stopped = 'The import stopped after 500 of 1,000 rows and could not finish.';
    const answers = [
      report({ status: 'running', rowsDone: 500, finishedAt: null, errors: [] }),
      report({ status: 'failed', rowsDone: 500, failure: stopped, errors: [] }),
    ];
    mockApi({
      ...feedFetchRoutes,
      [importRoute]: () => ({ body: { status: 1, result: answers.shift() ?? answers[0] } }),
    });
    renderStorePage(
      <ImportReportPage />,
      sitePaths.inventoryImport(businessId, importId),
      '/manage/stores/:businessId/inventory/:importId',
    );
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' }, opts);
    expect(bar).toHaveAttribute('aria-valuetext', '500 of 1,000 rows');
    expect(screen.getByText('No bad rows so far.')).toBeVisible();
    expect(await screen.findByRole('alert', undefined, opts)).toHaveTextContent(stopped);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says so when every row applied', async () => {
    mockApi({
      ...feedFetchRoutes,
      [`GET ${managePaths.inventoryImport(businessId, importId)}`]: () => ({
        body: { status: 1, result: report({ errors: [], rowsFailed: 0, notes: [] }) },
      }),
    });
    renderStorePage(
      <ImportReportPage />,
      sitePaths.inventoryImport(businessId, importId),
      '/manage/stores/:businessId/inventory/:importId',
    );
    expect(
      await screen.findByText('No bad rows: every row was applied.', undefined, opts),
    ).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });
  it('a fetched file held for review shows its dry run with Apply and the typed count (ADR 0023)', async () => {
    let applied: unknown;
    mockApi({
      [importRoute]: () => ({
        body: { status: 1, result: { ...previewReport(), source: 'url', filename: 'export.csv' } },
      }),
      [applyRoute]: (call) => {
        applied = call.body;
        return { status: 202, body: { status: 1, message: 'Applying.', result: queuedReport() } };
      },
    });
    renderStorePage(
      <ImportReportPage />,
      sitePaths.inventoryImport(businessId, importId),
      '/manage/stores/:businessId/inventory/:importId',
    );
    const counts = await screen.findByRole('list', { name: 'What this file will do' }, opts);
    expect(counts).toHaveTextContent('12Set out of stock');
    expect(screen.getByText('Feed address')).toBeVisible();
    // No file here to check again: the mapping is not offered.
    expect(screen.queryByText('Columns in your file')).toBeNull();
    await userEvent.type(screen.getByLabelText(/This file sets 12 items out of stock/), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Apply 997 rows' }));
    await vi.waitFor(() => expect(applied).toEqual({ confirmOutOfStock: 12 }));
  });
});
