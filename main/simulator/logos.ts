// Company logos, served like a CDN would (no credentials), so the app's logo path runs end
// to end in demo mode. Most companies have one; one in four has none, so the initials that
// stand in for a missing logo are seen too.
import { createHash } from 'node:crypto';
import type { CompanyRecord } from './model';

export const LOGO_ROUTE_PREFIX = '/static/logos/';

/** The logo's address for the quote detail, or null for a company without one. */
export function companyLogoUrl(baseUrl: string, company: CompanyRecord): string | null {
  return hue(company.id) % 4 === 3 ? null : `${baseUrl}${LOGO_ROUTE_PREFIX}${company.id}.svg`;
}

/** A square mark with the company's initials on a colour of its own. */
export function companyLogoSvg(company: CompanyRecord): Buffer {
  const initials = company.name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  const colour = `hsl(${hue(company.id) % 360} 55% 42%)`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
      `<rect width="96" height="96" rx="18" fill="${colour}"/>` +
      `<text x="48" y="60" font-family="Helvetica, Arial, sans-serif" font-size="38" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text>` +
      `</svg>`,
  );
}

function hue(id: string): number {
  return createHash('sha256').update(id).digest().readUInt16BE(0);
}
