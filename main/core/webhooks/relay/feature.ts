// The team relay: the key's events from the team's NATS stream, through the same pipeline as
// a local delivery, listed in Activity "via relay"; the relay.* methods and its status moves.
import type { AccountsService } from '../../accounts/types';
import type { DomainBus } from '../../events';
import { createRelayHandlers } from './bridge';
import { createTeamRelay } from './team-relay';
import type { TeamRelay, TeamRelayDeps, TeamRelayStatus } from './team-relay';
import type { WebhookFeature } from '..';
import type { Feature } from '../../bridge/feature';

export interface RelayFeatureDeps extends Pick<TeamRelayDeps, 'secrets' | 'settings' | 'clock' | 'logger' | 'process'> {
  accounts: AccountsService;
  webhooks: Pick<WebhookFeature, 'recordRelayed' | 'relayChosen' | 'useRelay'>;
  bus: DomainBus;
}

export function createRelayFeature(deps: RelayFeatureDeps): Feature & { relay: TeamRelay } {
  // Status moves before the hub is wired are not pushed: the renderer asks relay.status when it opens.
  let pushStatus: ((status: TeamRelayStatus) => void) | null = null;
  const relay = createTeamRelay({
    ...deps,
    // Kept in the event log before the ack, so the "via relay" and "caught up" marks outlive a restart.
    onProcessed: async (event, caused, relayed) => {
      await deps.webhooks.recordRelayed({ accountId: event.accountId, event: event.event, body: relayed.body, receivedAt: event.receivedAt, caused });
      deps.bus.publish('webhook.received', event);
    },
    onStatus: (status) => pushStatus?.(status),
    chosen: () => deps.webhooks.relayChosen(),
  });
  return {
    name: 'the team relay',
    relay,
    handlers: createRelayHandlers(relay, deps.accounts, deps.webhooks),
    project(hub) {
      pushStatus = (status) => hub.emit('relay.changed', status);
      return () => void (pushStatus = null);
    },
    close: () => relay.close(),
  };
}
