import { DEFAULT_RETENTION_DAYS, DEFAULT_STREAM } from '../core/webhooks/relay/stream';
import { NATS_HELP } from './relay-options';

export const RELAY_HELP = `Usage: quotedesk relay --port P --nats URL [--creds FILE | --user U --password-file F]
                       [--stream NAME] [--retention DAYS] [--replicas N] [--json]
                       (--secret-file FILE | --account NAME --public-url URL [--replace])

Receives a key's webhook deliveries once for a whole team: each delivery is checked like
the app checks it (signature, size, time limits) and stored in a NATS JetStream stream
before the service gets its 2xx; every teammate's app, and "quotedesk listen --relay",
reads the stream through a durable consumer of its own. See docs/relay.md.

  --port P              the local port on 127.0.0.1 (put an https reverse proxy or a
                        tunnel in front of it: the service delivers to https URLs only)
  --nats URL            the NATS server (or QUOTEDESK_NATS_URL), e.g. nats://127.0.0.1:4222
${NATS_HELP}
  --retention DAYS      how long the stream keeps events (default ${DEFAULT_RETENTION_DAYS}); an existing
                        stream is set to it
  --replicas N          copies of the stream on a NATS cluster (1 on a single server,
                        3 on a three-node cluster; default 1)

The webhook secret, one of:
  --secret-file FILE    a file holding the signing secret of a URL registered
                        elsewhere (one line; readable by you alone: chmod 600), or
                        QUOTEDESK_WEBHOOK_SECRET; every path is accepted
  --secret S            the same on the command line, where every user of this
                        computer can read it (ps): a warning is printed
  --account NAME        register the relay itself with a key, under this name: the key
                        is given as for the other commands (--base-url, --api-key or
                        --client-id/--client-secret, or the QUOTEDESK_* variables); the
                        secret stays in the relay's own store (--state-dir)
  --public-url URL      the relay's public https origin, e.g. https://hooks.example.com
  --replace             replace a registration this relay did not make (the other
                        receiver stops getting the key's events)
  --state-dir DIR       where the relay keeps its secrets (owner-only file; default
                        $STATE_DIRECTORY, else ~/.local/state/quotedesk-relay)

Running it as a service (systemd), e.g. /etc/systemd/system/quotedesk-relay.service:

  [Unit]
  Description=Quotedesk webhook relay
  After=network-online.target nats-server.service
  Wants=network-online.target

  [Service]
  User=quotedesk
  StateDirectory=quotedesk-relay
  Environment=QUOTEDESK_BASE_URL=https://quotes.example.com
  EnvironmentFile=/etc/quotedesk/relay.env      # QUOTEDESK_API_KEY=..., mode 0600
  ExecStart=/usr/bin/quotedesk relay --port 8787 --nats tls://nats.example.com:4222 \\
      --creds /etc/quotedesk/relay.creds --stream ${DEFAULT_STREAM} \\
      --account team --public-url https://hooks.example.com
  Restart=always
  RestartSec=2
  NoNewPrivileges=yes
  ProtectSystem=strict

  [Install]
  WantedBy=multi-user.target

then: systemctl daemon-reload && systemctl enable --now quotedesk-relay
A restart loses nothing: deliveries not answered 2xx are retried by the service, and a
resent event is stored once (its message id is the hash of its body).
`;
