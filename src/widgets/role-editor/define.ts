import { defineElement } from '../shared/define-element';
import { RoleEditor } from './role-editor';

export const ROLE_EDITOR_TAG = 'mp-role-editor';

/** Registers <mp-role-editor>; safe to call (or import) more than once. */
export function defineRoleEditor(): void {
  defineElement(ROLE_EDITOR_TAG, RoleEditor);
}

defineRoleEditor();

export { RoleEditor };
