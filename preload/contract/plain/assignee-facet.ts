/**
 * The assignee facet's value for quotes assigned to nobody: an e-mail always has an '@', so no
 * member's value is ever this. The renderer words it ("Nobody"), so it lives here, zod-free.
 */
export const NOBODY_ASSIGNEE = 'nobody';
