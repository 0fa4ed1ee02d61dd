import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { DataProblems } from '../../renderer/src/components/data-problems';

describe('data problems notice', () => {
  it('says which file could not be read, where the copy is kept and what to do', () => {
    render(DataProblems, {
      problems: [{ file: 'settings', path: '/data/settings.json', keptAt: '/data/settings.json.damaged-2026', reason: 'the file is truncated' }],
    });
    const alert = screen.getByRole('alert', { name: 'Data files that could not be read' });
    expect(alert.textContent).toContain('Your settings file could not be read');
    expect(alert.textContent).toContain('the file is truncated');
    expect(alert.textContent).toContain('/data/settings.json.damaged-2026');
    expect(alert.textContent).toMatch(/Add your accounts again/);
  });

  it('says the file was left in place when it could not be moved', () => {
    render(DataProblems, { problems: [{ file: 'secrets', path: '/data/secrets.json', keptAt: null, reason: 'permission denied' }] });
    expect(screen.getByRole('alert').textContent).toContain('left as it is at /data/secrets.json');
  });

  it('says the decision receipts could not be read and that the readable ones are still listed', () => {
    render(DataProblems, {
      problems: [{ file: 'receipts', path: '/data/decision-receipts.json', keptAt: '/data/decision-receipts.json.unreadable-1', reason: 'not JSON' }],
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Your decision receipts could not be read');
    expect(alert.textContent).toContain('/data/decision-receipts.json.unreadable-1');
    expect(alert.textContent).toMatch(/receipts that could be read are still listed/);
  });

  it('shows nothing when every file read well', () => {
    render(DataProblems, { problems: [] });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('data problems notice: the offline cache', () => {
  it('says the cache is being filled again and that nothing saved is lost', () => {
    render(DataProblems, {
      problems: [{ file: 'cache', path: '/data/cache/quotes.db', keptAt: '/data/cache/quotes.db.unreadable-2026', reason: 'the file is not a database' }],
    });
    const text = screen.getByRole('alert').textContent ?? '';
    expect(text).toContain('The offline cache could not be read');
    expect(text).toContain('being filled again from the service');
    expect(text).toContain('nothing you saved is lost');
    expect(text).toContain('/data/cache/quotes.db.unreadable-2026');
  });
});
