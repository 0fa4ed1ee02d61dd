// `quotedesk relay --help`, in the CLI's language. The example systemd unit is a file to copy,
// never translated.
import { m } from '../../i18n/paraglide/messages.js';
import { DEFAULT_RETENTION_DAYS, DEFAULT_STREAM } from '../core/webhooks/relay/stream';
import { natsHelp } from './relay-options';

const SYSTEMD_UNIT = `  [Unit]
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
`;

export function relayHelp(): string {
  return m.cli_relay_help({ retention: String(DEFAULT_RETENTION_DAYS), nats: natsHelp(), unit: SYSTEMD_UNIT });
}
