import { describe, expect, it } from 'vitest';
import { parseWebFlags, usage } from '../../../main/web/flags';

const context = { env: {}, platform: 'linux' as const, home: '/home/ana' };

describe('npm run web flags', () => {
  it('defaults to a random port, the platform data folder and no forced demo', () => {
    expect(parseWebFlags([], context)).toEqual({ port: 0, dataDir: '/home/ana/.local/share/Quotedesk-browser', demo: false, demoCredentialsOut: null, testClock: false });
  });

  it('reads --port, --data-dir and --demo, and the port from QUOTEDESK_WEB_PORT', () => {
    expect(parseWebFlags(['--port', '8123', '--data-dir', '/srv/qd', '--demo'], context)).toEqual({ port: 8123, dataDir: '/srv/qd', demo: true, demoCredentialsOut: null, testClock: false });
    expect(parseWebFlags([], { ...context, env: { QUOTEDESK_WEB_PORT: '9000' } })).toMatchObject({ port: 9000 });
    expect(parseWebFlags(['--port', '9001'], { ...context, env: { QUOTEDESK_WEB_PORT: '9000' } })).toMatchObject({ port: 9001 });
  });

  it('reads the test-only --demo-credentials-out as an absolute path', () => {
    expect(parseWebFlags(['--demo-credentials-out', '/tmp/e2e/demo.json'], context)).toMatchObject({ demoCredentialsOut: '/tmp/e2e/demo.json' });
  });

  it('turns the test clock on only when --test-clock is given', () => {
    expect(parseWebFlags(['--test-clock'], context)).toMatchObject({ testClock: true });
    expect(parseWebFlags(['--demo'], context)).toMatchObject({ testClock: false });
  });

  it('refuses a bad port and an unknown flag with a clear message', () => {
    expect(() => parseWebFlags(['--port', 'eighty'], context)).toThrow('--port must be a whole number from 0 to 65535 (got "eighty")');
    expect(() => parseWebFlags([], { ...context, env: { QUOTEDESK_WEB_PORT: '70000' } })).toThrow('(got "70000")');
    expect(() => parseWebFlags(['--colour'], context)).toThrow(/Unknown option '--colour'/);
  });

  it('--help asks for the usage, which lists every flag', () => {
    expect(parseWebFlags(['--help'], context)).toBe('help');
    for (const flag of ['--port N', '--data-dir DIR', '--demo', '--demo-credentials-out FILE', '--test-clock', '--help']) expect(usage(context)).toContain(flag);
  });
});
