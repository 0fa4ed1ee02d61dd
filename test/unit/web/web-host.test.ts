import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountView } from '../../helpers/bridge-fixtures';
import { TOKEN_REFUSED_CLOSE_CODE } from '../../../preload/contract/plain/socket-framing';
import { nextMessage, openSocket, outcome, rawGet, SECRET_OUTSIDE, startTestHost } from './web-host-fixture';

let fixture: Awaited<ReturnType<typeof startTestHost>>;

beforeEach(async () => {
  fixture = await startTestHost({
    'app.info': async () => ({ version: '9.9.9', host: 'web', demo: true, credentialStorage: { backend: 'file', weak: true, message: null }, dataProblems: [] }),
  });
});
afterEach(async () => {
  await fixture.close();
});

describe('web host: static files', () => {
  it('serves index.html at / with a strict CSP limited to its own socket and PDF downloads', async () => {
    const response = await rawGet(fixture.host, '/');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<title>Quotedesk</title>');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`connect-src ws://127.0.0.1:${fixture.host.port} http://127.0.0.1:${fixture.host.port}/downloads/;`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves assets with their content types', async () => {
    expect((await rawGet(fixture.host, '/assets/app.js')).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await rawGet(fixture.host, '/assets/app.css')).headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('answers 404 for an unknown file and index.html for an app route', async () => {
    expect((await rawGet(fixture.host, '/assets/missing.js')).status).toBe(404);
    const route = await rawGet(fixture.host, '/accounts/acc-1?tab=quotes');
    expect(route.status).toBe(200);
    expect(route.body).toContain('<title>Quotedesk</title>');
  });

  it.each(['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt', '/assets%2f..%2f..%2fsecret.txt'])(
    'refuses the path traversal %s',
    async (path) => {
      const response = await rawGet(fixture.host, path);
      expect([400, 403, 404]).toContain(response.status);
      expect(response.body).not.toContain(SECRET_OUTSIDE);
    },
  );

  it('refuses a symlink inside the renderer folder that leads out of it', async () => {
    await symlink(join(fixture.root, 'secret.txt'), join(fixture.root, 'renderer', 'assets', 'leak.txt'));
    const response = await rawGet(fixture.host, '/assets/leak.txt');
    expect(response.status).toBe(403);
    expect(response.body).not.toContain(SECRET_OUTSIDE);
  });

  it('refuses a malformed escape and a NUL byte', async () => {
    expect((await rawGet(fixture.host, '/%E0%A4%A')).status).toBe(400);
    expect((await rawGet(fixture.host, '/index.html%00.js')).status).toBe(400);
  });

  it('refuses requests addressed to another host name (DNS rebinding)', async () => {
    const response = await rawGet(fixture.host, '/', { Host: `evil.example:${fixture.host.port}` });
    expect(response.status).toBe(421);
  });
});

describe('web host: bridge socket', () => {
  it('prints a URL that carries the token in its fragment', () => {
    expect(fixture.host.url).toBe(`http://127.0.0.1:${fixture.host.port}/#token=${fixture.host.token}`);
    expect(fixture.host.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a connection without a token, with 401 before upgrading', async () => {
    expect(await outcome(openSocket(fixture.host, { token: null }))).toEqual({ opened: false, status: 401 });
  });

  it('closes a wrong token at once with the "earlier launch" code, never answering a call, including one of the right length', async () => {
    // The browser cannot see a refused upgrade's status; the close code is how an old tab learns its link is stale.
    const refused = async (token: string) => {
      const socket = openSocket(fixture.host, { token });
      const answers: unknown[] = [];
      socket.on('message', (data: Buffer) => answers.push(data.toString('utf8')));
      socket.on('open', () => socket.send(JSON.stringify({ type: 'call', id: 1, method: 'app.info' })));
      const code = await new Promise<number>((resolve) => socket.once('close', (closeCode: number) => resolve(closeCode)));
      expect(answers).toEqual([]);
      return code;
    };
    expect(await refused('nope')).toBe(TOKEN_REFUSED_CLOSE_CODE);
    const sameLength = fixture.host.token.replace(/^./, (first) => (first === 'A' ? 'B' : 'A'));
    expect(await refused(sameLength)).toBe(TOKEN_REFUSED_CLOSE_CODE);
  });

  it('survives a peer that resets the connection while being refused', async () => {
    const port = fixture.host.port;
    for (let round = 0; round < 5; round++) {
      await new Promise<void>((resolve) => {
        const peer = connect(port, '127.0.0.1', () => {
          peer.write(
            `GET /bridge HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
              'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: quotedesk.bridge.v1, token.wrong\r\n\r\n',
            () => {
              peer.resetAndDestroy();
              resolve();
            },
          );
        });
        peer.on('error', () => resolve());
      });
    }
    // Still serving: the refused, reset sockets did not take the host down.
    const page = await rawGet(fixture.host, '/');
    expect(page.status).toBe(200);
  });

  it('refuses another origin even with the right token', async () => {
    expect(await outcome(openSocket(fixture.host, { origin: 'http://localhost:3000' }))).toEqual({ opened: false, status: 403 });
    expect(await outcome(openSocket(fixture.host, { origin: 'null' }))).toEqual({ opened: false, status: 403 });
  });

  it('refuses an unknown socket path', async () => {
    expect(await outcome(openSocket(fixture.host, { path: '/other' }))).toEqual({ opened: false, status: 404 });
  });

  it('round-trips a real call through the dispatcher', async () => {
    const socket = openSocket(fixture.host);
    expect(await outcome(socket)).toEqual({ opened: true });
    expect(socket.protocol).toBe('quotedesk.bridge.v1');
    const answer = nextMessage(socket);
    socket.send(JSON.stringify({ type: 'call', id: 7, method: 'app.info' }));
    expect(await answer).toEqual({
      type: 'result',
      id: 7,
      result: { ok: true, value: { version: '9.9.9', host: 'web', demo: true, credentialStorage: { backend: 'file', weak: true, message: null }, dataProblems: [] } },
    });
    const refused = nextMessage(socket);
    socket.send(JSON.stringify({ type: 'call', id: 8, method: 'quotes.explode', input: {} }));
    expect(await refused).toMatchObject({ id: 8, result: { ok: false, error: { code: 'unknown-method' } } });
    socket.close();
  });

  it('pushes events to connected pages', async () => {
    const socket = openSocket(fixture.host);
    await outcome(socket);
    const pushed = nextMessage(socket);
    fixture.hub.emit('accounts.changed', { accounts: [accountView()] });
    expect(await pushed).toEqual({ type: 'event', name: 'accounts.changed', payload: { accounts: [accountView()] } });
    socket.close();
  });

  it('closes a socket that sends something other than a call, and keeps serving others', async () => {
    const bad = openSocket(fixture.host);
    await outcome(bad);
    const closed = new Promise<number>((resolve) => bad.once('close', (code) => resolve(code)));
    bad.send('{"not":"a call"');
    expect(await closed).toBe(1008);

    const good = openSocket(fixture.host);
    await outcome(good);
    const answer = nextMessage(good);
    good.send(JSON.stringify({ type: 'call', id: 1, method: 'app.info' }));
    expect(await answer).toMatchObject({ id: 1, result: { ok: true } });
    good.close();
  });
});
