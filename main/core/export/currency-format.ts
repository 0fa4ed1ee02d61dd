// Each amount in its own currency's format: a yen total has no decimals, a dinar three, and
// the symbol says which currency a figure is in once the sheet is sorted or filtered. Intl
// knows every ISO 4217 code's symbol and minor units; an unknown code keeps two decimals and
// is named after the figure.

const ISO_CODE = /^[A-Z]{3}$/;
const PLAIN = '#,##0.00';

interface CurrencyStyle {
  /** The spreadsheet number format (Excel and LibreOffice alike). */
  numberFormat: string;
  /** The amount as the format shows it, for sizing the column. */
  display(amount: number): string;
}

const styles = new Map<string, CurrencyStyle>();

function formatterFor(code: string): Intl.NumberFormat | null {
  if (!ISO_CODE.test(code)) return null;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: code });
  } catch {
    return null;
  }
}

function styleFor(code: string): CurrencyStyle {
  const formatter = formatterFor(code);
  if (!formatter) {
    const plain = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return { numberFormat: PLAIN, display: (amount) => plain.format(amount) };
  }
  const decimals = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  const digits = decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
  const symbol = formatter.formatToParts(1).find((part) => part.type === 'currency')?.value ?? code;
  // A symbol of its own ("€", "CA$") goes before the figure; a code Intl has no symbol for goes after it.
  const numberFormat = symbol === code ? `${digits} "${code}"` : `"${symbol.replace(/"/g, '')}"${digits}`;
  return { numberFormat, display: (amount) => formatter.format(amount) };
}

/** The number format and display of amounts in `currency` (an ISO 4217 code, or anything else for a plain amount). */
export function currencyStyle(currency: string | null): CurrencyStyle {
  const code = (currency ?? '').trim().toUpperCase();
  let style = styles.get(code);
  if (!style) {
    style = styleFor(code);
    styles.set(code, style);
  }
  return style;
}

/** The format of a number with no currency (a quantity). */
export const PLAIN_NUMBER_FORMAT = '#,##0.##';
