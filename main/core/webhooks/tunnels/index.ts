export { createCloudflaredTunnel, findCloudflared } from './cloudflared';
export type { CloudflaredOptions, CloudflaredTunnel } from './cloudflared';
export { createLoopbackHttpsTunnel, loopbackCertificate } from './loopback-https';
export type { LoopbackHttpsOptions, LoopbackHttpsTunnel } from './loopback-https';
export { createManualTunnel, createNoTunnel } from './manual';
export type { ManualTunnel } from './manual';
export { parsePublicOrigin } from './tunnel';
export type { Tunnel, TunnelKind } from './tunnel';
