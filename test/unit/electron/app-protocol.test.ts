import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAppRequest, handleAppScheme, registerAppScheme } from '../../../main/electron/app-protocol-handler';
import { APP_CSP, APP_ENTRY_URL, contentTypeOf, isAppPage, resolveAppRequest } from '../../../main/electron/app-protocol';
import { createRecordingLogger } from '../../helpers/recording-logger';

let base: string;
let root: string;

// A built renderer folder beside the things it must never serve: a secret next to it, a
// sibling folder whose name starts like it, and links from inside pointing out.
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'quotedesk-app-protocol-'));
  root = join(base, 'renderer');
  await mkdir(join(root, 'assets'), { recursive: true });
  await mkdir(join(base, 'renderer-evil'));
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Quotedesk</title>');
  await writeFile(join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(join(root, 'assets', 'index-abc123.css'), 'body{}');
  await writeFile(join(root, 'assets', 'logo.svg'), '<svg/>');
  await writeFile(join(root, 'assets', 'blob.bin'), 'x');
  await writeFile(join(root, 'assets', 'space name.txt'), 'spaced');
  await writeFile(join(base, 'secret.txt'), 'api key');
  await writeFile(join(base, 'renderer-evil', 'index.html'), 'evil');
  await symlink(join(base, 'secret.txt'), join(root, 'leak.txt'));
  await symlink(base, join(root, 'up'));
  await symlink(join(root, 'assets', 'logo.svg'), join(root, 'inner-link.svg'));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const get = (url: string) => resolveAppRequest({ url, method: 'GET' }, root);

describe('app:// request resolution', () => {
  it('serves the entry page for / and /index.html, with the CSP and nosniff headers', async () => {
    for (const url of ['app://quotedesk/', 'app://quotedesk', APP_ENTRY_URL, `${APP_ENTRY_URL}?x=1#/accounts`]) {
      const answer = await get(url);
      expect(answer, url).toMatchObject({ kind: 'file', status: 200, path: join(root, 'index.html') });
      expect(answer.headers['Content-Security-Policy']).toBe(APP_CSP);
      expect(answer.headers['X-Content-Type-Options']).toBe('nosniff');
      expect(answer.headers['Content-Type']).toBe('text/html; charset=utf-8');
    }
  });

  it('serves built assets with their content types, and percent-encoded plain names', async () => {
    expect(await get('app://quotedesk/assets/index-abc123.js')).toMatchObject({ status: 200, headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
    expect(await get('app://quotedesk/assets/index-abc123.css')).toMatchObject({ status: 200, headers: { 'Content-Type': 'text/css; charset=utf-8' } });
    expect(await get('app://quotedesk/assets/logo.svg')).toMatchObject({ status: 200, headers: { 'Content-Type': 'image/svg+xml' } });
    expect(await get('app://quotedesk/assets/blob.bin')).toMatchObject({ status: 200, headers: { 'Content-Type': 'application/octet-stream' } });
    expect(await get('app://quotedesk/assets/space%20name.txt')).toMatchObject({ status: 200, path: join(root, 'assets', 'space name.txt') });
    expect(contentTypeOf('A.WOFF2')).toBe('font/woff2');
  });

  it('refuses traversal in every spelling', async () => {
    for (const url of [
      'app://quotedesk/..%2fsecret.txt',
      'app://quotedesk/%2e%2e%2fsecret.txt',
      'app://quotedesk/assets/..%2f..%2fsecret.txt',
      'app://quotedesk/%2E%2E%2Fsecret.txt',
      'app://quotedesk/..%5csecret.txt',
      'app://quotedesk/assets\\..\\..\\secret.txt',
      'app://quotedesk/%252e%252e%252fsecret.txt',
      'app://quotedesk/index.html%00.js',
      'app://quotedesk/..%2frenderer-evil%2findex.html',
    ]) {
      const answer = await get(url);
      expect(answer.kind, url).toBe('refused');
      expect([400, 403, 404], url).toContain(answer.status);
      if (answer.kind === 'file') throw new Error(`${url} served ${answer.path}`);
    }
  });

  it('dot segments the URL parser resolves never climb above the root', async () => {
    // Both WHATWG URL and Chromium clamp "/../" at the root, and %2e%2e counts as "..":
    // whatever survives parsing is looked up inside the folder.
    for (const url of ['app://quotedesk/../secret.txt', 'app://quotedesk/%2e%2e/secret.txt', 'app://quotedesk/assets/../../../secret.txt', 'app://quotedesk/.%2e/.%2e/secret.txt']) {
      const answer = await get(url);
      expect(answer, url).toMatchObject({ kind: 'refused', status: 404 });
    }
    expect(await get('app://quotedesk/assets/../index.html')).toMatchObject({ kind: 'file', path: join(root, 'index.html') });
  });

  it('refuses symlinks that lead out of the folder, and follows those that stay inside', async () => {
    expect(await get('app://quotedesk/leak.txt')).toMatchObject({ kind: 'refused', status: 403 });
    expect(await get('app://quotedesk/up/secret.txt')).toMatchObject({ kind: 'refused', status: 403 });
    expect(await get('app://quotedesk/up/renderer-evil/index.html')).toMatchObject({ kind: 'refused', status: 403 });
    expect(await get('app://quotedesk/inner-link.svg')).toMatchObject({ kind: 'file', path: join(root, 'assets', 'logo.svg') });
  });

  it('answers 404 for a missing file or a folder, and refuses other hosts, schemes and methods', async () => {
    expect(await get('app://quotedesk/missing.js')).toMatchObject({ kind: 'refused', status: 404 });
    expect(await get('app://quotedesk/assets/')).toMatchObject({ kind: 'refused', status: 404 });
    expect(await get('app://quotedesk/assets')).toMatchObject({ kind: 'refused', status: 404 });
    expect(await get('app://other/index.html')).toMatchObject({ kind: 'refused', status: 403 });
    expect(await get('app://user:pw@quotedesk/index.html')).toMatchObject({ kind: 'refused', status: 403 });
    expect(await get('file:///etc/passwd')).toMatchObject({ kind: 'refused', status: 403 });
    expect(await get('not a url')).toMatchObject({ kind: 'refused', status: 400 });
    expect(await get('app://quotedesk/%E0%A4%A.js')).toMatchObject({ kind: 'refused', status: 400 });
    expect(await resolveAppRequest({ url: APP_ENTRY_URL, method: 'POST' }, root)).toMatchObject({ kind: 'refused', status: 405 });
    expect(await resolveAppRequest({ url: APP_ENTRY_URL, method: 'GET' }, join(base, 'no-such-folder'))).toMatchObject({ kind: 'refused', status: 404 });
  });

  it('recognises only app://quotedesk/index.html as the app page', () => {
    expect(isAppPage(APP_ENTRY_URL)).toBe(true);
    expect(isAppPage('app://quotedesk/index.html?a#b')).toBe(true);
    for (const url of ['app://quotedesk/', 'app://quotedesk/x.html', 'app://quotedesk:99/index.html', 'file:///index.html', 'nonsense']) {
      expect(isAppPage(url), url).toBe(false);
    }
  });
});

describe('the CSP header', () => {
  const directives = new Map(APP_CSP.split('; ').map((entry) => [entry.split(' ')[0], entry.split(' ').slice(1).join(' ')]));

  it('lets the Electron renderer connect nowhere and load images only from itself', () => {
    expect(directives.get('connect-src')).toBe("'none'");
    expect(directives.get('img-src')).toBe("'self' data:");
    expect(directives.get('default-src')).toBe("'none'");
    expect(directives.get('script-src')).toBe("'self'");
  });

  it('forbids plugins, framing, base rewriting and form posts', () => {
    for (const name of ['object-src', 'frame-src', 'frame-ancestors', 'base-uri', 'form-action', 'worker-src']) {
      expect(directives.get(name), name).toBe("'none'");
    }
    expect(APP_CSP).not.toMatch(/unsafe-eval|\*|https?:/);
  });
});

describe('the Electron registration', () => {
  it('declares app:// standard and secure before ready, without bypassing CSP', () => {
    const declared: unknown[] = [];
    registerAppScheme({ registerSchemesAsPrivileged: (schemes) => declared.push(...schemes) });
    expect(declared).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }]);
    const privileges = (declared[0] as { privileges: Record<string, unknown> }).privileges;
    for (const risky of ['bypassCSP', 'corsEnabled', 'allowServiceWorkers', 'stream']) expect(privileges[risky], risky).toBeUndefined();
  });

  it('answers real Requests: the file with its headers, a refusal as a status without the file', async () => {
    const logger = createRecordingLogger();
    let handler: ((request: Request) => Promise<Response> | Response) | undefined;
    handleAppScheme({ handle: (scheme, fn) => ((handler = fn), expect(scheme).toBe('app')) }, { rendererDir: root, logger });
    if (!handler) throw new Error('no handler registered');

    const page = await handler(new Request(APP_ENTRY_URL));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(await page.text()).toContain('<title>Quotedesk</title>');

    const head = await handler(new Request('app://quotedesk/assets/index-abc123.js', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/javascript; charset=utf-8');

    const traversal = await handler(new Request('app://quotedesk/..%2fsecret.txt'));
    expect(traversal.status).toBe(403);
    expect(await traversal.text()).not.toContain('api key');
    expect(traversal.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(logger.text()).toContain('app:// request refused');

    const missing = await answerAppRequest(new Request('app://quotedesk/nope.js'), { rendererDir: root, logger });
    expect(missing.status).toBe(404);
  });
});
