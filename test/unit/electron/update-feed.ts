// A loopback update feed as electron-builder publishes one to a generic server: the channel
// files (latest-linux.yml, beta-linux.yml) written with electron-builder's own YAML writer,
// each naming an installer by file name with its sha512 (base64) and size, beside the file.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serializeToYaml } from 'builder-util';

export interface PublishedRelease {
  version: string;
  fileName: string;
  bytes: Buffer;
  /** The sha512 the metadata states; the real one unless a test plants a bad one. */
  statedSha512?: string;
}

export type FileMode = 'whole' | 'cut-off-halfway';

export interface UpdateFeed {
  url: string;
  publish(channelFile: string, release: PublishedRelease): void;
  /** How the next downloads are answered. */
  serveFiles(mode: FileMode): void;
  requests: string[];
  close(): Promise<void>;
}

export const sha512Base64 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');
export const installerBytes = (size = 300 * 1024) => randomBytes(size);

/** The channel file's text exactly as app-builder-lib's updateInfoBuilder writes it (createUpdateInfo + serializeToYaml). */
export function channelFileText(release: PublishedRelease, releaseDate = '2026-11-20T10:00:00.000Z'): string {
  const sha512 = release.statedSha512 ?? sha512Base64(release.bytes);
  return serializeToYaml({ version: release.version, files: [{ url: release.fileName, sha512, size: release.bytes.length }], path: release.fileName, sha512, releaseDate }, false, true);
}

export async function startUpdateFeed(): Promise<UpdateFeed> {
  const channels = new Map<string, string>();
  const files = new Map<string, Buffer>();
  const requests: string[] = [];
  let mode: FileMode = 'whole';
  const server: Server = createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname.slice(1));
    requests.push(name);
    const channel = channels.get(name);
    if (channel !== undefined) {
      response.writeHead(200, { 'content-type': 'text/yaml' }).end(channel);
      return;
    }
    const file = files.get(name);
    if (!file) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(file.length) });
    if (mode === 'whole') {
      response.end(file);
      return;
    }
    // The connection drops after half the file: what a lost network does mid-download.
    response.write(file.subarray(0, file.length >> 1), () => setTimeout(() => response.socket?.destroy(), 20));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    publish(channelFile, release) {
      channels.set(channelFile, channelFileText(release));
      files.set(release.fileName, release.bytes);
    },
    serveFiles: (next) => void (mode = next),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
