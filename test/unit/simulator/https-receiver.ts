// A loopback HTTPS webhook receiver with a throwaway self-signed certificate.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ReceivedDelivery {
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
}

export interface Receiver {
  url: string;
  ca: string;
  received: ReceivedDelivery[];
  /** The status to answer for the n-th (0-based) delivery of an event type; 'hang' never answers. */
  respond: (index: number, event: string) => number | 'hang';
  close(): Promise<void>;
}

/** Generated per run with the openssl CLI: no key material is committed. */
export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sim-cert-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
    ], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startReceiver(certificate = selfSignedCertificate()): Promise<Receiver> {
  const receiver: Partial<Receiver> & { received: ReceivedDelivery[]; respond: Receiver['respond'] } = { received: [], respond: () => 200 };
  const server: Server = createServer({ key: certificate.key, cert: certificate.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const event = String(req.headers['x-webhook-event']);
      const index = receiver.received.filter((delivery) => delivery.headers['x-webhook-event'] === event).length;
      receiver.received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      const answer = receiver.respond(index, event);
      if (answer === 'hang') return;
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(receiver, {
    url: `https://127.0.0.1:${port}/hooks/quotes`,
    ca: certificate.cert,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
