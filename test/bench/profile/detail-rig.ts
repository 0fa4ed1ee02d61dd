// The client-get benchmark's recorded quote detail, served from memory, with the client and
// its transport over one agent: what the layer-by-layer profiles of a detail GET share.
import { createAgent, createQuotingClient, DEFAULT_TIMEOUTS } from '../../../main/core/api';
import { createTransport } from '../../../main/core/api/transport';
import { systemClock } from '../../../main/core/ports';
import { PATHS } from '../../../preload/contract';
import { recordService, serveRecording } from '../fixtures/recorded-service';

export async function startDetailRig() {
  const recording = await recordService({ quotes: 20, limit: 100 });
  const server = await serveRecording(recording);
  const dispatcher = createAgent();
  const transport = createTransport({ baseUrl: server.baseUrl, dispatcher, timeouts: DEFAULT_TIMEOUTS, clock: systemClock });
  const client = createQuotingClient({ baseUrl: server.baseUrl, credentials: { mechanism: 'api-key', apiKey: recording.apiKey }, dispatcher });
  const auth = { 'api-key': recording.apiKey };
  return {
    recording,
    server,
    dispatcher,
    transport,
    client,
    path: PATHS.quote(recording.quoteId),
    auth,
    /** What the bare baseline sends: the client's headers. */
    headers: { accept: 'application/json', 'user-agent': 'Quotedesk', ...auth },
    async close() {
      await dispatcher.close();
      await server.close();
    },
  };
}
