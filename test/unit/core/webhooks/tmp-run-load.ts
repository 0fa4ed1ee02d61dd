import { measureWebhookReceiver } from './load';
for (let i = 0; i < 2; i++) { const r = await measureWebhookReceiver({ rateDurationMs: 500, burst: 1000 }); console.log(r.receiverPerSecond, r.bareDurablePerSecond, r.bareMemoryPerSecond, r.ratioToBareDurable.toFixed(2)); }
