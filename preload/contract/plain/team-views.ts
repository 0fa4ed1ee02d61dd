/** The team desk's views of the inbox: quotes assigned to me, waiting for my approval, my open requests. */
export const TEAM_INBOX_VIEWS = ['assignedToMe', 'waitingForMe', 'myRequests'] as const;
export type TeamInboxViewName = (typeof TEAM_INBOX_VIEWS)[number];
