import type {
  AccountDraft,
  AccountUpdate,
  AccountView,
  Credentials,
  Environment,
  KeyAccess,
  Mechanism,
} from '../../../preload/contract';

export interface AccountFormValues {
  name: string;
  environment: Environment;
  baseUrl: string;
  access: KeyAccess;
  mechanism: Mechanism;
  apiKey: string;
  clientId: string;
  clientSecret: string;
}

export type AccountField = keyof AccountFormValues;
export type FieldErrors = Partial<Record<AccountField, string>>;

export const ENVIRONMENT_LABELS: Record<Environment, string> = {
  production: 'Production',
  staging: 'Staging',
  custom: 'Custom',
};

export const ACCESS_LABELS: Record<KeyAccess, string> = {
  client: 'Client key',
  internal: 'Internal (admin) key',
};

export const ACCESS_EXPLANATIONS: Record<KeyAccess, string> = {
  client: "Sees the client-facing statuses of one company's quotes, as a client would.",
  internal: 'Sees every stored status, including sent and awaiting-client quotes.',
};

export const MECHANISM_LABELS: Record<Mechanism, string> = {
  'api-key': 'API key',
  'client-credentials': 'Client ID + secret',
};

export function emptyForm(): AccountFormValues {
  return {
    name: '',
    environment: 'production',
    baseUrl: '',
    access: 'client',
    mechanism: 'api-key',
    apiKey: '',
    clientId: '',
    clientSecret: '',
  };
}

/** An edit form starts from the account; credentials are never known to the renderer. */
export function formFromAccount(account: AccountView): AccountFormValues {
  return {
    ...emptyForm(),
    name: account.name,
    environment: account.environment,
    baseUrl: account.baseUrl,
    access: account.access,
    mechanism: account.mechanism,
  };
}

export function validateBaseUrl(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'Enter the address of the Quoting Service';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'Enter the full address, starting with http:// or https:// (for example https://quotes.example.com)';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'The address must start with https:// or http://';
  }
  return null;
}

function credentialsTyped(values: AccountFormValues): boolean {
  return values.mechanism === 'api-key'
    ? values.apiKey.trim() !== ''
    : values.clientId.trim() !== '' || values.clientSecret !== '';
}

/**
 * Whether the form carries new credentials. When editing, empty fields keep the stored
 * ones, unless the mechanism changed: the stored credentials are of the other kind.
 */
export function mustSendCredentials(values: AccountFormValues, original: AccountView | null): boolean {
  if (original === null) return true;
  if (values.mechanism !== original.mechanism || !original.credentialsSet) return true;
  return credentialsTyped(values);
}

export function validateAccountForm(values: AccountFormValues, original: AccountView | null): FieldErrors {
  const errors: FieldErrors = {};
  if (values.name.trim() === '') errors.name = 'Give the account a name';
  else if (values.name.trim().length > 120) errors.name = 'Keep the name under 120 characters';
  const urlError = validateBaseUrl(values.baseUrl);
  if (urlError) errors.baseUrl = urlError;
  if (mustSendCredentials(values, original)) {
    if (values.mechanism === 'api-key') {
      if (values.apiKey.trim() === '') errors.apiKey = 'Enter the API key';
    } else {
      if (values.clientId.trim() === '') errors.clientId = 'Enter the client ID';
      if (values.clientSecret === '') errors.clientSecret = 'Enter the client secret';
    }
  }
  return errors;
}

function credentialsOf(values: AccountFormValues): Credentials {
  return values.mechanism === 'api-key'
    ? { mechanism: 'api-key', apiKey: values.apiKey.trim() }
    : { mechanism: 'client-credentials', clientId: values.clientId.trim(), clientSecret: values.clientSecret };
}

export function toDraft(values: AccountFormValues): AccountDraft {
  return {
    name: values.name.trim(),
    environment: values.environment,
    baseUrl: values.baseUrl.trim(),
    access: values.access,
    credentials: credentialsOf(values),
  };
}

/** Only what changed is sent, and credentials only when the user typed new ones. */
export function toUpdate(values: AccountFormValues, original: AccountView): AccountUpdate {
  const update: AccountUpdate = { id: original.id };
  if (values.name.trim() !== original.name) update.name = values.name.trim();
  if (values.environment !== original.environment) update.environment = values.environment;
  if (values.baseUrl.trim() !== original.baseUrl) update.baseUrl = values.baseUrl.trim();
  if (values.access !== original.access) update.access = values.access;
  if (mustSendCredentials(values, original)) update.credentials = credentialsOf(values);
  return update;
}

const FIELD_BY_PATH: Record<string, AccountField> = {
  name: 'name',
  environment: 'environment',
  baseUrl: 'baseUrl',
  access: 'access',
  mechanism: 'mechanism',
  'credentials.mechanism': 'mechanism',
  'credentials.apiKey': 'apiKey',
  'credentials.clientId': 'clientId',
  'credentials.clientSecret': 'clientSecret',
  apiKey: 'apiKey',
  clientId: 'clientId',
  clientSecret: 'clientSecret',
};

/**
 * Reads field errors out of an 'invalid-input' message, which lists the issues with their
 * paths, one per line or separated by semicolons ("baseUrl: Enter a full ..."). Lines that
 * name no known field are returned as general errors so nothing the service said is lost.
 */
export function parseFieldErrors(message: string): { fields: FieldErrors; general: string[] } {
  const fields: FieldErrors = {};
  const general: string[] = [];
  const parts = message
    .split(/\n|;\s+/)
    .map((part) => part.replace(/^\s*[-•*]\s*/, '').trim())
    // A header such as "Invalid input:" says nothing the fields do not.
    .filter((part) => part !== '' && !part.endsWith(':'));
  for (const part of parts) {
    const found = knownFieldIn(part);
    if (found && fields[found.field] === undefined) fields[found.field] = found.message;
    else general.push(part);
  }
  return { fields, general };
}

/** The first "path: message" in a line whose path names a form field, if any. */
function knownFieldIn(line: string): { field: AccountField; message: string } | null {
  for (const match of line.matchAll(/([A-Za-z][\w.[\]]*)\s*:\s+/g)) {
    const field = FIELD_BY_PATH[match[1]!.replace(/\[(\d+)\]/g, '.$1')];
    const message = line.slice(match.index + match[0].length).trim();
    if (field && message !== '') return { field, message };
  }
  return null;
}

const FIELD_LABELS: Record<AccountField, string> = {
  name: 'Name',
  environment: 'Environment',
  baseUrl: 'Base URL',
  access: 'Key kind',
  mechanism: 'Credentials',
  apiKey: 'API key',
  clientId: 'Client ID',
  clientSecret: 'Client secret',
};

/** The fields the dialog shows an inline error under, for the chosen credential mechanism. */
export function fieldsWithErrorSlot(mechanism: Mechanism): AccountField[] {
  return mechanism === 'api-key' ? ['name', 'baseUrl', 'apiKey'] : ['name', 'baseUrl', 'clientId', 'clientSecret'];
}

/**
 * Splits a refused save into what shows under its field and what must show as a general
 * error (e.g. an environment or mechanism the service refused): nothing it said is hidden.
 */
export function placeFieldErrors(
  errors: FieldErrors,
  mechanism: Mechanism,
): { inline: FieldErrors; general: string[] } {
  const slots = fieldsWithErrorSlot(mechanism);
  const inline: FieldErrors = {};
  const general: string[] = [];
  for (const [field, message] of Object.entries(errors) as [AccountField, string | undefined][]) {
    if (message === undefined) continue;
    if (slots.includes(field)) inline[field] = message;
    else general.push(`${FIELD_LABELS[field]}: ${message}`);
  }
  return { inline, general };
}

export interface BaseUrlSuggestion {
  baseUrl: string;
  accountName: string;
}

/**
 * The service's production and staging addresses are not published, so the best guess for
 * an environment is the address an existing account of it uses: the selected account when
 * it is one, else the most recently added. Demo accounts point at the built-in simulator.
 */
export function suggestBaseUrl(
  environment: Environment,
  accounts: readonly AccountView[],
  options: { selectedId?: string | null; excludeId?: string | null } = {},
): BaseUrlSuggestion | null {
  if (environment === 'custom') return null;
  const candidates = accounts.filter(
    (account) => !account.demo && account.environment === environment && account.id !== options.excludeId,
  );
  const chosen = candidates.find((account) => account.id === options.selectedId) ?? candidates.at(-1);
  return chosen ? { baseUrl: chosen.baseUrl, accountName: chosen.name } : null;
}
