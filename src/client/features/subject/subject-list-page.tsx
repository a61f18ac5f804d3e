// #/subject: every subject, for system admins.
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';
import { SubjectList } from './subject-list';

export function SubjectListPage(): ReactNode {
  const t = useT();
  return (
    <section className="subject-page">
      <h1>{t('managementPortalApp.subject.home.title')}</h1>
      <SubjectList />
    </section>
  );
}
