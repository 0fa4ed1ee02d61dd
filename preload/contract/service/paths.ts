/** Paths of the spec, relative to the base URL. */
export const PATHS = {
  quotes: '/api/public/v1/quotes',
  quote: (id: string) => `/api/public/v1/quotes/${encodeURIComponent(id)}`,
  accept: (id: string) => `/api/public/v1/quotes/${encodeURIComponent(id)}/accept`,
  decline: (id: string) => `/api/public/v1/quotes/${encodeURIComponent(id)}/decline`,
  pdf: (id: string) => `/api/public/v1/quotes/${encodeURIComponent(id)}/pdf`,
  filters: '/api/public/v1/quotes/filters',
  projectTeamUsers: (id: string) => `/api/public/v1/quotes/${encodeURIComponent(id)}/project-team-users`,
  summary: (id: string) => `/api/public/v1/quotes/${encodeURIComponent(id)}/summary`,
  token: '/api/credentials/token',
  webhooks: '/api/public/v1/webhooks',
} as const;

/** Both spellings of the bearer header: the spec says Authorisation, HTTP says Authorization. */
export const AUTH_HEADERS = {
  apiKey: 'api-key',
  bearerSpec: 'authorisation',
  bearerHttp: 'authorization',
} as const;
