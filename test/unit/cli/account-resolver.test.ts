// The one account resolver every command uses (list, show, accept, decline, pdf, listen, team).
import { describe, expect, it } from 'vitest';
import { pickAccount } from '../../../main/cli/account';
import { UsageError } from '../../../main/cli/options';

const acme = { id: 'a1', name: 'Acme Localisation', demo: false };
const globex = { id: 'g1', name: 'Globex', demo: false };
const demo = { id: 'd1', name: 'Northwind (demo)', demo: true };

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('pickAccount', () => {
  it('finds an account by its name in any case, with spaces around, or by its id', () => {
    expect(pickAccount([acme, globex], '  acme LOCALISATION ', '/data')).toBe(acme);
    expect(pickAccount([acme, globex], 'g1', '/data')).toBe(globex);
  });

  it('prefers the id over a name that happens to read the same', () => {
    const named = { id: 'x9', name: 'g1', demo: false };
    expect(pickAccount([named, globex], 'g1', '/data')).toBe(globex);
  });

  it('lists the folder\u2019s accounts when none has that name', () => {
    expect(refusal(() => pickAccount([acme, globex, demo], 'Initech', '/data'))).toBe('no account "Initech" in /data (accounts there: "Acme Localisation", "Globex"); give its name or id, or --data-dir for another folder');
  });

  it('asks for an id when two accounts share the name', () => {
    const twin = { id: 'a2', name: 'acme localisation', demo: false };
    expect(refusal(() => pickAccount([acme, twin], 'Acme Localisation', '/data'))).toBe('2 accounts are called "Acme Localisation": give the id of one (a1, a2)');
  });

  it('never picks a demo account, by name or by id', () => {
    expect(refusal(() => pickAccount([acme, demo], 'd1', '/data'))).toContain('no account "d1"');
    expect(refusal(() => pickAccount([demo], 'Northwind (demo)', '/data'))).toContain('(accounts there: none)');
  });

  it('without a name takes the only saved account, and asks when there are several or none', () => {
    expect(pickAccount([acme, demo], undefined, '/data')).toBe(acme);
    expect(refusal(() => pickAccount([acme, globex], undefined, '/data'))).toBe('give --account NAME: the data folder /data has several accounts ("Acme Localisation", "Globex")');
    expect(refusal(() => pickAccount([demo], undefined, '/data'))).toBe('give --account NAME: the data folder /data has no saved account');
  });
});
