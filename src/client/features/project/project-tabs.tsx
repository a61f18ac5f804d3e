// The tabs of a project's page: subjects, the activity overview, sources, groups, invitations, permissions, admins,
// analysts and privacy (the information participants are owed, project-privacy.tsx), the active one in the `tab` query parameter. Groups is left out when site settings hide the group field.
import type { ReactNode } from 'react';
import { ROLE_PROJECT_ADMIN, ROLE_PROJECT_ANALYST } from '../../../common/authorities';
import type { ProjectDTO } from '../../../common/dto';
import { useT } from '../../lib/i18n-react';
import { isSubjectFieldHidden } from '../../lib/session-store';
import { useSessionState } from '../../lib/session-react';
import { GroupList } from '../group/group-list';
import { InvitationList } from '../participants/invitation-list';
import { SourceList } from '../source/source-list';
import { SubjectList } from '../subject/subject-list';
import { thresholdsOf } from '../../../common/freshness';
import { ProjectOverviewPanel } from './project-overview';
import { PermissionsEditor } from './permissions/permissions-editor';
import { ProjectPrivacyPanel } from './project-privacy';
import { ProjectUsers } from './project-users';
import { TabNav, useTabParam } from './tab-nav';

export const PROJECT_TABS = ['subjects', 'overview', 'sources', 'groups', 'invitations', 'permissions', 'admins', 'analysts', 'privacy'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

/** The tabs to show: all of them, without groups when the group field is hidden. */
export const visibleProjectTabs = (groupHidden: boolean): ProjectTab[] =>
  PROJECT_TABS.filter((tab) => tab !== 'groups' || !groupHidden);

function TabContent({ tab, project }: { tab: ProjectTab | undefined; project: ProjectDTO }): ReactNode {
  const name = project.projectName;
  switch (tab) {
    case 'overview':
      return <ProjectOverviewPanel project={project} />;
    case 'sources':
      return <SourceList projectName={name} />;
    case 'groups':
      return <GroupList projectName={name} />;
    case 'invitations':
      return <InvitationList projectName={name} />;
    case 'permissions':
      return <PermissionsEditor scope={{ kind: 'project', id: project.id, name }} />;
    case 'admins':
      return <ProjectUsers projectName={name} authority={ROLE_PROJECT_ADMIN} />;
    case 'analysts':
      return <ProjectUsers projectName={name} authority={ROLE_PROJECT_ANALYST} />;
    case 'privacy':
      return <ProjectPrivacyPanel projectName={name} />;
    default:
      return <SubjectList projectName={name} thresholds={thresholdsOf(project.attributes)} />;
  }
}

export function ProjectTabs({ project }: { project: ProjectDTO }): ReactNode {
  const t = useT();
  const groupHidden = useSessionState((state) => isSubjectFieldHidden(state, 'group'));
  const tabs = visibleProjectTabs(groupHidden);
  const [active, select] = useTabParam(tabs);
  return (
    <TabNav
      tabs={tabs.map((id) => ({ id, label: t(`managementPortalApp.project.tab.${id}`) }))}
      active={active}
      onSelect={select}
      label={t('managementPortalApp.project.tab.label')}
    >
      <TabContent tab={active as ProjectTab | undefined} project={project} />
    </TabNav>
  );
}
