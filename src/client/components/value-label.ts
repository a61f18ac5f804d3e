// An enumerated value as people read it, in the interface language: the dictionary's text under `prefix + value`
// for a value the client knows ("Activated" for ACTIVATED), the value as the server sent it otherwise (a newer
// server's value has no text yet), and nothing for no value. Each enumeration's own helper (subject status,
// project status, catalogue, health, thread state, audit type) names its values and its key prefix.
import type { Translate } from '../lib/i18n-react';

export function knownValueLabel(t: Translate, known: readonly string[], prefix: string, value: string | null | undefined): string {
  if (value == null) return '';
  return known.includes(value) ? t(`${prefix}${value}`) : value;
}

/** Select options: each known value as the API's value, with its label. */
export function knownValueOptions<V extends string>(t: Translate, known: readonly V[], prefix: string): { value: V; label: string }[] {
  return known.map((value) => ({ value, label: t(`${prefix}${value}`) }));
}
