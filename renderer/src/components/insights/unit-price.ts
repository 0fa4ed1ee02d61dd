import { formatNumber } from '../../lib/money';

/** A unit price with up to four decimals: unit prices go below the currency's cent ("€0.085"). */
export function formatUnitPrice(amount: number, currency: string, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 4 }).format(amount);
  } catch {
    return `${formatNumber(amount, locale)} ${currency}`;
  }
}
