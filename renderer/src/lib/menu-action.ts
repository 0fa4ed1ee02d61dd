import type { IconName } from './icons';

/** One entry of a "more" menu (an account's, a saved view's): what it says and what it does. */
export interface MenuAction {
  label: string;
  icon: IconName;
  danger?: boolean;
  /** While true the action is already running: it shows `busyLabel` and does nothing. */
  busy?: boolean;
  busyLabel?: string;
  run: () => void;
}
