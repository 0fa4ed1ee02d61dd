import { formatCount, numberFormat } from '../../lib/format';
import { m } from '../../../../i18n/paraglide/messages.js';

export interface Choice {
  value: number;
  readonly label: string;
}

/** Sync intervals offered, in minutes; each label is read when drawn, in the language of the moment. */
export const INTERVAL_CHOICES: Choice[] = [
  { value: 1, get label() { return m.settings_offline_every_minute(); } },
  { value: 5, get label() { return m.settings_offline_every_5_minutes(); } },
  { value: 15, get label() { return m.settings_offline_every_15_minutes(); } },
  { value: 30, get label() { return m.settings_offline_every_30_minutes(); } },
  { value: 60, get label() { return m.settings_offline_every_hour(); } },
  { value: 240, get label() { return m.settings_offline_every_4_hours(); } },
  { value: 1440, get label() { return m.settings_offline_once_a_day(); } },
];

/** Room for cached PDFs offered, in megabytes ("1 GB" for 1024: the size as formatBytes says it). */
export const PDF_LIMIT_CHOICES: Choice[] = [100, 250, 500, 1024, 2048, 5120, 10240].map((value) => ({
  value,
  get label() {
    return formatBytes(value * 1024 * 1024);
  },
}));

/** The offered choices, plus the value in force when it is another (a hand-edited settings file). */
export function choicesWith(choices: Choice[], current: number, describe: (value: number) => string): Choice[] {
  return choices.some((choice) => choice.value === current) ? choices : [...choices, { value: current, label: describe(current) }].sort((a, b) => a.value - b.value);
}

/** Bytes in the unit a person reads them in: "48.2 MB". (A cached formatter: the PDF room picker reads all its labels on every redraw, a language switch included.) */
export function formatBytes(bytes: number, locale?: string): string {
  const units = [m.settings_size_bytes, m.settings_size_kb, m.settings_size_mb, m.settings_size_gb];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? formatCount(value, locale) : numberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  return units[unit]!({ size: shown });
}
