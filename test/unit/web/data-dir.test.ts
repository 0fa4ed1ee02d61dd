import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../../main/web/data-dir';

describe('default data folder', () => {
  it('follows each platform’s convention', () => {
    expect(defaultDataDir('linux', {}, '/home/ana')).toBe('/home/ana/.local/share/Quotedesk');
    expect(defaultDataDir('linux', { XDG_DATA_HOME: '/data/ana' }, '/home/ana')).toBe('/data/ana/Quotedesk');
    expect(defaultDataDir('darwin', {}, '/Users/ana')).toBe('/Users/ana/Library/Application Support/Quotedesk');
    expect(defaultDataDir('win32', { APPDATA: 'C:/Users/ana/AppData/Roaming' }, 'C:/Users/ana')).toBe(join('C:/Users/ana/AppData/Roaming', 'Quotedesk'));
  });

  it('ignores a relative XDG_DATA_HOME, as the XDG spec requires', () => {
    expect(defaultDataDir('linux', { XDG_DATA_HOME: 'relative/dir' }, '/home/ana')).toBe('/home/ana/.local/share/Quotedesk');
  });
});
