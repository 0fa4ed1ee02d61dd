import { formatCount } from '../../lib/format';

export interface Choice {
  value: number;
  label: string;
}

/** Sync intervals offered, in minutes. */
export const INTERVAL_CHOICES: Choice[] = [
  { value: 1, label: 'Every minute' },
  { value: 5, label: 'Every 5 minutes' },
  { value: 15, label: 'Every 15 minutes' },
  { value: 30, label: 'Every 30 minutes' },
  { value: 60, label: 'Every hour' },
  { value: 240, label: 'Every 4 hours' },
  { value: 1440, label: 'Once a day' },
];

/** Room for cached PDFs offered, in megabytes. */
export const PDF_LIMIT_CHOICES: Choice[] = [
  { value: 100, label: '100 MB' },
  { value: 250, label: '250 MB' },
  { value: 500, label: '500 MB' },
  { value: 1024, label: '1 GB' },
  { value: 2048, label: '2 GB' },
  { value: 5120, label: '5 GB' },
  { value: 10240, label: '10 GB' },
];

/** The offered choices, plus the value in force when it is another (a hand-edited settings file). */
export function choicesWith(choices: Choice[], current: number, describe: (value: number) => string): Choice[] {
  return choices.some((choice) => choice.value === current) ? choices : [...choices, { value: current, label: describe(current) }].sort((a, b) => a.value - b.value);
}

/** Bytes in the unit a person reads them in: "48.2 MB". */
export function formatBytes(bytes: number, locale?: string): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? formatCount(value, locale) : new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  return `${shown} ${units[unit]}`;
}
