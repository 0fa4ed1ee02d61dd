// Reads electronegativity's CSV report and decides: any HIGH finding fails the build unless
// .electronegativity-waivers.json waives it (same check, same file) with a written reason.
// A waiver that matches nothing fails too, so waivers do not outlive what they excused.
import { z } from 'zod';

export interface Finding {
  check: string;
  severity: string;
  confidence: string;
  file: string;
  location: string;
  sample: string;
  description: string;
}

export const waiversSchema = z.array(
  z.object({
    check: z.string().min(1),
    file: z.string().min(1),
    reason: z.string().min(20, 'a waiver needs a reason a reviewer can judge'),
  }).strict(),
);
export type Waiver = z.infer<typeof waiversSchema>[number];

/** RFC 4180 rows: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((cell) => cell.trim() !== '')) rows.push(row);
      row = [];
      field = '';
    } else {
      field += char;
    }
  }
  row.push(field);
  if (row.some((cell) => cell.trim() !== '')) rows.push(row);
  return rows;
}

/**
 * The scanner writes its header and its rows with two unsynchronised writes, so the header
 * may come anywhere: it is recognised by content, not position.
 */
export function parseFindings(csv: string): Finding[] {
  return parseCsvRows(csv)
    .filter((cells) => cells[0]?.trim() !== 'issue')
    .map((cells) => {
      if (cells.length < 7) throw new Error(`Unexpected electronegativity row: ${cells.join(',')}`);
      const [check, severity, confidence, file, location, sample, description] = cells.map((cell) => cell.trim()) as [string, string, string, string, string, string, string];
      return { check, severity, confidence, file, location, sample, description };
    });
}

/** A file the scanner could not read: its checks never ran on it, so its findings are unknown. */
export interface ParseFailure {
  file: string;
  message: string;
}

const scanErrorsSchema = z.array(z.object({ file: z.string(), message: z.string(), tolerable: z.boolean() }));

/**
 * The files the scanner gave up on, from the errors its runner returns
 * (`scripts/electronegativity-runner.mjs`). "Tolerable" ones are a partial read the scanner
 * recovered from, not a failure.
 */
export function parseFailures(errorsJson: string): ParseFailure[] {
  return scanErrorsSchema
    .parse(JSON.parse(errorsJson))
    .filter((error) => !error.tolerable)
    .map(({ file, message }) => ({ file, message }));
}

export interface Verdict {
  blocking: Finding[];
  waived: Array<{ finding: Finding; reason: string }>;
  staleWaivers: Waiver[];
  ok: boolean;
}

export function judge(findings: Finding[], waivers: Waiver[]): Verdict {
  const matches = (waiver: Waiver, finding: Finding) => waiver.check === finding.check && waiver.file === finding.file;
  const high = findings.filter((finding) => finding.severity === 'HIGH');
  const blocking: Finding[] = [];
  const waived: Verdict['waived'] = [];
  for (const finding of high) {
    const waiver = waivers.find((candidate) => matches(candidate, finding));
    if (waiver) waived.push({ finding, reason: waiver.reason });
    else blocking.push(finding);
  }
  const staleWaivers = waivers.filter((waiver) => !high.some((finding) => matches(waiver, finding)));
  return { blocking, waived, staleWaivers, ok: blocking.length === 0 && staleWaivers.length === 0 };
}

export function describeVerdict(findings: Finding[], verdict: Verdict): string {
  const lines = findings.map((finding) => `  ${finding.severity.padEnd(13)} ${finding.check} ${finding.file}:${finding.location} ${finding.description}`);
  for (const { finding, reason } of verdict.waived) lines.push(`waived HIGH ${finding.check} in ${finding.file}: ${reason}`);
  for (const finding of verdict.blocking) lines.push(`BLOCKING HIGH ${finding.check} in ${finding.file}:${finding.location}: ${finding.sample}`);
  for (const waiver of verdict.staleWaivers) lines.push(`STALE waiver ${waiver.check} for ${waiver.file}: it matches no finding any more; remove it`);
  lines.push(verdict.ok ? `electronegativity: ${findings.length} findings, no unwaived HIGH` : 'electronegativity: failed');
  return lines.join('\n');
}
