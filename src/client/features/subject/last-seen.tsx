// A participant's last contact (docs/subjects.md, "Activity"): the relative time in a <time> element whose title
// (on hover) and visually hidden text (for screen readers) hold the exact instant, and a freshness badge with its word (not its colour alone).
import type { ReactNode } from 'react';
import { freshnessOf, thresholdsOf, type Freshness, type FreshnessThresholds } from '../../../common/freshness';
import { Badge, type BadgeTone } from '../../components/badge';
import { formatDateTime, formatRelativeTime } from '../../components/format';
import { useLanguage, useT } from '../../lib/i18n-react';

const TONE: Record<Freshness, BadgeTone> = { fresh: 'success', late: 'warning', stale: 'danger', never: 'neutral' };

export const DEFAULT_THRESHOLDS: FreshnessThresholds = thresholdsOf({});

export function FreshnessBadge({ freshness }: { freshness: Freshness }): ReactNode {
  const t = useT();
  return <Badge tone={TONE[freshness]} className="freshness-badge">{t(`managementPortalApp.subject.freshness.${freshness}`)}</Badge>;
}

export interface LastSeenProps {
  lastSeen: string | null | undefined;
  thresholds?: FreshnessThresholds;
  /** Epoch ms the relative time is measured from (the list passes one value for all its rows). */
  now?: number;
  /** Without the freshness badge (a source's registration). */
  withBadge?: boolean;
}

export function LastSeen({ lastSeen, thresholds = DEFAULT_THRESHOLDS, now = Date.now(), withBadge = true }: LastSeenProps): ReactNode {
  const t = useT();
  const [language] = useLanguage();
  const freshness = freshnessOf(lastSeen, now, thresholds);
  if (!lastSeen) return <span className="last-seen"><FreshnessBadge freshness={freshness} /></span>;
  const exact = formatDateTime(lastSeen);
  return (
    <span className="last-seen">
      <time className="last-seen__time" dateTime={lastSeen} title={exact}>
        {formatRelativeTime(lastSeen, now, language)}
        <span className="visually-hidden"> {t('managementPortalApp.subject.lastSeen.at', { time: exact })}</span>
      </time>
      {withBadge && <> <FreshnessBadge freshness={freshness} /></>}
    </span>
  );
}
