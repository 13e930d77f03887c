import type { InventoryImportSummary } from '@localmart/contract';
import './inventory.css';

const count = (value: number) => value.toLocaleString('en-CA');

/** The four numbers an owner wants after an import. */
export function ImportCounts({ report }: { report: InventoryImportSummary }) {
  return (
    <ul className="inv-counts" aria-label="Import result">
      <li>
        <strong>{count(report.rowsChanged)}</strong> applied
      </li>
      <li>
        <strong>{count(report.rowsUnchanged)}</strong> unchanged
      </li>
      <li className={report.rowsFailed > 0 ? 'inv-count-bad' : undefined}>
        <strong>{count(report.rowsFailed)}</strong> bad rows
      </li>
      <li>
        <strong>{count(report.offersZeroed)}</strong> set out of stock
      </li>
    </ul>
  );
}
