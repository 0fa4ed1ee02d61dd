export { toCsv } from './csv';
export { toCsvInChunks } from './csv-chunks';
export { toXlsx } from './xlsx';
export { inboxTable } from './inbox-table';
export { pricingTable } from './pricing-table';
export { exportFileName } from './table';
export type { Cell, ColumnKind, ExportColumn, ExportFile, ExportTable } from './table';
