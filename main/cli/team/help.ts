// `quotedesk team --help`: the team desk's commands and their exit codes.
export const TEAM_HELP = `quotedesk team: assign, discuss and approve quotes with your team, on a NATS server

Usage:
  quotedesk team create --nats URL [--creds FILE | --user U --password-file F] --name N --email E
                        [--team NAME] [--bucket B] [--replicas 1|3]
  quotedesk team join --nats URL [--creds FILE | --user U --password-file F] --name N --email E [--bucket B]
  quotedesk team admit EMAIL [--role member|approver|admin] [--limit 5000:EUR]...
  quotedesk team remove EMAIL
  quotedesk team members
  quotedesk team policy --account NAME --over AMOUNT:CUR
  quotedesk team assign QUOTE --to EMAIL
  quotedesk team note QUOTE TEXT
  quotedesk team request-approval QUOTE --from EMAIL [--comment C]
  quotedesk team approve QUOTE [--comment C]
  quotedesk team refuse QUOTE --comment C
  quotedesk team show QUOTE
  quotedesk team sync
  quotedesk accept ID --account NAME [--yes]   accept, honouring the team's approval policy

  QUOTE is a quote number (Q-2026-0001) or its id; a number is looked up at the service.
  A change made while the server cannot be reached waits in this computer's outbox and is
  sent, in order, by the next team command (or "team sync").

Options:
  --data-dir DIR        the data folder (default: the app's browser-mode folder)
  --account NAME        the stored account the quote belongs to (needed when there are several)
  --ca FILE             a CA certificate to trust for the server's TLS certificate
  --json                machine-readable output (errors as JSON on stderr)

  Credentials are read from files, never from the command line; the signing key is made on
  this computer and kept in its secret store. Any server but this computer must use tls://.

Exit codes (besides quotedesk --help's):
  14 approval needed    accept refused: the team's policy needs an approval of this revision
  15 refused            the team's server refused the change (someone changed it first, or
                        it was decided already)
`;
