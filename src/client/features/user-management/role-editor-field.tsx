// The user dialog's roles: the <mp-role-editor> widget fed with the authorities (GET api/authorities, system admins
// only) and the organizations and projects of the session caches, with translated labels.
import { useMemo, type ReactNode } from 'react';
import type { RoleDTO } from '../../../common/dto';
import { SharedListErrors } from '../../components/shared-list-errors';
import { useT } from '../../lib/i18n-react';
import type { SessionState } from '../../lib/session-store';
import { useSessionState } from '../../lib/session-react';

const selectAuthorities = (state: SessionState) => state.authorities;
const selectOrganizations = (state: SessionState) => state.organizations;
const selectProjects = (state: SessionState) => state.projects;

export interface RoleEditorFieldProps {
  roles: readonly RoleDTO[];
  onChange: (roles: RoleDTO[]) => void;
  disabled?: boolean;
}

export function RoleEditorField({ roles, onChange, disabled = false }: RoleEditorFieldProps): ReactNode {
  const t = useT();
  const authorities = useSessionState(selectAuthorities);
  const organizations = useSessionState(selectOrganizations);
  const projects = useSessionState(selectProjects);
  const organizationOptions = useMemo(
    () => organizations.flatMap((o) => (o.id === undefined ? [] : [{ id: o.id, name: o.name }])),
    [organizations],
  );
  const projectOptions = useMemo(
    () => projects.flatMap((p) => (p.id === undefined ? [] : [{ id: p.id, projectName: p.projectName }])),
    [projects],
  );
  const roleList = useMemo(() => [...roles], [roles]);
  const authorityList = useMemo(() => [...authorities], [authorities]);

  return (
    <div className="field">
      <span className="field__label">{t('userManagement.roles')}</span>
      <SharedListErrors lists={['authorities', 'organizations', 'projects']} />
      <mp-role-editor
        roles={roleList}
        authorities={authorityList}
        organizations={organizationOptions}
        projects={projectOptions}
        disabled={disabled}
        authorityLabel={t('userManagement.role.authority')}
        organizationLabel={t('userManagement.role.organization')}
        projectLabel={t('userManagement.role.project')}
        targetColumnLabel={t('userManagement.role.target')}
        actionsLabel={t('userManagement.actions')}
        placeholderLabel={t('global.form.choose')}
        addLabel={t('userManagement.role.add')}
        removeLabel={t('userManagement.role.remove')}
        noRolesLabel={t('userManagement.role.none')}
        errorAlreadyExistLabel={t('userManagement.role.error.alreadyExist')}
        onmp-roles-change={(event) => onChange(event.detail.roles)}
      />
    </div>
  );
}
