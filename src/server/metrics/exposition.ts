// The Prometheus text exposition format, version 0.0.4 (what `/management/prometheus` answers): per family a HELP and
// a TYPE line, then one line per series; a histogram as cumulative `_bucket` lines up to le="+Inf", `_sum` and `_count`.
import type { Family, Labels } from './families';

export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const escapeHelp = (text: string) => text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');

function labelText(labels: Labels, extra?: [string, string]): string {
  const pairs = Object.entries(labels).sort(([a], [b]) => a.localeCompare(b));
  if (extra) pairs.push(extra);
  return pairs.length ? `{${pairs.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}` : '';
}

function number(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

export function renderExposition(families: Family[]): string {
  const lines: string[] = [];
  for (const family of families) {
    lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`, `# TYPE ${family.name} ${family.type}`);
    if (family.type === 'histogram') {
      for (const s of family.series) {
        let cumulative = 0;
        family.bounds.forEach((bound, i) => {
          cumulative += s.counts[i];
          lines.push(`${family.name}_bucket${labelText(s.labels, ['le', number(bound)])} ${cumulative}`);
        });
        cumulative += s.counts[family.bounds.length];
        lines.push(`${family.name}_bucket${labelText(s.labels, ['le', '+Inf'])} ${cumulative}`);
        lines.push(`${family.name}_sum${labelText(s.labels)} ${number(s.sum)}`);
        lines.push(`${family.name}_count${labelText(s.labels)} ${cumulative}`);
      }
    } else {
      for (const s of family.series) lines.push(`${family.name}${labelText(s.labels)} ${number(s.value)}`);
    }
  }
  return lines.join('\n') + '\n';
}
