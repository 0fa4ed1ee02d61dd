import { fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBridge } from '../fake-bridge';
import { makeAccount, makeQuote } from '../fixtures';
import { makeDetails } from '../quote/pricing-fixtures';
import { renderApp } from '../render-app';

const PDF = new TextEncoder().encode('%PDF-1.7 quote');
const DOWNLOAD = { kind: 'download', url: '/downloads/one-time', fileName: 'Quote Q-2025-0042.pdf', outdated: false, fromCache: true } as const;

interface FakeStream {
  written: unknown[];
  closed: boolean;
  aborted: boolean;
}

/** A browser with the File System Access API: the picker answers with a file whose writes are kept. */
function stubPicker(options: { cancel?: boolean; writeFails?: Error; onPick?: () => void } = {}) {
  const stream: FakeStream = { written: [], closed: false, aborted: false };
  const picker = vi.fn(async (_options: unknown) => {
    options.onPick?.();
    if (options.cancel) throw new DOMException('The user aborted a request.', 'AbortError');
    return {
      createWritable: async () => ({
        write: async (bytes: unknown) => {
          if (options.writeFails) throw options.writeFails;
          stream.written.push(bytes);
        },
        close: async () => {
          stream.closed = true;
        },
        abort: async () => {
          stream.aborted = true;
        },
      }),
    };
  });
  Object.assign(window, { showSaveFilePicker: picker });
  return { picker, stream };
}

async function openQuote(host: 'web' | 'electron') {
  const quote = makeQuote({ projectName: 'Website relaunch', quoteNumber: 'Q-2025-0042' });
  const fake = new FakeBridge({
    accounts: [makeAccount()],
    quotes: { 'acc-1': [quote] },
    details: { [quote.id]: makeDetails({ id: quote.id, quoteNumber: 'Q-2025-0042' }) },
    info: { host },
  });
  fake.arrange('pdfs.status', () => ({ cached: true, outdated: false, bytes: PDF.byteLength, fetchedAt: Date.parse('2026-03-01T10:00:00Z'), downloading: false }));
  fake.arrange('pdfs.open', () => (host === 'web' ? DOWNLOAD : { kind: 'opened', outdated: false, fromCache: true }));
  renderApp(fake);
  await fireEvent.click(await screen.findByText('Website relaunch'));
  await screen.findByRole('region', { name: 'Quote PDF' });
  // The host is known once app.info answered: Save as… waits for it no longer than that.
  await waitFor(() => expect(fake.callsOf('app.info')).toHaveLength(1));
  return fake;
}

const saveAs = () => fireEvent.click(screen.getByRole('button', { name: 'Save as…' }));

let fetched: string[];
beforeEach(() => {
  fetched = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url);
      return new Response(PDF, { headers: { 'Content-Type': 'application/pdf' } });
    }),
  );
});
afterEach(() => {
  Reflect.deleteProperty(window, 'showSaveFilePicker');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Save as… in browser mode', () => {
  it('asks where with the quote\'s file name before asking the host, then writes the PDF the host serves into that file', async () => {
    const fake = await openQuote('web');
    let openCallsWhenPicked = -1;
    const { picker, stream } = stubPicker({ onPick: () => (openCallsWhenPicked = fake.callsOf('pdfs.open').length) });
    await saveAs();

    await waitFor(() => expect(stream.closed).toBe(true));
    expect(picker).toHaveBeenCalledWith({ suggestedName: 'Quote Q-2025-0042.pdf', types: [{ description: 'PDF document', accept: { 'application/pdf': ['.pdf'] } }] });
    // The picker opened in the click itself: the host was asked only after.
    expect(openCallsWhenPicked).toBe(0);
    expect(fake.callsOf('pdfs.open')).toEqual([{ accountId: 'acc-1', quoteId: expect.any(String), mode: 'save' }]);
    expect(fetched).toEqual([DOWNLOAD.url]);
    expect(stream.written.map((bytes) => new TextDecoder().decode(bytes as ArrayBuffer))).toEqual(['%PDF-1.7 quote']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does nothing when the person cancels the picker', async () => {
    const { picker } = stubPicker({ cancel: true });
    const fake = await openQuote('web');
    await saveAs();

    await waitFor(() => expect(picker).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.callsOf('pdfs.open')).toEqual([]);
    expect(fetched).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why the file could not be written and offers a way out, leaving the file as it was', async () => {
    const { stream } = stubPicker({ writeFails: new DOMException('The disk is full.', 'QuotaExceededError') });
    await openQuote('web');
    await saveAs();

    expect((await screen.findByRole('alert')).textContent).toBe("Couldn't save the PDF: The disk is full. Try again or use Open PDF.");
    expect(stream.aborted).toBe(true);
    expect(stream.closed).toBe(false);
  });

  it('downloads the PDF as Open does where the browser has no save picker', async () => {
    const clicked: { href: string | null; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href'), download: this.download });
    });
    const fake = await openQuote('web');
    await saveAs();

    await waitFor(() => expect(clicked).toEqual([{ href: DOWNLOAD.url, download: DOWNLOAD.fileName }]));
    expect(fake.callsOf('pdfs.open')).toEqual([{ accountId: 'acc-1', quoteId: expect.any(String), mode: 'save' }]);
    expect(fetched).toEqual([]);
  });
});

describe('Save as… in the desktop app', () => {
  it('leaves asking where to main\'s own dialog, even though Electron\'s Chromium has the picker', async () => {
    const { picker } = stubPicker();
    const fake = await openQuote('electron');
    await saveAs();

    await waitFor(() => expect(fake.callsOf('pdfs.open')).toEqual([{ accountId: 'acc-1', quoteId: expect.any(String), mode: 'save' }]));
    expect(picker).not.toHaveBeenCalled();
    expect(fetched).toEqual([]);
  });
});
