import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { baseStyles } from '../shared/base-styles';
import { emit } from '../shared/emit';
import labelKeys from '../shared/label-keys.json';
import { LocalizedElement } from '../shared/localized-element';
import { roleEditorStyles } from './role-editor.styles';
import {
  offerableAuthorities, offerableOrganizations, offerableProjects, roleFromSelection, sameRole, withoutRole,
} from './role-rules';
import type {
  AuthorityOption, OrganizationOption, ProjectOption, RoleDTO, RoleSelection, RolesChangeDetail,
} from './role-types';

const EMPTY_SELECTION: RoleSelection = { authorityName: '', organizationId: '', projectId: '' };

/**
 * Edits a user's roles: a table of the current roles with remove buttons, and an add row with an authority
 * selector followed by an organization or project selector depending on the authority's scope.
 *
 * Only ROLE_SYS_ADMIN, ROLE_ORGANIZATION_ADMIN and ROLE_PROJECT_ADMIN are offered; global authorities already held,
 * and organizations or projects already held with the chosen authority, are left out. Adding a role that is already
 * present shows the `errorAlreadyExistLabel` message instead.
 *
 * The element keeps its own `roles` up to date and announces every change, so it works controlled (React sets
 * `roles` back from the event) or uncontrolled.
 *
 * @element mp-role-editor
 *
 * @attr {boolean} disabled - Disables every control (reflected).
 * @attr {string} authority-label - Overrides the authority column header and selector label.
 * @attr {string} organization-label - Overrides the organization selector label.
 * @attr {string} project-label - Overrides the project selector label.
 * @attr {string} target-column-label - Overrides the project-or-organization column header.
 * @attr {string} actions-label - Overrides the button column header (read by screen readers only).
 * @attr {string} placeholder-label - Overrides the empty option of each selector.
 * @attr {string} add-label - Overrides the add button's text.
 * @attr {string} remove-label - Overrides the remove buttons' text.
 * @attr {string} no-roles-label - Overrides the text shown when there are no roles.
 * @attr {string} error-already-exist-label - Overrides the message on adding a role that is already there.
 *
 * @prop {RoleDTO[]} [roles=[]] - The current roles (`{authorityName, organizationId?, organizationName?, projectId?,
 *   projectName?}`). Never mutated; a change produces a new array.
 * @prop {AuthorityOption[]} [authorities=[]] - Every authority with its scope (`{name, scope}`, scope `GLOBAL`,
 *   `ORGANIZATION` or `PROJECT`), e.g. from GET api/authorities.
 * @prop {OrganizationOption[]} [organizations=[]] - The organizations that can be chosen (`{id, name}`).
 * @prop {ProjectOption[]} [projects=[]] - The projects that can be chosen (`{id, projectName}`).
 * @prop {boolean} [disabled=false] - Disables every control.
 * @prop {string | undefined} authorityLabel - The authority column header and selector label.
 * @prop {string | undefined} organizationLabel - The organization selector label.
 * @prop {string | undefined} projectLabel - The project selector label.
 * @prop {string | undefined} targetColumnLabel - The project-or-organization column header.
 * @prop {string | undefined} actionsLabel - The button column header, for screen readers.
 * @prop {string | undefined} placeholderLabel - The empty option of each selector.
 * @prop {string | undefined} addLabel - The add button's text.
 * @prop {string | undefined} removeLabel - The remove buttons' text (their accessible name adds the role).
 * @prop {string | undefined} noRolesLabel - Shown when there are no roles.
 * @prop {string | undefined} errorAlreadyExistLabel - Shown on adding a role that is already there.
 *
 * @fires {CustomEvent<RolesChangeDetail>} mp-roles-change - A role was added or removed;
 *   `detail: { roles: RoleDTO[] }` is the new list (a new array, also set as `roles`).
 *
 * @csspart table - The roles table.
 * @csspart remove-button - Each row's remove button.
 * @csspart form - The add row.
 * @csspart authority-select - The authority selector.
 * @csspart target-select - The organization or project selector (only while the authority needs one).
 * @csspart add-button - The add button.
 * @csspart error - The "already assigned" message.
 */
export class RoleEditor extends LocalizedElement {
  static override labelKeys = labelKeys['mp-role-editor'];
  static override styles = [baseStyles, roleEditorStyles];

  static override properties = {
    roles: { attribute: false },
    authorities: { attribute: false },
    organizations: { attribute: false },
    projects: { attribute: false },
    disabled: { type: Boolean, reflect: true },
    authorityLabel: { attribute: 'authority-label' },
    organizationLabel: { attribute: 'organization-label' },
    projectLabel: { attribute: 'project-label' },
    targetColumnLabel: { attribute: 'target-column-label' },
    actionsLabel: { attribute: 'actions-label' },
    placeholderLabel: { attribute: 'placeholder-label' },
    addLabel: { attribute: 'add-label' },
    removeLabel: { attribute: 'remove-label' },
    noRolesLabel: { attribute: 'no-roles-label' },
    errorAlreadyExistLabel: { attribute: 'error-already-exist-label' },
    selection: { state: true },
    showAlreadyExists: { state: true },
  };

  declare roles: RoleDTO[];
  declare authorities: AuthorityOption[];
  declare organizations: OrganizationOption[];
  declare projects: ProjectOption[];
  declare disabled: boolean;
  declare authorityLabel: string | undefined;
  declare organizationLabel: string | undefined;
  declare projectLabel: string | undefined;
  declare targetColumnLabel: string | undefined;
  declare actionsLabel: string | undefined;
  declare placeholderLabel: string | undefined;
  declare addLabel: string | undefined;
  declare removeLabel: string | undefined;
  declare noRolesLabel: string | undefined;
  declare errorAlreadyExistLabel: string | undefined;
  declare protected selection: RoleSelection;
  declare protected showAlreadyExists: boolean;

  constructor() {
    super();
    this.roles = [];
    this.authorities = [];
    this.organizations = [];
    this.projects = [];
    this.disabled = false;
    this.selection = EMPTY_SELECTION;
    this.showAlreadyExists = false;
  }

  // React or a page may hand in null/undefined while data loads; treat that as empty rather than crash in render.
  private get currentRoles(): RoleDTO[] {
    return this.roles ?? [];
  }

  private get selectedAuthority(): AuthorityOption | undefined {
    return (this.authorities ?? []).find((a) => a.name === this.selection.authorityName);
  }

  private get pendingRole(): RoleDTO | null {
    return roleFromSelection(this.selection, this.authorities ?? [], this.organizations ?? [], this.projects ?? []);
  }

  private select(change: Partial<RoleSelection>) {
    this.selection = { ...this.selection, ...change };
    this.showAlreadyExists = false;
  }

  private onAuthorityChange(event: Event) {
    // The organization or project belongs to the previous authority's scope: start over.
    this.select({ authorityName: (event.target as HTMLSelectElement).value, organizationId: '', projectId: '' });
  }

  private onTargetChange(event: Event) {
    const value = (event.target as HTMLSelectElement).value;
    this.select(this.selectedAuthority?.scope === 'ORGANIZATION' ? { organizationId: value } : { projectId: value });
  }

  private addRole() {
    const role = this.pendingRole;
    if (this.disabled || !role) return;
    const roles = this.currentRoles;
    if (roles.some((r) => sameRole(r, role))) {
      this.showAlreadyExists = true;
      return;
    }
    this.selection = EMPTY_SELECTION;
    this.changeRoles([...roles, role]);
  }

  private removeRole(role: RoleDTO) {
    if (this.disabled) return;
    this.showAlreadyExists = false;
    this.changeRoles(withoutRole(this.currentRoles, role));
  }

  private changeRoles(roles: RoleDTO[]) {
    this.roles = roles;
    emit<RolesChangeDetail>(this, 'mp-roles-change', { roles });
  }

  private renderRow(role: RoleDTO) {
    const target = role.projectName ?? role.organizationName ?? '';
    return html`<tr class="role-editor__row">
      <td title=${role.authorityName}>${this.valueText('authority', role.authorityName)}</td>
      <td>${target}</td>
      <td>
        <button type="button" class="button button--danger" part="remove-button"
          aria-label=${`${this.label('removeLabel')}: ${this.valueText('authority', role.authorityName)}${target ? ` ${target}` : ''}`}
          ?disabled=${this.disabled} @click=${() => this.removeRole(role)}>${this.label('removeLabel')}</button>
      </td>
    </tr>`;
  }

  private renderTargetSelect(authority: AuthorityOption | undefined) {
    if (authority?.scope === 'ORGANIZATION') {
      const options = offerableOrganizations(this.organizations ?? [], this.currentRoles, authority.name)
        .map((o) => ({ value: String(o.id), text: o.name }));
      return this.renderSelect('target', this.label('organizationLabel'), options, this.selection.organizationId,
        (e) => this.onTargetChange(e));
    }
    if (authority?.scope === 'PROJECT') {
      const options = offerableProjects(this.projects ?? [], this.currentRoles, authority.name)
        .map((p) => ({ value: String(p.id), text: p.projectName }));
      return this.renderSelect('target', this.label('projectLabel'), options, this.selection.projectId,
        (e) => this.onTargetChange(e));
    }
    return nothing;
  }

  // `.selected` with live() on each option (rather than `.value` on the select) because the options are rendered
  // after the select's own bindings, and the user may have changed the selection since the last render.
  private renderSelect(
    name: 'authority' | 'target', label: string, options: { value: string; text: string }[], value: string,
    onChange: (event: Event) => void,
  ) {
    return html`<label class="role-editor__field">
      <span class="role-editor__label">${label}</span>
      <select class="control" name=${name} part=${`${name}-select`} required ?disabled=${this.disabled}
        @change=${onChange}>
        <option value="" .selected=${live(value === '')}>${this.label('placeholderLabel')}</option>
        ${options.map((o) => html`<option value=${o.value} .selected=${live(o.value === value)}>${o.text}</option>`)}
      </select>
    </label>`;
  }

  override render() {
    const roles = this.currentRoles;
    const authority = this.selectedAuthority;
    const authorityOptions = offerableAuthorities(this.authorities ?? [], roles)
      .map((a) => ({ value: a.name, text: this.valueText('authority', a.name) }));
    return html`
      <div class="table-wrap">
        <table class="table role-editor__table" part="table">
          <thead>
            <tr>
              <th scope="col">${this.label('authorityLabel')}</th>
              <th scope="col">${this.label('targetColumnLabel')}</th>
              <th scope="col"><span class="visually-hidden">${this.label('actionsLabel')}</span></th>
            </tr>
          </thead>
          <tbody>
            ${roles.length
              ? roles.map((role) => this.renderRow(role))
              : html`<tr><td colspan="3" class="message--muted">${this.label('noRolesLabel')}</td></tr>`}
          </tbody>
        </table>
      </div>
      <div class="role-editor__form" part="form">
        ${this.renderSelect('authority', this.label('authorityLabel'), authorityOptions, this.selection.authorityName,
          (e) => this.onAuthorityChange(e))}
        ${this.renderTargetSelect(authority)}
        <button type="button" class="button button--primary role-editor__add" part="add-button"
          ?disabled=${this.disabled || !this.pendingRole} @click=${this.addRole}>${this.label('addLabel')}</button>
      </div>
      ${this.showAlreadyExists
        ? html`<p class="message message--error" role="alert" part="error">${this.label('errorAlreadyExistLabel')}</p>`
        : nothing}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-role-editor': RoleEditor;
  }
  interface HTMLElementEventMap {
    'mp-roles-change': CustomEvent<RolesChangeDetail>;
  }
}
