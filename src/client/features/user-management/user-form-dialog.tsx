// The user dialog's form: read-only id, login (fixed once created), identity-provider id, names,
// e-mail, language and the role editor. Save is disabled while the form is invalid or saving; a successful save
// announces userListModification and closes, a failed one only clears the saving state (the alert says why).
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { RoleDTO, UserDTO } from '../../../common/dto';
import { USER_RULES } from '../../../common/validation';
import { Select, TextField, useForm } from '../../components/form';
import { CancelButton, Modal } from '../../components/modal';
import { useHttp, useListEvents } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { selectAccount } from '../../lib/session-store';
import { useSession, useSessionState } from '../../lib/session-react';
import { LANGUAGE_OPTIONS } from './language-options';
import { RoleEditorField } from './role-editor-field';

interface UserFormValues extends Record<string, unknown> {
  login: string;
  identity: string;
  firstName: string;
  lastName: string;
  email: string;
  langKey: string;
}

const toValues = (user: UserDTO): UserFormValues => ({
  login: user.login ?? '',
  identity: user.identity ?? '',
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email ?? '',
  langKey: user.langKey ?? 'en',
});

export interface UserFormDialogProps {
  /** Translated. */
  title: string;
  /** The user being edited, or the starting point of a new one (no id). */
  initial: UserDTO;
  close: () => void;
}

export function UserFormDialog({ title, initial, close }: UserFormDialogProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const events = useListEvents();
  const session = useSession();
  const currentLogin = useSessionState(selectAccount)?.login;
  const formId = useId();
  const editing = initial.id !== undefined && initial.id !== null;
  const form = useForm({ initial: toValues(initial), rules: USER_RULES });
  const [roles, setRoles] = useState<RoleDTO[]>(initial.roles ?? []);
  // The widget's change event is not a discrete React event, so its re-render may come after a quick Save: the
  // save reads the latest roles from here, never from a render that has not happened yet.
  const latestRoles = useRef(roles);
  const changeRoles = (next: RoleDTO[]) => {
    latestRoles.current = next;
    setRoles(next);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.valid || form.saving) return;
    await form.submit(async (values) => {
      // The whole user goes back: PUT api/users without `activated` would deactivate it.
      const body: UserDTO = { ...initial, ...values, id: initial.id ?? null, activated: initial.activated ?? false, roles: latestRoles.current };
      const { data } = editing ? await http.put<UserDTO>('api/users', { body }) : await http.post<UserDTO>('api/users', { body });
      events.emit('userListModification', { op: editing ? 'UPDATE' : 'CREATE', user: data });
      // Own roles or language changed: the account and what it may see follow.
      if (editing && initial.login === currentLogin) void session.reset();
      close();
    });
  };

  const footer = (
    <>
      <CancelButton onCancel={close} disabled={form.saving} />
      <button type="submit" form={formId} className="button button--primary" disabled={!form.valid || form.saving}>
        {t('entity.action.save')}
      </button>
    </>
  );

  return (
    <Modal title={title} footer={footer} onClose={close} saving={form.saving}>
      <form id={formId} className="user-dialog" noValidate onSubmit={(event) => void save(event)}>
        {editing && <TextField label={t('userManagement.id')} name="id" value={String(initial.id)} onChange={() => {}} readOnly />}
        <TextField label={t('userManagement.login')} required readOnly={editing} autoComplete="off" {...form.field('login')} />
        <TextField label={t('userManagement.identity')} autoComplete="off" {...form.field('identity')} />
        <TextField label={t('userManagement.firstName')} {...form.field('firstName')} />
        <TextField label={t('userManagement.lastName')} {...form.field('lastName')} />
        <TextField type="email" label={t('userManagement.email')} required {...form.field('email')} />
        <Select label={t('userManagement.langKey')} options={LANGUAGE_OPTIONS} {...form.field('langKey')} />
        <RoleEditorField roles={roles} onChange={changeRoles} disabled={form.saving} />
      </form>
    </Modal>
  );
}
