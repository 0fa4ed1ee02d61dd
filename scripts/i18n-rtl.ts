// Physical CSS (left/right) in the renderer breaks right-to-left languages: each use is listed;
// any use fails the compile (scripts/i18n.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const PHYSICAL = /(margin|padding|border)-(left|right)\b|(?<![\w-])(left|right)\s*:|text-align:\s*(left|right)|float:\s*(left|right)/;

export interface PhysicalCss {
  file: string;
  line: number;
  text: string;
}

export function physicalCss(root: string): PhysicalCss[] {
  return files(join(root, 'renderer', 'src')).flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((text, index) => (PHYSICAL.test(text) ? [{ file: relative(root, path), line: index + 1, text: text.trim() }] : [])),
  );
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(svelte|css)$/.test(entry.name) ? [path] : [];
  });
}
