import { z } from 'zod';
import { AccountDraft, AccountId, AccountStatus, AccountUpdate, AccountView, ConnectionReport, RemoveOutcome } from './accounts';
import { AppInfo, LanguageInput, LanguageState } from './app';
import { decisionEvents, decisionMethods } from './decisions';
import { desktopEvents, desktopMethods } from './desktop';
import { notificationEvents, notificationMethods } from './notifications';
import { inboxMethods, inboxTeamMethods, logoMethods } from './inbox';
import { exportMethods } from './export';
import { selectionEvents, selectionMethods } from './selection';
import { syncEvents, syncMethods } from './sync';
import { webhookEvents, webhookMethods } from './webhooks';
import { relayEvents, relayMethods } from './relay';
import { viewMethods } from './views';
import { snoozeEvents, snoozeMethods } from './snooze';
import { insightsMethods } from './insights';
import { teamEvents, teamMethods } from './team';
import type { Result } from './errors';
import type { CallOptions } from '../plain/api-builder';
import type { EventName as PlainEventName, MethodName as PlainMethodName, Namespace } from '../plain/names';

export { EVENT_NAMES, METHOD_NAMES, splitMethodName } from '../plain/names';
export type { Namespace } from '../plain/names';

const none = z.void();

/**
 * THE bridge: every method the renderer may call, by feature namespace, with the zod
 * schemas of its input and output. Both transports (Electron IPC and the browser-mode
 * WebSocket) and the dispatcher are generated from this one object.
 */
export const methods = {
  /** What this host is (desktop or browser), its version, demo mode, how credentials are stored, data files set aside at start. */
  'app.info': { input: none, output: AppInfo },
  /** The language setting, what main speaks and whether the pseudo-locale is offered. */
  'app.language': { input: none, output: LanguageState },
  /** Keeps a new language choice and makes main speak it (notifications, exports). */
  'app.setLanguage': { input: LanguageInput, output: LanguageState },

  /** Every account, without its credentials. */
  'accounts.list': { input: none, output: z.array(AccountView) },
  /** Adds an account; its credentials go to the secret store. */
  'accounts.add': { input: AccountDraft, output: AccountView },
  /** Changes an account; credentials given replace the stored ones, omitted ones are kept. */
  'accounts.update': { input: AccountUpdate, output: AccountView },
  /** Removes an account and what is kept for it; notes say what did not finish. */
  'accounts.remove': { input: AccountId, output: RemoveOutcome },
  /** Tries a saved account's credentials against its service and says in plain words what went wrong. */
  'accounts.test': { input: AccountId, output: ConnectionReport },
  /** Tries the account form's values before they are saved. */
  'accounts.testDraft': { input: AccountDraft, output: ConnectionReport },


  ...notificationMethods,
  ...inboxMethods,
  ...logoMethods,
  ...exportMethods,
  ...selectionMethods,
  ...syncMethods,
  ...decisionMethods,
  ...webhookMethods,
  ...desktopMethods,
  ...relayMethods,
  ...viewMethods,
  ...snoozeMethods,
  ...insightsMethods,
  ...teamMethods,
  ...inboxTeamMethods,
} as const satisfies { [M in PlainMethodName]: { input: z.ZodType; output: z.ZodType } };

/** Events main pushes to the renderer. */
export const events = {
  /** The account list changed (added, edited, removed, or a status moved). */
  'accounts.changed': z.object({ accounts: z.array(AccountView) }),
  /** One account's status moved, e.g. to needs-credentials after a refused refresh. */
  'accounts.statusChanged': z.object({
    accountId: z.string(),
    status: AccountStatus,
    message: z.string().nullable(),
  }),
  ...notificationEvents,
  ...syncEvents,
  ...webhookEvents,
  ...desktopEvents,
  ...relayEvents,
  ...selectionEvents,
  ...decisionEvents,
  ...snoozeEvents,
  ...teamEvents,
} as const satisfies { [E in PlainEventName]: z.ZodType };

export type Methods = typeof methods;
export type MethodName = keyof Methods;
/** What a caller passes (before defaults are applied). */
export type MethodInput<M extends MethodName> = z.input<Methods[M]['input']>;
/** What a handler receives (after parsing). */
export type ParsedInput<M extends MethodName> = z.output<Methods[M]['input']>;
export type MethodOutput<M extends MethodName> = z.output<Methods[M]['output']>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

/** The core's features answer these together (assembleFeatures in main/core/bridge/feature.ts): a method answered by none or by two stops the core from being made. */
export type Handlers = {
  [M in MethodName]: (input: ParsedInput<M>) => Promise<MethodOutput<M>>;
};

type MethodCall<M extends MethodName> = (
  ...args: MethodInput<M> extends void ? [] : [input: MethodInput<M>, options?: CallOptions]
) => Promise<Result<MethodOutput<M>>>;

/**
 * What the renderer sees (window.quotedesk in Electron, the WebSocket client in browser
 * mode): one function per method grouped by feature namespace, e.g.
 * `api.quotes.list({ accountId })`, and one subscription per event, e.g.
 * `api.events['accounts.changed'](listener)` returning an unsubscribe function.
 */
export type BridgeApi = {
  [NS in Namespace]: {
    [M in MethodName as M extends `${NS}.${infer Fn}` ? Fn : never]: MethodCall<M>;
  };
} & {
  events: { [E in EventName]: (listener: (payload: EventPayload<E>) => void) => () => void };
};
