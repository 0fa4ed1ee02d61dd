/** "5000 EUR" or "5000:EUR, 800 USD" → { EUR: 5000, USD: 800 }; null when a part is not that shape. */
export function parseLimits(text: string): Record<string, number> | null {
  const limits: Record<string, number> = {};
  for (const part of text.split(',').map((each) => each.trim()).filter((each) => each !== '')) {
    const match = /^(\d+(?:\.\d{1,2})?)\s*[: ]\s*([A-Za-z]{3})$/.exec(part);
    if (!match) return null;
    limits[match[2]!.toUpperCase()] = Number(match[1]);
  }
  return limits;
}

/** { EUR: 5000 } → "5000 EUR". */
export function limitsText(limits: Record<string, number>): string {
  return Object.entries(limits)
    .map(([currency, amount]) => `${amount} ${currency}`)
    .join(', ');
}
