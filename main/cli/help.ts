import { QUOTE_STATUSES } from '../../preload/contract';

export const HELP = `quotedesk: work with quotes of the Quoting Service from the command line

Usage:
  quotedesk list [--status S] [--search Q] [--page N] [--limit N] [--all]
  quotedesk show ID
  quotedesk accept ID [--yes]
  quotedesk decline ID [--reason R] [--yes]
  quotedesk pdf ID [--out FILE] [--force]
  quotedesk listen --account NAME --public-url URL [--forward-to URL] [--json]
                          register URL for the account while listening, print each
                          verified event and each refused delivery, restore the
                          registration on exit (quotedesk listen --help); while the
                          app runs on the folder, --account alone prints what it receives
  quotedesk relay --port P --nats URL ...   one receiver for a team, storing
                          events in NATS JetStream (quotedesk relay --help)
  quotedesk listen --relay URL --consumer NAME   print the team relay's events
  quotedesk team create|join|admit|members|assign|note|request-approval|approve|...
                          assign, discuss and approve quotes with a team on a NATS
                          server (quotedesk team --help)
  quotedesk accept ID --account NAME [--yes]   accept a stored account's quote,
                          honouring the team's approval policy (exit 14 until
                          this revision is approved)
  quotedesk outbox [--cancel ID] [--data-dir DIR]   the decisions waiting to be
                          sent, and taking one back (quotedesk outbox --help)
  quotedesk --version

  ID is the quote's UUID, as the ID column of "list" shows it.

Saved accounts (instead of the connection below; list, show, accept, decline, pdf, listen):
  --account NAME|ID       a saved account of the data folder, by name (any case) or id;
                          its address, credentials and key kind come from there (demo
                          accounts are not offered). While the desktop app or browser
                          mode runs on that folder, the command goes through the app:
                          its client, its PDF cache, its outbox (a decision waits out
                          the app's undo window and shows in the app at once)
  --data-dir DIR          the data folder (default: browser mode's, see npm run web -- --help)

Connection (options, or environment variables; prefer the variables for secrets):
  --base-url URL          QUOTEDESK_BASE_URL       the service's root address, e.g.
                                                   https://quotes.example.com (the CLI
                                                   adds /api/public/v1 itself)
  --api-key KEY           QUOTEDESK_API_KEY        a static API key, or:
  --client-id ID          QUOTEDESK_CLIENT_ID      client credentials, exchanged for a token
  --client-secret SECRET  QUOTEDESK_CLIENT_SECRET  (give both, never only one)
  --access client|internal                         the key's kind (default client); a
                          client setting on a key that sees what only an internal
                          key sees is warned about on stderr
  --timeout SECONDS       how long to wait for each request to connect, to start
                          answering, and between parts of the answer (default 10, 15
                          and 30 seconds). Reads (list, show, the PDF's link) are
                          tried up to 4 times, so a silent service fails after
                          about 4 x SECONDS plus a few seconds between tries;
                          each new try is announced on stderr.
  https:// is required, except for a service on this computer (localhost, 127.x.x.x).

Listing:
  --page N                which page, from 1 (default 1)
  --limit N               quotes per page, 1 to 100 (default 20; 100 with --all)

Accept and decline:
  --yes, -y               do not ask. Without it, the quote's number, project and
                          total are shown and a terminal is asked to confirm; with
                          no terminal (a script, a pipe) the command stops with 13
                          before sending anything. Accepting cannot be undone.

PDF:
  --out FILE              where to save it (default: the quote's file name, e.g.
                          Q-2024-0001.pdf, in the current folder); its folder must exist
  --force                 overwrite FILE if it already exists (without it, an existing
                          file is left alone and the command exits with 2)

Output:
  --json                  machine-readable JSON on stdout (errors as JSON on stderr)
  --help                  this text
  --version               the version of quotedesk

Statuses: ${QUOTE_STATUSES.join(', ')}
  (client keys see SENT and SENT_PENDING as PENDING, SENT_REVISED as REVISED)

Exit codes:
  0 ok                 6 invalid state (the quote's status does not allow it)
  1 other error        7 validation (the request was refused as invalid)
  2 usage              8 rate limited
  3 authentication     9 server error
    or needs new      10 network error
    credentials       11 unexpected response from the service
  4 forbidden         12 timeout (the service did not answer in time)
  5 not found         13 not confirmed (accept or decline without --yes and
                         without a terminal to ask, or the answer was no)
                      14 approval needed (accept --account: the team's policy
                         needs an approval of this revision first)
                      15 refused by the team's server (changed or decided meanwhile)
`;
