// The CSV import pages (docs/subjects.md and docs/users.md, "Import"): a file chosen or pasted, checked by the server
// as a dry run and shown row by row (create, update, unchanged, or the errors with row, column and reason); only
// "Import" writes, and only a file without errors. Upload progress shows as a bar; the report can be downloaded.
// The project's subject import and the staff user import share the panel.
import { useState, type ReactNode } from 'react';
import { Truncated } from '../../components/data-table';
import { TextArea } from '../../components/form';
import type { PageProps } from '../../components/popup/popup-types';
import { useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import type { TranslateParams } from '../../lib/i18n';
import { Link } from '../../lib/router-react';
import { importErrorLine, importErrorText } from './import-error-text';
import { download, reportCsv } from './import-report';
import { importCsv, type ImportReport } from './participants-api';

type Phase = 'edit' | 'checking' | 'checked' | 'importing' | 'done' | 'failed';
const SHOWN_ROWS = 200;

interface ImportPanelProps {
  /** The import endpoint. */
  path: string;
  title: string;
  help: string;
  back: { to: string; label: string };
  /** Name of the downloaded report. */
  reportName: string;
  /** The second id column: external id (subjects) or e-mail (users). */
  idLabel: string;
}

export function SubjectImportPage({ params }: PageProps): ReactNode {
  const t = useT();
  const projectName = params.projectName;
  const label = (key: string, values?: TranslateParams) => t(`managementPortalApp.participants.import.${key}`, values);
  return (
    <ImportPanel
      path={`api/projects/${encodeURIComponent(projectName)}/subjects/import`}
      title={label('title', { project: projectName })} help={label('help')}
      back={{ to: pathOf('project', projectName), label: label('back') }}
      reportName={`import-${projectName}.csv`} idLabel={label('externalId')}
    />
  );
}

export function UserImportPage(): ReactNode {
  const t = useT();
  const label = (key: string) => t(`managementPortalApp.participants.userImport.${key}`);
  return (
    <ImportPanel
      path="api/users/import" title={label('title')} help={label('help')}
      back={{ to: 'user-management', label: label('back') }} reportName="import-users.csv" idLabel={label('email')}
    />
  );
}

function ImportPanel({ path, title, help, back, reportName, idLabel }: ImportPanelProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const [text, setText] = useState('');
  const [phase, setPhase] = useState<Phase>('edit');
  const [progress, setProgress] = useState(0);
  const [report, setReport] = useState<ImportReport>();
  const [failure, setFailure] = useState<string>();
  const label = (key: string, values?: TranslateParams) => t(`managementPortalApp.participants.import.${key}`, values);

  const run = async (dryRun: boolean) => {
    setPhase(dryRun ? 'checking' : 'importing');
    setProgress(0);
    try {
      const answer = await importCsv(http, path, text, dryRun, setProgress);
      setReport(answer);
      setPhase(dryRun ? 'checked' : 'done');
    } catch (error) {
      // A file over the row limit is named as such (error.importTooManyRows, with the limit); any other failure is
      // the general "could not be checked".
      const body = (error as { body?: { errorCode?: string; params?: { max?: string } } }).body;
      setFailure(body?.errorCode === 'error.importTooManyRows' ? t('error.importTooManyRows', { max: Number(body.params?.max ?? 0) }) : undefined);
      setPhase('failed');
    }
  };
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setText(await file.text());
    setReport(undefined);
    setPhase('edit');
  };
  const busy = phase === 'checking' || phase === 'importing';
  const errorsByRow = new Map<number, string[]>();
  for (const e of report?.errors ?? []) errorsByRow.set(e.row, [...(errorsByRow.get(e.row) ?? []), importErrorLine(t, e)]);
  const headerErrors = (report?.errors ?? []).filter((e) => !report!.rows.some((r) => r.row === e.row));

  return (
    <section className="entity-page participants-import">
      <header className="entity-page__header">
        <h1 className="entity-page__title">{title}</h1>
        <Link className="button button--secondary" to={back.to}>{back.label}</Link>
      </header>
      <p>{help}</p>
      <div className="participants-import__source">
        <label className="field__label" htmlFor="import-file">{label('file')}</label>
        <input id="import-file" type="file" accept=".csv,text/csv,text/plain" disabled={busy} onChange={(e) => void readFile(e.target.files?.[0])} />
        <TextArea label={label('paste')} name="csv" rows={6} value={text} onChange={(v) => { setText(v); setReport(undefined); setPhase('edit'); }} />
      </div>
      <div className="participants-import__actions">
        <button type="button" className="button button--secondary" disabled={busy || !text.trim()} onClick={() => void run(true)}>{label('check')}</button>
        <button
          type="button" className="button button--primary"
          disabled={busy || phase !== 'checked' || !report || report.errors.length > 0 || report.created + report.updated === 0}
          onClick={() => void run(false)}
        >
          {label('confirm')}
        </button>
        {report && <button type="button" className="button button--secondary" onClick={() => download(reportName, reportCsv(report, (e) => importErrorLine(t, e)))}>{label('downloadReport')}</button>}
      </div>
      {busy && (
        <div className="participants-import__progress">
          <progress max={1} value={progress < 1 ? progress : undefined} aria-label={label(progress < 1 ? 'uploading' : 'processing')} />
          <span>{label(progress < 1 ? 'uploading' : 'processing')}</span>
        </div>
      )}
      {phase === 'failed' && <p className="notice notice--error" role="alert">{failure ?? label('failed')}</p>}
      {report && (
        <div className="participants-import__report" aria-live="polite">
          <p className={phase === 'done' ? 'notice notice--success' : 'notice'} role="status">
            {label(phase === 'done' ? 'summaryDone' : 'summary', { created: report.created, updated: report.updated, unchanged: report.unchanged, errors: report.errors.length })}
          </p>
          {headerErrors.length > 0 && (
            <ul className="participants-import__file-errors">
              {headerErrors.map((e, i) => <li key={i}>{label('rowError', { row: e.row, column: e.column || '-', message: importErrorText(t, e) })}</li>)}
            </ul>
          )}
          {/* The lists' table styles (data-table.css): it scrolls inside its own box on a phone; identifiers and the
              action stay whole, a long one cut short with its full text in the title; the errors wrap between words. */}
          <div className="data-table participants-import__rows" tabIndex={0} role="region" aria-label={label('rowsCaption')}>
            <table className="data-table__table">
              <caption className="visually-hidden">{label('rowsCaption')}</caption>
              <thead>
                <tr>
                  {[label('row'), label('actionHeader'), idLabel, label('login'), label('errors')].map((header) => (
                    <th key={header} scope="col" className="data-table__header">{header}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...report.rows].sort((a, b) => Number(b.action === 'error') - Number(a.action === 'error') || a.row - b.row).slice(0, SHOWN_ROWS).map((r) => (
                  <tr key={r.row} className={`data-table__row participants-import__row--${r.action}`}>
                    <td className="data-table__cell data-table__nowrap">{r.row}</td>
                    <td className="data-table__cell data-table__nowrap">{label(`action.${r.action}`)}</td>
                    <td className="data-table__cell data-table__nowrap"><Truncated text={r.externalId ?? r.email ?? ''} /></td>
                    <td className="data-table__cell data-table__nowrap"><Truncated text={r.login ?? ''} /></td>
                    <td className="data-table__cell participants-import__errors">{(errorsByRow.get(r.row) ?? []).join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.rows.length > SHOWN_ROWS && <p>{label('moreRows', { count: report.rows.length - SHOWN_ROWS })}</p>}
          {report.notMailed && report.notMailed.length > 0 && <p className="notice">{label('notMailed', { logins: report.notMailed.join(', ') })}</p>}
        </div>
      )}
    </section>
  );
}
