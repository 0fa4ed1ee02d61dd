import { describe, expect, it } from 'vitest';
import { demoNotice } from '../../../main/web/startup-notice';

describe('the demo line browser mode prints at startup', () => {
  it('asks for an account only when there is none', () => {
    expect(demoNotice({ demo: true, realAccounts: 0 })).toMatch(/Add an account to connect to the real service\.$/);
  });

  it('with --demo and real accounts, says the samples sit beside them instead of asking for one', () => {
    const one = demoNotice({ demo: true, realAccounts: 1 });
    expect(one).toContain('alongside your account.');
    expect(demoNotice({ demo: true, realAccounts: 3 })).toContain('alongside your 3 accounts.');
    expect(one).not.toMatch(/Add an account/);
  });

  it('says nothing outside demo mode', () => {
    expect(demoNotice({ demo: false, realAccounts: 2 })).toBeNull();
  });
});
