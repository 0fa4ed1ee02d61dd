// Loopback HTTPS for demo mode: the embedded service delivers over real TLS to this listener,
// which passes each request on to the receiver byte for byte (a relay that re-serialised the
// body would break its signature).
import { request as httpRequest } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../../ports';
import { OriginListeners } from './tunnel';
import type { Tunnel } from './tunnel';

export interface LoopbackHttpsOptions {
  /** The receiver's port on 127.0.0.1. */
  targetPort: number;
  logger: Logger;
  /** 0 (the default) picks a free port. */
  port?: number;
}

export interface LoopbackHttpsTunnel extends Tunnel {
  /** The throwaway self-signed certificate (PEM) the embedded service must trust; null before start. */
  certificate(): string | null;
}

/** A certificate for 127.0.0.1 only, valid for 30 days, made at start and never written to disk. */
export async function loopbackCertificate(): Promise<{ key: string; cert: string }> {
  // Loaded only here (demo mode): with its X.509 stack it costs about 8 MB a process that
  // never runs the demo would carry for nothing.
  const { generate } = await import('selfsigned');
  const now = Date.now();
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now - 60_000),
    notAfterDate: new Date(now + 30 * 24 * 3600_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

export function createLoopbackHttpsTunnel(options: LoopbackHttpsOptions): LoopbackHttpsTunnel {
  const origin = new OriginListeners();
  let server: Server | null = null;
  let cert: string | null = null;

  function forward(req: IncomingMessage, res: ServerResponse): void {
    // rawHeaders keeps every header as sent: names, order, repeats.
    const upstream = httpRequest({ host: '127.0.0.1', port: options.targetPort, method: req.method, path: req.url, headers: req.rawHeaders, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      options.logger.warn('loopback tunnel: the receiver did not answer', { error: error.message });
      if (!res.headersSent) res.writeHead(502, { 'content-length': '0', connection: 'close' });
      res.end();
    });
    req.pipe(upstream);
    // The client went away: stop the upstream request too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
  }

  return {
    kind: 'loopback-https',
    certificate: () => cert,
    start: async () => {
      if (server) return;
      const pems = await loopbackCertificate();
      cert = pems.cert;
      const listening = createServer({ key: pems.key, cert: pems.cert, headersTimeout: 10_000, requestTimeout: 15_000, keepAliveTimeout: 5_000 }, forward);
      server = listening;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(options.port ?? 0, '127.0.0.1', () => {
          listening.off('error', reject);
          resolve();
        });
      });
      origin.set(`https://127.0.0.1:${(listening.address() as AddressInfo).port}`);
    },
    publicOrigin: () => origin.get(),
    onChange: (listener) => origin.add(listener),
    stop: async () => {
      const listening = server;
      server = null;
      origin.set(null);
      if (!listening) return;
      await new Promise<void>((resolve) => {
        listening.close(() => resolve());
        listening.closeAllConnections();
      });
    },
  };
}
