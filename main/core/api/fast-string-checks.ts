// The string checks the fast path writes into its generated parsers, by character code:
// ids and dates are most of the checked strings on a list page, and a regex costs several
// times these. Each agrees with the zod pattern it stands for (test/unit/core/api/fast-parse.test.ts).

// zod 4's z.guid() pattern; the same rule by character code costs a fraction of the regex,
// and ids are the most frequent checked strings on a list page.
export const ZOD_GUID_SOURCE = '^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$';

// By character code (every UTF-16 unit, so no range check is needed): 0 for a hex digit, 1 otherwise.
const NOT_HEX = new Uint8Array(65536).fill(1);
for (const digit of '0123456789abcdefABCDEF') NOT_HEX[digit.charCodeAt(0)] = 0;

/**
 * The hyphens at 8, 13, 18 and 23, then the 32 places written out and or-ed together with no
 * branch: a loop over the 36 places with a branch each was a third slower, and ids are two
 * of the checks on every list item.
 */
export function isGuidShape(value: string): boolean {
  if (value.length !== 36 || value.charCodeAt(8) !== 45 || value.charCodeAt(13) !== 45 || value.charCodeAt(18) !== 45 || value.charCodeAt(23) !== 45) return false;
  return (
    (notHex(value, 0) | notHex(value, 1) | notHex(value, 2) | notHex(value, 3) |
    notHex(value, 4) | notHex(value, 5) | notHex(value, 6) | notHex(value, 7) |
    notHex(value, 9) | notHex(value, 10) | notHex(value, 11) | notHex(value, 12) |
    notHex(value, 14) | notHex(value, 15) | notHex(value, 16) | notHex(value, 17) |
    notHex(value, 19) | notHex(value, 20) | notHex(value, 21) | notHex(value, 22) |
    notHex(value, 24) | notHex(value, 25) | notHex(value, 26) | notHex(value, 27) |
    notHex(value, 28) | notHex(value, 29) | notHex(value, 30) | notHex(value, 31) |
    notHex(value, 32) | notHex(value, 33) | notHex(value, 34) | notHex(value, 35)) === 0
  );
}

/** 1 when the unit at `at` is not a hex digit, 0 when it is. */
function notHex(value: string, at: number): number {
  return NOT_HEX[value.charCodeAt(at)] as number;
}

export function patternTest(pattern: RegExp): (value: string) => boolean {
  // The contract's date pattern, by character code: two of them on every list item.
  if (pattern.source === DATE_ONLY_SOURCE && pattern.flags === '') return isDateOnlyShape;
  return (value) => {
    pattern.lastIndex = 0;
    return pattern.test(value);
  };
}

const DATE_ONLY_SOURCE = '^\\d{4}-\\d{2}-\\d{2}$';

/** /^\d{4}-\d{2}-\d{2}$/ (without the u flag, \d is the ASCII digits only). */
function isDateOnlyShape(value: string): boolean {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  for (let index = 0; index < 10; index += 1) {
    if (index === 4 || index === 7) continue;
    const code = value.charCodeAt(index);
    if (code < 48 || code > 57) return false;
  }
  return true;
}
