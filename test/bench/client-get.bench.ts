// Per-request overhead of the client: one quote detail GET through QuotingClient against
// a bare undici request + JSON.parse of the same body, over the same pool. The recorded
// body is served by another process, so the CPU measured is the client's (or the bare
// request's) alone.
import { request } from 'undici';
import { createAgent, createQuotingClient } from '../../main/core/api';
import { PATHS } from '../../preload/contract';
import { compareAlternating } from './harness/alternate';
import { defineBenchmark } from './harness/types';
import { startRecordedProcess } from './fixtures/recorded-process';

export default defineBenchmark({
  name: 'client-get',
  title: 'One quote detail GET through the client against bare undici',
  budgetMs: { full: 60_000, quick: 8_000 },
  async run(ctx) {
    const service = await startRecordedProcess(20);
    const { baseUrl, quoteId, detailBytes, plan } = service.ready;
    // One pool with the client's own settings for both sides.
    const dispatcher = createAgent();
    const client = createQuotingClient({ baseUrl, credentials: { mechanism: 'api-key', apiKey: plan.apiKey }, dispatcher });
    const url = baseUrl + PATHS.quote(quoteId);
    // The headers the client sends, so both requests are the same on the wire.
    const headers = { accept: 'application/json', 'user-agent': 'Quotedesk', 'api-key': plan.apiKey };
    // About 150 ms of CPU per batch: the process's CPU clock is only precise to a few ms.
    const requests = ctx.quick ? 50 : 500;
    try {
      const figure = await compareAlternating(ctx, {
        id: 'client-get.ratio',
        label: 'Quote detail GET: client ÷ bare undici',
        operations: requests,
        rounds: 21,
        target: { op: '<=', value: 1.15 },
        details: { bodyBytes: detailBytes, sequential: 'one request at a time', service: 'recorded bodies served by another process' },
        baseline: async () => {
          for (let i = 0; i < requests; i += 1) {
            const response = await request(url, { headers, dispatcher });
            const text = await response.body.text();
            if (response.statusCode !== 200) throw new Error(`bare GET answered ${response.statusCode}`);
            JSON.parse(text);
          }
        },
        subject: async () => {
          for (let i = 0; i < requests; i += 1) await client.quotes.get(quoteId);
        },
      });
      return [figure];
    } finally {
      await client.close();
      await dispatcher.close();
      await service.close();
    }
  },
});
