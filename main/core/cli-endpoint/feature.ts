// Feature: the command line's endpoint. While this app runs on its data folder, `quotedesk`
// (list, show, accept, decline, pdf, listen --account) works through it instead of refusing
// the folder: see server.ts for the endpoint and commands.ts for what each command does.
import type { Handlers } from '../../../preload/contract';
import type { AccountsService } from '../accounts/types';
import { createDispatcher } from '../bridge/dispatcher';
import type { Dispatcher } from '../bridge/dispatcher';
import type { EventHub } from '../bridge/events';
import type { Feature } from '../bridge/feature';
import type { PdfCache } from '../cache';
import type { DomainBus } from '../events';
import type { Logger } from '../ports';
import { createEndpointCommands } from './commands';
import { openCliEndpoint } from './server';
import type { CliEndpoint } from './server';

export interface CliEndpointDeps {
  userData: string;
  accounts: AccountsService;
  pdfs: PdfCache;
  bus: DomainBus;
  logger: Logger;
  /** Every feature's bridge handlers, once assembled: a decision runs exactly as the window's does. */
  handlers(): Handlers;
}

export function createCliEndpointFeature(deps: CliEndpointDeps): Feature {
  let hub: EventHub | null = null;
  let dispatcher: Dispatcher | null = null;
  let endpoint: CliEndpoint | null = null;
  const commands = createEndpointCommands({
    accounts: deps.accounts,
    pdfs: deps.pdfs,
    bus: deps.bus,
    dispatcher: () => (dispatcher ??= createDispatcher({ handlers: deps.handlers(), logger: deps.logger })),
    hub: () => hub,
  });
  return {
    name: 'cli-endpoint',
    handlers: {},
    project(given) {
      hub = given;
      return () => {
        hub = null;
      };
    },
    async start() {
      endpoint = await openCliEndpoint(deps.userData, commands, deps.logger);
    },
    async close() {
      await endpoint?.close();
      endpoint = null;
    },
  };
}
