export { createAuthenticator } from './authenticator';
export type { Authenticator, AuthenticatorOptions, AuthHeaders } from './authenticator';
export { createTokenManager } from './token-manager';
export type { TokenManager, TokenManagerOptions, IssuedToken } from './token-manager';
export { NeedsCredentialsError } from './needs-credentials';
