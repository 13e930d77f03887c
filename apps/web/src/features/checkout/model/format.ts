/** 1300 basis points -> "13%"; 1375 -> "13.75%". */
export function formatTaxRate(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}
