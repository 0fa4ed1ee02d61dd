import type {
  AccountDraft,
  AccountUpdate,
  AccountView,
  ConnectionReport,
  Credentials,
  Environment,
  FieldIssue,
  KeyAccess,
  Mechanism,
} from '../../../preload/contract';
import { m } from '../../../i18n/paraglide/messages.js';
import { credentialOrigin } from '../../../preload/contract/plain/base-url';
import { baseUrlProblem } from '../../../i18n/words/base-url';

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

// The label tables read their message on every access (getters), in the language of that
// moment: a template indexing them redraws on a language switch, and callers keep indexing.
export const ENVIRONMENT_LABELS: Readonly<Record<Environment, string>> = {
  get production() { return m.settings_environment_production(); },
  get staging() { return m.settings_environment_staging(); },
  get custom() { return m.settings_environment_custom(); },
};

export const ACCESS_LABELS: Readonly<Record<KeyAccess, string>> = {
  get client() { return m.settings_access_client(); },
  get internal() { return m.settings_access_internal(); },
};

export const ACCESS_EXPLANATIONS: Readonly<Record<KeyAccess, string>> = {
  get client() { return m.settings_access_client_hint(); },
  get internal() { return m.settings_access_internal_hint(); },
};

export const MECHANISM_LABELS: Readonly<Record<Mechanism, string>> = {
  get 'api-key'() { return m.settings_mechanism_api_key(); },
  get 'client-credentials'() { return m.settings_mechanism_client_credentials(); },
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

/** Said under the Base URL field when an edit moves the account to another address. */
export function credentialsTiedToAddress(): string {
  return m.settings_account_credentials_tied();
}

/**
 * Whether an edit moves the account to another scheme, host or port. The stored credentials
 * belong to the old address and are never sent to a new one, so new ones must be entered.
 */
export function addressChanged(values: AccountFormValues, original: AccountView | null): boolean {
  if (original === null) return false;
  const next = credentialOrigin(values.baseUrl);
  return next !== null && next !== credentialOrigin(original.baseUrl);
}

/**
 * Whether an edit may leave the credential fields empty and keep the stored credentials:
 * they exist, are of the chosen kind, and the account stays at the same address.
 */
export function canKeepCredentials(values: AccountFormValues, original: AccountView | null): boolean {
  return (
    original !== null &&
    original.credentialsSet &&
    values.mechanism === original.mechanism &&
    !addressChanged(values, original)
  );
}

function credentialsTyped(values: AccountFormValues): boolean {
  return values.mechanism === 'api-key'
    ? values.apiKey.trim() !== ''
    : values.clientId.trim() !== '' || values.clientSecret !== '';
}

/** Whether the form carries new credentials: always for a new account; on edit, unless the stored ones are kept. */
export function mustSendCredentials(values: AccountFormValues, original: AccountView | null): boolean {
  return !canKeepCredentials(values, original) || credentialsTyped(values);
}

function credentialErrors(values: AccountFormValues, original: AccountView | null): FieldErrors {
  const clientId = values.clientId.trim();
  if (!canKeepCredentials(values, original)) {
    if (values.mechanism === 'api-key') return values.apiKey.trim() === '' ? { apiKey: m.settings_account_error_api_key_missing() } : {};
    const errors: FieldErrors = {};
    if (clientId === '') errors.clientId = m.settings_account_error_client_id_missing();
    if (values.clientSecret === '') errors.clientSecret = m.settings_account_error_client_secret_missing();
    return errors;
  }
  // Kept unless typed: an API key alone is complete, a client ID and secret only as a pair.
  // The words say both ways out, since the field above says "leave empty to keep".
  if (values.mechanism === 'api-key') return {};
  if (clientId === '' && values.clientSecret !== '') {
    return { clientId: m.settings_account_error_client_id_unpaired() };
  }
  if (clientId !== '' && values.clientSecret === '') {
    return { clientSecret: m.settings_account_error_client_secret_unpaired() };
  }
  return {};
}

export function validateAccountForm(values: AccountFormValues, original: AccountView | null): FieldErrors {
  const errors: FieldErrors = {};
  if (values.name.trim() === '') errors.name = m.settings_account_error_name_missing();
  else if (values.name.trim().length > 120) errors.name = m.settings_account_error_name_long();
  const urlError = baseUrlProblem(values.baseUrl);
  if (urlError) errors.baseUrl = urlError;
  return { ...errors, ...credentialErrors(values, original) };
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

/** Only what changed is sent, and credentials when typed or when the stored ones cannot be kept. */
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
 * Places the issues of an 'invalid-input' refusal by their paths. Issues that name no form
 * field are returned as general errors, so nothing the app said is lost.
 */
export function fieldErrorsFromIssues(issues: readonly FieldIssue[]): { fields: FieldErrors; general: string[] } {
  const fields: FieldErrors = {};
  const general: string[] = [];
  for (const issue of issues) {
    const field = FIELD_BY_PATH[issue.path.join('.')];
    if (field && fields[field] === undefined) fields[field] = issue.message;
    else general.push(issue.message);
  }
  return { fields, general };
}

/** The fields' labels, as the dialog shows them (read in the language of the moment). */
export const FIELD_LABELS: Readonly<Record<AccountField, string>> = {
  get name() { return m.settings_account_name(); },
  get environment() { return m.settings_account_environment(); },
  get baseUrl() { return m.settings_account_base_url(); },
  get access() { return m.settings_account_key_kind(); },
  get mechanism() { return m.settings_account_credentials(); },
  get apiKey() { return m.settings_mechanism_api_key(); },
  get clientId() { return m.settings_account_client_id(); },
  get clientSecret() { return m.settings_account_client_secret(); },
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
    else general.push(m.settings_account_field_problem({ field: FIELD_LABELS[field], problem: message }));
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

/**
 * The toast after a save: the truth about the account, not only that it was saved. A
 * connection test of this very input that failed, or a status the app reports back, says
 * the account cannot be used yet.
 */
export function savedMessage(
  saved: AccountView,
  options: { added: boolean; report: ConnectionReport | null },
): { kind: 'success' | 'error'; message: string } {
  const done = options.added ? m.settings_account_added() : m.settings_account_saved({ name: saved.name });
  const refused = saved.status === 'needs-credentials' || (options.report !== null && options.report.diagnosis === 'bad-credentials');
  if (refused) {
    const why = options.report?.diagnosis === 'bad-credentials' ? options.report.message : saved.statusMessage;
    return { kind: 'error', message: why ? m.settings_account_saved_refused_reason({ done, reason: why }) : m.settings_account_saved_refused({ done }) };
  }
  if (options.report !== null && !options.report.ok) {
    return { kind: 'error', message: m.settings_account_saved_test_failed({ done, reason: options.report.message }) };
  }
  return { kind: 'success', message: done };
}
