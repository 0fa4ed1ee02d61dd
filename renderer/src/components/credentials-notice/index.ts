export { default as CredentialsNotice } from './credentials-notice.svelte';
