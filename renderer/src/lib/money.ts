// Money as the user's locale writes it, in the quote's currency. Building an Intl.NumberFormat
// is far slower than using one, and a pricing table formats hundreds of cells: one formatter
// per locale, currency and sign style, built on first use and kept.

type SignStyle = 'auto' | 'always';

const formatters = new Map<string, Intl.NumberFormat>();
const fallbackDigits = 2;

function formatterFor(currency: string, locale: string | undefined, sign: SignStyle): Intl.NumberFormat | null {
  const key = `${locale ?? ''}|${currency}|${sign}`;
  const cached = formatters.get(key);
  if (cached) return cached;
  try {
    const formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      signDisplay: sign === 'always' ? 'exceptZero' : 'auto',
    });
    formatters.set(key, formatter);
    return formatter;
  } catch {
    // Intl rejects currency codes it does not know; the service may still send one.
    return null;
  }
}

function plainFormatter(locale: string | undefined, sign: SignStyle): Intl.NumberFormat {
  const key = `${locale ?? ''}|plain|${sign}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      minimumFractionDigits: fallbackDigits,
      maximumFractionDigits: fallbackDigits,
      signDisplay: sign === 'always' ? 'exceptZero' : 'auto',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "€1,240.50" in the user's locale; an unknown currency code still shows ("1,240.50 XBT"). */
export function formatAmount(amount: number, currency: string, locale?: string): string {
  const formatter = formatterFor(currency, locale, 'auto');
  return formatter ? formatter.format(amount) : `${plainFormatter(locale, 'auto').format(amount)} ${currency}`;
}

/** A difference with its sign: "+€1,240.00", "−€80.00", "€0.00". */
export function formatSignedAmount(amount: number, currency: string, locale?: string): string {
  const formatter = formatterFor(currency, locale, 'always');
  return formatter ? formatter.format(amount) : `${plainFormatter(locale, 'always').format(amount)} ${currency}`;
}

/** How many decimals the currency's minor unit has (2 for EUR, 0 for JPY, 3 for KWD). */
export function minorUnitDigits(currency: string): number {
  const formatter = formatterFor(currency, 'en', 'auto');
  return formatter?.resolvedOptions().maximumFractionDigits ?? fallbackDigits;
}

/** The value of one minor unit: 0.01 for EUR, 1 for JPY. */
export function minorUnit(currency: string): number {
  return 10 ** -minorUnitDigits(currency);
}

/** How many formatters exist (the cache must not grow per cell). */
export function formatterCount(): number {
  return formatters.size;
}

function cachedFormatter(key: string, build: () => Intl.NumberFormat): Intl.NumberFormat {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A quantity as the locale writes it ("10,000"). */
export function formatNumber(value: number, locale?: string): string {
  return cachedFormatter(`${locale ?? ''}|number`, () => new Intl.NumberFormat(locale)).format(value);
}

/** A share as a whole percentage ("23%"). */
export function formatShare(share: number, locale?: string): string {
  return cachedFormatter(`${locale ?? ''}|percent`, () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 })).format(share);
}
