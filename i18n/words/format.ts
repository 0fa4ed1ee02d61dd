// The shared formatting (preload/contract/plain/format.ts, re-exported here) with its few words
// in the person's language: no price yet, "just now", service types' names. Numbers, amounts
// and dates keep following the system's region (a locale left out is Intl's default).
import { m } from '../paraglide/messages.js';
import { getLocale } from '../paraglide/runtime.js';
import {
  formatDaysFromNow as daysFromNowIn,
  formatLanguageTag as languageTagIn,
  formatPricedAmount,
  formatPricedMoney,
  formatTimeAgoOrNow,
  knownServiceType,
  serviceTypeFromId,
  type Money,
  type ServiceType,
} from '../../preload/contract/plain/format';

export * from '../../preload/contract/plain/format';

/** A total as the user's locale writes money; an unknown currency code still shows. */
export function formatMoney(money: Money | null, locale?: string): string {
  return money === null ? m.common_not_priced() : formatPricedMoney(money, locale);
}

/** An inbox row's total (amount and currency in two fields): "Not priced yet" when it has none. */
export function formatAmount(amount: number | null, currency: string | null, locale?: string): string {
  return amount === null ? m.common_not_priced() : formatPricedAmount(amount, currency, locale);
}

/** "just now", "2 minutes ago", "3 hours ago", else the date and time. */
export function formatTimeAgo(moment: number, now: number, locale?: string): string {
  return formatTimeAgoOrNow(moment, now, locale) ?? m.common_just_now();
}

/**
 * "in 3 days", "yesterday": words, so in the person's language, whatever region's locale the
 * caller formats its numbers and dates with (these two shadow plain/format's own).
 */
export function formatDaysFromNow(value: string | null | undefined, now: number, _regionLocale?: string): string | null {
  return daysFromNowIn(value, now, getLocale());
}

/** A language tag as the name of the language in the person's language: "de-DE" -> "Deutsch (Deutschland)" in German. */
export function formatLanguageTag(tag: string, _regionLocale?: string): string {
  return languageTagIn(tag, getLocale());
}

/** A service type id as a plain name: "mt-post-editing" -> "Machine translation post-editing", "legal_review" -> "Legal review". */
export function formatServiceType(id: string): string {
  const known = knownServiceType(id);
  return known === null ? serviceTypeFromId(id) : serviceTypeWords(known);
}

function serviceTypeWords(type: ServiceType): string {
  switch (type) {
    case 'translation': return m.common_service_translation();
    case 'mt-post-editing': return m.common_service_mt_post_editing();
    case 'post-editing': return m.common_service_post_editing();
    case 'proofreading': return m.common_service_proofreading();
    case 'review': return m.common_service_review();
    case 'revision': return m.common_service_revision();
    case 'dtp': return m.common_service_dtp();
    case 'subtitling': return m.common_service_subtitling();
    case 'transcription': return m.common_service_transcription();
    case 'interpreting': return m.common_service_interpreting();
    case 'localization': return m.common_service_localization();
    case 'localisation': return m.common_service_localisation();
    case 'transcreation': return m.common_service_transcreation();
    case 'voice-over': return m.common_service_voice_over();
    case 'lqa': return m.common_service_lqa();
  }
}
